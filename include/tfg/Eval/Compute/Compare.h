//===- Compare.h - Comparisons, logical ops and select ----------*- C++ -*-===//
//
// Comparisons over HostTensor giving bools, logical and/or of bools, and
// select: TensorFlow's Equal, Less..., LogicalAnd/Or and SelectV2
// (CompareKernels.cpp) and StableHLO's compare and select. Operands
// broadcast as NumPy does (StableHLO's have one shape, or a scalar
// predicate for select). A result whose operands are all splats is a
// splat.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_COMPARE_H
#define TFG_EVAL_COMPUTE_COMPARE_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// The comparison.
enum class CompareDirection { EQ, NE, LT, LE, GT, GE };

/// How floats (and complex parts) are ordered.
enum class FloatOrder {
  /// IEEE-754: a NaN is unequal to everything, itself included, and
  /// unordered; -0 == +0. TensorFlow's comparisons; StableHLO's compare
  /// with compare_type FLOAT.
  Ieee,
  /// IEEE-754's totalOrder: -NaN < -inf < ... < -0 < +0 < ... < +inf <
  /// +NaN, every value equal only to itself (bit for bit). StableHLO's
  /// compare with compare_type TOTALORDER.
  TotalOrder,
};

/// The comparison rules that differ.
struct CompareSemantics {
  FloatOrder floatOrder = FloatOrder::Ieee;
  /// Whether bools are ordered (false < true) for LT, LE, GT, GE.
  /// TensorFlow: Less... take real numbers only. StableHLO: compare takes
  /// bools with every direction.
  bool orderedBools = false;
};

/// `a dir b` elementwise, as bools. Strings and complex numbers take EQ
/// and NE only (strings byte-wise).
llvm::Expected<HostTensor> computeCompare(const ComputeEnv &env,
                                          CompareDirection direction,
                                          const HostTensor &a,
                                          const HostTensor &b,
                                          const CompareSemantics &semantics);

/// Logical and (`isAnd`) or or of two bool tensors.
llvm::Expected<HostTensor> computeLogical(const ComputeEnv &env, bool isAnd,
                                          const HostTensor &a,
                                          const HostTensor &b);

/// `pred ? onTrue : onFalse` elementwise, all three broadcast (TensorFlow's
/// SelectV2; StableHLO's select, whose predicate is a scalar or has the
/// branches' shape).
llvm::Expected<HostTensor> computeSelect(const ComputeEnv &env,
                                         const HostTensor &pred,
                                         const HostTensor &onTrue,
                                         const HostTensor &onFalse);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_COMPARE_H
