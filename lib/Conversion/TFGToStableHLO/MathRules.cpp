//===- MathRules.cpp - Math TensorFlow ops without a StableHLO op ---------===//
//
// Unary math that StableHLO has no op for, composed from its elementwise
// ops in forms that keep TensorFlow's results (inverse trigonometric and
// hyperbolic functions, Erf/Erfc, IsInf), the x-ops (Xdivy, Xlogy,
// Xlog1py: 0 where x is 0, whatever y), ApproximateEqual, NextAfter, the
// shifts (amounts clamped as TensorFlow clamps them) and the complex parts
// (Complex, Real, Imag, Conj, Angle, ComplexAbs).
//
// The compositions avoid the cancellations and overflows of the textbook
// formulas: asinh through log1p for small |x|, acosh/asinh as log(2x) for
// large x, cosh/sinh as exp(|x| - ln 2) so that they overflow where the
// function does, sinh through expm1 near 0, erf by its Taylor series near
// 0 and erfc by a Chebyshev fit of relative error below 1.2e-7.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

constexpr double kLn2 = 0.69314718055994530942;

/// Emits elementwise ops of one float tensor type.
struct FloatMath {
  Lowering &l;
  RankedTensorType t;
  Value c(double v) { return l.splat(t, v); }
  Value un(StringRef name, Value x) { return l.op(name, x, t); }
  Value bin(StringRef name, Value x, Value y) { return l.op(name, {x, y}, t); }
  Value add(Value x, Value y) { return bin("add", x, y); }
  Value sub(Value x, Value y) { return bin("subtract", x, y); }
  Value mul(Value x, Value y) { return bin("multiply", x, y); }
  Value div(Value x, Value y) { return bin("divide", x, y); }
  Value select(Value p, Value x, Value y) {
    return l.op("select", {p, x, y}, t);
  }
  Value cmp(Value x, Value y, StringRef dir) { return l.compare(x, y, dir); }
  /// c0 + x * (c1 + x * (...)), coefficients from the constant term up.
  Value poly(Value x, ArrayRef<double> coeffs) {
    Value r = c(coeffs.back());
    for (double k : llvm::reverse(coeffs.drop_back()))
      r = add(mul(r, x), c(k));
    return r;
  }
  /// erfc(x) for every x: Chebyshev fit of erfc on x >= 0 (relative error
  /// below 1.2e-7), reflected as 2 - erfc(-x).
  Value erfc(Value x) {
    Value z = un("abs", x);
    Value tt = div(c(1), add(c(1), mul(c(0.5), z)));
    Value p = poly(tt, {-1.26551223, 1.00002368, 0.37409196, 0.09678418,
                        -0.18628806, 0.27886807, -1.13520398, 1.48851587,
                        -0.82215223, 0.17087277});
    Value e = mul(tt, un("exponential", add(un("negate", mul(z, z)), p)));
    return select(cmp(x, c(0), "GE"), e, sub(c(2), e));
  }
  /// erf(x): the Taylor series for |x| < 0.5, 1 - erfc(x) beyond.
  Value erf(Value x) {
    Value x2 = mul(x, x);
    // 2/sqrt(pi) * (x - x^3/3 + x^5/10 - x^7/42 + x^9/216 - x^11/1320).
    constexpr double k = 1.1283791670955126;
    Value series = mul(x, poly(x2, {k, -k / 3, k / 10, -k / 42, k / 216,
                                    -k / 1320, k / 9360}));
    Value far = sub(c(1), erfc(x));
    return select(cmp(un("abs", x), c(0.5), "LT"), series, far);
  }
};

bool isFloatTensor(Value v) {
  return isa<FloatType>(cast<RankedTensorType>(v.getType()).getElementType());
}

LogicalResult unaryMath(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  if (!isFloatTensor(x))
    return l.error() << "expects a floating-point input, has " << x.getType();
  FloatMath m{l, l.type(x)};
  StringRef op = l.node.opType;
  Value r;
  // (1 - x)(1 + x): 1 - x^2 without cancellation near |x| = 1.
  auto oneMinusSq = [&] { return m.mul(m.sub(m.c(1), x), m.add(m.c(1), x)); };
  if (op == "Acos") {
    r = m.bin("atan2", m.un("sqrt", oneMinusSq()), x);
  } else if (op == "Asin") {
    r = m.bin("atan2", x, m.un("sqrt", oneMinusSq()));
  } else if (op == "Atanh") {
    // 0.5 * log1p(2x / (1 - x)); NaN beyond [-1, 1], +-inf at +-1.
    r = m.mul(m.c(0.5),
              m.un("log_plus_one", m.div(m.mul(m.c(2), x), m.sub(m.c(1), x))));
  } else if (op == "Acosh") {
    Value near =
        m.un("log",
             m.add(x, m.un("sqrt", m.mul(m.sub(x, m.c(1)), m.add(x, m.c(1))))));
    Value far = m.add(m.un("log", x), m.c(kLn2));
    r = m.select(m.cmp(x, m.c(1e8), "GT"), far, near);
  } else if (op == "Asinh") {
    Value a = m.un("abs", x);
    Value a2 = m.mul(a, a);
    Value near = m.un(
        "log_plus_one",
        m.add(a, m.div(a2, m.add(m.c(1), m.un("sqrt", m.add(a2, m.c(1)))))));
    Value far = m.add(m.un("log", a), m.c(kLn2));
    Value mag = m.select(m.cmp(a, m.c(1e8), "GT"), far, near);
    // The sign of x (asinh(-0) = -0; NaN stays NaN).
    r = m.select(m.cmp(x, m.c(0), "LT"), m.un("negate", mag), mag);
    r = m.select(m.cmp(x, x, "NE"), x, r);
  } else if (op == "Cosh" || op == "Sinh") {
    Value pos = m.un("exponential", m.sub(x, m.c(kLn2)));
    Value neg = m.un("exponential", m.sub(m.un("negate", x), m.c(kLn2)));
    if (op == "Cosh") {
      r = m.add(pos, neg);
    } else {
      Value near = m.mul(
          m.c(0.5), m.sub(m.un("exponential_minus_one", x),
                          m.un("exponential_minus_one", m.un("negate", x))));
      r = m.select(m.cmp(m.un("abs", x), m.c(1), "LT"), near, m.sub(pos, neg));
    }
  } else if (op == "Erf") {
    r = m.erf(x);
  } else if (op == "Erfc") {
    r = m.erfc(x);
  } else if (op == "IsInf") {
    r = l.compare(m.un("abs", x), m.c(std::numeric_limits<double>::infinity()),
                  "EQ");
  } else {
    return l.error() << "no math rule";
  }
  results.push_back(r);
  return success();
}

/// Both operands broadcast to the node's result shape.
LogicalResult broadcastPair(Lowering &l, Value &x, Value &y) {
  ArrayRef<int64_t> shape = l.resultType().getShape();
  FailureOr<Value> a = l.broadcastTo(x, shape);
  if (failed(a))
    return failure();
  FailureOr<Value> b = l.broadcastTo(y, shape);
  if (failed(b))
    return failure();
  x = *a;
  y = *b;
  if (l.type(x).getElementType() != l.type(y).getElementType())
    return l.error() << "operand element types differ: " << l.type(x) << " and "
                     << l.type(y);
  return success();
}

/// Xdivy, Xlogy, Xlog1py: 0 where x == 0, x / y, x * log(y),
/// x * log1p(y) elsewhere.
LogicalResult xRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), y = l.operand(1);
  if (failed(broadcastPair(l, x, y)))
    return failure();
  if (!isFloatTensor(x))
    return l.error() << "expects floating-point operands";
  FloatMath m{l, l.type(x)};
  StringRef op = l.node.opType;
  Value r = op == "Xdivy"   ? m.div(x, y)
            : op == "Xlogy" ? m.mul(x, m.un("log", y))
                            : m.mul(x, m.un("log_plus_one", y));
  Value zero = m.c(0);
  results.push_back(m.select(m.cmp(x, zero, "EQ"), zero, r));
  return success();
}

/// ApproximateEqual: |x - y| < tolerance.
LogicalResult approximateEqual(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), y = l.operand(1);
  if (x.getType() != y.getType())
    return l.error() << "operands have different types";
  FailureOr<double> tol = l.floatAttr("tolerance", 1e-5);
  if (failed(tol))
    return failure();
  if (!isFloatTensor(x))
    return l.error() << "expects floating-point operands";
  FloatMath m{l, l.type(x)};
  // The tolerance as TensorFlow holds it: a value of T.
  results.push_back(m.cmp(m.un("abs", m.sub(x, y)), m.c(*tol), "LT"));
  return success();
}

/// NextAfter(x, y): the representable value after x toward y, through the
/// bits: +1 moves away from zero, -1 toward it; x == y gives y, a NaN
/// operand NaN, and 0 the smallest subnormal with y's sign.
LogicalResult nextAfter(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), y = l.operand(1);
  if (failed(broadcastPair(l, x, y)))
    return failure();
  RankedTensorType t = l.type(x);
  Type elem = t.getElementType();
  if (!elem.isF32() && !elem.isF64())
    return l.error() << "expects float32 or float64 operands";
  unsigned width = elem.getIntOrFloatBitWidth();
  auto it = RankedTensorType::get(t.getShape(), l.b.getIntegerType(width));
  FloatMath m{l, t};
  Value bits = l.op("bitcast_convert", x, it);
  Value one = l.splat(it, 1);
  // Away from zero when (x < y) == (x > 0).
  Value away = l.compare(m.cmp(x, y, "LT"), m.cmp(x, m.c(0), "GT"), "EQ");
  Value moved = l.op(
      "select",
      {away, l.op("add", {bits, one}, it), l.op("subtract", {bits, one}, it)},
      it);
  Value r = l.op("bitcast_convert", moved, t);
  // From zero: the smallest subnormal, signed as y.
  Value tiny = l.op("bitcast_convert", one, t);
  Value fromZero = m.select(m.cmp(y, m.c(0), "LT"), m.un("negate", tiny), tiny);
  r = m.select(m.cmp(x, m.c(0), "EQ"), fromZero, r);
  r = m.select(m.cmp(x, y, "EQ"), y, r);
  Value nan = m.add(x, y);
  Value anyNan = l.op("or", {m.cmp(x, x, "NE"), m.cmp(y, y, "NE")},
                      l.type(m.cmp(x, x, "NE")));
  results.push_back(m.select(anyNan, nan, r));
  return success();
}

/// The float type of a complex tensor's parts, or null.
Type partType(Value v) {
  auto c = dyn_cast<ComplexType>(
      cast<RankedTensorType>(v.getType()).getElementType());
  return c ? c.getElementType() : Type();
}

/// Real, Imag, Angle, ComplexAbs of a complex tensor; Conj.
LogicalResult complexPart(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value z = l.operand(0);
  Type part = partType(z);
  if (!part)
    return l.error() << "expects a complex input, has " << z.getType();
  auto pt = RankedTensorType::get(l.type(z).getShape(), part);
  FloatMath m{l, pt};
  Value re = l.op("real", z, pt), im = l.op("imag", z, pt);
  StringRef op = l.node.opType;
  Value r;
  if (op == "Real") {
    r = re;
  } else if (op == "Imag") {
    r = im;
  } else if (op == "Angle") {
    r = m.bin("atan2", im, re);
  } else if (op == "Conj") {
    r = l.op("complex", {re, m.un("negate", im)}, l.type(z));
  } else {
    // |z| = hi * sqrt(1 + (lo / hi)^2): no overflow of the squares; an
    // infinite part gives inf, NaN (without an infinite part) NaN.
    Value a = m.un("abs", re), b = m.un("abs", im);
    Value hi = m.bin("maximum", a, b), lo = m.bin("minimum", a, b);
    Value q = m.div(lo, hi);
    Value mag = m.mul(hi, m.un("sqrt", m.add(m.c(1), m.mul(q, q))));
    Value inf = m.c(std::numeric_limits<double>::infinity());
    mag = m.select(m.cmp(hi, m.c(0), "EQ"), m.c(0), mag);
    r = m.select(m.cmp(hi, inf, "EQ"), inf, mag);
  }
  results.push_back(r);
  return success();
}

/// Complex(real, imag), broadcast.
LogicalResult complexRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value re = l.operand(0), im = l.operand(1);
  ArrayRef<int64_t> shape = l.resultType().getShape();
  FailureOr<Value> a = l.broadcastTo(re, shape);
  FailureOr<Value> b = l.broadcastTo(im, shape);
  if (failed(a) || failed(b))
    return failure();
  if (l.type(*a).getElementType() != l.type(*b).getElementType() ||
      !isFloatTensor(*a))
    return l.error() << "expects real and imaginary parts of one float type";
  results.push_back(l.op("complex", {*a, *b}, l.resultType()));
  return success();
}

/// LeftShift/RightShift: the amount clamped to [0, width - 1] as
/// TensorFlow does (x << 40 on int32 is x << 31, a negative amount shifts
/// by 0); RightShift is arithmetic on signed and logical on unsigned types.
LogicalResult shiftRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), y = l.operand(1);
  if (failed(broadcastPair(l, x, y)))
    return failure();
  RankedTensorType t = l.type(x);
  auto it = dyn_cast<IntegerType>(t.getElementType());
  if (!it || it.getWidth() == 1)
    return l.error() << "expects integer operands, has " << t;
  Value amount =
      l.op("clamp", {l.splat(t, 0), y, l.splat(t, it.getWidth() - 1)}, t);
  StringRef name = l.node.opType == "LeftShift" ? "shift_left"
                   : it.isUnsigned()            ? "shift_right_logical"
                                                : "shift_right_arithmetic";
  results.push_back(l.op(name, {x, amount}, t));
  return success();
}

} // namespace

void tohlo::addMathRules(RuleTable &table) {
  for (const char *name : {"Acos", "Asin", "Atanh", "Acosh", "Asinh", "Cosh",
                           "Sinh", "Erf", "Erfc", "IsInf"})
    table[name] = unaryMath;
  for (const char *name : {"Xdivy", "Xlogy", "Xlog1py"})
    table[name] = xRule;
  table["ApproximateEqual"] = approximateEqual;
  table["NextAfter"] = nextAfter;
  for (const char *name : {"Real", "Imag", "Angle", "Conj", "ComplexAbs"})
    table[name] = complexPart;
  table["Complex"] = complexRule;
  table["LeftShift"] = shiftRule;
  table["RightShift"] = shiftRule;
}
