//===- SpecialKernels.cpp - Incomplete gamma and beta, zeta, polygamma ----===//
//
// Igamma, Igammac, Betainc, Zeta and Polygamma on f32 and f64 (computed in
// double, f32 rounded once at the end), with the domains of TensorFlow's
// CPU kernels (Eigen's special functions):
// - Igamma(a, x) = P(a, x), the regularized lower incomplete gamma
//   function: 0 where x == 0 (whatever a), NaN where x < 0, a <= 0 or
//   either is NaN. Igammac(a, x) = Q(a, x) = 1 - P(a, x): NaN where x < 0
//   or a <= 0. P comes from its power series where x <= 1 or x <= a, Q
//   from its continued fraction elsewhere (each one minus the other), so
//   the smaller tail is always computed directly.
// - Betainc(a, b, x) = I_x(a, b), the regularized incomplete beta
//   function: NaN where a <= 0 or b <= 0; 0 at x == 0, 1 at x == 1, NaN for
//   x outside [0, 1]. A continued fraction, on I_{1-x}(b, a) = 1 - I_x(a,
//   b) beyond the mean. a, b and x have one shape, or are scalars.
// - Zeta(x, q) = sum over k >= 0 of (k + q)^-x, the Hurwitz zeta function:
//   +inf at x == 1, NaN where x < 1; for q <= 0, +inf at an integer q when
//   x is even, NaN there when x is odd, NaN at a non-integer q unless x is
//   an integer. The terms are summed directly until q + k > 9 (and at
//   least 10 of them), then the Euler-Maclaurin tail with 12 Bernoulli
//   terms. A q below -10000 (a direct sum of more terms) gives NaN.
// - Polygamma(n, x): NaN unless n is a non-negative integer; Digamma(x)
//   at n == 0, else (-1)^(n+1) n! Zeta(n + 1, x).
// Igamma, Igammac, Zeta and Polygamma broadcast their operands as the
// binary ops do. Every series and continued fraction stops after a fixed
// number of steps (kMaxIterations), so huge a or b (beyond about 10^5)
// lose accuracy instead of looping long.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class SpecialOp { Igamma, Igammac, Betainc, Zeta, Polygamma };
} // namespace

static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
static constexpr double kInf = std::numeric_limits<double>::infinity();
static constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
/// Below this a continued fraction's denominator counts as zero (Lentz).
static constexpr double kTiny = 1e-300;
/// The most steps of a series or continued fraction.
static constexpr int kMaxIterations = 5000;

//===----------------------------------------------------------------------===//
// Incomplete gamma
//===----------------------------------------------------------------------===//

/// P(a, x) by its series x^a e^-x / Gamma(a + 1) * sum over n of x^n /
/// ((a + 1) ... (a + n)); a > 0, x > 0.
static double lowerGammaSeries(double a, double x) {
  double term = 1, sum = 1;
  for (int n = 1; n <= kMaxIterations; ++n) {
    term *= x / (a + n);
    sum += term;
    if (term <= sum * kEpsilon)
      break;
  }
  return std::exp(a * std::log(x) - x - std::lgamma(a + 1)) * sum;
}

/// Q(a, x) by its continued fraction x^a e^-x / Gamma(a) / (x + 1 - a -
/// 1 (1 - a) / (x + 3 - a - 2 (2 - a) / ...)) (modified Lentz); a > 0,
/// x > 1.
static double upperGammaFraction(double a, double x) {
  if (std::isinf(x))
    return 0;
  double b = x + 1 - a;
  double c = 1 / kTiny, d = 1 / b, h = d;
  for (int i = 1; i <= kMaxIterations; ++i) {
    double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < kTiny)
      d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny)
      c = kTiny;
    d = 1 / d;
    double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) <= kEpsilon)
      break;
  }
  return std::exp(a * std::log(x) - x - std::lgamma(a)) * h;
}

static double igamma(double a, double x) {
  if (x == 0)
    return 0;
  if (x < 0 || a <= 0 || std::isnan(a) || std::isnan(x))
    return kNaN;
  if (x > 1 && x > a)
    return 1 - upperGammaFraction(a, x);
  return lowerGammaSeries(a, x);
}

static double igammac(double a, double x) {
  if (x < 0 || a <= 0 || std::isnan(a) || std::isnan(x))
    return kNaN;
  if (x < 1 || x < a)
    return 1 - (x == 0 ? 0 : lowerGammaSeries(a, x));
  return upperGammaFraction(a, x);
}

//===----------------------------------------------------------------------===//
// Incomplete beta
//===----------------------------------------------------------------------===//

/// I_x(a, b) by its continued fraction x^a (1 - x)^b / (a B(a, b)) / (1 +
/// d1 / (1 + d2 / ...)), d(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a +
/// 2m + 1)), d(2m) = m (b - m) x / ((a + 2m - 1)(a + 2m)) (modified
/// Lentz); converges fast for x < (a + 1) / (a + b + 2).
static double betaFraction(double a, double b, double x) {
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < kTiny)
    d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= kMaxIterations; ++m) {
    double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    d = std::fabs(d) < kTiny ? 1 / kTiny : 1 / d;
    c = 1 + even / c;
    if (std::fabs(c) < kTiny)
      c = kTiny;
    h *= d * c;
    double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    d = std::fabs(d) < kTiny ? 1 / kTiny : 1 / d;
    c = 1 + odd / c;
    if (std::fabs(c) < kTiny)
      c = kTiny;
    double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) <= kEpsilon)
      break;
  }
  double logFront = a * std::log(x) + b * std::log1p(-x) + std::lgamma(a + b) -
                    std::lgamma(a) - std::lgamma(b);
  return std::exp(logFront) * h / a;
}

static double betainc(double a, double b, double x) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(x) || a <= 0 || b <= 0)
    return kNaN;
  if (x == 0)
    return 0;
  if (x == 1)
    return 1;
  if (x < 0 || x > 1)
    return kNaN;
  if (x < (a + 1) / (a + b + 2))
    return betaFraction(a, b, x);
  return 1 - betaFraction(b, a, 1 - x);
}

//===----------------------------------------------------------------------===//
// Hurwitz zeta and polygamma
//===----------------------------------------------------------------------===//

/// B(2j) / (2j)! for j = 1 ... 12 (Bernoulli numbers).
static constexpr double kBernoulliTerms[] = {1.0 / 12,
                                             -1.0 / 720,
                                             1.0 / 30240,
                                             -1.0 / 1209600,
                                             1.0 / 47900160,
                                             -691.0 / 1307674368000,
                                             1.0 / 74724249600,
                                             -3617.0 / 10670622842880000,
                                             8.586062056277845e-15,
                                             -2.174868698558062e-16,
                                             5.5090028283602295e-18,
                                             -1.3954464685812522e-19};

static double zeta(double x, double q) {
  if (std::isnan(x) || std::isnan(q))
    return kNaN;
  if (x == 1)
    return kInf;
  if (x < 1)
    return kNaN;
  if (q <= 0) {
    if (q == std::floor(q))
      return std::nearbyint(x / 2) == x / 2 ? kInf : kNaN;
    // (k + q)^-x of a negative base needs an integer x.
    if (x != std::floor(x))
      return kNaN;
    if (q < -10000)
      return kNaN;
  }
  // The direct sum: at least 10 terms, on until q + k > 9.
  double w = q, last = std::pow(q, -x), sum = last;
  for (int k = 1; k < 10 || w <= 9; ++k) {
    w += 1;
    last = std::pow(w, -x);
    sum += last;
    if (std::fabs(last / sum) < kEpsilon)
      return sum;
  }
  if (last == 0)
    return sum;
  // The Euler-Maclaurin tail after the last term, at w: w^(1-x) / (x - 1)
  // - w^-x / 2 + sum over j of B(2j) / (2j)! x (x + 1) ... (x + 2j - 2)
  // w^(-x-2j+1).
  sum += last * w / (x - 1) - last / 2;
  double rising = 1, power = last;
  for (int j = 0; j < 12; ++j) {
    // rising = x (x + 1) ... (x + 2j), power = w^(-x-2j-1).
    rising *= x + 2 * j;
    power /= w;
    double term = rising * power * kBernoulliTerms[j];
    sum += term;
    if (std::fabs(term / sum) < kEpsilon)
      break;
    rising *= x + 2 * j + 1;
    power /= w;
  }
  return sum;
}

static double polygamma(double n, double x) {
  if (std::isnan(n) || std::isnan(x) || n < 0 || n != std::floor(n))
    return kNaN;
  if (n == 0)
    return digamma(x);
  double factorial = std::exp(std::lgamma(n + 1));
  double sign = std::fmod(n, 2) == 0 ? -1 : 1;
  return sign * factorial * zeta(n + 1, x);
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

static double applySpecial(SpecialOp op, ArrayRef<double> v) {
  switch (op) {
  case SpecialOp::Igamma:
    return igamma(v[0], v[1]);
  case SpecialOp::Igammac:
    return igammac(v[0], v[1]);
  case SpecialOp::Betainc:
    return betainc(v[0], v[1], v[2]);
  case SpecialOp::Zeta:
    return zeta(v[0], v[1]);
  case SpecialOp::Polygamma:
    return polygamma(v[0], v[1]);
  }
  return kNaN;
}

template <SpecialOp Op> static LogicalResult specialKernel(EvalContext &ctx) {
  constexpr unsigned n = Op == SpecialOp::Betainc ? 3 : 2;
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, n);
  if (failed(ops))
    return failure();
  if (ctx.getNumOperands() != n)
    return ctx.fail("expected " + std::to_string(n) + " operands");
  Type type = (*ops)[0]->getElementType();
  if (!type.isF32() && !type.isF64())
    return ctx.fail("the operands must be f32 or f64");
  SmallVector<ArrayRef<int64_t>, 3> shapes;
  bool uniform = true;
  for (const HostTensor *t : *ops) {
    if (t->getElementType() != type)
      return ctx.fail("the operands must have one element type");
    shapes.push_back(t->getShape());
    uniform &= isUniform(*t);
  }
  // Betainc takes one shape, or scalars, as TensorFlow does.
  if (Op == SpecialOp::Betainc)
    for (unsigned k = 1; k < n; ++k)
      for (unsigned j = 0; j < k; ++j)
        if (!shapes[j].empty() && !shapes[k].empty() && shapes[j] != shapes[k])
          return ctx.fail("a, b and x must have one shape or be scalars, not " +
                          formatShape(shapes[j]) + " and " +
                          formatShape(shapes[k]));
  FailureOr<Broadcast> bc = broadcastShapes(ctx, shapes);
  if (failed(bc))
    return failure();
  FailureOr<ResultBuilder> out = startResult(ctx, type, bc->shape, uniform);
  if (failed(out))
    return failure();
  double v[3] = {0, 0, 0};
  for (int64_t i = 0, e = out->size(); i < e; ++i) {
    for (unsigned k = 0; k < n; ++k)
      v[k] = (*ops)[k]->getDouble(out->splat ? 0 : bc->operandIndex(k, i));
    out->tensor.setDouble(i, applySpecial(Op, ArrayRef<double>(v, n)));
  }
  return finishResult(ctx, std::move(*out));
}

void mlir::tfg::addSpecialKernels(EvalKernelTable &table) {
  addKernels(table, {"Igamma"}, specialKernel<SpecialOp::Igamma>);
  addKernels(table, {"Igammac"}, specialKernel<SpecialOp::Igammac>);
  addKernels(table, {"Betainc"}, specialKernel<SpecialOp::Betainc>);
  addKernels(table, {"Zeta"}, specialKernel<SpecialOp::Zeta>);
  addKernels(table, {"Polygamma"}, specialKernel<SpecialOp::Polygamma>);
}
