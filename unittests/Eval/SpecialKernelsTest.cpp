//===- SpecialKernelsTest.cpp - Tests of the special function kernels -----===//
//
// Igamma, Igammac, Betainc, Zeta and Polygamma against closed forms
// (Igamma(1, x) = 1 - e^-x, Igamma(0.5, x) = erf(sqrt x), the finite sum
// of P(n, x) for an integer n, Betainc(a, 1, x) = x^a, Zeta(2, 1) =
// pi^2 / 6, Polygamma(0, x) = Digamma(x), ...) to 1e-10 relative in f64,
// their domains (NaN and inf as TensorFlow gives them), broadcasting, and
// the errors.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kZeta3 = 1.2020569031595942854;

class SpecialKernelsTest : public HostKernelTest {
protected:
  /// op(a, b) of f64 scalars.
  double at(StringRef op, double a, double b) {
    HostTensor r = eval(op, {f64({}, {a}), f64({}, {b})});
    return r ? r.getDouble(0) : NAN;
  }
  double betainc(double a, double b, double x) {
    HostTensor r = eval("Betainc", {f64({}, {a}), f64({}, {b}), f64({}, {x})});
    return r ? r.getDouble(0) : NAN;
  }
  /// Within `rel` relative of `want` (absolute below 1).
  static void expectClose(double got, double want, double rel = 1e-10) {
    EXPECT_NEAR(got, want, rel * std::max(1.0, std::fabs(want)))
        << "want " << want;
  }
  static void expectRelative(double got, double want, double rel = 1e-10) {
    EXPECT_NEAR(got, want, rel * std::fabs(want)) << "want " << want;
  }
  /// P(n, x) for an integer n: 1 - e^-x sum over k < n of x^k / k!.
  static double lowerGammaOfInteger(int n, double x) {
    double term = 1, sum = 0;
    for (int k = 0; k < n; ++k) {
      sum += term;
      term *= x / (k + 1);
    }
    return 1 - std::exp(-x) * sum;
  }
};

TEST_F(SpecialKernelsTest, Igamma) {
  for (double x : {0.01, 0.1, 0.5, 1.0, 1.5, 2.0, 5.0, 20.0}) {
    SCOPED_TRACE(x);
    expectClose(at("Igamma", 1, x), -std::expm1(-x));
    expectRelative(at("Igammac", 1, x), std::exp(-x));
    expectClose(at("Igamma", 0.5, x), std::erf(std::sqrt(x)));
    expectRelative(at("Igammac", 0.5, x), std::erfc(std::sqrt(x)));
  }
  // 1 - 5 e^-2; both sides of x == a for an integer a.
  expectRelative(at("Igamma", 3, 2), 1 - 5 * std::exp(-2.0));
  for (double x : {10.0, 25.0, 30.0, 40.0, 60.0}) {
    SCOPED_TRACE(x);
    double p = lowerGammaOfInteger(30, x);
    expectClose(at("Igamma", 30, x), p, 1e-9);
    expectClose(at("Igammac", 30, x), 1 - p, 1e-9);
  }
  // A tiny upper tail keeps its relative accuracy.
  expectRelative(at("Igammac", 1, 50), std::exp(-50.0));
  expectRelative(at("Igammac", 2, 60), 61 * std::exp(-60.0));
  // Domains: x == 0 gives 0 whatever a; a <= 0, x < 0, NaN give NaN.
  EXPECT_EQ(at("Igamma", 2, 0), 0);
  EXPECT_EQ(at("Igamma", -1, 0), 0);
  EXPECT_EQ(at("Igammac", 2, 0), 1);
  EXPECT_TRUE(std::isnan(at("Igammac", -1, 0)));
  EXPECT_TRUE(std::isnan(at("Igamma", 0, 1)));
  EXPECT_TRUE(std::isnan(at("Igamma", 1, -1)));
  EXPECT_TRUE(std::isnan(at("Igammac", 1, -1)));
  EXPECT_TRUE(std::isnan(at("Igamma", NAN, 1)));
  EXPECT_TRUE(std::isnan(at("Igammac", 1, NAN)));
  EXPECT_EQ(at("Igamma", 2, INFINITY), 1);
  EXPECT_EQ(at("Igammac", 2, INFINITY), 0);
  // Broadcasting: a [2, 1] by x [3]; f32 rounds the double result.
  HostTensor r = eval("Igamma", {f32({2, 1}, {1, 0.5}), f32({3}, {0.5, 1, 2})});
  ASSERT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(r.getElementType(), b.getF32Type());
  std::vector<double> want = {-std::expm1(-0.5), -std::expm1(-1.0),
                              -std::expm1(-2.0), std::erf(std::sqrt(0.5)),
                              std::erf(1.0),     std::erf(std::sqrt(2.0))};
  for (int i = 0; i < 6; ++i)
    EXPECT_NEAR(r.getDouble(i), want[i], 1e-6) << "at " << i;
  // Splat operands give a splat.
  HostTensor s = eval("Igammac", {splat(b.getF64Type(), {4, 4}, 1),
                                  splat(b.getF64Type(), {4, 4}, 2)});
  EXPECT_TRUE(s.isSplat());
  expectRelative(s.getDouble(15), std::exp(-2.0));
}

TEST_F(SpecialKernelsTest, Betainc) {
  for (double x : {0.01, 0.2, 0.5, 0.7, 0.99}) {
    SCOPED_TRACE(x);
    for (double a : {0.5, 1.0, 2.5, 7.0}) {
      expectRelative(betainc(a, 1, x), std::pow(x, a));
      expectClose(betainc(1, a, x), -std::expm1(a * std::log1p(-x)));
      // The symmetry I_x(a, b) = 1 - I_{1-x}(b, a).
      expectClose(betainc(a, 3, x), 1 - betainc(3, a, 1 - x));
    }
  }
  // I_0.4(2, 3) = sum over j = 2..4 of C(4, j) 0.4^j 0.6^(4-j).
  expectRelative(betainc(2, 3, 0.4), 0.5248);
  // I_0.5(a, a) = 1/2; large parameters.
  expectClose(betainc(50, 50, 0.5), 0.5);
  expectClose(betainc(400, 400, 0.5), 0.5, 1e-8);
  // Domains.
  EXPECT_EQ(betainc(2, 3, 0), 0);
  EXPECT_EQ(betainc(2, 3, 1), 1);
  EXPECT_TRUE(std::isnan(betainc(2, 3, 1.5)));
  EXPECT_TRUE(std::isnan(betainc(2, 3, -0.5)));
  EXPECT_TRUE(std::isnan(betainc(0, 3, 0.5)));
  EXPECT_TRUE(std::isnan(betainc(2, -1, 0.5)));
  EXPECT_TRUE(std::isnan(betainc(NAN, 1, 0.5)));
  // Scalars broadcast to the one shape; f32.
  HostTensor r =
      eval("Betainc", {f32({}, {2}), f32({3}, {1, 1, 3}), f32({}, {0.4})});
  ASSERT_EQ(shapeOf(r), std::vector<int64_t>{3});
  EXPECT_NEAR(r.getDouble(0), 0.16, 1e-7);
  EXPECT_NEAR(r.getDouble(2), 0.5248, 1e-7);
  // Shapes that differ (even when they would broadcast) are refused.
  EXPECT_NE(
      error("Betainc", {f32({2}, {1, 1}), f32({3}, {1, 1, 1}), f32({}, {0.5})})
          .find("one shape"),
      std::string::npos);
  EXPECT_NE(
      error("Betainc", {f32({2}, {1, 1}), f32({1, 2}, {1, 1}), f32({}, {0.5})}),
      "");
  EXPECT_NE(error("Betainc", {f32({}, {1}), f32({}, {1})}), "");
  EXPECT_NE(error("Betainc", {f32({}, {1}), f64({}, {1}), f32({}, {0.5})}), "");
}

TEST_F(SpecialKernelsTest, Zeta) {
  expectRelative(at("Zeta", 2, 1), kPi * kPi / 6);
  expectRelative(at("Zeta", 4, 1), std::pow(kPi, 4) / 90);
  expectRelative(at("Zeta", 2, 2), kPi * kPi / 6 - 1);
  expectRelative(at("Zeta", 3, 0.5), 7 * kZeta3);
  expectRelative(at("Zeta", 1.5, 1), 2.6123753486854883433);
  expectRelative(at("Zeta", 30, 1),
                 1 + std::pow(2.0, -30) + std::pow(3.0, -30));
  // psi1(100) by its asymptotic series.
  expectRelative(at("Zeta", 2, 100),
                 0.01 + 0.5e-4 + 1.0 / 6e6 - 1.0 / 30e10 + 1.0 / 42e14);
  // A negative non-integer q with an integer x sums its first terms
  // directly: (-1.5)^-2 + (-0.5)^-2 + Zeta(2, 0.5).
  expectRelative(at("Zeta", 2, -1.5), 4.0 / 9 + 4 + kPi * kPi / 2);
  expectRelative(at("Zeta", 3, -0.5), -8 + 7 * kZeta3);
  // Domains.
  EXPECT_EQ(at("Zeta", 1, 1), INFINITY);
  EXPECT_TRUE(std::isnan(at("Zeta", 0.5, 1)));
  EXPECT_EQ(at("Zeta", 2, 0), INFINITY);
  EXPECT_EQ(at("Zeta", 4, -3), INFINITY);
  EXPECT_TRUE(std::isnan(at("Zeta", 3, 0)));
  EXPECT_TRUE(std::isnan(at("Zeta", 2.5, -1.5)));
  EXPECT_TRUE(std::isnan(at("Zeta", 2, -20000.5)));
  EXPECT_TRUE(std::isnan(at("Zeta", NAN, 1)));
  // Broadcasting x [3] against q [2, 1].
  HostTensor r = eval("Zeta", {f64({3}, {2, 4, 1}), f64({2, 1}, {1, 2})});
  ASSERT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  expectRelative(r.getDouble(1), std::pow(kPi, 4) / 90);
  expectRelative(r.getDouble(3), kPi * kPi / 6 - 1);
  EXPECT_EQ(r.getDouble(5), INFINITY);
}

TEST_F(SpecialKernelsTest, Polygamma) {
  for (double x : {0.5, 1.0, 3.7, 12.0, -2.5}) {
    SCOPED_TRACE(x);
    HostTensor psi = eval("Digamma", {f64({}, {x})});
    ASSERT_TRUE(static_cast<bool>(psi));
    expectClose(at("Polygamma", 0, x), psi.getDouble(0));
  }
  expectClose(at("Polygamma", 0, 1), -0.57721566490153286061);
  expectRelative(at("Polygamma", 1, 1), kPi * kPi / 6);
  expectRelative(at("Polygamma", 1, 0.5), kPi * kPi / 2);
  expectRelative(at("Polygamma", 2, 1), -2 * kZeta3);
  expectRelative(at("Polygamma", 3, 1), std::pow(kPi, 4) / 15);
  // psi1(x + 1) = psi1(x) - 1 / x^2.
  expectRelative(at("Polygamma", 1, 4.25),
                 at("Polygamma", 1, 3.25) - 1 / (3.25 * 3.25));
  EXPECT_TRUE(std::isnan(at("Polygamma", 1.5, 1)));
  EXPECT_TRUE(std::isnan(at("Polygamma", -1, 1)));
  EXPECT_TRUE(std::isnan(at("Polygamma", NAN, 1)));
  EXPECT_EQ(at("Polygamma", 1, 0), INFINITY);
  HostTensor r = eval("Polygamma", {f32({2}, {0, 1}), f32({}, {1})});
  ASSERT_EQ(shapeOf(r), std::vector<int64_t>{2});
  EXPECT_NEAR(r.getDouble(0), -0.5772157, 1e-6);
  EXPECT_NEAR(r.getDouble(1), kPi * kPi / 6, 1e-6);
}

TEST_F(SpecialKernelsTest, Errors) {
  for (StringRef op : {"Igamma", "Igammac", "Zeta", "Polygamma"}) {
    SCOPED_TRACE(op.str());
    EXPECT_NE(error(op, {i32({}, {1}), i32({}, {1})}).find("f32 or f64"),
              std::string::npos);
    EXPECT_NE(
        error(op, {splat(b.getF16Type(), {}, 1), splat(b.getF16Type(), {}, 1)}),
        "");
    EXPECT_NE(error(op, {f32({}, {1}), f64({}, {1})}).find("one element type"),
              std::string::npos);
    EXPECT_NE(error(op, {f32({}, {1})}), "");
    EXPECT_NE(error(op, {f32({}, {1}), f32({}, {1}), f32({}, {1})}), "");
    EXPECT_NE(error(op, {f32({2}, {1, 1}), f32({3}, {1, 1, 1})}), "");
    EXPECT_NE(error(op, {splatF32({1000, 1000}, 1), f32({}, {1})}, {}, 1000)
                  .find("bound"),
              std::string::npos);
  }
  EXPECT_NE(error("Betainc",
                  {splatF32({1000, 1000}, 1), f32({}, {1}), f32({}, {0.5})}, {},
                  1000),
            "");
}
} // namespace
