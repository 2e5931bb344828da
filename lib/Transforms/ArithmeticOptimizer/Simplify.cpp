//===- Simplify.cpp - Local simplifications of tfg-arithmetic-optimizer --===//
//
// The stages of Grappler's ArithmeticOptimizer that remove or replace one
// node by looking at its producers: involutions (Neg(Neg(x)) -> x, also
// through value-preserving ops), redundant Bitcast, Cast, Reshape and
// Transpose, negation folded into Add/Sub, Mul(x, x) -> Square(x),
// LogicalNot of comparisons, x / Sqrt(y) -> x * Rsqrt(y), transposes folded
// into MatMul/BatchMatMul flags and Conj folded into Transpose. Every
// rewrite here is exact (bit for bit, NaN and infinities included) unless
// the docs (docs/ArithmeticOptimizer.md) say otherwise.
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

/// The longest chain of value-preserving nodes looked through.
constexpr int kMaxChain = 16;

// Pattern: f(chain(f(x))) -> chain(x) for an involution f
/// f(chain(f(x))) -> chain(x) for an involution f and a chain of
/// single-use value-preserving nodes (Transpose, Reshape, Identity, ...).
struct RemoveInvolution : NodePattern {
  RemoveInvolution(StringRef name, MLIRContext *ctx) : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 1)
      return rewriter.notifyMatchFailure(op, "not a unary node");
    StringRef name = getTFOpName(op);
    if (name == "Reciprocal" && !isFloatLike(getTypeAttr(op)) &&
        !isComplexType(getTypeAttr(op)))
      return rewriter.notifyMatchFailure(op, "Reciprocal of a non-float type");
    SmallVector<Operation *> chain;
    Value cur = getDataOperands(op)[0];
    Operation *inner = nullptr;
    for (int i = 0; i < kMaxChain && !inner; ++i) {
      Operation *p = getProducerNode(cur);
      if (!p || hasControlOperands(p) || getNumDataOperands(p) < 1)
        return rewriter.notifyMatchFailure(
            op, "a producer with control operands or no data operands");
      if (isNode(p, name)) {
        if (getNumDataOperands(p) != 1 || p->getAttr("T") != op->getAttr("T"))
          return rewriter.notifyMatchFailure(
              op, "the inner involution has another type or arity");
        inner = p;
        break;
      }
      if (!isValuePreserving(p) || getDataResults(p).size() != 1 ||
          !hasSingleUse(cur))
        return rewriter.notifyMatchFailure(
            op, "the chain has a node that does not preserve values or is used "
                "elsewhere");
      chain.push_back(p);
      cur = getDataOperands(p)[0];
    }
    if (!inner)
      return rewriter.notifyMatchFailure(
          op, "no inner involution within the chain limit");
    Value val = getDataOperands(inner)[0];
    if (chain.empty())
      return bypassNode(rewriter, op, val, mayDelete);
    Operation *top = nullptr;
    for (Operation *p : llvm::reverse(chain)) {
      SmallVector<Value> data(getDataOperands(p));
      data[0] = val;
      top = cloneNodeWithData(rewriter, p, data);
      val = getDataResults(top)[0];
    }
    replaceNodeAndClean(rewriter, op, top, mayDelete);
    return success();
  }
};

// Pattern: Bitcast(x) to T(x) -> x; Bitcast(Bitcast(x)) -> x or Bitcast(x)
/// Bitcast(x) to its own type -> x; Bitcast(Bitcast(x)) -> x or one
/// Bitcast when all three element types have the same width.
struct RemoveRedundantBitcast : NodePattern {
  explicit RemoveRedundantBitcast(MLIRContext *ctx)
      : NodePattern("Bitcast", ctx) {}
  static unsigned width(Type t) {
    return t && t.isIntOrFloat() ? t.getIntOrFloatBitWidth() : 0;
  }
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 1)
      return rewriter.notifyMatchFailure(op, "not a unary node");
    Type src = getTypeAttr(op, "T"), dst = getTypeAttr(op, "type");
    if (!src || !dst)
      return rewriter.notifyMatchFailure(op, "no T or type attribute");
    Value x = getDataOperands(op)[0];
    if (src == dst)
      return bypassNode(rewriter, op, x, mayDelete);
    Operation *inner = getProducerOf(x, "Bitcast");
    if (!inner || hasControlOperands(inner) || getNumDataOperands(inner) != 1 ||
        getTypeAttr(inner, "type") != src)
      return rewriter.notifyMatchFailure(op, "not a Bitcast of a Bitcast to T");
    Type orig = getTypeAttr(inner, "T");
    Value y = getDataOperands(inner)[0];
    if (orig == dst)
      return bypassNode(rewriter, op, y, mayDelete);
    unsigned w = width(orig);
    if (!w || w != width(src) || w != width(dst))
      return rewriter.notifyMatchFailure(op,
                                         "element types of different widths");
    Operation *node = cloneNodeWithData(
        rewriter, op, {y}, {rewriter.getNamedAttr("T", TypeAttr::get(orig))});
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: Cast(x) with SrcT == DstT -> x
/// Cast(x) with SrcT == DstT -> x.
struct RemoveRedundantCast : NodePattern {
  explicit RemoveRedundantCast(MLIRContext *ctx) : NodePattern("Cast", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type src = getTypeAttr(op, "SrcT"), dst = getTypeAttr(op, "DstT");
    if (getNumDataOperands(op) != 1 || !src || src != dst)
      return rewriter.notifyMatchFailure(op, "not a Cast to its own type");
    return bypassNode(rewriter, op, getDataOperands(op)[0], mayDelete);
  }
};

// Pattern: Reshape(x) to shape(x) -> x; Reshape(Reshape(x, s1), s2) ->
// Reshape(x, s2)
/// Reshape(x) to x's own static shape -> x; Reshape(Reshape(x, s1), s2) ->
/// Reshape(x, s2) (a reshape depends on its input's element count only).
struct RemoveRedundantReshape : NodePattern {
  explicit RemoveRedundantReshape(MLIRContext *ctx)
      : NodePattern("Reshape", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 2 || getDataResults(op).size() != 1)
      return rewriter.notifyMatchFailure(
          op, "not a binary Reshape with one result");
    Value x = getDataOperands(op)[0];
    std::optional<SmallVector<int64_t>> in = getStaticShape(x);
    std::optional<SmallVector<int64_t>> target =
        getConstInts(getDataOperands(op)[1]);
    if (in && ((target && *target == *in) ||
               haveSameStaticShape(x, getDataResults(op)[0])))
      return bypassNode(rewriter, op, x, mayDelete);
    Operation *inner = getProducerOf(x, "Reshape");
    if (!inner || hasControlOperands(inner) || getNumDataOperands(inner) != 2)
      return rewriter.notifyMatchFailure(
          op, "the input is not a Reshape without control operands");
    Operation *node = cloneNodeWithData(
        rewriter, op, {getDataOperands(inner)[0], getDataOperands(op)[1]});
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

/// The permutation of a Transpose node, if constant and valid.
static std::optional<SmallVector<int64_t>> getPerm(Operation *op) {
  if (getNumDataOperands(op) != 2)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> perm =
      getConstInts(getDataOperands(op)[1]);
  if (!perm)
    return std::nullopt;
  SmallVector<bool> seen(perm->size(), false);
  for (int64_t p : *perm) {
    if (p < 0 || p >= static_cast<int64_t>(perm->size()) || seen[p])
      return std::nullopt;
    seen[p] = true;
  }
  return perm;
}

// Pattern: Transpose(x, identity) -> x; Transpose(Transpose(x, p), p^-1) -> x
/// Transpose(x, identity) -> x; Transpose(Transpose(x, p1), p2) -> x when
/// the permutations compose to the identity (also for two
/// ConjugateTransposes).
struct RemoveIdentityTranspose : NodePattern {
  RemoveIdentityTranspose(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> perm = getPerm(op);
    if (!perm)
      return rewriter.notifyMatchFailure(op, "no constant permutation");
    Value x = getDataOperands(op)[0];
    bool identity = true;
    for (auto [i, p] : llvm::enumerate(*perm))
      identity &= p == static_cast<int64_t>(i);
    if (identity && isNode(op, "Transpose"))
      return bypassNode(rewriter, op, x, mayDelete);
    Operation *inner = getProducerOf(x, getTFOpName(op));
    if (!inner || hasControlOperands(inner))
      return rewriter.notifyMatchFailure(op,
                                         "the input is not a Transpose of the "
                                         "same kind without control operands");
    std::optional<SmallVector<int64_t>> innerPerm = getPerm(inner);
    if (!innerPerm || innerPerm->size() != perm->size())
      return rewriter.notifyMatchFailure(
          op, "the inner permutation has another rank");
    for (auto [i, p] : llvm::enumerate(*perm))
      if ((*innerPerm)[p] != static_cast<int64_t>(i))
        return rewriter.notifyMatchFailure(
            op, "the permutations do not compose to the identity");
    return bypassNode(rewriter, op, getDataOperands(inner)[0], mayDelete);
  }
};

// Pattern: a + Neg(b) -> a - b; Neg(a) + b -> b - a; a - Neg(b) -> a + b
/// a + Neg(b) -> a - b; Neg(a) + b -> b - a; a - Neg(b) -> a + b. Exact
/// in IEEE arithmetic and in wrapping integer arithmetic.
struct RemoveNegation : NodePattern {
  RemoveNegation(StringRef name, MLIRContext *ctx) : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 ||
        !(isFloatLike(t) || isIntegerLike(t) || isComplexType(t)))
      return rewriter.notifyMatchFailure(op, "not a binary numeric node");
    Value a = getDataOperands(op)[0], b = getDataOperands(op)[1];
    auto negated = [](Value v) -> Value {
      Operation *neg = getProducerOf(v, "Neg");
      if (!neg || hasControlOperands(neg) || getNumDataOperands(neg) != 1)
        return {};
      return getDataOperands(neg)[0];
    };
    bool isSub = isNode(op, "Sub");
    Value lhs, rhs;
    if (Value nb = negated(b)) {
      lhs = a;
      rhs = nb;
    } else if (Value na = negated(a); na && !isSub) {
      lhs = b;
      rhs = na;
    } else {
      return rewriter.notifyMatchFailure(op, "no negated operand");
    }
    return replaceWithTypedNode(rewriter, op, isSub ? "AddV2" : "Sub",
                                {lhs, rhs}, t, mayDelete);
  }
};

// Pattern: Mul(x, x) -> Square(x)
/// Mul(x, x) -> Square(x).
struct ReplaceMulWithSquare : NodePattern {
  explicit ReplaceMulWithSquare(MLIRContext *ctx) : NodePattern("Mul", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 || !t ||
        getDataOperands(op)[0] != getDataOperands(op)[1] ||
        !(isFloatLike(t) || isIntegerLike(t) || isComplexType(t)))
      return rewriter.notifyMatchFailure(op, "not Mul(x, x) of a numeric type");
    return replaceWithTypedNode(rewriter, op, "Square",
                                {getDataOperands(op)[0]}, t, mayDelete);
  }
};

// Pattern: LogicalNot(cmp(a, b)) -> !cmp(a, b)
/// LogicalNot(cmp(a, b)) -> the negated comparison. Equal and NotEqual
/// negate each other exactly for every type; the orderings only for
/// non-float types (with a NaN operand both Less and GreaterEqual are
/// false, so Grappler's rewrite of float orderings changes results).
struct RemoveLogicalNot : NodePattern {
  explicit RemoveLogicalNot(MLIRContext *ctx)
      : NodePattern("LogicalNot", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 1)
      return rewriter.notifyMatchFailure(op, "not a unary node");
    Value in = getDataOperands(op)[0];
    Operation *cmp = getProducerNode(in);
    if (!cmp || hasControlOperands(cmp) || !hasSingleUse(in) ||
        getNumDataOperands(cmp) != 2)
      return rewriter.notifyMatchFailure(op,
                                         "the operand is not a single-use "
                                         "comparison without control operands");
    static const std::pair<StringRef, StringRef> kNegations[] = {
        {"Equal", "NotEqual"},    {"NotEqual", "Equal"},
        {"Less", "GreaterEqual"}, {"GreaterEqual", "Less"},
        {"Greater", "LessEqual"}, {"LessEqual", "Greater"}};
    StringRef negated;
    for (auto [from, to] : kNegations)
      if (isNode(cmp, from))
        negated = to;
    if (negated.empty())
      return rewriter.notifyMatchFailure(op, "not a negatable comparison");
    Type t = getTypeAttr(cmp);
    bool ordering = negated != "Equal" && negated != "NotEqual";
    if (!t || (ordering && !isIntegerLike(t)))
      return rewriter.notifyMatchFailure(
          op, "a float ordering (NaN makes the negation differ)");
    Operation *node = buildNode(
        rewriter, op, negated, SmallVector<Value>(getDataOperands(cmp)),
        getNodeAttrs(cmp).getValue(), getDataResults(op)[0].getType());
    if (!node)
      return rewriter.notifyMatchFailure(
          op, "could not build the negated comparison");
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: Div(x, Sqrt(y)) -> Mul(x, Rsqrt(y))
/// x / Sqrt(y) -> x * Rsqrt(y) (changes rounding: off by default).
struct SqrtDivToRsqrtMul : NodePattern {
  SqrtDivToRsqrtMul(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 || !(isFloatLike(t) || isComplexType(t)))
      return rewriter.notifyMatchFailure(op,
                                         "not a binary float or complex node");
    Value d = getDataOperands(op)[1];
    Operation *sqrt = getProducerOf(d, "Sqrt");
    if (!sqrt || hasControlOperands(sqrt) || !hasSingleUse(d))
      return rewriter.notifyMatchFailure(
          op, "the divisor is not a single-use Sqrt without control operands");
    NamedAttribute tAttr = rewriter.getNamedAttr("T", TypeAttr::get(t));
    Operation *rsqrt =
        buildNode(rewriter, sqrt, "Rsqrt", {getDataOperands(sqrt)[0]}, {tAttr},
                  d.getType());
    if (!rsqrt)
      return rewriter.notifyMatchFailure(op, "could not build Rsqrt");
    Operation *mul = buildNode(
        rewriter, op, "Mul", {getDataOperands(op)[0], getDataResults(rsqrt)[0]},
        {tAttr}, getDataResults(op)[0].getType());
    if (!mul)
      return rewriter.notifyMatchFailure(op, "could not build Mul");
    replaceNodeAndClean(rewriter, op, mul, mayDelete);
    return success();
  }
};

/// True if `op` is a (Conjugate)Transpose swapping the last two dimensions
/// and keeping the others.
static bool swapsLastTwoDims(Operation *op) {
  std::optional<SmallVector<int64_t>> perm = getPerm(op);
  if (!perm || perm->size() < 2)
    return false;
  size_t n = perm->size();
  for (size_t i = 0; i + 2 < n; ++i)
    if ((*perm)[i] != static_cast<int64_t>(i))
      return false;
  return (*perm)[n - 2] == static_cast<int64_t>(n - 1) &&
         (*perm)[n - 1] == static_cast<int64_t>(n - 2);
}

// Pattern: MatMul(Transpose(a), b) -> MatMul(a, b) {transpose_a}
/// MatMul(Transpose(a), b) -> MatMul(a, b, transpose_a = !transpose_a)
/// (and for b); for BatchMatMul* the flags are adj_x/adj_y, which conjugate:
/// a plain Transpose folds only for non-complex types, a ConjugateTranspose
/// for every type. For MatMul (no conjugation) a ConjugateTranspose folds
/// only for non-complex types.
struct FoldTransposeIntoMatMul : NodePattern {
  FoldTransposeIntoMatMul(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 2)
      return rewriter.notifyMatchFailure(op, "not a binary node");
    bool isMatMul = isNode(op, "MatMul");
    Type t = getTypeAttr(op);
    if (!t)
      return rewriter.notifyMatchFailure(op, "no T attribute");
    bool complex = isComplexType(t);
    SmallVector<Value> data(getDataOperands(op));
    SmallVector<NamedAttribute> overrides;
    for (int i = 0; i < 2; ++i) {
      Operation *tr = getProducerNode(data[i]);
      if (!tr || hasControlOperands(tr) || !swapsLastTwoDims(tr))
        continue;
      bool conj = isNode(tr, "ConjugateTranspose");
      if (!conj && !isNode(tr, "Transpose"))
        continue;
      if (complex && conj == isMatMul)
        continue;
      if (isMatMul && getPerm(tr)->size() != 2)
        continue;
      StringRef flag = isMatMul ? (i == 0 ? "transpose_a" : "transpose_b")
                                : (i == 0 ? "adj_x" : "adj_y");
      auto old = dyn_cast_or_null<BoolAttr>(op->getAttr(flag));
      bool value = old && old.getValue();
      overrides.push_back(
          rewriter.getNamedAttr(flag, rewriter.getBoolAttr(!value)));
      data[i] = getDataOperands(tr)[0];
    }
    if (overrides.empty())
      return rewriter.notifyMatchFailure(op,
                                         "no operand is a foldable transpose");
    Operation *node = cloneNodeWithData(rewriter, op, data, overrides);
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: Conj(Transpose(x, p)) -> ConjugateTranspose(x, p)
/// Conj(Transpose(x, p)) and Transpose(Conj(x), p) -> ConjugateTranspose(x,
/// p); Conj(ConjugateTranspose(x, p)) and ConjugateTranspose(Conj(x), p) ->
/// Transpose(x, p).
struct FoldConjugateIntoTranspose : NodePattern {
  FoldConjugateIntoTranspose(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Operation *transpose, *conj;
    Value inner;
    if (isNode(op, "Conj")) {
      if (getNumDataOperands(op) != 1)
        return rewriter.notifyMatchFailure(op, "not a unary Conj");
      inner = getDataOperands(op)[0];
      conj = op;
      transpose = getProducerNode(inner);
      if (!isNode(transpose, "Transpose") &&
          !isNode(transpose, "ConjugateTranspose"))
        return rewriter.notifyMatchFailure(
            op, "the operand is not a Transpose or ConjugateTranspose");
    } else {
      if (getNumDataOperands(op) != 2)
        return rewriter.notifyMatchFailure(op, "not a binary transpose");
      transpose = op;
      inner = getDataOperands(op)[0];
      conj = getProducerOf(inner, "Conj");
      if (!conj || getNumDataOperands(conj) != 1)
        return rewriter.notifyMatchFailure(op,
                                           "the operand is not a unary Conj");
    }
    Operation *producer = inner.getDefiningOp();
    if (hasControlOperands(producer) || !hasSingleUse(inner) ||
        getNumDataOperands(transpose) != 2)
      return rewriter.notifyMatchFailure(
          op, "the inner node has control operands or other users");
    Value x =
        conj == op ? getDataOperands(transpose)[0] : getDataOperands(conj)[0];
    StringRef newOp =
        isNode(transpose, "Transpose") ? "ConjugateTranspose" : "Transpose";
    Operation *node = buildNode(
        rewriter, op, newOp, {x, getDataOperands(transpose)[1]},
        getNodeAttrs(transpose).getValue(), getDataResults(op)[0].getType());
    if (!node)
      return rewriter.notifyMatchFailure(op,
                                         "could not build the fused transpose");
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

} // namespace

void arith_opt::populateSimplifyPatterns(
    RewritePatternSet &patterns, const ArithmeticOptimizerPassOptions &stages,
    bool mayDelete) {
  MLIRContext *ctx = patterns.getContext();
  if (stages.removeInvolution) {
    for (StringRef name : {"Neg", "Conj", "LogicalNot", "Invert"})
      addPattern<RemoveInvolution>(patterns, mayDelete, name, ctx);
    if (stages.unsafeMath)
      addPattern<RemoveInvolution>(patterns, mayDelete, "Reciprocal", ctx);
  }
  if (stages.removeRedundantBitcast)
    addPattern<RemoveRedundantBitcast>(patterns, mayDelete, ctx);
  if (stages.removeRedundantCast)
    addPattern<RemoveRedundantCast>(patterns, mayDelete, ctx);
  if (stages.removeRedundantReshape)
    addPattern<RemoveRedundantReshape>(patterns, mayDelete, ctx);
  if (stages.removeIdentityTranspose)
    for (StringRef name : {"Transpose", "ConjugateTranspose"})
      addPattern<RemoveIdentityTranspose>(patterns, mayDelete, name, ctx);
  if (stages.removeNegation)
    for (StringRef name : {"Add", "AddV2", "Sub"})
      addPattern<RemoveNegation>(patterns, mayDelete, name, ctx);
  if (stages.replaceMulWithSquare)
    addPattern<ReplaceMulWithSquare>(patterns, mayDelete, ctx);
  if (stages.removeLogicalNot)
    addPattern<RemoveLogicalNot>(patterns, mayDelete, ctx);
  if (stages.sqrtDivToRsqrtMul)
    for (StringRef name : {"Div", "RealDiv"})
      addPattern<SqrtDivToRsqrtMul>(patterns, mayDelete, name, ctx);
  if (stages.foldTransposeIntoMatMul)
    for (StringRef name :
         {"MatMul", "BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"})
      addPattern<FoldTransposeIntoMatMul>(patterns, mayDelete, name, ctx);
  if (stages.foldConjugateIntoTranspose)
    for (StringRef name : {"Conj", "Transpose", "ConjugateTranspose"})
      addPattern<FoldConjugateIntoTranspose>(patterns, mayDelete, name, ctx);
}
