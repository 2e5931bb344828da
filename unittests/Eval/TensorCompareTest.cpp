//===- TensorCompareTest.cpp - The comparisons of the check dialect -------===//
//
// expectEqual, expectAlmostEqual and expectClose, as a StableHLO
// interpreter calls them for check.expect_eq, expect_almost_eq and
// expect_close: what passes, what fails, and the message naming the first
// mismatch.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/TensorCompare.h"
#include "ComputeTestSupport.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class TensorCompareTest : public ComputeTest {};

TEST_F(TensorCompareTest, ExactComparesBits) {
  Type f32 = b.getF32Type();
  HostTensor a = make(f32, {2, 2}, {1, 2, 3, NAN});
  EXPECT_EQ(messageOf(expectEqual(a, make(f32, {2, 2}, {1, 2, 3, NAN}))), "");
  EXPECT_EQ(messageOf(expectEqual(a, make(f32, {2, 2}, {1, 2, 3.5, NAN}))),
            "element [1, 0] differs: 3 (actual) vs 3.5 (expected)");
  EXPECT_EQ(
      messageOf(expectEqual(make(f32, {1}, {0.0}), make(f32, {1}, {-0.0}))),
      "element [0] differs: 0 (actual) vs -0 (expected)");
  EXPECT_EQ(messageOf(expectEqual(a, make(b.getF64Type(), {2, 2}, {}))),
            "types differ: tensor<2x2xf32> (actual) vs tensor<2x2xf64> "
            "(expected)");
  // A splat equals its expansion; integers compare as values.
  HostTensor splat =
      llvm::cantFail(HostTensor::createSplat(b.getI32Type(), {3}));
  EXPECT_EQ(messageOf(expectEqual(splat, make(b.getI32Type(), {3}, {}))), "");
  EXPECT_EQ(messageOf(expectEqual(splat, make(b.getI32Type(), {3}, {0, 0, 7}))),
            "element [2] differs: 0 (actual) vs 7 (expected)");
}

TEST_F(TensorCompareTest, AlmostEqualUsesTheTolerance) {
  Type f32 = b.getF32Type();
  // reference.md's example: 0.2 is almost 0.19999, not bit-equal.
  HostTensor a = make(f32, {}, {0.2});
  HostTensor e = make(f32, {}, {0.19999});
  EXPECT_EQ(messageOf(expectAlmostEqual(a, e)), "");
  EXPECT_NE(messageOf(expectEqual(a, e)), "");
  EXPECT_EQ(messageOf(expectAlmostEqual(a, e, 1e-6)),
            "element [] differs: 0.200000003 (actual) vs 0.199990004 "
            "(expected)");
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(messageOf(expectAlmostEqual(make(f32, {3}, {NAN, inf, -inf}),
                                        make(f32, {3}, {NAN, inf, -inf}))),
            "");
  EXPECT_NE(messageOf(expectAlmostEqual(make(f32, {1}, {inf}),
                                        make(f32, {1}, {1e30}))),
            "");
  EXPECT_EQ(messageOf(expectAlmostEqual(make(b.getI32Type(), {1}, {1}),
                                        make(b.getI32Type(), {1}, {1}))),
            "the comparison takes float or complex tensors");
  HostTensor z =
      llvm::cantFail(HostTensor::create(ComplexType::get(b.getF64Type()), {1}));
  HostTensor w = z;
  z.setComplex(0, {1, 2});
  w.setComplex(0, {1, 2.00001});
  EXPECT_EQ(messageOf(expectAlmostEqual(z, w)), "");
  w.setComplex(0, {1, 2.001});
  EXPECT_NE(messageOf(expectAlmostEqual(z, w)), "");
}

TEST_F(TensorCompareTest, CloseCountsUlps) {
  Type f32 = b.getF32Type();
  float one = 1.0f;
  float next = std::nextafter(one, 2.0f);
  float next3 = std::nextafter(std::nextafter(next, 2.0f), 2.0f);
  EXPECT_EQ(getUlpDifference(f32, one, next3), 3u);
  EXPECT_EQ(getUlpDifference(f32, -0.0, 0.0), 0u);
  float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(getUlpDifference(f32, -tiny, tiny), 2u);
  EXPECT_EQ(getUlpDifference(b.getF16Type(), 1.0, 1.0009765625), 1u);
  HostTensor a = make(f32, {2}, {one, 5});
  HostTensor e = make(f32, {2}, {next3, 5});
  EXPECT_EQ(messageOf(expectClose(a, e, 3)), "");
  EXPECT_EQ(messageOf(expectClose(a, e, 2)),
            "element [0] differs: 1 (actual) vs 1.00000036 (expected), 3 "
            "ULPs apart, not in [0, 2]");
  // min_ulp_difference: the values must differ by at least that much.
  EXPECT_NE(messageOf(expectClose(a, a, 3, 1)), "");
  EXPECT_EQ(messageOf(expectClose(a, e, 1, 2)),
            "min_ulp_difference exceeds max_ulp_difference");
  // Non-finite values: equal, or NaN in both.
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(messageOf(expectClose(make(f32, {2}, {NAN, inf}),
                                  make(f32, {2}, {NAN, inf}), 0)),
            "");
  EXPECT_NE(messageOf(expectClose(make(f32, {1}, {inf}),
                                  make(f32, {1}, {3.4e38}), 1000)),
            "");
}
} // namespace
