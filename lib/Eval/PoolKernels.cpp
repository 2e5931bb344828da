//===- PoolKernels.cpp - MaxPool, MaxPoolV2, AvgPool and the 3-D pools ----===//
//
// TensorFlow's pools, adapters over computePool2D and computePool3D
// (tfg/Eval/Compute/Window.h). 2-D pooling with TensorFlow's attributes: ksize
// and strides (4 entries, 1 in the batch and depth dimensions; MaxPoolV2 takes
// them as int32 operands), padding SAME/VALID (and EXPLICIT for MaxPool) and
// data_format NHWC/NCHW. MaxPool takes the largest element of each window;
// AvgPool divides by the number of elements of the window inside the input, so
// a SAME window on the border averages only its valid elements, as TensorFlow
// does. Floats compute in float (f16, bf16, f32) or double (f64), vectorized
// over channels and in parallel over output rows; NCHW moves to NHWC and back.
// MaxPool3D and AvgPool3D do the same on 3-D windows (NDHWC/NCDHW, ksize and
// strides of 5 entries, SAME or VALID).
//
//===----------------------------------------------------------------------===//

#include "NNSupport.h"

#include "tfg/Eval/Compute/Window.h"

using namespace mlir;
using namespace mlir::tfg;

/// The window of a 2-D pool from ksize, strides, padding and data_format.
static LogicalResult pool(EvalContext &ctx, bool isMax, const HostTensor &x,
                          ArrayRef<int64_t> ksize, ArrayRef<int64_t> strides) {
  if (x.getRank() != 4)
    return ctx.fail("input must be rank 4, not " + formatShape(x.getShape()));
  if (ksize.size() != 4)
    return ctx.fail("ksize must have 4 entries");
  FailureOr<bool> nchw = getNCHW(ctx);
  if (failed(nchw))
    return failure();
  int hIdx = *nchw ? 2 : 1, wIdx = *nchw ? 3 : 2, cIdx = *nchw ? 1 : 3;
  if (ksize[0] != 1 || ksize[cIdx] != 1)
    return ctx.fail("pooling over the batch or depth dimension is not "
                    "supported");
  FailureOr<Window2D> win =
      getWindow2D(ctx, x.getShape(), ksize[hIdx], ksize[wIdx], strides, false);
  if (failed(win))
    return failure();
  return setComputedResult(
      ctx, computePool2D(getComputeEnv(ctx),
                         isMax ? PoolKind::Max : PoolKind::Avg, x, *win));
}

static LogicalResult dispatchPool(EvalContext &ctx, bool isMax,
                                  const HostTensor &x, ArrayRef<int64_t> ksize,
                                  ArrayRef<int64_t> strides) {
  if (!isMax) {
    FailureOr<Padding> padding = getPadding(ctx);
    if (failed(padding))
      return failure();
    if (*padding == Padding::Explicit)
      return ctx.fail("AvgPool does not take EXPLICIT padding");
  }
  if (getComputeKind(x.getElementType()) == ComputeKind::None)
    return ctx.fail("pooling takes float tensors");
  return pool(ctx, isMax, x, ksize, strides);
}

template <bool isMax> static LogicalResult poolKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  FailureOr<SmallVector<int64_t, 8>> ksize =
      getIntListAttr(ctx, "ksize", 4, {});
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 4, {});
  if (failed(ksize) || failed(strides))
    return failure();
  return dispatchPool(ctx, isMax, **x, *ksize, *strides);
}

/// MaxPoolV2: ksize and strides as int32 operands of 4 elements.
static LogicalResult maxPoolV2Kernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  SmallVector<int64_t, 4> lists[2];
  for (int i = 0; i < 2; ++i) {
    const HostTensor &t = *(*ops)[i + 1];
    if (t.getKind() != HostElementKind::Signed || t.getRank() != 1 ||
        t.getNumElements() != 4)
      return ctx.fail(std::string(i == 0 ? "ksize" : "strides") +
                      " must be an int vector of 4 elements");
    for (int64_t j = 0; j < 4; ++j)
      lists[i].push_back(t.getInt(j));
  }
  return dispatchPool(ctx, true, *(*ops)[0], lists[0], lists[1]);
}

/// MaxPool3D and AvgPool3D: input [n, d, h, w, c] (NDHWC) or [n, c, d, h,
/// w] (NCDHW), ksize and strides of 5 entries (1 in the batch and channel
/// dimensions), padding SAME or VALID. AvgPool3D divides by the window's
/// elements inside the input, as the 2-D pool does.
template <bool isMax> static LogicalResult pool3DKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected 1 operand");
  if ((*x)->getRank() != 5)
    return ctx.fail("input must be rank 5, not " +
                    formatShape((*x)->getShape()));
  FailureOr<Window3DAttrs> attrs = getWindow3DAttrs(ctx, "ksize");
  if (failed(attrs))
    return failure();
  bool first = attrs->first;
  if (getComputeKind((*x)->getElementType()) == ComputeKind::None)
    return ctx.fail("pooling takes float tensors");
  ArrayRef<int64_t> xs = (*x)->getShape();
  int s0 = attrs->spatialDim;
  WindowDim dims[3];
  for (int i = 0; i < 3; ++i) {
    dims[i] = {xs[s0 + i], attrs->sizes[s0 + i], attrs->strides[s0 + i], 1, 0,
               0};
    if (failed(computeWindow(ctx, dims[i], attrs->padding, 0, 0)))
      return failure();
  }
  return setComputedResult(ctx,
                           computePool3D(getComputeEnv(ctx),
                                         isMax ? PoolKind::Max : PoolKind::Avg,
                                         **x, dims, first));
}

void mlir::tfg::addPoolKernels(EvalKernelTable &table) {
  addKernels(table, {"MaxPool"}, poolKernel<true>);
  addKernels(table, {"AvgPool"}, poolKernel<false>);
  addKernels(table, {"MaxPoolV2"}, maxPoolV2Kernel);
  addKernels(table, {"MaxPool3D"}, pool3DKernel<true>);
  addKernels(table, {"AvgPool3D"}, pool3DKernel<false>);
}
