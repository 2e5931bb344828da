//===- SplitKernels.cpp - Kernels of splits, reversals and checks ---------===//
//
// Split (axis first, num_split equal pieces) and SplitV (size_splits with at
// most one -1, summing to the dimension), AddN (same-shape operands summed
// in order), BroadcastTo (NumPy broadcasting to exactly the given shape),
// Reverse (a bool per dimension), ReverseV2 (axes, each at most once),
// ReverseSequence (the first seq_lengths[b] elements along seq_dim of batch
// b reversed), InvertPermutation, BroadcastArgs, BroadcastGradientArgs (as
// TensorFlow's BCast: an input reduces the dimensions where it is 1 and the
// output is not, and both reduce those where every input is 1; equal
// shapes reduce nothing),
// EnsureShape (the shape attribute's known dimensions must match) and
// CheckNumerics ("<message> : Tensor had NaN values", "Inf values" or "Inf
// and NaN values"). Elements move by their bytes; AddN takes numbers.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/IR/TFTypeDialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

/// The result `builder` computed, taken out of the context.
static FailureOr<HostTensor> takeResult(EvalContext &ctx,
                                        ResultBuilder builder) {
  if (failed(finishResult(ctx, std::move(builder))))
    return failure();
  HostTensor t = std::move(ctx.hostResults[0]);
  ctx.hostResults.clear();
  return t;
}

/// Splits `in` along `axis` into pieces of `sizes` (which sum to the
/// dimension) and sets them as the results.
static LogicalResult splitInto(EvalContext &ctx, const HostTensor &in,
                               int64_t axis, ArrayRef<int64_t> sizes) {
  ArrayRef<int64_t> shape = in.getShape();
  int64_t outer = getSubSize(shape, 0, axis),
          inner = getSubSize(shape, axis + 1, shape.size());
  int64_t dim = shape[axis];
  SmallVector<HostTensor, 4> pieces;
  int64_t start = 0;
  for (int64_t size : sizes) {
    SmallVector<int64_t, 4> pieceShape(shape);
    pieceShape[axis] = size;
    FailureOr<ResultBuilder> r =
        startResult(ctx, in.getElementType(), pieceShape, in.isSplat());
    if (failed(r))
      return failure();
    if (r->splat) {
      copyElement(in, 0, r->tensor, 0);
    } else {
      for (int64_t o = 0; o < outer; ++o)
        copyElements(in, (o * dim + start) * inner, r->tensor, o * size * inner,
                     size * inner);
    }
    FailureOr<HostTensor> t = takeResult(ctx, std::move(*r));
    if (failed(t))
      return failure();
    pieces.push_back(std::move(*t));
    start += size;
  }
  return setResults(ctx, pieces);
}

static LogicalResult splitKernel(EvalContext &ctx) {
  FailureOr<int64_t> axis = getIntScalar(ctx, 0, "Split's axis");
  if (failed(axis))
    return failure();
  FailureOr<const HostTensor *> in = getOperand(ctx, 1);
  if (failed(in))
    return failure();
  FailureOr<int64_t> a = normalizeAxis(ctx, *axis, (*in)->getRank());
  if (failed(a))
    return failure();
  int64_t n = getIntAttr(ctx, "num_split", -1);
  if (n < 1 || n > ctx.getMaxElements())
    return ctx.fail("Split needs a positive num_split attribute");
  int64_t dim = (*in)->getShape()[*a];
  if (dim % n != 0)
    return ctx.fail("cannot split dimension of size " + std::to_string(dim) +
                    " into " + std::to_string(n) + " equal pieces");
  SmallVector<int64_t, 4> sizes(n, dim / n);
  return splitInto(ctx, **in, *a, sizes);
}

static LogicalResult splitVKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> sizes =
      getIntVector(ctx, 1, "size_splits");
  if (failed(sizes))
    return failure();
  FailureOr<int64_t> axis = getIntScalar(ctx, 2, "SplitV's axis");
  if (failed(axis))
    return failure();
  FailureOr<int64_t> a = normalizeAxis(ctx, *axis, (*in)->getRank());
  if (failed(a))
    return failure();
  int64_t n = getIntAttr(ctx, "num_split", sizes->size());
  if (n != static_cast<int64_t>(sizes->size()) || n < 1)
    return ctx.fail("SplitV's num_split does not match size_splits");
  int64_t dim = (*in)->getShape()[*a], known = 0;
  std::optional<size_t> unknown;
  for (auto [i, s] : llvm::enumerate(*sizes)) {
    if (s == -1) {
      if (unknown)
        return ctx.fail("only one size of SplitV may be -1");
      unknown = i;
      continue;
    }
    if (s < 0 || s > dim - known)
      return ctx.fail("SplitV's sizes " + formatShape(*sizes) +
                      " do not fit dimension of size " + std::to_string(dim));
    known += s;
  }
  if (unknown)
    (*sizes)[*unknown] = dim - known;
  else if (known != dim)
    return ctx.fail("SplitV's sizes " + formatShape(*sizes) +
                    " do not sum to the dimension " + std::to_string(dim));
  return splitInto(ctx, **in, *a, *sizes);
}

static LogicalResult addNKernel(EvalContext &ctx) {
  unsigned n = ctx.getNumOperands();
  if (n < 1)
    return ctx.fail("AddN needs operands");
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, n);
  if (failed(ops))
    return failure();
  const HostTensor &first = *(*ops)[0];
  if (!isRealNumberTensor(first))
    return ctx.fail("AddN takes real numbers");
  for (const HostTensor *t : *ops)
    if (t->getElementType() != first.getElementType() ||
        t->getShape() != first.getShape())
      return ctx.fail("AddN's operands must have one type and shape");
  FailureOr<HostTensor> out =
      createResult(ctx, first.getElementType(), first.getShape());
  if (failed(out))
    return failure();
  copyElements(first, 0, *out, 0, first.getNumElements());
  for (unsigned k = 1; k < n; ++k)
    for (int64_t i = 0, e = out->getNumElements(); i < e; ++i)
      combineElement(Combine::Add, *(*ops)[k], i, *out, i);
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult broadcastToKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> shape = getIntVector(ctx, 1, "shape");
  if (failed(shape))
    return failure();
  for (int64_t d : *shape)
    if (d < 0)
      return ctx.fail("BroadcastTo's shape has a negative dimension");
  FailureOr<Broadcast> bc =
      broadcastShapes(ctx, {(*in)->getShape(), ArrayRef<int64_t>(*shape)});
  if (failed(bc))
    return failure();
  if (ArrayRef<int64_t>(bc->shape) != ArrayRef<int64_t>(*shape))
    return ctx.fail("cannot broadcast " + formatShape((*in)->getShape()) +
                    " to " + formatShape(*shape));
  FailureOr<ResultBuilder> r =
      startResult(ctx, (*in)->getElementType(), *shape, isUniform(**in));
  if (failed(r))
    return failure();
  for (int64_t i = 0, e = r->size(); i < e; ++i)
    copyElement(**in, bc->operandIndex(0, i), r->tensor, i);
  return finishResult(ctx, std::move(*r));
}

/// `in` with the dimensions in `reversed` reversed.
static LogicalResult reverseDims(EvalContext &ctx, const HostTensor &in,
                                 ArrayRef<bool> reversed) {
  ArrayRef<int64_t> shape = in.getShape();
  SmallVector<int64_t, 4> strides = getStrides(shape), steps(strides);
  int64_t offset = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (!reversed[d] || shape[d] == 0)
      continue;
    offset += (shape[d] - 1) * strides[d];
    steps[d] = -strides[d];
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, in.getElementType(), shape, in.isSplat());
  if (failed(r))
    return failure();
  if (r->splat)
    copyElement(in, 0, r->tensor, 0);
  else
    copyStridedView(in, offset, shape, steps, *r);
  return finishResult(ctx, std::move(*r));
}

static LogicalResult reverseKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &in = *(*ops)[0], &dims = *(*ops)[1];
  if (dims.getKind() != HostElementKind::Bool || dims.getRank() != 1 ||
      dims.getNumElements() != in.getRank())
    return ctx.fail("Reverse's dims must be a bool vector of the rank");
  SmallVector<bool, 4> reversed;
  for (int64_t d = 0; d < in.getRank(); ++d)
    reversed.push_back(dims.getInt(d) != 0);
  return reverseDims(ctx, in, reversed);
}

static LogicalResult reverseV2Kernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> axes = getIntVector(ctx, 1, "axis");
  if (failed(axes))
    return failure();
  int64_t rank = (*in)->getRank();
  SmallVector<bool, 4> reversed(rank, false);
  for (int64_t axis : *axes) {
    FailureOr<int64_t> a = normalizeAxis(ctx, axis, rank);
    if (failed(a))
      return failure();
    if (reversed[*a])
      return ctx.fail("axis " + std::to_string(*a) +
                      " is specified more than once");
    reversed[*a] = true;
  }
  return reverseDims(ctx, **in, reversed);
}

static LogicalResult reverseSequenceKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &in = *(*ops)[0], &lengths = *(*ops)[1];
  int64_t rank = in.getRank();
  int64_t seqDim = getIntAttr(ctx, "seq_dim", -1),
          batchDim = getIntAttr(ctx, "batch_dim", 0);
  if (seqDim < 0 || seqDim >= rank || batchDim < 0 || batchDim >= rank ||
      seqDim == batchDim)
    return ctx.fail("ReverseSequence's seq_dim and batch_dim must be two "
                    "different dimensions of the input");
  ArrayRef<int64_t> shape = in.getShape();
  if (!isIndexTensor(lengths) || lengths.getRank() != 1 ||
      lengths.getNumElements() != shape[batchDim])
    return ctx.fail("seq_lengths must be an int vector of the batch size");
  for (int64_t b = 0; b < shape[batchDim]; ++b) {
    int64_t len = lengths.getInt(b);
    if (len < 0 || len > shape[seqDim])
      return ctx.fail("seq_lengths[" + std::to_string(b) +
                      "] = " + std::to_string(len) + " is out of range [0, " +
                      std::to_string(shape[seqDim]) + "]");
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, in.getElementType(), shape, false);
  if (failed(r))
    return failure();
  SmallVector<int64_t, 4> strides = getStrides(shape);
  for (int64_t i = 0, e = r->size(); i < e; ++i) {
    int64_t b = (i / strides[batchDim]) % shape[batchDim];
    int64_t s = (i / strides[seqDim]) % shape[seqDim];
    int64_t len = lengths.getInt(b);
    int64_t from = s < len ? i + (len - 1 - 2 * s) * strides[seqDim] : i;
    copyElement(in, from, r->tensor, i);
  }
  return finishResult(ctx, std::move(*r));
}

static LogicalResult invertPermutationKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  if (!isIndexTensor(**x) || (*x)->getRank() != 1)
    return ctx.fail("InvertPermutation takes an int32 or int64 vector");
  int64_t n = (*x)->getNumElements();
  FailureOr<HostTensor> out = createResult(ctx, (*x)->getElementType(), {n});
  if (failed(out))
    return failure();
  std::vector<bool> seen(n, false);
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = (*x)->getInt(i);
    if (v < 0 || v >= n || seen[v])
      return ctx.fail("InvertPermutation's operand is not a permutation of "
                      "[0, " +
                      std::to_string(n) + ")");
    seen[v] = true;
    out->setInt(v, i);
  }
  return setSingleResult(ctx, std::move(*out));
}

/// The two shape operands of BroadcastArgs and BroadcastGradientArgs.
static FailureOr<std::pair<SmallVector<int64_t, 4>, SmallVector<int64_t, 4>>>
getShapePair(EvalContext &ctx) {
  FailureOr<SmallVector<int64_t, 4>> s0 = getIntVector(ctx, 0, "s0");
  if (failed(s0))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> s1 = getIntVector(ctx, 1, "s1");
  if (failed(s1))
    return failure();
  if (ctx.getHostValue(0)->getElementType() !=
          ctx.getHostValue(1)->getElementType() ||
      ctx.getHostValue(0)->getRank() != 1 ||
      ctx.getHostValue(1)->getRank() != 1)
    return ctx.fail("s0 and s1 must be vectors of one type");
  for (int64_t d : llvm::concat<int64_t>(*s0, *s1))
    if (d < 0)
      return ctx.fail("a shape has a negative dimension");
  return std::make_pair(*s0, *s1);
}

/// A vector of `values` of the type of operand 0.
static FailureOr<HostTensor> makeShapeVector(EvalContext &ctx,
                                             ArrayRef<int64_t> values) {
  FailureOr<HostTensor> t =
      createResult(ctx, ctx.getHostValue(0)->getElementType(),
                   {static_cast<int64_t>(values.size())});
  if (failed(t))
    return failure();
  for (auto [i, v] : llvm::enumerate(values))
    t->setInt(i, v);
  return t;
}

static LogicalResult broadcastArgsKernel(EvalContext &ctx) {
  auto shapes = getShapePair(ctx);
  if (failed(shapes))
    return failure();
  FailureOr<Broadcast> bc =
      broadcastShapes(ctx, {ArrayRef<int64_t>(shapes->first),
                            ArrayRef<int64_t>(shapes->second)});
  if (failed(bc))
    return failure();
  FailureOr<HostTensor> t = makeShapeVector(ctx, bc->shape);
  if (failed(t))
    return failure();
  return setSingleResult(ctx, std::move(*t));
}

static LogicalResult broadcastGradientArgsKernel(EvalContext &ctx) {
  auto shapes = getShapePair(ctx);
  if (failed(shapes))
    return failure();
  ArrayRef<int64_t> s0 = shapes->first, s1 = shapes->second;
  FailureOr<Broadcast> bc = broadcastShapes(ctx, {s0, s1});
  if (failed(bc))
    return failure();
  int64_t rank = bc->shape.size();
  SmallVector<int64_t, 4> r0, r1;
  // Equal shapes take BCast's fast path: nothing to reduce.
  if (s0 == s1)
    rank = 0;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t d0 = d - (rank - static_cast<int64_t>(s0.size()));
    int64_t d1 = d - (rank - static_cast<int64_t>(s1.size()));
    bool one0 = d0 < 0 || s0[d0] == 1, one1 = d1 < 0 || s1[d1] == 1;
    if (one0 && (one1 || bc->shape[d] != 1))
      r0.push_back(d);
    if (one1 && (one0 || bc->shape[d] != 1))
      r1.push_back(d);
  }
  FailureOr<HostTensor> t0 = makeShapeVector(ctx, r0);
  if (failed(t0))
    return failure();
  FailureOr<HostTensor> t1 = makeShapeVector(ctx, r1);
  if (failed(t1))
    return failure();
  HostTensor results[] = {std::move(*t0), std::move(*t1)};
  return setResults(ctx, results);
}

static LogicalResult ensureShapeKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  auto shape = dyn_cast_if_present<tf_type::ShapeAttr>(ctx.getAttr("shape"));
  if (!shape)
    return ctx.fail("EnsureShape needs a shape attribute");
  if (shape.hasRank()) {
    ArrayRef<int64_t> want = shape.getShape(), have = (*in)->getShape();
    bool ok = want.size() == have.size();
    for (size_t d = 0; ok && d < want.size(); ++d)
      ok = want[d] < 0 || want[d] == have[d];
    if (!ok)
      return ctx.fail("shape of tensor " + formatShape(have) +
                      " is not compatible with expected shape " +
                      formatShape(want));
  }
  return setSingleResult(ctx, HostTensor(**in));
}

static LogicalResult checkNumericsKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  HostElementKind kind = (*in)->getKind();
  if (kind != HostElementKind::Float && kind != HostElementKind::Complex)
    return ctx.fail("CheckNumerics takes floats");
  bool nan = false, inf = false;
  for (int64_t i = 0, e = (*in)->getNumStoredElements(); i < e; ++i) {
    std::complex<double> v = (*in)->getComplex(i);
    for (double part : {v.real(), v.imag()}) {
      nan |= std::isnan(part);
      inf |= std::isinf(part);
    }
  }
  if (nan || inf) {
    std::string what = inf && nan ? "Inf and NaN" : inf ? "Inf" : "NaN";
    return ctx.fail(getStringAttr(ctx, "message", "") + " : Tensor had " +
                    what + " values");
  }
  return setSingleResult(ctx, HostTensor(**in));
}

void mlir::tfg::addSplitKernels(EvalKernelTable &table) {
  addKernels(table, {"Split"}, splitKernel);
  addKernels(table, {"SplitV"}, splitVKernel);
  addKernels(table, {"AddN"}, addNKernel);
  addKernels(table, {"BroadcastTo"}, broadcastToKernel);
  addKernels(table, {"Reverse"}, reverseKernel);
  addKernels(table, {"ReverseV2"}, reverseV2Kernel);
  addKernels(table, {"ReverseSequence"}, reverseSequenceKernel);
  addKernels(table, {"InvertPermutation"}, invertPermutationKernel);
  addKernels(table, {"BroadcastArgs"}, broadcastArgsKernel);
  addKernels(table, {"BroadcastGradientArgs"}, broadcastGradientArgsKernel);
  addKernels(table, {"EnsureShape"}, ensureShapeKernel);
  addKernels(table, {"CheckNumerics", "CheckNumericsV2"}, checkNumericsKernel);
}
