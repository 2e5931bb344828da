//===- Binary.cpp - Binary elementwise compute ----------------------------===//
//
// computeBinary and computeBitwise (tfg/Eval/Compute/Elementwise.h): the
// per-element arithmetic of each element kind, the semantics TensorFlow and
// StableHLO differ on taken from ElementwiseSemantics, and an f32 fast path
// (rows of the result's last dimension, each a loop the compiler
// vectorizes, rows in parallel on the context's threads for large results).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Broadcast.h"
#include "tfg/Eval/Compute/Elementwise.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

/// max(a, b) (or min) of two ordered values (no NaN) by `order`.
template <typename T>
static T maxOrdered(T a, T b, bool max, SignedZeroOrder order) {
  if (order == SignedZeroOrder::Ieee && a == b && a == 0 &&
      std::signbit(a) != std::signbit(b))
    return (std::signbit(a) == max) ? b : a;
  if (max)
    return a < b ? b : a;
  return b < a ? b : a;
}

/// max(a, b) (or min) of floats by the semantics' NaN and signed zero
/// rules.
static double maxFloat(double a, double b, bool max,
                       const ElementwiseSemantics &s) {
  if (std::isnan(a) || std::isnan(b)) {
    if (s.propagateNaN)
      return NAN;
    return std::isnan(a) ? b : a;
  }
  return maxOrdered(a, b, max, s.signedZeroOrder);
}

static double applyFloat(BinaryOp op, double a, double b,
                         const ElementwiseSemantics &s) {
  switch (op) {
  case BinaryOp::Add:
    return a + b;
  case BinaryOp::Sub:
    return a - b;
  case BinaryOp::Mul:
    return a * b;
  case BinaryOp::Div:
    return a / b;
  case BinaryOp::DivNoNan:
    return b == 0 ? 0.0 : a / b;
  case BinaryOp::MulNoNan:
    return b == 0 ? 0.0 : a * b;
  case BinaryOp::FloorDiv:
    return std::floor(a / b);
  case BinaryOp::FloorMod: {
    double r = std::fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  }
  case BinaryOp::TruncDiv:
    return std::trunc(a / b);
  case BinaryOp::TruncMod:
    return std::fmod(a, b);
  case BinaryOp::Max:
    return maxFloat(a, b, true, s);
  case BinaryOp::Min:
    return maxFloat(a, b, false, s);
  case BinaryOp::Pow:
    return std::pow(a, b);
  case BinaryOp::SquaredDifference:
    return (a - b) * (a - b);
  case BinaryOp::Atan2:
    return std::atan2(a, b);
  }
  return NAN;
}

static bool isDivision(BinaryOp op) {
  return op == BinaryOp::Div || op == BinaryOp::TruncDiv ||
         op == BinaryOp::FloorDiv;
}

/// Signed integers of `width` bits (read sign-extended into int64; the
/// result is wrapped to the width by setInt).
static llvm::Expected<int64_t> applySigned(BinaryOp op, int64_t a, int64_t b,
                                           unsigned width,
                                           const ElementwiseSemantics &s) {
  auto wrap = [](uint64_t v) { return static_cast<int64_t>(v); };
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  int64_t minValue = width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
  switch (op) {
  case BinaryOp::Add:
    return wrap(ua + ub);
  case BinaryOp::Sub:
    return wrap(ua - ub);
  case BinaryOp::Mul:
    return wrap(ua * ub);
  case BinaryOp::SquaredDifference: {
    uint64_t d = ua - ub;
    return wrap(d * d);
  }
  case BinaryOp::Max:
    return std::max(a, b);
  case BinaryOp::Min:
    return std::min(a, b);
  case BinaryOp::Div:
  case BinaryOp::TruncDiv:
  case BinaryOp::FloorDiv:
  case BinaryOp::TruncMod:
  case BinaryOp::FloorMod: {
    bool isDiv = isDivision(op);
    if (b == 0) {
      if (s.intDivByZero == IntDivByZero::Error)
        return computeError("integer division by zero");
      return isDiv ? int64_t(-1) : a;
    }
    if (b == -1) // No overflow: INT_MIN / -1 wraps to INT_MIN.
      return isDiv ? (a == minValue ? a : -a) : 0;
    int64_t q = a / b, r = a % b;
    if (op == BinaryOp::FloorDiv && r != 0 && ((r < 0) != (b < 0)))
      --q;
    if (op == BinaryOp::FloorMod && r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return isDiv ? q : r;
  }
  case BinaryOp::Pow: {
    if (b < 0) {
      if (s.negativeIntPow == NegativeIntPow::Error)
        return computeError(
            "integers to negative integer powers are not allowed");
      if (a == 1)
        return 1;
      if (a == -1)
        return (ub & 1) ? -1 : 1;
      return 0;
    }
    uint64_t result = 1, base = ua;
    for (uint64_t e = ub; e; e >>= 1, base *= base)
      if (e & 1)
        result *= base;
    return wrap(result);
  }
  default:
    return computeError("op not defined on integers");
  }
}

static llvm::Expected<uint64_t> applyUnsigned(BinaryOp op, uint64_t a,
                                              uint64_t b,
                                              const ElementwiseSemantics &s) {
  switch (op) {
  case BinaryOp::Add:
    return a + b;
  case BinaryOp::Sub:
    return a - b;
  case BinaryOp::Mul:
    return a * b;
  case BinaryOp::SquaredDifference:
    return (a - b) * (a - b);
  case BinaryOp::Max:
    return std::max(a, b);
  case BinaryOp::Min:
    return std::min(a, b);
  case BinaryOp::Div:
  case BinaryOp::TruncDiv:
  case BinaryOp::FloorDiv:
  case BinaryOp::TruncMod:
  case BinaryOp::FloorMod:
    if (b == 0) {
      if (s.intDivByZero == IntDivByZero::Error)
        return computeError("integer division by zero");
      return isDivision(op) ? ~uint64_t(0) : a;
    }
    return isDivision(op) ? a / b : a % b;
  case BinaryOp::Pow: {
    uint64_t result = 1, base = a;
    for (uint64_t e = b; e; e >>= 1, base *= base)
      if (e & 1)
        result *= base;
    return result;
  }
  default:
    return computeError("op not defined on integers");
  }
}

static llvm::Expected<std::complex<double>>
applyComplex(BinaryOp op, std::complex<double> a, std::complex<double> b,
             const ElementwiseSemantics &s) {
  switch (op) {
  case BinaryOp::Add:
    return a + b;
  case BinaryOp::Sub:
    return a - b;
  case BinaryOp::Mul:
    return a * b;
  case BinaryOp::Div:
    return a / b;
  case BinaryOp::DivNoNan:
    return b == std::complex<double>() ? std::complex<double>() : a / b;
  case BinaryOp::MulNoNan:
    return b == std::complex<double>() ? std::complex<double>() : a * b;
  case BinaryOp::Pow:
    return std::pow(a, b);
  case BinaryOp::SquaredDifference:
    return (a - b) * std::conj(a - b);
  case BinaryOp::Max:
  case BinaryOp::Min: {
    if (!s.lexicographicComplexMinMax)
      break;
    bool less =
        a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
    bool greater =
        b.real() < a.real() || (a.real() == b.real() && b.imag() < a.imag());
    return op == BinaryOp::Max ? (less ? b : a) : (greater ? b : a);
  }
  default:
    break;
  }
  return computeError("op not defined on complex numbers");
}

/// `a op b` on f32 for the ops whose float result is the double one rounded
/// once (Add, Sub, Mul, Div: exact in double, so the same bits) or that do
/// not round (Maximum, Minimum, by TensorFlow's semantics: NaN propagates,
/// the first operand wins a tie); SquaredDifference rounds the difference
/// and the square, as TensorFlow's float kernel does.
template <BinaryOp Op> static float applyF32(float a, float b) {
  if constexpr (Op == BinaryOp::Add)
    return a + b;
  else if constexpr (Op == BinaryOp::Sub)
    return a - b;
  else if constexpr (Op == BinaryOp::Mul)
    return a * b;
  else if constexpr (Op == BinaryOp::Div)
    return a / b;
  else if constexpr (Op == BinaryOp::Max)
    return std::isnan(a) || std::isnan(b) ? NAN : (a < b ? b : a);
  else if constexpr (Op == BinaryOp::Min)
    return std::isnan(a) || std::isnan(b) ? NAN : (b < a ? b : a);
  else {
    float d = a - b;
    return d * d;
  }
}

template <BinaryOp Op>
static void computeF32Rows(const ComputeEnv &env, const Broadcast &bc,
                           const HostTensor &a, const HostTensor &b, float *r) {
  ArrayRef<int64_t> shape = bc.shape;
  int64_t rank = shape.size();
  int64_t inner = shape.back();
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < rank; ++d)
    rows *= shape[d];
  const float *pa = a.data<float>().data();
  const float *pb = b.data<float>().data();
  // A splat operand stores one element: every step is 0.
  auto step = [&](const HostTensor &t, unsigned k, int64_t d) {
    return t.isSplat() ? 0 : bc.strides[k][d];
  };
  int64_t sa = step(a, 0, rank - 1), sb = step(b, 1, rank - 1);
  auto runRows = [&](int64_t begin, int64_t end) {
    for (int64_t row = begin; row < end; ++row) {
      int64_t oa = 0, ob = 0;
      for (int64_t d = rank - 2, rest = row; d >= 0; --d) {
        int64_t idx = rest % shape[d];
        rest /= shape[d];
        oa += idx * step(a, 0, d);
        ob += idx * step(b, 1, d);
      }
      const float *x = pa + oa, *y = pb + ob;
      float *out = r + row * inner;
      if (sa == 1 && sb == 1)
        for (int64_t i = 0; i < inner; ++i)
          out[i] = applyF32<Op>(x[i], y[i]);
      else if (sa == 1)
        for (int64_t i = 0; i < inner; ++i)
          out[i] = applyF32<Op>(x[i], y[0]);
      else if (sb == 1)
        for (int64_t i = 0; i < inner; ++i)
          out[i] = applyF32<Op>(x[0], y[i]);
      else
        for (int64_t i = 0; i < inner; ++i)
          out[i] = applyF32<Op>(x[0], y[0]);
    }
  };
  constexpr int64_t kElementsPerTask = 1 << 15;
  int64_t rowsPerTask = std::max<int64_t>(1, kElementsPerTask / inner);
  int64_t tasks = (rows + rowsPerTask - 1) / rowsPerTask;
  computeParallelFor(env, tasks, [&](int64_t t) {
    int64_t begin = t * rowsPerTask;
    runRows(begin, std::min(rows, begin + rowsPerTask));
  });
}

/// Runs the f32 fast path of `op`; false when `op` has none under `s`.
static bool computeF32(const ComputeEnv &env, BinaryOp op,
                       const ElementwiseSemantics &s, const Broadcast &bc,
                       const HostTensor &a, const HostTensor &b, float *r) {
  bool tfMinMax =
      s.propagateNaN && s.signedZeroOrder == SignedZeroOrder::FirstOperand;
  switch (op) {
  case BinaryOp::Add:
    computeF32Rows<BinaryOp::Add>(env, bc, a, b, r);
    return true;
  case BinaryOp::Sub:
    computeF32Rows<BinaryOp::Sub>(env, bc, a, b, r);
    return true;
  case BinaryOp::Mul:
    computeF32Rows<BinaryOp::Mul>(env, bc, a, b, r);
    return true;
  case BinaryOp::Div:
    computeF32Rows<BinaryOp::Div>(env, bc, a, b, r);
    return true;
  case BinaryOp::Max:
    if (!tfMinMax)
      return false;
    computeF32Rows<BinaryOp::Max>(env, bc, a, b, r);
    return true;
  case BinaryOp::Min:
    if (!tfMinMax)
      return false;
    computeF32Rows<BinaryOp::Min>(env, bc, a, b, r);
    return true;
  case BinaryOp::SquaredDifference:
    computeF32Rows<BinaryOp::SquaredDifference>(env, bc, a, b, r);
    return true;
  default:
    return false;
  }
}

llvm::Expected<HostTensor>
mlir::tfg::computeBinary(const ComputeEnv &env, BinaryOp op,
                         const HostTensor &a, ArrayRef<int64_t> shapeA,
                         const HostTensor &b, ArrayRef<int64_t> shapeB,
                         const ElementwiseSemantics &semantics) {
  Type element = a.getElementType();
  if (element != b.getElementType())
    return computeError("operands of different element types");
  HostElementKind kind = a.getKind();
  bool minMax = op == BinaryOp::Max || op == BinaryOp::Min;
  bool logical =
      kind == HostElementKind::Bool && minMax && semantics.logicalBoolMinMax;
  if ((kind == HostElementKind::Bool && !logical) ||
      kind == HostElementKind::String)
    return computeError("operands are not numbers");
  bool floatOnly = op == BinaryOp::Atan2 || op == BinaryOp::DivNoNan ||
                   op == BinaryOp::MulNoNan;
  if (floatOnly && kind != HostElementKind::Float &&
      !(kind == HostElementKind::Complex && op != BinaryOp::Atan2))
    return computeError("op takes floating-point operands only");
  llvm::Expected<Broadcast> bc = broadcastShapes({shapeA, shapeB});
  if (!bc)
    return bc.takeError();
  llvm::Expected<ResultBuilder> out =
      startResult(env, element, bc->shape, isUniform(a) && isUniform(b));
  if (!out)
    return out.takeError();
  HostTensor &r = out->tensor;
  if (!out->splat && element.isF32() && !bc->shape.empty() && out->size() > 0 &&
      computeF32(env, op, semantics, *bc, a, b, r.data<float>().data()))
    return finishResult(std::move(*out));
  unsigned width = a.getElementInfo().bitWidth;
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    int64_t ia = out->splat ? 0 : bc->operandIndex(0, i);
    int64_t ib = out->splat ? 0 : bc->operandIndex(1, i);
    switch (kind) {
    case HostElementKind::Bool: {
      bool x = a.getInt(ia) != 0, y = b.getInt(ib) != 0;
      r.setInt(i, op == BinaryOp::Max ? (x || y) : (x && y));
      break;
    }
    case HostElementKind::Float:
      r.setDouble(i,
                  applyFloat(op, a.getDouble(ia), b.getDouble(ib), semantics));
      break;
    case HostElementKind::Signed: {
      llvm::Expected<int64_t> v =
          applySigned(op, a.getInt(ia), b.getInt(ib), width, semantics);
      if (!v)
        return v.takeError();
      r.setInt(i, *v);
      break;
    }
    case HostElementKind::Unsigned: {
      llvm::Expected<uint64_t> v =
          applyUnsigned(op, a.getUInt(ia), b.getUInt(ib), semantics);
      if (!v)
        return v.takeError();
      r.setUInt(i, *v);
      break;
    }
    case HostElementKind::Complex: {
      llvm::Expected<std::complex<double>> v =
          applyComplex(op, a.getComplex(ia), b.getComplex(ib), semantics);
      if (!v)
        return v.takeError();
      r.setComplex(i, *v);
      break;
    }
    default:
      return computeError("operands are not numbers");
    }
  }
  return finishResult(std::move(*out));
}

//===----------------------------------------------------------------------===//
// Bitwise
//===----------------------------------------------------------------------===//

/// Element i as its two's complement bits, sign-extended for signed types.
static uint64_t bitsOf(const HostTensor &t, int64_t i) {
  return t.getKind() == HostElementKind::Signed
             ? static_cast<uint64_t>(t.getInt(i))
             : t.getUInt(i);
}

/// `a` (bits, sign-extended when signed) shifted by `b`.
static uint64_t shift(BitwiseOp op, uint64_t a, uint64_t b, bool isSigned,
                      int64_t width, ShiftOutOfRange mode) {
  // Logical right shifts read the element's own bits, not the extension.
  uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  bool arithmetic = (op == BitwiseOp::RightShift && isSigned) ||
                    op == BitwiseOp::ArithmeticRightShift;
  // The element's bits sign-extended from its top bit (ArithmeticRightShift
  // of an unsigned type fills with that bit too).
  if (op == BitwiseOp::ArithmeticRightShift && width < 64 &&
      ((a >> (width - 1)) & 1))
    a |= ~mask;
  int64_t amount;
  if (mode == ShiftOutOfRange::Clamp) {
    // The amount, clamped to [0, width - 1].
    amount = isSigned ? static_cast<int64_t>(b)
                      : static_cast<int64_t>(std::min<uint64_t>(
                            b, static_cast<uint64_t>(width)));
    amount = std::clamp<int64_t>(amount, 0, width - 1);
  } else {
    // The amount as unsigned bits of the element's width; the width or
    // more shifts every bit out.
    uint64_t u = b & mask;
    if (u >= static_cast<uint64_t>(width)) {
      if (arithmetic)
        return static_cast<int64_t>(a) < 0 ? ~uint64_t(0) : 0;
      return 0;
    }
    amount = static_cast<int64_t>(u);
  }
  switch (op) {
  case BitwiseOp::LeftShift:
    return a << amount;
  case BitwiseOp::RightShift:
  case BitwiseOp::ArithmeticRightShift:
    return arithmetic ? static_cast<uint64_t>(static_cast<int64_t>(a) >> amount)
                      : a >> amount;
  default:
    return (a & mask) >> amount;
  }
}

llvm::Expected<HostTensor>
mlir::tfg::computeBitwise(const ComputeEnv &env, BitwiseOp op,
                          const HostTensor &x, const HostTensor &y,
                          const ElementwiseSemantics &semantics) {
  bool isInteger = x.getKind() == HostElementKind::Signed ||
                   x.getKind() == HostElementKind::Unsigned;
  if (x.getElementType() != y.getElementType() || !isInteger)
    return computeError("operands must be integers of the same type");
  bool isSigned = x.getKind() == HostElementKind::Signed;
  int64_t width = x.getElementInfo().bitWidth;
  llvm::Expected<Broadcast> bc = broadcastShapes({x.getShape(), y.getShape()});
  if (!bc)
    return bc.takeError();
  llvm::Expected<ResultBuilder> out = startResult(
      env, x.getElementType(), bc->shape, isUniform(x) && isUniform(y));
  if (!out)
    return out.takeError();
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    int64_t ia = out->splat ? 0 : bc->operandIndex(0, i);
    int64_t ib = out->splat ? 0 : bc->operandIndex(1, i);
    uint64_t a = bitsOf(x, ia), b = bitsOf(y, ib), v = 0;
    switch (op) {
    case BitwiseOp::And:
      v = a & b;
      break;
    case BitwiseOp::Or:
      v = a | b;
      break;
    case BitwiseOp::Xor:
      v = a ^ b;
      break;
    default:
      v = shift(op, a, b, isSigned, width, semantics.shiftOutOfRange);
      break;
    }
    out->tensor.setUInt(i, v);
  }
  return finishResult(std::move(*out));
}
