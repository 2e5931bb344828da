//===- Convolution.cpp - Convolutions over host tensors -------------------===//
//
// The functions of tfg/Eval/Compute/Convolution.h: im2col GEMMs (plain,
// grouped, 3-D), the depthwise loop and the transposed convolution's
// col2im, channels-first layouts moved to channels-last and back.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Convolution.h"
#include "tfg/Eval/Compute/Gemm.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Threading.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// A float tensor in NHWC, moved from NCHW when needed.
template <typename T> struct NhwcInput {
  DenseValues<T> values;
  std::vector<T> moved;
  const T *data = nullptr;
};
} // namespace

template <typename T>
static llvm::Expected<NhwcInput<T>> readNhwc(const ComputeEnv &env,
                                             const HostTensor &t, bool nchw) {
  NhwcInput<T> in;
  llvm::Expected<DenseValues<T>> v = readDense<T>(env, t);
  if (!v)
    return v.takeError();
  in.values = std::move(*v);
  in.data = in.values.data;
  if (nchw) {
    ArrayRef<int64_t> s = t.getShape();
    in.moved.resize(static_cast<size_t>(in.values.size));
    nchwToNhwc(in.values.data, in.moved.data(), s[0], s[1], s[2] * s[3]);
    in.data = in.moved.data();
  }
  return in;
}

/// The output shape of a window op in its data format.
static SmallVector<int64_t, 4> outputShape(const Window2D &win,
                                           int64_t channels) {
  if (win.nchw)
    return {win.batch, channels, win.h.out, win.w.out};
  return {win.batch, win.h.out, win.w.out, channels};
}

/// Writes the im2col rows [r0, r1) of `in` (NHWC) for a kh x kw window
/// over input channels [c0, c0 + c) (a group of a grouped convolution, or
/// all of them): row r (output pixel r) holds kh*kw*c values, zeros in
/// padding.
template <typename T>
static void im2col(const T *in, const Window2D &win, int64_t r0, int64_t r1,
                   int64_t c0, int64_t c, T *dst) {
  int64_t inC = win.channels, kh = win.h.size, kw = win.w.size;
  int64_t pixels = win.h.out * win.w.out;
  for (int64_t r = r0; r < r1; ++r, dst += kh * kw * c) {
    int64_t n = r / pixels, rest = r % pixels;
    int64_t oh = rest / win.w.out, ow = rest % win.w.out;
    for (int64_t i = 0; i < kh; ++i) {
      int64_t ih = oh * win.h.stride - win.h.padBefore + i * win.h.dilation;
      T *rowDst = dst + i * kw * c;
      if (ih < 0 || ih >= win.h.in) {
        std::fill(rowDst, rowDst + kw * c, T(0));
        continue;
      }
      for (int64_t j = 0; j < kw; ++j) {
        int64_t iw = ow * win.w.stride - win.w.padBefore + j * win.w.dilation;
        if (iw < 0 || iw >= win.w.in)
          std::fill(rowDst + j * c, rowDst + (j + 1) * c, T(0));
        else
          std::memcpy(rowDst + j * c,
                      in + ((n * win.h.in + ih) * win.w.in + iw) * inC + c0,
                      sizeof(T) * c);
      }
    }
  }
}

/// out (NHWC, [rows, outC]) = conv(in, filter) then the epilogue.
template <typename T>
static void convGemm(MLIRContext *context, const T *in, const Window2D &win,
                     const T *filter, int64_t outC, T *out,
                     const Epilogue<T> &e) {
  int64_t k = win.h.size * win.w.size * win.channels;
  int64_t m = win.batch * win.h.out * win.w.out;
  PackedPanels<T> packed = packPanels<T>({filter, outC, 1}, k, outC);
  bool direct = win.h.size == 1 && win.w.size == 1 && win.h.stride == 1 &&
                win.w.stride == 1 && win.h.padBefore == 0 &&
                win.w.padBefore == 0 && win.h.out == win.h.in &&
                win.w.out == win.w.in;
  int64_t maxRows =
      std::max<int64_t>(kGemmMC, (int64_t(1) << 15) / std::max<int64_t>(k, 1));
  forEachGemmTile(context, m, outC, direct ? INT64_MAX : maxRows,
                  [&](int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
                    if (direct) {
                      gemmPacked<T>({in + r0 * k, k, 1}, r1 - r0, packed, c0,
                                    c1, out + r0 * outC, outC);
                    } else {
                      std::vector<T> rows(static_cast<size_t>((r1 - r0) * k));
                      im2col(in, win, r0, r1, 0, win.channels, rows.data());
                      gemmPacked<T>({rows.data(), k, 1}, r1 - r0, packed, c0,
                                    c1, out + r0 * outC, outC);
                    }
                    e.apply(out, outC, r0, r1, c0, c1);
                  });
}

/// A grouped convolution (NHWC): output channels [g * outG, (g + 1) *
/// outG) read input channels [g * inG, (g + 1) * inG) through filter
/// columns of the same range (the filter is [kh, kw, inG, outC]). One GEMM
/// of the group's im2col rows per group, then the epilogue on all of out.
template <typename T>
static void convGroupedGemm(MLIRContext *context, const T *in,
                            const Window2D &win, const T *filter,
                            int64_t groups, int64_t outC, T *out,
                            const Epilogue<T> &e) {
  int64_t inG = win.channels / groups, outG = outC / groups;
  int64_t k = win.h.size * win.w.size * inG;
  int64_t m = win.batch * win.h.out * win.w.out;
  int64_t maxRows =
      std::max<int64_t>(kGemmMC, (int64_t(1) << 15) / std::max<int64_t>(k, 1));
  for (int64_t g = 0; g < groups; ++g) {
    PackedPanels<T> packed =
        packPanels<T>({filter + g * outG, outC, 1}, k, outG);
    forEachGemmTile(context, m, outG, maxRows,
                    [&](int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
                      std::vector<T> rows(static_cast<size_t>((r1 - r0) * k));
                      im2col(in, win, r0, r1, g * inG, inG, rows.data());
                      gemmPacked<T>({rows.data(), k, 1}, r1 - r0, packed, c0,
                                    c1, out + r0 * outC + g * outG, outC);
                    });
  }
  if (!e.isIdentity())
    applyEpilogue(context, e, out, m, outC);
}

/// Depthwise convolution (NHWC), vectorized over channels, in parallel
/// over output rows.
template <typename T>
static void depthwise(MLIRContext *context, const T *in, const Window2D &win,
                      const T *filter, int64_t mult, T *out,
                      const Epilogue<T> &e) {
  int64_t c = win.channels, outC = c * mult;
  int64_t rows = win.batch * win.h.out;
  // With multiplier 1, blocks of kBlock channels accumulate in a local
  // array (registers) across the window's taps; the rest goes through
  // the output row.
  constexpr int64_t kBlock = 16;
  int64_t blocked = mult == 1 ? c / kBlock * kBlock : 0;
  auto run = [&](size_t row) {
    int64_t n = static_cast<int64_t>(row) / win.h.out;
    int64_t oh = static_cast<int64_t>(row) % win.h.out;
    T *o = out + static_cast<int64_t>(row) * win.w.out * outC;
    for (int64_t ow = 0; ow < win.w.out; ++ow) {
      T *acc = o + ow * outC;
      auto forEachTap = [&](auto fn) {
        for (int64_t i = 0; i < win.h.size; ++i) {
          int64_t ih = oh * win.h.stride - win.h.padBefore + i * win.h.dilation;
          if (ih < 0 || ih >= win.h.in)
            continue;
          for (int64_t j = 0; j < win.w.size; ++j) {
            int64_t iw =
                ow * win.w.stride - win.w.padBefore + j * win.w.dilation;
            if (iw < 0 || iw >= win.w.in)
              continue;
            fn(in + ((n * win.h.in + ih) * win.w.in + iw) * c,
               filter + (i * win.w.size + j) * outC);
          }
        }
      };
      for (int64_t ch0 = 0; ch0 < blocked; ch0 += kBlock) {
        T sum[kBlock] = {};
        forEachTap([&](const T *x, const T *f) {
          for (int64_t q = 0; q < kBlock; ++q)
            sum[q] += x[ch0 + q] * f[ch0 + q];
        });
        std::copy(sum, sum + kBlock, acc + ch0);
      }
      std::fill(acc + blocked, acc + outC, T(0));
      if (blocked == outC)
        continue;
      forEachTap([&](const T *x, const T *f) {
        if (mult == 1) {
          for (int64_t ch = blocked; ch < c; ++ch)
            acc[ch] += x[ch] * f[ch];
        } else {
          for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t q = 0; q < mult; ++q)
              acc[ch * mult + q] += x[ch] * f[ch * mult + q];
        }
      });
    }
    int64_t r0 = static_cast<int64_t>(row) * win.w.out;
    e.apply(out, outC, r0, r0 + win.w.out, 0, outC);
  };
  if (rows > 1 && context)
    parallelFor(context, 0, rows, run);
  else
    for (int64_t r = 0; r < rows; ++r)
      run(r);
}

llvm::Expected<Conv2DGeometry>
mlir::tfg::getConv2DGeometry(Conv2DKind kind, ArrayRef<int64_t> fs,
                             const Window2D &win) {
  if (fs.size() != 4)
    return computeError("the filter must be rank 4, not " + formatShape(fs));
  bool isDepthwise = kind == Conv2DKind::Depthwise;
  Conv2DGeometry g;
  // A Dense convolution groups the input channels when the filter has a
  // divisor of them: channels / fs[2] groups of fs[2] channels.
  if (fs[2] != win.channels) {
    if (isDepthwise || fs[2] <= 0 || win.channels <= 0 ||
        win.channels % fs[2] != 0)
      return computeError("filter has " + std::to_string(fs[2]) +
                          " input channels but the input has " +
                          std::to_string(win.channels) +
                          (isDepthwise ? "" : ", not a multiple of them"));
    g.groups = win.channels / fs[2];
    if (fs[3] % g.groups != 0)
      return computeError("filter has " + std::to_string(fs[3]) +
                          " output channels, not a multiple of the " +
                          std::to_string(g.groups) + " groups");
  }
  g.outChannels = fs[3];
  if (isDepthwise && llvm::MulOverflow(fs[2], fs[3], g.outChannels))
    return computeError("output depth overflows");
  if (g.outChannels < 0)
    return computeError("output depth overflows");
  g.shape = outputShape(win, g.outChannels);
  return g;
}

template <typename T>
llvm::Expected<HostTensor>
mlir::tfg::computeConv2D(const ComputeEnv &env, Conv2DKind kind,
                         const HostTensor &input, const HostTensor &filter,
                         const Window2D &win, const Epilogue<T> &epilogue) {
  if (filter.getRank() != 4 || input.getRank() != 4)
    return computeError("input and filter must be rank 4, not " +
                        formatShape(input.getShape()) + " and " +
                        formatShape(filter.getShape()));
  if (input.getElementType() != filter.getElementType())
    return computeError("input and filter must have one element type");
  ArrayRef<int64_t> fs = filter.getShape();
  llvm::Expected<Conv2DGeometry> geometry = getConv2DGeometry(kind, fs, win);
  if (!geometry)
    return geometry.takeError();
  bool isDepthwise = kind == Conv2DKind::Depthwise;
  int64_t groups = geometry->groups, outC = geometry->outChannels;
  ArrayRef<int64_t> shape = geometry->shape;
  llvm::Expected<DenseResult<T>> r =
      startDense<T>(env, input.getElementType(), shape);
  if (!r)
    return r.takeError();
  if (r->builder.size() == 0)
    return takeDense(*r);
  llvm::Expected<NhwcInput<T>> in = readNhwc<T>(env, input, win.nchw);
  if (!in)
    return in.takeError();
  llvm::Expected<DenseValues<T>> f = readDense<T>(env, filter);
  if (!f)
    return f.takeError();
  std::vector<T> nhwcOut;
  T *out = r->data;
  if (win.nchw) {
    nhwcOut.resize(static_cast<size_t>(r->builder.size()));
    out = nhwcOut.data();
  }
  if (isDepthwise)
    depthwise(env.context, in->data, win, f->data, fs[3], out, epilogue);
  else if (groups > 1)
    convGroupedGemm(env.context, in->data, win, f->data, groups, outC, out,
                    epilogue);
  else
    convGemm(env.context, in->data, win, f->data, outC, out, epilogue);
  if (win.nchw)
    nhwcToNchw(out, r->data, win.batch, outC, win.h.out * win.w.out);
  return takeDense(*r);
}

llvm::Expected<HostTensor> mlir::tfg::computeConv2D(const ComputeEnv &env,
                                                    Conv2DKind kind,
                                                    const HostTensor &input,
                                                    const HostTensor &filter,
                                                    const Window2D &win) {
  switch (getComputeKind(input.getElementType())) {
  case ComputeKind::Float:
    return computeConv2D<float>(env, kind, input, filter, win, {});
  case ComputeKind::Double:
    return computeConv2D<double>(env, kind, input, filter, win, {});
  case ComputeKind::None:
    break;
  }
  return computeError("convolutions take float tensors");
}

template <typename T>
static llvm::Expected<HostTensor>
convTranspose(const ComputeEnv &env, ArrayRef<int64_t> sizes,
              const HostTensor &filter, const HostTensor &dy,
              const Window2D &win) {
  ArrayRef<int64_t> fs = filter.getShape();
  int64_t outC = fs[3];
  llvm::Expected<DenseResult<T>> r =
      startDense<T>(env, dy.getElementType(), sizes);
  if (!r)
    return r.takeError();
  // With outC > 0 the filter holds kh * kw * c * outC elements and
  // out_backprop m * outC, so neither k nor m overflows; with outC == 0 the
  // gradient is zero.
  if (r->builder.size() == 0 || outC == 0 || dy.getNumElements() == 0)
    return takeDense(*r);
  int64_t m = win.batch * win.h.out * win.w.out;
  int64_t c = win.channels, k = fs[0] * fs[1] * c;
  llvm::Expected<NhwcInput<T>> grad = readNhwc<T>(env, dy, win.nchw);
  if (!grad)
    return grad.takeError();
  llvm::Expected<DenseValues<T>> f = readDense<T>(env, filter);
  if (!f)
    return f.takeError();
  std::vector<T> nhwcOut;
  T *out = r->data;
  if (win.nchw) {
    nhwcOut.assign(static_cast<size_t>(r->builder.size()), T(0));
    out = nhwcOut.data();
  }
  // Columns: [rows, kh*kw*c] = dy [rows, outC] * filter^T [outC, kh*kw*c].
  PackedPanels<T> packed = packPanels<T>({f->data, 1, outC}, outC, k);
  int64_t chunk =
      std::max<int64_t>(kGemmMC, (int64_t(1) << 20) / std::max<int64_t>(k, 1));
  std::vector<T> cols(static_cast<size_t>(std::min(chunk, m) * k));
  int64_t pixels = win.h.out * win.w.out;
  for (int64_t r0 = 0; r0 < m; r0 += chunk) {
    int64_t r1 = std::min(m, r0 + chunk);
    forEachGemmTile(env.context, r1 - r0, k, INT64_MAX,
                    [&](int64_t a0, int64_t a1, int64_t b0, int64_t b1) {
                      gemmPacked<T>({grad->data + (r0 + a0) * outC, outC, 1},
                                    a1 - a0, packed, b0, b1,
                                    cols.data() + a0 * k, k);
                    });
    for (int64_t row = r0; row < r1; ++row) {
      int64_t n = row / pixels, rest = row % pixels;
      int64_t oh = rest / win.w.out, ow = rest % win.w.out;
      const T *col = cols.data() + (row - r0) * k;
      for (int64_t i = 0; i < fs[0]; ++i) {
        int64_t ih = oh * win.h.stride - win.h.padBefore + i * win.h.dilation;
        if (ih < 0 || ih >= win.h.in)
          continue;
        for (int64_t j = 0; j < fs[1]; ++j) {
          int64_t iw = ow * win.w.stride - win.w.padBefore + j * win.w.dilation;
          if (iw < 0 || iw >= win.w.in)
            continue;
          T *dst = out + ((n * win.h.in + ih) * win.w.in + iw) * c;
          const T *src = col + (i * fs[1] + j) * c;
          for (int64_t ch = 0; ch < c; ++ch)
            dst[ch] += src[ch];
        }
      }
    }
  }
  if (win.nchw)
    nhwcToNchw(out, r->data, win.batch, c, win.h.in * win.w.in);
  return takeDense(*r);
}

llvm::Expected<HostTensor> mlir::tfg::computeConv2DTranspose(
    const ComputeEnv &env, ArrayRef<int64_t> inputShape,
    const HostTensor &filter, const HostTensor &dy, const Window2D &win) {
  ArrayRef<int64_t> fs = filter.getShape();
  if (fs.size() != 4 || dy.getRank() != 4 || inputShape.size() != 4)
    return computeError("filter and out_backprop must be rank 4, not " +
                        formatShape(fs) + " and " + formatShape(dy.getShape()));
  if (filter.getElementType() != dy.getElementType())
    return computeError("filter and out_backprop must have one element type");
  if (fs[2] != win.channels)
    return computeError("filter has " + std::to_string(fs[2]) +
                        " input channels but input_sizes has " +
                        std::to_string(win.channels));
  SmallVector<int64_t, 4> expected = outputShape(win, fs[3]);
  if (dy.getShape() != ArrayRef<int64_t>(expected))
    return computeError("out_backprop has shape " + formatShape(dy.getShape()) +
                        "; expected " + formatShape(expected));
  switch (getComputeKind(dy.getElementType())) {
  case ComputeKind::Float:
    return convTranspose<float>(env, inputShape, filter, dy, win);
  case ComputeKind::Double:
    return convTranspose<double>(env, inputShape, filter, dy, win);
  case ComputeKind::None:
    break;
  }
  return computeError("convolutions take float tensors");
}

template <typename T>
static llvm::Expected<HostTensor>
conv3D(const ComputeEnv &env, const HostTensor &input, const HostTensor &filter,
       ArrayRef<WindowDim> dims, bool first, const Epilogue<T> &e) {
  ArrayRef<int64_t> xs = input.getShape(), fs = filter.getShape();
  int cIdx = first ? 1 : 4;
  int64_t channels = xs[cIdx];
  int64_t outC = fs[4];
  SmallVector<int64_t, 5> shape =
      first ? SmallVector<int64_t, 5>{xs[0], outC, dims[0].out, dims[1].out,
                                      dims[2].out}
            : SmallVector<int64_t, 5>{xs[0], dims[0].out, dims[1].out,
                                      dims[2].out, outC};
  llvm::Expected<DenseResult<T>> r =
      startDense<T>(env, input.getElementType(), shape);
  if (!r)
    return r.takeError();
  if (r->builder.size() == 0)
    return takeDense(*r);
  llvm::Expected<DenseValues<T>> v = readDense<T>(env, input);
  if (!v)
    return v.takeError();
  llvm::Expected<DenseValues<T>> f = readDense<T>(env, filter);
  if (!f)
    return f.takeError();
  int64_t inVolume = dims[0].in * dims[1].in * dims[2].in;
  int64_t outVolume = dims[0].out * dims[1].out * dims[2].out;
  std::vector<T> moved, nhwcOut;
  const T *in = v->data;
  T *out = r->data;
  if (first) {
    moved.resize(static_cast<size_t>(v->size));
    nchwToNhwc(v->data, moved.data(), xs[0], channels, inVolume);
    in = moved.data();
    nhwcOut.resize(static_cast<size_t>(r->builder.size()));
    out = nhwcOut.data();
  }
  // The result is not empty, so the filter's kd*kh*kw*c*out elements
  // bound k.
  int64_t k = fs[0] * fs[1] * fs[2] * channels;
  int64_t m = xs[0] * outVolume;
  PackedPanels<T> packed = packPanels<T>({f->data, outC, 1}, k, outC);
  int64_t maxRows =
      std::max<int64_t>(kGemmMC, (int64_t(1) << 15) / std::max<int64_t>(k, 1));
  forEachGemmTile(
      env.context, m, outC, maxRows,
      [&](int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
        std::vector<T> rows(static_cast<size_t>((r1 - r0) * k));
        T *dst = rows.data();
        for (int64_t row = r0; row < r1; ++row) {
          int64_t n = row / outVolume, rest = row % outVolume, pos[3];
          for (int i = 2; i >= 0; --i) {
            pos[i] = rest % dims[i].out;
            rest /= dims[i].out;
          }
          // The window taps in row-major order (kd, kh, kw), c values each.
          for (int64_t a = 0; a < fs[0]; ++a) {
            int64_t id = pos[0] * dims[0].stride - dims[0].padBefore +
                         a * dims[0].dilation;
            for (int64_t bb = 0; bb < fs[1]; ++bb) {
              int64_t ih = pos[1] * dims[1].stride - dims[1].padBefore +
                           bb * dims[1].dilation;
              for (int64_t cc = 0; cc < fs[2]; ++cc, dst += channels) {
                int64_t iw = pos[2] * dims[2].stride - dims[2].padBefore +
                             cc * dims[2].dilation;
                if (id < 0 || id >= dims[0].in || ih < 0 || ih >= dims[1].in ||
                    iw < 0 || iw >= dims[2].in) {
                  std::fill(dst, dst + channels, T(0));
                  continue;
                }
                std::memcpy(dst,
                            in + (((n * dims[0].in + id) * dims[1].in + ih) *
                                      dims[2].in +
                                  iw) *
                                     channels,
                            sizeof(T) * channels);
              }
            }
          }
        }
        gemmPacked<T>({rows.data(), k, 1}, r1 - r0, packed, c0, c1,
                      out + r0 * outC, outC);
        if (!e.isIdentity())
          e.apply(out, outC, r0, r1, c0, c1);
      });
  if (first)
    nhwcToNchw(out, r->data, xs[0], outC, outVolume);
  return takeDense(*r);
}

/// The checks of computeConv3D's operands.
static llvm::Error checkConv3D(const HostTensor &input,
                               const HostTensor &filter,
                               ArrayRef<WindowDim> dims, bool channelsFirst) {
  ArrayRef<int64_t> xs = input.getShape(), fs = filter.getShape();
  if (xs.size() != 5 || fs.size() != 5 || dims.size() != 3)
    return computeError("input and filter must be rank 5, not " +
                        formatShape(xs) + " and " + formatShape(fs));
  if (input.getElementType() != filter.getElementType())
    return computeError("input and filter must have one element type");
  int64_t channels = xs[channelsFirst ? 1 : 4];
  if (fs[3] != channels)
    return computeError("filter has " + std::to_string(fs[3]) +
                        " input channels but the input has " +
                        std::to_string(channels));
  if (getComputeKind(input.getElementType()) == ComputeKind::None)
    return computeError("convolutions take float tensors");
  return llvm::Error::success();
}

llvm::Expected<HostTensor> mlir::tfg::computeConv3D(const ComputeEnv &env,
                                                    const HostTensor &input,
                                                    const HostTensor &filter,
                                                    ArrayRef<WindowDim> dims,
                                                    bool channelsFirst) {
  if (llvm::Error err = checkConv3D(input, filter, dims, channelsFirst))
    return std::move(err);
  if (getComputeKind(input.getElementType()) == ComputeKind::Double)
    return conv3D<double>(env, input, filter, dims, channelsFirst, {});
  return conv3D<float>(env, input, filter, dims, channelsFirst, {});
}

template <typename T>
llvm::Expected<HostTensor>
mlir::tfg::computeConv3D(const ComputeEnv &env, const HostTensor &input,
                         const HostTensor &filter, ArrayRef<WindowDim> dims,
                         bool channelsFirst, const Epilogue<T> &epilogue) {
  if (llvm::Error err = checkConv3D(input, filter, dims, channelsFirst))
    return std::move(err);
  return conv3D<T>(env, input, filter, dims, channelsFirst, epilogue);
}

template llvm::Expected<HostTensor>
mlir::tfg::computeConv3D<float>(const ComputeEnv &, const HostTensor &,
                                const HostTensor &, ArrayRef<WindowDim>, bool,
                                const Epilogue<float> &);
template llvm::Expected<HostTensor>
mlir::tfg::computeConv3D<double>(const ComputeEnv &, const HostTensor &,
                                 const HostTensor &, ArrayRef<WindowDim>, bool,
                                 const Epilogue<double> &);

template llvm::Expected<HostTensor>
mlir::tfg::computeConv2D<float>(const ComputeEnv &, Conv2DKind,
                                const HostTensor &, const HostTensor &,
                                const Window2D &, const Epilogue<float> &);
template llvm::Expected<HostTensor>
mlir::tfg::computeConv2D<double>(const ComputeEnv &, Conv2DKind,
                                 const HostTensor &, const HostTensor &,
                                 const Window2D &, const Epilogue<double> &);
