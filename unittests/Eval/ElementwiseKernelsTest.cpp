//===- ElementwiseKernelsTest.cpp - Tests of the elementwise kernels ------===//
//
// The kernels on host tensors (evaluateOnHost): bit-exact integer results
// (FloorDiv/FloorMod with negative operands, INT_MIN / -1), division by
// zero as an error, broadcasting and its error, round half to even, Cast
// saturation and f16/bf16 rounding, NaN through Maximum/Minimum, splats in
// and out, and the element bound.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;
using llvm::cantFail;

namespace {
class ElementwiseKernelsTest : public HostKernelTest {
protected:
  std::vector<double> doublesOf(const HostTensor &t) {
    std::vector<double> out;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      out.push_back(t.getDouble(i));
    return out;
  }
};
} // namespace

TEST_F(ElementwiseKernelsTest, IntegerDivisionIsExact) {
  HostTensor a = i32({4}, {7, -7, 7, -7}), d = i32({4}, {2, 2, -2, -2});
  EXPECT_EQ(values(eval("FloorDiv", {a, d})),
            (std::vector<int64_t>{3, -4, -4, 3}));
  EXPECT_EQ(values(eval("FloorMod", {a, d})),
            (std::vector<int64_t>{1, 1, -1, -1}));
  EXPECT_EQ(values(eval("TruncateDiv", {a, d})),
            (std::vector<int64_t>{3, -3, -3, 3}));
  EXPECT_EQ(values(eval("TruncateMod", {a, d})),
            (std::vector<int64_t>{1, -1, 1, -1}));
  EXPECT_EQ(values(eval("Div", {a, d})), (std::vector<int64_t>{3, -3, -3, 3}));
  // INT_MIN / -1 wraps; INT_MIN % -1 is 0.
  HostTensor min = i32({}, {INT32_MIN}), m1 = i32({}, {-1});
  EXPECT_EQ(values(eval("FloorDiv", {min, m1})),
            (std::vector<int64_t>{INT32_MIN}));
  EXPECT_EQ(values(eval("FloorMod", {min, m1})), (std::vector<int64_t>{0}));
  HostTensor min64 = ints(b.getI64Type(), {}, {INT64_MIN});
  HostTensor m164 = ints(b.getI64Type(), {}, {-1});
  EXPECT_EQ(values(eval("TruncateDiv", {min64, m164})),
            (std::vector<int64_t>{INT64_MIN}));
  // Integers wrap; unsigned stay unsigned.
  EXPECT_EQ(values(eval("Mul", {i32({}, {INT32_MAX}), i32({}, {2})})),
            (std::vector<int64_t>{-2}));
  Type u8 = b.getIntegerType(8, /*isSigned=*/false);
  HostTensor u = eval("Sub", {ints(u8, {}, {1}), ints(u8, {}, {2})});
  EXPECT_EQ(u.getUInt(0), 255u);
  EXPECT_EQ(values(eval("Pow", {i32({2}, {3, -2}), i32({2}, {4, 3})})),
            (std::vector<int64_t>{81, -8}));
  EXPECT_EQ(values(eval("SquaredDifference", {i32({}, {3}), i32({}, {7})})),
            (std::vector<int64_t>{16}));
}

TEST_F(ElementwiseKernelsTest, DivisionByZeroIsAnError) {
  for (const char *op :
       {"Div", "FloorDiv", "FloorMod", "TruncateDiv", "TruncateMod", "Mod"})
    EXPECT_NE(error(op, {i32({2}, {1, 2}), i32({2}, {1, 0})})
                  .find("division by zero"),
              std::string::npos)
        << op;
  EXPECT_FALSE(error("Pow", {i32({}, {2}), i32({}, {-1})}).empty());
  // Floats divide by zero as IEEE does; DivNoNan gives 0.
  EXPECT_TRUE(
      std::isinf(eval("RealDiv", {f32({}, {1}), f32({}, {0})}).getDouble(0)));
  EXPECT_EQ(eval("DivNoNan", {f32({}, {1}), f32({}, {0})}).getDouble(0), 0.0);
  EXPECT_EQ(eval("MulNoNan", {f32({}, {INFINITY}), f32({}, {0})}).getDouble(0),
            0.0);
  EXPECT_EQ(doublesOf(eval("FloorDiv", {f32({2}, {7, -7}), f32({}, {2})})),
            (std::vector<double>{3, -4}));
  EXPECT_EQ(doublesOf(eval("FloorMod", {f32({2}, {7, -7}), f32({}, {-2})})),
            (std::vector<double>{-1, -1}));
}

TEST_F(ElementwiseKernelsTest, Broadcasting) {
  HostTensor col = i32({2, 1}, {10, 20}), row = i32({3}, {1, 2, 3});
  HostTensor sum = eval("AddV2", {col, row});
  EXPECT_EQ(sum.getShape(), (ArrayRef<int64_t>{2, 3}));
  EXPECT_EQ(values(sum), (std::vector<int64_t>{11, 12, 13, 21, 22, 23}));
  std::string message = error("AddV2", {i32({2, 3}, {}), i32({2}, {})});
  EXPECT_NE(message.find("[2, 3]"), std::string::npos) << message;
  EXPECT_NE(message.find("[2]"), std::string::npos) << message;
  // BiasAdd in both data formats.
  HostTensor value = i32({1, 2, 2}, {1, 2, 3, 4}), bias = i32({2}, {10, 20});
  EXPECT_EQ(values(eval("BiasAdd", {value, bias})),
            (std::vector<int64_t>{11, 22, 13, 24}));
  EXPECT_EQ(values(eval("BiasAdd", {value, bias},
                        attrs({b.getNamedAttr("data_format",
                                              b.getStringAttr("NCHW"))}))),
            (std::vector<int64_t>{11, 12, 23, 24}));
  // Comparisons broadcast and give bools; NaN is unordered.
  HostTensor less = eval("Less", {f32({3}, {1, NAN, 3}), f32({}, {2})});
  EXPECT_TRUE(less.getElementType().isInteger(1));
  EXPECT_EQ(values(less), (std::vector<int64_t>{1, 0, 0}));
  EXPECT_EQ(values(eval("NotEqual", {f32({1}, {NAN}), f32({1}, {NAN})})),
            (std::vector<int64_t>{1}));
  // SelectV2 broadcasts; Select picks rows.
  HostTensor cond = ints(b.getI1Type(), {2}, {1, 0});
  EXPECT_EQ(
      values(eval("SelectV2", {cond, i32({2, 2}, {1, 2, 3, 4}), i32({}, {0})})),
      (std::vector<int64_t>{1, 0, 3, 0}));
  EXPECT_EQ(values(eval("Select", {cond, i32({2, 2}, {1, 2, 3, 4}),
                                   i32({2, 2}, {5, 6, 7, 8})})),
            (std::vector<int64_t>{1, 2, 7, 8}));
}

TEST_F(ElementwiseKernelsTest, FloatSemantics) {
  // Round and Rint: half to even.
  EXPECT_EQ(doublesOf(eval("Round", {f32({5}, {0.5, 1.5, 2.5, -0.5, -2.5})})),
            (std::vector<double>{0, 2, 2, -0, -2}));
  // NaN propagates through Maximum and Minimum.
  HostTensor m = eval("Maximum", {f32({2}, {NAN, 1}), f32({2}, {1, NAN})});
  EXPECT_TRUE(std::isnan(m.getDouble(0)) && std::isnan(m.getDouble(1)));
  m = eval("Minimum", {f32({2}, {NAN, 1}), f32({2}, {1, 2})});
  EXPECT_TRUE(std::isnan(m.getDouble(0)));
  EXPECT_EQ(m.getDouble(1), 1.0);
  EXPECT_EQ(values(eval("IsNan", {f32({2}, {NAN, 1})})),
            (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(doublesOf(eval("Relu6", {f32({3}, {-1, 3, 9})})),
            (std::vector<double>{0, 3, 6}));
  EXPECT_EQ(
      doublesOf(eval("LeakyRelu", {f32({2}, {-2, 2})},
                     attrs({b.getNamedAttr("alpha", b.getF32FloatAttr(0.5))}))),
      (std::vector<double>{-1, 2}));
  // f16 computed in float and rounded: 2048 + 1 is 2048 in f16.
  HostTensor h = eval(
      "AddV2", {splat(b.getF16Type(), {}, 2048), splat(b.getF16Type(), {}, 1)});
  EXPECT_EQ(h.getDouble(0), 2048.0);
}

TEST_F(ElementwiseKernelsTest, Cast) {
  auto castTo = [&](Type type) {
    return attrs({b.getNamedAttr("DstT", TypeAttr::get(type))});
  };
  // float -> int: truncates toward zero, saturates, NaN is 0.
  HostTensor x = f32({6}, {2.7, -2.7, 1e10, -1e10, NAN, INFINITY});
  EXPECT_EQ(values(eval("Cast", {x}, castTo(b.getI32Type()))),
            (std::vector<int64_t>{2, -2, INT32_MAX, INT32_MIN, 0, INT32_MAX}));
  Type u8 = b.getIntegerType(8, /*isSigned=*/false);
  EXPECT_EQ(values(eval("Cast", {x}, castTo(u8))),
            (std::vector<int64_t>{2, 0, 255, 0, 0, 255}));
  // int -> int wraps; -> bool is != 0.
  EXPECT_EQ(
      values(eval("Cast", {i32({2}, {300, -1})}, castTo(b.getIntegerType(8)))),
      (std::vector<int64_t>{44, -1}));
  EXPECT_EQ(
      values(eval("Cast", {f32({3}, {0, 0.1, NAN})}, castTo(b.getI1Type()))),
      (std::vector<int64_t>{0, 1, 1}));
  // f32 -> f16 and bf16 round to nearest even: 2049 is a tie in f16 (goes
  // to 2048), 2051 rounds up to 2052; 257 and 259 in bf16 likewise.
  EXPECT_EQ(
      doublesOf(eval("Cast", {f32({2}, {2049, 2051})}, castTo(b.getF16Type()))),
      (std::vector<double>{2048, 2052}));
  EXPECT_EQ(
      doublesOf(eval("Cast", {f32({2}, {257, 259})}, castTo(b.getBF16Type()))),
      (std::vector<double>{256, 260}));
  // f16 overflow is infinity.
  EXPECT_TRUE(std::isinf(
      eval("Cast", {f32({}, {1e6})}, castTo(b.getF16Type())).getDouble(0)));
}

TEST_F(ElementwiseKernelsTest, SplatsAndBound) {
  HostTensor big = splat(b.getF32Type(), {1000, 1000}, 4);
  HostTensor root = eval("Sqrt", {big});
  EXPECT_TRUE(root.isSplat());
  EXPECT_EQ(root.getNumElements(), 1000000);
  EXPECT_EQ(root.getDouble(12345), 2.0);
  HostTensor sum = eval("AddV2", {big, f32({}, {1})});
  EXPECT_TRUE(sum.isSplat());
  EXPECT_EQ(sum.getDouble(0), 5.0);
  EXPECT_TRUE(eval("ZerosLike", {big}).isSplat());
  EXPECT_EQ(eval("OnesLike", {i32({2}, {5, 6})}).getInt(1), 1);
  // The bound holds for splats too, and before anything is allocated.
  std::string message = error("Neg", {big}, {}, /*maxElements=*/1000);
  EXPECT_NE(message.find("bound"), std::string::npos) << message;
  EXPECT_FALSE(
      error("AddV2", {big, f32({1000, 1}, {})}, {}, /*maxElements=*/1000)
          .empty());
  // Unknown operands and missing kernels are errors.
  EXPECT_FALSE(error("AddV2", {big, HostTensor()}).empty());
  EXPECT_FALSE(error("NoSuchOp", {big}).empty());
}

TEST_F(ElementwiseKernelsTest, AttributeBoundary) {
  // The attribute entry point converts: a splat attribute gives a splat.
  auto type = RankedTensorType::get({4}, b.getI32Type());
  auto a = DenseElementsAttr::get(type, int32_t(6));
  auto r =
      evaluate(&context, "FloorDiv",
               {{type, a}, {type, DenseElementsAttr::get(type, -4)}}, attrs());
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ((*r)[0], cast<ElementsAttr>(DenseElementsAttr::get(type, -2)));
  // Every op named in the task has a kernel.
  std::vector<std::string> ops = getOpsWithEvalKernels();
  for (const char *op : {"BiasAdd", "Cast", "SelectV2", "Atan2", "Erf",
                         "LogicalAnd", "Rint", "Inv", "MulNoNan"})
    EXPECT_TRUE(llvm::is_contained(ops, op)) << op;
}

TEST_F(ElementwiseKernelsTest, EqualityAndTruncate) {
  auto lax =
      attrs({b.getNamedAttr("incompatible_shape_error", b.getBoolAttr(false))});
  HostTensor ne =
      eval("NotEqual", {i32({2}, {1, 2}), i32({3}, {1, 2, 3})}, lax);
  EXPECT_EQ(ne.getRank(), 0);
  EXPECT_EQ(ne.getInt(0), 1);
  EXPECT_FALSE(error("Equal", {i32({2}, {1, 2}), i32({3}, {1, 2, 3})}).empty());
  auto truncating =
      attrs({b.getNamedAttr("DstT", TypeAttr::get(b.getBF16Type())),
             b.getNamedAttr("Truncate", b.getBoolAttr(true))});
  EXPECT_FALSE(error("Cast", {f32({}, {1})}, truncating).empty());
}

TEST_F(ElementwiseKernelsTest, HostEntryPointReadsTypesAndAttributes) {
  // A shape-only op reads the type of an unknown operand; Const answers
  // with its attribute, converted to a host tensor.
  auto type = RankedTensorType::get({2, 5}, b.getF32Type());
  auto shape = evaluateOnHost(&context, "Shape", {HostTensor()}, attrs(),
                              1 << 20, {type});
  ASSERT_TRUE(bool(shape)) << llvm::toString(shape.takeError());
  EXPECT_EQ(values((*shape)[0]), (std::vector<int64_t>{2, 5}));
  auto value = DenseElementsAttr::get(
      RankedTensorType::get({2}, b.getI32Type()), ArrayRef<int32_t>{4, 9});
  auto c = evaluateOnHost(&context, "Const", {},
                          attrs({b.getNamedAttr("value", value)}));
  ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(values((*c)[0]), (std::vector<int64_t>{4, 9}));
  auto id = evaluateOnHost(&context, "Identity", {i32({1}, {3})}, attrs());
  ASSERT_TRUE(bool(id)) << llvm::toString(id.takeError());
  EXPECT_EQ(values((*id)[0]), (std::vector<int64_t>{3}));
}

TEST_F(ElementwiseKernelsTest, ComplexAndNarrowFloats) {
  Type c64 = ComplexType::get(b.getF32Type());
  HostTensor a = cantFail(HostTensor::create(c64, {2}));
  a.setComplex(0, {1, 2});
  a.setComplex(1, {0, 1});
  HostTensor p = eval("Mul", {a, a});
  EXPECT_EQ(p.getComplex(0), std::complex<double>(-3, 4));
  EXPECT_EQ(p.getComplex(1), std::complex<double>(-1, 0));
  EXPECT_EQ(values(eval("Equal", {a, p})), (std::vector<int64_t>{0, 0}));
  EXPECT_FALSE(error("Less", {a, a}).empty());
  EXPECT_FALSE(error("Atan2", {a, a}).empty());
  // bf16 arithmetic rounds to nearest even: 256 + 1 is 256.
  HostTensor h = eval("AddV2", {splat(b.getBF16Type(), {3}, 256),
                                splat(b.getBF16Type(), {3}, 1)});
  EXPECT_TRUE(h.isSplat());
  EXPECT_EQ(h.getDouble(2), 256.0);
  // Mixed dtypes and bools are refused.
  EXPECT_FALSE(error("AddV2", {a, f32({2}, {1, 2})}).empty());
  HostTensor t = ints(b.getI1Type(), {1}, {1});
  EXPECT_FALSE(error("AddV2", {t, t}).empty());
  EXPECT_EQ(values(eval("LogicalOr", {t, ints(b.getI1Type(), {2}, {0, 0})})),
            (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(values(eval("LogicalNot", {t})), (std::vector<int64_t>{0}));
}

// The f32 fast path (rows of the last dimension) gives what the generic
// path gives on f64 operands rounded to f32, for every broadcast layout:
// same shapes, a trailing vector, a column, a scalar on either side, and a
// splat operand; Maximum propagates NaN.
TEST_F(ElementwiseKernelsTest, Float32FastPathMatchesTheGenericPath) {
  std::vector<double> left, right;
  for (int i = 0; i < 24; ++i) {
    // Values f32 holds exactly, so both paths start from the same numbers.
    left.push_back(static_cast<float>(0.1 * i - 1.3));
    right.push_back(static_cast<float>(1.7 - 0.23 * i));
  }
  struct Layout {
    std::vector<int64_t> a, b;
  };
  std::vector<Layout> layouts = {{{2, 3, 4}, {2, 3, 4}}, {{2, 3, 4}, {4}},
                                 {{2, 3, 1}, {1, 1, 4}}, {{2, 3, 4}, {}},
                                 {{}, {2, 3, 4}},        {{4}, {2, 3, 4}}};
  for (const char *op : {"AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum",
                         "SquaredDifference"}) {
    for (const Layout &l : layouts) {
      int64_t na = 1, nb = 1;
      for (int64_t d : l.a)
        na *= d;
      for (int64_t d : l.b)
        nb *= d;
      ArrayRef<double> va(left.data(), na), vb(right.data(), nb);
      HostTensor got = eval(op, {f32(l.a, va), f32(l.b, vb)});
      HostTensor ref = eval(op, {f64(l.a, va), f64(l.b, vb)});
      ASSERT_EQ(got.getNumElements(), ref.getNumElements()) << op;
      for (int64_t i = 0; i < got.getNumElements(); ++i) {
        float a = static_cast<float>(ref.getDouble(i));
        if (std::string(op) == "SquaredDifference") {
          // Rounded twice in f32 (difference, square), as TensorFlow.
          EXPECT_NEAR(got.getDouble(i), a, 1e-6 * std::fabs(a) + 1e-7) << op;
          continue;
        }
        EXPECT_EQ(static_cast<float>(got.getDouble(i)), a) << op << " " << i;
      }
    }
  }
  HostTensor splat =
      llvm::cantFail(HostTensor::createSplat(b.getF32Type(), {2, 3}));
  splat.setDouble(0, 2.0);
  HostTensor sum = eval("AddV2", {splat, f32({3}, {1, 2, 3})});
  EXPECT_EQ(doubles(sum), (std::vector<double>{3, 4, 5, 3, 4, 5}));
  HostTensor nan = eval("Maximum", {f32({2}, {NAN, 1}), f32({2}, {0, NAN})});
  EXPECT_TRUE(std::isnan(nan.getDouble(0)) && std::isnan(nan.getDouble(1)));
}
