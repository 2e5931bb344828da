//===- Reduction.h - Reductions, arg-reductions and scans -------*- C++ -*-===//
//
// Reductions over HostTensor, shared by TensorFlow's kernels
// (ReductionKernels.cpp) and StableHLO's reduce when its body is one
// add, multiply, maximum, minimum, and or or.
//
// Floats accumulate in double and round once into their type (exact for
// max and min; a sum may differ in the last bit from an accumulation in
// the element type, whose order both TensorFlow and StableHLO leave to the
// implementation). Ints accumulate modulo 2^64 and wrap to their width.
// Max and min propagate NaN (TensorFlow's Max and Min; StableHLO's maximum
// and minimum as the body).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_REDUCTION_H
#define TFG_EVAL_COMPUTE_REDUCTION_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// What a reduction computes: All and Any take bools, the others numbers
/// (Max and Min no complex). Mean divides the sum by the count (ints
/// truncate toward zero; an empty integer Mean is an error); EuclideanNorm
/// is sqrt(sum |x|^2) (ints: the square root of the wrapped sum of squares,
/// truncated).
enum class ReduceOp { Sum, Prod, Mean, Max, Min, All, Any, EuclideanNorm };

/// How a reduction starts and what it keeps.
struct ReduceOptions {
  /// Keep each reduced dimension as 1 (TensorFlow's keep_dims); StableHLO
  /// drops them.
  bool keepDims = false;
  /// The value the accumulation starts from: a scalar (or one element) of
  /// the operand's type. Null: the identity, which is what an empty
  /// reduction gives: 0 for Sum, 1 for Prod, true for All, false for Any,
  /// -inf/+inf for float Max/Min and the lowest/highest value for ints
  /// (TensorFlow). StableHLO: its reduce's init_values, combined with the
  /// elements by the body.
  const HostTensor *init = nullptr;
};

/// Reduces `in` over the dimensions `dims` (each in [0, rank), distinct;
/// an error otherwise).
llvm::Expected<HostTensor> computeReduce(const ComputeEnv &env, ReduceOp op,
                                         const HostTensor &in,
                                         ArrayRef<int64_t> dims,
                                         const ReduceOptions &options = {});

/// The index along `dim` of the largest (`max`) or smallest element of each
/// row, as `indexType` (int16, int32 or int64): the first of equal
/// elements; a NaN is never beaten once it is the best and never beats.
/// Fails on an empty dimension and when an index does not fit.
llvm::Expected<HostTensor> computeArgReduce(const ComputeEnv &env, bool max,
                                            const HostTensor &in, int64_t dim,
                                            Type indexType);

/// The scans: running sum, product, and log(exp(a) + exp(b)) (floats,
/// computed without overflow).
enum class ScanOp { Sum, Prod, LogSumExp };
/// Scans `in` along `dim`: `exclusive` starts from the identity (0, 1,
/// -inf), `reverse` runs from the end. Each partial result is rounded into
/// (ints: wrapped to) the element type.
llvm::Expected<HostTensor> computeScan(const ComputeEnv &env, ScanOp op,
                                       const HostTensor &in, int64_t dim,
                                       bool exclusive, bool reverse);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_REDUCTION_H
