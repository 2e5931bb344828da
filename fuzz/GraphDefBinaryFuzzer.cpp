//===- GraphDefBinaryFuzzer.cpp - Fuzz the binary GraphDef importer -------===//
//
// Differential: the in-place import of the bytes must agree with parsing
// them with protobuf and importing the message (both fail, or both give the
// same module); then the message import goes through export and the passes.
// The importer's checks for unknown fields (generated accessors) must agree
// with reflection's walk of the same messages. Input framed as a SavedModel
// has its meta graph's GraphDef imported too.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "tfg/ImportExport/SavedModel.h"
#include "tfg/ImportExport/UnknownFields.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

static std::string print(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, mlir::OpPrintingFlags().printGenericOpForm());
  return text;
}

/// Traps unless the typed check says what reflection finds below `message`
/// (and in `message` itself when `own`).
static void agree(bool typed, const google::protobuf::Message &message,
                  bool own, llvm::ArrayRef<llvm::StringRef> skip = {}) {
  bool found = (own && mlir::tfg::hasOwnUnknownFields(message)) ||
               !mlir::tfg::findNestedUnknownFields(message, skip).empty();
  if (typed != found)
    __builtin_trap();
}

static void checkUnknownFieldChecks(const tensorflow::GraphDef &graph) {
  using namespace mlir::tfg;
  auto checkNode = [](const tensorflow::NodeDef &node) {
    for (const auto &entry : node.attr())
      agree(hasUnknownFields(entry.second), entry.second, /*own=*/true);
    agree(hasUnknownFields(node.experimental_type()), node.experimental_type(),
          /*own=*/true);
  };
  for (const tensorflow::NodeDef &node : graph.node())
    checkNode(node);
  for (const tensorflow::FunctionDef &func : graph.library().function()) {
    agree(hasNestedUnknownFields(func), func, /*own=*/false,
          {"signature", "node_def"});
    for (const tensorflow::NodeDef &node : func.node_def())
      checkNode(node);
  }
  agree(hasNestedUnknownFields(graph.library()), graph.library(),
        /*own=*/false, {"function"});
  agree(hasNestedUnknownFields(graph), graph, /*own=*/false,
        {"node", "debug_info", "library"});
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  mlir::MLIRContext &ctx = fuzz->context;
  mlir::Location loc = mlir::UnknownLoc::get(&ctx);
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  if (mlir::tfg::isBinarySavedModel(bytes)) {
    mlir::FailureOr<mlir::tfg::SavedModelGraph> graph =
        mlir::tfg::selectSavedModelGraph(bytes, {}, loc);
    if (mlir::succeeded(graph))
      (void)mlir::tfg::importBinaryGraphDef(&ctx, graph->graphDefBytes(), loc);
  }
  auto inPlace = mlir::tfg::importBinaryGraphDef(&ctx, bytes, loc);
  tensorflow::GraphDef graph;
  if (!graph.ParseFromArray(data, static_cast<int>(size))) {
    if (inPlace)
      __builtin_trap(); // imported what protobuf rejects
    return 0;
  }
  auto fromMessage = mlir::tfg::importGraphDef(&ctx, graph, loc);
  if (static_cast<bool>(inPlace) != static_cast<bool>(fromMessage))
    __builtin_trap();
  if (inPlace && print(*inPlace) != print(*fromMessage))
    __builtin_trap();
  inPlace = nullptr;
  fromMessage = nullptr;
  tfg_fuzz::importAndExport(*fuzz, graph);
  checkUnknownFieldChecks(graph);
  return 0;
}
