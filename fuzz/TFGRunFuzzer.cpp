//===- TFGRunFuzzer.cpp - Fuzz the graph interpreter and its kernels ------===//
//
// Reads the input as tfg MLIR text within the tools' bounds and, when it
// parses and verifies, runs its graph with tfg-run's interpreter, fetching
// every data output that no node reads (at most 16), with Placeholders fed
// zeros of their static shape where they have one. The bounds are small
// (2^16 elements a result, 1000 loop iterations, call depth 16), so that a
// run stays fast; whatever the graph, the run ends in values or an error,
// never a crash, a sanitizer report or unbounded memory.
//
//===----------------------------------------------------------------------===//

#include "TextInput.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Interpreter/Interpreter.h"
#include "tfg/Support/InputLimits.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"

namespace {
void runGraph(tfg_fuzz::QuietContext &fuzz, llvm::StringRef input) {
  mlir::MLIRContext &ctx = fuzz.context;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tfg_fuzz::parseWithinBounds(ctx, input);
  if (!module || mlir::failed(mlir::verify(*module)))
    return;
  mlir::tfg::InterpreterOptions options;
  options.maxElements = int64_t(1) << 16;
  options.maxLoopIterations = 1000;
  options.maxCallDepth = 16;
  mlir::tfg::Interpreter interp(*module, options);
  mlir::tfg::GraphOp graph = interp.getGraph();
  if (!graph)
    return;
  std::vector<mlir::tfg::InterpreterFeed> feeds;
  for (mlir::Operation *op : mlir::tfg::getGraphPlaceholders(graph)) {
    auto type =
        llvm::dyn_cast<mlir::RankedTensorType>(op->getResult(0).getType());
    llvm::StringRef name = mlir::tfg::getNodeName(op);
    if (!type || !type.hasStaticShape() || name.empty() ||
        type.getNumElements() > 4096)
      continue;
    auto value =
        mlir::tfg::HostTensor::create(type.getElementType(), type.getShape());
    if (!value) {
      llvm::consumeError(value.takeError());
      continue;
    }
    feeds.push_back({name.str(), std::move(*value)});
  }
  std::vector<std::string> fetches;
  for (mlir::Operation &op : graph.getBody()) {
    llvm::StringRef name = mlir::tfg::getNodeName(&op);
    if (name.empty())
      continue;
    for (auto [i, result] : llvm::enumerate(mlir::tfg::getDataResults(&op)))
      if (result.use_empty() && fetches.size() < 16)
        fetches.push_back((name + ":" + llvm::Twine(i)).str());
  }
  // Each fetch alone (one failing node must not hide the others), then all.
  for (const std::string &fetch : fetches) {
    auto results = interp.runGraph(feeds, {fetch});
    if (!results)
      llvm::consumeError(results.takeError());
  }
  auto results = interp.runGraph(feeds, fetches);
  if (!results)
    llvm::consumeError(results.takeError());
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static auto *fuzz = new tfg_fuzz::QuietContext();
  // MLIR's lexer reads up to a terminating NUL, as files have in memory.
  std::string input(reinterpret_cast<const char *>(data), size);
  // On the tools' stack: MLIR's parser and printer recurse per level.
  mlir::tfg::runOnLargeStack([&] { runGraph(*fuzz, input); });
  return 0;
}
