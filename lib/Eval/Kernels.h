//===- Kernels.h - The kernel families of TFGEval ---------------*- C++ -*-===//
//
// Each op family registers its kernels in the one table (Evaluator.cpp);
// the helpers here are shared by the families.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_EVAL_KERNELS_H
#define TFG_LIB_EVAL_KERNELS_H

#include "tfg/Eval/Evaluator.h"

#include "mlir/IR/BuiltinTypes.h"

#include <string>

#include <optional>

namespace mlir {
namespace tfg {

/// Const (SourceKernels.cpp).
void addSourceKernels(EvalKernelTable &table);
/// Shape, ShapeN, Size, Rank (ShapeKernels.cpp).
void addShapeKernels(EvalKernelTable &table);
/// Identity and the ops that forward their operand (ArrayKernels.cpp).
void addArrayKernels(EvalKernelTable &table);
/// Reshape, ExpandDims, Squeeze, Transpose, ConcatV2, Fill
/// (ShapeOpKernels.cpp).
void addShapeOpKernels(EvalKernelTable &table);
/// Sum, Prod, Mean, Max, Min, All, Any, ArgMax, ArgMin, Cumsum, Cumprod
/// (ReductionKernels.cpp).
void addReductionKernels(EvalKernelTable &table);
/// Slice, StridedSlice, Tile, Pack, Unpack, Range (SliceKernels.cpp).
void addSliceKernels(EvalKernelTable &table);
/// GatherV2, Pad, PadV2, OneHot (GatherKernels.cpp).
void addGatherKernels(EvalKernelTable &table);
/// Binary arithmetic and BiasAdd (BinaryKernels.cpp).
void addBinaryKernels(EvalKernelTable &table);
/// Unary math, ZerosLike, OnesLike (UnaryKernels.cpp).
void addUnaryKernels(EvalKernelTable &table);
/// Comparisons, logical ops, Select, SelectV2 (CompareKernels.cpp).
void addCompareKernels(EvalKernelTable &table);
/// Cast (CastKernels.cpp).
void addCastKernels(EvalKernelTable &table);
/// Conv2D, DepthwiseConv2dNative, Conv2DBackpropInput, Conv3D and the
/// fused forms (ConvKernels.cpp).
void addConvKernels(EvalKernelTable &table);
/// MatMul, _FusedMatMul, BatchMatMul, V2, V3 (MatMulKernels.cpp).
void addMatMulKernels(EvalKernelTable &table);
/// MaxPool, MaxPoolV2, AvgPool (PoolKernels.cpp).
void addPoolKernels(EvalKernelTable &table);
/// Softmax, LogSoftmax, BiasAddV1, FusedBatchNorm*, _FusedBatchNormEx,
/// Prelu, LRN, L2Loss
/// (NNKernels.cpp).
void addNNKernels(EvalKernelTable &table);

/// Registers `kernel` under each of `names`.
inline void addKernels(EvalKernelTable &table,
                       std::initializer_list<const char *> names,
                       EvalKernel kernel) {
  for (const char *name : names)
    table[name] = kernel;
}

/// The number of elements of a static tensor type; none if it is not one
/// or the count overflows int64.
std::optional<int64_t> getNumElements(Type type);

/// Sets a single result.
inline LogicalResult setSingleResult(EvalContext &ctx, ElementsAttr value) {
  ctx.results.assign(1, value);
  return success();
}

/// Sets a single host result.
inline LogicalResult setSingleResult(EvalContext &ctx, HostTensor value) {
  ctx.results.clear();
  ctx.hostResults.clear();
  ctx.hostResults.push_back(std::move(value));
  return success();
}

/// `[2, 3]`.
std::string formatShape(ArrayRef<int64_t> shape);

/// The NumPy/TensorFlow broadcast of operand shapes: shapes align on their
/// trailing dimensions, a dimension of 1 (or a missing one) stretches to
/// the other. `strides` gives, per operand and per result dimension, the
/// operand's row-major stride, 0 where it broadcasts.
struct Broadcast {
  SmallVector<int64_t, 4> shape;
  SmallVector<SmallVector<int64_t, 4>, 3> strides;
  SmallVector<bool, 3> identity;
  /// The element of operand `k` that result element `i` reads.
  int64_t operandIndex(unsigned k, int64_t i) const;
};
/// Broadcasts `shapes`; fails (message naming the shapes) when two
/// dimensions differ and neither is 1.
FailureOr<Broadcast> broadcastShapes(EvalContext &ctx,
                                     ArrayRef<ArrayRef<int64_t>> shapes);

/// A result under construction: `tensor` holds the elements to compute
/// (one, when the result is a splat; otherwise all of them).
struct ResultBuilder {
  HostTensor tensor;
  SmallVector<int64_t, 4> shape;
  bool splat = false;
  /// The elements to compute.
  int64_t size() const { return tensor.getNumElements(); }
};
/// Starts a result of `elementType` and `shape`; fails beyond the context's
/// element bound. `splat` asks for a splat result (kept only when the
/// result has two elements or more).
FailureOr<ResultBuilder> startResult(EvalContext &ctx, Type elementType,
                                     ArrayRef<int64_t> shape, bool splat);
/// Sets the result that `builder` computed as the single result.
LogicalResult finishResult(EvalContext &ctx, ResultBuilder builder);
/// Whether `t` has at most one distinct element (a splat or <= 1 element).
inline bool isUniform(const HostTensor &t) {
  return t.isSplat() || t.getNumElements() <= 1;
}
/// Copies element `from` of `src` into element `to` of `dst` (same type).
void copyElement(const HostTensor &src, int64_t from, HostTensor &dst,
                 int64_t to);
/// The row-major strides (in elements) of a tensor of `shape`.
inline SmallVector<int64_t, 4> getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}
/// Walks the first `count` positions of a strided view in row-major order
/// (an odometer): calls `fn(i, offset)` for position i, whose element lies
/// at `offset` in the viewed tensor. Dimension d of the view has
/// `lengths[d]` positions `steps[d]` elements apart; position 0 is at
/// `offset`.
template <typename Fn>
void forEachStridedOffset(ArrayRef<int64_t> lengths, ArrayRef<int64_t> steps,
                          int64_t offset, int64_t count, Fn fn) {
  int64_t rank = lengths.size();
  SmallVector<int64_t, 4> index(rank, 0);
  for (int64_t i = 0; i < count; ++i) {
    fn(i, offset);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < lengths[d]) {
        offset += steps[d];
        break;
      }
      offset -= (lengths[d] - 1) * steps[d];
      index[d] = 0;
    }
  }
}
/// Copies the elements of a strided view of `src` (see
/// forEachStridedOffset) into the result `out` is building.
inline void copyStridedView(const HostTensor &src, int64_t offset,
                            ArrayRef<int64_t> lengths, ArrayRef<int64_t> steps,
                            ResultBuilder &out) {
  forEachStridedOffset(
      lengths, steps, offset, out.size(),
      [&](int64_t i, int64_t from) { copyElement(src, from, out.tensor, i); });
}
/// Operand `i`'s value, or a failure naming it.
FailureOr<const HostTensor *> getOperand(EvalContext &ctx, unsigned i);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_KERNELS_H
