//===- BinaryKernels.cpp - Kernels of binary arithmetic -------------------===//
//
// Binary arithmetic on host tensors, following TensorFlow's CPU kernels:
// - Operands have the same dtype and broadcast (ElementwiseSupport.cpp);
//   bool and string operands are refused. A result whose operands are all
//   splats (or single elements) is a splat.
// - Floats (f16, bf16, float8 computed in double and rounded to nearest
//   even; f32 and f64). Maximum and Minimum propagate NaN. FloorDiv is
//   floor(a / b); FloorMod is fmod adjusted to the sign of the divisor;
//   Mod and TruncateMod are fmod. DivNoNan and MulNoNan give 0 where the
//   divisor (second operand) is 0.
// - Integers wrap (two's complement), so INT_MIN / -1 is INT_MIN and
//   INT_MIN % -1 is 0. Div, RealDiv and TruncateDiv truncate toward zero;
//   FloorDiv rounds toward negative infinity and FloorMod has the sign of
//   the divisor; Mod and TruncateMod have the sign of the dividend. A zero
//   divisor is an error, as it is in TensorFlow ("Integer division by
//   zero"). Pow by a negative exponent is an error; Atan2, DivNoNan and
//   MulNoNan take floats only.
// - complex64/complex128: Add, AddV2, Sub, Mul, Div, RealDiv, DivNoNan,
//   MulNoNan, Pow, SquaredDifference ((a - b) * conj(a - b)).
// - BiasAdd adds a rank-1 bias along the channel dimension: the last one
//   for data_format NHWC (the default), dimension 1 for NCHW.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mlir/IR/Threading.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class BinOp {
  Add,
  Sub,
  Mul,
  Div,
  DivNoNan,
  MulNoNan,
  FloorDiv,
  FloorMod,
  TruncDiv,
  TruncMod,
  Max,
  Min,
  Pow,
  SqDiff,
  Atan2
};
} // namespace

static double applyFloat(BinOp op, double a, double b) {
  switch (op) {
  case BinOp::Add:
    return a + b;
  case BinOp::Sub:
    return a - b;
  case BinOp::Mul:
    return a * b;
  case BinOp::Div:
    return a / b;
  case BinOp::DivNoNan:
    return b == 0 ? 0.0 : a / b;
  case BinOp::MulNoNan:
    return b == 0 ? 0.0 : a * b;
  case BinOp::FloorDiv:
    return std::floor(a / b);
  case BinOp::FloorMod: {
    double r = std::fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  }
  case BinOp::TruncDiv:
    return std::trunc(a / b);
  case BinOp::TruncMod:
    return std::fmod(a, b);
  case BinOp::Max:
    return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b);
  case BinOp::Min:
    return std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b);
  case BinOp::Pow:
    return std::pow(a, b);
  case BinOp::SqDiff:
    return (a - b) * (a - b);
  case BinOp::Atan2:
    return std::atan2(a, b);
  }
  return NAN;
}

/// Signed integers of `width` bits (read sign-extended into int64; the
/// result is wrapped to the width by setInt).
static FailureOr<int64_t> applySigned(EvalContext &ctx, BinOp op, int64_t a,
                                      int64_t b, unsigned width) {
  auto wrap = [](uint64_t v) { return static_cast<int64_t>(v); };
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  int64_t minValue = width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
  switch (op) {
  case BinOp::Add:
    return wrap(ua + ub);
  case BinOp::Sub:
    return wrap(ua - ub);
  case BinOp::Mul:
    return wrap(ua * ub);
  case BinOp::SqDiff: {
    uint64_t d = ua - ub;
    return wrap(d * d);
  }
  case BinOp::Max:
    return std::max(a, b);
  case BinOp::Min:
    return std::min(a, b);
  case BinOp::Div:
  case BinOp::TruncDiv:
  case BinOp::FloorDiv:
  case BinOp::TruncMod:
  case BinOp::FloorMod: {
    if (b == 0)
      return ctx.fail("integer division by zero");
    bool isDiv =
        op == BinOp::Div || op == BinOp::TruncDiv || op == BinOp::FloorDiv;
    if (b == -1) // No overflow: INT_MIN / -1 wraps to INT_MIN.
      return isDiv ? (a == minValue ? a : -a) : 0;
    int64_t q = a / b, r = a % b;
    if (op == BinOp::FloorDiv && r != 0 && ((r < 0) != (b < 0)))
      --q;
    if (op == BinOp::FloorMod && r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return isDiv ? q : r;
  }
  case BinOp::Pow: {
    if (b < 0)
      return ctx.fail("integers to negative integer powers are not allowed");
    uint64_t result = 1, base = ua;
    for (uint64_t e = ub; e; e >>= 1, base *= base)
      if (e & 1)
        result *= base;
    return wrap(result);
  }
  default:
    return ctx.fail("op not defined on integers");
  }
}

static FailureOr<uint64_t> applyUnsigned(EvalContext &ctx, BinOp op, uint64_t a,
                                         uint64_t b) {
  switch (op) {
  case BinOp::Add:
    return a + b;
  case BinOp::Sub:
    return a - b;
  case BinOp::Mul:
    return a * b;
  case BinOp::SqDiff:
    return (a - b) * (a - b);
  case BinOp::Max:
    return std::max(a, b);
  case BinOp::Min:
    return std::min(a, b);
  case BinOp::Div:
  case BinOp::TruncDiv:
  case BinOp::FloorDiv:
    if (b == 0)
      return ctx.fail("integer division by zero");
    return a / b;
  case BinOp::TruncMod:
  case BinOp::FloorMod:
    if (b == 0)
      return ctx.fail("integer division by zero");
    return a % b;
  case BinOp::Pow: {
    uint64_t result = 1, base = a;
    for (uint64_t e = b; e; e >>= 1, base *= base)
      if (e & 1)
        result *= base;
    return result;
  }
  default:
    return ctx.fail("op not defined on integers");
  }
}

static FailureOr<std::complex<double>> applyComplex(EvalContext &ctx, BinOp op,
                                                    std::complex<double> a,
                                                    std::complex<double> b) {
  switch (op) {
  case BinOp::Add:
    return a + b;
  case BinOp::Sub:
    return a - b;
  case BinOp::Mul:
    return a * b;
  case BinOp::Div:
    return a / b;
  case BinOp::DivNoNan:
    return b == std::complex<double>() ? std::complex<double>() : a / b;
  case BinOp::MulNoNan:
    return b == std::complex<double>() ? std::complex<double>() : a * b;
  case BinOp::Pow:
    return std::pow(a, b);
  case BinOp::SqDiff:
    return (a - b) * std::conj(a - b);
  default:
    return ctx.fail("op not defined on complex numbers");
  }
}

/// `a op b` on f32 for the ops whose float result is the double one rounded
/// once (Add, Sub, Mul, Div: exact in double, so the same bits) or that do
/// not round (Maximum, Minimum); SquaredDifference rounds the difference
/// and the square, as TensorFlow's float kernel does. None for the others.
template <BinOp Op> static float applyF32(float a, float b) {
  if constexpr (Op == BinOp::Add)
    return a + b;
  else if constexpr (Op == BinOp::Sub)
    return a - b;
  else if constexpr (Op == BinOp::Mul)
    return a * b;
  else if constexpr (Op == BinOp::Div)
    return a / b;
  else if constexpr (Op == BinOp::Max)
    return std::isnan(a) || std::isnan(b) ? NAN : (a > b ? a : b);
  else if constexpr (Op == BinOp::Min)
    return std::isnan(a) || std::isnan(b) ? NAN : (a < b ? a : b);
  else {
    float d = a - b;
    return d * d;
  }
}

/// The f32 fast path: rows of the result's last dimension, each a loop the
/// compiler vectorizes (operand steps 1 or 0 along the row), rows in
/// parallel on the context's threads for large results.
template <BinOp Op>
static void computeF32Rows(MLIRContext *context, const Broadcast &bc,
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
  if (tasks <= 1) {
    runRows(0, rows);
    return;
  }
  parallelFor(context, 0, static_cast<size_t>(tasks), [&](size_t t) {
    int64_t begin = static_cast<int64_t>(t) * rowsPerTask;
    runRows(begin, std::min(rows, begin + rowsPerTask));
  });
}

/// Runs the f32 fast path of `op`; false when `op` has none.
static bool computeF32(MLIRContext *context, BinOp op, const Broadcast &bc,
                       const HostTensor &a, const HostTensor &b, float *r) {
  switch (op) {
  case BinOp::Add:
    computeF32Rows<BinOp::Add>(context, bc, a, b, r);
    return true;
  case BinOp::Sub:
    computeF32Rows<BinOp::Sub>(context, bc, a, b, r);
    return true;
  case BinOp::Mul:
    computeF32Rows<BinOp::Mul>(context, bc, a, b, r);
    return true;
  case BinOp::Div:
    computeF32Rows<BinOp::Div>(context, bc, a, b, r);
    return true;
  case BinOp::Max:
    computeF32Rows<BinOp::Max>(context, bc, a, b, r);
    return true;
  case BinOp::Min:
    computeF32Rows<BinOp::Min>(context, bc, a, b, r);
    return true;
  case BinOp::SqDiff:
    computeF32Rows<BinOp::SqDiff>(context, bc, a, b, r);
    return true;
  default:
    return false;
  }
}

/// `a op b` with `a` read as of shape `shapeA` and `b` as of `shapeB`.
static LogicalResult computeBinary(EvalContext &ctx, BinOp op,
                                   const HostTensor &a,
                                   ArrayRef<int64_t> shapeA,
                                   const HostTensor &b,
                                   ArrayRef<int64_t> shapeB) {
  Type element = a.getElementType();
  if (element != b.getElementType())
    return ctx.fail("operands of different element types");
  HostElementKind kind = a.getKind();
  if (kind == HostElementKind::Bool || kind == HostElementKind::String)
    return ctx.fail("operands are not numbers");
  bool floatOnly =
      op == BinOp::Atan2 || op == BinOp::DivNoNan || op == BinOp::MulNoNan;
  if (floatOnly && kind != HostElementKind::Float &&
      !(kind == HostElementKind::Complex && op != BinOp::Atan2))
    return ctx.fail("op takes floating-point operands only");
  FailureOr<Broadcast> bc = broadcastShapes(ctx, {shapeA, shapeB});
  if (failed(bc))
    return failure();
  FailureOr<ResultBuilder> out =
      startResult(ctx, element, bc->shape, isUniform(a) && isUniform(b));
  if (failed(out))
    return failure();
  HostTensor &r = out->tensor;
  if (!out->splat && element.isF32() && !bc->shape.empty() && out->size() > 0 &&
      computeF32(ctx.getContext(), op, *bc, a, b, r.data<float>().data()))
    return finishResult(ctx, std::move(*out));
  unsigned width = a.getElementInfo().bitWidth;
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    int64_t ia = out->splat ? 0 : bc->operandIndex(0, i);
    int64_t ib = out->splat ? 0 : bc->operandIndex(1, i);
    switch (kind) {
    case HostElementKind::Float:
      r.setDouble(i, applyFloat(op, a.getDouble(ia), b.getDouble(ib)));
      break;
    case HostElementKind::Signed: {
      FailureOr<int64_t> v =
          applySigned(ctx, op, a.getInt(ia), b.getInt(ib), width);
      if (failed(v))
        return failure();
      r.setInt(i, *v);
      break;
    }
    case HostElementKind::Unsigned: {
      FailureOr<uint64_t> v =
          applyUnsigned(ctx, op, a.getUInt(ia), b.getUInt(ib));
      if (failed(v))
        return failure();
      r.setUInt(i, *v);
      break;
    }
    case HostElementKind::Complex: {
      FailureOr<std::complex<double>> v =
          applyComplex(ctx, op, a.getComplex(ia), b.getComplex(ib));
      if (failed(v))
        return failure();
      r.setComplex(i, *v);
      break;
    }
    default:
      return ctx.fail("operands are not numbers");
    }
  }
  return finishResult(ctx, std::move(*out));
}

template <BinOp Op> static LogicalResult binary(EvalContext &ctx) {
  if (ctx.getNumOperands() != 2)
    return ctx.fail("expected two operands");
  FailureOr<const HostTensor *> a = getOperand(ctx, 0);
  if (failed(a))
    return failure();
  FailureOr<const HostTensor *> b = getOperand(ctx, 1);
  if (failed(b))
    return failure();
  return computeBinary(ctx, Op, **a, (*a)->getShape(), **b, (*b)->getShape());
}

static LogicalResult biasAddKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 2)
    return ctx.fail("expected two operands");
  FailureOr<const HostTensor *> value = getOperand(ctx, 0);
  if (failed(value))
    return failure();
  FailureOr<const HostTensor *> bias = getOperand(ctx, 1);
  if (failed(bias))
    return failure();
  ArrayRef<int64_t> shape = (*value)->getShape();
  if (shape.size() < 2 || (*bias)->getRank() != 1)
    return ctx.fail("BiasAdd needs a value of rank >= 2 and a rank-1 bias");
  StringRef format = "NHWC";
  if (auto attr = dyn_cast_if_present<StringAttr>(ctx.getAttr("data_format")))
    format = attr.getValue();
  if (format != "NHWC" && format != "NCHW")
    return ctx.fail("unsupported data_format '" + format + "'");
  size_t channel = format == "NCHW" ? 1 : shape.size() - 1;
  int64_t channels = (*bias)->getShape()[0];
  if (shape[channel] != channels)
    return ctx.fail("bias of shape " + formatShape((*bias)->getShape()) +
                    " does not match the channels of " + formatShape(shape));
  // The bias, seen as [C, 1, ..., 1] aligned on the channel dimension.
  SmallVector<int64_t, 4> biasShape(shape.size() - channel, 1);
  biasShape[0] = channels;
  return computeBinary(ctx, BinOp::Add, **value, shape, **bias, biasShape);
}

void mlir::tfg::addBinaryKernels(EvalKernelTable &table) {
  // Add on strings concatenates: the kernel takes numbers only.
  addKernels(table, {"Add", "AddV2"}, binary<BinOp::Add>);
  addKernels(table, {"Sub"}, binary<BinOp::Sub>);
  addKernels(table, {"Mul"}, binary<BinOp::Mul>);
  addKernels(table, {"Div", "RealDiv"}, binary<BinOp::Div>);
  addKernels(table, {"DivNoNan"}, binary<BinOp::DivNoNan>);
  addKernels(table, {"MulNoNan"}, binary<BinOp::MulNoNan>);
  addKernels(table, {"FloorDiv"}, binary<BinOp::FloorDiv>);
  addKernels(table, {"FloorMod"}, binary<BinOp::FloorMod>);
  addKernels(table, {"TruncateDiv"}, binary<BinOp::TruncDiv>);
  addKernels(table, {"TruncateMod", "Mod"}, binary<BinOp::TruncMod>);
  addKernels(table, {"Maximum"}, binary<BinOp::Max>);
  addKernels(table, {"Minimum"}, binary<BinOp::Min>);
  addKernels(table, {"Pow"}, binary<BinOp::Pow>);
  addKernels(table, {"SquaredDifference"}, binary<BinOp::SqDiff>);
  addKernels(table, {"Atan2"}, binary<BinOp::Atan2>);
  addKernels(table, {"BiasAdd"}, biasAddKernel);
}
