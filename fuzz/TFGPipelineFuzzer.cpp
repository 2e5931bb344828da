//===- TFGPipelineFuzzer.cpp - Fuzz the pass pipeline and export ----------===//
//
// Reads the input as tfg MLIR text within the tools' bounds, runs
// tfg-grappler (fetching the last node of the first graph) and shape
// inference, and exports the result: whatever the input, nothing may crash,
// what the pipeline accepts must verify, and what export writes, as a binary
// and as a text GraphDef, must import again (issue 27: export never writes
// what import refuses).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "tfg/ImportExport/Convert.h"
#include "tfg/Support/InputLimits.h"
#include "tfg/Transforms/Passes.h"
#include "tfg/Visualize/DOT.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace {
/// The name of the last node of the module's first graph, if any.
std::string lastNodeOfFirstGraph(mlir::ModuleOp module) {
  for (mlir::Block *body : mlir::tfg::getGraphBodies(module))
    if (llvm::isa<mlir::tfg::GraphOp>(body->getParentOp()) && !body->empty())
      return mlir::tfg::getNodeName(&body->back()).str();
  return "";
}

/// Exports `module`, which the pipeline accepted, and imports what export
/// wrote, binary and text: an export that does not import again traps.
void exportAndReimport(mlir::MLIRContext &ctx, mlir::ModuleOp module) {
  if (mlir::failed(mlir::tfg::convertRegionToFunctional(module)))
    return;
  tensorflow::GraphDef graph;
  if (mlir::failed(mlir::tfg::exportGraphDef(module, graph)))
    return;
  std::string binary;
  if (!mlir::tfg::serializeDeterministically(graph, binary))
    __builtin_trap();
  tensorflow::GraphDef fromBinary;
  if (!mlir::tfg::parseBinaryProto(binary, fromBinary))
    __builtin_trap();
  if (!mlir::tfg::importGraphDef(&ctx, std::move(fromBinary),
                                 mlir::UnknownLoc::get(&ctx)))
    __builtin_trap();
  std::string text;
  google::protobuf::TextFormat::Printer printer;
  printer.SetHideUnknownFields(true);
  if (!printer.PrintToString(graph, &text))
    __builtin_trap();
  tensorflow::GraphDef fromText;
  google::protobuf::TextFormat::Parser parser;
  if (!parser.ParseFromString(text, &fromText))
    __builtin_trap();
  if (!mlir::tfg::importGraphDef(&ctx, std::move(fromText),
                                 mlir::UnknownLoc::get(&ctx)))
    __builtin_trap();
}

void runPipeline(tfg_fuzz::FuzzContext &fuzz, llvm::StringRef input) {
  mlir::MLIRContext &ctx = fuzz.context;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tfg_fuzz::parseWithinBounds(ctx, input);
  if (!module)
    return;
  mlir::PassManager pm(&ctx);
  pm.addPass(mlir::tfg::createVerifyPass());
  mlir::tfg::GrapplerPassOptions options;
  std::string fetch = lastNodeOfFirstGraph(*module);
  if (!fetch.empty())
    options.fetch.push_back(fetch);
  pm.addPass(mlir::tfg::createGrapplerPass(options));
  pm.addPass(mlir::tfg::createShapeInferencePass());
  mlir::OwningOpRef<mlir::ModuleOp> before = module->clone();
  if (mlir::failed(pm.run(*module)))
    return;
  // Pictures of the result, whole and collapsed by scope, and of what the
  // pipeline changed: whatever the graph, drawing ends in a picture or a
  // diagnostic.
  std::string dot;
  llvm::raw_string_ostream os(dot);
  (void)mlir::tfg::writeDOT(*module, {}, os);
  mlir::tfg::DOTOptions collapsed;
  collapsed.maxNodes = 3;
  collapsed.base = *before;
  if (!fetch.empty())
    collapsed.expand.push_back(fetch);
  (void)mlir::tfg::writeDOT(*module, collapsed, os);
  // The pass manager verified after each pass: what it accepted is valid.
  exportAndReimport(ctx, *module);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  // MLIR's lexer reads up to a terminating NUL, as files have in memory.
  std::string input(reinterpret_cast<const char *>(data), size);
  // On the tools' stack: MLIR's parser and printer recurse per level.
  mlir::tfg::runOnLargeStack([&] { runPipeline(*fuzz, input); });
  return 0;
}
