//===- Utility.h - Helpers for TensorFlow nodes in tfg ----------*- C++ -*-===//
//
// Accessors shared by every pass: the node name/device attributes, the split
// of operands into data and control operands, and the mapping between a data
// value and its control token (node results and block arguments alike).
//
// Block argument layout: in `tfg.func` each data argument is followed by its
// control token (data i = arg 2i, control i = arg 2i+1). In the regions of
// region control flow all data arguments come first, then one control token
// per data argument (data i = arg i, control i = arg N+i), so that the data
// arguments form the contiguous range RegionBranchOpInterface forwards to.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_UTILITY_H
#define TFG_IR_UTILITY_H

#include "tfg/IR/TFGDialect.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace mlir {
namespace tfg {

/// True if `type` is the control token type.
inline bool isControlType(Type type) {
  return llvm::isa<tf_type::ControlType>(type);
}

/// The number of data operands: operands before the first control token.
/// Control operands always come last.
unsigned getNumDataOperands(Operation *op);
/// Data operands of a node.
OperandRange getDataOperands(Operation *op);
/// Control operands of a node.
OperandRange getControlOperands(Operation *op);
/// Data results of a node (all but the trailing control token).
ResultRange getDataResults(Operation *op);
/// The control token of a node (its last result); null if it has none.
Value getControlToken(Operation *op);

/// For a value (node result or block argument), its control token: the
/// node's control result, or the block argument's hidden control argument.
/// Null if none can be found.
Value getControlTokenOf(Value value);
/// For a control block argument, the data argument it belongs to; null
/// otherwise.
Value getDataValueOfControl(Value control);

/// All attributes of a node, as one dictionary. For a generic node (an
/// unregistered op) this is the operation's own dictionary: its properties
/// slot holds the node's name, which is not an attribute (and
/// Operation::getAttrDictionary would build and unique a new dictionary on
/// every call for any op with a properties slot, unregistered ones included).
inline DictionaryAttr getNodeAttrs(Operation *op) {
  if (!op->isRegistered())
    return op->getRawDictionaryAttrs();
  return op->getAttrDictionary();
}

/// The node's name, or null. A generic node keeps its name as its
/// properties (a StringAttr, `<"name">` in generic form); a registered node
/// op as the `_mlir_name` attribute. A generic node that spells its name as
/// `_mlir_name` in generic form (as TensorFlow's tfg does) is read too.
StringAttr getNodeNameAttr(Operation *op);
/// The node's name, or empty.
StringRef getNodeName(Operation *op);
/// What the names of nodes derived from `op` start with: its name, or, for
/// a node without a name, its op type.
StringRef getNodeNamePrefix(Operation *op);
/// The node's requested device (`_mlir_device`), or empty.
StringRef getNodeDevice(Operation *op);
/// The node's assigned device (`_mlir_assigned_device`), or empty.
StringRef getNodeAssignedDevice(Operation *op);
/// Names the node that `state` builds (see getNodeNameAttr).
void addNodeName(OperationState &state, StringAttr name);
void setNodeName(Operation *op, StringRef name);
void setNodeDevice(Operation *op, StringRef device);

/// Whether `name` is a node name TensorFlow accepts: parts separated by
/// `>`, each a letter, digit, `.` or (the first part only) `_`, then any of
/// letters, digits and `_ - . /`. A leading `_` is TensorFlow's internal
/// name space, which the GraphDefs it runs may use. Names with `:` or `^`
/// are not: an input `a:1` would read as output 1 of `a`.
bool isValidNodeName(StringRef name);

/// The TensorFlow op name of a tfg node (`AddV2` for `tfg.AddV2`).
StringRef getTFOpName(Operation *op);

/// Checks that no data operand follows a control operand.
LogicalResult verifyControlOperandsLast(Operation *op);

/// Checks the invariants of a TensorFlow node (generic or functional):
/// control operands after data operands, exactly one trailing control
/// result, a non-empty name. Emits errors on `op`.
LogicalResult verifyTFGNode(Operation *op);

/// True if a node has side effects per the op registry: stateful ops and
/// ops the registry does not know (function calls, custom ops).
bool isStatefulNode(Operation *op);

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_UTILITY_H
