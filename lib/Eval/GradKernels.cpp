//===- GradKernels.cpp - Kernels of the activation gradient ops -----------===//
//
// The gradients of the activations and of the unary math ops, as
// TensorFlow's CPU functors define them, on two float operands of one
// shape (computed in double, rounded once to the element type):
// - ReluGrad(g, f): g where f > 0, else 0. Relu6Grad(g, f): g where
//   0 < f < 6. LeakyReluGrad(g, f; alpha): g where f > 0, else alpha * g.
// - EluGrad(g, y): g * (y + 1) where y < 0, else g. SeluGrad(g, y):
//   g * (y + scale * alpha) where y < 0, else g * scale.
// - SoftplusGrad(g, f): g / (1 + exp(-f)). SoftsignGrad(g, f):
//   g / (1 + |f|)^2.
// - SigmoidGrad(y, dy): dy * y * (1 - y). TanhGrad(y, dy): dy * (1 - y^2).
//   RsqrtGrad(y, dy): -0.5 * dy * y^3. SqrtGrad(y, dy): 0.5 * dy / y.
//   ReciprocalGrad and InvGrad(y, dy): -dy * y^2.
// - BiasAddGrad(dy): the sum of dy over every dimension but the channels
//   (the last with data_format NHWC, the default, the second with NCHW),
//   summed in double: the gradient of BiasAdd with respect to its bias.
//
//===----------------------------------------------------------------------===//

#include "KernelRegistry.h"
#include "KernelSupport.h"
#include "NNSupport.h"

#include <cmath>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class Grad {
  Relu,
  Relu6,
  LeakyRelu,
  Elu,
  Selu,
  Softplus,
  Softsign,
  Sigmoid,
  Tanh,
  Rsqrt,
  Sqrt,
  Reciprocal,
};

constexpr double kSeluScale = 1.0507009873554804934193349852946;
constexpr double kSeluScaleAlpha = 1.7580993408473768599402175208123;

/// The gradient from the operands' elements a (operand 0) and b (operand
/// 1).
template <Grad G> double apply(double a, double b, double alpha) {
  switch (G) {
  case Grad::Relu:
    return b > 0 ? a : 0.0;
  case Grad::Relu6:
    return b > 0 && b < 6 ? a : 0.0;
  case Grad::LeakyRelu:
    return b > 0 ? a : alpha * a;
  case Grad::Elu:
    return b < 0 ? a * (b + 1) : a;
  case Grad::Selu:
    return b < 0 ? a * (b + kSeluScaleAlpha) : a * kSeluScale;
  case Grad::Softplus:
    return a / (1 + std::exp(-b));
  case Grad::Softsign:
    return a / ((1 + std::fabs(b)) * (1 + std::fabs(b)));
  case Grad::Sigmoid:
    return b * a * (1 - a);
  case Grad::Tanh:
    return b * (1 - a * a);
  case Grad::Rsqrt:
    return -0.5 * b * a * a * a;
  case Grad::Sqrt:
    return 0.5 * b / a;
  case Grad::Reciprocal:
    return -b * a * a;
  }
  return 0;
}
} // namespace

template <Grad G> static LogicalResult gradKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &a = *(*ops)[0], &b = *(*ops)[1];
  if (a.getKind() != HostElementKind::Float ||
      a.getElementType() != b.getElementType() || a.getShape() != b.getShape())
    return ctx.fail("takes two float tensors of one type and shape");
  double alpha = 0;
  if (G == Grad::LeakyRelu) {
    FailureOr<double> attr = readFloatAttr(ctx, "alpha", 0.2);
    if (failed(attr))
      return failure();
    alpha = *attr;
  }
  FailureOr<HostTensor> out =
      createResult(ctx, a.getElementType(), a.getShape());
  if (failed(out))
    return failure();
  for (int64_t i = 0, n = out->getNumElements(); i < n; ++i)
    out->setDouble(i, apply<G>(a.getDouble(i), b.getDouble(i), alpha));
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult biasAddGradKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  FailureOr<std::string> format = readStringAttr(ctx, "data_format", "NHWC");
  if (failed(in) || failed(format))
    return failure();
  const HostTensor &dy = **in;
  if (dy.getKind() != HostElementKind::Float)
    return ctx.fail("out_backprop must be a float tensor");
  if (dy.getRank() < 2)
    return ctx.fail("out_backprop must have rank 2 or more, not " +
                    formatShape(dy.getShape()));
  if (*format != "NHWC" && *format != "NCHW")
    return ctx.fail("unsupported data_format '" + *format + "'");
  ArrayRef<int64_t> shape = dy.getShape();
  // dy is [outer, channels, inner]: NHWC has inner 1, NCHW outer = batch.
  int64_t axis = *format == "NCHW" ? 1 : dy.getRank() - 1;
  int64_t channels = shape[axis], outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= shape[i];
  for (int64_t i = axis + 1, e = dy.getRank(); i < e; ++i)
    inner *= shape[i];
  std::vector<double> sums(static_cast<size_t>(channels), 0.0);
  for (int64_t o = 0, i = 0; o < outer; ++o)
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t k = 0; k < inner; ++k, ++i)
        sums[static_cast<size_t>(c)] += dy.getDouble(i);
  FailureOr<HostTensor> out =
      createResult(ctx, dy.getElementType(), {channels});
  if (failed(out))
    return failure();
  for (int64_t c = 0; c < channels; ++c)
    out->setDouble(c, sums[static_cast<size_t>(c)]);
  return setSingleResult(ctx, std::move(*out));
}

void mlir::tfg::addGradKernels(EvalKernelTable &table) {
  addKernels(table, {"BiasAddGrad"}, biasAddGradKernel);
  addKernels(table, {"ReluGrad"}, gradKernel<Grad::Relu>);
  addKernels(table, {"Relu6Grad"}, gradKernel<Grad::Relu6>);
  addKernels(table, {"LeakyReluGrad"}, gradKernel<Grad::LeakyRelu>);
  addKernels(table, {"EluGrad"}, gradKernel<Grad::Elu>);
  addKernels(table, {"SeluGrad"}, gradKernel<Grad::Selu>);
  addKernels(table, {"SoftplusGrad"}, gradKernel<Grad::Softplus>);
  addKernels(table, {"SoftsignGrad"}, gradKernel<Grad::Softsign>);
  addKernels(table, {"SigmoidGrad"}, gradKernel<Grad::Sigmoid>);
  addKernels(table, {"TanhGrad"}, gradKernel<Grad::Tanh>);
  addKernels(table, {"RsqrtGrad"}, gradKernel<Grad::Rsqrt>);
  addKernels(table, {"SqrtGrad"}, gradKernel<Grad::Sqrt>);
  addKernels(table, {"ReciprocalGrad", "InvGrad"},
             gradKernel<Grad::Reciprocal>);
}
