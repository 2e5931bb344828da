//===- ShapeOpKernels.cpp - Kernels of the ops that reshape or move -------===//
//
// Reshape, ExpandDims, Squeeze, Transpose, ConcatV2, Concat (axis first)
// and Fill on host
// tensors, for every dtype: elements are moved, never converted (numbers by
// their bytes, strings as strings). A splat operand of Reshape, ExpandDims,
// Squeeze, Transpose or Fill gives a splat result.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tfg;

/// `in`'s elements in row-major order under `shape` (same count).
static LogicalResult setReshaped(EvalContext &ctx, const HostTensor &in,
                                 ArrayRef<int64_t> shape) {
  FailureOr<ResultBuilder> b =
      startResult(ctx, in.getElementType(), shape, in.isSplat());
  if (failed(b))
    return failure();
  for (int64_t i = 0, e = b->size(); i < e; ++i)
    copyElement(in, i, b->tensor, i);
  return finishResult(ctx, std::move(*b));
}

static LogicalResult reshapeKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> shape = getIntVector(ctx, 1, "shape");
  if (failed(shape))
    return failure();
  int64_t known = 1;
  std::optional<size_t> unknown;
  for (auto [i, d] : llvm::enumerate(*shape)) {
    if (d == -1) {
      if (unknown)
        return ctx.fail("only one dimension of a reshape may be -1");
      unknown = i;
      continue;
    }
    if (d < 0)
      return ctx.fail("negative dimension " + std::to_string(d) +
                      " in reshape");
    if (d != 0 && known > INT64_MAX / d)
      return ctx.fail("reshape size overflows");
    known *= d;
  }
  int64_t n = (*in)->getNumElements();
  if (unknown) {
    if (known == 0 || n % known != 0)
      return ctx.fail("cannot reshape " + std::to_string(n) + " elements to " +
                      formatShape(*shape));
    (*shape)[*unknown] = n / known;
  } else if (known != n) {
    return ctx.fail("cannot reshape " + std::to_string(n) + " elements to " +
                    formatShape(*shape));
  }
  return setReshaped(ctx, **in, *shape);
}

static LogicalResult expandDimsKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> axis = getIntVector(ctx, 1, "axis");
  if (failed(axis))
    return failure();
  if (axis->size() != 1)
    return ctx.fail("ExpandDims takes one axis");
  int64_t rank = (*in)->getRank();
  FailureOr<int64_t> a = normalizeAxis(ctx, (*axis)[0], rank + 1);
  if (failed(a))
    return failure();
  SmallVector<int64_t, 4> shape((*in)->getShape());
  shape.insert(shape.begin() + *a, 1);
  return setReshaped(ctx, **in, shape);
}

static LogicalResult squeezeKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  ArrayRef<int64_t> inShape = (*in)->getShape();
  int64_t rank = inShape.size();
  SmallVector<bool, 4> drop(rank, false);
  auto dims = dyn_cast_if_present<ArrayAttr>(ctx.getAttr("squeeze_dims"));
  if (dims && !dims.empty()) {
    for (Attribute attr : dims) {
      auto intAttr = dyn_cast<IntegerAttr>(attr);
      if (!intAttr)
        return ctx.fail("squeeze_dims must be integers");
      FailureOr<int64_t> d = normalizeAxis(ctx, intAttr.getInt(), rank);
      if (failed(d))
        return failure();
      if (inShape[*d] != 1)
        return ctx.fail("cannot squeeze dimension " + std::to_string(*d) +
                        " of size " + std::to_string(inShape[*d]));
      drop[*d] = true;
    }
  } else {
    for (int64_t d = 0; d < rank; ++d)
      drop[d] = inShape[d] == 1;
  }
  SmallVector<int64_t, 4> shape;
  for (int64_t d = 0; d < rank; ++d)
    if (!drop[d])
      shape.push_back(inShape[d]);
  return setReshaped(ctx, **in, shape);
}

static LogicalResult transposeKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> perm = getIntVector(ctx, 1, "perm");
  if (failed(perm))
    return failure();
  ArrayRef<int64_t> inShape = (*in)->getShape();
  int64_t rank = inShape.size();
  if (static_cast<int64_t>(perm->size()) != rank)
    return ctx.fail("perm has " + std::to_string(perm->size()) +
                    " entries for rank " + std::to_string(rank));
  SmallVector<bool, 4> seen(rank, false);
  for (int64_t p : *perm) {
    if (p < 0 || p >= rank || seen[p])
      return ctx.fail("perm " + formatShape(*perm) + " is not a permutation");
    seen[p] = true;
  }
  SmallVector<int64_t, 4> inStrides = getStrides(inShape);
  SmallVector<int64_t, 4> shape, strides;
  for (int64_t p : *perm) {
    shape.push_back(inShape[p]);
    strides.push_back(inStrides[p]);
  }
  if ((*in)->isSplat())
    return setReshaped(ctx, **in, shape);
  FailureOr<ResultBuilder> b =
      startResult(ctx, (*in)->getElementType(), shape, false);
  if (failed(b))
    return failure();
  copyStridedView(**in, /*offset=*/0, shape, strides, *b);
  return finishResult(ctx, std::move(*b));
}

/// Concatenates operands [firstValue, firstValue + numValues) along the
/// axis in operand `axisIndex` (ConcatV2: axis last; Concat: axis first).
static LogicalResult concatValues(EvalContext &ctx, unsigned axisIndex,
                                  unsigned firstValue, unsigned numValues) {
  FailureOr<SmallVector<int64_t, 4>> axis =
      getIntVector(ctx, axisIndex, "axis");
  if (failed(axis))
    return failure();
  if (axis->size() != 1)
    return ctx.fail("concatenation takes one axis");
  SmallVector<const HostTensor *, 4> values;
  for (unsigned i = firstValue; i < firstValue + numValues; ++i) {
    FailureOr<const HostTensor *> t = getOperand(ctx, i);
    if (failed(t))
      return failure();
    values.push_back(*t);
  }
  const HostTensor &first = *values[0];
  int64_t rank = first.getRank();
  if (rank == 0)
    return ctx.fail("cannot concatenate scalars");
  FailureOr<int64_t> a = normalizeAxis(ctx, (*axis)[0], rank);
  if (failed(a))
    return failure();
  SmallVector<int64_t, 4> shape(first.getShape());
  shape[*a] = 0;
  for (const HostTensor *v : values) {
    if (v->getElementType() != first.getElementType())
      return ctx.fail("concatenated values have different types");
    bool ok = v->getRank() == rank;
    for (int64_t d = 0; ok && d < rank; ++d)
      ok = d == *a || v->getShape()[d] == first.getShape()[d];
    if (!ok)
      return ctx.fail("cannot concatenate shapes " +
                      formatShape(first.getShape()) + " and " +
                      formatShape(v->getShape()) + " on axis " +
                      std::to_string(*a));
    shape[*a] += v->getShape()[*a];
  }
  FailureOr<ResultBuilder> b =
      startResult(ctx, first.getElementType(), shape, false);
  if (failed(b))
    return failure();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < *a; ++d)
    outer *= shape[d];
  for (int64_t d = *a + 1; d < rank; ++d)
    inner *= shape[d];
  int64_t to = 0;
  for (int64_t o = 0; o < outer; ++o) {
    for (const HostTensor *v : values) {
      int64_t chunk = v->getShape()[*a] * inner;
      for (int64_t k = 0; k < chunk; ++k)
        copyElement(*v, o * chunk + k, b->tensor, to++);
    }
  }
  return finishResult(ctx, std::move(*b));
}

static LogicalResult concatV2Kernel(EvalContext &ctx) {
  unsigned n = ctx.getNumOperands();
  if (n < 2)
    return ctx.fail("ConcatV2 needs values and an axis");
  return concatValues(ctx, n - 1, 0, n - 1);
}

static LogicalResult concatKernel(EvalContext &ctx) {
  unsigned n = ctx.getNumOperands();
  if (n < 2)
    return ctx.fail("Concat needs an axis and values");
  return concatValues(ctx, 0, 1, n - 1);
}

static LogicalResult fillKernel(EvalContext &ctx) {
  FailureOr<SmallVector<int64_t, 4>> dims = getIntVector(ctx, 0, "dims");
  if (failed(dims))
    return failure();
  FailureOr<const HostTensor *> value = getOperand(ctx, 1);
  if (failed(value))
    return failure();
  if ((*value)->getRank() != 0)
    return ctx.fail("Fill's value must be a scalar");
  FailureOr<ResultBuilder> b =
      startResult(ctx, (*value)->getElementType(), *dims, true);
  if (failed(b))
    return failure();
  for (int64_t i = 0, e = b->size(); i < e; ++i)
    copyElement(**value, 0, b->tensor, i);
  return finishResult(ctx, std::move(*b));
}

void mlir::tfg::addShapeOpKernels(EvalKernelTable &table) {
  addKernels(table, {"Reshape"}, reshapeKernel);
  addKernels(table, {"ExpandDims"}, expandDimsKernel);
  addKernels(table, {"Squeeze"}, squeezeKernel);
  addKernels(table, {"Transpose"}, transposeKernel);
  addKernels(table, {"ConcatV2"}, concatV2Kernel);
  addKernels(table, {"Concat"}, concatKernel);
  addKernels(table, {"Fill"}, fillKernel);
}
