//===- ElementwiseRules.cpp - Elementwise TensorFlow ops to StableHLO -----===//
//
// Unary math, binary math with NumPy broadcasting, comparisons, Select,
// Cast and the activations. Binary ops broadcast both operands to the
// node's (statically inferred) result shape with broadcast_in_dim.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

/// TensorFlow unary ops that are one StableHLO op of the same type.
constexpr std::pair<const char *, const char *> kUnary[] = {
    {"Abs", "abs"},
    {"Ceil", "ceil"},
    {"Cos", "cosine"},
    {"Exp", "exponential"},
    {"Expm1", "exponential_minus_one"},
    {"Floor", "floor"},
    {"Invert", "not"},
    {"Log", "log"},
    {"Log1p", "log_plus_one"},
    {"LogicalNot", "not"},
    {"Neg", "negate"},
    {"Rint", "round_nearest_even"},
    {"Round", "round_nearest_even"},
    {"Rsqrt", "rsqrt"},
    {"Sigmoid", "logistic"},
    {"Sign", "sign"},
    {"Sin", "sine"},
    {"Sqrt", "sqrt"},
    {"Tan", "tan"},
    {"Tanh", "tanh"},
    {"Cbrt", "cbrt"},
    {"PopulationCount", "popcnt"},
};

/// TensorFlow binary ops that are one StableHLO op after broadcasting.
constexpr std::pair<const char *, const char *> kBinary[] = {
    {"Add", "add"},
    {"AddV2", "add"},
    {"Atan2", "atan2"},
    {"BitwiseAnd", "and"},
    {"BitwiseOr", "or"},
    {"BitwiseXor", "xor"},
    {"Div", "divide"},
    {"LogicalAnd", "and"},
    {"LogicalOr", "or"},
    {"Maximum", "maximum"},
    {"Minimum", "minimum"},
    {"Mul", "multiply"},
    {"Pow", "power"},
    {"RealDiv", "divide"},
    {"Sub", "subtract"},
    {"TruncateDiv", "divide"},
    {"TruncateMod", "remainder"},
    {"Mod", "remainder"},
};

constexpr std::pair<const char *, const char *> kCompare[] = {
    {"Equal", "EQ"},     {"NotEqual", "NE"}, {"Less", "LT"},
    {"LessEqual", "LE"}, {"Greater", "GT"},  {"GreaterEqual", "GE"},
};

/// The table entry for the node's op type in `table`.
template <size_t N>
StringRef lookup(const std::pair<const char *, const char *> (&table)[N],
                 StringRef opType) {
  for (const auto &[tf, hlo] : table)
    if (opType == tf)
      return hlo;
  return {};
}

LogicalResult unary(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  results.push_back(
      l.op(lookup(kUnary, l.node.opType), l.operand(0), l.type(l.operand(0))));
  return success();
}

LogicalResult binary(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  FailureOr<Value> r = l.broadcastBinary(lookup(kBinary, l.node.opType),
                                         l.operand(0), l.operand(1));
  if (failed(r))
    return failure();
  results.push_back(*r);
  return success();
}

/// Both operands broadcast to the result's shape, with their element type.
LogicalResult broadcastOperands(Lowering &l, Value &lhs, Value &rhs) {
  ArrayRef<int64_t> shape = l.resultType().getShape();
  FailureOr<Value> a = l.broadcastTo(lhs, shape);
  if (failed(a))
    return failure();
  FailureOr<Value> b = l.broadcastTo(rhs, shape);
  if (failed(b))
    return failure();
  lhs = *a;
  rhs = *b;
  if (l.type(lhs).getElementType() != l.type(rhs).getElementType())
    return l.error() << "operand element types differ";
  return success();
}

LogicalResult compareRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value lhs = l.operand(0), rhs = l.operand(1);
  if (failed(broadcastOperands(l, lhs, rhs)))
    return failure();
  results.push_back(l.compare(lhs, rhs, lookup(kCompare, l.node.opType)));
  return success();
}

LogicalResult squaredDifference(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  FailureOr<Value> d =
      l.broadcastBinary("subtract", l.operand(0), l.operand(1));
  if (failed(d))
    return failure();
  results.push_back(l.op("multiply", {*d, *d}, l.type(*d)));
  return success();
}

/// FloorDiv: floor(x / y) for floats; for integers the quotient rounded
/// toward negative infinity (truncated quotient minus one where the signs
/// differ and the remainder is not zero).
LogicalResult floorDivOrMod(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), y = l.operand(1);
  if (failed(broadcastOperands(l, x, y)))
    return failure();
  RankedTensorType t = l.type(x);
  bool isMod = l.node.opType == "FloorMod";
  if (isa<FloatType>(t.getElementType())) {
    if (isMod) {
      // x - floor(x / y) * y.
      Value q = l.op("floor", l.op("divide", {x, y}, t), t);
      results.push_back(l.op("subtract", {x, l.op("multiply", {q, y}, t)}, t));
    } else {
      results.push_back(l.op("floor", l.op("divide", {x, y}, t), t));
    }
    return success();
  }
  Value zero = l.splat(t, 0);
  Value rem = l.op("remainder", {x, y}, t);
  Value remNonZero = l.compare(rem, zero, "NE");
  Value signsDiffer =
      l.compare(l.compare(rem, zero, "LT"), l.compare(y, zero, "LT"), "NE");
  RankedTensorType predType = l.type(remNonZero);
  Value adjust = l.op("and", {remNonZero, signsDiffer}, predType);
  if (isMod) {
    Value fixed = l.op("add", {rem, y}, t);
    results.push_back(l.op("select", {adjust, fixed, rem}, t));
  } else {
    Value q = l.op("divide", {x, y}, t);
    Value qm1 = l.op("subtract", {q, l.splat(t, 1)}, t);
    results.push_back(l.op("select", {adjust, qm1, q}, t));
  }
  return success();
}

/// DivNoNan/MulNoNan: 0 where y == 0, x / y (x * y) elsewhere.
LogicalResult noNanRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), y = l.operand(1);
  if (failed(broadcastOperands(l, x, y)))
    return failure();
  RankedTensorType t = l.type(x);
  Value zero = l.splat(t, 0);
  Value r =
      l.op(l.node.opType == "DivNoNan" ? "divide" : "multiply", {x, y}, t);
  results.push_back(l.op("select", {l.compare(y, zero, "EQ"), zero, r}, t));
  return success();
}

/// Atan: atan2(x, 1).
LogicalResult atanRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  results.push_back(l.op("atan2", {x, l.splatLike(x, 1)}, l.type(x)));
  return success();
}

LogicalResult selectRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  ArrayRef<int64_t> shape = l.resultType().getShape();
  Value cond = l.operand(0);
  // Select (v1) with a vector condition picks along the first dimension.
  if (l.node.opType == "Select" && l.type(cond).getRank() == 1 &&
      shape.size() > 1) {
    if (l.type(cond).getDimSize(0) != shape[0])
      return l.error() << "condition " << l.type(cond)
                       << " does not match the first dimension";
    cond = l.op("broadcast_in_dim", cond,
                RankedTensorType::get(shape, l.type(cond).getElementType()),
                {l.named("broadcast_dimensions", l.i64s({0}))});
  }
  FailureOr<Value> c = l.broadcastTo(cond, shape);
  FailureOr<Value> a = l.broadcastTo(l.operand(1), shape);
  FailureOr<Value> b = l.broadcastTo(l.operand(2), shape);
  if (failed(c) || failed(a) || failed(b))
    return failure();
  results.push_back(l.op("select", {*c, *a, *b}, l.type(*a)));
  return success();
}

LogicalResult castRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  results.push_back(l.convert(l.operand(0), l.resultType().getElementType()));
  return success();
}

LogicalResult identity(Lowering &l, SmallVectorImpl<Value> &results) {
  // IdentityN forwards every input; the others forward the first.
  size_t n = l.node.opType == "IdentityN" ? l.node.operands.size() : 1;
  if (failed(l.expectArity(n, n)))
    return failure();
  for (size_t i = 0; i < n; ++i)
    results.push_back(l.operand(i));
  return success();
}

/// The activations and other small compositions of one input.
LogicalResult activation(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  StringRef op = l.node.opType;
  Value zero = l.splat(t, 0);
  Value r;
  if (op == "Relu") {
    r = l.op("maximum", {x, zero}, t);
  } else if (op == "Relu6") {
    r = l.op("clamp", {zero, x, l.splat(t, 6)}, t);
  } else if (op == "Elu" || op == "Selu") {
    Value neg = l.op("exponential_minus_one", x, t);
    if (op == "Selu")
      neg = l.op("multiply",
                 {neg, l.splat(t, 1.6732632423543772848170429916717)}, t);
    r = l.op("select", {l.compare(x, zero, "GT"), x, neg}, t);
    if (op == "Selu")
      r = l.op("multiply", {r, l.splat(t, 1.0507009873554804934193349852946)},
               t);
  } else if (op == "LeakyRelu") {
    FailureOr<double> alpha = l.floatAttr("alpha", 0.2);
    if (failed(alpha))
      return failure();
    Value scaled = l.op("multiply", {x, l.splat(t, *alpha)}, t);
    r = l.op("select", {l.compare(x, zero, "GT"), x, scaled}, t);
  } else if (op == "Softplus") {
    // max(x, 0) + log1p(exp(-|x|)): no overflow for large |x|.
    Value negAbs = l.op("negate", l.op("abs", x, t), t);
    r = l.op("add",
             {l.op("maximum", {x, zero}, t),
              l.op("log_plus_one", l.op("exponential", negAbs, t), t)},
             t);
  } else if (op == "Softsign") {
    Value denom = l.op("add", {l.op("abs", x, t), l.splat(t, 1)}, t);
    r = l.op("divide", {x, denom}, t);
  } else if (op == "Square") {
    r = l.op("multiply", {x, x}, t);
  } else if (op == "Reciprocal" || op == "Inv") {
    r = l.op("divide", {l.splat(t, 1), x}, t);
  } else if (op == "OnesLike") {
    r = l.splat(t, 1);
  } else if (op == "ZerosLike") {
    r = zero;
  } else if (op == "IsNan") {
    r = l.compare(x, x, "NE");
  } else if (op == "IsFinite") {
    r = l.op("is_finite", x, l.resultType());
  } else {
    return l.error() << "no activation rule";
  }
  results.push_back(r);
  return success();
}

/// x where x > 0, alpha * x elsewhere (TF.js Prelu, alpha broadcast).
LogicalResult prelu(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<Value> scaled = l.broadcastBinary("multiply", x, l.operand(1));
  if (failed(scaled))
    return failure();
  results.push_back(
      l.op("select", {l.compare(x, l.splat(t, 0), "GT"), x, *scaled}, t));
  return success();
}

LogicalResult clipByValue(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value x = l.operand(0);
  ArrayRef<int64_t> shape = l.type(x).getShape();
  FailureOr<Value> lo = l.broadcastTo(l.operand(1), shape);
  FailureOr<Value> hi = l.broadcastTo(l.operand(2), shape);
  if (failed(lo) || failed(hi))
    return failure();
  results.push_back(l.op("clamp", {*lo, x, *hi}, l.type(x)));
  return success();
}

LogicalResult biasAdd(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), bias = l.operand(1);
  RankedTensorType t = l.type(x);
  FailureOr<StringRef> format = l.strAttr("data_format", StringRef("NHWC"));
  if (failed(format))
    return failure();
  int64_t dim = format->starts_with("NC") ? 1 : t.getRank() - 1;
  if (t.getRank() < 2 || l.type(bias).getRank() != 1 ||
      l.type(bias).getDimSize(0) != t.getDimSize(dim))
    return l.error() << "bias " << l.type(bias) << " does not match " << t;
  Value b = l.op("broadcast_in_dim", bias, t,
                 {l.named("broadcast_dimensions", l.i64s({dim}))});
  results.push_back(l.op("add", {x, b}, t));
  return success();
}

LogicalResult addN(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value sum = l.operand(0);
  for (Value v : ArrayRef<Value>(l.node.operands).drop_front()) {
    if (v.getType() != sum.getType())
      return l.error() << "inputs have different types";
    sum = l.op("add", {sum, v}, l.type(sum));
  }
  results.push_back(sum);
  return success();
}

} // namespace

void tohlo::addElementwiseRules(RuleTable &table) {
  for (const auto &entry : kUnary)
    table[entry.first] = unary;
  for (const auto &entry : kBinary)
    table[entry.first] = binary;
  for (const auto &entry : kCompare)
    table[entry.first] = compareRule;
  for (const char *name : {"Relu", "Relu6", "Elu", "Selu", "LeakyRelu",
                           "Softplus", "Softsign", "Square", "Reciprocal",
                           "Inv", "OnesLike", "ZerosLike", "IsNan", "IsFinite"})
    table[name] = activation;
  for (const char *name : {"Identity", "IdentityN", "StopGradient", "Snapshot",
                           "PreventGradient", "EnsureShape"})
    table[name] = identity;
  table["SquaredDifference"] = squaredDifference;
  table["FloorDiv"] = floorDivOrMod;
  table["FloorMod"] = floorDivOrMod;
  table["Select"] = selectRule;
  table["SelectV2"] = selectRule;
  table["Cast"] = castRule;
  table["Prelu"] = prelu;
  table["ClipByValue"] = clipByValue;
  table["BiasAdd"] = biasAdd;
  table["AddN"] = addN;
  table["DivNoNan"] = noNanRule;
  table["MulNoNan"] = noNanRule;
  table["Atan"] = atanRule;
}
