//===- MathKernels.cpp - Kernels of special math, bits and complex parts --===//
//
// More elementwise math on host tensors, following TensorFlow's CPU
// kernels (Eigen's functors). A result whose operands are all splats (or
// single elements) is a splat; binary ops broadcast (ElementwiseSupport.cpp).
// - Floats (f16, bf16 computed in double and rounded to nearest even; f32
//   computed in double and rounded once, which may differ in the last bit
//   from TensorFlow's float arithmetic): Acos, Asin, Atan, Acosh, Asinh,
//   Atanh, Cosh, Sinh (also complex), Softsign (x / (1 + |x|)), Lgamma
//   (log |Gamma(x)|), Digamma (+inf at the poles 0, -1, ...), Erfc, Erfinv
//   (+-inf at +-1, NaN outside [-1, 1]), Ndtri (the inverse of the normal
//   CDF: -inf at 0, inf at 1, NaN outside [0, 1]), BesselI0e and BesselI1e
//   (exp(-|x|) I0(x), exp(-|x|) I1(x)).
// - Xlogy (x * log(y)), Xdivy (x / y), Xlog1py (x * log1p(y)): 0 where x is
//   0, whatever y (NaN included), as TensorFlow's functors; floats and
//   complex. NextAfter on f32/f64 steps in
//   the operand's own precision. ApproximateEqual (same shapes, no
//   broadcasting, as TensorFlow) gives |x - y| < tolerance (1e-5 by
//   default) for floats and complex.
// - Integers (signed and unsigned, 8 to 64 bits): BitwiseAnd, BitwiseOr,
//   BitwiseXor, Invert, PopulationCount (uint8 count of the bits of the
//   two's complement pattern), LeftShift and RightShift (arithmetic for
//   signed types; computeBitwise, tfg/Eval/Compute/Elementwise.h). As
//   TensorFlow does, a shift amount is clamped to [0, bitwidth - 1]:
//   x << 40 on int32 is x << 31, and a negative amount shifts by 0.
// - Complex parts: Real, Imag, Angle, ComplexAbs (Tout: float for
//   complex64, double for complex128), Conj, and Complex (real and
//   imaginary parts of the same float type, broadcast; Tout complex64 or
//   complex128).
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/Eval/Compute/Elementwise.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/bit.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class MathOp {
  Acos,
  Asin,
  Atan,
  Acosh,
  Asinh,
  Atanh,
  Cosh,
  Sinh,
  Softsign,
  Lgamma,
  Digamma,
  Erfc,
  Erfinv,
  Ndtri,
  BesselI0e,
  BesselI1e
};
enum class XOp { Xlogy, Xdivy, Xlog1py };
enum class Part { Real, Imag, Angle, Abs };
} // namespace

//===----------------------------------------------------------------------===//
// Special functions (double precision, iterative)
//===----------------------------------------------------------------------===//

static constexpr double kPi = 3.14159265358979323846;

/// psi(x): reflection for x < 0, recurrence up to 10, then the asymptotic
/// series in 1/x^2 (Bernoulli numbers). The poles 0, -1, ... give +inf, as
/// Eigen's (Cephes') digamma does.
double mlir::tfg::digamma(double x) {
  if (std::isnan(x) || x == -std::numeric_limits<double>::infinity())
    return NAN;
  if (x <= 0 && x == std::floor(x))
    return std::numeric_limits<double>::infinity();
  double result = 0;
  if (x < 0) {
    // psi(x) = psi(1 - x) - pi / tan(pi x); tan has period 1, so its
    // argument is reduced (exactly) to [-0.5, 0.5] first.
    double r = x - std::nearbyint(x);
    if (std::fabs(r) != 0.5)
      result = -kPi / std::tan(kPi * r);
    x = 1 - x;
  }
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  if (std::isinf(x))
    return x;
  double z = 1 / (x * x);
  double series =
      z * (1.0 / 12 -
           z * (1.0 / 120 -
                z * (1.0 / 252 -
                     z * (1.0 / 240 - z * (1.0 / 132 - z * 691.0 / 32760)))));
  return result + std::log(x) - 0.5 / x - series;
}

/// A first guess of erfinv for |y| < 1, w = -log((1 - y)(1 + y)) (M. Giles'
/// single precision polynomials); Newton's method refines it.
static double erfinvGuess(double y, double w) {
  double p;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = std::sqrt(w) - 3;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  return p * y;
}

/// The x >= 0 with erfc(x) = q, for 0 < q <= 1 (q exact: no cancellation
/// near erfinv's poles). Newton's method on log(erfc(x)) - log(q), which
/// is nearly quadratic in x, so that a far guess neither crawls nor
/// overshoots.
static double erfcinvSmall(double q) {
  double logQ = std::log(q), w = -std::log(q * (2 - q));
  // Giles' polynomials cover float's range (w < 30); beyond, the
  // asymptote of -log(erfc(x)) = x^2 + log(x sqrt(pi)).
  double x = w < 30 ? erfinvGuess(1 - q, w)
                    : std::sqrt(-logQ - 0.5 * std::log(-kPi * logQ));
  for (int iter = 0; iter < 12; ++iter) {
    double e = std::erfc(x);
    // erfc(x) exp(x^2); asymptotically where the factors under/overflow.
    double scaled;
    if (x < 25) {
      scaled = e * std::exp(x * x);
    } else {
      double z = 1 / (2 * x * x);
      scaled = (1 - z * (1 - 3 * z * (1 - 5 * z))) / (x * std::sqrt(kPi));
    }
    if (!(e > 0) || !(scaled > 0))
      break;
    double step = (std::log(e) - logQ) * scaled * std::sqrt(kPi) / 2;
    x += step;
    if (std::fabs(step) <= 1e-16 * std::fabs(x))
      break;
  }
  return x;
}

static double erfinv(double y) {
  if (std::isnan(y) || y < -1 || y > 1)
    return NAN;
  if (y == 1 || y == -1)
    return y * std::numeric_limits<double>::infinity();
  // erfinv is odd: solve for |y|.
  double sign = y < 0 ? -1 : 1;
  y = std::fabs(y);
  if (y > 0.5)
    return sign * erfcinvSmall(1 - y);
  double x = erfinvGuess(y, -std::log((1 - y) * (1 + y)));
  for (int iter = 0; iter < 4; ++iter)
    x -= (std::erf(x) - y) / (2 / std::sqrt(kPi) * std::exp(-x * x));
  return sign * x;
}

/// The inverse of the standard normal CDF: -sqrt(2) erfcinv(2p).
static double ndtri(double p) {
  if (std::isnan(p) || p < 0 || p > 1)
    return NAN;
  if (p == 0)
    return -std::numeric_limits<double>::infinity();
  if (p == 1)
    return std::numeric_limits<double>::infinity();
  if (p <= 0.5)
    return -std::sqrt(2.0) * erfcinvSmall(2 * p);
  return std::sqrt(2.0) * erfcinvSmall(2 * (1 - p));
}

/// exp(-|x|) I_nu(x) for nu 0 or 1: the power series for |x| <= 30, the
/// asymptotic series beyond (whose terms keep falling well past 1e-17).
static double besselIe(int nu, double x) {
  if (std::isnan(x))
    return x;
  double ax = std::fabs(x);
  double value;
  if (ax <= 30) {
    // I_nu(x) = sum_k (x/2)^(2k+nu) / (k! (k+nu)!).
    double half = ax / 2, term = nu ? half : 1, sum = term;
    for (int k = 1; k < 500 && term > sum * 1e-17; ++k) {
      term *= half * half / (double(k) * double(k + nu));
      sum += term;
    }
    value = sum * std::exp(-ax);
  } else {
    // e^x / sqrt(2 pi x) * sum_k (-1)^k prod_j (4nu^2 - (2j-1)^2) /
    // (k! (8x)^k).
    double mu = 4.0 * nu * nu, term = 1, sum = 1;
    for (int k = 1; k < 60; ++k) {
      double odd = 2.0 * k - 1;
      double next = -term * (mu - odd * odd) / (k * 8 * ax);
      if (std::fabs(next) >= std::fabs(term))
        break;
      term = next;
      sum += term;
      if (std::fabs(term) < 1e-17 * std::fabs(sum))
        break;
    }
    value = sum / std::sqrt(2 * kPi * ax);
  }
  return nu && x < 0 ? -value : value;
}

/// The inverse trigonometric and hyperbolic functions, which real and
/// complex numbers share; none for the other ops.
template <typename T>
static std::optional<T> applyTrigonometric(MathOp op, T x) {
  switch (op) {
  case MathOp::Acos:
    return std::acos(x);
  case MathOp::Asin:
    return std::asin(x);
  case MathOp::Atan:
    return std::atan(x);
  case MathOp::Acosh:
    return std::acosh(x);
  case MathOp::Asinh:
    return std::asinh(x);
  case MathOp::Atanh:
    return std::atanh(x);
  case MathOp::Cosh:
    return std::cosh(x);
  case MathOp::Sinh:
    return std::sinh(x);
  default:
    return std::nullopt;
  }
}

static double applyMath(MathOp op, double x) {
  if (std::optional<double> v = applyTrigonometric(op, x))
    return *v;
  switch (op) {
  case MathOp::Softsign:
    return x / (1 + std::fabs(x));
  case MathOp::Lgamma:
    return std::lgamma(x);
  case MathOp::Digamma:
    return digamma(x);
  case MathOp::Erfc:
    return std::erfc(x);
  case MathOp::Erfinv:
    return erfinv(x);
  case MathOp::Ndtri:
    return ndtri(x);
  case MathOp::BesselI0e:
    return besselIe(0, x);
  case MathOp::BesselI1e:
    return besselIe(1, x);
  default:
    return NAN;
  }
}

static std::optional<std::complex<double>> applyMath(MathOp op,
                                                     std::complex<double> x) {
  return applyTrigonometric(op, x);
}

//===----------------------------------------------------------------------===//
// Elementwise drivers
//===----------------------------------------------------------------------===//

/// Computes a result of `elementType` and the shape of `x`:
/// `fn(out, i)` sets element i from element i of x. Fails when fn does.
template <typename Fn>
static LogicalResult mapUnary(EvalContext &ctx, const HostTensor &x,
                              Type elementType, Fn fn) {
  FailureOr<ResultBuilder> out =
      startResult(ctx, elementType, x.getShape(), isUniform(x));
  if (failed(out))
    return failure();
  for (int64_t i = 0, n = out->size(); i < n; ++i)
    if (failed(fn(out->tensor, i)))
      return failure();
  return finishResult(ctx, std::move(*out));
}

/// Computes the broadcast of `a` and `b` into a result of `elementType`:
/// `fn(out, i, ia, ib)` sets element i from elements ia of a and ib of b.
template <typename Fn>
static LogicalResult mapBinary(EvalContext &ctx, const HostTensor &a,
                               const HostTensor &b, Type elementType, Fn fn) {
  FailureOr<Broadcast> bc = broadcastShapes(ctx, {a.getShape(), b.getShape()});
  if (failed(bc))
    return failure();
  FailureOr<ResultBuilder> out =
      startResult(ctx, elementType, bc->shape, isUniform(a) && isUniform(b));
  if (failed(out))
    return failure();
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    int64_t ia = out->splat ? 0 : bc->operandIndex(0, i);
    int64_t ib = out->splat ? 0 : bc->operandIndex(1, i);
    if (failed(fn(out->tensor, i, ia, ib)))
      return failure();
  }
  return finishResult(ctx, std::move(*out));
}

template <MathOp Op> static LogicalResult mathKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 1);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0];
  if (x.getKind() == HostElementKind::Float)
    return mapUnary(ctx, x, x.getElementType(), [&](HostTensor &r, int64_t i) {
      r.setDouble(i, applyMath(Op, x.getDouble(i)));
      return success();
    });
  if (x.getKind() == HostElementKind::Complex &&
      applyMath(Op, std::complex<double>()))
    return mapUnary(ctx, x, x.getElementType(), [&](HostTensor &r, int64_t i) {
      r.setComplex(i, *applyMath(Op, x.getComplex(i)));
      return success();
    });
  return ctx.fail("the op does not take this element type");
}

template <XOp Op> static LogicalResult xKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0], &y = *(*ops)[1];
  if (x.getElementType() != y.getElementType())
    return ctx.fail("operands of different element types");
  if (x.getKind() == HostElementKind::Float)
    return mapBinary(ctx, x, y, x.getElementType(),
                     [&](HostTensor &r, int64_t i, int64_t ia, int64_t ib) {
                       double a = x.getDouble(ia), b = y.getDouble(ib);
                       double v = Op == XOp::Xlogy   ? a * std::log(b)
                                  : Op == XOp::Xdivy ? a / b
                                                     : a * std::log1p(b);
                       r.setDouble(i, a == 0 ? 0.0 : v);
                       return success();
                     });
  if (x.getKind() == HostElementKind::Complex)
    return mapBinary(
        ctx, x, y, x.getElementType(),
        [&](HostTensor &r, int64_t i, int64_t ia, int64_t ib) {
          std::complex<double> a = x.getComplex(ia), b = y.getComplex(ib);
          std::complex<double> v = Op == XOp::Xlogy   ? a * std::log(b)
                                   : Op == XOp::Xdivy ? a / b
                                                      : a * std::log(1.0 + b);
          r.setComplex(i, a == std::complex<double>() ? std::complex<double>()
                                                      : v);
          return success();
        });
  return ctx.fail("operands are not floating-point or complex");
}

static LogicalResult nextAfterKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0], &y = *(*ops)[1];
  Type type = x.getElementType();
  if (type != y.getElementType() || !(type.isF32() || type.isF64()))
    return ctx.fail("NextAfter takes two float32 or two float64 operands");
  return mapBinary(ctx, x, y, type,
                   [&](HostTensor &r, int64_t i, int64_t ia, int64_t ib) {
                     double a = x.getDouble(ia), b = y.getDouble(ib);
                     if (type.isF32())
                       r.setDouble(i, std::nextafter(static_cast<float>(a),
                                                     static_cast<float>(b)));
                     else
                       r.setDouble(i, std::nextafter(a, b));
                     return success();
                   });
}

static LogicalResult approximateEqualKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0], &y = *(*ops)[1];
  if (x.getElementType() != y.getElementType())
    return ctx.fail("operands of different element types");
  if (x.getShape() != y.getShape())
    return ctx.fail(
        "x and y must be of the same shape: " + formatShape(x.getShape()) +
        " vs " + formatShape(y.getShape()));
  HostElementKind kind = x.getKind();
  if (kind != HostElementKind::Float && kind != HostElementKind::Complex)
    return ctx.fail("ApproximateEqual takes floating-point or complex "
                    "operands");
  double tolerance = 1e-5;
  if (auto attr = dyn_cast_if_present<FloatAttr>(ctx.getAttr("tolerance")))
    tolerance = attr.getValueAsDouble();
  return mapBinary(ctx, x, y, IntegerType::get(ctx.getContext(), 1),
                   [&](HostTensor &r, int64_t i, int64_t ia, int64_t ib) {
                     double d =
                         kind == HostElementKind::Float
                             ? std::fabs(x.getDouble(ia) - y.getDouble(ib))
                             : std::abs(x.getComplex(ia) - y.getComplex(ib));
                     r.setInt(i, d < tolerance);
                     return success();
                   });
}

//===----------------------------------------------------------------------===//
// Bitwise
//===----------------------------------------------------------------------===//

static bool isInteger(const HostTensor &t) {
  return t.getKind() == HostElementKind::Signed ||
         t.getKind() == HostElementKind::Unsigned;
}

/// Element i as its two's complement bits, sign-extended for signed types.
static uint64_t bitsOf(const HostTensor &t, int64_t i) {
  return t.getKind() == HostElementKind::Signed
             ? static_cast<uint64_t>(t.getInt(i))
             : t.getUInt(i);
}

template <BitwiseOp Op> static LogicalResult bitwiseKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  return setComputedResult(
      ctx, computeBitwise(getComputeEnv(ctx), Op, *(*ops)[0], *(*ops)[1],
                          ElementwiseSemantics::tensorflow()));
}

static LogicalResult invertKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 1);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0];
  if (!isInteger(x))
    return ctx.fail("Invert takes integers");
  return mapUnary(ctx, x, x.getElementType(), [&](HostTensor &r, int64_t i) {
    r.setUInt(i, ~bitsOf(x, i));
    return success();
  });
}

static LogicalResult populationCountKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 1);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0];
  if (!isInteger(x))
    return ctx.fail("PopulationCount takes integers");
  unsigned width = x.getElementInfo().bitWidth;
  uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  Type u8 = IntegerType::get(ctx.getContext(), 8, IntegerType::Unsigned);
  return mapUnary(ctx, x, u8, [&](HostTensor &r, int64_t i) {
    r.setUInt(i, llvm::popcount(bitsOf(x, i) & mask));
    return success();
  });
}

//===----------------------------------------------------------------------===//
// Complex parts
//===----------------------------------------------------------------------===//

/// The float type of the parts of complex `type`.
static Type partType(Type type) {
  auto complex = dyn_cast<ComplexType>(type);
  return complex ? complex.getElementType() : Type();
}

/// The `Tout` attribute when present, else `fallback`; fails when it
/// differs from `expected`.
static FailureOr<Type> checkTout(EvalContext &ctx, Type expected) {
  if (auto attr = dyn_cast_if_present<TypeAttr>(ctx.getAttr("Tout")))
    if (attr.getValue() != expected)
      return ctx.fail("Tout does not match the operand's type");
  return expected;
}

template <Part P> static LogicalResult partKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 1);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0];
  if (x.getKind() != HostElementKind::Complex)
    return ctx.fail("the operand is not complex");
  FailureOr<Type> tout = checkTout(ctx, partType(x.getElementType()));
  if (failed(tout))
    return failure();
  return mapUnary(ctx, x, *tout, [&](HostTensor &r, int64_t i) {
    std::complex<double> v = x.getComplex(i);
    r.setDouble(i, P == Part::Real   ? v.real()
                   : P == Part::Imag ? v.imag()
                   : P == Part::Abs  ? std::abs(v)
                                     : std::arg(v));
    return success();
  });
}

static LogicalResult conjKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 1);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0];
  if (x.getKind() != HostElementKind::Complex)
    return ctx.fail("the operand is not complex");
  return mapUnary(ctx, x, x.getElementType(), [&](HostTensor &r, int64_t i) {
    r.setComplex(i, std::conj(x.getComplex(i)));
    return success();
  });
}

static LogicalResult complexKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &re = *(*ops)[0], &im = *(*ops)[1];
  Type part = re.getElementType();
  if (part != im.getElementType() || !(part.isF32() || part.isF64()))
    return ctx.fail("Complex takes two float32 or two float64 operands");
  FailureOr<Type> tout = checkTout(ctx, ComplexType::get(part));
  if (failed(tout))
    return failure();
  return mapBinary(ctx, re, im, *tout,
                   [&](HostTensor &r, int64_t i, int64_t ia, int64_t ib) {
                     r.setComplex(i, {re.getDouble(ia), im.getDouble(ib)});
                     return success();
                   });
}

void mlir::tfg::addMathKernels(EvalKernelTable &table) {
  addKernels(table, {"Acos"}, mathKernel<MathOp::Acos>);
  addKernels(table, {"Asin"}, mathKernel<MathOp::Asin>);
  addKernels(table, {"Atan"}, mathKernel<MathOp::Atan>);
  addKernels(table, {"Acosh"}, mathKernel<MathOp::Acosh>);
  addKernels(table, {"Asinh"}, mathKernel<MathOp::Asinh>);
  addKernels(table, {"Atanh"}, mathKernel<MathOp::Atanh>);
  addKernels(table, {"Cosh"}, mathKernel<MathOp::Cosh>);
  addKernels(table, {"Sinh"}, mathKernel<MathOp::Sinh>);
  addKernels(table, {"Softsign"}, mathKernel<MathOp::Softsign>);
  addKernels(table, {"Lgamma"}, mathKernel<MathOp::Lgamma>);
  addKernels(table, {"Digamma"}, mathKernel<MathOp::Digamma>);
  addKernels(table, {"Erfc"}, mathKernel<MathOp::Erfc>);
  addKernels(table, {"Erfinv"}, mathKernel<MathOp::Erfinv>);
  addKernels(table, {"Ndtri"}, mathKernel<MathOp::Ndtri>);
  addKernels(table, {"BesselI0e"}, mathKernel<MathOp::BesselI0e>);
  addKernels(table, {"BesselI1e"}, mathKernel<MathOp::BesselI1e>);
  addKernels(table, {"Xlogy"}, xKernel<XOp::Xlogy>);
  addKernels(table, {"Xdivy"}, xKernel<XOp::Xdivy>);
  addKernels(table, {"Xlog1py"}, xKernel<XOp::Xlog1py>);
  addKernels(table, {"NextAfter"}, nextAfterKernel);
  addKernels(table, {"ApproximateEqual"}, approximateEqualKernel);
  addKernels(table, {"BitwiseAnd"}, bitwiseKernel<BitwiseOp::And>);
  addKernels(table, {"BitwiseOr"}, bitwiseKernel<BitwiseOp::Or>);
  addKernels(table, {"BitwiseXor"}, bitwiseKernel<BitwiseOp::Xor>);
  addKernels(table, {"LeftShift"}, bitwiseKernel<BitwiseOp::LeftShift>);
  addKernels(table, {"RightShift"}, bitwiseKernel<BitwiseOp::RightShift>);
  addKernels(table, {"Invert"}, invertKernel);
  addKernels(table, {"PopulationCount"}, populationCountKernel);
  addKernels(table, {"Real"}, partKernel<Part::Real>);
  addKernels(table, {"Imag"}, partKernel<Part::Imag>);
  addKernels(table, {"Angle"}, partKernel<Part::Angle>);
  addKernels(table, {"ComplexAbs"}, partKernel<Part::Abs>);
  addKernels(table, {"Conj"}, conjKernel);
  addKernels(table, {"Complex"}, complexKernel);
}
