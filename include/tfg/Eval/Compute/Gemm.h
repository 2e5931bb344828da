//===- Gemm.h - The packed, blocked GEMM of the heavy kernels ---*- C++ -*-===//
//
// One matrix product serves MatMul, BatchMatMul, Conv2D (over im2col rows)
// and Conv2DBackpropInput: C = A * B with A and B given as strided views
// (so transposes cost nothing) and C row-major. B is packed once into
// panels of kGemmNR columns; each tile of C packs its block of A into
// panels of kGemmMR rows and runs a register-blocked micro-kernel whose
// inner loops the compiler vectorizes (docs/rationale/Kernels.md, "Heavy
// kernels"). Float and double are instantiated.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_GEMM_H
#define TFG_EVAL_COMPUTE_GEMM_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

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

/// C[0..m, nBegin..nEnd) = A (m x k) * B's columns nBegin..nEnd, on the
/// calling thread; `nBegin` is a multiple of kGemmNR. C is row-major with
/// row stride `ldc` and points at row 0, column 0.
template <typename T>
void gemmPacked(MatrixView<T> a, int64_t m, const PackedPanels<T> &b,
                int64_t nBegin, int64_t nEnd, T *c, int64_t ldc);

/// Splits an m x n product into tiles (rows in multiples of kGemmMR,
/// columns in multiples of kGemmNR) enough to keep the context's threads
/// busy, and calls `fn(rowBegin, rowEnd, colBegin, colEnd)` for each, in
/// parallel. `maxRows` bounds the rows of a tile (per-tile buffers).
void forEachGemmTile(MLIRContext *context, int64_t m, int64_t n,
                     int64_t maxRows,
                     function_ref<void(int64_t, int64_t, int64_t, int64_t)> fn);

/// C (m x n, row stride ldc) = A (m x k) * B (k x n), in parallel.
template <typename T>
void gemm(MLIRContext *context, MatrixView<T> a, MatrixView<T> b, int64_t m,
          int64_t n, int64_t k, T *c, int64_t ldc);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_GEMM_H
