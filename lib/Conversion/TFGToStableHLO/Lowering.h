//===- Lowering.h - TensorFlow node to StableHLO rules ----------*- C++ -*-===//
//
// The legalization rules see a TensorFlow node through `TFNode`: its op
// type, node name, location, attributes, data operands (already StableHLO
// values, statically shaped ranked tensors) and the static types of its data
// results. The same rule table serves tfg nodes (tfg-to-stablehlo) and any
// other carrier of TensorFlow ops with the same names and attributes.
//
// A rule emits StableHLO ops through `Lowering`, which carries the builder,
// the node and small shared helpers (broadcasting, reductions, constants,
// reading constant operands), and reports errors that name the node.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOSTABLEHLO_LOWERING_H
#define TFG_LIB_CONVERSION_TFGTOSTABLEHLO_LOWERING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <optional>

namespace mlir {
namespace tfg {
namespace tohlo {

/// A TensorFlow node as the rules see it.
struct TFNode {
  StringRef opType;
  StringRef name;
  Location loc;
  DictionaryAttr attrs;
  /// Data operands, StableHLO values of static ranked tensor type.
  SmallVector<Value, 4> operands;
  /// Types of the data results (static ranked tensors).
  SmallVector<RankedTensorType, 2> resultTypes;
  /// The value the graph fixes for data operand `i` (shape arithmetic
  /// over constants and static shapes), or null; may be empty. Read by
  /// `Lowering::constInts` when the operand is no StableHLO constant.
  llvm::function_ref<DenseElementsAttr(unsigned)> knownOperand;

  Attribute attr(StringRef attrName) const {
    return attrs ? attrs.get(attrName) : Attribute();
  }
};

class Lowering {
public:
  Lowering(OpBuilder &builder, const TFNode &node)
      : b(builder), node(node), loc(node.loc) {}

  OpBuilder &b;
  const TFNode &node;
  Location loc;

  /// An error at the node: "node 'NAME' (OP): ...".
  InFlightDiagnostic error();

  RankedTensorType type(Value v) const {
    return cast<RankedTensorType>(v.getType());
  }
  RankedTensorType resultType(unsigned i = 0) const {
    return node.resultTypes[i];
  }
  Value operand(unsigned i) const { return node.operands[i]; }
  /// Errors unless the node has at least `operands` data operands and
  /// `results` data results.
  LogicalResult expectArity(unsigned operands, unsigned results);

  /// A generic StableHLO op `stablehlo.NAME` with one result.
  Value op(StringRef name, ValueRange operands, Type result,
           ArrayRef<NamedAttribute> attrs = {});
  NamedAttribute named(StringRef attrName, Attribute value) {
    return b.getNamedAttr(attrName, value);
  }
  DenseI64ArrayAttr i64s(ArrayRef<int64_t> values) {
    return b.getDenseI64ArrayAttr(values);
  }

  /// Constants.
  Value constant(DenseElementsAttr value);
  /// `value` splatted to `type` (float or integer elements).
  Value splat(RankedTensorType type, double value);
  Value splatLike(Value like, double value) { return splat(type(like), value); }

  /// NumPy broadcasting of `v` to `shape` (broadcast_in_dim); `v` must be
  /// broadcastable (checked, error otherwise).
  FailureOr<Value> broadcastTo(Value v, ArrayRef<int64_t> shape);
  Value convert(Value v, Type elementType);
  Value reshape(Value v, ArrayRef<int64_t> shape);
  Value transpose(Value v, ArrayRef<int64_t> perm);
  /// stablehlo.reduce of `v` over `dims` with the binary op `body`
  /// (`stablehlo.add`, ...) and the scalar `init`.
  Value reduce(Value v, ArrayRef<int64_t> dims, StringRef body, double init);
  /// A reduction-like op `stablehlo.NAME` (reduce, reduce_window) over
  /// `inputs` with the scalar `init`, whose body applies `body` (`add`, ...).
  Value withBody(StringRef name, Value input, double init, StringRef body,
                 Type result, ArrayRef<NamedAttribute> attrs);
  /// `init` for max/min reductions: -inf/+inf or the integer extremes.
  double lowest(Type elementType) const;
  double highest(Type elementType) const;
  /// stablehlo.compare with the direction `dir` (EQ, NE, LT, LE, GT, GE).
  Value compare(Value lhs, Value rhs, StringRef dir);
  /// The elementwise binary op `name` after broadcasting both operands to
  /// the node's result shape (with the operands' element type).
  FailureOr<Value> broadcastBinary(StringRef name, Value lhs, Value rhs);

  /// The integer values of constant data operand `i`: a StableHLO
  /// constant, or a value the graph fixes (TFNode::knownOperand); an error
  /// otherwise.
  FailureOr<SmallVector<int64_t>> constInts(unsigned i);
  /// An axis attribute or operand normalized into [0, rank).
  FailureOr<int64_t> normalizeAxis(int64_t axis, int64_t rank);

  /// Attribute readers: an error names the attribute when it is missing
  /// or of the wrong kind (defaults apply when given).
  FailureOr<int64_t> intAttr(StringRef name,
                             std::optional<int64_t> dflt = std::nullopt);
  FailureOr<double> floatAttr(StringRef name,
                              std::optional<double> dflt = std::nullopt);
  FailureOr<bool> boolAttr(StringRef name, std::optional<bool> dflt = {});
  FailureOr<StringRef> strAttr(StringRef name,
                               std::optional<StringRef> dflt = std::nullopt);
  FailureOr<SmallVector<int64_t>> intsAttr(StringRef name);
  FailureOr<SmallVector<StringRef>> strsAttr(StringRef name);
};

/// A stablehlo.sort of `operands` along `dimension`, stable, whose
/// comparator compares the first operand's elements with `dir` (GT: a
/// descending sort, as TopK's). (Lowering.cpp.)
SmallVector<Value, 2> sortBy(Lowering &l, ValueRange operands, StringRef dir,
                             int64_t dimension = 0);

/// stablehlo.scatter of `updates` into `input` at `indices` (the index
/// vector in dimension `indexVectorDim` of the indices), the leading
/// `numInserted` operand dimensions indexed, the update's window in its
/// dimensions from `firstWindowDim` on. `body` combines the current value
/// and the update (`add`, `maximum`, ...); empty: the update replaces it.
/// (ScatterRules.cpp.)
Value emitScatter(Lowering &l, Value input, Value indices, Value updates,
                  int64_t indexVectorDim, int64_t numInserted,
                  int64_t firstWindowDim, StringRef body);

/// A rule: emits the node's data results into `results` or fails with a
/// diagnostic.
using RuleFn = LogicalResult (*)(Lowering &, SmallVectorImpl<Value> &);
using RuleTable = llvm::StringMap<RuleFn>;

void addElementwiseRules(RuleTable &table);
void addShapeRules(RuleTable &table);
void addNNRules(RuleTable &table);
void addImageRules(RuleTable &table);
// Registered after the ones above.
void addMathRules(RuleTable &table);
void addRandomRules(RuleTable &table);
void addGradRules(RuleTable &table);
void addEinsumRules(RuleTable &table);
void addSparseRules(RuleTable &table);
void addColorRules(RuleTable &table);
void addWindowRules(RuleTable &table);
void addMatrixRules(RuleTable &table);
void addArrayRules(RuleTable &table);
void addReductionRules(RuleTable &table);
void addScatterRules(RuleTable &table);

/// The whole table (built once).
const RuleTable &getRuleTable();

/// Applies the rule for the node's op type; an error names the node and
/// op type when there is none.
LogicalResult legalizeNode(OpBuilder &b, const TFNode &node,
                           SmallVectorImpl<Value> &results);

} // namespace tohlo
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_TFGTOSTABLEHLO_LOWERING_H
