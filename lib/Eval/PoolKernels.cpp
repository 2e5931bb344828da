//===- PoolKernels.cpp - MaxPool, MaxPoolV2 and AvgPool -------------------===//
//
// 2-D pooling with TensorFlow's attributes: ksize and strides (4 entries,
// 1 in the batch and depth dimensions; MaxPoolV2 takes them as int32
// operands), padding SAME/VALID (and EXPLICIT for MaxPool) and data_format
// NHWC/NCHW. MaxPool takes the largest element of each window; AvgPool
// divides by the number of elements of the window inside the input, so a
// SAME window on the border averages only its valid elements, as
// TensorFlow does. Floats compute in float (f16, bf16, f32) or double
// (f64), vectorized over channels and in parallel over output rows; NCHW
// moves to NHWC and back.
//
//===----------------------------------------------------------------------===//

#include "NNSupport.h"

#include "mlir/IR/Threading.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;

template <typename T>
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
  int64_t c = win->channels;
  SmallVector<int64_t, 4> shape =
      *nchw ? SmallVector<int64_t, 4>{win->batch, c, win->h.out, win->w.out}
            : SmallVector<int64_t, 4>{win->batch, win->h.out, win->w.out, c};
  FailureOr<DenseResult<T>> r = startDense<T>(ctx, x.getElementType(), shape);
  if (failed(r))
    return failure();
  if (r->builder.size() == 0)
    return setSingleResult(ctx, takeDense(*r));
  FailureOr<DenseValues<T>> v = readDense<T>(ctx, x);
  if (failed(v))
    return failure();
  const T *in = v->data;
  std::vector<T> moved, nhwcOut;
  T *out = r->data;
  int64_t hw = win->h.in * win->w.in;
  if (*nchw) {
    moved.resize(static_cast<size_t>(v->size));
    nchwToNhwc(v->data, moved.data(), win->batch, c, hw);
    in = moved.data();
    nhwcOut.resize(static_cast<size_t>(r->builder.size()));
    out = nhwcOut.data();
  }
  const Window2D &w = *win;
  auto run = [&](size_t row) {
    int64_t n = static_cast<int64_t>(row) / w.h.out;
    int64_t oh = static_cast<int64_t>(row) % w.h.out;
    int64_t h0 = oh * w.h.stride - w.h.padBefore;
    int64_t hBegin = std::max<int64_t>(h0, 0);
    int64_t hEnd = std::min(h0 + w.h.size, w.h.in);
    for (int64_t ow = 0; ow < w.w.out; ++ow) {
      T *o = out + (static_cast<int64_t>(row) * w.w.out + ow) * c;
      int64_t w0 = ow * w.w.stride - w.w.padBefore;
      int64_t wBegin = std::max<int64_t>(w0, 0);
      int64_t wEnd = std::min(w0 + w.w.size, w.w.in);
      std::fill(o, o + c, isMax ? -std::numeric_limits<T>::infinity() : T(0));
      for (int64_t ih = hBegin; ih < hEnd; ++ih)
        for (int64_t iw = wBegin; iw < wEnd; ++iw) {
          const T *p = in + ((n * w.h.in + ih) * w.w.in + iw) * c;
          if (isMax)
            for (int64_t ch = 0; ch < c; ++ch)
              o[ch] = p[ch] > o[ch] ? p[ch] : o[ch];
          else
            for (int64_t ch = 0; ch < c; ++ch)
              o[ch] += p[ch];
        }
      if (!isMax) {
        int64_t count = std::max<int64_t>(hEnd - hBegin, 0) *
                        std::max<int64_t>(wEnd - wBegin, 0);
        T scale = count > 0 ? T(1) / T(count) : T(0);
        for (int64_t ch = 0; ch < c; ++ch)
          o[ch] *= scale;
      }
    }
  };
  int64_t rows = w.batch * w.h.out;
  if (rows > 1)
    parallelFor(ctx.getContext(), 0, rows, run);
  else
    run(0);
  if (*nchw)
    nhwcToNchw(out, r->data, w.batch, c, w.h.out * w.w.out);
  return setSingleResult(ctx, takeDense(*r));
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
  switch (getComputeKind(x.getElementType())) {
  case ComputeKind::Float:
    return pool<float>(ctx, isMax, x, ksize, strides);
  case ComputeKind::Double:
    return pool<double>(ctx, isMax, x, ksize, strides);
  case ComputeKind::None:
    break;
  }
  return ctx.fail("pooling takes float tensors");
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

void mlir::tfg::addPoolKernels(EvalKernelTable &table) {
  addKernels(table, {"MaxPool"}, poolKernel<true>);
  addKernels(table, {"AvgPool"}, poolKernel<false>);
  addKernels(table, {"MaxPoolV2"}, maxPoolV2Kernel);
}
