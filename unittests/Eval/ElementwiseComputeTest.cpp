//===- ElementwiseComputeTest.cpp - The elementwise compute functions -----===//
//
// computeBinary, computeUnary and computeBitwise called directly (as a
// StableHLO interpreter calls them), with the semantics TensorFlow and
// StableHLO differ on chosen both ways.
//
//===----------------------------------------------------------------------===//

#include "ComputeTestSupport.h"
#include "tfg/Eval/Compute/Compare.h"
#include "tfg/Eval/Compute/Convert.h"
#include "tfg/Eval/Compute/Elementwise.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class ElementwiseComputeTest : public ComputeTest {
protected:
  HostTensor ints(Type type, ArrayRef<int64_t> values) {
    return makeInts(type, {static_cast<int64_t>(values.size())}, values);
  }
  HostTensor floats(Type type, ArrayRef<double> values) {
    return make(type, {static_cast<int64_t>(values.size())}, values);
  }
  HostTensor complexes(ArrayRef<std::complex<double>> values) {
    HostTensor t = llvm::cantFail(
        HostTensor::create(ComplexType::get(b.getF32Type()),
                           {static_cast<int64_t>(values.size())}));
    for (auto [i, v] : llvm::enumerate(values))
      t.setComplex(i, v);
    return t;
  }

  ElementwiseSemantics tf = ElementwiseSemantics::tensorflow();
  ElementwiseSemantics hlo = ElementwiseSemantics::stablehlo();
};

TEST_F(ElementwiseComputeTest, PowWithNegativeExponent) {
  HostTensor base = ints(b.getI32Type(), {2, 1, -1, -1, 0, 3});
  HostTensor exp = ints(b.getI32Type(), {-1, -5, -3, -2, -1, 2});
  EXPECT_EQ(errorOf(computeBinary(env, BinaryOp::Pow, base, exp, tf)),
            "integers to negative integer powers are not allowed");
  EXPECT_EQ(intsOf(ok(computeBinary(env, BinaryOp::Pow, base, exp, hlo))),
            (std::vector<int64_t>{0, 1, -1, 1, 0, 9}));
}

TEST_F(ElementwiseComputeTest, IntegerDivisionByZeroAndOverflow) {
  HostTensor a = ints(b.getI32Type(), {7, -7, INT32_MIN, INT32_MIN});
  HostTensor d = ints(b.getI32Type(), {0, 0, -1, -1});
  EXPECT_EQ(errorOf(computeBinary(env, BinaryOp::Div, a, d, tf)),
            "integer division by zero");
  EXPECT_EQ(errorOf(computeBinary(env, BinaryOp::TruncMod, a, d, tf)),
            "integer division by zero");
  // StableHLO: x / 0 is -1, x % 0 is x; INT_MIN / -1 wraps, % -1 is 0.
  EXPECT_EQ(intsOf(ok(computeBinary(env, BinaryOp::Div, a, d, hlo))),
            (std::vector<int64_t>{-1, -1, INT32_MIN, INT32_MIN}));
  EXPECT_EQ(intsOf(ok(computeBinary(env, BinaryOp::TruncMod, a, d, hlo))),
            (std::vector<int64_t>{7, -7, 0, 0}));
  HostTensor ua = ints(b.getIntegerType(8, false), {200});
  HostTensor ud = ints(b.getIntegerType(8, false), {0});
  HostTensor q = ok(computeBinary(env, BinaryOp::Div, ua, ud, hlo));
  EXPECT_EQ(q.getUInt(0), 255u);
}

TEST_F(ElementwiseComputeTest, MaxMinOfSignedZerosAndNaN) {
  for (Type type : {Type(b.getF32Type()), Type(b.getF64Type())}) {
    HostTensor a = floats(type, {-0.0, 0.0, NAN, 1.0});
    HostTensor c = floats(type, {0.0, -0.0, 1.0, NAN});
    // TensorFlow: the first operand wins a tie; NaN propagates.
    HostTensor tfMax = ok(computeBinary(env, BinaryOp::Max, a, c, tf));
    EXPECT_TRUE(std::signbit(tfMax.getDouble(0)));
    EXPECT_FALSE(std::signbit(tfMax.getDouble(1)));
    EXPECT_TRUE(std::isnan(tfMax.getDouble(2)));
    EXPECT_TRUE(std::isnan(tfMax.getDouble(3)));
    // StableHLO: IEEE maximum and minimum (-0 < +0), NaN propagates.
    HostTensor hloMax = ok(computeBinary(env, BinaryOp::Max, a, c, hlo));
    HostTensor hloMin = ok(computeBinary(env, BinaryOp::Min, a, c, hlo));
    for (int i = 0; i < 2; ++i) {
      EXPECT_EQ(hloMax.getDouble(i), 0.0);
      EXPECT_FALSE(std::signbit(hloMax.getDouble(i)));
      EXPECT_TRUE(std::signbit(hloMin.getDouble(i)));
    }
    EXPECT_TRUE(std::isnan(hloMax.getDouble(2)));
    EXPECT_TRUE(std::isnan(hloMin.getDouble(3)));
    // IEEE-754 maxNum: a NaN gives the other operand.
    ElementwiseSemantics num = hlo;
    num.propagateNaN = false;
    HostTensor numMax = ok(computeBinary(env, BinaryOp::Max, a, c, num));
    EXPECT_EQ(numMax.getDouble(2), 1.0);
    EXPECT_EQ(numMax.getDouble(3), 1.0);
  }
}

TEST_F(ElementwiseComputeTest, MaxMinOfBoolsAndComplex) {
  HostTensor p = ints(b.getI1Type(), {0, 0, 1, 1});
  HostTensor q = ints(b.getI1Type(), {0, 1, 0, 1});
  EXPECT_EQ(errorOf(computeBinary(env, BinaryOp::Max, p, q, tf)),
            "operands are not numbers");
  EXPECT_EQ(intsOf(ok(computeBinary(env, BinaryOp::Max, p, q, hlo))),
            (std::vector<int64_t>{0, 1, 1, 1}));
  EXPECT_EQ(intsOf(ok(computeBinary(env, BinaryOp::Min, p, q, hlo))),
            (std::vector<int64_t>{0, 0, 0, 1}));
  // Bools still take no arithmetic.
  EXPECT_EQ(errorOf(computeBinary(env, BinaryOp::Add, p, q, hlo)),
            "operands are not numbers");

  HostTensor x = complexes({{1, 5}, {2, -1}, {3, 1}});
  HostTensor y = complexes({{1, 6}, {1, 9}, {3, 1}});
  EXPECT_EQ(errorOf(computeBinary(env, BinaryOp::Max, x, y, tf)),
            "op not defined on complex numbers");
  HostTensor mx = ok(computeBinary(env, BinaryOp::Max, x, y, hlo));
  HostTensor mn = ok(computeBinary(env, BinaryOp::Min, x, y, hlo));
  EXPECT_EQ(mx.getComplex(0), std::complex<double>(1, 6));
  EXPECT_EQ(mx.getComplex(1), std::complex<double>(2, -1));
  EXPECT_EQ(mn.getComplex(0), std::complex<double>(1, 5));
  EXPECT_EQ(mn.getComplex(1), std::complex<double>(1, 9));
  EXPECT_EQ(mn.getComplex(2), std::complex<double>(3, 1));
}

TEST_F(ElementwiseComputeTest, RoundingModes) {
  HostTensor x = floats(b.getF32Type(), {0.5, 1.5, 2.5, -0.5, -2.5, 2.4});
  HostTensor even = ok(computeUnary(env, UnaryOp::Round, x, tf));
  ElementwiseSemantics afz = hlo;
  afz.rounding = RoundingMode::NearestAwayFromZero;
  HostTensor away = ok(computeUnary(env, UnaryOp::Round, x, afz));
  std::vector<double> evens, aways;
  for (int64_t i = 0; i < 6; ++i) {
    evens.push_back(even.getDouble(i));
    aways.push_back(away.getDouble(i));
  }
  EXPECT_EQ(evens, (std::vector<double>{0, 2, 2, -0.0, -2, 2}));
  EXPECT_EQ(aways, (std::vector<double>{1, 2, 3, -1, -3, 2}));
  // The f64 path (no fast path) rounds the same way.
  HostTensor y = floats(b.getF64Type(), {2.5, -2.5});
  EXPECT_EQ(ok(computeUnary(env, UnaryOp::Round, y, tf)).getDouble(0), 2.0);
  EXPECT_EQ(ok(computeUnary(env, UnaryOp::Round, y, afz)).getDouble(1), -3.0);
}

TEST_F(ElementwiseComputeTest, SignOfNegativeZero) {
  HostTensor x = floats(b.getF64Type(), {-0.0, -2, 0.0});
  HostTensor t = ok(computeUnary(env, UnaryOp::Sign, x, tf));
  HostTensor h = ok(computeUnary(env, UnaryOp::Sign, x, hlo));
  EXPECT_FALSE(std::signbit(t.getDouble(0)));
  EXPECT_TRUE(std::signbit(h.getDouble(0)));
  EXPECT_EQ(h.getDouble(1), -1.0);
  EXPECT_FALSE(std::signbit(h.getDouble(2)));
}

TEST_F(ElementwiseComputeTest, ShiftAmountsOutOfRange) {
  Type i8 = b.getIntegerType(8);
  HostTensor x = ints(i8, {1, -128, -128, 64, 1});
  HostTensor n = ints(i8, {9, 9, 8, -1, 7});
  // TensorFlow clamps the amount into [0, 7].
  EXPECT_EQ(intsOf(ok(computeBitwise(env, BitwiseOp::LeftShift, x, n, tf))),
            (std::vector<int64_t>{-128, 0, 0, 64, -128}));
  EXPECT_EQ(intsOf(ok(computeBitwise(env, BitwiseOp::RightShift, x, n, tf))),
            (std::vector<int64_t>{0, -1, -1, 64, 0}));
  // StableHLO: 8 or more (a negative amount is 255 unsigned) shifts every
  // bit out; an arithmetic shift leaves the sign.
  EXPECT_EQ(intsOf(ok(computeBitwise(env, BitwiseOp::LeftShift, x, n, hlo))),
            (std::vector<int64_t>{0, 0, 0, 0, -128}));
  EXPECT_EQ(intsOf(ok(computeBitwise(env, BitwiseOp::RightShift, x, n, hlo))),
            (std::vector<int64_t>{0, -1, -1, 0, 0}));
  EXPECT_EQ(intsOf(ok(computeBitwise(env, BitwiseOp::LogicalRightShift, x,
                                     ints(i8, {1, 1, 7, 0, 0}), hlo))),
            (std::vector<int64_t>{0, 64, 1, 64, 1}));
  // shift_right_arithmetic fills with the top bit whatever the signedness.
  Type u8 = b.getIntegerType(8, /*isSigned=*/false);
  HostTensor ux = ints(u8, {0x80, 0x80, 0x40});
  HostTensor un = ints(u8, {1, 9, 1});
  HostTensor ushr =
      ok(computeBitwise(env, BitwiseOp::ArithmeticRightShift, ux, un, hlo));
  EXPECT_EQ(ushr.getUInt(0), 0xC0u);
  EXPECT_EQ(ushr.getUInt(1), 0xFFu);
  EXPECT_EQ(ushr.getUInt(2), 0x20u);
  EXPECT_EQ(intsOf(ok(computeBitwise(env, BitwiseOp::RightShift, ux, un, tf))),
            (std::vector<int64_t>{0x40, 1, 0x20}));
}

TEST_F(ElementwiseComputeTest, ConvertOutOfRangeAndComplexToBool) {
  HostTensor x = floats(b.getF32Type(), {-3.7, 1e10, 200.5});
  Type i8 = b.getIntegerType(8);
  ConvertSemantics tfConvert = ConvertSemantics::tensorflow();
  ConvertSemantics hloConvert = ConvertSemantics::stablehlo();
  // TensorFlow saturates (and NaN gives 0); StableHLO leaves it TBD, which
  // the strict choice refuses.
  EXPECT_EQ(intsOf(ok(computeConvert(env, x, i8, tfConvert))),
            (std::vector<int64_t>{-3, 127, 127}));
  EXPECT_EQ(errorOf(computeConvert(env, x, i8, hloConvert)),
            "the value 10000000000.000000 does not fit the destination "
            "integer type");
  HostTensor nan = floats(b.getF32Type(), {NAN});
  EXPECT_EQ(intsOf(ok(computeConvert(env, nan, i8, tfConvert))),
            (std::vector<int64_t>{0}));
  EXPECT_EQ(intsOf(ok(computeConvert(env, floats(b.getF32Type(), {-3.7, 127.9}),
                                     i8, hloConvert))),
            (std::vector<int64_t>{-3, 127}));
  HostTensor z = complexes({{0, 1}, {2, 0}, {0, 0}});
  EXPECT_EQ(intsOf(ok(computeConvert(env, z, b.getI1Type(), tfConvert))),
            (std::vector<int64_t>{1, 1, 0}));
  EXPECT_EQ(intsOf(ok(computeConvert(env, z, b.getI1Type(), hloConvert))),
            (std::vector<int64_t>{0, 1, 0}));
}

TEST_F(ElementwiseComputeTest, CompareFloatOrderAndBools) {
  HostTensor x = floats(b.getF32Type(), {NAN, -0.0, 1, -INFINITY});
  HostTensor y = floats(b.getF32Type(), {NAN, 0.0, NAN, NAN});
  CompareSemantics ieee;
  CompareSemantics total;
  total.floatOrder = FloatOrder::TotalOrder;
  // IEEE: NaN is unequal to itself and unordered; -0 == +0.
  EXPECT_EQ(intsOf(ok(computeCompare(env, CompareDirection::EQ, x, y, ieee))),
            (std::vector<int64_t>{0, 1, 0, 0}));
  EXPECT_EQ(intsOf(ok(computeCompare(env, CompareDirection::LT, x, y, ieee))),
            (std::vector<int64_t>{0, 0, 0, 0}));
  // totalOrder: NaN equals itself, -0 < +0, every number < +NaN.
  EXPECT_EQ(intsOf(ok(computeCompare(env, CompareDirection::EQ, x, y, total))),
            (std::vector<int64_t>{1, 0, 0, 0}));
  EXPECT_EQ(intsOf(ok(computeCompare(env, CompareDirection::LT, x, y, total))),
            (std::vector<int64_t>{0, 1, 1, 1}));
  // Bools: TensorFlow orders none, StableHLO orders false < true.
  HostTensor p = ints(b.getI1Type(), {0, 1});
  HostTensor q = ints(b.getI1Type(), {1, 1});
  EXPECT_EQ(errorOf(computeCompare(env, CompareDirection::LT, p, q, ieee)),
            "operands of an unsupported element type");
  CompareSemantics hloCompare;
  hloCompare.orderedBools = true;
  EXPECT_EQ(
      intsOf(ok(computeCompare(env, CompareDirection::LT, p, q, hloCompare))),
      (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(intsOf(ok(computeLogical(env, /*isAnd=*/true, p, q))),
            (std::vector<int64_t>{0, 1}));
  // select: a scalar predicate picks a whole branch.
  HostTensor yes = ints(b.getI1Type(), {1});
  HostTensor pick = ok(computeSelect(
      env, llvm::cantFail(HostTensor::create(b.getI1Type(), {})),
      ints(b.getI32Type(), {1, 2}), ints(b.getI32Type(), {3, 4})));
  EXPECT_EQ(intsOf(pick), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(intsOf(ok(computeSelect(env, yes, ints(b.getI32Type(), {1, 2}),
                                    ints(b.getI32Type(), {3, 4})))),
            (std::vector<int64_t>{1, 2}));
}

TEST_F(ElementwiseComputeTest, BroadcastSplatsAndBounds) {
  // Without a context the f32 fast path runs on the calling thread.
  ComputeEnv serial{nullptr, 1 << 20};
  HostTensor a = floats(b.getF32Type(), {1, 2, 3});
  HostTensor one = floats(b.getF32Type(), {10});
  HostTensor sum = ok(computeBinary(serial, BinaryOp::Add, a, one, tf));
  EXPECT_EQ(sum.getShape(), ArrayRef<int64_t>({3}));
  EXPECT_EQ(sum.getDouble(2), 13.0);
  HostTensor big = llvm::cantFail(HostTensor::createSplat(b.getF32Type(), {8}));
  HostTensor twice = ok(computeBinary(env, BinaryOp::Add, big, big, tf));
  EXPECT_TRUE(twice.isSplat());
  ComputeEnv tiny{&context, 2};
  EXPECT_EQ(errorOf(computeBinary(tiny, BinaryOp::Add, a, a, tf)),
            "result of 3 elements exceeds the bound of 2");
  EXPECT_EQ(errorOf(computeBinary(env, BinaryOp::Add, a,
                                  floats(b.getF32Type(), {1, 2}), tf)),
            "incompatible shapes for broadcasting: [3] and [2]");
}
} // namespace
