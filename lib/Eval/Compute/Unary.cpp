//===- Unary.cpp - Unary elementwise compute ------------------------------===//
//
// computeUnary and computeFloatClass (tfg/Eval/Compute/Elementwise.h):
// floats compute in double and round once into their type (f32 on typed
// storage, in chunks on the context's threads); ints wrap.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Elementwise.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

static double applyFloat(UnaryOp op, double x, double alpha,
                         RoundingMode rounding, bool keepZeroSign) {
  switch (op) {
  case UnaryOp::Neg:
    return -x;
  case UnaryOp::Abs:
    return std::fabs(x);
  case UnaryOp::Sign:
    if (x == 0 && keepZeroSign)
      return x;
    return std::isnan(x) ? x : double((x > 0) - (x < 0));
  case UnaryOp::Square:
    return x * x;
  case UnaryOp::Sqrt:
    return std::sqrt(x);
  case UnaryOp::Rsqrt:
    return 1.0 / std::sqrt(x);
  case UnaryOp::Reciprocal:
    return 1.0 / x;
  case UnaryOp::Exp:
    return std::exp(x);
  case UnaryOp::Expm1:
    return std::expm1(x);
  case UnaryOp::Log:
    return std::log(x);
  case UnaryOp::Log1p:
    return std::log1p(x);
  case UnaryOp::Sin:
    return std::sin(x);
  case UnaryOp::Cos:
    return std::cos(x);
  case UnaryOp::Tan:
    return std::tan(x);
  case UnaryOp::Tanh:
    return std::tanh(x);
  case UnaryOp::Sigmoid:
    return 1.0 / (1.0 + std::exp(-x));
  case UnaryOp::Relu:
    return x < 0 ? 0.0 : x;
  case UnaryOp::Relu6:
    return x < 0 ? 0.0 : (x > 6 ? 6.0 : x);
  case UnaryOp::Elu:
    return x < 0 ? std::expm1(x) : x;
  case UnaryOp::Selu: {
    const double scale = 1.0507009873554804934193349852946;
    const double selAlpha = 1.6732632423543772848170429916717;
    return x < 0 ? scale * selAlpha * std::expm1(x) : scale * x;
  }
  case UnaryOp::Softplus:
    return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
  case UnaryOp::Floor:
    return std::floor(x);
  case UnaryOp::Ceil:
    return std::ceil(x);
  case UnaryOp::Round:
    // The default floating-point environment rounds to nearest, ties to
    // even; std::round breaks ties away from zero.
    return rounding == RoundingMode::NearestEven ? std::nearbyint(x)
                                                 : std::round(x);
  case UnaryOp::Erf:
    return std::erf(x);
  case UnaryOp::LeakyRelu:
    return x < 0 ? alpha * x : x;
  case UnaryOp::Swish:
    return x / (1.0 + std::exp(-x));
  }
  return NAN;
}

static llvm::Expected<int64_t> applySigned(UnaryOp op, int64_t x) {
  uint64_t ux = static_cast<uint64_t>(x);
  switch (op) {
  case UnaryOp::Neg:
    return static_cast<int64_t>(0 - ux);
  case UnaryOp::Abs:
    return x < 0 ? static_cast<int64_t>(0 - ux) : x;
  case UnaryOp::Sign:
    return (x > 0) - (x < 0);
  case UnaryOp::Square:
    return static_cast<int64_t>(ux * ux);
  case UnaryOp::Relu:
    return x < 0 ? 0 : x;
  case UnaryOp::Relu6:
    return x < 0 ? 0 : (x > 6 ? 6 : x);
  default:
    return computeError("op not defined on integers");
  }
}

static llvm::Expected<std::complex<double>>
applyComplex(UnaryOp op, std::complex<double> x) {
  switch (op) {
  case UnaryOp::Neg:
    return -x;
  case UnaryOp::Square:
    return x * x;
  case UnaryOp::Sqrt:
    return std::sqrt(x);
  case UnaryOp::Rsqrt:
    return 1.0 / std::sqrt(x);
  case UnaryOp::Reciprocal:
    return 1.0 / x;
  case UnaryOp::Exp:
    return std::exp(x);
  case UnaryOp::Log:
    return std::log(x);
  case UnaryOp::Sin:
    return std::sin(x);
  case UnaryOp::Cos:
    return std::cos(x);
  case UnaryOp::Tan:
    return std::tan(x);
  case UnaryOp::Tanh:
    return std::tanh(x);
  case UnaryOp::Sign:
    return x == std::complex<double>() ? x : x / std::abs(x);
  default:
    return computeError("op not defined on complex numbers");
  }
}

llvm::Expected<HostTensor>
mlir::tfg::computeUnary(const ComputeEnv &env, UnaryOp op, const HostTensor &x,
                        const ElementwiseSemantics &semantics, double alpha) {
  HostElementKind kind = x.getKind();
  RoundingMode rounding = semantics.rounding;
  bool keepZeroSign = semantics.signKeepsNegativeZero;
  llvm::Expected<ResultBuilder> out =
      startResult(env, x.getElementType(), x.getShape(), isUniform(x));
  if (!out)
    return out.takeError();
  HostTensor &r = out->tensor;
  if (x.getElementType().isF32() && !out->splat && out->size() > 0) {
    // f32 fast path: the same double computation rounded once, on typed
    // storage, in chunks on the context's threads.
    const float *in = x.data<float>().data();
    float *o = r.data<float>().data();
    constexpr int64_t kChunk = 1 << 15;
    int64_t n = out->size(), chunks = (n + kChunk - 1) / kChunk;
    computeParallelFor(env, chunks, [&](int64_t c) {
      int64_t begin = c * kChunk;
      for (int64_t i = begin, e = std::min(n, begin + kChunk); i < e; ++i)
        o[i] = static_cast<float>(
            applyFloat(op, in[i], alpha, rounding, keepZeroSign));
    });
    return finishResult(std::move(*out));
  }
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    switch (kind) {
    case HostElementKind::Float:
      r.setDouble(
          i, applyFloat(op, x.getDouble(i), alpha, rounding, keepZeroSign));
      break;
    case HostElementKind::Signed: {
      llvm::Expected<int64_t> v = applySigned(op, x.getInt(i));
      if (!v)
        return v.takeError();
      r.setInt(i, *v);
      break;
    }
    case HostElementKind::Unsigned: {
      uint64_t v = x.getUInt(i);
      if (op == UnaryOp::Sign)
        r.setUInt(i, v != 0);
      else if (op == UnaryOp::Square)
        r.setUInt(i, v * v);
      else
        return computeError("op not defined on unsigned integers");
      break;
    }
    case HostElementKind::Complex: {
      llvm::Expected<std::complex<double>> v =
          applyComplex(op, x.getComplex(i));
      if (!v)
        return v.takeError();
      r.setComplex(i, *v);
      break;
    }
    default:
      return computeError("operand is not a number");
    }
  }
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeFloatClass(const ComputeEnv &env,
                                                        FloatClass op,
                                                        const HostTensor &x) {
  if (x.getKind() != HostElementKind::Float)
    return computeError("operand is not floating-point");
  llvm::Expected<ResultBuilder> out =
      startResult(env, IntegerType::get(x.getElementType().getContext(), 1),
                  x.getShape(), isUniform(x));
  if (!out)
    return out.takeError();
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    double v = x.getDouble(i);
    bool b = op == FloatClass::IsNan   ? std::isnan(v)
             : op == FloatClass::IsInf ? std::isinf(v)
                                       : std::isfinite(v);
    out->tensor.setInt(i, b);
  }
  return finishResult(std::move(*out));
}
