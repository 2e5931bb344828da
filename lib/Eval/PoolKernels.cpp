//===- PoolKernels.cpp - MaxPool, MaxPoolV2, AvgPool and the 3-D pools ----===//
//
// 2-D pooling with TensorFlow's attributes: ksize and strides (4 entries,
// 1 in the batch and depth dimensions; MaxPoolV2 takes them as int32
// operands), padding SAME/VALID (and EXPLICIT for MaxPool) and data_format
// NHWC/NCHW. MaxPool takes the largest element of each window; AvgPool
// divides by the number of elements of the window inside the input, so a
// SAME window on the border averages only its valid elements, as
// TensorFlow does. Floats compute in float (f16, bf16, f32) or double
// (f64), vectorized over channels and in parallel over output rows; NCHW
// moves to NHWC and back. MaxPool3D and AvgPool3D do the same on 3-D
// windows (NDHWC/NCDHW, ksize and strides of 5 entries, SAME or VALID).
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

/// MaxPool3D and AvgPool3D: input [n, d, h, w, c] (NDHWC) or [n, c, d, h,
/// w] (NCDHW), ksize and strides of 5 entries (1 in the batch and channel
/// dimensions), padding SAME or VALID. AvgPool3D divides by the window's
/// elements inside the input, as the 2-D pool does.
template <typename T>
static LogicalResult pool3D(EvalContext &ctx, bool isMax, const HostTensor &x,
                            bool first, ArrayRef<int64_t> ksize,
                            ArrayRef<int64_t> strides, Padding padding) {
  ArrayRef<int64_t> xs = x.getShape();
  int cIdx = first ? 1 : 4, s0 = first ? 2 : 1;
  int64_t batch = xs[0], c = xs[cIdx];
  WindowDim dims[3];
  for (int i = 0; i < 3; ++i) {
    dims[i] = {xs[s0 + i], ksize[s0 + i], strides[s0 + i], 1, 0, 0};
    if (failed(computeWindow(ctx, dims[i], padding, 0, 0)))
      return failure();
  }
  SmallVector<int64_t, 5> shape =
      first ? SmallVector<int64_t, 5>{batch, c, dims[0].out, dims[1].out,
                                      dims[2].out}
            : SmallVector<int64_t, 5>{batch, dims[0].out, dims[1].out,
                                      dims[2].out, c};
  FailureOr<DenseResult<T>> r = startDense<T>(ctx, x.getElementType(), shape);
  if (failed(r))
    return failure();
  if (r->builder.size() == 0)
    return setSingleResult(ctx, takeDense(*r));
  FailureOr<DenseValues<T>> v = readDense<T>(ctx, x);
  if (failed(v))
    return failure();
  int64_t inVolume = dims[0].in * dims[1].in * dims[2].in;
  int64_t outVolume = dims[0].out * dims[1].out * dims[2].out;
  const T *in = v->data;
  std::vector<T> moved, ndhwcOut;
  T *out = r->data;
  if (first) {
    moved.resize(static_cast<size_t>(v->size));
    nchwToNhwc(v->data, moved.data(), batch, c, inVolume);
    in = moved.data();
    ndhwcOut.resize(static_cast<size_t>(r->builder.size()));
    out = ndhwcOut.data();
  }
  // One task per output (n, od, oh) row of dims[2].out pixels.
  auto run = [&](size_t task) {
    int64_t row = static_cast<int64_t>(task);
    int64_t oh = row % dims[1].out, rest = row / dims[1].out;
    int64_t od = rest % dims[0].out, n = rest / dims[0].out;
    int64_t begin[3], end[3];
    int64_t pos[2] = {od, oh};
    for (int i = 0; i < 2; ++i) {
      int64_t p0 = pos[i] * dims[i].stride - dims[i].padBefore;
      begin[i] = std::max<int64_t>(p0, 0);
      end[i] = std::min(p0 + dims[i].size, dims[i].in);
    }
    for (int64_t ow = 0; ow < dims[2].out; ++ow) {
      T *o = out + (row * dims[2].out + ow) * c;
      int64_t p0 = ow * dims[2].stride - dims[2].padBefore;
      begin[2] = std::max<int64_t>(p0, 0);
      end[2] = std::min(p0 + dims[2].size, dims[2].in);
      std::fill(o, o + c, isMax ? -std::numeric_limits<T>::infinity() : T(0));
      for (int64_t id = begin[0]; id < end[0]; ++id)
        for (int64_t ih = begin[1]; ih < end[1]; ++ih)
          for (int64_t iw = begin[2]; iw < end[2]; ++iw) {
            const T *p =
                in +
                (((n * dims[0].in + id) * dims[1].in + ih) * dims[2].in + iw) *
                    c;
            if (isMax)
              for (int64_t ch = 0; ch < c; ++ch)
                o[ch] = p[ch] > o[ch] ? p[ch] : o[ch];
            else
              for (int64_t ch = 0; ch < c; ++ch)
                o[ch] += p[ch];
          }
      if (!isMax) {
        int64_t count = 1;
        for (int i = 0; i < 3; ++i)
          count *= std::max<int64_t>(end[i] - begin[i], 0);
        T scale = count > 0 ? T(1) / T(count) : T(0);
        for (int64_t ch = 0; ch < c; ++ch)
          o[ch] *= scale;
      }
    }
  };
  int64_t rows = batch * dims[0].out * dims[1].out;
  if (rows > 1)
    parallelFor(ctx.getContext(), 0, rows, run);
  else
    run(0);
  if (first)
    nhwcToNchw(out, r->data, batch, c, outVolume);
  return setSingleResult(ctx, takeDense(*r));
}

template <bool isMax> static LogicalResult pool3DKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected 1 operand");
  if ((*x)->getRank() != 5)
    return ctx.fail("input must be rank 5, not " +
                    formatShape((*x)->getShape()));
  FailureOr<SmallVector<int64_t, 8>> ksize =
      getIntListAttr(ctx, "ksize", 5, {});
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 5, {});
  FailureOr<std::string> format = readStringAttr(ctx, "data_format", "NDHWC");
  FailureOr<Padding> padding = getPadding(ctx);
  if (failed(ksize) || failed(strides) || failed(format) || failed(padding))
    return failure();
  if (*format != "NDHWC" && *format != "NCDHW")
    return ctx.fail("unsupported data_format '" + *format + "'");
  if (*padding == Padding::Explicit)
    return ctx.fail("3-D pooling does not take EXPLICIT padding");
  bool first = *format == "NCDHW";
  int cIdx = first ? 1 : 4;
  if ((*ksize)[0] != 1 || (*ksize)[cIdx] != 1 || (*strides)[0] != 1 ||
      (*strides)[cIdx] != 1)
    return ctx.fail("ksize and strides must be 1 in the batch and channel "
                    "dimensions");
  switch (getComputeKind((*x)->getElementType())) {
  case ComputeKind::Float:
    return pool3D<float>(ctx, isMax, **x, first, *ksize, *strides, *padding);
  case ComputeKind::Double:
    return pool3D<double>(ctx, isMax, **x, first, *ksize, *strides, *padding);
  case ComputeKind::None:
    break;
  }
  return ctx.fail("pooling takes float tensors");
}

void mlir::tfg::addPoolKernels(EvalKernelTable &table) {
  addKernels(table, {"MaxPool"}, poolKernel<true>);
  addKernels(table, {"AvgPool"}, poolKernel<false>);
  addKernels(table, {"MaxPoolV2"}, maxPoolV2Kernel);
  addKernels(table, {"MaxPool3D"}, pool3DKernel<true>);
  addKernels(table, {"AvgPool3D"}, pool3DKernel<false>);
}
