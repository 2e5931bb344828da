//===- PeakFlops.cpp - peak float32 FLOP rate of one core -----------------===//
//
// tfg-peak-flops: the float32 multiply-add rate one core sustains when
// nothing but independent fused multiply-adds run, the yardstick of the
// "% of peak" of docs/Performance.md. Each variant keeps 12 vector
// accumulators (enough independent chains to cover the FMA latency on
// every x86-64 core of the last decade: latency 4-5 cycles x 2 pipes)
// over 2^26 iterations, best of 5 runs; a multiply-add counts 2 FLOP.
//
//   tfg-peak-flops        prints one line per variant the CPU runs, then
//                         peak_gflops: the best of them
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/// 12 chains of 8-wide FMAs from *result; stores a value that depends on
/// all of them there (so that the call can neither move out of the timed
/// region nor be merged with the next one).
__attribute__((target("avx2,fma"), noinline)) static void
fmaAvx2(int64_t iterations, float *result) {
  float seed = *result;
  __m256 acc[12];
  for (int i = 0; i < 12; ++i)
    acc[i] = _mm256_set1_ps(static_cast<float>(i) * 1e-3f + seed);
  const __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
  for (int64_t it = 0; it < iterations; ++it)
#pragma GCC unroll 12
    for (int i = 0; i < 12; ++i)
      acc[i] = _mm256_fmadd_ps(acc[i], a, b);
  __m256 sum = acc[0];
  for (int i = 1; i < 12; ++i)
    sum = _mm256_add_ps(sum, acc[i]);
  float out[8];
  _mm256_storeu_ps(out, sum);
  *result = out[0];
}

/// 12 chains of 16-wide FMAs.
__attribute__((target("avx512f"), noinline)) static void
fmaAvx512(int64_t iterations, float *result) {
  float seed = *result;
  __m512 acc[12];
  for (int i = 0; i < 12; ++i)
    acc[i] = _mm512_set1_ps(static_cast<float>(i) * 1e-3f + seed);
  const __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
  for (int64_t it = 0; it < iterations; ++it)
#pragma GCC unroll 12
    for (int i = 0; i < 12; ++i)
      acc[i] = _mm512_fmadd_ps(acc[i], a, b);
  __m512 sum = acc[0];
  for (int i = 1; i < 12; ++i)
    sum = _mm512_add_ps(sum, acc[i]);
  *result = _mm512_reduce_add_ps(sum);
}
#endif

/// GFLOP/s of `fn` (lanes floats per FMA), best of 5 runs.
template <typename Fn> static double measure(Fn fn, int lanes) {
  // Volatile: the compiler must not fold the chains.
  volatile int64_t count = int64_t(1) << 26;
  const int64_t iterations = count;
  double best = 0;
  float sink = 0;
  for (int run = 0; run < 5; ++run) {
    auto start = std::chrono::steady_clock::now();
    sink = sink * 1e-3f + static_cast<float>(run);
    fn(iterations, &sink);
    double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    best = std::max(best, 2.0 * 12 * lanes * iterations / s * 1e-9);
  }
  if (sink != sink)
    std::printf("note: the chains overflowed\n");
  return best;
}

int main() {
  double peak = 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    double g = measure(fmaAvx2, 8);
    std::printf("avx2_fma_gflops: %.1f\n", g);
    peak = std::max(peak, g);
  }
  if (__builtin_cpu_supports("avx512f")) {
    double g = measure(fmaAvx512, 16);
    std::printf("avx512_gflops: %.1f\n", g);
    peak = std::max(peak, g);
  }
#endif
  if (peak == 0) {
    std::printf("error: no FMA variant for this CPU\n");
    return 1;
  }
  std::printf("peak_gflops: %.1f\n", peak);
  return 0;
}
