//===- ModelLowering.cpp - a model's graph to a StableHLO function --------===//

#include "tfg/Translate/ModelLowering.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Interpreter/Interpreter.h"
#include "tfg/Transforms/Passes.h"
#include "tfg/Translate/FreezeVariables.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

bool mlir::tfg::hasGraph(ModuleOp module) {
  return !module.getOps<GraphOp>().empty();
}

/// Replaces the Placeholders of `options.constantFeeds` by Const nodes
/// and freezes the variable reads, in `graph` (a copy).
static llvm::Error prepareGraph(GraphOp graph,
                                const ModelLoweringOptions &options) {
  if (!options.constantFeeds.empty()) {
    llvm::StringMap<Operation *> placeholders;
    for (Operation *op : getGraphPlaceholders(graph))
      if (getTFOpName(op) != "PlaceholderWithDefault")
        placeholders[getNodeName(op)] = op;
    for (const auto &entry : options.constantFeeds) {
      Operation *op = placeholders.lookup(entry.getKey());
      if (!op)
        return fail("the constant feed '" + entry.getKey() +
                    "' names no Placeholder of the graph");
      replaceNodeByConst(op, entry.getValue());
    }
  }
  if (options.variables) {
    llvm::Expected<unsigned> frozen =
        freezeVariableReads(graph, *options.variables);
    if (!frozen)
      return frozen.takeError();
  }
  return llvm::Error::success();
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::tfg::legalizeModelToStableHLO(ModuleOp module,
                                    const ModelLoweringOptions &options) {
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  if (!hasGraph(*copy))
    return std::move(copy);
  for (auto graph : copy->getOps<GraphOp>())
    if (llvm::Error err = prepareGraph(graph, options))
      return std::move(err);
  PassManager pm(copy->getContext());
  // v1 loops and conditionals (Enter/Merge/Switch) become While and If
  // nodes, which tfg-to-stablehlo legalizes (stablehlo.while / if).
  FunctionalizeControlFlowPassOptions functionalize;
  functionalize.fetch.assign(options.fetches.begin(), options.fetches.end());
  pm.addPass(createFunctionalizeControlFlowPass(functionalize));
  if (!options.nodeShapes.empty()) {
    SetInputShapesPassOptions shapes;
    for (const auto &entry : options.nodeShapes)
      shapes.shapes.push_back((entry.getKey() + "=" + entry.getValue()).str());
    pm.addPass(createSetInputShapesPass(shapes));
  }
  pm.addPass(createShapeInferencePass());
  TFGToStableHLOPassOptions lowering;
  lowering.fetch.assign(options.fetches.begin(), options.fetches.end());
  lowering.resourceThreshold = options.resourceThreshold;
  pm.addPass(createTFGToStableHLOPass(lowering));
  if (failed(pm.run(*copy)))
    return fail("legalizing the graph to StableHLO failed (see the errors "
                "above)");
  // Sizes that constants determine become static (the compiled entry
  // points take static shapes).
  if (options.refineShapes)
    refineStableHLOShapes(*copy);
  return std::move(copy);
}
