//===- Functions.cpp - Function rewrites of tfg-arithmetic-optimizer -----===//
//
// The stages of Grappler's ArithmeticOptimizer that replace a function of a
// value by a cheaper or more precise one: Pow by a constant exponent,
// Log(1 + x) -> Log1p(x), Exp(x) - 1 -> Expm1(x), reductions of monotonic
// functions (Max(f(x)) -> f(Max(x))), chains of unary ops fused into
// _UnaryOpsComposition, and a scalar multiplier moved from a convolution's
// input onto its filter. docs/ArithmeticOptimizer.md says which variants
// are exact and which change rounding (those need `unsafe-math` or are off
// by default).
//
//===----------------------------------------------------------------------===//

#include "ArithmeticOptimizer.h"

#include "tfg/IR/OpClassification.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-arithmetic-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::arith_opt;

namespace {

/// True if the constant `c` combined elementwise with `x` cannot broadcast
/// `x` to a larger shape: `c` is a scalar, or `x` and `result` have the
/// same static shape.
static bool keepsShape(Value c, Value x, Value result) {
  DenseElementsAttr attr = getConstValue(c);
  if (attr && attr.getType().getRank() == 0)
    return true;
  return haveSameStaticShape(x, result);
}

// Pattern: Pow(x, c) -> Square/Identity/OnesLike/Reciprocal/Sqrt/Rsqrt(x)
/// Pow(x, c) for a splat constant c: 2 -> Square, 1 -> Identity, 0 ->
/// OnesLike, -1 -> Reciprocal (floats); with unsafe-math also 0.5 -> Sqrt,
/// -0.5 -> Rsqrt, 3 -> x * Square(x) (floats).
struct ConvertPow : NodePattern {
  ConvertPow(MLIRContext *ctx, bool unsafe)
      : NodePattern("Pow", ctx), unsafe(unsafe) {}
  bool unsafe;
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 || !(isFloatLike(t) || isIntegerLike(t)))
      return rewriter.notifyMatchFailure(op, "not a binary numeric node");
    Value x = getDataOperands(op)[0], c = getDataOperands(op)[1];
    Value result = getDataResults(op)[0];
    std::optional<double> e = getSplatValue(c);
    if (!e || !keepsShape(c, x, result))
      return rewriter.notifyMatchFailure(
          op, "the exponent is not a splat constant keeping the shape");
    bool isFloat = isFloatLike(t);
    NamedAttribute tAttr = rewriter.getNamedAttr("T", TypeAttr::get(t));
    Type type = result.getType();
    Operation *node = nullptr;
    if (*e == 2) {
      node = buildNode(rewriter, op, "Square", {x}, {tAttr}, type);
    } else if (*e == 1) {
      node = buildNode(rewriter, op, "Identity", {x}, {tAttr}, type);
    } else if (*e == 0) {
      node = buildNode(rewriter, op, "OnesLike", {x}, {tAttr}, type);
    } else if (*e == -1 && isFloat) {
      node = buildNode(rewriter, op, "Reciprocal", {x}, {tAttr}, type);
    } else if (*e == 0.5 && isFloat && unsafe) {
      node = buildNode(rewriter, op, "Sqrt", {x}, {tAttr}, type);
    } else if (*e == -0.5 && isFloat && unsafe) {
      node = buildNode(rewriter, op, "Rsqrt", {x}, {tAttr}, type);
    } else if (*e == 3 && isFloat && unsafe) {
      Operation *sq = buildNode(rewriter, op, "Square", {x}, {tAttr}, type);
      if (!sq)
        return rewriter.notifyMatchFailure(op, "could not build Square");
      node = buildNode(rewriter, op, "Mul", {x, getDataResults(sq)[0]}, {tAttr},
                       type);
    } else {
      return rewriter.notifyMatchFailure(
          op, "no rewrite for this exponent and type");
    }
    if (!node)
      return rewriter.notifyMatchFailure(op, "could not build the replacement");
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

/// The other operand of an Add/AddV2 node `add` whose one operand is the
/// splat constant `value` not broadcasting the other; null otherwise.
static Value getAddendOf(Operation *add, double value) {
  if (!add || hasControlOperands(add) || getNumDataOperands(add) != 2)
    return {};
  Value result = getDataResults(add)[0];
  for (int i = 0; i < 2; ++i) {
    Value c = getDataOperands(add)[i], x = getDataOperands(add)[1 - i];
    std::optional<double> v = getSplatValue(c);
    if (v && *v == value && keepsShape(c, x, result))
      return x;
  }
  return {};
}

// Pattern: Log(Add(1, x)) -> Log1p(x)
/// Log(Add(1, x)) -> Log1p(x). More precise, so not exact: off by default.
struct ConvertLog1p : NodePattern {
  explicit ConvertLog1p(MLIRContext *ctx) : NodePattern("Log", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 1 || !(isFloatLike(t) || isComplexType(t)))
      return rewriter.notifyMatchFailure(op,
                                         "not a unary float or complex node");
    Value in = getDataOperands(op)[0];
    Operation *add = getProducerNode(in);
    if (!(isNode(add, "Add") || isNode(add, "AddV2")) || !hasSingleUse(in))
      return rewriter.notifyMatchFailure(
          op, "the operand is not an Add used only here");
    Value x = getAddendOf(add, 1.0);
    if (!x)
      return rewriter.notifyMatchFailure(op,
                                         "the Add does not add the constant 1");
    return replaceWithTypedNode(rewriter, op, "Log1p", {x}, t, mayDelete);
  }
};

// Pattern: Sub(Exp(x), 1) -> Expm1(x)
/// Sub(Exp(x), 1) -> Expm1(x). More precise, so not exact: off by default.
struct ConvertExpm1 : NodePattern {
  explicit ConvertExpm1(MLIRContext *ctx) : NodePattern("Sub", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 || !(isFloatLike(t) || isComplexType(t)))
      return rewriter.notifyMatchFailure(op,
                                         "not a binary float or complex node");
    Value e = getDataOperands(op)[0], c = getDataOperands(op)[1];
    Operation *exp = getProducerOf(e, "Exp");
    std::optional<double> one = getSplatValue(c);
    if (!exp || hasControlOperands(exp) || !hasSingleUse(e) || !one ||
        *one != 1.0 || !keepsShape(c, e, getDataResults(op)[0]))
      return rewriter.notifyMatchFailure(
          op, "not Exp(x) used only here minus a constant 1");
    return replaceWithTypedNode(rewriter, op, "Expm1",
                                {getDataOperands(exp)[0]}, t, mayDelete);
  }
};

/// How an elementwise function commutes with Max/Min reductions, exactly.
enum class Monotonic { None, NonDecreasing, NonIncreasing };

/// Only functions computed exactly (no rounding, so a monotonic function
/// stays monotonic on the computed values), defined for every input (no NaN
/// out of a non-NaN input) and mapping the reductions' identity elements to
/// each other are listed:
///  - floats: Floor, Ceil, Rint, Round (non-decreasing) and Neg
///    (non-increasing; -x is exact, NaN stays NaN, and Max and Min treat
///    NaN alike). Exp, Log, Sqrt, Sigmoid, ... are left alone: rounding may
///    break monotonicity, Log and Sqrt make NaN of negative inputs that a
///    reduction of f(x) sees but f(Max(x)) does not, and Relu's NaN handling
///    is platform dependent.
///  - integers: Relu, Relu6 (non-decreasing). Neg is not: -INT_MIN wraps
///    to INT_MIN (TensorFlow #119429: Max(Neg(x)) != Neg(Min(x))), and
///    Neg(INT_MAX) is not INT_MIN for the empty reduction.
///  - the identity-like ops for every type.
/// ArgMax/ArgMin are never rewritten (TensorFlow #116436): their result is
/// an index, and a non-strictly monotonic f merges ties (ArgMax(Relu(x)) is
/// 0 for x = [-3, -1], ArgMax(x) is 1).
static Monotonic getExactMonotonicity(Operation *f, Type t) {
  StringRef name = getTFOpName(f);
  if (isIdentityLike(f) && isNode(f, name) && name != "CheckNumerics" &&
      name != "CheckNumericsV2" && name != "EnsureShape")
    return Monotonic::NonDecreasing;
  if (isFloatLike(t)) {
    if (name == "Floor" || name == "Ceil" || name == "Rint" || name == "Round")
      return Monotonic::NonDecreasing;
    if (name == "Neg")
      return Monotonic::NonIncreasing;
  } else if (isIntegerLike(t)) {
    if (name == "Relu" || name == "Relu6")
      return Monotonic::NonDecreasing;
  }
  return Monotonic::None;
}

// Pattern: Max/Min(f(x)) -> f(Max/Min(x)) for monotonic f
/// Max(f(x)) -> f(Max(x)) for non-decreasing f, f(Min(x)) for
/// non-increasing f (and Min alike), for the f of getExactMonotonicity.
struct OptimizeMaxOrMin : NodePattern {
  OptimizeMaxOrMin(StringRef name, MLIRContext *ctx) : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 2 || getDataResults(op).size() != 1)
      return rewriter.notifyMatchFailure(op,
                                         "not a binary node with one result");
    Type t = getTypeAttr(op);
    Value in = getDataOperands(op)[0];
    Operation *f = getProducerNode(in);
    if (!f || hasControlOperands(f) || !hasSingleUse(in) ||
        getNumDataOperands(f) != 1 || getDataResults(f).size() != 1 ||
        getTypeAttr(f) != t)
      return rewriter.notifyMatchFailure(
          op, "the operand is not a single-use unary node of the same type");
    Monotonic m = getExactMonotonicity(f, t);
    if (m == Monotonic::None)
      return rewriter.notifyMatchFailure(
          op, "the function is not monotonic for this type");
    bool isMax = isNode(op, "Max");
    StringRef reduction =
        (m == Monotonic::NonDecreasing) == isMax ? "Max" : "Min";
    Type type = getDataResults(op)[0].getType();
    Operation *reduced =
        buildNode(rewriter, op, reduction,
                  {getDataOperands(f)[0], getDataOperands(op)[1]},
                  getNodeAttrs(op).getValue(), type);
    if (!reduced)
      return rewriter.notifyMatchFailure(op, "could not build the reduction");
    Operation *node =
        cloneNodeWithData(rewriter, f, {getDataResults(reduced)[0]});
    getDataResults(node)[0].setType(type);
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

/// The unary ops TensorFlow's _UnaryOpsComposition kernel implements.
static bool isComposable(StringRef name) {
  static const StringRef kOps[] = {
      "Abs",     "Acos",  "Acosh", "Asin",       "Asinh",  "Atan",  "Atanh",
      "Ceil",    "Cos",   "Cosh",  "Expm1",      "Exp",    "Floor", "Inv",
      "Log",     "Log1p", "Neg",   "Reciprocal", "Rint",   "Round", "Rsqrt",
      "Sigmoid", "Sin",   "Sinh",  "Sqrt",       "Square", "Tan",   "Tanh",
      "Relu",    "Relu6", "Elu",   "Selu"};
  return llvm::is_contained(kOps, name);
}

// Pattern: f_n(...f_1(x)) -> _UnaryOpsComposition(x) {op_names}
/// A chain of composable unary float ops (each but the last used only by
/// the next, no control operands, one device) ending at the root ->
/// _UnaryOpsComposition(x) {op_names = [...]}. The root is the chain's end:
/// its only user is not a composable op of the same type.
struct UnaryOpsComposition : RewritePattern {
  explicit UnaryOpsComposition(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  bool mayDelete = true;
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getName().getDialectNamespace() != "tfg" || isDeadNode(op) ||
        !isComposable(getTFOpName(op)) || getNumDataOperands(op) != 1 ||
        getDataResults(op).size() != 1)
      return rewriter.notifyMatchFailure(op, "not a composable unary node");
    Type t = getTypeAttr(op);
    if (!t || !(t.isF16() || t.isF32() || t.isF64()))
      return rewriter.notifyMatchFailure(
          op, "not a float type composition supports");
    Value out = getDataResults(op)[0];
    if (hasSingleUse(out)) {
      Operation *user = *out.getUsers().begin();
      if (user->getName().getDialectNamespace() == "tfg" &&
          isComposable(getTFOpName(user)) && getTypeAttr(user) == t)
        return rewriter.notifyMatchFailure(op,
                                           "the chain continues in the user");
    }
    SmallVector<StringRef> names{getTFOpName(op)};
    Value x = getDataOperands(op)[0];
    StringRef device = getNodeDevice(op);
    while (names.size() < 64) {
      Operation *p = getProducerNode(x);
      if (!p || !isComposable(getTFOpName(p)) || hasControlOperands(p) ||
          getNumDataOperands(p) != 1 || getTypeAttr(p) != t ||
          !hasSingleUse(x) || getNodeDevice(p) != device)
        break;
      names.push_back(getTFOpName(p));
      x = getDataOperands(p)[0];
    }
    if (names.size() < 2)
      return rewriter.notifyMatchFailure(op, "a chain of fewer than 2 ops");
    std::reverse(names.begin(), names.end());
    Operation *node = buildNode(
        rewriter, op, "_UnaryOpsComposition", {x},
        {rewriter.getNamedAttr("T", TypeAttr::get(t)),
         rewriter.getNamedAttr("op_names", rewriter.getStrArrayAttr(names))},
        out.getType());
    if (!node)
      return rewriter.notifyMatchFailure(
          op, "could not build _UnaryOpsComposition");
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: Conv2D(Mul(x, c), w) -> Conv2D(x, Mul(w, c))
/// Conv2D(Mul(x, c), w) -> Conv2D(x, Mul(w, c)) for a scalar constant c and
/// a constant filter w (so constant folding folds the product). Exact for
/// integers (wrapping arithmetic); floats change rounding: unsafe-math.
struct FoldMultiplyIntoConv : NodePattern {
  FoldMultiplyIntoConv(StringRef name, MLIRContext *ctx, bool unsafe)
      : NodePattern(name, ctx), unsafe(unsafe) {}
  bool unsafe;
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 ||
        !(isIntegerLike(t) || (unsafe && isFloatLike(t))))
      return rewriter.notifyMatchFailure(
          op, "not a binary integer node (floats need unsafe-math)");
    Value in = getDataOperands(op)[0], w = getDataOperands(op)[1];
    Operation *mul = getProducerOf(in, "Mul");
    if (!mul || hasControlOperands(mul) || !hasSingleUse(in) ||
        getNumDataOperands(mul) != 2 || getTypeAttr(mul) != t ||
        !getConstValue(w))
      return rewriter.notifyMatchFailure(
          op, "the input is not a single-use Mul of the same type and the "
              "filter not a constant");
    for (int i = 0; i < 2; ++i) {
      Value c = getDataOperands(mul)[i], x = getDataOperands(mul)[1 - i];
      DenseElementsAttr attr = getConstValue(c);
      if (!attr || attr.getType().getRank() != 0)
        continue;
      Operation *scaled = buildNode(
          rewriter, op, "Mul", {w, c},
          {rewriter.getNamedAttr("T", TypeAttr::get(t))}, w.getType());
      if (!scaled)
        return rewriter.notifyMatchFailure(op,
                                           "could not build the scaled filter");
      Operation *node =
          cloneNodeWithData(rewriter, op, {x, getDataResults(scaled)[0]});
      replaceNodeAndClean(rewriter, op, node, mayDelete);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no scalar constant factor");
  }
};

} // namespace

void arith_opt::populateFunctionPatterns(
    RewritePatternSet &patterns, const ArithmeticOptimizerPassOptions &stages,
    bool mayDelete) {
  MLIRContext *ctx = patterns.getContext();
  if (stages.convertPow)
    addPattern<ConvertPow>(patterns, mayDelete, ctx, stages.unsafeMath);
  if (stages.convertLog1p)
    addPattern<ConvertLog1p>(patterns, mayDelete, ctx);
  if (stages.convertExpm1)
    addPattern<ConvertExpm1>(patterns, mayDelete, ctx);
  if (stages.optimizeMaxOrMin)
    for (StringRef name : {"Max", "Min"})
      addPattern<OptimizeMaxOrMin>(patterns, mayDelete, name, ctx);
  if (stages.unaryOpsComposition)
    addPattern<UnaryOpsComposition>(patterns, mayDelete, ctx);
  if (stages.foldMultiplyIntoConv)
    for (StringRef name : {"Conv2D", "Conv3D"})
      addPattern<FoldMultiplyIntoConv>(patterns, mayDelete, name, ctx,
                                       stages.unsafeMath);
}
