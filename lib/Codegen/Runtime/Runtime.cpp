//===- Runtime.cpp - C runtime of compiled tfg programs -------------------===//
//
// The kernels of tfg/Codegen/Runtime.h on the packed GEMM of
// tfg/Eval/Compute/GemmKernel.h: a matrix product packs B once and splits C
// into tiles over the threads; a convolution packs its filter (a K x F
// matrix, K = KH * KW * C) once, and each tile of output pixels gathers
// its im2col rows into a buffer of its own (or reads the input in place
// for a 1x1, stride 1 convolution) before the GEMM accumulates into the
// output. Depthwise convolutions are plain loops over channels that the
// compiler vectorizes (compiled twice on x86-64: baseline and AVX2 + FMA).
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/Runtime.h"
#include "tfg/Eval/Compute/GemmKernel.h"

#include "Descriptors.h"
#include "Parallel.h"
#include "Stats.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <vector>

using namespace mlir::tfg;
using tfg_rt::base;
using tfg_rt::nonNegativeSizes;
using tfg_rt::rowMajor;
using tfg_rt::Timed;
using tfg_rt::windowFits;

namespace {
/// Scratch buffers of the calling thread, kept across calls: large ones
/// (packed filters, im2col tiles over 128 KiB) would otherwise be mapped
/// and page-faulted in again by every call.
PackedPanels<float> &threadPacked() {
  thread_local PackedPanels<float> packed;
  return packed;
}

std::vector<float> &threadColumns() {
  thread_local std::vector<float> columns;
  return columns;
}

/// Rows of one tile of C: a multiple of kGemmMR, enough tiles for the
/// threads to balance.
int64_t tileRows(int64_t m, int64_t threads) {
  int64_t want = threads > 1 ? threads * 4 : 1;
  int64_t rows = std::max((m + want - 1) / want, kGemmMC);
  return (rows + kGemmMR - 1) / kGemmMR * kGemmMR;
}

/// C (m x n, row stride ldc, unit column stride) += A (m x k) * packed B,
/// in tiles over the threads: rows, and columns when rows are few.
void gemmTiles(MatrixView<float> a, int64_t m, const PackedPanels<float> &b,
               float *c, int64_t ldc) {
  int64_t n = b.n;
  if (m <= 0 || n <= 0)
    return;
  int64_t threads = tfg_rt::getNumThreads();
  int64_t rows = threads > 1 ? tileRows(m, threads) : m;
  int64_t rowTiles = (m + rows - 1) / rows;
  int64_t panels = (n + kGemmNR - 1) / kGemmNR;
  int64_t want = threads > 1 ? threads * 4 : 1;
  int64_t colTiles = 1;
  if (rowTiles < want)
    colTiles = std::min(panels, (want + rowTiles - 1) / rowTiles);
  int64_t perTile = (panels + colTiles - 1) / colTiles;
  colTiles = (panels + perTile - 1) / perTile;
  tfg_rt::parallelFor(rowTiles * colTiles, [&](int64_t t) {
    int64_t r0 = t / colTiles * rows, c0 = t % colTiles * perTile * kGemmNR;
    int64_t r1 = std::min(m, r0 + rows),
            c1 = std::min(n, c0 + perTile * kGemmNR);
    MatrixView<float> tile{a.data + r0 * a.rowStride, a.rowStride, a.colStride};
    gemmPacked(tile, r1 - r0, b, c0, c1, c + r0 * ldc, ldc,
               /*accumulate=*/true);
  });
}

/// c += a * b for 2-d descriptors of matching shapes.
void matmul(TfgRtMemRef2F32 *a, TfgRtMemRef2F32 *b, TfgRtMemRef2F32 *c) {
  int64_t m = a->sizes[0], k = a->sizes[1], n = b->sizes[1];
  PackedPanels<float> packed =
      packPanels<float>({base(b), b->strides[0], b->strides[1]}, k, n);
  MatrixView<float> av{base(a), a->strides[0], a->strides[1]};
  if (c->strides[1] == 1 || n <= 1) {
    gemmTiles(av, m, packed, base(c), c->strides[0]);
    return;
  }
  // A strided output: accumulate into a row-major copy.
  std::vector<float> tmp(static_cast<size_t>(m * n));
  float *out = base(c);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      tmp[i * n + j] = out[i * c->strides[0] + j * c->strides[1]];
  gemmTiles(av, m, packed, tmp.data(), n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      out[i * c->strides[0] + j * c->strides[1]] = tmp[i * n + j];
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TFG_RT_X86_DISPATCH 1
#define TFG_RT_INLINE __attribute__((always_inline)) inline
#else
#define TFG_RT_X86_DISPATCH 0
#define TFG_RT_INLINE inline
#endif

/// The shape of a depthwise convolution, row-major operands.
struct Depthwise {
  int64_t h, w, ch, kh, kw, mult, oh, ow, sh, sw, dh, dw;
};

/// Output row (n, y) of a depthwise convolution on row-major operands: for
/// each output pixel, each filter tap adds input channels times filter
/// values, contiguous over channels (and multipliers).
TFG_RT_INLINE void depthwiseRowBody(const Depthwise &s, const float *in,
                                    const float *filter, float *out) {
  int64_t cm = s.ch * s.mult;
  for (int64_t x = 0; x < s.ow; ++x) {
    float *__restrict o = out + x * cm;
    for (int64_t i = 0; i < s.kh; ++i) {
      const float *row = in + i * s.dh * s.w * s.ch;
      for (int64_t j = 0; j < s.kw; ++j) {
        const float *__restrict v = row + (x * s.sw + j * s.dw) * s.ch;
        const float *__restrict f = filter + (i * s.kw + j) * cm;
        if (s.mult == 1) {
          for (int64_t c = 0; c < s.ch; ++c)
            o[c] += v[c] * f[c];
        } else {
          for (int64_t c = 0; c < s.ch; ++c)
            for (int64_t m = 0; m < s.mult; ++m)
              o[c * s.mult + m] += v[c] * f[c * s.mult + m];
        }
      }
    }
  }
}

#if TFG_RT_X86_DISPATCH
__attribute__((target("avx2,fma"))) void depthwiseRowAvx2(const Depthwise &s,
                                                          const float *in,
                                                          const float *filter,
                                                          float *out) {
  depthwiseRowBody(s, in, filter, out);
}
#endif

void depthwiseRow(const Depthwise &s, const float *in, const float *filter,
                  float *out) {
#if TFG_RT_X86_DISPATCH
  if (tfg_rt::cpuHasAvx2Fma())
    return depthwiseRowAvx2(s, in, filter, out);
#endif
  depthwiseRowBody(s, in, filter, out);
}

/// Copies a descriptor's elements to a row-major buffer, or back.
template <typename D>
void copyRowMajor(D *d, int rank, float *buffer, bool toBuffer) {
  int64_t total = 1;
  for (int i = 0; i < rank; ++i)
    total *= d->sizes[i];
  float *data = base(d);
  for (int64_t flat = 0; flat < total; ++flat) {
    int64_t rest = flat, offset = 0;
    for (int i = rank - 1; i >= 0; --i) {
      offset += rest % d->sizes[i] * d->strides[i];
      rest /= d->sizes[i];
    }
    if (toBuffer)
      buffer[flat] = data[offset];
    else
      data[offset] = buffer[flat];
  }
}

int64_t product(const int64_t *sizes, int rank) {
  int64_t p = 1;
  for (int i = 0; i < rank; ++i)
    p *= sizes[i];
  return p;
}

} // namespace

extern "C" {

void tfg_rt_set_num_threads(int32_t threads) { tfg_rt::setNumThreads(threads); }

int32_t tfg_rt_get_num_threads(void) { return tfg_rt::getNumThreads(); }

void _mlir_ciface_tfg_rt_matmul_f32(TfgRtMemRef2F32 *a, TfgRtMemRef2F32 *b,
                                    TfgRtMemRef2F32 *c) {
  int64_t m = a->sizes[0], k = a->sizes[1], n = b->sizes[1];
  if (!nonNegativeSizes(a, 2) || !nonNegativeSizes(b, 2) || b->sizes[0] != k ||
      c->sizes[0] != m || c->sizes[1] != n) {
    tfg_rt::rejectedCalls().fetch_add(1);
    return;
  }
  Timed timed(tfg_rt::gemmCounters(), 2 * m * n * k);
  matmul(a, b, c);
}

void _mlir_ciface_tfg_rt_batch_matmul_f32(TfgRtMemRef3F32 *a,
                                          TfgRtMemRef3F32 *b,
                                          TfgRtMemRef3F32 *c) {
  int64_t batch = a->sizes[0], m = a->sizes[1], k = a->sizes[2],
          n = b->sizes[2];
  if (!nonNegativeSizes(a, 3) || !nonNegativeSizes(b, 3) ||
      b->sizes[0] != batch || b->sizes[1] != k || c->sizes[0] != batch ||
      c->sizes[1] != m || c->sizes[2] != n) {
    tfg_rt::rejectedCalls().fetch_add(1);
    return;
  }
  Timed timed(tfg_rt::gemmCounters(), 2 * batch * m * n * k);
  for (int64_t i = 0; i < batch; ++i) {
    auto slice = [&](TfgRtMemRef3F32 *d) {
      TfgRtMemRef2F32 s;
      s.allocated = d->allocated;
      s.aligned = d->aligned;
      s.offset = d->offset + i * d->strides[0];
      s.sizes[0] = d->sizes[1];
      s.sizes[1] = d->sizes[2];
      s.strides[0] = d->strides[1];
      s.strides[1] = d->strides[2];
      return s;
    };
    TfgRtMemRef2F32 sa = slice(a), sb = slice(b), sc = slice(c);
    matmul(&sa, &sb, &sc);
  }
}

} // extern "C"

tfg_rt::Counters &tfg_rt::gemmCounters() {
  static Counters counters;
  return counters;
}
tfg_rt::Counters &tfg_rt::convCounters() {
  static Counters counters;
  return counters;
}
tfg_rt::Counters &tfg_rt::depthwiseCounters() {
  static Counters counters;
  return counters;
}
std::atomic<int64_t> &tfg_rt::rejectedCalls() {
  static std::atomic<int64_t> calls{0};
  return calls;
}

namespace {
/// What a convolution does with its output: out += conv (accumulate), or
/// out = act(conv + bias) applied to each tile while it is in cache.
struct Epilogue {
  bool fused = false;
  const float *bias = nullptr; // F values, stride biasStride; null: none
  int64_t biasStride = 1;
  int64_t activation = TFG_RT_ACTIVATION_NONE;
};

/// Rows [r0, r1) of the M x F output before the GEMM: the bias (or 0).
void initTile(const Epilogue &e, float *out, int64_t r0, int64_t r1,
              int64_t f) {
  for (int64_t r = r0; r < r1; ++r) {
    float *row = out + r * f;
    if (e.bias)
      for (int64_t j = 0; j < f; ++j)
        row[j] = e.bias[j * e.biasStride];
    else
      std::fill(row, row + f, 0.0f);
  }
}

/// Rows [r0, r1) of the M x F output after the GEMM: the activation.
void finishTile(const Epilogue &e, float *out, int64_t r0, int64_t r1,
                int64_t f) {
  if (e.activation == TFG_RT_ACTIVATION_NONE)
    return;
  float hi = e.activation == TFG_RT_ACTIVATION_RELU6
                 ? 6.0f
                 : std::numeric_limits<float>::infinity();
  float *p = out + r0 * f;
  for (int64_t i = 0, size = (r1 - r0) * f; i < size; ++i) {
    float v = p[i];
    // NaN stays NaN and -0 becomes +0, as with arith.maximumf/minimumf.
    p[i] = v != v ? v : v <= 0.0f ? 0.0f : v > hi ? hi : v;
  }
}

bool validActivation(int64_t act) {
  return act == TFG_RT_ACTIVATION_NONE || act == TFG_RT_ACTIVATION_RELU ||
         act == TFG_RT_ACTIVATION_RELU6;
}

/// Outputs up to this many features use dot products, not the GEMM.
constexpr int64_t kNarrowFeatures = 4;

/// out[r][j] += dot(a row r, column j) for `rows` rows of A (row-major,
/// K values each) and F <= kNarrowFeatures columns given as rows of K.
/// Eight partial sums per dot product, so that the compiler vectorizes it.
TFG_RT_INLINE void narrowProductBody(const float *a, int64_t rows,
                                     const float *columns, int64_t k, int64_t f,
                                     float *out) {
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = a + r * k;
    for (int64_t j = 0; j < f; ++j) {
      const float *w = columns + j * k;
      float partial[8] = {};
      int64_t i = 0;
      for (; i + 8 <= k; i += 8)
        for (int64_t l = 0; l < 8; ++l)
          partial[l] += row[i + l] * w[i + l];
      float sum = 0.0f;
      for (int64_t l = 0; l < 8; ++l)
        sum += partial[l];
      for (; i < k; ++i)
        sum += row[i] * w[i];
      out[r * f + j] += sum;
    }
  }
}

#if TFG_RT_X86_DISPATCH
__attribute__((target("avx2,fma"))) void
narrowProductAvx2(const float *a, int64_t rows, const float *columns, int64_t k,
                  int64_t f, float *out) {
  narrowProductBody(a, rows, columns, k, f, out);
}
#endif

void narrowProduct(const float *a, int64_t rows, const float *columns,
                   int64_t k, int64_t f, float *out) {
#if TFG_RT_X86_DISPATCH
  if (tfg_rt::cpuHasAvx2Fma())
    return narrowProductAvx2(a, rows, columns, k, f, out);
#endif
  narrowProductBody(a, rows, columns, k, f, out);
}

void conv2d(TfgRtMemRef4F32 *in, TfgRtMemRef4F32 *filter, TfgRtMemRef4F32 *out,
            int64_t sh, int64_t sw, int64_t dh, int64_t dw,
            const Epilogue &epilogue) {
  int64_t n = in->sizes[0], h = in->sizes[1], w = in->sizes[2],
          ch = in->sizes[3];
  int64_t kh = filter->sizes[0], kw = filter->sizes[1], f = filter->sizes[3];
  int64_t oh = out->sizes[1], ow = out->sizes[2];
  int64_t m = n * oh * ow, k = kh * kw * ch;
  Timed timed(tfg_rt::convCounters(), 2 * m * k * f);
  if (m == 0 || f == 0)
    return;
  // The filter as a K x F matrix.
  std::vector<float> filterCopy;
  const float *fdata = base(filter);
  if (!rowMajor(filter, 4)) {
    filterCopy.resize(static_cast<size_t>(k * f));
    copyRowMajor(filter, 4, filterCopy.data(), /*toBuffer=*/true);
    fdata = filterCopy.data();
  }
  // A few output features (a mask, a score map): dot products of each
  // im2col row with the filter's columns, kept as rows (F x K), instead of
  // a GEMM that computes 16 columns of which F are kept.
  bool narrow = f <= kNarrowFeatures;
  std::vector<float> columns;
  PackedPanels<float> &packed = threadPacked();
  if (narrow) {
    columns.resize(static_cast<size_t>(f * k));
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < f; ++j)
        columns[j * k + i] = fdata[i * f + j];
  } else {
    packPanelsInto<float>({fdata, f, 1}, k, f, packed);
  }
  // The output as an M x F row-major matrix.
  std::vector<float> outCopy;
  float *odata = base(out);
  if (!rowMajor(out, 4)) {
    outCopy.resize(static_cast<size_t>(m * f));
    if (!epilogue.fused)
      copyRowMajor(out, 4, outCopy.data(), /*toBuffer=*/true);
    odata = outCopy.data();
  }
  bool inPlace = kh == 1 && kw == 1 && sh == 1 && sw == 1 && h == oh &&
                 w == ow && rowMajor(in, 4);
  // Tiles of kGemmMC pixels: their im2col rows (kGemmMC x K) and output
  // rows stay in L2, and there are enough of them to balance the threads.
  int64_t rows = kGemmMC;
  int64_t tiles = (m + rows - 1) / rows;
  const float *x = base(in);
  int64_t s0 = in->strides[0], s1 = in->strides[1], s2 = in->strides[2],
          s3 = in->strides[3];
  tfg_rt::parallelFor(tiles, [&](int64_t t) {
    int64_t r0 = t * rows, r1 = std::min(m, r0 + rows);
    if (epilogue.fused)
      initTile(epilogue, odata, r0, r1, f);
    if (inPlace && narrow) {
      narrowProduct(x + r0 * ch, r1 - r0, columns.data(), k, f, odata + r0 * f);
    } else if (inPlace) {
      gemmPacked<float>({x + r0 * ch, ch, 1}, r1 - r0, packed, 0, f,
                        odata + r0 * f, f, /*accumulate=*/true);
    } else if (k > 0) {
      std::vector<float> &cols = threadColumns();
      if (cols.size() < static_cast<size_t>((r1 - r0) * k))
        cols.resize(static_cast<size_t>((r1 - r0) * k));
      for (int64_t r = r0; r < r1; ++r) {
        int64_t b = r / (oh * ow), y = r / ow % oh, xo = r % ow;
        float *dst = cols.data() + (r - r0) * k;
        for (int64_t i = 0; i < kh; ++i)
          for (int64_t j = 0; j < kw; ++j) {
            const float *src =
                x + b * s0 + (y * sh + i * dh) * s1 + (xo * sw + j * dw) * s2;
            if (s3 == 1)
              std::copy(src, src + ch, dst);
            else
              for (int64_t c = 0; c < ch; ++c)
                dst[c] = src[c * s3];
            dst += ch;
          }
      }
      if (narrow)
        narrowProduct(cols.data(), r1 - r0, columns.data(), k, f,
                      odata + r0 * f);
      else
        gemmPacked<float>({cols.data(), k, 1}, r1 - r0, packed, 0, f,
                          odata + r0 * f, f, /*accumulate=*/true);
    }
    if (epilogue.fused)
      finishTile(epilogue, odata, r0, r1, f);
  });
  if (!outCopy.empty())
    copyRowMajor(out, 4, outCopy.data(), /*toBuffer=*/false);
}

bool convShapesAgree(TfgRtMemRef4F32 *in, TfgRtMemRef4F32 *filter,
                     TfgRtMemRef4F32 *out, int64_t sh, int64_t sw, int64_t dh,
                     int64_t dw) {
  return nonNegativeSizes(in, 4) && nonNegativeSizes(filter, 4) &&
         nonNegativeSizes(out, 4) && filter->sizes[2] == in->sizes[3] &&
         out->sizes[0] == in->sizes[0] && out->sizes[3] == filter->sizes[3] &&
         windowFits(in->sizes[1], out->sizes[1], filter->sizes[0], sh, dh) &&
         windowFits(in->sizes[2], out->sizes[2], filter->sizes[1], sw, dw);
}
} // namespace

extern "C" {

void _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32(TfgRtMemRef4F32 *in,
                                              TfgRtMemRef4F32 *filter,
                                              TfgRtMemRef4F32 *out, int64_t sh,
                                              int64_t sw, int64_t dh,
                                              int64_t dw) {
  if (!convShapesAgree(in, filter, out, sh, sw, dh, dw)) {
    tfg_rt::rejectedCalls().fetch_add(1);
    return;
  }
  conv2d(in, filter, out, sh, sw, dh, dw, Epilogue());
}

void _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(
    TfgRtMemRef4F32 *in, TfgRtMemRef4F32 *filter, TfgRtMemRef4F32 *out,
    TfgRtMemRef1F32 *bias, int64_t sh, int64_t sw, int64_t dh, int64_t dw,
    int64_t activation) {
  if (!convShapesAgree(in, filter, out, sh, sw, dh, dw) ||
      bias->sizes[0] != filter->sizes[3] || !validActivation(activation)) {
    tfg_rt::rejectedCalls().fetch_add(1);
    return;
  }
  Epilogue e;
  e.fused = true;
  e.bias = base(bias);
  e.biasStride = bias->strides[0];
  e.activation = activation;
  conv2d(in, filter, out, sh, sw, dh, dw, e);
}

void _mlir_ciface_tfg_rt_depthwise_conv2d_nhwc_hwcm_f32(
    TfgRtMemRef4F32 *in, TfgRtMemRef4F32 *filter, TfgRtMemRef5F32 *out,
    int64_t sh, int64_t sw, int64_t dh, int64_t dw) {
  Depthwise s{in->sizes[1],
              in->sizes[2],
              in->sizes[3],
              filter->sizes[0],
              filter->sizes[1],
              filter->sizes[3],
              out->sizes[1],
              out->sizes[2],
              sh,
              sw,
              dh,
              dw};
  int64_t n = in->sizes[0];
  if (!nonNegativeSizes(in, 4) || !nonNegativeSizes(filter, 4) ||
      !nonNegativeSizes(out, 5) || filter->sizes[2] != s.ch ||
      out->sizes[0] != n || out->sizes[3] != s.ch || out->sizes[4] != s.mult ||
      !windowFits(s.h, s.oh, s.kh, sh, dh) ||
      !windowFits(s.w, s.ow, s.kw, sw, dw)) {
    tfg_rt::rejectedCalls().fetch_add(1);
    return;
  }
  int64_t outSize = product(out->sizes, 5);
  Timed timed(tfg_rt::depthwiseCounters(), 2 * outSize * s.kh * s.kw);
  if (outSize == 0)
    return;
  // Row-major copies of what is not row-major (compiled code passes
  // row-major buffers but for slices).
  std::vector<float> inCopy, filterCopy, outCopy;
  const float *x = base(in), *fdata = base(filter);
  float *odata = base(out);
  if (!rowMajor(in, 4)) {
    inCopy.resize(static_cast<size_t>(product(in->sizes, 4)));
    copyRowMajor(in, 4, inCopy.data(), /*toBuffer=*/true);
    x = inCopy.data();
  }
  if (!rowMajor(filter, 4)) {
    filterCopy.resize(static_cast<size_t>(product(filter->sizes, 4)));
    copyRowMajor(filter, 4, filterCopy.data(), /*toBuffer=*/true);
    fdata = filterCopy.data();
  }
  if (!rowMajor(out, 5)) {
    outCopy.resize(static_cast<size_t>(outSize));
    copyRowMajor(out, 5, outCopy.data(), /*toBuffer=*/true);
    odata = outCopy.data();
  }
  int64_t cm = s.ch * s.mult;
  tfg_rt::parallelFor(n * s.oh, [&](int64_t row) {
    int64_t b = row / s.oh, y = row % s.oh;
    depthwiseRow(s, x + (b * s.h + y * sh) * s.w * s.ch, fdata,
                 odata + row * s.ow * cm);
  });
  if (!outCopy.empty())
    copyRowMajor(out, 5, outCopy.data(), /*toBuffer=*/false);
}

void tfg_rt_reset_stats(void) {
  for (tfg_rt::Counters *c : {&tfg_rt::gemmCounters(), &tfg_rt::convCounters(),
                              &tfg_rt::depthwiseCounters()}) {
    c->calls.store(0);
    c->flops.store(0);
    c->nanos.store(0);
  }
  tfg_rt::rejectedCalls().store(0);
}

void tfg_rt_get_stats(TfgRtStats *stats) {
  tfg_rt::Counters &gemm = tfg_rt::gemmCounters(),
                   &conv = tfg_rt::convCounters(),
                   &dw = tfg_rt::depthwiseCounters();
  stats->gemmCalls = gemm.calls.load();
  stats->gemmFlops = gemm.flops.load();
  stats->gemmNanos = gemm.nanos.load();
  stats->convCalls = conv.calls.load();
  stats->convFlops = conv.flops.load();
  stats->convNanos = conv.nanos.load();
  stats->depthwiseCalls = dw.calls.load();
  stats->depthwiseFlops = dw.flops.load();
  stats->depthwiseNanos = dw.nanos.load();
  stats->rejectedCalls = tfg_rt::rejectedCalls().load();
}

} // extern "C"
