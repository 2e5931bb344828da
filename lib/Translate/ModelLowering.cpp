//===- ModelLowering.cpp - a model's graph to a StableHLO function --------===//

#include "tfg/Translate/ModelLowering.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::tfg;

bool mlir::tfg::hasGraph(ModuleOp module) {
  return !module.getOps<GraphOp>().empty();
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::tfg::legalizeModelToStableHLO(ModuleOp module,
                                    const ModelLoweringOptions &options) {
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  if (!hasGraph(*copy))
    return std::move(copy);
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
  pm.addPass(createTFGToStableHLOPass(lowering));
  if (failed(pm.run(*copy)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "legalizing the graph to StableHLO failed");
  // Sizes that constants determine become static (the compiled entry
  // points take static shapes).
  refineStableHLOShapes(*copy);
  return std::move(copy);
}
