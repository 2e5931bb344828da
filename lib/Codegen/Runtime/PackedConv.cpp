//===- PackedConv.cpp - Convolutions on filters packed at compile time ----===//
//
// tfg_rt_conv2d_packed_f32 (tfg/Codegen/Runtime.h): a 2-d convolution
// whose filter tfg-linalg-to-ukernels packed when it compiled the program
// (the filter is a constant), with its elementwise epilogue applied to each
// tile of output pixels while the tile is in cache.
//
// The product is a GEMM of its own, blocked for one core: the output's M
// pixels go in tiles of kTileRows over the threads; for each depth block
// of kDepth, a tile's im2col rows are gathered straight from the input into
// panels of kRows rows (no im2col buffer, no second packing copy), and a
// kRows x 16 micro-kernel multiplies each panel with each 16-column panel
// of the packed filter. On x86-64 the micro-kernel is written with AVX2 +
// FMA intrinsics (12 accumulators, chosen at run time); elsewhere, and on
// CPUs without them, the same blocking runs a portable kernel.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/Runtime.h"

#include "Descriptors.h"
#include "Epilogue.h"
#include "Parallel.h"
#include "Stats.h"

#include <algorithm>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TFG_RT_CONV_X86 1
#include <immintrin.h>
#define TFG_RT_CONV_INLINE __attribute__((always_inline)) inline
#else
#define TFG_RT_CONV_X86 0
#define TFG_RT_CONV_INLINE inline
#endif

using namespace tfg_rt;

namespace {
/// Rows of the micro-kernel's block of the output.
constexpr int64_t kRows = 6;
/// Columns of a packed filter panel (TFG_RT_PACKED_PANEL_COLUMNS).
constexpr int64_t kCols = TFG_RT_PACKED_PANEL_COLUMNS;
/// Depth of one block (a filter panel of kDepth x kCols stays in L1).
constexpr int64_t kDepth = 256;
/// Output pixels of one tile (a multiple of kRows; the tile's packed rows,
/// kTileRows x kDepth, stay in L2).
constexpr int64_t kTileRows = 96;

/// One call: shapes, strides and the epilogue's decoded steps.
struct Job {
  const float *in;
  int64_t s0, s1, s2, s3;    // input strides
  int64_t oh, ow, kh, kw, c; // output size, window, input channels
  int64_t sh, sw, dh, dw;
  int64_t k, f, panels; // depth K = kh * kw * c, F, ceil(F / kCols)
  const float *packed;
  float *out; // row-major M x F
  EpilogueSteps epilogue;
  const float *bias;
  int64_t biasStride;
  const float *residual; // row-major M x F
  bool residualInPlace;  // residual == out: read before the product
};

/// Scratch of the calling thread, kept across calls.
std::vector<float> &threadScratch(int which) {
  thread_local std::vector<float> scratch[2];
  return scratch[which];
}

/// Gathers rows [r0, r0 + rows) and depth [depth, depth + kc) of the
/// convolution's im2col matrix into panels of kRows rows: panel q holds kc
/// steps of kRows values (rows past `rows` are zero).
TFG_RT_CONV_INLINE void packRows(const Job &j, int64_t r0, int64_t rows,
                                 int64_t depth, int64_t kc, float *dst) {
  for (int64_t q = 0; q < rows; q += kRows) {
    float *panel = dst + q * kc;
    int64_t valid = std::min(kRows, rows - q);
    for (int64_t i = 0; i < valid; ++i) {
      int64_t r = r0 + q + i;
      int64_t b = r / (j.oh * j.ow), y = r / j.ow % j.oh, x = r % j.ow;
      const float *pixel = j.in + b * j.s0 + y * j.sh * j.s1 + x * j.sw * j.s2;
      // Walk the depth as (window row, window column, channel) runs.
      int64_t tap = depth / j.c, ch = depth % j.c;
      for (int64_t p = 0; p < kc;) {
        int64_t ki = tap / j.kw, kj = tap % j.kw;
        const float *src = pixel + ki * j.dh * j.s1 + kj * j.dw * j.s2;
        int64_t run = std::min(j.c - ch, kc - p);
        float *d = panel + p * kRows + i;
        if (j.s3 == 1)
          for (int64_t e = 0; e < run; ++e)
            d[e * kRows] = src[ch + e];
        else
          for (int64_t e = 0; e < run; ++e)
            d[e * kRows] = src[(ch + e) * j.s3];
        p += run;
        ch = 0;
        ++tap;
      }
    }
    for (int64_t i = valid; i < kRows; ++i)
      for (int64_t p = 0; p < kc; ++p)
        panel[p * kRows + i] = 0.0f;
  }
}

/// Stores (or adds) a kRows x kCols block `acc` into the valid part of C.
TFG_RT_CONV_INLINE void storeBlock(const float (&acc)[kRows][kCols], float *c,
                                   int64_t ldc, int64_t rows, int64_t cols,
                                   bool accumulate) {
  for (int64_t i = 0; i < rows; ++i) {
    float *o = c + i * ldc;
    if (accumulate)
      for (int64_t j = 0; j < cols; ++j)
        o[j] += acc[i][j];
    else
      for (int64_t j = 0; j < cols; ++j)
        o[j] = acc[i][j];
  }
}

/// The rows of A one micro-kernel call reads: a packed panel (element
/// (i, p) at ap[p * kRows + i]) or, when `Direct`, kRows row pointers into
/// the input itself (element (i, p) at rows[i][p]: 1x1 convolutions).
struct RowsA {
  const float *ap;
  const float *rows[kRows];
};

/// C block = (or +=) A's rows x packed filter panel over kc steps.
template <bool Direct>
TFG_RT_CONV_INLINE void
kernelPortable(int64_t kc, const RowsA &a, const float *__restrict bp, float *c,
               int64_t ldc, int64_t rows, int64_t cols, bool accumulate) {
  float acc[kRows][kCols] = {};
  for (int64_t p = 0; p < kc; ++p) {
    const float *bv = bp + p * kCols;
    for (int64_t i = 0; i < kRows; ++i) {
      float x = Direct ? a.rows[i][p] : a.ap[p * kRows + i];
      for (int64_t j = 0; j < kCols; ++j)
        acc[i][j] += x * bv[j];
    }
  }
  storeBlock(acc, c, ldc, rows, cols, accumulate);
}

#if TFG_RT_CONV_X86
template <bool Direct>
__attribute__((target("avx2,fma"))) void
kernelAvx2(int64_t kc, const RowsA &rowsA, const float *__restrict bp, float *c,
           int64_t ldc, int64_t rows, int64_t cols, bool accumulate) {
  static_assert(kRows == 6 && kCols == 16, "the kernel's register block");
  const float *ap = rowsA.ap;
  const float *r0 = rowsA.rows[0], *r1 = rowsA.rows[1], *r2 = rowsA.rows[2],
              *r3 = rowsA.rows[3], *r4 = rowsA.rows[4], *r5 = rowsA.rows[5];
  __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
  __m256 c10 = _mm256_setzero_ps(), c11 = _mm256_setzero_ps();
  __m256 c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps();
  __m256 c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
  __m256 c40 = _mm256_setzero_ps(), c41 = _mm256_setzero_ps();
  __m256 c50 = _mm256_setzero_ps(), c51 = _mm256_setzero_ps();
  for (int64_t p = 0; p < kc; ++p, ap += kRows, bp += kCols) {
    __m256 b0 = _mm256_loadu_ps(bp), b1 = _mm256_loadu_ps(bp + 8);
    __m256 a = _mm256_broadcast_ss(Direct ? r0 + p : ap);
    c00 = _mm256_fmadd_ps(a, b0, c00);
    c01 = _mm256_fmadd_ps(a, b1, c01);
    a = _mm256_broadcast_ss(Direct ? r1 + p : ap + 1);
    c10 = _mm256_fmadd_ps(a, b0, c10);
    c11 = _mm256_fmadd_ps(a, b1, c11);
    a = _mm256_broadcast_ss(Direct ? r2 + p : ap + 2);
    c20 = _mm256_fmadd_ps(a, b0, c20);
    c21 = _mm256_fmadd_ps(a, b1, c21);
    a = _mm256_broadcast_ss(Direct ? r3 + p : ap + 3);
    c30 = _mm256_fmadd_ps(a, b0, c30);
    c31 = _mm256_fmadd_ps(a, b1, c31);
    a = _mm256_broadcast_ss(Direct ? r4 + p : ap + 4);
    c40 = _mm256_fmadd_ps(a, b0, c40);
    c41 = _mm256_fmadd_ps(a, b1, c41);
    a = _mm256_broadcast_ss(Direct ? r5 + p : ap + 5);
    c50 = _mm256_fmadd_ps(a, b0, c50);
    c51 = _mm256_fmadd_ps(a, b1, c51);
  }
  __m256 acc[kRows][2] = {{c00, c01}, {c10, c11}, {c20, c21},
                          {c30, c31}, {c40, c41}, {c50, c51}};
  if (rows == kRows && cols == kCols) {
    for (int64_t i = 0; i < kRows; ++i) {
      float *o = c + i * ldc;
      __m256 v0 = acc[i][0], v1 = acc[i][1];
      if (accumulate) {
        v0 = _mm256_add_ps(v0, _mm256_loadu_ps(o));
        v1 = _mm256_add_ps(v1, _mm256_loadu_ps(o + 8));
      }
      _mm256_storeu_ps(o, v0);
      _mm256_storeu_ps(o + 8, v1);
    }
    return;
  }
  float block[kRows][kCols];
  for (int64_t i = 0; i < kRows; ++i) {
    _mm256_storeu_ps(block[i], acc[i][0]);
    _mm256_storeu_ps(block[i] + 8, acc[i][1]);
  }
  storeBlock(block, c, ldc, rows, cols, accumulate);
}
#endif

/// Rows [r0, r1) of the output after their product: the epilogue's steps
/// in order, each one pass over the tile (in cache, vectorized).
TFG_RT_CONV_INLINE void applySteps(const Job &j, int64_t r0, int64_t r1,
                                   const float *residual) {
  j.epilogue.apply(j.out + r0 * j.f, r1 - r0, j.f, j.f, j.bias, j.biasStride,
                   residual);
}

/// The kernel for rows [q, q + valid) of a tile against filter panel `p`.
template <bool Avx2, bool Direct>
TFG_RT_CONV_INLINE void block(int64_t kc, const RowsA &a, const float *bp,
                              float *c, int64_t ldc, int64_t valid,
                              int64_t cols, bool accumulate) {
#if TFG_RT_CONV_X86
  if constexpr (Avx2) {
    kernelAvx2<Direct>(kc, a, bp, c, ldc, valid, cols, accumulate);
    return;
  }
#endif
  kernelPortable<Direct>(kc, a, bp, c, ldc, valid, cols, accumulate);
}

/// One tile of output pixels [r0, r1): product and epilogue. A 1x1
/// window over channels of unit stride reads the input rows in place;
/// other windows gather each depth block into packed panels first.
template <bool Avx2>
TFG_RT_CONV_INLINE void tile(const Job &j, int64_t r0, int64_t r1) {
  int64_t rows = r1 - r0;
  float *c = j.out + r0 * j.f;
  const float *residual = j.residual ? j.residual + r0 * j.f : nullptr;
  if (j.residualInPlace && residual) {
    // The residual is the output buffer: keep the tile's values first.
    std::vector<float> &saved = threadScratch(1);
    saved.assign(residual, residual + rows * j.f);
    residual = saved.data();
  }
  if (j.k == 0 && j.epilogue.overwrite)
    std::fill(c, c + rows * j.f, 0.0f);
  bool direct = j.kh == 1 && j.kw == 1 && j.s3 == 1;
  const float *pixels[kTileRows];
  if (direct)
    for (int64_t i = 0; i < rows; ++i) {
      int64_t r = r0 + i;
      int64_t b = r / (j.oh * j.ow), y = r / j.ow % j.oh, x = r % j.ow;
      pixels[i] = j.in + b * j.s0 + y * j.sh * j.s1 + x * j.sw * j.s2;
    }
  std::vector<float> &packedRows = threadScratch(0);
  int64_t padded = (rows + kRows - 1) / kRows * kRows;
  if (!direct &&
      packedRows.size() < static_cast<size_t>(padded * std::min(j.k, kDepth)))
    packedRows.resize(static_cast<size_t>(padded * std::min(j.k, kDepth)));
  for (int64_t depth = 0; depth < j.k; depth += kDepth) {
    int64_t kc = std::min(kDepth, j.k - depth);
    if (!direct)
      packRows(j, r0, rows, depth, kc, packedRows.data());
    bool accumulate = !j.epilogue.overwrite || depth > 0;
    for (int64_t p = 0; p < j.panels; ++p) {
      const float *bp = j.packed + p * j.k * kCols + depth * kCols;
      int64_t cols = std::min(kCols, j.f - p * kCols);
      for (int64_t q = 0; q < rows; q += kRows) {
        float *cq = c + q * j.f + p * kCols;
        int64_t valid = std::min(kRows, rows - q);
        RowsA a;
        if (direct) {
          // Missing rows of the last block repeat a valid one (not stored).
          for (int64_t i = 0; i < kRows; ++i)
            a.rows[i] = pixels[q + std::min(i, valid - 1)] + depth;
          block<Avx2, true>(kc, a, bp, cq, j.f, valid, cols, accumulate);
        } else {
          a.ap = packedRows.data() + q * kc;
          block<Avx2, false>(kc, a, bp, cq, j.f, valid, cols, accumulate);
        }
      }
    }
  }
  applySteps(j, r0, r1, residual);
}

#if TFG_RT_CONV_X86
__attribute__((target("avx2,fma"))) void tileAvx2(const Job &j, int64_t r0,
                                                  int64_t r1) {
  tile<true>(j, r0, r1);
}
#endif

void tileAny(const Job &j, int64_t r0, int64_t r1) {
#if TFG_RT_CONV_X86
  if (cpuHasAvx2Fma())
    return tileAvx2(j, r0, r1);
#endif
  tile<false>(j, r0, r1);
}

/// Whether two row-major buffers of `size` elements overlap.
bool overlap(const float *a, const float *b, int64_t size) {
  return a < b + size && b < a + size;
}
} // namespace

extern "C" {

void _mlir_ciface_tfg_rt_conv2d_packed_f32(
    TfgRtMemRef4F32 *in, TfgRtMemRef1F32 *packed, TfgRtMemRef4F32 *out,
    TfgRtMemRef1F32 *bias, TfgRtMemRef4F32 *residual, int64_t kh, int64_t kw,
    int64_t sh, int64_t sw, int64_t dh, int64_t dw, int64_t epilogue) {
  Job j;
  bool ok = j.epilogue.decode(epilogue) && nonNegativeSizes(in, 4) &&
            nonNegativeSizes(out, 4) && packed->sizes[0] >= 0 &&
            rowMajor(out, 4) &&
            (packed->sizes[0] <= 1 || packed->strides[0] == 1) && kh > 0 &&
            kw > 0 && out->sizes[0] == in->sizes[0] &&
            windowFits(in->sizes[1], out->sizes[1], kh, sh, dh) &&
            windowFits(in->sizes[2], out->sizes[2], kw, sw, dw);
  int64_t m = 0;
  if (ok) {
    j.c = in->sizes[3];
    j.f = out->sizes[3];
    j.k = kh * kw * j.c;
    j.panels = (j.f + kCols - 1) / kCols;
    m = out->sizes[0] * out->sizes[1] * out->sizes[2];
    ok = packed->sizes[0] == j.panels * j.k * kCols;
  }
  if (ok && j.epilogue.uses(TFG_RT_STEP_BIAS))
    ok = bias->sizes[0] == j.f;
  if (ok && j.epilogue.uses(TFG_RT_STEP_RESIDUAL)) {
    for (int i = 0; i < 4; ++i)
      ok = ok && residual->sizes[i] == out->sizes[i];
    ok = ok && rowMajor(residual, 4);
    // The residual is the output itself, or apart from it.
    if (ok && base(residual) != base(out))
      ok = !overlap(base(residual), base(out), m * j.f);
  }
  if (!ok) {
    rejectedCalls().fetch_add(1);
    return;
  }
  Timed timed(convCounters(), 2 * m * j.k * j.f);
  if (m == 0 || j.f == 0)
    return;
  j.in = base(in);
  j.s0 = in->strides[0];
  j.s1 = in->strides[1];
  j.s2 = in->strides[2];
  j.s3 = in->strides[3];
  j.oh = out->sizes[1];
  j.ow = out->sizes[2];
  j.kh = kh;
  j.kw = kw;
  j.sh = sh;
  j.sw = sw;
  j.dh = dh;
  j.dw = dw;
  j.packed = base(packed);
  j.out = base(out);
  j.bias = j.epilogue.uses(TFG_RT_STEP_BIAS) ? base(bias) : nullptr;
  j.biasStride = j.bias ? bias->strides[0] : 1;
  j.residual = j.epilogue.uses(TFG_RT_STEP_RESIDUAL) ? base(residual) : nullptr;
  j.residualInPlace = j.residual && j.residual == j.out;
  int64_t tiles = (m + kTileRows - 1) / kTileRows;
  parallelFor(tiles, [&](int64_t t) {
    tileAny(j, t * kTileRows, std::min(m, (t + 1) * kTileRows));
  });
}

void tfg_rt_pack_filter_f32(const float *filter, int64_t k, int64_t f,
                            float *packed) {
  int64_t panels = (f + kCols - 1) / kCols;
  for (int64_t p = 0; p < panels; ++p) {
    float *dst = packed + p * k * kCols;
    int64_t cols = std::min(kCols, f - p * kCols);
    for (int64_t i = 0; i < k; ++i)
      for (int64_t c = 0; c < kCols; ++c)
        dst[i * kCols + c] = c < cols ? filter[i * f + p * kCols + c] : 0.0f;
  }
}

} // extern "C"
