//===- SparseKernels.cpp - Kernels of sparse tensor ops -------------------===//
//
// TensorFlow's sparse tensors as operand triples (indices [N, R] int64,
// values [N], dense shape [R] int64), following its CPU kernels:
// - SparseToDense: indices of rank 0, 1 ([N]: N indices of rank 1) or 2,
//   values a scalar (for every index) or [N], a scalar default. An index
//   outside the shape is always an error; with validate_indices (the
//   default) indices must also be in strictly increasing row-major order
//   (out of order and repeated are errors); without it a repeated index
//   takes the last value.
// - SparseTensorDenseMatMul: A (sparse, rank 2) times B (dense, rank 2),
//   adjoint_a / adjoint_b transpose (and conjugate complex) either side.
//   An index outside A's shape and a mismatched inner dimension are errors.
//   Floats accumulate in double and round once (TensorFlow accumulates in
//   the element type, so f16/f32 results may differ in the last bit).
// - SparseReshape: the indices re-linearized into a new shape, at most one
//   -1 inferred; the element counts must agree.
// - SparseFillEmptyRows: every empty row gets `default_value` at
//   [row, 0, ...]; the entries keep their order within their row; outputs
//   indices, values, empty_row_indicator, reverse_index_map.
// - SparseSegmentSum/Mean/SqrtN and their WithNumSegments forms: rows
//   `indices` of data summed into `segment_ids` (sorted, non-negative);
//   Mean divides by the segment's count and SqrtN by its square root, an
//   empty segment is 0. Without num_segments there are last id + 1 of them.
// - SparseReduceSum: a dense result, summing over reduction_axes (negative
//   ones from the end; none reduces all), keep_dims.
// Every index is checked against its bound; every result against the
// context's element bound.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class SegmentReduce { Sum, Mean, SqrtN };
/// A validated sparse tensor: `count` indices of rank `rank`.
struct SparseOperands {
  const HostTensor *indices, *values;
  SmallVector<int64_t, 4> shape;
  int64_t count, rank;
  int64_t index(int64_t i, int64_t d) const {
    return indices->getInt(i * rank + d);
  }
};
} // namespace

static std::string formatIndex(const SparseOperands &sp, int64_t i) {
  SmallVector<int64_t, 4> index;
  for (int64_t d = 0; d < sp.rank; ++d)
    index.push_back(sp.index(i, d));
  return formatShape(index);
}

/// Reads operands #first.. as (indices [N, R], values [N], shape [R]),
/// checking shapes and that every index lies inside the dense shape.
static FailureOr<SparseOperands>
getSparseOperands(EvalContext &ctx, unsigned first, unsigned count) {
  auto ops = getOperands(ctx, count);
  if (failed(ops))
    return failure();
  const HostTensor &indices = *(*ops)[first], &values = *(*ops)[first + 1],
                   &shape = *(*ops)[first + 2];
  if (!isIndexTensor(indices) || indices.getRank() != 2)
    return ctx.fail("indices must be an int64 matrix, got shape " +
                    formatShape(indices.getShape()));
  if (failed(checkOperandElements(ctx, indices, "indices")))
    return failure();
  if (!isIndexTensor(shape) || shape.getRank() != 1)
    return ctx.fail("the dense shape must be an int64 vector");
  SparseOperands sp;
  sp.indices = &indices;
  sp.values = &values;
  sp.count = indices.getShape()[0];
  sp.rank = indices.getShape()[1];
  if (values.getRank() != 1 || values.getShape()[0] != sp.count)
    return ctx.fail("values must be a vector of " + std::to_string(sp.count) +
                    " elements, got shape " + formatShape(values.getShape()));
  if (shape.getNumElements() != sp.rank)
    return ctx.fail(
        "the dense shape has " + std::to_string(shape.getNumElements()) +
        " elements but the indices have rank " + std::to_string(sp.rank));
  for (int64_t d = 0; d < sp.rank; ++d) {
    if (shape.getInt(d) < 0)
      return ctx.fail("the dense shape " + std::to_string(shape.getInt(d)) +
                      " is negative");
    sp.shape.push_back(shape.getInt(d));
  }
  if (!getHostNumElements(sp.shape))
    return ctx.fail("the dense shape overflows");
  for (int64_t i = 0; i < sp.count; ++i)
    for (int64_t d = 0; d < sp.rank; ++d)
      if (sp.index(i, d) < 0 || sp.index(i, d) >= sp.shape[d])
        return ctx.fail(
            "indices[" + std::to_string(i) + "] = " + formatIndex(sp, i) +
            " is out of bounds: need 0 <= index < " + formatShape(sp.shape));
  return sp;
}

static LogicalResult sparseToDenseKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 4);
  if (failed(ops))
    return failure();
  const HostTensor &indices = *(*ops)[0], &outShape = *(*ops)[1],
                   &values = *(*ops)[2], &fill = *(*ops)[3];
  if (!isIndexTensor(indices) || indices.getRank() > 2)
    return ctx.fail("sparse_indices must be an int32/int64 tensor of rank "
                    "<= 2");
  if (!isIndexTensor(outShape) || outShape.getRank() != 1)
    return ctx.fail("output_shape must be an int32/int64 vector");
  if (failed(checkOperandElements(ctx, indices, "sparse_indices")))
    return failure();
  int64_t count = indices.getRank() > 0 ? indices.getShape()[0] : 1;
  int64_t rank = indices.getRank() > 1 ? indices.getShape()[1] : 1;
  if (outShape.getNumElements() != rank)
    return ctx.fail("sparse_indices has indices of rank " +
                    std::to_string(rank) + " but output_shape has " +
                    std::to_string(outShape.getNumElements()) + " elements");
  if (values.getElementType() != fill.getElementType())
    return ctx.fail("sparse_values and default_value differ in type");
  if (!(values.getRank() == 0 ||
        (values.getRank() == 1 && values.getShape()[0] == count)))
    return ctx.fail("sparse_values must be a scalar or a vector of " +
                    std::to_string(count) + " elements");
  if (fill.getRank() != 0)
    return ctx.fail("default_value must be a scalar");
  SmallVector<int64_t, 4> shape;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(outShape.getInt(d));
  FailureOr<HostTensor> out = createResult(ctx, fill.getElementType(), shape);
  if (failed(out))
    return failure();
  StringBudget budget(ctx);
  bool strings = fill.getKind() == HostElementKind::String;
  for (int64_t i = 0, n = out->getNumElements(); i < n; ++i) {
    if (strings && !budget.take(fill.getString(0).size()))
      return failure();
    copyElement(fill, 0, *out, i);
  }
  bool validate = getBoolAttr(ctx, "validate_indices", true);
  SmallVector<int64_t, 4> strides = getStrides(shape);
  int64_t previous = -1;
  for (int64_t i = 0; i < count; ++i) {
    int64_t at = 0;
    std::string index = "[";
    for (int64_t d = 0; d < rank; ++d) {
      int64_t v = indices.getInt(i * rank + d);
      index += (d ? ", " : "") + std::to_string(v);
      if (v < 0 || v >= shape[d])
        return ctx.fail("indices[" + std::to_string(i) + "] = " + index +
                        "...] is out of bounds: need 0 <= index < " +
                        formatShape(shape));
      at += v * strides[d];
    }
    if (validate && at <= previous)
      return ctx.fail("indices[" + std::to_string(i) + "] = " + index +
                      "] is " + (at == previous ? "repeated" : "out of order"));
    previous = at;
    int64_t from = values.getRank() == 0 ? 0 : i;
    if (strings && !budget.take(values.getString(from).size()))
      return failure();
    copyElement(values, from, *out, at);
  }
  return setSingleResult(ctx, std::move(*out));
}

/// A (possibly conjugated) element as a complex number, for every numeric
/// kind; `conj` only matters for complex tensors.
static std::complex<double> readNumber(const HostTensor &t, int64_t i,
                                       bool conj) {
  std::complex<double> v = t.getComplex(i);
  return conj ? std::conj(v) : v;
}

static LogicalResult sparseDenseMatMulKernel(EvalContext &ctx) {
  FailureOr<SparseOperands> a = getSparseOperands(ctx, 0, 4);
  if (failed(a))
    return failure();
  const HostTensor &bm = *ctx.getHostValue(3);
  HostElementKind kind = bm.getKind();
  if (bm.getElementType() != a->values->getElementType() ||
      kind == HostElementKind::String || kind == HostElementKind::Bool)
    return ctx.fail("a_values and b must be numbers of one type");
  if (a->rank != 2 || bm.getRank() != 2)
    return ctx.fail("A and B must be matrices");
  bool adjA = getBoolAttr(ctx, "adjoint_a", false);
  bool adjB = getBoolAttr(ctx, "adjoint_b", false);
  int64_t rows = a->shape[adjA ? 1 : 0], inner = a->shape[adjA ? 0 : 1];
  int64_t bRows = bm.getShape()[adjB ? 1 : 0],
          cols = bm.getShape()[adjB ? 0 : 1];
  if (inner != bRows)
    return ctx.fail("cannot multiply A and B because the inner dimensions do "
                    "not match: " +
                    std::to_string(inner) + " vs " + std::to_string(bRows));
  FailureOr<HostTensor> out =
      createResult(ctx, bm.getElementType(), {rows, cols});
  if (failed(out))
    return failure();
  // The work is one multiply-add per entry of A and column of the result.
  int64_t work;
  if (llvm::MulOverflow(a->count, cols, work) ||
      work > 64 * ctx.getMaxElements())
    return ctx.fail("the product needs more than " +
                    std::to_string(64 * ctx.getMaxElements()) +
                    " multiply-adds");
  bool isComplex = kind == HostElementKind::Complex;
  bool isFloat = kind == HostElementKind::Float;
  std::vector<std::complex<double>> acc;
  std::vector<uint64_t> intAcc;
  if (isComplex || isFloat)
    acc.assign(rows * cols, 0.0);
  else
    intAcc.assign(rows * cols, 0);
  int64_t bStride = bm.getShape()[1];
  for (int64_t i = 0; i < a->count; ++i) {
    int64_t r = a->index(i, adjA ? 1 : 0), k = a->index(i, adjA ? 0 : 1);
    for (int64_t c = 0; c < cols; ++c) {
      int64_t at = adjB ? c * bStride + k : k * bStride + c;
      if (isComplex || isFloat) {
        acc[r * cols + c] += readNumber(*a->values, i, adjA && isComplex) *
                             readNumber(bm, at, adjB && isComplex);
      } else {
        // Integers wrap, as TensorFlow's accumulator in the element type.
        uint64_t x = static_cast<uint64_t>(a->values->getInt(i));
        intAcc[r * cols + c] += x * static_cast<uint64_t>(bm.getInt(at));
      }
    }
  }
  for (int64_t o = 0; o < rows * cols; ++o) {
    if (isComplex)
      out->setComplex(o, acc[o]);
    else if (isFloat)
      out->setDouble(o, acc[o].real());
    else
      out->setUInt(o, intAcc[o]);
  }
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult sparseReshapeKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &indices = *(*ops)[0], &inShape = *(*ops)[1],
                   &newShapeT = *(*ops)[2];
  if (!isIndexTensor(indices) || indices.getRank() != 2 ||
      !isIndexTensor(inShape) || inShape.getRank() != 1 ||
      !isIndexTensor(newShapeT) || newShapeT.getRank() != 1)
    return ctx.fail("SparseReshape takes an int64 matrix and two int64 "
                    "vectors");
  if (failed(checkOperandElements(ctx, indices, "input_indices")))
    return failure();
  int64_t count = indices.getShape()[0], rank = indices.getShape()[1];
  if (inShape.getNumElements() != rank)
    return ctx.fail(
        "input_shape has " + std::to_string(inShape.getNumElements()) +
        " elements but the indices have rank " + std::to_string(rank));
  SmallVector<int64_t, 4> oldShape, newShape;
  for (int64_t d = 0; d < rank; ++d)
    oldShape.push_back(inShape.getInt(d));
  llvm::Expected<int64_t> denseSize = getHostNumElements(oldShape);
  if (!denseSize)
    return ctx.fail("input_shape: " + llvm::toString(denseSize.takeError()));
  int64_t known = 1, unknown = -1;
  for (int64_t d = 0; d < newShapeT.getNumElements(); ++d) {
    int64_t v = newShapeT.getInt(d);
    if (v == -1) {
      if (unknown >= 0)
        return ctx.fail("only one output dimension may be -1");
      unknown = d;
    } else if (v < 0) {
      return ctx.fail("size " + std::to_string(d) +
                      " must be non-negative, not " + std::to_string(v));
    } else if (llvm::MulOverflow(known, v, known)) {
      return ctx.fail("the new shape overflows");
    }
    newShape.push_back(v);
  }
  if (unknown >= 0) {
    if (known == 0 || *denseSize % known != 0)
      return ctx.fail("input to reshape is a SparseTensor with " +
                      std::to_string(*denseSize) +
                      " dense values, but the requested shape requires a "
                      "multiple of " +
                      std::to_string(known));
    newShape[unknown] = *denseSize / known;
  } else if (known != *denseSize) {
    return ctx.fail(
        "input to reshape is a tensor with " + std::to_string(*denseSize) +
        " dense values, but the requested shape has " + std::to_string(known));
  }
  int64_t newRank = newShape.size();
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  FailureOr<HostTensor> outIndices = createResult(ctx, i64, {count, newRank});
  if (failed(outIndices))
    return failure();
  FailureOr<HostTensor> outShape = createResult(ctx, i64, {newRank});
  if (failed(outShape))
    return failure();
  for (int64_t d = 0; d < newRank; ++d)
    outShape->setInt(d, newShape[d]);
  SmallVector<int64_t, 4> oldStrides = getStrides(oldShape),
                          newStrides = getStrides(newShape);
  for (int64_t i = 0; i < count; ++i) {
    int64_t at = 0;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t v = indices.getInt(i * rank + d);
      if (v < 0 || v >= oldShape[d])
        return ctx.fail("input index " + std::to_string(i) +
                        " is out of bounds of " + formatShape(oldShape));
      at += v * oldStrides[d];
    }
    for (int64_t d = 0; d < newRank; ++d) {
      outIndices->setInt(i * newRank + d, at / newStrides[d]);
      at %= newStrides[d];
    }
  }
  HostTensor results[] = {std::move(*outIndices), std::move(*outShape)};
  return setResults(ctx, results);
}

static LogicalResult sparseFillEmptyRowsKernel(EvalContext &ctx) {
  FailureOr<SparseOperands> sp = getSparseOperands(ctx, 0, 4);
  if (failed(sp))
    return failure();
  const HostTensor &fill = *ctx.getHostValue(3);
  if (fill.getRank() != 0 ||
      fill.getElementType() != sp->values->getElementType())
    return ctx.fail("default_value must be a scalar of the values' type");
  if (sp->rank < 1)
    return ctx.fail("the dense shape must have rank >= 1");
  int64_t rows = sp->shape[0];
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  FailureOr<HostTensor> emptyRows =
      createResult(ctx, IntegerType::get(ctx.getContext(), 1), {rows});
  if (failed(emptyRows))
    return failure();
  // Entries per row, then each row's first output position.
  std::vector<int64_t> perRow(rows, 0);
  for (int64_t i = 0; i < sp->count; ++i)
    ++perRow[sp->index(i, 0)];
  int64_t total = 0;
  std::vector<int64_t> start(rows, 0);
  for (int64_t r = 0; r < rows; ++r) {
    start[r] = total;
    total += std::max<int64_t>(perRow[r], 1);
    emptyRows->setInt(r, perRow[r] == 0);
  }
  FailureOr<HostTensor> outIndices = createResult(ctx, i64, {total, sp->rank});
  if (failed(outIndices))
    return failure();
  FailureOr<HostTensor> outValues =
      createResult(ctx, fill.getElementType(), {total});
  FailureOr<HostTensor> reverseMap = createResult(ctx, i64, {sp->count});
  if (failed(outValues) || failed(reverseMap))
    return failure();
  std::vector<int64_t> next(start);
  for (int64_t i = 0; i < sp->count; ++i) {
    int64_t at = next[sp->index(i, 0)]++;
    for (int64_t d = 0; d < sp->rank; ++d)
      outIndices->setInt(at * sp->rank + d, sp->index(i, d));
    copyElement(*sp->values, i, *outValues, at);
    reverseMap->setInt(i, at);
  }
  StringBudget budget(ctx);
  for (int64_t r = 0; r < rows; ++r) {
    if (perRow[r] != 0)
      continue;
    if (fill.getKind() == HostElementKind::String &&
        !budget.take(fill.getString(0).size()))
      return failure();
    outIndices->setInt(start[r] * sp->rank, r);
    copyElement(fill, 0, *outValues, start[r]);
  }
  HostTensor results[] = {std::move(*outIndices), std::move(*outValues),
                          std::move(*emptyRows), std::move(*reverseMap)};
  return setResults(ctx, results);
}

template <SegmentReduce Op, bool WithNum>
static LogicalResult sparseSegmentKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, WithNum ? 4 : 3);
  if (failed(ops))
    return failure();
  const HostTensor &data = *(*ops)[0], &indices = *(*ops)[1],
                   &segments = *(*ops)[2];
  HostElementKind kind = data.getKind();
  bool isFloat = kind == HostElementKind::Float;
  if ((Op != SegmentReduce::Sum && !isFloat) ||
      (kind != HostElementKind::Float && kind != HostElementKind::Signed &&
       kind != HostElementKind::Unsigned))
    return ctx.fail(Op == SegmentReduce::Sum ? "data must be real numbers"
                                             : "data must be floating-point");
  if (data.getRank() < 1)
    return ctx.fail("data must have rank >= 1");
  if (!isIndexTensor(indices) || indices.getRank() != 1 ||
      !isIndexTensor(segments) || segments.getRank() != 1)
    return ctx.fail("indices and segment_ids must be int32/int64 vectors");
  if (failed(checkOperandElements(ctx, indices, "indices")))
    return failure();
  int64_t n = indices.getNumElements();
  if (segments.getNumElements() != n)
    return ctx.fail("segment_ids and indices should have the same size");
  int64_t last = n ? segments.getInt(n - 1) : -1;
  if (last == INT64_MAX)
    return ctx.fail("segment id " + std::to_string(last) + " is too large");
  int64_t numSegments = last + 1;
  if (WithNum) {
    const HostTensor &num = *(*ops)[3];
    if (!isIndexTensor(num) || num.getRank() != 0)
      return ctx.fail("num_segments must be an int32/int64 scalar");
    numSegments = num.getInt(0);
    if (numSegments < 0)
      return ctx.fail("num_segments must be non-negative");
  }
  if (numSegments > ctx.getMaxElements())
    return ctx.fail(std::to_string(numSegments) +
                    " segments exceed the element bound");
  int64_t dataRows = data.getShape()[0];
  for (int64_t i = 0; i < n; ++i) {
    int64_t s = segments.getInt(i), k = indices.getInt(i);
    if (s < 0 || s >= numSegments)
      return ctx.fail("segment id " + std::to_string(s) + " out of range [0, " +
                      std::to_string(numSegments) + ")");
    if (i && s < segments.getInt(i - 1))
      return ctx.fail("segment ids are not increasing");
    if (k < 0 || k >= dataRows)
      return ctx.fail("indices[" + std::to_string(i) +
                      "] == " + std::to_string(k) + " out of range [0, " +
                      std::to_string(dataRows) + ")");
  }
  SmallVector<int64_t, 4> shape(data.getShape().begin(), data.getShape().end());
  shape[0] = numSegments;
  FailureOr<HostTensor> out = createResult(ctx, data.getElementType(), shape);
  if (failed(out))
    return failure();
  int64_t inner = numSegments ? out->getNumElements() / numSegments : 0;
  // One addition per index and element of a row.
  int64_t work;
  if (llvm::MulOverflow(n, inner, work) || work > 64 * ctx.getMaxElements())
    return ctx.fail("the reduction needs more than " +
                    std::to_string(64 * ctx.getMaxElements()) + " additions");
  std::vector<double> acc(isFloat ? out->getNumElements() : 0, 0.0);
  std::vector<uint64_t> intAcc(isFloat ? 0 : out->getNumElements(), 0);
  std::vector<int64_t> counts(numSegments, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t s = segments.getInt(i), k = indices.getInt(i);
    ++counts[s];
    for (int64_t j = 0; j < inner; ++j) {
      if (isFloat)
        acc[s * inner + j] += data.getDouble(k * inner + j);
      else
        intAcc[s * inner + j] += data.getUInt(k * inner + j);
    }
  }
  for (int64_t s = 0; s < numSegments; ++s) {
    double scale = counts[s] == 0               ? 1.0
                   : Op == SegmentReduce::Mean  ? double(counts[s])
                   : Op == SegmentReduce::SqrtN ? std::sqrt(double(counts[s]))
                                                : 1.0;
    for (int64_t j = 0; j < inner; ++j) {
      int64_t o = s * inner + j;
      if (isFloat)
        out->setDouble(o, acc[o] / scale);
      else
        out->setUInt(o, intAcc[o]);
    }
  }
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult sparseReduceSumKernel(EvalContext &ctx) {
  FailureOr<SparseOperands> sp = getSparseOperands(ctx, 0, 4);
  if (failed(sp))
    return failure();
  const HostTensor &axes = *ctx.getHostValue(3);
  const HostTensor &values = *sp->values;
  HostElementKind kind = values.getKind();
  if (kind == HostElementKind::String || kind == HostElementKind::Bool)
    return ctx.fail("input_values must be numbers");
  if (!isIndexTensor(axes) || axes.getRank() > 1)
    return ctx.fail("reduction_axes must be an int32 scalar or vector");
  int64_t rank = sp->rank;
  SmallVector<bool, 4> reduced(rank, axes.getNumElements() == 0);
  for (int64_t k = 0; k < axes.getNumElements(); ++k) {
    int64_t a = axes.getInt(k);
    if (a < -rank || a >= rank)
      return ctx.fail("invalid reduction dimension " + std::to_string(a) +
                      " for input of rank " + std::to_string(rank));
    reduced[a < 0 ? a + rank : a] = true;
  }
  bool keepDims = getBoolAttr(ctx, "keep_dims", false);
  SmallVector<int64_t, 4> shape, kept;
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced[d])
      kept.push_back(d);
    if (!reduced[d] || keepDims)
      shape.push_back(reduced[d] ? 1 : sp->shape[d]);
  }
  FailureOr<HostTensor> out = createResult(ctx, values.getElementType(), shape);
  if (failed(out))
    return failure();
  SmallVector<int64_t, 4> keptShape;
  for (int64_t d : kept)
    keptShape.push_back(sp->shape[d]);
  SmallVector<int64_t, 4> strides = getStrides(keptShape);
  int64_t size = out->getNumElements();
  std::vector<std::complex<double>> acc(size, 0.0);
  std::vector<uint64_t> intAcc(size, 0);
  bool isInt =
      kind == HostElementKind::Signed || kind == HostElementKind::Unsigned;
  for (int64_t i = 0; i < sp->count; ++i) {
    int64_t at = 0;
    for (auto [k, d] : llvm::enumerate(kept))
      at += sp->index(i, d) * strides[k];
    if (isInt)
      intAcc[at] += values.getUInt(i);
    else
      acc[at] += values.getComplex(i);
  }
  for (int64_t o = 0; o < size; ++o) {
    if (isInt)
      out->setUInt(o, intAcc[o]);
    else if (kind == HostElementKind::Complex)
      out->setComplex(o, acc[o]);
    else
      out->setDouble(o, acc[o].real());
  }
  return setSingleResult(ctx, std::move(*out));
}

void mlir::tfg::addSparseKernels(EvalKernelTable &table) {
  addKernels(table, {"SparseToDense"}, sparseToDenseKernel);
  addKernels(table, {"SparseTensorDenseMatMul"}, sparseDenseMatMulKernel);
  addKernels(table, {"SparseReshape"}, sparseReshapeKernel);
  addKernels(table, {"SparseFillEmptyRows"}, sparseFillEmptyRowsKernel);
  addKernels(table, {"SparseSegmentSum"},
             sparseSegmentKernel<SegmentReduce::Sum, false>);
  addKernels(table, {"SparseSegmentMean"},
             sparseSegmentKernel<SegmentReduce::Mean, false>);
  addKernels(table, {"SparseSegmentSqrtN"},
             sparseSegmentKernel<SegmentReduce::SqrtN, false>);
  addKernels(table, {"SparseSegmentSumWithNumSegments"},
             sparseSegmentKernel<SegmentReduce::Sum, true>);
  addKernels(table, {"SparseSegmentMeanWithNumSegments"},
             sparseSegmentKernel<SegmentReduce::Mean, true>);
  addKernels(table, {"SparseSegmentSqrtNWithNumSegments"},
             sparseSegmentKernel<SegmentReduce::SqrtN, true>);
  addKernels(table, {"SparseReduceSum"}, sparseReduceSumKernel);
}
