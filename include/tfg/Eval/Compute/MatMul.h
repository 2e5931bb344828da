//===- MatMul.h - Matrix products over host tensors -------------*- C++ -*-===//
//
// Matrix products over HostTensor on the packed GEMM
// (tfg/Eval/Compute/Gemm.h): TensorFlow's MatMul, BatchMatMul and
// _FusedMatMul (MatMulKernels.cpp) and StableHLO's dot_general, which
// transposes its operands to [batch, rows, contracted] and [batch,
// contracted, columns] and multiplies.
//
// Floats compute in float (f16, bf16, f32) or double (f64): the GEMM
// accumulates in that type, in blocks (the order of additions differs
// from a naive loop in the last bits). int32 and int64 products wrap (two's
// complement). Large products run in parallel tile by tile; many small
// ones batch by batch.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_MATMUL_H
#define TFG_EVAL_COMPUTE_MATMUL_H

#include "tfg/Eval/Compute/Broadcast.h"
#include "tfg/Eval/Compute/Dense.h"

namespace mlir {
namespace tfg {

/// How the operands of a (batched) product are read.
struct MatMulOptions {
  /// Read the last two dimensions of a (b) transposed.
  bool transposeA = false, transposeB = false;
  /// Operands of rank >= 2 whose leading dimensions are batches (false:
  /// matrices, rank 2).
  bool batched = false;
  /// Batch dimensions broadcast as NumPy does (false: they must be equal).
  bool broadcastBatch = true;
};

/// The shapes of a (batched) product: `batches` products of m x k by
/// k x n; batch `i` of the result reads `broadcast`'s operand indices.
struct MatMulShape {
  int64_t m = 0, n = 0, k = 0;
  SmallVector<int64_t, 4> resultShape;
  Broadcast broadcast;
  int64_t batches = 1;
};
/// The product shape of operands of shapes `as` and `bs`.
llvm::Expected<MatMulShape> getMatMulShape(ArrayRef<int64_t> as,
                                           ArrayRef<int64_t> bs,
                                           const MatMulOptions &options);

/// a * b on floats computed as T, then `epilogue` on the result seen as
/// [rows, n].
template <typename T>
llvm::Expected<HostTensor>
computeMatMul(const ComputeEnv &env, const HostTensor &a, const HostTensor &b,
              const MatMulOptions &options, const Epilogue<T> &epilogue);
/// a * b on floats, int32 or int64 (one element type).
llvm::Expected<HostTensor> computeMatMul(const ComputeEnv &env,
                                         const HostTensor &a,
                                         const HostTensor &b,
                                         const MatMulOptions &options);

/// The dimension numbers of StableHLO's dot_general.
struct DotDimensionNumbers {
  SmallVector<int64_t, 4> lhsBatchingDims, rhsBatchingDims;
  SmallVector<int64_t, 4> lhsContractingDims, rhsContractingDims;
};
/// StableHLO's dot_general (spec.md, "dot_general") on floats, int32 or
/// int64 of one element type: the result has the batch dimensions, then
/// lhs's free dimensions, then rhs's.
llvm::Expected<HostTensor> computeDotGeneral(const ComputeEnv &env,
                                             const HostTensor &lhs,
                                             const HostTensor &rhs,
                                             const DotDimensionNumbers &dims);

/// `x` with its dimensions permuted: dimension d of the result is
/// dimension perm[d] of `x` (a permutation of [0, rank)).
llvm::Expected<HostTensor> computeTranspose(const ComputeEnv &env,
                                            const HostTensor &x,
                                            ArrayRef<int64_t> perm);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_MATMUL_H
