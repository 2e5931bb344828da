//===- TFGToTFExecutor.h - tfg <-> tf_executor ------------------*- C++ -*-===//
//
// The conversions between tfg and tf_executor islands of tf ops, as free
// functions (the passes call them) and pass declarations.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_TFGTOTFEXECUTOR_TFGTOTFEXECUTOR_H
#define TFG_CONVERSION_TFGTOTFEXECUTOR_TFGTOTFEXECUTOR_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace tfg {

#define GEN_PASS_DECL_TFGTOTFEXECUTORPASS
#define GEN_PASS_DECL_TFEXECUTORTOTFGPASS
#include "tfg/Conversion/Passes.h.inc"

/// Rewrites the tfg.graph and tfg.funcs of `module` into func.funcs of
/// tf_executor graphs. Fails with errors at the offending nodes (the module
/// is then partly converted).
LogicalResult convertTFGToTFExecutor(ModuleOp module);

/// Rewrites the func.funcs of tf_executor graphs of `module` into a
/// tfg.graph and tfg.funcs.
LogicalResult convertTFExecutorToTFG(ModuleOp module);

/// The attributes of the `tf` op that tfg node `node` becomes: the node's
/// attributes, its name as kNodeNameAttr, its requested device as
/// kDeviceAttr ("" when it has none). Shared by the lowerings that build tf
/// ops from nodes (tf_executor islands, ml_program functions).
NamedAttrList getTFOpAttributes(Operation *node);

/// The attribute names getTFOpAttributes uses, uniqued once for a whole
/// conversion (a StringAttr::get per node and name is a hash and a lock).
struct TFOpAttrNames {
  explicit TFOpAttrNames(MLIRContext *context);
  StringAttr nodeName, device, nodeDevice, empty;
};
/// The tf op name of each node op name (`tfg.AddV2` -> `tf.AddV2`), looked
/// up once per op type of a conversion rather than built as a string and
/// looked up per node.
class TFOpNames {
public:
  explicit TFOpNames(MLIRContext *context) : context(context) {}
  /// The tf op name of generic node `node`.
  OperationName get(Operation *node);

private:
  MLIRContext *context;
  llvm::DenseMap<OperationName, OperationName> names;
};

/// getTFOpAttributes with the names made once.
NamedAttrList getTFOpAttributes(Operation *node, const TFOpAttrNames &names);
/// The same as a dictionary, built without sorting (the node's attributes
/// are sorted already): what a conversion of a million nodes calls.
DictionaryAttr getTFOpAttrDictionary(Operation *node,
                                     const TFOpAttrNames &names);

/// Creates the op `name` (`tf.<Op>`, or a tf_executor op) at the builder's
/// point with `operands`, result `types` and `attrs` (set with setAttrs, so
/// that the inherent attributes of registered ops go to their properties).
/// `names` caches the OperationName of each op name.
Operation *createTFOp(OpBuilder &builder, llvm::StringMap<OperationName> &names,
                      Location loc, StringRef name, ValueRange operands,
                      TypeRange types, const NamedAttrList &attrs);
/// The same for an op name looked up already.
Operation *createTFOp(OpBuilder &builder, OperationName name, Location loc,
                      ValueRange operands, TypeRange types,
                      const NamedAttrList &attrs);
/// The same with the attributes uniqued already.
Operation *createTFOp(OpBuilder &builder, OperationName name, Location loc,
                      ValueRange operands, TypeRange types,
                      DictionaryAttr attrs);

/// Attribute names shared by the two directions.
/// The node name on a tf op (TensorFlow's tfg spelling).
inline constexpr llvm::StringLiteral kNodeNameAttr = "_mlir_name";
/// The requested device on a tf op (TensorFlow's spelling).
inline constexpr llvm::StringLiteral kDeviceAttr = "device";
/// Control operands that are function arguments' tokens, which tf_executor
/// has no value for: pairs (position among the control operands, argument
/// number).
inline constexpr llvm::StringLiteral kArgControlsAttr = "tfg.arg_controls";
/// The module's GraphDef version (TensorFlow's spelling).
inline constexpr llvm::StringLiteral kVersionsAttr = "tf.versions";
/// The tfg.func attributes that func.func has no place for, kept on the
/// func.func under `tfg.<name>` (both directions read this one list).
inline constexpr llvm::StringLiteral kFuncOnlyAttrs[] = {
    "generic",
    "description",
    "is_stateful",
    "gradient",
    "resource_arg_unique_ids_keys",
    "resource_arg_unique_ids_values"};
/// Marks the function holding the graph (TensorFlow's spelling).
inline constexpr llvm::StringLiteral kEntryFunctionAttr = "tf.entry_function";
/// A function's own type, where it returns values of other (compatible)
/// types than its results.
inline constexpr llvm::StringLiteral kFunctionTypeAttr = "tfg.function_type";
/// A function's control result attributes, on its fetch.
inline constexpr llvm::StringLiteral kControlRetAttrsAttr =
    "tfg.control_ret_attrs";

} // namespace tfg
} // namespace mlir

#endif // TFG_CONVERSION_TFGTOTFEXECUTOR_TFGTOTFEXECUTOR_H
