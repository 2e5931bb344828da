//===- ModelLowering.h - a model's graph to a StableHLO function -*- C++
//-*-===//
//
// The model -> StableHLO step shared by tfg-run --backend=llvm and
// tfg-compile: a copy of the module with its graph legalized to
// `func.func @main` (tfg-functionalize-control-flow, tfg-set-input-shapes
// with the pinned Placeholder shapes, tfg-shape-inference, tfg-to-stablehlo
// for the fetches, then refineStableHLOShapes). A module
// without a graph (tfg/StableHLO MLIR) is copied as it is.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSLATE_MODELLOWERING_H
#define TFG_TRANSLATE_MODELLOWERING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

struct ModelLoweringOptions {
  /// The tensors to fetch (node:k); empty: the graph's unused outputs.
  std::vector<std::string> fetches;
  /// Static shapes of Placeholders by node name ("1x64x64x1", "scalar").
  llvm::StringMap<std::string> nodeShapes;
};

/// Whether `module` holds a graph (tfg.graph) to legalize.
bool hasGraph(ModuleOp module);

/// A copy of `module` with its graph legalized to `func.func @main`; the
/// copy itself when there is no graph. Diagnostics go to the context's
/// handler; the error says which step failed.
llvm::Expected<OwningOpRef<ModuleOp>>
legalizeModelToStableHLO(ModuleOp module, const ModelLoweringOptions &options);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSLATE_MODELLOWERING_H
