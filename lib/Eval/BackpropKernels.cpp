//===- BackpropKernels.cpp - Gradients of convolutions, pools, batch norm -===//
//
// The training gradients that TensorFlow's graphs compute, on float tensors
// (accumulated in double, rounded once to the element type), NHWC or NCHW:
// - Conv2DBackpropFilter(x, filter_sizes, dy): dW[i, j, ci, co] = the sum
//   over n, oy, ox of x[n, oy * sh + i * dh - pt, ox * sw + j * dw - pl, ci]
//   * dy[n, oy, ox, co] (positions in the padding read 0).
// - DepthwiseConv2dNativeBackpropInput(x_sizes, W, dy): dx[n, y, x, c] =
//   the sum over oy, ox, i, j, m with y = oy * sh + i * dh - pt (and x
//   alike) of W[i, j, c, m] * dy[n, oy, ox, c * M + m];
//   DepthwiseConv2dNativeBackpropFilter(x, filter_sizes, dy): dW[i, j, c,
//   m] = the sum over n, oy, ox of x[n, y, x, c] * dy[n, oy, ox, c * M + m].
// - Conv3DBackpropInput(V2) and Conv3DBackpropFilter(V2): the same sums
//   over three spatial dimensions (NDHWC or NCDHW), V1 taking the input
//   (filter) tensor where V2 takes its shape.
// - MaxPoolGrad(x, y, dy) and MaxPoolGradV2 (ksize and strides operands):
//   each dy element goes to the first largest element of its window (in
//   row-major window order, padding skipped), as TensorFlow's CPU kernel.
//   MaxPoolGradGrad(x, y, g) and MaxPoolGradGradV2: each output element is
//   g at that element (the gradient of MaxPoolGrad in dy).
// - AvgPoolGrad(x_shape, dy): each dy element divided among its window's
//   elements inside the input (AvgPool counts no padding).
// - FusedBatchNormGrad, V2, V3(dy, x, scale, r1, r2[, r3]) and Grappler's
//   _FusedBatchNormGradEx(dy, x, scale, r1, r2, r3, offset, y[, side]),
//   which first takes dy through the activation's gradient (Relu: dy where
//   y > 0; Identity) and returns that as the side input's gradient. In
//   training r1, r2 are the batch mean and biased variance the forward
//   kernel reserved; with xh = (x - r1) / sqrt(r2 + eps) per channel and m
//   the elements per channel: offset_backprop = sum(dy), scale_backprop =
//   sum(dy * xh), x_backprop = scale / sqrt(r2 + eps) * (dy - sum(dy) / m -
//   xh * sum(dy * xh) / m). In inference r1, r2 are the population moments
//   and x_backprop = dy * scale / sqrt(r2 + eps). The reserve outputs are
//   empty.
//
//===----------------------------------------------------------------------===//

#include "KernelRegistry.h"
#include "KernelSupport.h"
#include "NNSupport.h"

#include <array>
#include <cmath>
#include <limits>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Index arithmetic of a rank-4 tensor in NHWC or NCHW.
struct Layout4 {
  int64_t n, h, w, c;
  bool nchw;
  int64_t at(int64_t bi, int64_t y, int64_t x, int64_t ci) const {
    return nchw ? ((bi * c + ci) * h + y) * w + x
                : ((bi * h + y) * w + x) * c + ci;
  }
};
} // namespace

static Layout4 layoutOf(ArrayRef<int64_t> nhwc, bool nchw) {
  return {nhwc[0], nhwc[1], nhwc[2], nhwc[3], nchw};
}

/// A rank-4 shape in NHWC order from one stored in the op's format.
static SmallVector<int64_t, 4> toNHWC(ArrayRef<int64_t> s, bool nchw) {
  return nchw ? SmallVector<int64_t, 4>{s[0], s[2], s[3], s[1]}
              : SmallVector<int64_t, 4>(s.begin(), s.end());
}

static FailureOr<SmallVector<int64_t, 4>>
readShape4(EvalContext &ctx, const HostTensor &t, StringRef what) {
  return readShape(ctx, t, what, 4);
}

/// Steps the row-major index `pos` within `sizes`.
template <size_t R>
static void advance(std::array<int64_t, R> &pos,
                    const std::array<int64_t, R> &sizes) {
  for (size_t d = R; d-- > 0;) {
    if (++pos[d] < sizes[d])
      return;
    pos[d] = 0;
  }
}

/// The window walk of the convolution backprops: calls `tap(n, out, k,
/// in)` for every batch index n, output position `out` and filter tap `k`
/// (row-major, in that order) whose input position `in` (out * stride + k
/// * dilation - padBefore in each spatial dimension) is inside the input.
template <size_t R, typename Fn>
static void forEachConvTap(int64_t batch, const std::array<WindowDim, R> &dims,
                           const std::array<int64_t, R> &taps, Fn &&tap) {
  std::array<int64_t, R> outs, out{}, k{}, in{};
  int64_t outCount = 1, tapCount = 1;
  for (size_t d = 0; d < R; ++d) {
    outs[d] = dims[d].out;
    outCount *= dims[d].out;
    tapCount *= taps[d];
  }
  for (int64_t n = 0; n < batch; ++n)
    for (int64_t o = 0; o < outCount; ++o, advance(out, outs))
      for (int64_t t = 0; t < tapCount; ++t, advance(k, taps)) {
        bool inside = true;
        for (size_t d = 0; d < R; ++d) {
          in[d] = out[d] * dims[d].stride + k[d] * dims[d].dilation -
                  dims[d].padBefore;
          inside &= in[d] >= 0 && in[d] < dims[d].in;
        }
        if (inside)
          tap(n, out, k, in);
      }
}

//===----------------------------------------------------------------------===//
// Conv2DBackpropFilter
//===----------------------------------------------------------------------===//

static LogicalResult conv2DBackpropFilterKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0], &sizes = *(*ops)[1], &dy = *(*ops)[2];
  FailureOr<SmallVector<int64_t, 4>> fs =
      readShape4(ctx, sizes, "filter_sizes");
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 4, {});
  if (failed(fs) || failed(strides) || failed(checkFloat(ctx, x, "input")))
    return failure();
  if (x.getElementType() != dy.getElementType())
    return ctx.fail("input and out_backprop must have one element type");
  if (x.getRank() != 4 || dy.getRank() != 4)
    return ctx.fail("input and out_backprop must be rank 4");
  FailureOr<Window2D> win =
      getWindow2D(ctx, x.getShape(), (*fs)[0], (*fs)[1], *strides, true);
  if (failed(win))
    return failure();
  if ((*fs)[2] != win->channels)
    return ctx.fail("filter_sizes has " + std::to_string((*fs)[2]) +
                    " input channels but the input has " +
                    std::to_string(win->channels));
  int64_t outC = (*fs)[3];
  SmallVector<int64_t, 4> dyShape{win->batch, win->h.out, win->w.out, outC};
  if (toNHWC(dy.getShape(), win->nchw) != dyShape)
    return ctx.fail("out_backprop has shape " + formatShape(dy.getShape()) +
                    ", not the convolution's output shape");
  Layout4 xl = layoutOf(toNHWC(x.getShape(), win->nchw), win->nchw);
  Layout4 gl = layoutOf(dyShape, win->nchw);
  int64_t kh = (*fs)[0], kw = (*fs)[1], ci = win->channels;
  FailureOr<int64_t> count = checkedProduct(ctx, {kh * kw, ci, outC}, "filter");
  if (failed(count) || *count > ctx.getMaxElements())
    return failed(count) ? failure() : ctx.fail("the filter is too large");
  std::vector<double> dw(static_cast<size_t>(*count), 0.0);
  forEachConvTap<2>(
      xl.n, {win->h, win->w}, {kh, kw},
      [&](int64_t bi, const std::array<int64_t, 2> &out,
          const std::array<int64_t, 2> &k, const std::array<int64_t, 2> &in) {
        for (int64_t c = 0; c < ci; ++c) {
          double v = x.getDouble(xl.at(bi, in[0], in[1], c));
          if (v == 0)
            continue;
          double *row =
              &dw[static_cast<size_t>(((k[0] * kw + k[1]) * ci + c) * outC)];
          for (int64_t co = 0; co < outC; ++co)
            row[co] += v * dy.getDouble(gl.at(bi, out[0], out[1], co));
        }
      });
  ctx.results.clear();
  ctx.hostResults.clear();
  return pushResult(ctx, x.getElementType(), *fs, dw);
}

//===----------------------------------------------------------------------===//
// DepthwiseConv2dNativeBackpropInput, DepthwiseConv2dNativeBackpropFilter
//===----------------------------------------------------------------------===//

/// The input gradient (x_sizes, W, dy) or, with `filterGrad`, the filter
/// gradient (x, filter_sizes, dy) of a depthwise convolution.
template <bool filterGrad>
static LogicalResult depthwiseBackpropKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &a = *(*ops)[0], &b = *(*ops)[1], &dy = *(*ops)[2];
  const HostTensor &data = filterGrad ? a : b;
  FailureOr<SmallVector<int64_t, 4>> sizes = readShape4(
      ctx, filterGrad ? b : a, filterGrad ? "filter_sizes" : "input_sizes");
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 4, {});
  if (failed(sizes) || failed(strides) ||
      failed(checkFloat(ctx, data, filterGrad ? "input" : "filter")))
    return failure();
  if (data.getElementType() != dy.getElementType())
    return ctx.fail("the operands must have one element type");
  if (data.getRank() != 4 || dy.getRank() != 4)
    return ctx.fail("the tensor operands must be rank 4");
  SmallVector<int64_t, 4> xShape(filterGrad ? data.getShape() : *sizes);
  SmallVector<int64_t, 4> fs(filterGrad ? *sizes : data.getShape());
  FailureOr<Window2D> win =
      getWindow2D(ctx, xShape, fs[0], fs[1], *strides, true);
  if (failed(win))
    return failure();
  int64_t channels = win->channels, mult = fs[3];
  if (fs[2] != channels)
    return ctx.fail("the filter has " + std::to_string(fs[2]) +
                    " input channels but the input has " +
                    std::to_string(channels));
  FailureOr<int64_t> outC = checkedProduct(ctx, {channels, mult}, "channels");
  if (failed(outC))
    return failure();
  SmallVector<int64_t, 4> dyShape{win->batch, win->h.out, win->w.out, *outC};
  if (toNHWC(dy.getShape(), win->nchw) != dyShape)
    return ctx.fail("out_backprop has shape " + formatShape(dy.getShape()) +
                    ", not the convolution's output shape");
  ArrayRef<int64_t> shape = filterGrad ? ArrayRef<int64_t>(fs) : xShape;
  FailureOr<int64_t> count = checkedProduct(ctx, shape, "the result");
  if (failed(count) || *count > ctx.getMaxElements())
    return failed(count) ? failure() : ctx.fail("the result is too large");
  Layout4 xl = layoutOf(toNHWC(xShape, win->nchw), win->nchw);
  Layout4 gl = layoutOf(dyShape, win->nchw);
  int64_t kh = fs[0], kw = fs[1];
  std::vector<double> out(static_cast<size_t>(*count), 0.0);
  forEachConvTap<2>(
      xl.n, {win->h, win->w}, {kh, kw},
      [&](int64_t bi, const std::array<int64_t, 2> &o,
          const std::array<int64_t, 2> &k, const std::array<int64_t, 2> &in) {
        for (int64_t c = 0; c < channels; ++c)
          for (int64_t m = 0; m < mult; ++m) {
            double g = dy.getDouble(gl.at(bi, o[0], o[1], c * mult + m));
            int64_t w = ((k[0] * kw + k[1]) * channels + c) * mult + m;
            int64_t at = xl.at(bi, in[0], in[1], c);
            if (filterGrad)
              out[static_cast<size_t>(w)] += data.getDouble(at) * g;
            else
              out[static_cast<size_t>(at)] += data.getDouble(w) * g;
          }
      });
  ctx.results.clear();
  ctx.hostResults.clear();
  return pushResult(ctx, dy.getElementType(), shape, out);
}

//===----------------------------------------------------------------------===//
// Conv3DBackpropInput(V2), Conv3DBackpropFilter(V2)
//===----------------------------------------------------------------------===//

/// The input gradient (x or, V2, x_sizes; W; dy) or, with `filterGrad`,
/// the filter gradient (x; W or, V2, filter_sizes; dy) of a Conv3D:
/// NDHWC or NCDHW, SAME or VALID, strides and dilations of 5.
template <bool filterGrad, bool v2>
static LogicalResult conv3DBackpropKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &a = *(*ops)[0], &b = *(*ops)[1], &dy = *(*ops)[2];
  const HostTensor &data = filterGrad ? a : b;
  const HostTensor &sized = filterGrad ? b : a;
  FailureOr<SmallVector<int64_t, 4>> sizes =
      v2 ? readShape(ctx, sized, filterGrad ? "filter_sizes" : "input_sizes", 5)
         : FailureOr<SmallVector<int64_t, 4>>(
               SmallVector<int64_t, 4>(sized.getShape()));
  FailureOr<Window3DAttrs> attrs;
  if (failed(sizes) || failed(attrs = getWindow3DAttrs(ctx, "dilations")) ||
      failed(checkFloat(ctx, data, filterGrad ? "input" : "filter")))
    return failure();
  if (data.getElementType() != dy.getElementType())
    return ctx.fail("the operands must have one element type");
  SmallVector<int64_t, 4> xShape(filterGrad ? data.getShape() : *sizes);
  SmallVector<int64_t, 4> fs(filterGrad ? *sizes : data.getShape());
  if (xShape.size() != 5 || fs.size() != 5 || dy.getRank() != 5)
    return ctx.fail("the input, filter and out_backprop must be rank 5");
  bool first = attrs->first;
  int cIdx = attrs->channelDim, s0 = attrs->spatialDim;
  ArrayRef<int64_t> strides = attrs->strides, dilations = attrs->sizes;
  int64_t ci = xShape[cIdx], co = fs[4];
  if (fs[3] != ci)
    return ctx.fail("the filter has " + std::to_string(fs[3]) +
                    " input channels but the input has " + std::to_string(ci));
  WindowDim dims[3];
  for (int i = 0; i < 3; ++i) {
    dims[i] = {xShape[s0 + i], fs[i], strides[s0 + i], dilations[s0 + i], 0, 0};
    if (failed(computeWindow(ctx, dims[i], attrs->padding, 0, 0)))
      return failure();
  }
  SmallVector<int64_t, 5> dyShape =
      first ? SmallVector<int64_t, 5>{xShape[0], co, dims[0].out, dims[1].out,
                                      dims[2].out}
            : SmallVector<int64_t, 5>{xShape[0], dims[0].out, dims[1].out,
                                      dims[2].out, co};
  if (dy.getShape() != ArrayRef<int64_t>(dyShape))
    return ctx.fail("out_backprop has shape " + formatShape(dy.getShape()) +
                    ", not the convolution's output shape");
  ArrayRef<int64_t> shape = filterGrad ? ArrayRef<int64_t>(fs) : xShape;
  FailureOr<int64_t> count = checkedProduct(ctx, shape, "the result");
  if (failed(count) || *count > ctx.getMaxElements())
    return failed(count) ? failure() : ctx.fail("the result is too large");
  // Element index of [n, d, h, w, c] in a tensor of `s` (its format).
  auto at = [first](ArrayRef<int64_t> s, int64_t n, int64_t d, int64_t h,
                    int64_t w, int64_t c) {
    return first ? (((n * s[1] + c) * s[2] + d) * s[3] + h) * s[4] + w
                 : (((n * s[1] + d) * s[2] + h) * s[3] + w) * s[4] + c;
  };
  std::vector<double> out(static_cast<size_t>(*count), 0.0);
  forEachConvTap<3>(
      xShape[0], {dims[0], dims[1], dims[2]}, {fs[0], fs[1], fs[2]},
      [&](int64_t n, const std::array<int64_t, 3> &pos,
          const std::array<int64_t, 3> &k, const std::array<int64_t, 3> &in) {
        for (int64_t c = 0; c < ci; ++c) {
          int64_t xi = at(xShape, n, in[0], in[1], in[2], c);
          int64_t fi = (((k[0] * fs[1] + k[1]) * fs[2] + k[2]) * ci + c) * co;
          for (int64_t o = 0; o < co; ++o) {
            double g = dy.getDouble(at(dyShape, n, pos[0], pos[1], pos[2], o));
            if (filterGrad)
              out[static_cast<size_t>(fi + o)] += data.getDouble(xi) * g;
            else
              out[static_cast<size_t>(xi)] += data.getDouble(fi + o) * g;
          }
        }
      });
  ctx.results.clear();
  ctx.hostResults.clear();
  return pushResult(ctx, dy.getElementType(), shape, out);
}

//===----------------------------------------------------------------------===//
// MaxPoolGrad(Grad), MaxPoolGrad(Grad)V2, AvgPoolGrad
//===----------------------------------------------------------------------===//

/// The window of a 2-D pool grad over an input of `shape` (in its format).
static FailureOr<Window2D> poolWindow(EvalContext &ctx, ArrayRef<int64_t> shape,
                                      ArrayRef<int64_t> ksize,
                                      ArrayRef<int64_t> strides) {
  FailureOr<bool> nchw = getNCHW(ctx);
  if (failed(nchw))
    return failure();
  if (shape.size() != 4 || ksize.size() != 4)
    return ctx.fail("the input and ksize must have 4 dimensions");
  int hIdx = *nchw ? 2 : 1, wIdx = *nchw ? 3 : 2, cIdx = *nchw ? 1 : 3;
  if (ksize[0] != 1 || ksize[cIdx] != 1)
    return ctx.fail("pooling over the batch or depth dimension is not "
                    "supported");
  return getWindow2D(ctx, shape, ksize[hIdx], ksize[wIdx], strides, false);
}

/// Checks that `t` has the pool's output shape.
static LogicalResult checkPoolOutput(EvalContext &ctx, const Window2D &win,
                                     const HostTensor &t, StringRef what) {
  SmallVector<int64_t, 4> shape{win.batch, win.h.out, win.w.out, win.channels};
  if (t.getRank() != 4 || toNHWC(t.getShape(), win.nchw) != shape)
    return ctx.fail(what + " has shape " + formatShape(t.getShape()) +
                    ", not the pool's output shape");
  return success();
}

/// MaxPoolGrad, or MaxPoolGradGrad when `gradGrad` (the grad operand then
/// has the input's shape and the result the output's).
static LogicalResult maxPoolGrad(EvalContext &ctx, ArrayRef<int64_t> ksize,
                                 ArrayRef<int64_t> strides, bool gradGrad) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0], &y = *(*ops)[1], &dy = *(*ops)[2];
  if (failed(checkFloat(ctx, x, "orig_input")))
    return failure();
  if (x.getElementType() != dy.getElementType() ||
      x.getElementType() != y.getElementType())
    return ctx.fail("the operands must have one element type");
  FailureOr<Window2D> win = poolWindow(ctx, x.getShape(), ksize, strides);
  if (failed(win) || failed(checkPoolOutput(ctx, *win, y, "orig_output")))
    return failure();
  if (gradGrad ? dy.getShape() != x.getShape()
               : failed(checkPoolOutput(ctx, *win, dy, "grad")))
    return gradGrad ? ctx.fail("grad has shape " + formatShape(dy.getShape()) +
                               ", not orig_input's")
                    : failure();
  Layout4 xl = layoutOf(toNHWC(x.getShape(), win->nchw), win->nchw);
  Layout4 gl =
      layoutOf({win->batch, win->h.out, win->w.out, win->channels}, win->nchw);
  std::vector<double> dx(
      static_cast<size_t>(gradGrad ? y.getNumElements() : x.getNumElements()),
      0.0);
  for (int64_t bi = 0; bi < gl.n; ++bi)
    for (int64_t oy = 0; oy < gl.h; ++oy)
      for (int64_t ox = 0; ox < gl.w; ++ox)
        for (int64_t c = 0; c < gl.c; ++c) {
          int64_t best = -1;
          double max = -std::numeric_limits<double>::infinity();
          for (int64_t i = 0; i < win->h.size; ++i) {
            int64_t yy = oy * win->h.stride + i - win->h.padBefore;
            if (yy < 0 || yy >= xl.h)
              continue;
            for (int64_t j = 0; j < win->w.size; ++j) {
              int64_t xx = ox * win->w.stride + j - win->w.padBefore;
              if (xx < 0 || xx >= xl.w)
                continue;
              int64_t at = xl.at(bi, yy, xx, c);
              double v = x.getDouble(at);
              if (best < 0 || v > max) {
                best = at;
                max = v;
              }
            }
          }
          if (best < 0)
            continue;
          if (gradGrad)
            dx[static_cast<size_t>(gl.at(bi, oy, ox, c))] = dy.getDouble(best);
          else
            dx[static_cast<size_t>(best)] += dy.getDouble(gl.at(bi, oy, ox, c));
        }
  ctx.results.clear();
  ctx.hostResults.clear();
  return pushResult(ctx, x.getElementType(),
                    gradGrad ? y.getShape() : x.getShape(), dx);
}

template <bool gradGrad>
static LogicalResult maxPoolGradKernel(EvalContext &ctx) {
  FailureOr<SmallVector<int64_t, 8>> ksize =
      getIntListAttr(ctx, "ksize", 4, {});
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 4, {});
  if (failed(ksize) || failed(strides))
    return failure();
  return maxPoolGrad(ctx, *ksize, *strides, gradGrad);
}

template <bool gradGrad>
static LogicalResult maxPoolGradV2Kernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 5);
  if (failed(ops))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> ksize =
      readShape4(ctx, *(*ops)[3], "ksize");
  FailureOr<SmallVector<int64_t, 4>> strides =
      readShape4(ctx, *(*ops)[4], "strides");
  if (failed(ksize) || failed(strides))
    return failure();
  return maxPoolGrad(ctx, *ksize, *strides, gradGrad);
}

static LogicalResult avgPoolGradKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &sizes = *(*ops)[0], &dy = *(*ops)[1];
  FailureOr<SmallVector<int64_t, 4>> shape =
      readShape4(ctx, sizes, "orig_input_shape");
  FailureOr<SmallVector<int64_t, 8>> ksize =
      getIntListAttr(ctx, "ksize", 4, {});
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 4, {});
  FailureOr<Padding> padding = getPadding(ctx);
  if (failed(shape) || failed(ksize) || failed(strides) || failed(padding) ||
      failed(checkFloat(ctx, dy, "grad")))
    return failure();
  if (*padding == Padding::Explicit)
    return ctx.fail("AvgPoolGrad does not take EXPLICIT padding");
  FailureOr<Window2D> win = poolWindow(ctx, *shape, *ksize, *strides);
  if (failed(win) || failed(checkPoolOutput(ctx, *win, dy, "grad")))
    return failure();
  FailureOr<int64_t> count = checkedProduct(
      ctx, {(*shape)[0] * (*shape)[1], (*shape)[2], (*shape)[3]}, "input");
  if (failed(count) || *count > ctx.getMaxElements())
    return failed(count) ? failure() : ctx.fail("the input is too large");
  Layout4 xl = layoutOf(toNHWC(*shape, win->nchw), win->nchw);
  Layout4 gl =
      layoutOf({win->batch, win->h.out, win->w.out, win->channels}, win->nchw);
  std::vector<double> dx(static_cast<size_t>(*count), 0.0);
  for (int64_t bi = 0; bi < gl.n; ++bi)
    for (int64_t oy = 0; oy < gl.h; ++oy)
      for (int64_t ox = 0; ox < gl.w; ++ox) {
        int64_t y0 =
            std::max<int64_t>(oy * win->h.stride - win->h.padBefore, 0);
        int64_t y1 =
            std::min(oy * win->h.stride - win->h.padBefore + win->h.size, xl.h);
        int64_t x0 =
            std::max<int64_t>(ox * win->w.stride - win->w.padBefore, 0);
        int64_t x1 =
            std::min(ox * win->w.stride - win->w.padBefore + win->w.size, xl.w);
        int64_t cells = (y1 - y0) * (x1 - x0);
        if (cells <= 0)
          continue;
        for (int64_t c = 0; c < gl.c; ++c) {
          double share = dy.getDouble(gl.at(bi, oy, ox, c)) / double(cells);
          for (int64_t yy = y0; yy < y1; ++yy)
            for (int64_t xx = x0; xx < x1; ++xx)
              dx[static_cast<size_t>(xl.at(bi, yy, xx, c))] += share;
        }
      }
  ctx.results.clear();
  ctx.hostResults.clear();
  return pushResult(ctx, dy.getElementType(), *shape, dx);
}

//===----------------------------------------------------------------------===//
// FusedBatchNormGrad, V2, V3, _FusedBatchNormGradEx
//===----------------------------------------------------------------------===//

/// The `channels` float values of the vector operand `t`.
static FailureOr<std::vector<double>> readChannels(EvalContext &ctx,
                                                   const HostTensor &t,
                                                   int64_t channels,
                                                   StringRef what) {
  if (t.getKind() != HostElementKind::Float || t.getRank() != 1 ||
      t.getNumElements() != channels)
    return ctx.fail(what + " must be a float vector of " +
                    std::to_string(channels) + " elements");
  std::vector<double> out;
  for (int64_t c = 0; c < channels; ++c)
    out.push_back(t.getDouble(c));
  return out;
}

/// version 1 (FusedBatchNormGrad, also V2), 3 (V3) or 4
/// (_FusedBatchNormGradEx).
template <int version>
static LogicalResult fusedBatchNormGradKernel(EvalContext &ctx) {
  unsigned numOperands = version == 1 ? 5 : version == 3 ? 6 : 8;
  FailureOr<int64_t> sides = readIntAttr(ctx, "num_side_inputs", 0);
  FailureOr<std::string> mode =
      readStringAttr(ctx, "activation_mode", "Identity");
  FailureOr<bool> training = readBoolAttr(ctx, "is_training", true);
  FailureOr<double> epsilon = readFloatAttr(ctx, "epsilon", 0.0001);
  FailureOr<std::string> format = readStringAttr(ctx, "data_format", "NHWC");
  if (failed(sides) || failed(mode) || failed(training) || failed(epsilon) ||
      failed(format))
    return failure();
  if (version == 4) {
    if (*sides < 0 || *sides > 1)
      return ctx.fail("num_side_inputs must be 0 or 1");
    if (*mode != "Identity" && *mode != "Relu")
      return ctx.fail("unsupported activation_mode '" + *mode + "'");
    numOperands += *sides;
  }
  FailureOr<SmallVector<const HostTensor *, 4>> ops =
      getOperands(ctx, numOperands);
  if (failed(ops))
    return failure();
  const HostTensor &dyIn = *(*ops)[0], &x = *(*ops)[1];
  bool channelFirst;
  if (*format == "NHWC" || *format == "NDHWC")
    channelFirst = false;
  else if (*format == "NCHW" || *format == "NCDHW")
    channelFirst = true;
  else
    return ctx.fail("unsupported data_format '" + *format + "'");
  int64_t rank = static_cast<int64_t>(format->size());
  if (failed(checkFloat(ctx, x, "x")))
    return failure();
  if (x.getRank() != rank || dyIn.getShape() != x.getShape() ||
      dyIn.getElementType() != x.getElementType())
    return ctx.fail("y_backprop and x must be of one type and rank " +
                    std::to_string(rank));
  ArrayRef<int64_t> shape = x.getShape();
  int64_t channels = shape[channelFirst ? 1 : rank - 1];
  if (channels > ctx.getMaxElements())
    return ctx.fail("x has too many channels");
  // x is [outer, channels, inner] (inner 1 when channels last).
  int64_t outer = 1, inner = 1, axis = channelFirst ? 1 : rank - 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= shape[i];
  for (int64_t i = axis + 1; i < rank; ++i)
    inner *= shape[i];
  FailureOr<std::vector<double>> scale =
      readChannels(ctx, *(*ops)[2], channels, "scale");
  FailureOr<std::vector<double>> mean =
      readChannels(ctx, *(*ops)[3], channels, "reserve_space_1");
  FailureOr<std::vector<double>> var =
      readChannels(ctx, *(*ops)[4], channels, "reserve_space_2");
  if (failed(scale) || failed(mean) || failed(var))
    return failure();
  int64_t total = x.getNumElements();
  std::vector<double> dy(static_cast<size_t>(total));
  for (int64_t i = 0; i < total; ++i)
    dy[static_cast<size_t>(i)] = dyIn.getDouble(i);
  if (version == 4) {
    // dy through the activation's gradient, at the forward output y.
    const HostTensor &y = *(*ops)[7];
    if (y.getShape() != x.getShape() ||
        y.getElementType() != x.getElementType())
      return ctx.fail("y must have x's type and shape");
    if (failed(readChannels(ctx, *(*ops)[6], channels, "offset")))
      return failure();
    if (*sides == 1 && ((*ops)[8]->getShape() != x.getShape() ||
                        (*ops)[8]->getElementType() != x.getElementType()))
      return ctx.fail("side_input must have x's type and shape");
    if (*mode == "Relu")
      for (int64_t i = 0; i < total; ++i)
        if (!(y.getDouble(i) > 0))
          dy[static_cast<size_t>(i)] = 0;
  }
  std::vector<double> sumDy(channels, 0.0), sumDyXh(channels, 0.0),
      inv(channels);
  for (int64_t c = 0; c < channels; ++c)
    inv[c] = 1.0 / std::sqrt((*var)[c] + *epsilon);
  auto channelOf = [&](int64_t i) { return (i / inner) % channels; };
  for (int64_t i = 0; i < total; ++i) {
    int64_t c = channelOf(i);
    double xh = (x.getDouble(i) - (*mean)[c]) * inv[c];
    sumDy[c] += dy[static_cast<size_t>(i)];
    sumDyXh[c] += dy[static_cast<size_t>(i)] * xh;
  }
  double m = double(outer * inner);
  std::vector<double> dx(static_cast<size_t>(total));
  for (int64_t i = 0; i < total; ++i) {
    int64_t c = channelOf(i);
    double g = dy[static_cast<size_t>(i)];
    if (*training && m > 0) {
      double xh = (x.getDouble(i) - (*mean)[c]) * inv[c];
      g = g - sumDy[c] / m - xh * sumDyXh[c] / m;
    }
    dx[static_cast<size_t>(i)] = (*scale)[c] * inv[c] * g;
  }
  Type vecType = (*ops)[2]->getElementType();
  ctx.results.clear();
  ctx.hostResults.clear();
  if (failed(pushResult(ctx, x.getElementType(), shape, dx)) ||
      failed(pushResult(ctx, vecType, {channels}, sumDyXh)) ||
      failed(pushResult(ctx, vecType, {channels}, sumDy)))
    return failure();
  if (version == 4 && *sides == 1 &&
      failed(pushResult(ctx, x.getElementType(), shape, dy)))
    return failure();
  for (int k = 0; k < 2; ++k)
    if (failed(pushResult(ctx, vecType, {0}, {})))
      return failure();
  return success();
}

void mlir::tfg::addBackpropKernels(EvalKernelTable &table) {
  addKernels(table, {"Conv2DBackpropFilter"}, conv2DBackpropFilterKernel);
  addKernels(table, {"DepthwiseConv2dNativeBackpropInput"},
             depthwiseBackpropKernel<false>);
  addKernels(table, {"DepthwiseConv2dNativeBackpropFilter"},
             depthwiseBackpropKernel<true>);
  addKernels(table, {"Conv3DBackpropInput"},
             conv3DBackpropKernel<false, false>);
  addKernels(table, {"Conv3DBackpropInputV2"},
             conv3DBackpropKernel<false, true>);
  addKernels(table, {"Conv3DBackpropFilter"},
             conv3DBackpropKernel<true, false>);
  addKernels(table, {"Conv3DBackpropFilterV2"},
             conv3DBackpropKernel<true, true>);
  addKernels(table, {"MaxPoolGrad"}, maxPoolGradKernel<false>);
  addKernels(table, {"MaxPoolGradV2"}, maxPoolGradV2Kernel<false>);
  addKernels(table, {"MaxPoolGradGrad"}, maxPoolGradKernel<true>);
  addKernels(table, {"MaxPoolGradGradV2"}, maxPoolGradV2Kernel<true>);
  addKernels(table, {"AvgPoolGrad"}, avgPoolGradKernel);
  addKernels(table, {"FusedBatchNormGrad", "FusedBatchNormGradV2"},
             fusedBatchNormGradKernel<1>);
  addKernels(table, {"FusedBatchNormGradV3"}, fusedBatchNormGradKernel<3>);
  addKernels(table, {"_FusedBatchNormGradEx"}, fusedBatchNormGradKernel<4>);
}
