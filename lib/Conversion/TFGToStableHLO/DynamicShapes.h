//===- DynamicShapes.h - Rules for values of run-time shape -----*- C++ -*-===//
//
// The second rule table of tfg-to-stablehlo (docs/Lowering.md, "Dynamic
// shapes"): ops whose result shape depends on values (Where,
// NonMaxSuppressionV2-V5, Pad by computed paddings, ...) and the ops that
// consume such results. Their operand and result types may have `?`
// dimensions; the rules emit StableHLO's dynamic ops (dynamic_pad,
// dynamic_reshape, dynamic_broadcast_in_dim, dynamic_iota,
// get_dimension_size) whose sizes the interpreter computes at run time.
// A node goes to this table when one of its types has a `?` dimension, or
// when the static table has no rule for its op type.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOSTABLEHLO_DYNAMICSHAPES_H
#define TFG_LIB_CONVERSION_TFGTOSTABLEHLO_DYNAMICSHAPES_H

#include "Lowering.h"

#include <vector>

namespace mlir {
namespace tfg {
namespace tohlo {

/// `type` as a ranked tensor of a StableHLO element type (dimensions may be
/// `?`), or null.
RankedTensorType getRankedHLOType(Type type);

/// Whether the dynamic table has a rule for `opType`.
bool hasDynamicRule(StringRef opType);
/// The op types of the dynamic table.
std::vector<StringRef> getDynamicRuleOpTypes();

/// Whether an operand of op type `opType` that gives sizes (Pad's
/// paddings, Slice's begin and size, TopKV2's k) is not a constant among
/// the lowered `operands` and not `known` (its value computed from
/// constants and static shapes when lowering): the static rules read those
/// as constants, the dynamic ones at run time.
bool hasComputedSizeOperand(StringRef opType, ValueRange operands,
                            llvm::function_ref<bool(unsigned)> known);

/// Applies the dynamic rule of the node's op type. Each result must have
/// the rank and element type of the node's output and its static sizes
/// where it has `?` ones: a value less static than the node's output is
/// given the output's type by a dynamic_reshape (its sizes checked when
/// run).
LogicalResult legalizeDynamicNode(OpBuilder &b, const TFNode &node,
                                  SmallVectorImpl<Value> &results);

/// Helpers the dynamic rules share (DynamicShapes.cpp).
namespace dyn {
/// Size `d` of `v` as a tensor<i64> (a constant where static).
Value dimSize(Lowering &l, Value v, int64_t d);
/// A tensor<Nxi64> of the scalars `sizes` (tensor<i64> each).
Value shapeTensor(Lowering &l, ArrayRef<Value> sizes);
/// The shape of `v` as a tensor<rank x i64>.
Value shapeOf(Lowering &l, Value v);
/// A tensor<i64> constant.
Value i64Scalar(Lowering &l, int64_t value);
/// `v` (of a shape broadcastable to `shape`, dimension d of `v` to `dims[d]`)
/// broadcast to the run-time shape `shape` (a tensor<Rxi64>), of type
/// `type`.
Value broadcastTo(Lowering &l, Value v, Value shape, RankedTensorType type,
                  ArrayRef<int64_t> dims);
/// `v` (rank 1, `capacity` elements) cut to its first `count` (tensor<i64>)
/// elements: dynamic_pad with a negative high edge, tensor<?x...>.
Value takeFirst(Lowering &l, Value v, Value count);
/// `v` given `type`, which has its rank and element type and may have
/// static sizes where `v`'s are `?`: a dynamic_reshape to `v`'s own
/// run-time shape, whose static sizes the interpreter checks. `v` itself
/// when its type is `type` or more static.
Value refineTo(Lowering &l, Value v, RankedTensorType type);
/// The float value of constant operand `i`, or failure (no error).
FailureOr<double> constFloat(Lowering &l, unsigned i);
} // namespace dyn

/// Where, NonMaxSuppressionV2/V3/V4/V5 (DataDependentRules.cpp).
void addDataDependentRules(RuleTable &table);
/// Split, TopKV2, Range, Sum/Prod/Max/Min/Any/All (DynamicArrayRules.cpp).
void addDynamicArrayRules(RuleTable &table);

} // namespace tohlo
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_TFGTOSTABLEHLO_DYNAMICSHAPES_H
