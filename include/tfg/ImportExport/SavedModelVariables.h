//===- SavedModelVariables.h - A SavedModel's variable values ---*- C++ -*-===//
//
// A SavedModel keeps its variables' values in a tensor bundle beside
// saved_model.pb, with prefix `variables/variables`
// (tfg/TensorBundle/TensorBundle.h), and its meta graph names, in its
// SaverDef, the string tensor to feed with that prefix and the op that then
// restores every variable (RestoreV2 and AssignVariableOp nodes, or a call
// of a restore function). tfg-translate --saved-model-variables attaches
// both to the imported module, as the lowering to ml_program needs them
// (`ml_program.global`s with initial values):
//
//   module attributes {
//     tfg.saved_model_saver = {filename_tensor_name = "save/Const:0",
//                              restore_op_name = "save/restore_all"},
//     tfg.saved_model_variables = {
//       "dense/bias" = dense_resource<dense/bias> : tensor<3xf32>,
//       "names" = dense<["a", "b"]> : tensor<2x!tf_type.string>}}
//
// Numbers are DenseResourceElementsAttrs (the blob holds the elements
// little-endian, one byte per bool, as HostTensor::fromAttr reads them),
// strings DenseStringElementsAttrs; keys are the bundle's (a TF1 saver's
// variable names, or a TF2 object graph's paths such as
// "layer/kernel/.ATTRIBUTES/VARIABLE_VALUE"). tfg-run restores a
// SavedModel's variables by running the saver's restore op with the
// interpreter's RestoreV2, which reads the same bundle.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_SAVEDMODELVARIABLES_H
#define TFG_IMPORTEXPORT_SAVEDMODELVARIABLES_H

#include "tfg/ImportExport/SavedModel.h"
#include "tfg/TensorBundle/TensorBundle.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace tfg {

/// The module attributes --saved-model-variables sets.
inline constexpr llvm::StringLiteral kSavedModelVariablesAttr =
    "tfg.saved_model_variables";
inline constexpr llvm::StringLiteral kSavedModelSaverAttr =
    "tfg.saved_model_saver";

/// The bundle prefix of a SavedModel's variables, relative to its directory.
inline constexpr llvm::StringLiteral kSavedModelVariablesPrefix =
    "variables/variables";

/// Emits `err` as an error: a BundleError at its file and byte offset
/// (`FILE:0:OFFSET`), another error at `loc`. Always fails.
LogicalResult emitBundleError(llvm::Error err, Location loc);

/// The value of a tensor read from a bundle as an attribute (see above);
/// fails after emitting an error at `loc` for an element type tfg has none
/// for.
FailureOr<ElementsAttr> getBundleTensorAttr(MLIRContext *context,
                                            const bundle::BundleEntry &entry,
                                            bundle::BundleTensor tensor,
                                            Location loc);

/// Every whole tensor of the bundle `variables/variables` in the SavedModel
/// directory `directory`, by key (slices of partitioned variables are
/// refused); an empty dictionary when the directory has no
/// `variables/variables.index`. At most `maxTotalBytes` bytes of values in
/// all. Fails after emitting an error.
FailureOr<DictionaryAttr>
readSavedModelVariables(MLIRContext *context, StringRef directory, Location loc,
                        uint64_t maxTotalBytes = uint64_t(1) << 34);

/// Sets kSavedModelSaverAttr on `module` when `graph` has a saver.
void attachSavedModelSaver(ModuleOp module, const SavedModelGraph &graph);

/// Sets kSavedModelSaverAttr (when `graph` has a saver) and
/// kSavedModelVariablesAttr on `module`, the SavedModel's meta graph
/// `graph` imported from directory `directory`.
LogicalResult attachSavedModelVariables(ModuleOp module,
                                        const SavedModelGraph &graph,
                                        StringRef directory, Location loc);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_SAVEDMODELVARIABLES_H
