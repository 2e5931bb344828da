//===- ShapeFunctions.h - TensorFlow shape functions on tfg -----*- C++ -*-===//
//
// Shape functions compute the result shapes of a node from its operand
// shapes, attributes and constant operands. They are written for tfg (no
// TensorFlow code): each one fills `InferenceContext::results` and fails when
// nothing can be said.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_SHAPEFUNCTIONS_H
#define TFG_LIB_TRANSFORMS_SHAPEFUNCTIONS_H

#include "tfg/Transforms/KnownValues.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <optional>

namespace mlir {
namespace tfg {

/// TensorFlow's largest rank (TensorShape::MaxDimensions()). A shape
/// function never reads a list operand (a shape, axes, paddings...) longer
/// than a shape of this rank needs, nor builds a shape of a larger rank.
constexpr int64_t kMaxRank = 254;

/// A possibly unknown shape: unranked, or ranked with dims that may be
/// ShapedType::kDynamic.
struct Shape {
  bool ranked = false;
  SmallVector<int64_t, 4> dims;

  static Shape unknown() { return {}; }
  static Shape scalar() { return Shape{true, {}}; }
  /// A shape of `rank` unknown dims (unknown for a negative rank or one
  /// above kMaxRank, which only an invalid node can ask for).
  static Shape ofRank(int64_t rank) {
    if (rank < 0 || rank > kMaxRank)
      return unknown();
    return Shape{true, SmallVector<int64_t, 4>(rank, ShapedType::kDynamic)};
  }
  static Shape of(ArrayRef<int64_t> dims) {
    return Shape{true, SmallVector<int64_t, 4>(dims.begin(), dims.end())};
  }
  int64_t rank() const { return dims.size(); }
  bool isStatic() const {
    return ranked && llvm::none_of(dims, ShapedType::isDynamic);
  }
  /// The shape of a value's type (unknown for opaque tensors).
  static Shape ofType(Type type);
};

/// Merges two descriptions of the same shape (a known dim wins over an
/// unknown one); fails when they conflict.
FailureOr<Shape> mergeShapes(const Shape &a, const Shape &b);

/// What a shape function sees of a node.
class InferenceContext {
public:
  /// `known`, when given, holds values computed for earlier nodes, which
  /// constantInts reads and passes to the evaluation of a producer.
  explicit InferenceContext(Operation *op, const KnownValues *known = nullptr);

  Operation *getOp() const { return op; }
  unsigned getNumInputs() const { return inputs.size(); }
  /// The shape of data operand `i` (unknown if out of range).
  Shape input(unsigned i) const;
  /// Values of a constant integer operand (Const, Shape of a static tensor,
  /// or a known value) of at most `maxElements` elements; none if unknown or
  /// longer (then nothing is read: a splat of 10^9 elements costs nothing).
  std::optional<SmallVector<int64_t>> constantInts(unsigned i,
                                                   int64_t maxElements) const;
  /// The value of a constant operand of one integer or float element.
  std::optional<double> constantReal(unsigned i) const;
  /// Values of a list operand whose length a rank bounds: a shape, axes, a
  /// permutation, multiples (`perDim` 1), paddings (`perDim` 2). One longer
  /// than kMaxRank * perDim is not read: it is recorded in `oversized` (the
  /// pass remarks on it) and none is returned.
  std::optional<SmallVector<int64_t>> listOperand(unsigned i,
                                                  int64_t perDim = 1);
  /// The number of elements of list operand `i` from its static type (a
  /// shape whose values are unknown still gives the rank), checked like
  /// listOperand; none if unknown or too long.
  std::optional<int64_t> listLength(unsigned i, int64_t perDim = 1);
  /// The number of elements of operand `i`, from its type or its constant
  /// value's type (saturating at INT64_MAX); none if unknown.
  std::optional<int64_t> numElements(unsigned i) const;
  Attribute attr(StringRef name) const { return op->getAttr(name); }
  int64_t intAttr(StringRef name, int64_t dflt) const;
  bool boolAttr(StringRef name, bool dflt) const;
  StringRef strAttr(StringRef name, StringRef dflt) const;
  std::optional<SmallVector<int64_t>> intListAttr(StringRef name) const;

  unsigned getNumResults() const { return numResults; }
  /// One entry per data result, filled by the shape function.
  SmallVector<Shape, 2> results;
  /// A list operand too long to read: (operand, elements, limit).
  struct Oversized {
    unsigned operand;
    int64_t elements, limit;
  };
  std::optional<Oversized> oversized;

private:
  Operation *op;
  const KnownValues *known;
  SmallVector<Value, 4> inputs;
  unsigned numResults;
};

using ShapeFunction = LogicalResult (*)(InferenceContext &);

/// Shapes through function calls (ShapeInferenceCalls.cpp): If, Case, their
/// Stateless forms, PartitionedCall, StatefulPartitionedCall and calls by
/// function name. A called function's arguments take the join of the shapes
/// its callers pass (dimensions they agree on), unless the function is also
/// referenced otherwise (While's cond/body, a gradient...), and a call's
/// results the join of its callees' returned shapes.
class CallShapes {
public:
  /// Finds the call sites among the nodes under the symbol table of `root`
  /// (the root itself, or the module holding a graph or function root).
  explicit CallShapes(Operation *root);
  /// Refines the argument types of the callees of call site `node` from
  /// every caller's operands, and records in `known` an argument's value
  /// when every caller passes the same known value; appends the bodies that
  /// changed. Whether `node` is a call site.
  bool refineCallees(Operation *node, KnownValues &known,
                     SmallVectorImpl<Block *> &changedBodies);
  /// The result shapes of call site `node` from its callees' returns.
  std::optional<SmallVector<Shape, 2>> resultShapes(Operation *node) const;
  /// After `body` was inferred: refines its function's result types from
  /// its return, appending the blocks of its callers if they changed.
  void refineResults(Block &body, SmallVectorImpl<Block *> &changedBodies);

private:
  struct CallSite {
    unsigned firstArg = 0;
    SmallVector<Operation *, 2> callees;
  };
  llvm::DenseMap<StringAttr, Operation *> funcs;
  llvm::DenseMap<Operation *, CallSite> sites;
  llvm::DenseMap<Operation *, SmallVector<Operation *, 1>> callers;
  llvm::DenseSet<Operation *> pinned;
};

//===----------------------------------------------------------------------===//
// Helpers shared by the shape functions (ShapeContext.cpp)
//===----------------------------------------------------------------------===//

inline constexpr int64_t kDyn = ShapedType::kDynamic;

/// Normalizes a possibly negative axis; none if out of range.
std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank);
/// a + b and a * b of two dims: unknown if either is, or on overflow.
int64_t addDims(int64_t a, int64_t b);
int64_t mulDims(int64_t a, int64_t b);
/// NumPy broadcasting of two shapes.
FailureOr<Shape> broadcastShapes(const Shape &a, const Shape &b);
/// The value of a constant operand holding exactly one integer.
std::optional<int64_t> constantScalar(InferenceContext &ctx, unsigned operand);
/// A #tf_type.shape as a Shape (negative dims unknown); unknown for any
/// other attribute.
Shape shapeOfAttr(Attribute attr);
/// Sets result 0 to `s` and the others to unknown; fails without results.
LogicalResult setResult(InferenceContext &ctx, Shape s);

/// Adds the shape functions of gathers, linear algebra, convolutions,
/// pooling, control flow and TensorArrays (ShapeFunctionsNN.cpp).
void addNNShapeFunctions(llvm::StringMap<ShapeFunction> &table);

/// The shape function of a TensorFlow op, or null.
ShapeFunction lookupShapeFunction(StringRef opName);
/// Number of ops with a shape function.
size_t getNumShapeFunctions();

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_SHAPEFUNCTIONS_H
