//===- TensorCompare.h - Comparing host tensors -----------------*- C++ -*-===//
//
// The comparisons behind StableHLO's `check` dialect (include/tfg/Dialect/
// Check): an interpreter evaluating check.expect_eq, expect_almost_eq and
// expect_close (and their _const forms, the constant read with
// HostTensor::fromAttr) calls these on the actual and expected values. Each
// succeeds or fails with a message naming the first mismatching element:
// its index, the actual and the expected value.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_TENSORCOMPARE_H
#define TFG_EVAL_COMPUTE_TENSORCOMPARE_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// The tolerance of check.expect_almost_eq when none is given (StableHLO's
/// "one-size-fits-all" 0.0001, reference.md, testing guideline G6).
inline constexpr double kDefaultAlmostEqTolerance = 1e-4;

/// check.expect_eq: same element type and shape, and every element equal
/// bit for bit (floats and complex too: NaNs with the same bits are equal,
/// -0 and +0 are not). A splat equals its expansion.
llvm::Error expectEqual(const HostTensor &actual, const HostTensor &expected);

/// check.expect_almost_eq: same float or complex element type and shape,
/// and every element within `tolerance` of the expected one: |actual -
/// expected| <= tolerance (complex: each part), NaN matches only NaN, an
/// infinity only the same infinity.
llvm::Error expectAlmostEqual(const HostTensor &actual,
                              const HostTensor &expected,
                              double tolerance = kDefaultAlmostEqTolerance);

/// The ULP difference of two finite floats of `elementType`: the number of
/// representable values v with min(a, b) <= v < max(a, b) (-0 and +0 are
/// one value), subnormals counted.
uint64_t getUlpDifference(Type elementType, double a, double b);

/// check.expect_close: same float or complex element type and shape, and
/// for every element min_ulp_difference <= ULP difference <=
/// max_ulp_difference (complex: the larger of the parts' differences).
/// When either value is not finite, the two must be bit-equal or both NaN.
llvm::Error expectClose(const HostTensor &actual, const HostTensor &expected,
                        uint64_t maxUlpDifference,
                        uint64_t minUlpDifference = 0);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_TENSORCOMPARE_H
