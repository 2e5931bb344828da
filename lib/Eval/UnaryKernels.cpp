//===- UnaryKernels.cpp - Kernels of unary math ---------------------------===//
//
// TensorFlow's unary math, adapters over computeUnary and computeFloatClass
// (tfg/Eval/Compute/Elementwise.h) with TensorFlow's semantics, following
// its CPU kernels. A splat (or single-element) operand gives a splat
// result.
// - Floats (f16, bf16 and float8 computed in double, rounded to nearest
//   even): Neg, Abs, Sign (NaN stays NaN), Square, Sqrt, Rsqrt, Reciprocal
//   and Inv (1 / x), Exp, Expm1, Log, Log1p, Sin, Cos, Tan, Tanh, Sigmoid,
//   Relu, Relu6, Elu (expm1(x) below 0), Selu (TensorFlow's scale and
//   alpha), Softplus (log(1 + exp(x)) computed without overflow), Floor,
//   Ceil, Round and Rint (half to even), Erf, LeakyRelu (`alpha`, 0.2 by
//   default: alpha * x below 0), _MklSwish (x * sigmoid(x), Grappler's
//   fusion of Sigmoid(x) * x). Relu and friends keep NaN.
//   IsNan, IsInf and IsFinite give bools.
// - Signed integers (wrapping: Neg and Abs of INT_MIN are INT_MIN): Neg,
//   Abs, Sign, Square, Relu, Relu6. Unsigned: Sign, Square.
// - complex: Neg, Square, Sqrt, Rsqrt, Reciprocal, Inv, Exp, Log, Sin, Cos,
//   Tan, Tanh, Sign (x / |x|, 0 for 0).
// - ZerosLike and OnesLike: every dtype but strings; always a splat.
// - LogicalNot: bool.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/Eval/Compute/Elementwise.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;

/// The single operand, or a failure.
static FailureOr<const HostTensor *> getUnaryOperand(EvalContext &ctx) {
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected one operand");
  return getOperand(ctx, 0);
}

template <UnaryOp Op> static LogicalResult unary(EvalContext &ctx) {
  FailureOr<const HostTensor *> operand = getUnaryOperand(ctx);
  if (failed(operand))
    return failure();
  double alpha = 0.2;
  if (auto attr = dyn_cast_if_present<FloatAttr>(ctx.getAttr("alpha")))
    alpha = attr.getValueAsDouble();
  return setComputedResult(ctx, computeUnary(getComputeEnv(ctx), Op, **operand,
                                             ElementwiseSemantics::tensorflow(),
                                             alpha));
}

template <FloatClass C> static LogicalResult predicate(EvalContext &ctx) {
  FailureOr<const HostTensor *> operand = getUnaryOperand(ctx);
  if (failed(operand))
    return failure();
  return setComputedResult(ctx,
                           computeFloatClass(getComputeEnv(ctx), C, **operand));
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
  addKernels(table, {"Neg"}, unary<UnaryOp::Neg>);
  addKernels(table, {"Abs"}, unary<UnaryOp::Abs>);
  addKernels(table, {"Sign"}, unary<UnaryOp::Sign>);
  addKernels(table, {"Square"}, unary<UnaryOp::Square>);
  addKernels(table, {"Sqrt"}, unary<UnaryOp::Sqrt>);
  addKernels(table, {"Rsqrt"}, unary<UnaryOp::Rsqrt>);
  addKernels(table, {"Reciprocal", "Inv"}, unary<UnaryOp::Reciprocal>);
  addKernels(table, {"Exp"}, unary<UnaryOp::Exp>);
  addKernels(table, {"Expm1"}, unary<UnaryOp::Expm1>);
  addKernels(table, {"Log"}, unary<UnaryOp::Log>);
  addKernels(table, {"Log1p"}, unary<UnaryOp::Log1p>);
  addKernels(table, {"Sin"}, unary<UnaryOp::Sin>);
  addKernels(table, {"Cos"}, unary<UnaryOp::Cos>);
  addKernels(table, {"Tan"}, unary<UnaryOp::Tan>);
  addKernels(table, {"Tanh"}, unary<UnaryOp::Tanh>);
  addKernels(table, {"Sigmoid"}, unary<UnaryOp::Sigmoid>);
  addKernels(table, {"Relu"}, unary<UnaryOp::Relu>);
  addKernels(table, {"Relu6"}, unary<UnaryOp::Relu6>);
  addKernels(table, {"Elu"}, unary<UnaryOp::Elu>);
  addKernels(table, {"Selu"}, unary<UnaryOp::Selu>);
  addKernels(table, {"Softplus"}, unary<UnaryOp::Softplus>);
  addKernels(table, {"Floor"}, unary<UnaryOp::Floor>);
  addKernels(table, {"Ceil"}, unary<UnaryOp::Ceil>);
  addKernels(table, {"Round", "Rint"}, unary<UnaryOp::Round>);
  addKernels(table, {"Erf"}, unary<UnaryOp::Erf>);
  addKernels(table, {"LeakyRelu"}, unary<UnaryOp::LeakyRelu>);
  addKernels(table, {"_MklSwish"}, unary<UnaryOp::Swish>);
  addKernels(table, {"IsNan"}, predicate<FloatClass::IsNan>);
  addKernels(table, {"IsInf"}, predicate<FloatClass::IsInf>);
  addKernels(table, {"IsFinite"}, predicate<FloatClass::IsFinite>);
  addKernels(table, {"ZerosLike"}, fillLike<0>);
  addKernels(table, {"OnesLike"}, fillLike<1>);
  addKernels(table, {"LogicalNot"}, logicalNotKernel);
}
