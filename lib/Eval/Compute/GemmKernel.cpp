//===- GemmKernel.cpp - The single-threaded packed GEMM -------------------===//
//
// C = A * B in the classic three-level blocking: B is packed once into
// panels of kGemmNR columns; a tile of C walks depth blocks of kGemmKC,
// packs kGemmMC rows of A of that depth into panels of kGemmMR rows, and
// for each panel of B (which stays in L1 while every row panel of A
// passes) runs the micro-kernel, which keeps a kGemmMR x kGemmNR block of
// C in a local array (registers) across the depth block. The micro-kernel
// is plain C++ whose fixed-size inner loops GCC and Clang unroll and
// vectorize (no intrinsics); edges compute a full block from zero-padded
// panels and store only the valid part. On x86-64 the same code is also
// compiled for AVX2 + FMA and chosen at run time when the CPU has them.
// Nothing here depends on MLIR (tfg/Eval/Compute/GemmKernel.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/GemmKernel.h"

#include <algorithm>

using namespace mlir::tfg;

// On x86-64 with GCC or Clang, the GEMM is compiled twice: for the
// baseline (SSE2) and for AVX2 + FMA, picked at run time. The helpers are
// forced inline so that each copy is compiled for its target.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TFG_GEMM_X86_DISPATCH 1
#define TFG_GEMM_INLINE __attribute__((always_inline)) inline
#else
#define TFG_GEMM_X86_DISPATCH 0
#define TFG_GEMM_INLINE inline
#endif

template <typename T>
void mlir::tfg::packPanelsInto(MatrixView<T> b, int64_t k, int64_t n,
                               PackedPanels<T> &packed) {
  packed.k = k;
  packed.n = n;
  int64_t panels = (n + kGemmNR - 1) / kGemmNR;
  packed.data.assign(static_cast<size_t>(panels * k * kGemmNR), T(0));
  for (int64_t p = 0; p < panels; ++p) {
    T *dst = packed.data.data() + p * k * kGemmNR;
    int64_t cols = std::min(kGemmNR, n - p * kGemmNR);
    for (int64_t i = 0; i < k; ++i) {
      const T *src = b.data + i * b.rowStride + p * kGemmNR * b.colStride;
      for (int64_t j = 0; j < cols; ++j)
        dst[i * kGemmNR + j] = src[j * b.colStride];
    }
  }
}

template <typename T>
PackedPanels<T> mlir::tfg::packPanels(MatrixView<T> b, int64_t k, int64_t n) {
  PackedPanels<T> packed;
  packPanelsInto(b, k, n, packed);
  return packed;
}

/// Packs rows [row, row + mc) and depth [depth, depth + kc) of A into
/// panels of kGemmMR rows (zero padded): panel r holds kc steps of kGemmMR
/// values.
template <typename T>
TFG_GEMM_INLINE static void packRows(MatrixView<T> a, int64_t row, int64_t mc,
                                     int64_t depth, int64_t kc, T *dst) {
  for (int64_t r = 0; r < mc; r += kGemmMR) {
    int64_t rows = std::min(kGemmMR, mc - r);
    T *panel = dst + r * kc;
    for (int64_t i = 0; i < rows; ++i) {
      const T *src = a.data + (row + r + i) * a.rowStride + depth * a.colStride;
      if (a.colStride == 1) {
        for (int64_t p = 0; p < kc; ++p)
          panel[p * kGemmMR + i] = src[p];
      } else {
        for (int64_t p = 0; p < kc; ++p)
          panel[p * kGemmMR + i] = src[p * a.colStride];
      }
    }
    for (int64_t i = rows; i < kGemmMR; ++i)
      for (int64_t p = 0; p < kc; ++p)
        panel[p * kGemmMR + i] = T(0);
  }
}

/// C block (rows x cols valid) = (or +=, when `accumulate`) the product of
/// a packed row panel and a packed column panel over kc steps.
template <typename T>
TFG_GEMM_INLINE static void microKernel(int64_t kc, const T *__restrict ap,
                                        const T *__restrict bp, T *__restrict c,
                                        int64_t ldc, int64_t rows, int64_t cols,
                                        bool accumulate) {
  T acc[kGemmMR][kGemmNR];
  for (int64_t i = 0; i < kGemmMR; ++i)
    for (int64_t j = 0; j < kGemmNR; ++j)
      acc[i][j] = T(0);
  for (int64_t p = 0; p < kc; ++p) {
    const T *av = ap + p * kGemmMR;
    const T *bv = bp + p * kGemmNR;
#pragma GCC unroll 8
    for (int64_t i = 0; i < kGemmMR; ++i) {
      T x = av[i];
#pragma GCC unroll 16
      for (int64_t j = 0; j < kGemmNR; ++j)
        acc[i][j] += x * bv[j];
    }
  }
  if (rows == kGemmMR && cols == kGemmNR) {
    for (int64_t i = 0; i < kGemmMR; ++i) {
      T *out = c + i * ldc;
      if (accumulate)
        for (int64_t j = 0; j < kGemmNR; ++j)
          out[j] += acc[i][j];
      else
        for (int64_t j = 0; j < kGemmNR; ++j)
          out[j] = acc[i][j];
    }
    return;
  }
  for (int64_t i = 0; i < rows; ++i) {
    T *out = c + i * ldc;
    for (int64_t j = 0; j < cols; ++j)
      out[j] = accumulate ? out[j] + acc[i][j] : acc[i][j];
  }
}

template <typename T>
TFG_GEMM_INLINE static void gemmPackedBody(MatrixView<T> a, int64_t m,
                                           const PackedPanels<T> &b,
                                           int64_t nBegin, int64_t nEnd, T *c,
                                           int64_t ldc, bool accumulate) {
  int64_t k = b.k;
  if (k == 0) {
    if (accumulate)
      return;
    for (int64_t i = 0; i < m; ++i)
      std::fill(c + i * ldc + nBegin, c + i * ldc + nEnd, T(0));
    return;
  }
  int64_t mcMax = std::min(kGemmMC, (m + kGemmMR - 1) / kGemmMR * kGemmMR);
  std::vector<T> packedA(static_cast<size_t>(mcMax * std::min(k, kGemmKC)));
  for (int64_t depth = 0; depth < k; depth += kGemmKC) {
    int64_t kc = std::min(kGemmKC, k - depth);
    for (int64_t row = 0; row < m; row += kGemmMC) {
      int64_t mc = std::min(kGemmMC, m - row);
      packRows(a, row, mc, depth, kc, packedA.data());
      for (int64_t col = nBegin; col < nEnd; col += kGemmNR) {
        const T *bp = b.panel(col) + depth * kGemmNR;
        int64_t cols = std::min(kGemmNR, nEnd - col);
        for (int64_t r = 0; r < mc; r += kGemmMR)
          microKernel(kc, packedA.data() + r * kc, bp,
                      c + (row + r) * ldc + col, ldc, std::min(kGemmMR, mc - r),
                      cols, accumulate || depth > 0);
      }
    }
  }
}

#if TFG_GEMM_X86_DISPATCH
/// The same code compiled for AVX2 and FMA (8-wide vectors, fused
/// multiply-adds), chosen at run time on the CPUs that have them.
template <typename T>
__attribute__((target("avx2,fma"))) static void
gemmPackedAvx2(MatrixView<T> a, int64_t m, const PackedPanels<T> &b,
               int64_t nBegin, int64_t nEnd, T *c, int64_t ldc,
               bool accumulate) {
  gemmPackedBody(a, m, b, nBegin, nEnd, c, ldc, accumulate);
}

static bool hasAvx2Fma() {
  static const bool has =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}
#endif

template <typename T>
void mlir::tfg::gemmPacked(MatrixView<T> a, int64_t m, const PackedPanels<T> &b,
                           int64_t nBegin, int64_t nEnd, T *c, int64_t ldc,
                           bool accumulate) {
#if TFG_GEMM_X86_DISPATCH
  if (hasAvx2Fma())
    return gemmPackedAvx2(a, m, b, nBegin, nEnd, c, ldc, accumulate);
#endif
  gemmPackedBody(a, m, b, nBegin, nEnd, c, ldc, accumulate);
}

template void mlir::tfg::packPanelsInto(MatrixView<float>, int64_t, int64_t,
                                        PackedPanels<float> &);
template void mlir::tfg::packPanelsInto(MatrixView<double>, int64_t, int64_t,
                                        PackedPanels<double> &);
template PackedPanels<float> mlir::tfg::packPanels(MatrixView<float>, int64_t,
                                                   int64_t);
template PackedPanels<double> mlir::tfg::packPanels(MatrixView<double>, int64_t,
                                                    int64_t);
template void mlir::tfg::gemmPacked(MatrixView<float>, int64_t,
                                    const PackedPanels<float> &, int64_t,
                                    int64_t, float *, int64_t, bool);
template void mlir::tfg::gemmPacked(MatrixView<double>, int64_t,
                                    const PackedPanels<double> &, int64_t,
                                    int64_t, double *, int64_t, bool);
