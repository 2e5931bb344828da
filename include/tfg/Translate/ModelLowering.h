//===- ModelLowering.h - a model's graph to a StableHLO function -*- C++
//-*-===//
//
// The one model -> StableHLO entry point of tfg-run (--backend=llvm and
// --stage=stablehlo) and tfg-compile: a copy of the module with its graph
// legalized to `func.func @main` (Placeholders fed as constants replaced by
// Const nodes, a SavedModel's variable reads frozen, then
// tfg-functionalize-control-flow, tfg-set-input-shapes with the pinned
// Placeholder shapes, tfg-shape-inference, tfg-to-stablehlo for the fetches
// and refineStableHLOShapes). A module without a graph (tfg/StableHLO MLIR)
// is copied as it is.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSLATE_MODELLOWERING_H
#define TFG_TRANSLATE_MODELLOWERING_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

class Interpreter;

struct ModelLoweringOptions {
  /// The tensors to fetch (node:k); empty: the graph's unused outputs.
  std::vector<std::string> fetches;
  /// Static shapes of Placeholders by node name ("1x64x64x1", "scalar").
  llvm::StringMap<std::string> nodeShapes;
  /// Placeholders (by node name) that become Const nodes of these values:
  /// compile-time constants, as XLA takes the arguments shapes depend on.
  llvm::StringMap<ElementsAttr> constantFeeds;
  /// When set, every read of a SavedModel's resource variable becomes a
  /// constant of the value this interpreter (running the module, its
  /// variables restored) reads (freezeVariableReads).
  Interpreter *variables = nullptr;
  /// tfg-to-stablehlo's resource-threshold: constants of at least this
  /// many bytes become dense_resource blobs; -1 keeps every one inline.
  int64_t resourceThreshold = 1024;
  /// Make static the `?` sizes that constants determine
  /// (refineStableHLOShapes): the compiled entry points take static shapes.
  bool refineShapes = true;
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
