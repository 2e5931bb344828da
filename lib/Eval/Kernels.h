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
/// GatherNd, Gather, ScatterNd, TensorScatterUpdate/Add/Sub/Max/Min
/// (ScatterKernels.cpp).
void addScatterKernels(EvalKernelTable &table);
/// Split, SplitV, Concat, AddN, BroadcastTo, Reverse, ReverseV2,
/// ReverseSequence, InvertPermutation, BroadcastArgs, BroadcastGradientArgs,
/// EnsureShape, CheckNumerics (SplitKernels.cpp).
void addSplitKernels(EvalKernelTable &table);
/// SpaceToDepth, DepthToSpace, SpaceToBatchND, BatchToSpaceND, MirrorPad
/// (SpaceKernels.cpp).
void addSpaceKernels(EvalKernelTable &table);
/// Where, Unique, UniqueV2, TopKV2, Bucketize, ClipByValue, LinSpace
/// (SelectionKernels.cpp).
void addSelectionKernels(EvalKernelTable &table);
/// MatrixBandPart, MatrixDiag, MatrixDiagV2/V3, MatrixDiagPart, Einsum,
/// Cross (MatrixKernels.cpp).
void addMatrixKernels(EvalKernelTable &table);
/// Segment and UnsortedSegment reductions (SegmentKernels.cpp).
void addSegmentKernels(EvalKernelTable &table);
/// ResizeBilinear, ResizeNearestNeighbor, CropAndResize, RGBToHSV,
/// HSVToRGB, AdjustContrastv2, AdjustHue, AdjustSaturation
/// (ImageKernels.cpp).
void addImageKernels(EvalKernelTable &table);
/// NonMaxSuppressionV2/V3/V4/V5, CombinedNonMaxSuppression
/// (DetectionKernels.cpp).
void addDetectionKernels(EvalKernelTable &table);

/// Special functions, bitwise ops, complex parts (MathKernels.cpp).
void addMathKernels(EvalKernelTable &table);
/// psi(x), the digamma function (MathKernels.cpp): +inf at the poles 0,
/// -1, ..., as Eigen's.
double digamma(double x);
/// Igamma, Igammac, Betainc, Zeta, Polygamma (SpecialKernels.cpp).
void addSpecialKernels(EvalKernelTable &table);
/// String ops (StringKernels.cpp).
void addStringKernels(EvalKernelTable &table);
/// RegexReplace, StaticRegexReplace, RegexFullMatch, StaticRegexFullMatch
/// (RegexKernels.cpp).
void addRegexKernels(EvalKernelTable &table);
/// StringNGrams (NGramKernels.cpp).
void addNGramKernels(EvalKernelTable &table);
/// Sparse tensor ops (SparseKernels.cpp).
void addSparseKernels(EvalKernelTable &table);
/// Stateless (and seeded stateful) random ops (RandomKernels.cpp).
void addRandomKernels(EvalKernelTable &table);
/// The stateful ops among them (RandomKernels.cpp).
bool isStatefulRandomOp(StringRef opName);

/// Conv2D (grouped too), DepthwiseConv2dNative, Conv2DBackpropInput,
/// Conv3D and the fused forms (ConvKernels.cpp).
void addConvKernels(EvalKernelTable &table);
/// MatMul, _FusedMatMul, BatchMatMul, V2, V3 (MatMulKernels.cpp).
void addMatMulKernels(EvalKernelTable &table);
/// MaxPool, MaxPoolV2, AvgPool, MaxPool3D, AvgPool3D (PoolKernels.cpp).
void addPoolKernels(EvalKernelTable &table);
/// Softmax, LogSoftmax, BiasAddV1, FusedBatchNorm* (inference and
/// training), _FusedBatchNormEx,
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
/// Bounds the bytes of the strings a kernel builds: 64 bytes per element
/// of the context's element bound, at most the host tensor bound
/// (kDefaultHostTensorMaxBytes). A broadcast or repeated string could
/// otherwise ask for far more memory than the operands hold.
class StringBudget {
public:
  explicit StringBudget(EvalContext &ctx)
      : ctx(ctx), left(ctx.getMaxElements() > kDefaultHostTensorMaxBytes / 64
                           ? kDefaultHostTensorMaxBytes
                           : ctx.getMaxElements() * 64) {}
  /// Takes `bytes`; false (the context failed) once the budget is spent.
  bool take(size_t bytes) {
    if (bytes > static_cast<uint64_t>(left)) {
      if (left >= 0)
        (void)ctx.fail("the string results exceed the bound of " +
                       std::to_string(64 * ctx.getMaxElements()) + " bytes");
      left = -1;
      return false;
    }
    left -= static_cast<int64_t>(bytes);
    return true;
  }

private:
  EvalContext &ctx;
  int64_t left;
};

/// Fails when operand `t` (`what`) stands for more elements than the
/// context's element bound: kernels that walk every element of an operand
/// (a splat may stand for a huge shape) check it first.
inline LogicalResult checkOperandElements(EvalContext &ctx, const HostTensor &t,
                                          StringRef what) {
  if (t.getNumElements() <= ctx.getMaxElements())
    return success();
  return ctx.fail(what + " has " + std::to_string(t.getNumElements()) +
                  " elements, more than the bound of " +
                  std::to_string(ctx.getMaxElements()));
}

/// String operand `i`, or a failure when it is missing or not a string
/// (StringKernels.cpp).
FailureOr<const HostTensor *> getStringOperand(EvalContext &ctx, unsigned i);

/// A result of `elementType` of the shape of `in` (a splat when `in` is
/// uniform), element i set by `fn(result, i)`; string results are bounded
/// by a StringBudget.
template <typename Fn>
LogicalResult mapStrings(EvalContext &ctx, const HostTensor &in,
                         Type elementType, Fn fn) {
  FailureOr<ResultBuilder> out =
      startResult(ctx, elementType, in.getShape(), isUniform(in));
  if (failed(out))
    return failure();
  StringBudget budget(ctx);
  bool strings = out->tensor.getKind() == HostElementKind::String;
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    if (failed(fn(out->tensor, i)))
      return failure();
    if (strings && !budget.take(out->tensor.getString(i).size()))
      return failure();
  }
  return finishResult(ctx, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Helpers of the array, image and detection kernels (KernelSupport.cpp).
//===----------------------------------------------------------------------===//

/// Whether `t` holds int32 or int64 elements.
bool isIndexTensor(const HostTensor &t);
/// Whether `t` holds ints, unsigned ints or floats (not bool, complex or
/// strings).
bool isRealNumberTensor(const HostTensor &t);
/// The elements of integer operand `i` (int32 or int64, scalar or 1-D).
FailureOr<SmallVector<int64_t, 4>> getIntVector(EvalContext &ctx, unsigned i,
                                                StringRef what);
/// The one element of integer operand `i` (int32 or int64, scalar or one
/// element).
FailureOr<int64_t> getIntScalar(EvalContext &ctx, unsigned i, StringRef what);
/// `axis` in [-rank, rank) made non-negative, or a failure.
FailureOr<int64_t> normalizeAxis(EvalContext &ctx, int64_t axis, int64_t rank);
/// The first `n` operands' values, or a failure naming the unknown one.
FailureOr<SmallVector<const HostTensor *, 4>> getOperands(EvalContext &ctx,
                                                          unsigned n);
/// Node attributes with their defaults.
int64_t getIntAttr(EvalContext &ctx, StringRef name, int64_t defaultValue);
bool getBoolAttr(EvalContext &ctx, StringRef name, bool defaultValue);
double getFloatAttr(EvalContext &ctx, StringRef name, double defaultValue);
std::string getStringAttr(EvalContext &ctx, StringRef name,
                          StringRef defaultValue);
/// The type of a type attribute, or `defaultType`.
Type getTypeAttr(EvalContext &ctx, StringRef name, Type defaultType);
/// The product of `shape[begin, end)` (a sub-shape of a valid tensor, so
/// no overflow).
int64_t getSubSize(ArrayRef<int64_t> shape, size_t begin, size_t end);
/// A zeroed non-splat tensor of `shape`, bounded by the context.
FailureOr<HostTensor> createResult(EvalContext &ctx, Type elementType,
                                   ArrayRef<int64_t> shape);
/// Sets several host results.
LogicalResult setResults(EvalContext &ctx, MutableArrayRef<HostTensor> values);
/// Copies `count` elements of `src` from `from` into `dst` at `to` (same
/// type; `dst` is not a splat).
void copyElements(const HostTensor &src, int64_t from, HostTensor &dst,
                  int64_t to, int64_t count);

/// How an element combines into an accumulator.
enum class Combine { Assign, Add, Sub, Mul, Max, Min };
/// dst[to] = combine(dst[to], src[from]) on real numbers of one type
/// (f32 in float, f64 in double, other floats in double rounded to the
/// type; ints wrap). Assign copies any type.
void combineElement(Combine op, const HostTensor &src, int64_t from,
                    HostTensor &dst, int64_t to);
/// Sets every element of `dst` to the identity of `op`: 0 for Add/Sub, 1
/// for Mul, the lowest value for Max, the highest for Min.
void fillIdentity(Combine op, HostTensor &dst);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_KERNELS_H
