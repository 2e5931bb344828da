//===- FreezeVariables.h - A SavedModel's variables as constants -*- C++
//-*-===//
//
// Compilers of pure programs (StableHLO) take a model's weights as
// constants. These functions give a SavedModel's resource variables the
// values of its tensor bundle, as TensorFlow's loader does (the saver's
// restore op runs with the tfg interpreter, whose RestoreV2 reads
// `variables/variables` confined to the model's directory), and then
// replace every read of a variable with a Const node of its value.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSLATE_FREEZEVARIABLES_H
#define TFG_TRANSLATE_FREEZEVARIABLES_H

#include "tfg/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace tfg {

class GraphOp;

/// Runs the saver's restore op of the SavedModel `module` (its
/// tfg.saved_model_saver attribute) with `interp`, its filename tensor fed
/// the bundle prefix `variables/variables`, which `interp` resolves within
/// its asset directory (the model's directory). Nothing to do when the
/// module has no saver or `directory` no `variables/variables.index`.
llvm::Error restoreSavedModelVariables(ModuleOp module, Interpreter &interp,
                                       StringRef directory);

/// Replaces each ReadVariableOp node of `graph` whose resource is a
/// VarHandleOp node's output by a Const node (same name, controls and
/// device) holding the value it reads now from `from`'s variables: `from`
/// runs the reads (one run for all) on its own module, which holds nodes
/// of the same names (the module `graph` was copied from, or the same one;
/// `from` must not run a module that was changed afterwards). A value with
/// no constant form (strings) leaves its read as it is. A variable never
/// assigned is an error naming the node. Returns how many reads were
/// replaced.
llvm::Expected<unsigned> freezeVariableReads(GraphOp graph, Interpreter &from);

/// Replaces node `op` (one data output) by a Const node of `value` with its
/// name, device and control inputs (its data inputs' edges go).
void replaceNodeByConst(Operation *op, ElementsAttr value);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSLATE_FREEZEVARIABLES_H
