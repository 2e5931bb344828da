//===- GemmKernel.h - The single-threaded packed GEMM -----------*- C++ -*-===//
//
// The part of the GEMM (tfg/Eval/Compute/Gemm.h) that needs nothing but the
// C++ standard library: packing of B into panels and the blocked product
// of A with packed panels on the calling thread. The evaluator's kernels
// and the compiled code's runtime (tfg/Codegen/Runtime.h, which must not
// depend on MLIR) share it; it is the static library TFGGemmKernel.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_GEMMKERNEL_H
#define TFG_EVAL_COMPUTE_GEMMKERNEL_H

#include <cstdint>
#include <vector>

namespace mlir {
namespace tfg {

/// Rows of the micro-kernel's block of C.
inline constexpr int64_t kGemmMR = 4;
/// Columns of the micro-kernel's block of C (one packed panel of B).
inline constexpr int64_t kGemmNR = 16;
/// Depth of one pass over packed panels (keeps a panel of B in L1).
inline constexpr int64_t kGemmKC = 256;
/// Rows of A packed at once (keeps the packed block in L2).
inline constexpr int64_t kGemmMC = 96;

/// A strided matrix: element (i, j) lies at data[i * rowStride + j *
/// colStride].
template <typename T> struct MatrixView {
  const T *data;
  int64_t rowStride;
  int64_t colStride;
  T at(int64_t i, int64_t j) const {
    return data[i * rowStride + j * colStride];
  }
};

/// B (k x n) packed into panels of kGemmNR columns (zero padded): panel p
/// holds rows 0..k-1 of its columns, kGemmNR values per row.
template <typename T> struct PackedPanels {
  int64_t k = 0, n = 0;
  std::vector<T> data;
  const T *panel(int64_t column) const {
    return data.data() + (column / kGemmNR) * k * kGemmNR;
  }
};

/// Packs B (k x n).
template <typename T>
PackedPanels<T> packPanels(MatrixView<T> b, int64_t k, int64_t n);

/// Packs B (k x n) into `packed`, reusing its storage (no allocation when
/// it is large enough already).
template <typename T>
void packPanelsInto(MatrixView<T> b, int64_t k, int64_t n,
                    PackedPanels<T> &packed);

/// C[0..m, nBegin..nEnd) = A (m x k) * B's columns nBegin..nEnd (or +=,
/// when `accumulate`), on the calling thread; `nBegin` is a multiple of
/// kGemmNR. C is row-major with row stride `ldc` and points at row 0,
/// column 0.
template <typename T>
void gemmPacked(MatrixView<T> a, int64_t m, const PackedPanels<T> &b,
                int64_t nBegin, int64_t nEnd, T *c, int64_t ldc,
                bool accumulate = false);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_GEMMKERNEL_H
