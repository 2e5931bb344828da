//===- MemoryProfile.cpp - tfg-run --memory-profile -----------------------===//
//
// The measured peak of the interpreter's live tensor bytes next to the
// static estimate (tfg/Transforms/MemoryEstimate.h) of the model's graph:
// a copy of the model with the fed Placeholders pinned to the fed shapes
// (tfg-set-input-shapes) and shapes inferred (tfg-shape-inference).
//
//===----------------------------------------------------------------------===//

#include "RunSupport.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/MemoryEstimate.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tfg;

/// `tfg-set-input-shapes{shapes=a=1x2,b=scalar}` for the fed Placeholders
/// of `graph`, or empty when none is fed.
static std::string getInputShapesPass(GraphOp graph,
                                      ArrayRef<InterpreterFeed> feeds) {
  llvm::StringSet<> placeholders;
  for (Operation *op : getGraphPlaceholders(graph))
    placeholders.insert(getNodeName(op));
  std::string entries;
  for (const InterpreterFeed &feed : feeds) {
    auto parsed = parseTensorName(feed.name);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      continue;
    }
    // Names that a pipeline's option syntax would split are left out.
    StringRef name = parsed->first;
    if (parsed->second != 0 || !placeholders.contains(name) ||
        name.find_first_of(",{}= ") != StringRef::npos)
      continue;
    std::string shape;
    for (int64_t dim : feed.value.getShape())
      shape += (shape.empty() ? "" : "x") + std::to_string(dim);
    if (shape.empty())
      shape = "scalar";
    entries += (entries.empty() ? "" : ",") + name.str() + "=" + shape;
  }
  if (entries.empty())
    return {};
  return "tfg-set-input-shapes{shapes=" + entries + "},";
}

llvm::Error mlir::tfg::printMemoryProfile(ModuleOp module,
                                          ArrayRef<InterpreterFeed> feeds,
                                          const MemoryProfile &measured,
                                          llvm::raw_ostream &os) {
  os << "memory-profile: measured peak " << measured.peakBytes
     << " bytes of live tensors (" << measured.tensors << " tensors made)\n";
  GraphOp graph;
  for (Operation &op : module.getBody()->getOperations())
    if (auto g = dyn_cast<GraphOp>(op))
      graph = g;
  if (!graph)
    return llvm::Error::success();
  std::string pipeline =
      getInputShapesPass(graph, feeds) + "tfg-shape-inference";
  auto inferred = applyPipeline(module, pipeline);
  if (!inferred)
    return inferred.takeError();
  GraphOp inferredGraph;
  for (Operation &op : (*inferred)->getBody()->getOperations())
    if (auto g = dyn_cast<GraphOp>(op))
      inferredGraph = g;
  MemoryEstimate est = estimateMemory(inferredGraph.getBody());
  os << "memory-profile: estimated peak " << est.peakBytes << " bytes at step "
     << est.peakStep << " of " << est.schedule.size() << " ("
     << est.persistentBytes << " persistent, " << est.unknownTensors
     << " tensors of unknown size not counted)\n";
  if (measured.peakBytes > 0)
    os << "memory-profile: estimate/measured "
       << llvm::formatv("{0:F3}",
                        double(est.peakBytes) / double(measured.peakBytes))
              .str()
       << "\n";
  return llvm::Error::success();
}
