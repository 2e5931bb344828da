//===- GradRules.cpp - Activation gradient TensorFlow ops to StableHLO ----===//
//
// The gradients of the activations and unary math ops, elementwise on two
// float operands of one type, as TensorFlow's functors define them (and
// TFGEval's GradKernels.cpp computes them):
// ReluGrad(g, f) = f > 0 ? g : 0; Relu6Grad(g, f) = 0 < f < 6 ? g : 0;
// LeakyReluGrad(g, f) = f > 0 ? g : alpha * g; EluGrad(g, y) =
// y < 0 ? g * (y + 1) : g; SeluGrad(g, y) = y < 0 ? g * (y + scale *
// alpha) : g * scale; SoftplusGrad(g, f) = g / (1 + exp(-f));
// SoftsignGrad(g, f) = g / (1 + |f|)^2; SigmoidGrad(y, dy) =
// dy * y * (1 - y); TanhGrad(y, dy) = dy * (1 - y^2); RsqrtGrad(y, dy) =
// -0.5 * dy * y^3; SqrtGrad(y, dy) = 0.5 * dy / y; ReciprocalGrad and
// InvGrad(y, dy) = -dy * y^2.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

LogicalResult gradRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value a = l.operand(0), b = l.operand(1);
  RankedTensorType t = l.type(a);
  if (a.getType() != b.getType() || !isa<FloatType>(t.getElementType()))
    return l.error() << "expects two float tensors of one type, has "
                     << a.getType() << " and " << b.getType();
  auto c = [&](double v) { return l.splat(t, v); };
  auto mul = [&](Value x, Value y) { return l.op("multiply", {x, y}, t); };
  auto add = [&](Value x, Value y) { return l.op("add", {x, y}, t); };
  auto sub = [&](Value x, Value y) { return l.op("subtract", {x, y}, t); };
  auto div = [&](Value x, Value y) { return l.op("divide", {x, y}, t); };
  auto sel = [&](Value p, Value x, Value y) {
    return l.op("select", {p, x, y}, t);
  };
  StringRef op = l.node.opType;
  Value zero = c(0), r;
  if (op == "ReluGrad") {
    r = sel(l.compare(b, zero, "GT"), a, zero);
  } else if (op == "Relu6Grad") {
    Value in = l.op("and", {l.compare(b, zero, "GT"), l.compare(b, c(6), "LT")},
                    l.type(l.compare(b, zero, "GT")));
    r = sel(in, a, zero);
  } else if (op == "LeakyReluGrad") {
    FailureOr<double> alpha = l.floatAttr("alpha", 0.2);
    if (failed(alpha))
      return failure();
    r = sel(l.compare(b, zero, "GT"), a, mul(c(*alpha), a));
  } else if (op == "EluGrad") {
    r = sel(l.compare(b, zero, "LT"), mul(a, add(b, c(1))), a);
  } else if (op == "SeluGrad") {
    r = sel(l.compare(b, zero, "LT"),
            mul(a, add(b, c(1.7580993408473768599402175208123))),
            mul(a, c(1.0507009873554804934193349852946)));
  } else if (op == "SoftplusGrad") {
    r = div(a, add(c(1), l.op("exponential", l.op("negate", b, t), t)));
  } else if (op == "SoftsignGrad") {
    Value d = add(c(1), l.op("abs", b, t));
    r = div(a, mul(d, d));
  } else if (op == "SigmoidGrad") {
    r = mul(mul(b, a), sub(c(1), a));
  } else if (op == "TanhGrad") {
    r = mul(b, sub(c(1), mul(a, a)));
  } else if (op == "RsqrtGrad") {
    r = mul(mul(c(-0.5), b), mul(mul(a, a), a));
  } else if (op == "SqrtGrad") {
    r = div(mul(c(0.5), b), a);
  } else {
    r = mul(l.op("negate", b, t), mul(a, a));
  }
  results.push_back(r);
  return success();
}

} // namespace

void tohlo::addGradRules(RuleTable &table) {
  for (const char *name :
       {"ReluGrad", "Relu6Grad", "LeakyReluGrad", "EluGrad", "SeluGrad",
        "SoftplusGrad", "SoftsignGrad", "SigmoidGrad", "TanhGrad", "RsqrtGrad",
        "SqrtGrad", "ReciprocalGrad", "InvGrad"})
    table[name] = gradRule;
}
