//===- Lowering.h - shared helpers of StableHLOToLinalg ---------*- C++ -*-===//
//
// The per-family lowerings of --stablehlo-to-linalg and the helpers they
// share. Each `lower<Family>` returns std::nullopt for an op that is not of
// its family, failure (after an error at the op) for one it cannot lower,
// and the replacement values otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_STABLEHLOTOLINALG_LOWERING_H
#define TFG_LIB_CONVERSION_STABLEHLOTOLINALG_LOWERING_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace mlir {
namespace tfg {
namespace shlo_linalg {

using Lowered = std::optional<FailureOr<SmallVector<Value>>>;

/// A tensor.empty of `type` (static).
Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type);
/// `type` filled with the scalar `value`.
Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   Value value);
/// The element of the 0-d tensor `value`.
Value extractScalar(OpBuilder &b, Location loc, Value value);
/// The scalar constant `value` of element type `type` (int or float).
Value scalarConstant(OpBuilder &b, Location loc, Type type, double value);
/// Pads `value` with the scalar `padValue`: `low`/`high` elements at the
/// edges (negative: removed) and `interior` between elements, as
/// stablehlo.pad.
Value padTensor(OpBuilder &b, Location loc, Value value, Value padValue,
                ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                ArrayRef<int64_t> interior);
/// `value` transposed by `perm` (nothing for the identity).
Value transposeTensor(OpBuilder &b, Location loc, Value value,
                      ArrayRef<int64_t> perm);
/// `value` reversed along `dims`.
Value reverseTensor(OpBuilder &b, Location loc, Value value,
                    ArrayRef<int64_t> dims);
/// `value` reshaped to the static `type` (same number of elements).
Value reshapeTensor(OpBuilder &b, Location loc, Value value,
                    RankedTensorType type);
/// A tensor.empty of `type` whose `?` sizes are taken from `sizes` (one per
/// dimension).
Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<OpFoldResult> sizes);
/// The sizes of the ranked tensor `value` (tensor.dim for `?` ones).
SmallVector<OpFoldResult> tensorSizes(OpBuilder &b, Location loc, Value value);
/// The smaller of two sizes (folded when both are constants).
OpFoldResult minSize(OpBuilder &b, Location loc, OpFoldResult x,
                     OpFoldResult y);
/// `size` (index) clamped into [0, bound], the bound keeping every `?` size
/// of `type` small enough that the tensor holds at most 1 GiB.
Value clampDynamicSize(OpBuilder &b, Location loc, RankedTensorType type,
                       Value size);
/// tensor.extract of `tensor` at `indices`, each clamped into [0, dim - 1];
/// 0 when the tensor is empty. Never reads outside the tensor.
Value safeExtract(OpBuilder &b, Location loc, Value tensor, ValueRange indices);
/// Whether an operand or result of `op` has a `?` size.
bool hasDynamicShapes(Operation *op);
/// Whether the lowering of `op` takes `?` sizes (Dynamic.cpp).
bool acceptsDynamicShapes(Operation *op);
/// Whether `op` is an elementwise StableHLO op (Elementwise.cpp).
bool isElementwiseOp(Operation *op);
/// A linalg.generic of all-parallel loops over `resultType`'s shape.
SmallVector<utils::IteratorType> parallelIterators(unsigned n);

/// Fails, with an error at `op`, when one of its operand or result types is
/// not a static ranked tensor of a float or signless integer type, or holds
/// more than 1 GiB (so that every buffer of the compiled code is bounded).
LogicalResult checkTypes(Operation *op);

/// The scalar computation of the elementwise StableHLO op `op` on the
/// scalars `args` (its operands' elements), of element type `resultType`.
/// Fails, with an error at `op`, for an op that is not elementwise.
FailureOr<Value> buildScalarOp(OpBuilder &b, Location loc, Operation *op,
                               ValueRange args, Type resultType);

/// Emits the ops of the single-block `region` (StableHLO ops on 0-d tensors,
/// as in reduce bodies) as scalar ops at `b`, with the block's arguments
/// bound to `args`; returns the scalars its `stablehlo.return` returns.
FailureOr<SmallVector<Value>> inlineScalarBody(OpBuilder &b, Location loc,
                                               Region &region, ValueRange args);

/// The binary op of a body that is one StableHLO op on its two arguments
/// (as pooling and reductions have), else null.
Operation *getSingleBinaryBodyOp(Region &region);

/// An `index` constant (arith.constant) of value `v`.
Value indexConstant(OpBuilder &b, Location loc, int64_t v);

Lowered lowerElementwise(OpBuilder &b, Operation *op);
Lowered lowerShapeOp(OpBuilder &b, Operation *op);
Lowered lowerGatherOp(OpBuilder &b, Operation *op);
Lowered lowerDotOp(OpBuilder &b, Operation *op);
Lowered lowerConvolution(OpBuilder &b, Operation *op);
Lowered lowerReduceOp(OpBuilder &b, Operation *op);
Lowered lowerDynamicOp(OpBuilder &b, Operation *op);
Lowered lowerSortOp(OpBuilder &b, Operation *op);
Lowered lowerScatterOp(OpBuilder &b, Operation *op);

/// while, if and case become scf.while, scf.if and scf.index_switch that
/// take the StableHLO op's regions (ControlFlow.cpp); the driver lowers the
/// ops in them afterwards.
Lowered lowerControlFlowOp(OpBuilder &b, Operation *op);
bool isControlFlowOp(Operation *op);

} // namespace shlo_linalg
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_STABLEHLOTOLINALG_LOWERING_H
