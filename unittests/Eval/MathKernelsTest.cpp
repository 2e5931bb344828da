//===- MathKernelsTest.cpp - Tests of the special math kernels ------------===//
//
// MathKernels.cpp (inverse trig and hyperbolic functions, Lgamma, Digamma,
// Erfc, Erfinv, Ndtri, Bessel I0e/I1e, Xlogy and friends, NextAfter,
// ApproximateEqual, bitwise ops and TensorFlow's clamped shifts, complex
// parts), and EuclideanNorm, CumulativeLogsumexp and string Equal, with
// values computed by hand or from identities, and the error cases.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class MathKernelsTest : public HostKernelTest {
protected:
  /// op(x) on a float64 scalar.
  double apply(StringRef op, double x) {
    HostTensor r = eval(op, {f64({}, {x})});
    return r ? r.getDouble(0) : NAN;
  }
  HostTensor complex64(ArrayRef<int64_t> shape,
                       ArrayRef<std::complex<double>> values) {
    HostTensor t = llvm::cantFail(
        HostTensor::create(ComplexType::get(b.getF32Type()), shape));
    for (auto [i, v] : llvm::enumerate(values))
      t.setComplex(i, v);
    return t;
  }
  static constexpr double kPi = 3.14159265358979323846;
  static constexpr double kInf = std::numeric_limits<double>::infinity();
};
} // namespace

TEST_F(MathKernelsTest, InverseTrigAndHyperbolic) {
  EXPECT_NEAR(apply("Acos", 0.5), kPi / 3, 1e-15);
  EXPECT_NEAR(apply("Asin", 0.5), kPi / 6, 1e-15);
  EXPECT_NEAR(apply("Atan", 1), kPi / 4, 1e-15);
  EXPECT_EQ(apply("Acosh", 1), 0);
  EXPECT_EQ(apply("Asinh", 0), 0);
  EXPECT_NEAR(apply("Atanh", 0.5), 0.5493061443340549, 1e-15);
  EXPECT_EQ(apply("Cosh", 0), 1);
  EXPECT_NEAR(apply("Sinh", 1), 1.1752011936438014, 1e-15);
  EXPECT_TRUE(std::isnan(apply("Acos", 2)));
  EXPECT_NEAR(apply("Softsign", 3), 0.75, 0);
  EXPECT_NEAR(apply("Softsign", -1), -0.5, 0);
  // f32 results round once; a splat stays a splat.
  HostTensor s = eval("Atan", {splatF32({3, 4}, 1)});
  EXPECT_TRUE(s.isSplat());
  EXPECT_EQ(s.getDouble(5), static_cast<double>(static_cast<float>(kPi / 4)));
  // Complex: cosh(i pi) = -1.
  HostTensor c = eval("Cosh", {complex64({1}, {{0, kPi}})});
  EXPECT_NEAR(c.getComplex(0).real(), -1, 1e-6);
  EXPECT_NEAR(c.getComplex(0).imag(), 0, 1e-6);
  // Integers and strings are refused.
  EXPECT_NE(error("Acos", {i32({1}, {0})}), "");
  EXPECT_NE(error("Softsign", {complex64({1}, {{1, 1}})}), "");
}

TEST_F(MathKernelsTest, GammaFunctions) {
  EXPECT_NEAR(apply("Lgamma", 5), std::log(24.0), 1e-14);
  EXPECT_NEAR(apply("Lgamma", 0.5), 0.5723649429247001, 1e-15);
  const double euler = 0.57721566490153286;
  EXPECT_NEAR(apply("Digamma", 1), -euler, 4e-15);
  EXPECT_NEAR(apply("Digamma", 0.5), -euler - 2 * std::log(2.0), 1e-14);
  // psi(x + 1) = psi(x) + 1 / x, through the reflection too.
  for (double x : {-2.5, -0.5, 0.25, 3.7, 12.0, 1e5})
    EXPECT_NEAR(apply("Digamma", x + 1), apply("Digamma", x) + 1 / x,
                1e-12 * std::max(1.0, std::fabs(apply("Digamma", x))))
        << x;
  // The poles give +inf, as Eigen's digamma.
  EXPECT_EQ(apply("Digamma", 0), kInf);
  EXPECT_EQ(apply("Digamma", -3), kInf);
  EXPECT_TRUE(std::isnan(apply("Digamma", -kInf)));
  // psi(-1/2) = psi(3/2) = 2 - gamma - 2 log 2 (the reflection's
  // cot(-pi/2) is 0).
  EXPECT_NEAR(apply("Digamma", -0.5), 2 - euler - 2 * std::log(2.0), 1e-14);
  EXPECT_EQ(apply("Digamma", kInf), kInf);
}

TEST_F(MathKernelsTest, ErrorFunctionsAndInverses) {
  EXPECT_EQ(apply("Erfc", 0), 1);
  EXPECT_NEAR(apply("Erfc", 1), 0.15729920705028513, 1e-16);
  EXPECT_EQ(apply("Erfinv", 0), 0);
  EXPECT_NEAR(apply("Erfinv", 0.5), 0.4769362762044699, 1e-15);
  EXPECT_EQ(apply("Erfinv", 1), kInf);
  EXPECT_EQ(apply("Erfinv", -1), -kInf);
  EXPECT_TRUE(std::isnan(apply("Erfinv", 1.5)));
  // erf(erfinv(y)) = y across the range, and near the poles through erfc.
  for (double y : {-0.999, -0.7, -0.3, 0.01, 0.2, 0.45, 0.55, 0.9, 0.99999})
    EXPECT_NEAR(std::erf(apply("Erfinv", y)), y, 2e-16) << y;
  for (double q : {1e-5, 1e-12, 1e-300}) {
    double y = 1 - q, exactQ = 1 - y;
    if (exactQ == 0)
      continue;
    EXPECT_NEAR(std::erfc(apply("Erfinv", y)) / exactQ, 1, 1e-12) << q;
  }
  EXPECT_EQ(apply("Ndtri", 0.5), 0);
  EXPECT_NEAR(apply("Ndtri", 0.975), 1.959963984540054, 1e-14);
  EXPECT_NEAR(apply("Ndtri", 0.025), -1.959963984540054, 1e-14);
  // Phi(ndtri(p)) = p, even far in the lower tail.
  for (double p : {1e-300, 1e-20, 1e-10, 0.1, 0.3, 0.8, 0.999999}) {
    double x = apply("Ndtri", p);
    EXPECT_NEAR(0.5 * std::erfc(-x / std::sqrt(2.0)) / p, 1, 1e-12) << p;
  }
  EXPECT_EQ(apply("Ndtri", 0), -kInf);
  EXPECT_EQ(apply("Ndtri", 1), kInf);
  EXPECT_TRUE(std::isnan(apply("Ndtri", -0.1)));
}

TEST_F(MathKernelsTest, BesselExponentiallyScaled) {
  EXPECT_EQ(apply("BesselI0e", 0), 1);
  EXPECT_EQ(apply("BesselI1e", 0), 0);
  // I0(1) = 1.2660658777520082, I1(1) = 0.5651591039924851.
  EXPECT_NEAR(apply("BesselI0e", 1), 1.2660658777520082 * std::exp(-1.0),
              1e-16);
  EXPECT_NEAR(apply("BesselI0e", -1), 1.2660658777520082 * std::exp(-1.0),
              1e-16);
  EXPECT_NEAR(apply("BesselI1e", -1), -0.5651591039924851 * std::exp(-1.0),
              1e-16);
  // The asymptotic branch against the power series in long double.
  for (double x : {35.0, 60.0}) {
    long double half = x / 2, t0 = 1, t1 = half, s0 = 1, s1 = half;
    for (int k = 1; k < 400; ++k) {
      t0 *= half * half / ((long double)k * k);
      t1 *= half * half / ((long double)k * (k + 1));
      s0 += t0;
      s1 += t1;
    }
    EXPECT_NEAR(apply("BesselI0e", x) / double(s0 * expl(-x)), 1, 1e-13) << x;
    EXPECT_NEAR(apply("BesselI1e", x) / double(s1 * expl(-x)), 1, 1e-13) << x;
  }
}

TEST_F(MathKernelsTest, XlogyXdivyXlog1py) {
  HostTensor x = f64({4}, {0, 2, 0, 3});
  HostTensor y = f64({4}, {0, std::exp(1.0), NAN, 2});
  std::vector<double> r = doubles(eval("Xlogy", {x, y}));
  EXPECT_EQ(r[0], 0);
  EXPECT_NEAR(r[1], 2, 1e-15);
  EXPECT_EQ(r[2], 0); // x = 0 wins over a NaN y, as in TensorFlow.
  EXPECT_NEAR(r[3], 3 * std::log(2.0), 1e-15);
  r = doubles(eval("Xdivy", {x, y}));
  EXPECT_EQ(r[0], 0);
  EXPECT_EQ(r[3], 1.5);
  r = doubles(eval("Xlog1py", {f64({2}, {0, 2}), f64({2}, {-1, 1})}));
  EXPECT_EQ(r[0], 0);
  EXPECT_NEAR(r[1], 2 * std::log(2.0), 1e-15);
  // Broadcasting, and its error.
  EXPECT_EQ(shapeOf(eval("Xdivy", {f64({2, 1}, {1, 2}), f64({3}, {1, 2, 4})})),
            (std::vector<int64_t>{2, 3}));
  EXPECT_NE(error("Xlogy", {f64({2}, {1, 2}), f64({3}, {1, 2, 3})}), "");
  EXPECT_NE(error("Xlogy", {i32({1}, {1}), i32({1}, {1})}), "");
}

TEST_F(MathKernelsTest, NextAfterAndApproximateEqual) {
  HostTensor r = eval("NextAfter", {f32({2}, {1, 1}), f32({2}, {2, 0})});
  EXPECT_EQ(r.getDouble(0), 1 + std::ldexp(1.0, -23));
  EXPECT_EQ(r.getDouble(1), 1 - std::ldexp(1.0, -24));
  r = eval("NextAfter", {f64({}, {1}), f64({}, {2})});
  EXPECT_EQ(r.getDouble(0), 1 + std::ldexp(1.0, -52));
  EXPECT_NE(error("NextAfter", {i32({}, {1}), i32({}, {2})}), "");

  HostTensor a = f32({3}, {1, 1.1, 2}), c = f32({3}, {1.000001, 1, NAN});
  EXPECT_EQ(values(eval("ApproximateEqual", {a, c})),
            (std::vector<int64_t>{1, 0, 0}));
  EXPECT_EQ(values(eval(
                "ApproximateEqual", {a, c},
                attrs({b.getNamedAttr("tolerance", b.getF32FloatAttr(0.2))}))),
            (std::vector<int64_t>{1, 1, 0}));
  // No broadcasting: the shapes must be equal.
  EXPECT_NE(error("ApproximateEqual", {a, f32({1}, {1})}).find("same shape"),
            std::string::npos);
}

TEST_F(MathKernelsTest, BitwiseAndShifts) {
  HostTensor x = i32({3}, {0b1100, -1, 5}), y = i32({}, {0b1010});
  EXPECT_EQ(values(eval("BitwiseAnd", {x, y})),
            (std::vector<int64_t>{0b1000, 0b1010, 0}));
  EXPECT_EQ(values(eval("BitwiseOr", {x, y})),
            (std::vector<int64_t>{0b1110, -1, 0b1111}));
  EXPECT_EQ(values(eval("BitwiseXor", {x, y})),
            (std::vector<int64_t>{0b0110, ~0b1010, 0b1111}));
  Type i8 = b.getIntegerType(8), u8 = b.getIntegerType(8, false);
  EXPECT_EQ(values(eval("Invert", {ints(i8, {2}, {5, -128})})),
            (std::vector<int64_t>{-6, 127}));
  EXPECT_EQ(eval("Invert", {ints(u8, {}, {5})}).getUInt(0), 250u);
  HostTensor pop = eval("PopulationCount", {ints(i8, {3}, {-1, 0, 6})});
  EXPECT_EQ(values(pop), (std::vector<int64_t>{8, 0, 2}));
  EXPECT_TRUE(pop.getElementType().isUnsignedInteger(8));
  EXPECT_EQ(values(eval("PopulationCount", {i32({}, {-1})})),
            (std::vector<int64_t>{32}));
  // Shifts clamp the amount to [0, bits - 1].
  EXPECT_EQ(values(eval("LeftShift", {ints(i8, {4}, {1, 1, 1, 3}),
                                      ints(i8, {4}, {7, 8, -1, 2})})),
            (std::vector<int64_t>{-128, -128, 1, 12}));
  EXPECT_EQ(values(eval("RightShift", {ints(i8, {3}, {-128, -128, 64}),
                                       ints(i8, {3}, {1, 10, -3})})),
            (std::vector<int64_t>{-64, -1, 64}));
  EXPECT_EQ(
      eval("RightShift", {ints(u8, {}, {128}), ints(u8, {}, {200})}).getUInt(0),
      1u);
  EXPECT_EQ(values(eval("LeftShift", {i64({}, {1}), i64({}, {64})})),
            (std::vector<int64_t>{INT64_MIN}));
  EXPECT_NE(error("BitwiseAnd", {f32({}, {1}), f32({}, {1})}), "");
  EXPECT_NE(error("BitwiseAnd", {i32({}, {1}), i64({}, {1})}), "");
}

TEST_F(MathKernelsTest, ComplexParts) {
  HostTensor z = complex64({2}, {{3, 4}, {-1, 0}});
  HostTensor re = eval("Real", {z});
  EXPECT_TRUE(re.getElementType().isF32());
  EXPECT_EQ(doubles(re), (std::vector<double>{3, -1}));
  EXPECT_EQ(doubles(eval("Imag", {z})), (std::vector<double>{4, 0}));
  EXPECT_EQ(doubles(eval("ComplexAbs", {z})), (std::vector<double>{5, 1}));
  std::vector<double> angle = doubles(eval("Angle", {z}));
  EXPECT_NEAR(angle[0], std::atan2(4.0, 3.0), 1e-6);
  EXPECT_NEAR(angle[1], kPi, 1e-6);
  EXPECT_EQ(eval("Conj", {z}).getComplex(0), std::complex<double>(3, -4));
  HostTensor c = eval("Complex", {f32({2}, {1, 2}), f32({}, {5})});
  EXPECT_EQ(c.getElementType(), ComplexType::get(b.getF32Type()));
  EXPECT_EQ(c.getComplex(1), std::complex<double>(2, 5));
  // Errors: real operands, mixed part types, a mismatched Tout.
  EXPECT_NE(error("Real", {f32({}, {1})}), "");
  EXPECT_NE(error("Complex", {f32({}, {1}), f64({}, {1})}), "");
  EXPECT_NE(
      error("Real", {z},
            attrs({b.getNamedAttr("Tout", TypeAttr::get(b.getF64Type()))})),
      "");
}

TEST_F(MathKernelsTest, EuclideanNorm) {
  HostTensor x = f32({2, 2}, {3, 4, 6, 8});
  EXPECT_EQ(doubles(eval("EuclideanNorm", {x, scalar(1)})),
            (std::vector<double>{5, 10}));
  HostTensor kept =
      eval("EuclideanNorm", {x, vec({-1})},
           attrs({b.getNamedAttr("keep_dims", b.getBoolAttr(true))}));
  EXPECT_EQ(shapeOf(kept), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(values(eval("EuclideanNorm", {i32({2}, {3, 4}), scalar(0)})),
            (std::vector<int64_t>{5}));
  HostTensor z =
      eval("EuclideanNorm", {complex64({2}, {{3, 4}, {0, 0}}), scalar(0)});
  EXPECT_EQ(z.getComplex(0), std::complex<double>(5, 0));
  EXPECT_NE(error("EuclideanNorm", {x, scalar(2)}), "");
}

TEST_F(MathKernelsTest, CumulativeLogsumexp) {
  HostTensor x = f64({3}, {0, 0, 0});
  std::vector<double> r = doubles(eval("CumulativeLogsumexp", {x, scalar(0)}));
  EXPECT_EQ(r[0], 0);
  EXPECT_NEAR(r[1], std::log(2.0), 1e-15);
  EXPECT_NEAR(r[2], std::log(3.0), 1e-15);
  r = doubles(eval("CumulativeLogsumexp", {x, scalar(0)},
                   attrs({b.getNamedAttr("exclusive", b.getBoolAttr(true))})));
  EXPECT_EQ(r[0], -kInf);
  EXPECT_EQ(r[1], 0);
  EXPECT_NEAR(r[2], std::log(2.0), 1e-15);
  r = doubles(eval("CumulativeLogsumexp", {x, scalar(0)},
                   attrs({b.getNamedAttr("reverse", b.getBoolAttr(true))})));
  EXPECT_NEAR(r[0], std::log(3.0), 1e-15);
  EXPECT_EQ(r[2], 0);
  // No overflow on large values.
  r = doubles(eval("CumulativeLogsumexp", {f64({2}, {1000, 1000}), scalar(0)}));
  EXPECT_NEAR(r[1], 1000 + std::log(2.0), 1e-12);
  EXPECT_NE(error("CumulativeLogsumexp", {i32({2}, {1, 2}), scalar(0)}), "");
}

TEST_F(MathKernelsTest, StringEquality) {
  HostTensor s = strings({3}, {"a", "b", ""}), t = strings({}, {"a"});
  EXPECT_EQ(values(eval("Equal", {s, t})), (std::vector<int64_t>{1, 0, 0}));
  EXPECT_EQ(values(eval("NotEqual", {s, t})), (std::vector<int64_t>{0, 1, 1}));
  EXPECT_NE(error("Less", {s, t}), "");
}
