//===- PrepareForExport.h - A tfg module made ready for export --*- C++ -*-===//
//
// What a tfg module must go through before exportGraphDef or exportTFJSModel
// write it: GraphDefs (and the TF.js models that hold one) have no region
// control flow, so IfRegion, CaseRegion, WhileRegion and ForRegion go back to
// their functional ops with their bodies as library functions (exactly the
// functions they came from, when the regions still are those). Export
// itself refuses region control flow with an error: it writes what it is
// given and changes nothing.
//
// This step lives in TFGTranslations, not in TFGImportExport, because it
// runs a pass of TFGTransforms (tfg-region-to-functional), and the
// importers and exporters do not depend on the passes
// (docs/rationale/Build.md, "Layers"). Link TFGTranslations to call it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSLATE_PREPAREFOREXPORT_H
#define TFG_TRANSLATE_PREPAREFOREXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace tfg {

/// Prepares `module` for exportGraphDef or exportTFJSModel: region control
/// flow back to functional form. Region control flow that cannot be
/// converted (a loop region capturing a value from outside) stays, with a
/// remark saying why, and export then refuses it. tfg-translate's exports
/// call it; an embedder exporting a module that passes may have given
/// region control flow should too.
LogicalResult prepareForExport(ModuleOp module);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSLATE_PREPAREFOREXPORT_H
