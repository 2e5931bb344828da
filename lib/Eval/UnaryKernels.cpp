//===- UnaryKernels.cpp - Kernels of unary math ---------------------------===//
//
// Unary math on host tensors, following TensorFlow's CPU kernels. A splat
// (or single-element) operand gives a splat result.
// - Floats (f16, bf16 and float8 computed in double, rounded to nearest
//   even): Neg, Abs, Sign (NaN stays NaN), Square, Sqrt, Rsqrt, Reciprocal
//   and Inv (1 / x), Exp, Expm1, Log, Log1p, Sin, Cos, Tan, Tanh, Sigmoid,
//   Relu, Relu6, Elu (expm1(x) below 0), Selu (TensorFlow's scale and
//   alpha), Softplus (log(1 + exp(x)) computed without overflow), Floor,
//   Ceil, Round and Rint (half to even), Erf, LeakyRelu (`alpha`, 0.2 by
//   default: alpha * x below 0). Relu and friends keep NaN.
//   IsNan, IsInf and IsFinite give bools.
// - Signed integers (wrapping: Neg and Abs of INT_MIN are INT_MIN): Neg,
//   Abs, Sign, Square, Relu, Relu6. Unsigned: Sign, Square.
// - complex: Neg, Square, Sqrt, Rsqrt, Reciprocal, Inv, Exp, Log, Sin, Cos,
//   Tan, Tanh, Sign (x / |x|, 0 for 0).
// - ZerosLike and OnesLike: every dtype but strings; always a splat.
// - LogicalNot: bool.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mlir/IR/Threading.h"

#include "mlir/IR/Builders.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class UnOp {
  Neg,
  Abs,
  Sign,
  Square,
  Sqrt,
  Rsqrt,
  Reciprocal,
  Exp,
  Expm1,
  Log,
  Log1p,
  Sin,
  Cos,
  Tan,
  Tanh,
  Sigmoid,
  Relu,
  Relu6,
  Elu,
  Selu,
  Softplus,
  Floor,
  Ceil,
  Round,
  Erf,
  LeakyRelu
};
enum class Predicate { IsNan, IsInf, IsFinite };
} // namespace

static double applyFloat(UnOp op, double x, double alpha) {
  switch (op) {
  case UnOp::Neg:
    return -x;
  case UnOp::Abs:
    return std::fabs(x);
  case UnOp::Sign:
    return std::isnan(x) ? x : double((x > 0) - (x < 0));
  case UnOp::Square:
    return x * x;
  case UnOp::Sqrt:
    return std::sqrt(x);
  case UnOp::Rsqrt:
    return 1.0 / std::sqrt(x);
  case UnOp::Reciprocal:
    return 1.0 / x;
  case UnOp::Exp:
    return std::exp(x);
  case UnOp::Expm1:
    return std::expm1(x);
  case UnOp::Log:
    return std::log(x);
  case UnOp::Log1p:
    return std::log1p(x);
  case UnOp::Sin:
    return std::sin(x);
  case UnOp::Cos:
    return std::cos(x);
  case UnOp::Tan:
    return std::tan(x);
  case UnOp::Tanh:
    return std::tanh(x);
  case UnOp::Sigmoid:
    return 1.0 / (1.0 + std::exp(-x));
  case UnOp::Relu:
    return x < 0 ? 0.0 : x;
  case UnOp::Relu6:
    return x < 0 ? 0.0 : (x > 6 ? 6.0 : x);
  case UnOp::Elu:
    return x < 0 ? std::expm1(x) : x;
  case UnOp::Selu: {
    const double scale = 1.0507009873554804934193349852946;
    const double selAlpha = 1.6732632423543772848170429916717;
    return x < 0 ? scale * selAlpha * std::expm1(x) : scale * x;
  }
  case UnOp::Softplus:
    return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
  case UnOp::Floor:
    return std::floor(x);
  case UnOp::Ceil:
    return std::ceil(x);
  case UnOp::Round:
    // The default rounding mode is to nearest, ties to even.
    return std::nearbyint(x);
  case UnOp::Erf:
    return std::erf(x);
  case UnOp::LeakyRelu:
    return x < 0 ? alpha * x : x;
  }
  return NAN;
}

static FailureOr<int64_t> applySigned(EvalContext &ctx, UnOp op, int64_t x) {
  uint64_t ux = static_cast<uint64_t>(x);
  switch (op) {
  case UnOp::Neg:
    return static_cast<int64_t>(0 - ux);
  case UnOp::Abs:
    return x < 0 ? static_cast<int64_t>(0 - ux) : x;
  case UnOp::Sign:
    return (x > 0) - (x < 0);
  case UnOp::Square:
    return static_cast<int64_t>(ux * ux);
  case UnOp::Relu:
    return x < 0 ? 0 : x;
  case UnOp::Relu6:
    return x < 0 ? 0 : (x > 6 ? 6 : x);
  default:
    return ctx.fail("op not defined on integers");
  }
}

static FailureOr<std::complex<double>> applyComplex(EvalContext &ctx, UnOp op,
                                                    std::complex<double> x) {
  switch (op) {
  case UnOp::Neg:
    return -x;
  case UnOp::Square:
    return x * x;
  case UnOp::Sqrt:
    return std::sqrt(x);
  case UnOp::Rsqrt:
    return 1.0 / std::sqrt(x);
  case UnOp::Reciprocal:
    return 1.0 / x;
  case UnOp::Exp:
    return std::exp(x);
  case UnOp::Log:
    return std::log(x);
  case UnOp::Sin:
    return std::sin(x);
  case UnOp::Cos:
    return std::cos(x);
  case UnOp::Tan:
    return std::tan(x);
  case UnOp::Tanh:
    return std::tanh(x);
  case UnOp::Sign:
    return x == std::complex<double>() ? x : x / std::abs(x);
  default:
    return ctx.fail("op not defined on complex numbers");
  }
}

/// The single operand, or a failure.
static FailureOr<const HostTensor *> getUnaryOperand(EvalContext &ctx) {
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected one operand");
  return getOperand(ctx, 0);
}

template <UnOp Op> static LogicalResult unary(EvalContext &ctx) {
  FailureOr<const HostTensor *> operand = getUnaryOperand(ctx);
  if (failed(operand))
    return failure();
  const HostTensor &x = **operand;
  HostElementKind kind = x.getKind();
  double alpha = 0.2;
  if (auto attr = dyn_cast_if_present<FloatAttr>(ctx.getAttr("alpha")))
    alpha = attr.getValueAsDouble();
  FailureOr<ResultBuilder> out =
      startResult(ctx, x.getElementType(), x.getShape(), isUniform(x));
  if (failed(out))
    return failure();
  HostTensor &r = out->tensor;
  if (x.getElementType().isF32() && !out->splat && out->size() > 0) {
    // f32 fast path: the same double computation rounded once, on typed
    // storage, in chunks on the context's threads.
    const float *in = x.data<float>().data();
    float *o = r.data<float>().data();
    constexpr int64_t kChunk = 1 << 15;
    int64_t n = out->size(), chunks = (n + kChunk - 1) / kChunk;
    auto run = [&](size_t c) {
      int64_t begin = static_cast<int64_t>(c) * kChunk;
      for (int64_t i = begin, e = std::min(n, begin + kChunk); i < e; ++i)
        o[i] = static_cast<float>(applyFloat(Op, in[i], alpha));
    };
    if (chunks == 1)
      run(0);
    else
      parallelFor(ctx.getContext(), 0, static_cast<size_t>(chunks), run);
    return finishResult(ctx, std::move(*out));
  }
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    switch (kind) {
    case HostElementKind::Float:
      r.setDouble(i, applyFloat(Op, x.getDouble(i), alpha));
      break;
    case HostElementKind::Signed: {
      FailureOr<int64_t> v = applySigned(ctx, Op, x.getInt(i));
      if (failed(v))
        return failure();
      r.setInt(i, *v);
      break;
    }
    case HostElementKind::Unsigned: {
      uint64_t v = x.getUInt(i);
      if (Op == UnOp::Sign)
        r.setUInt(i, v != 0);
      else if (Op == UnOp::Square)
        r.setUInt(i, v * v);
      else
        return ctx.fail("op not defined on unsigned integers");
      break;
    }
    case HostElementKind::Complex: {
      FailureOr<std::complex<double>> v =
          applyComplex(ctx, Op, x.getComplex(i));
      if (failed(v))
        return failure();
      r.setComplex(i, *v);
      break;
    }
    default:
      return ctx.fail("operand is not a number");
    }
  }
  return finishResult(ctx, std::move(*out));
}

template <Predicate P> static LogicalResult predicate(EvalContext &ctx) {
  FailureOr<const HostTensor *> operand = getUnaryOperand(ctx);
  if (failed(operand))
    return failure();
  const HostTensor &x = **operand;
  if (x.getKind() != HostElementKind::Float)
    return ctx.fail("operand is not floating-point");
  FailureOr<ResultBuilder> out = startResult(
      ctx, IntegerType::get(ctx.getContext(), 1), x.getShape(), isUniform(x));
  if (failed(out))
    return failure();
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    double v = x.getDouble(i);
    bool b = P == Predicate::IsNan   ? std::isnan(v)
             : P == Predicate::IsInf ? std::isinf(v)
                                     : std::isfinite(v);
    out->tensor.setInt(i, b);
  }
  return finishResult(ctx, std::move(*out));
}

template <int Value> static LogicalResult fillLike(EvalContext &ctx) {
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected one operand");
  // Only the type is read.
  auto type = dyn_cast_if_present<RankedTensorType>(ctx.getType(0));
  if (!type || !type.hasStaticShape())
    return ctx.fail("operand shape is not static");
  FailureOr<ResultBuilder> out =
      startResult(ctx, type.getElementType(), type.getShape(), true);
  if (failed(out))
    return failure();
  HostTensor &r = out->tensor;
  if (r.getNumElements() == 1) {
    switch (r.getKind()) {
    case HostElementKind::Float:
      r.setDouble(0, Value);
      break;
    case HostElementKind::Complex:
      r.setComplex(0, Value);
      break;
    case HostElementKind::String:
      return ctx.fail("operand is a string");
    default:
      r.setInt(0, Value);
    }
  }
  return finishResult(ctx, std::move(*out));
}

static LogicalResult logicalNotKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> operand = getUnaryOperand(ctx);
  if (failed(operand))
    return failure();
  const HostTensor &x = **operand;
  if (x.getKind() != HostElementKind::Bool)
    return ctx.fail("operand is not bool");
  FailureOr<ResultBuilder> out =
      startResult(ctx, x.getElementType(), x.getShape(), isUniform(x));
  if (failed(out))
    return failure();
  for (int64_t i = 0, n = out->size(); i < n; ++i)
    out->tensor.setInt(i, !x.getInt(i));
  return finishResult(ctx, std::move(*out));
}

void mlir::tfg::addUnaryKernels(EvalKernelTable &table) {
  addKernels(table, {"Neg"}, unary<UnOp::Neg>);
  addKernels(table, {"Abs"}, unary<UnOp::Abs>);
  addKernels(table, {"Sign"}, unary<UnOp::Sign>);
  addKernels(table, {"Square"}, unary<UnOp::Square>);
  addKernels(table, {"Sqrt"}, unary<UnOp::Sqrt>);
  addKernels(table, {"Rsqrt"}, unary<UnOp::Rsqrt>);
  addKernels(table, {"Reciprocal", "Inv"}, unary<UnOp::Reciprocal>);
  addKernels(table, {"Exp"}, unary<UnOp::Exp>);
  addKernels(table, {"Expm1"}, unary<UnOp::Expm1>);
  addKernels(table, {"Log"}, unary<UnOp::Log>);
  addKernels(table, {"Log1p"}, unary<UnOp::Log1p>);
  addKernels(table, {"Sin"}, unary<UnOp::Sin>);
  addKernels(table, {"Cos"}, unary<UnOp::Cos>);
  addKernels(table, {"Tan"}, unary<UnOp::Tan>);
  addKernels(table, {"Tanh"}, unary<UnOp::Tanh>);
  addKernels(table, {"Sigmoid"}, unary<UnOp::Sigmoid>);
  addKernels(table, {"Relu"}, unary<UnOp::Relu>);
  addKernels(table, {"Relu6"}, unary<UnOp::Relu6>);
  addKernels(table, {"Elu"}, unary<UnOp::Elu>);
  addKernels(table, {"Selu"}, unary<UnOp::Selu>);
  addKernels(table, {"Softplus"}, unary<UnOp::Softplus>);
  addKernels(table, {"Floor"}, unary<UnOp::Floor>);
  addKernels(table, {"Ceil"}, unary<UnOp::Ceil>);
  addKernels(table, {"Round", "Rint"}, unary<UnOp::Round>);
  addKernels(table, {"Erf"}, unary<UnOp::Erf>);
  addKernels(table, {"LeakyRelu"}, unary<UnOp::LeakyRelu>);
  addKernels(table, {"IsNan"}, predicate<Predicate::IsNan>);
  addKernels(table, {"IsInf"}, predicate<Predicate::IsInf>);
  addKernels(table, {"IsFinite"}, predicate<Predicate::IsFinite>);
  addKernels(table, {"ZerosLike"}, fillLike<0>);
  addKernels(table, {"OnesLike"}, fillLike<1>);
  addKernels(table, {"LogicalNot"}, logicalNotKernel);
}
