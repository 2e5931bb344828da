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

#include "tfg/Eval/Compute/GemmKernel.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace mlir {
namespace tfg {

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
