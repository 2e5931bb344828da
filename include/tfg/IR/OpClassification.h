//===- OpClassification.h - Classes of TensorFlow ops -----------*- C++ -*-===//
//
// What the passes ask about an op beyond its signature: is it elementwise,
// commutative, an involution, layout sensitive, a shape op, ... One table
// answers (tfg/IR/OpClasses.def, one row per op) and every pass queries it
// here instead of keeping its own list. The classes follow TensorFlow's
// semantics as Grappler's arithmetic optimizer, constant folding, layout
// optimizer and remapper use them; each is documented below.
//
// Queries take an op's TensorFlow name ("Abs"; a "tfg." prefix, as in an
// operation's name, is accepted) or a tfg node. Lookups are one hash probe
// in a map built on first use.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_OPCLASSIFICATION_H
#define TFG_IR_OPCLASSIFICATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir {
class Operation;
namespace tfg {

/// The op classes, one bit each, in the order of OpClasses.def.
namespace op_class {
enum : uint32_t {
#define TFG_OP_CLASS(NAME) NAME##Bit,
#include "tfg/IR/OpClasses.def"
  NumClasses
};
enum OpClass : uint32_t {
#define TFG_OP_CLASS(NAME) NAME = 1u << NAME##Bit,
#include "tfg/IR/OpClasses.def"
};
static_assert(NumClasses <= 32, "op classes are bits of a uint32_t");
} // namespace op_class

/// A set of op classes (an `|` of op_class::OpClass bits).
using OpClassSet = uint32_t;

/// One row of the table.
struct OpClassEntry {
  llvm::StringRef name;
  OpClassSet classes;
};

/// The rows of OpClasses.def, in its (sorted) order.
llvm::ArrayRef<OpClassEntry> getOpClassTable();
/// The name of a single class bit ("ElementwiseUnary"); empty otherwise.
llvm::StringRef getOpClassName(OpClassSet oneClass);

/// The classes the table gives `opName` (0 if it has no row). A "tfg."
/// prefix is ignored.
OpClassSet getOpClasses(llvm::StringRef opName);
/// The classes of a node's op.
OpClassSet getOpClasses(Operation *op);

/// Declares `isX(StringRef)` and `isX(Operation *)` for a class.
#define TFG_DECLARE_OP_CLASS_QUERY(QUERY)                                      \
  bool QUERY(llvm::StringRef opName);                                          \
  bool QUERY(Operation *op);

/// Elementwise unary: one data operand, and each result element is a
/// function of the operand element at the same index alone (with the
/// node's attributes), so the result has the operand's shape (Abs, Neg,
/// Cast, Relu, ...). TensorFlow's cwise unary ops.
TFG_DECLARE_OP_CLASS_QUERY(isElementwiseUnary)
/// Elementwise binary with broadcasting: two data operands broadcast
/// against each other the NumPy way (TensorFlow's BroadcastBinaryOpShapeFn)
/// and each result element is a function of the two broadcast elements
/// (AddV2, Mul, Less, ...). ApproximateEqual is elementwise but requires
/// equal shapes.
TFG_DECLARE_OP_CLASS_QUERY(isElementwiseBinary)
/// Same shape: data result 0 has the shape of data operand 0
/// (TensorFlow's UnchangedShape shape function): the elementwise unary ops,
/// the identity-like ops, the *Grad ops of activations, Softmax, Cumsum,
/// Reverse, the frame ops, ...
TFG_DECLARE_OP_CLASS_QUERY(hasSameShapeAsInput)
/// Reduction over constant axes: (input, reduction_indices) with the
/// `keep_dims` attribute (Sum, Mean, Max, All, ...).
TFG_DECLARE_OP_CLASS_QUERY(isReduction)
/// Shape op: the results depend only on the operands' shapes, never on
/// their values (Shape, ShapeN, Size, Rank).
TFG_DECLARE_OP_CLASS_QUERY(isShapeOp)
/// Layout agnostic: the op computes each result element from operand
/// elements at the same index (or forwards values), so permuting the
/// dimensions of all its operands and results the same way (NHWC <-> NCHW)
/// leaves it correct. For binary ops this needs operands of equal rank;
/// the layout optimizer checks that.
TFG_DECLARE_OP_CLASS_QUERY(isLayoutAgnostic)
/// Layout sensitive: the op has a `data_format` attribute whose value
/// changes what it computes (Conv2D, MaxPool, BiasAdd, FusedBatchNorm, ...
/// and their gradients); the layout optimizer rewrites these.
TFG_DECLARE_OP_CLASS_QUERY(isLayoutSensitive)
/// Involution: f(f(x)) == x exactly for every x (Neg, LogicalNot, Conj,
/// Invert). Reciprocal is not one: 1/(1/x) differs from x in rounding,
/// overflows for subnormals and truncates for integers.
TFG_DECLARE_OP_CLASS_QUERY(isInvolution)
/// Idempotent: f(f(x)) == f(x) exactly with the same attributes (Floor,
/// Ceil, Round, Relu, Relu6, Abs, the identity-like ops, ZerosLike,
/// OnesLike).
TFG_DECLARE_OP_CLASS_QUERY(isIdempotent)
/// Identity-like: result 0 (every result, for IdentityN) is operand 0
/// (the operand of the same index) unchanged: same values, order and shape
/// (Identity, Snapshot, StopGradient, PreventGradient, CheckNumerics,
/// EnsureShape, ...). A value fact only: CheckNumerics and EnsureShape may
/// fail and Print is stateful.
TFG_DECLARE_OP_CLASS_QUERY(isIdentityLike)
/// Value and order preserving: the result holds the elements of operand 0
/// in the same row-major order, perhaps in another shape (Reshape, Squeeze,
/// ExpandDims and the identity-like ops).
TFG_DECLARE_OP_CLASS_QUERY(isValueAndOrderPreserving)
/// Value preserving: the result holds the elements of operand 0, perhaps
/// in another order and shape (Transpose, ReverseV2, DepthToSpace, ... and
/// the value-and-order preserving ops).
TFG_DECLARE_OP_CLASS_QUERY(isValuePreserving)
/// Aggregation: sums a variadic list of same-shaped operands (AddN,
/// AccumulateNV2); the operands commute.
TFG_DECLARE_OP_CLASS_QUERY(isAggregation)
/// Monotonic non-decreasing elementwise unary: x <= y implies f(x) <= f(y)
/// on the op's real domain (Exp, Log, Relu, Sigmoid, Floor, ...).
TFG_DECLARE_OP_CLASS_QUERY(isMonotonicNonDecreasing)
/// Monotonic non-increasing elementwise unary: x <= y implies f(x) >= f(y)
/// on the op's real domain (Neg, Acos, Erfc, Rsqrt on positive numbers).
TFG_DECLARE_OP_CLASS_QUERY(isMonotonicNonIncreasing)
/// Switch-like: forwards its data to one of its outputs (Switch,
/// RefSwitch, _SwitchN).
TFG_DECLARE_OP_CLASS_QUERY(isSwitchOp)
/// Merge: forwards whichever input arrives (Merge, RefMerge).
TFG_DECLARE_OP_CLASS_QUERY(isMergeOp)
/// NextIteration: the back edge of a v1 loop (NextIteration,
/// RefNextIteration).
TFG_DECLARE_OP_CLASS_QUERY(isNextIterationOp)
/// Frame op of v1 control flow: Enter, Exit, NextIteration, Merge,
/// LoopCond and their Ref forms (never merged or turned into NoOps).
TFG_DECLARE_OP_CLASS_QUERY(isFrameOp)
/// Graph boundary: a graph's inputs and outputs (Placeholder,
/// PlaceholderV2, PlaceholderWithDefault, _Arg, _Retval); removing one
/// changes the graph's signature.
TFG_DECLARE_OP_CLASS_QUERY(isGraphBoundary)

#undef TFG_DECLARE_OP_CLASS_QUERY

/// Commutative: the data operands can be permuted without changing the
/// results. True when the OpDef registry says `is_commutative` (AddV2,
/// Mul, Equal, AddN, ...) or the table does (Maximum, Minimum, Add, whose
/// OpDefs lack the flag). For a node, Add on strings (concatenation) is
/// not commutative, and ops the table does not know are looked up in the
/// node's context's registry (custom OpDefs).
bool isCommutative(llvm::StringRef opName);
bool isCommutative(Operation *op);

/// Stateful: TensorFlow registers the op stateful, either in its OpDef
/// (`is_stateful`; the registry's internal ops include _Send, _Recv, _Arg,
/// _Retval, ...) or, for the internal ops the registry lacks
/// (_ScopedAllocator, _XlaCompile, _XlaRun), in the table. False for an op
/// neither knows: callers that must be conservative about unknown ops (the
/// side effect interface does) check the registry themselves.
bool isStateful(llvm::StringRef opName);
/// Same, asking the node's context's registry (custom OpDefs included).
bool isStateful(Operation *op);

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_OPCLASSIFICATION_H
