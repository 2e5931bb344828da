//===- Depthwise.cpp - Depthwise convolutions with fused epilogues --------===//
//
// tfg_rt_depthwise_f32 (tfg/Codegen/Runtime.h): a depthwise 2-d
// convolution whose zero padding is read as zeros (no padded copy of the
// input), whose output is overwritten (no zero fill) and whose elementwise
// epilogue (bias, residual add, relu, min 6) is applied in registers before
// each store.
//
// Channels are the vector dimension: each output row (the threads' unit)
// runs over groups of 8 output pixels x 8 channels, 8 accumulators that
// take one multiply-add per tap from the input row in place (the filter's
// 8 channels of the tap stay in a register for the group). The last
// channel block of a count that is not a multiple of 8 uses masked loads
// and stores. Pixels whose window crosses the padding on the left or right
// take the same kernel one pixel at a time with each tap checked; window
// rows in the padding above or below are skipped for the whole row. On
// x86-64 the kernel is AVX2 + FMA intrinsics (chosen at run time);
// elsewhere, on CPUs without them, with a channel multiplier other than 1
// or a strided channel dimension, a portable loop per pixel over the
// channels computes the same.
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
#define TFG_RT_DW_X86 1
#include <immintrin.h>
#define TFG_RT_DW_INLINE __attribute__((always_inline)) inline
#else
#define TFG_RT_DW_X86 0
#define TFG_RT_DW_INLINE inline
#endif

using namespace tfg_rt;

namespace {
/// One call: shapes, strides and the epilogue's decoded steps.
struct Job {
  const float *in;
  int64_t s0, s1, s2, s3; // input strides
  int64_t h, w;           // the input's extent (padding not included)
  int64_t c, mult, cm;    // channels, multiplier, c * mult
  int64_t oh, ow, kh, kw, sh, sw, dh, dw, pt, pl;
  const float *filter;   // row-major KH x KW x CM
  float *out;            // row-major N x OH x OW x CM
  const float *bias;     // CM contiguous values (or null)
  const float *residual; // row-major like `out` (or null)
  EpilogueSteps epilogue;
};

/// The input row of window row `i` for output row `y`, null when it lies
/// in the padding.
TFG_RT_DW_INLINE const float *inputRow(const Job &j, int64_t b, int64_t y,
                                       int64_t i) {
  int64_t iy = y * j.sh + i * j.dh - j.pt;
  if (iy < 0 || iy >= j.h)
    return nullptr;
  return j.in + b * j.s0 + iy * j.s1;
}

/// The epilogue's steps on one value.
TFG_RT_DW_INLINE float stepsScalar(const Job &j, float v, int64_t ch,
                                   const float *residual) {
  for (int s = 0; s < j.epilogue.count; ++s) {
    switch (j.epilogue.steps[s]) {
    case TFG_RT_STEP_BIAS:
      v += j.bias[ch];
      break;
    case TFG_RT_STEP_RESIDUAL:
      v += *residual;
      break;
    case TFG_RT_STEP_RELU:
      // NaN stays NaN and -0 becomes +0, as with arith.maximumf.
      v = v != v ? v : v <= 0.0f ? 0.0f : v;
      break;
    case TFG_RT_STEP_MIN6:
      v = v > 6.0f ? 6.0f : v;
      break;
    default:
      break;
    }
  }
  return v;
}

/// Output pixel (b, y, x) with every tap checked, all channels, portable.
/// `acc` holds CM floats of scratch.
TFG_RT_DW_INLINE void pixelPortable(const Job &j, const float *const *rows,
                                    int64_t x, float *o, const float *residual,
                                    float *acc) {
  if (j.epilogue.overwrite)
    std::fill(acc, acc + j.cm, 0.0f);
  else
    std::copy(o, o + j.cm, acc);
  for (int64_t i = 0; i < j.kh; ++i) {
    if (!rows[i])
      continue;
    for (int64_t t = 0; t < j.kw; ++t) {
      int64_t ix = x * j.sw + t * j.dw - j.pl;
      if (ix < 0 || ix >= j.w)
        continue;
      const float *v = rows[i] + ix * j.s2;
      const float *f = j.filter + (i * j.kw + t) * j.cm;
      if (j.mult == 1 && j.s3 == 1)
        for (int64_t ch = 0; ch < j.cm; ++ch)
          acc[ch] += v[ch] * f[ch];
      else
        for (int64_t ch = 0; ch < j.cm; ++ch)
          acc[ch] += v[ch / j.mult * j.s3] * f[ch];
    }
  }
  for (int64_t ch = 0; ch < j.cm; ++ch)
    o[ch] = stepsScalar(j, acc[ch], ch, residual ? residual + ch : nullptr);
}

/// Output row (b, y), portable.
void rowPortable(const Job &j, int64_t b, int64_t y,
                 std::vector<const float *> &rows, std::vector<float> &acc) {
  for (int64_t i = 0; i < j.kh; ++i)
    rows[i] = inputRow(j, b, y, i);
  int64_t first = (b * j.oh + y) * j.ow * j.cm;
  for (int64_t x = 0; x < j.ow; ++x) {
    int64_t at = first + x * j.cm;
    pixelPortable(j, rows.data(), x, j.out + at,
                  j.residual ? j.residual + at : nullptr, acc.data());
  }
}

#if TFG_RT_DW_X86
/// Lanes [0, n) of 8 set.
__attribute__((target("avx2,fma"))) inline __m256i laneMask(int64_t n) {
  __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(n)), lanes);
}

template <bool Masked>
__attribute__((target("avx2,fma"))) TFG_RT_DW_INLINE __m256
load8(const float *p, __m256i mask) {
  if constexpr (Masked)
    return _mm256_maskload_ps(p, mask);
  return _mm256_loadu_ps(p);
}

template <bool Masked>
__attribute__((target("avx2,fma"))) TFG_RT_DW_INLINE void
store8(float *p, __m256i mask, __m256 v) {
  if constexpr (Masked)
    _mm256_maskstore_ps(p, mask, v);
  else
    _mm256_storeu_ps(p, v);
}

/// The epilogue's steps on 8 channels [ch, ch + 8) of one pixel.
template <bool Masked>
__attribute__((target("avx2,fma"))) TFG_RT_DW_INLINE __m256 stepsAvx2(
    const Job &j, __m256 v, int64_t ch, const float *residual, __m256i mask) {
  const __m256 zero = _mm256_setzero_ps(), six = _mm256_set1_ps(6.0f);
  for (int s = 0; s < j.epilogue.count; ++s) {
    switch (j.epilogue.steps[s]) {
    case TFG_RT_STEP_BIAS:
      v = _mm256_add_ps(v, load8<Masked>(j.bias + ch, mask));
      break;
    case TFG_RT_STEP_RESIDUAL:
      v = _mm256_add_ps(v, load8<Masked>(residual, mask));
      break;
    case TFG_RT_STEP_RELU: {
      // Keep v where v > 0 or v is NaN; +0 elsewhere (-0 included).
      __m256 keep = _mm256_or_ps(_mm256_cmp_ps(v, zero, _CMP_GT_OQ),
                                 _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
      v = _mm256_and_ps(v, keep);
      break;
    }
    case TFG_RT_STEP_MIN6:
      // v > 6 ? 6 : v (NaN stays).
      v = _mm256_blendv_ps(v, six, _mm256_cmp_ps(v, six, _CMP_GT_OQ));
      break;
    default:
      break;
    }
  }
  return v;
}

/// Pixels [x, x + NP) of output row (b, y), channels [ch, ch + 8) (fewer
/// when Masked), every tap inside the input's columns unless Checked
/// (then NP is 1 and taps in the padding are skipped). `o` and `residual`
/// point at pixel x, channel ch.
template <int NP, bool Masked, bool Checked>
__attribute__((target("avx2,fma"))) TFG_RT_DW_INLINE void
pixelsAvx2(const Job &j, const float *const *rows, int64_t x, int64_t ch,
           float *o, const float *residual, __m256i mask) {
  static_assert(!Checked || NP == 1, "checked taps go one pixel at a time");
  __m256 acc[NP];
  for (int p = 0; p < NP; ++p)
    acc[p] = j.epilogue.overwrite ? _mm256_setzero_ps()
                                  : load8<Masked>(o + p * j.cm, mask);
  int64_t step = j.sw * j.s2;
  for (int64_t i = 0; i < j.kh; ++i) {
    if (!rows[i])
      continue;
    const float *f = j.filter + i * j.kw * j.cm + ch;
    for (int64_t t = 0; t < j.kw; ++t, f += j.cm) {
      int64_t ix = x * j.sw + t * j.dw - j.pl;
      if constexpr (Checked) {
        if (ix < 0 || ix >= j.w)
          continue;
      }
      const float *v = rows[i] + ix * j.s2 + ch;
      __m256 fv = load8<Masked>(f, mask);
      for (int p = 0; p < NP; ++p)
        acc[p] = _mm256_fmadd_ps(load8<Masked>(v + p * step, mask), fv, acc[p]);
    }
  }
  for (int p = 0; p < NP; ++p)
    store8<Masked>(o + p * j.cm, mask,
                   stepsAvx2<Masked>(j, acc[p], ch,
                                     residual ? residual + p * j.cm : nullptr,
                                     mask));
}

/// Pixels [x, x + NP) of an output row, channels [ch, ch + 8), for a
/// window KW wide at stride SW and dilation 1 with every tap inside the
/// input's columns: each input vector of a window row is loaded once and
/// used by every pixel whose window covers it (SW * (NP - 1) + KW loads
/// per window row instead of NP * KW).
template <int NP, int KW, int SW, bool Masked>
__attribute__((target("avx2,fma"))) TFG_RT_DW_INLINE void
pixelsReuseAvx2(const Job &j, const float *const *rows, int64_t x, int64_t ch,
                float *o, const float *residual, __m256i mask) {
  __m256 acc[NP];
#pragma GCC unroll 8
  for (int p = 0; p < NP; ++p)
    acc[p] = j.epilogue.overwrite ? _mm256_setzero_ps()
                                  : load8<Masked>(o + p * j.cm, mask);
  for (int64_t i = 0; i < j.kh; ++i) {
    if (!rows[i])
      continue;
    const float *f = j.filter + i * KW * j.cm + ch;
    __m256 fv[KW];
#pragma GCC unroll 8
    for (int t = 0; t < KW; ++t)
      fv[t] = load8<Masked>(f + t * j.cm, mask);
    const float *v = rows[i] + (x * SW - j.pl) * j.s2 + ch;
#pragma GCC unroll 32
    for (int q = 0; q < SW * (NP - 1) + KW; ++q) {
      __m256 in = load8<Masked>(v + q * j.s2, mask);
#pragma GCC unroll 8
      for (int t = 0; t < KW; ++t)
        if ((q - t) % SW == 0 && q - t >= 0 && (q - t) / SW < NP)
          acc[(q - t) / SW] = _mm256_fmadd_ps(in, fv[t], acc[(q - t) / SW]);
    }
  }
#pragma GCC unroll 8
  for (int p = 0; p < NP; ++p)
    store8<Masked>(o + p * j.cm, mask,
                   stepsAvx2<Masked>(j, acc[p], ch,
                                     residual ? residual + p * j.cm : nullptr,
                                     mask));
}

/// pixelsReuseAvx2 over all channel blocks.
template <int NP, int KW, int SW>
__attribute__((target("avx2,fma"))) TFG_RT_DW_INLINE void
blockReuseAvx2(const Job &j, const float *const *rows, int64_t x, float *o,
               const float *residual, __m256i tail) {
  int64_t ch = 0;
  for (; ch + 8 <= j.cm; ch += 8)
    pixelsReuseAvx2<NP, KW, SW, false>(
        j, rows, x, ch, o + ch, residual ? residual + ch : nullptr, tail);
  if (ch < j.cm)
    pixelsReuseAvx2<NP, KW, SW, true>(j, rows, x, ch, o + ch,
                                      residual ? residual + ch : nullptr, tail);
}

/// Pixels [x, x + NP) over all channel blocks.
template <int NP, bool Checked>
__attribute__((target("avx2,fma"))) TFG_RT_DW_INLINE void
blockAvx2(const Job &j, const float *const *rows, int64_t x, float *o,
          const float *residual, __m256i tail) {
  int64_t ch = 0;
  for (; ch + 8 <= j.cm; ch += 8)
    pixelsAvx2<NP, false, Checked>(j, rows, x, ch, o + ch,
                                   residual ? residual + ch : nullptr, tail);
  if (ch < j.cm)
    pixelsAvx2<NP, true, Checked>(j, rows, x, ch, o + ch,
                                  residual ? residual + ch : nullptr, tail);
}

/// Output row (b, y) with the AVX2 kernel (multiplier 1, unit channel
/// stride).
__attribute__((target("avx2,fma"))) void
rowAvx2(const Job &j, int64_t b, int64_t y, std::vector<const float *> &rows) {
  for (int64_t i = 0; i < j.kh; ++i)
    rows[i] = inputRow(j, b, y, i);
  __m256i tail = laneMask(j.cm % 8);
  // Pixels whose taps all lie inside the input's columns: [lo, hi).
  int64_t lo = std::min(j.ow, (j.pl + j.sw - 1) / j.sw);
  int64_t span = j.w - 1 + j.pl - (j.kw - 1) * j.dw;
  int64_t hi = span < 0 ? 0 : std::min(j.ow, span / j.sw + 1);
  if (hi < lo)
    hi = lo;
  int64_t first = (b * j.oh + y) * j.ow * j.cm;
  float *out = j.out + first;
  const float *res = j.residual ? j.residual + first : nullptr;
  auto at = [&](int64_t x) { return res ? res + x * j.cm : nullptr; };
  const float *const *r = rows.data();
  for (int64_t x = 0; x < lo; ++x)
    blockAvx2<1, true>(j, r, x, out + x * j.cm, at(x), tail);
  int64_t x = lo;
  // Windows of 3 (and 5) columns at stride 1 or 2 reuse each input
  // vector across the pixels of a group.
  if (j.dw == 1 && j.kw == 3 && j.sw == 1)
    for (; x + 8 <= hi; x += 8)
      blockReuseAvx2<8, 3, 1>(j, r, x, out + x * j.cm, at(x), tail);
  else if (j.dw == 1 && j.kw == 3 && j.sw == 2)
    for (; x + 8 <= hi; x += 8)
      blockReuseAvx2<8, 3, 2>(j, r, x, out + x * j.cm, at(x), tail);
  else if (j.dw == 1 && j.kw == 5 && j.sw == 1)
    for (; x + 8 <= hi; x += 8)
      blockReuseAvx2<8, 5, 1>(j, r, x, out + x * j.cm, at(x), tail);
  for (; x + 8 <= hi; x += 8)
    blockAvx2<8, false>(j, r, x, out + x * j.cm, at(x), tail);
  for (; x + 4 <= hi; x += 4)
    blockAvx2<4, false>(j, r, x, out + x * j.cm, at(x), tail);
  for (; x < hi; ++x)
    blockAvx2<1, false>(j, r, x, out + x * j.cm, at(x), tail);
  for (x = hi; x < j.ow; ++x)
    blockAvx2<1, true>(j, r, x, out + x * j.cm, at(x), tail);
}
#endif

int64_t product(const int64_t *sizes, int rank) {
  int64_t p = 1;
  for (int i = 0; i < rank; ++i)
    p *= sizes[i];
  return p;
}
} // namespace

extern "C" {

void _mlir_ciface_tfg_rt_depthwise_f32(
    TfgRtMemRef4F32 *in, TfgRtMemRef4F32 *filter, TfgRtMemRef5F32 *out,
    TfgRtMemRef2F32 *bias, TfgRtMemRef5F32 *residual, int64_t sh, int64_t sw,
    int64_t dh, int64_t dw, int64_t pt, int64_t pl, int64_t ph, int64_t pw,
    int64_t epilogue) {
  Job j;
  bool ok = j.epilogue.decode(epilogue) && nonNegativeSizes(in, 4) &&
            nonNegativeSizes(filter, 4) && nonNegativeSizes(out, 5) &&
            rowMajor(out, 5) && rowMajor(filter, 4);
  if (ok) {
    j.h = in->sizes[1];
    j.w = in->sizes[2];
    j.c = in->sizes[3];
    j.kh = filter->sizes[0];
    j.kw = filter->sizes[1];
    j.mult = filter->sizes[3];
    j.cm = j.c * j.mult;
    j.oh = out->sizes[1];
    j.ow = out->sizes[2];
    // The padded input [ph, pw] holds the input at [pt, pl].
    ok = filter->sizes[2] == j.c && out->sizes[0] == in->sizes[0] &&
         out->sizes[3] == j.c && out->sizes[4] == j.mult && pt >= 0 &&
         pl >= 0 && ph >= pt + j.h && pw >= pl + j.w &&
         windowFits(ph, j.oh, j.kh, sh, dh) &&
         windowFits(pw, j.ow, j.kw, sw, dw);
  }
  if (ok && j.epilogue.uses(TFG_RT_STEP_BIAS))
    ok = bias->sizes[0] == j.c && bias->sizes[1] == j.mult;
  int64_t outSize = ok ? product(out->sizes, 5) : 0;
  if (ok && j.epilogue.uses(TFG_RT_STEP_RESIDUAL)) {
    for (int i = 0; i < 5; ++i)
      ok = ok && residual->sizes[i] == out->sizes[i];
    ok = ok && rowMajor(residual, 5);
    // The residual is the output itself, or apart from it.
    const float *r = base(residual), *o = base(out);
    if (ok && r != o)
      ok = !(r < o + outSize && o < r + outSize);
  }
  if (!ok) {
    rejectedCalls().fetch_add(1);
    return;
  }
  Timed timed(depthwiseCounters(), 2 * outSize * j.kh * j.kw);
  if (outSize == 0)
    return;
  j.in = base(in);
  j.s0 = in->strides[0];
  j.s1 = in->strides[1];
  j.s2 = in->strides[2];
  j.s3 = in->strides[3];
  j.sh = sh;
  j.sw = sw;
  j.dh = dh;
  j.dw = dw;
  j.pt = pt;
  j.pl = pl;
  j.filter = base(filter);
  j.out = base(out);
  // The bias as CM contiguous values.
  std::vector<float> biasCopy;
  j.bias = nullptr;
  if (j.epilogue.uses(TFG_RT_STEP_BIAS)) {
    biasCopy.resize(static_cast<size_t>(j.cm));
    const float *b = base(bias);
    for (int64_t ch = 0; ch < j.c; ++ch)
      for (int64_t m = 0; m < j.mult; ++m)
        biasCopy[ch * j.mult + m] =
            b[ch * bias->strides[0] + m * bias->strides[1]];
    j.bias = biasCopy.data();
  }
  j.residual = j.epilogue.uses(TFG_RT_STEP_RESIDUAL) ? base(residual) : nullptr;
  int64_t rowsCount = out->sizes[0] * j.oh;
#if TFG_RT_DW_X86
  if (cpuHasAvx2Fma() && j.mult == 1 && (j.s3 == 1 || j.c == 1)) {
    parallelFor(rowsCount, [&](int64_t row) {
      thread_local std::vector<const float *> rows;
      rows.resize(static_cast<size_t>(j.kh));
      rowAvx2(j, row / j.oh, row % j.oh, rows);
    });
    return;
  }
#endif
  parallelFor(rowsCount, [&](int64_t row) {
    thread_local std::vector<const float *> rows;
    thread_local std::vector<float> acc;
    rows.resize(static_cast<size_t>(j.kh));
    acc.resize(static_cast<size_t>(j.cm));
    rowPortable(j, row / j.oh, row % j.oh, rows, acc);
  });
}

} // extern "C"
