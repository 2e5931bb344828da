//===- GatherKernels.cpp - Kernels of GatherV2, Pad, PadV2, OneHot -------===//
//
// GatherV2 (axis operand, negative allowed; batch_dims 0) and Pad/PadV2
// (constant padding: zero, or the scalar constant_values) move elements by
// their bytes (strings as strings), so they serve every dtype. GatherV2 is
// an adapter over computeTake (tfg/Eval/Compute/GatherScatter.h). An index
// outside [0, dim) is an error, as on TensorFlow's CPU kernels; so is a
// negative padding.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/Eval/Compute/GatherScatter.h"

using namespace mlir;
using namespace mlir::tfg;

static LogicalResult gatherV2Kernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> params = getOperand(ctx, 0);
  if (failed(params))
    return failure();
  FailureOr<const HostTensor *> indices = getOperand(ctx, 1);
  if (failed(indices))
    return failure();
  FailureOr<const HostTensor *> axisOr = getOperand(ctx, 2);
  if (failed(axisOr))
    return failure();
  if (!isIndexTensor(**indices) || !isIndexTensor(**axisOr) ||
      (*axisOr)->getNumElements() != 1 || (*axisOr)->getRank() > 1)
    return ctx.fail("GatherV2 takes int32 or int64 indices and axis");
  if (auto batch = dyn_cast_if_present<IntegerAttr>(ctx.getAttr("batch_dims")))
    if (batch.getInt() != 0)
      return ctx.fail("GatherV2 with batch_dims != 0 is not supported");
  int64_t rank = (*params)->getRank();
  int64_t axis = (*axisOr)->getInt(0);
  if (axis < -rank || axis >= rank)
    return ctx.fail("axis " + std::to_string(axis) +
                    " is out of range for rank " + std::to_string(rank));
  if (axis < 0)
    axis += rank;
  return setComputedResult(ctx,
                           computeTake(getComputeEnv(ctx), **params, **indices,
                                       axis, IndexOutOfRange::Error));
}

static LogicalResult padKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<const HostTensor *> paddings = getOperand(ctx, 1);
  if (failed(paddings))
    return failure();
  ArrayRef<int64_t> inShape = (*in)->getShape();
  int64_t rank = inShape.size();
  if (!isIndexTensor(**paddings) ||
      (*paddings)->getShape() != ArrayRef<int64_t>{rank, 2})
    return ctx.fail("paddings must be an int32 or int64 tensor of shape " +
                    formatShape({rank, 2}));
  const HostTensor *value = nullptr;
  if (ctx.getNumOperands() > 2) {
    FailureOr<const HostTensor *> v = getOperand(ctx, 2);
    if (failed(v))
      return failure();
    if ((*v)->getRank() != 0 ||
        (*v)->getElementType() != (*in)->getElementType())
      return ctx.fail("constant_values must be a scalar of the input's type");
    value = *v;
  }
  SmallVector<int64_t, 4> shape, before;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t lo = (*paddings)->getInt(2 * d),
            hi = (*paddings)->getInt(2 * d + 1);
    if (lo < 0 || hi < 0)
      return ctx.fail("negative padding in dimension " + std::to_string(d));
    if (lo > INT64_MAX - inShape[d] - hi)
      return ctx.fail("padded size overflows");
    before.push_back(lo);
    shape.push_back(lo + inShape[d] + hi);
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, (*in)->getElementType(), shape, false);
  if (failed(r))
    return failure();
  SmallVector<int64_t, 4> inStrides = getStrides(inShape);
  for (int64_t i = 0, e = r->size(); i < e; ++i) {
    int64_t rest = i, from = 0;
    bool inside = true;
    for (int64_t d = rank - 1; d >= 0; --d) {
      int64_t c = rest % shape[d] - before[d];
      rest /= shape[d];
      inside &= c >= 0 && c < inShape[d];
      from += c * inStrides[d];
    }
    if (inside)
      copyElement(**in, from, r->tensor, i);
    else if (value)
      copyElement(*value, 0, r->tensor, i);
  }
  return finishResult(ctx, std::move(*r));
}

/// OneHot: `depth` values along `axis` (-1: last), `on_value` where the
/// index equals the position and `off_value` elsewhere (an index outside
/// [0, depth) gives only off values).
static LogicalResult oneHotKernel(EvalContext &ctx) {
  SmallVector<const HostTensor *, 4> ops;
  for (unsigned i = 0; i < 4; ++i) {
    FailureOr<const HostTensor *> t = getOperand(ctx, i);
    if (failed(t))
      return failure();
    ops.push_back(*t);
  }
  const HostTensor &indices = *ops[0];
  HostElementKind kind = indices.getKind();
  if ((kind != HostElementKind::Signed && kind != HostElementKind::Unsigned) ||
      ops[1]->getRank() != 0 || !isIndexTensor(*ops[1]))
    return ctx.fail("OneHot takes integer indices and a scalar depth");
  if (ops[2]->getRank() != 0 || ops[3]->getRank() != 0 ||
      ops[2]->getElementType() != ops[3]->getElementType())
    return ctx.fail("on_value and off_value must be scalars of one type");
  int64_t depth = ops[1]->getInt(0);
  if (depth < 0)
    return ctx.fail("OneHot's depth must be non-negative");
  int64_t rank = indices.getRank(), axis = -1;
  if (auto attr = dyn_cast_if_present<IntegerAttr>(ctx.getAttr("axis")))
    axis = attr.getInt();
  if (axis < -1 || axis > rank)
    return ctx.fail("axis " + std::to_string(axis) +
                    " is out of range for rank " + std::to_string(rank + 1));
  if (axis == -1)
    axis = rank;
  SmallVector<int64_t, 4> shape(indices.getShape());
  shape.insert(shape.begin() + axis, depth);
  FailureOr<ResultBuilder> r =
      startResult(ctx, ops[2]->getElementType(), shape, false);
  if (failed(r))
    return failure();
  int64_t inner = 1;
  for (int64_t d = axis; d < rank; ++d)
    inner *= indices.getShape()[d];
  bool isUnsigned = kind == HostElementKind::Unsigned;
  for (int64_t i = 0, e = r->size(); i < e; ++i) {
    int64_t j = i % inner, rest = i / inner;
    int64_t position = rest % depth, o = rest / depth;
    int64_t k = o * inner + j;
    bool on = isUnsigned ? indices.getUInt(k) == uint64_t(position)
                         : indices.getInt(k) == position;
    copyElement(on ? *ops[2] : *ops[3], 0, r->tensor, i);
  }
  return finishResult(ctx, std::move(*r));
}

void mlir::tfg::addGatherKernels(EvalKernelTable &table) {
  addKernels(table, {"GatherV2"}, gatherV2Kernel);
  addKernels(table, {"Pad", "PadV2"}, padKernel);
  addKernels(table, {"OneHot"}, oneHotKernel);
}
