//===- Aggregation.cpp - Sum and product stages of the arithmetic optimizer//
//
// The stages of Grappler's ArithmeticOptimizer that restructure sums and
// products: trees of Add/AddV2 become one AddN, AddN of one repeated input
// becomes a Mul by a constant, a factor common to all terms of a sum is
// hoisted out of it, and chains of an associative op are reordered so that
// the smallest operands combine first (fewer broadcasts).
//
// Integer sums and products wrap, so reassociating them is exact. Floating
// point reassociation changes rounding: for floats these stages only do
// what keeps the order of operations (AddN sums its inputs left to right,
// as TensorFlow's kernel and tfg's evaluator do), unless `unsafe-math`.
//
//===----------------------------------------------------------------------===//

#include "ArithmeticOptimizer.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::arith_opt;

namespace {

/// The most leaves a rewritten tree may have.
constexpr size_t kMaxLeaves = 256;

/// True if reassociating the op's arithmetic over `t` is exact.
static bool reassociatesExactly(Type t) { return isIntegerLike(t); }

/// True if `t` is a numeric dtype whose sums these stages handle.
static bool isNumeric(Type t) {
  return isFloatLike(t) || isIntegerLike(t) || isComplexType(t);
}

/// True if `op` is a binary node of the same kind as `root` (Add and AddV2
/// count as one kind) that may be absorbed into root's tree: same type,
/// device, no control operands, its result used once.
static bool isAbsorbable(Operation *op, Operation *root, Value result) {
  auto kind = [](Operation *o) -> StringRef {
    StringRef n = getTFOpName(o);
    return n == "Add" ? "AddV2" : n;
  };
  return op && kind(op) == kind(root) && getNumDataOperands(op) == 2 &&
         !hasControlOperands(op) && getTypeAttr(op) == getTypeAttr(root) &&
         getNodeDevice(op) == getNodeDevice(root) && hasSingleUse(result);
}

/// True if `root` is the top of its tree: its only user is not a node of
/// the same kind that would absorb it.
static bool isTreeTop(Operation *root) {
  Value out = getDataResults(root)[0];
  if (!hasSingleUse(out))
    return true;
  Operation *user = *out.getUsers().begin();
  return !(user->getName().getDialectNamespace() == "tfg" &&
           getControlToken(user) && isAbsorbable(root, user, out));
}

/// The leaves of the tree of `root`, left to right. With `leftOnly`, only
/// left operands are descended into (the order of evaluation is kept).
/// Iterative. Fails (empty) past kMaxLeaves.
static SmallVector<Value> collectLeaves(Operation *root, bool leftOnly) {
  SmallVector<Value> leaves;
  SmallVector<Value> stack;
  OperandRange data = getDataOperands(root);
  stack.push_back(data[1]);
  stack.push_back(data[0]);
  while (!stack.empty()) {
    Value v = stack.pop_back_val();
    Operation *p = getProducerNode(v);
    if (p && isAbsorbable(p, root, v) && (!leftOnly || leaves.empty())) {
      stack.push_back(getDataOperands(p)[1]);
      stack.push_back(getDataOperands(p)[0]);
      continue;
    }
    leaves.push_back(v);
    if (leaves.size() > kMaxLeaves)
      return {};
  }
  return leaves;
}

/// Add/AddV2 trees of at least three same-shape terms -> AddN.
struct AddOpsRewrite : NodePattern {
  AddOpsRewrite(StringRef name, MLIRContext *ctx, bool unsafe)
      : NodePattern(name, ctx), unsafe(unsafe) {}
  bool unsafe;
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 || !isNumeric(t) || !isTreeTop(op))
      return failure();
    bool leftOnly = !unsafe && !reassociatesExactly(t);
    SmallVector<Value> leaves = collectLeaves(op, leftOnly);
    Value out = getDataResults(op)[0];
    if (leaves.size() < 3 || !llvm::all_of(leaves, [&](Value v) {
          return haveSameStaticShape(v, out);
        }))
      return failure();
    Operation *node = buildNode(
        rewriter, op, "AddN", leaves,
        {rewriter.getNamedAttr("N", rewriter.getI64IntegerAttr(leaves.size())),
         rewriter.getNamedAttr("T", TypeAttr::get(t))},
        out.getType());
    if (!node)
      return failure();
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

/// AddN(x, x, ..., x) -> Mul(x, n). Floats: n <= 3 (x+x+x rounds like
/// 3*x; longer sums round at each step), unless unsafe-math.
struct SimplifyAggregation : NodePattern {
  SimplifyAggregation(MLIRContext *ctx, bool unsafe)
      : NodePattern("AddN", ctx), unsafe(unsafe) {}
  bool unsafe;
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    OperandRange data = getDataOperands(op);
    if (data.size() < 2 || !(isFloatLike(t) || isIntegerLike(t)) ||
        !llvm::all_equal(data))
      return failure();
    if (isFloatLike(t) && !unsafe && data.size() > 3)
      return failure();
    Operation *n =
        buildScalarConst(rewriter, op, t, static_cast<double>(data.size()));
    if (!n)
      return failure();
    return replaceWithTypedNode(rewriter, op, "Mul",
                                {data[0], getDataResults(n)[0]}, t, mayDelete);
  }
};

/// AddN/Add/AddV2 of Mul terms sharing a factor x -> Mul(x, AddN(rest));
/// with unsafe-math, Add of Divs by one denominator -> Div(AddN(nums), d).
/// Every term and rest must have the result's static shape.
struct HoistCommonFactor : NodePattern {
  HoistCommonFactor(StringRef name, MLIRContext *ctx, bool unsafe)
      : NodePattern(name, ctx), unsafe(unsafe) {}
  bool unsafe;
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    OperandRange data = getDataOperands(op);
    Value out = getDataResults(op)[0];
    if (data.size() < 2 || data.size() > kMaxLeaves ||
        !(isIntegerLike(t) || (unsafe && (isFloatLike(t) || isComplexType(t)))))
      return failure();
    for (StringRef kind : {"Mul", "Div", "RealDiv"}) {
      if (kind != "Mul" && !unsafe)
        break;
      SmallVector<Operation *> terms;
      for (Value v : data) {
        Operation *p = getProducerOf(v, kind);
        if (!p || hasControlOperands(p) || !hasSingleUse(v) ||
            getNumDataOperands(p) != 2 || getTypeAttr(p) != t ||
            !haveSameStaticShape(getDataOperands(p)[0], out) ||
            !haveSameStaticShape(getDataOperands(p)[1], out) ||
            llvm::is_contained(terms, p))
          break;
        terms.push_back(p);
      }
      if (terms.size() != data.size())
        continue;
      // Divisions share their denominator; products any operand.
      SmallVector<int> sides =
          kind == "Mul" ? SmallVector<int>{0, 1} : SmallVector<int>{1};
      for (int side : sides) {
        Value common = getDataOperands(terms[0])[side];
        SmallVector<Value> rest;
        for (Operation *term : terms) {
          Value a = getDataOperands(term)[0], b = getDataOperands(term)[1];
          if (kind != "Mul")
            rest.push_back(b == common ? a : Value());
          else
            rest.push_back(a == common ? b : b == common ? a : Value());
        }
        if (llvm::is_contained(rest, Value()))
          continue;
        NamedAttribute tAttr = rewriter.getNamedAttr("T", TypeAttr::get(t));
        Operation *sum =
            buildNode(rewriter, op, "AddN", rest,
                      {rewriter.getNamedAttr(
                           "N", rewriter.getI64IntegerAttr(rest.size())),
                       tAttr},
                      out.getType());
        if (!sum)
          return failure();
        Operation *node = kind == "Mul"
                              ? buildNode(rewriter, op, "Mul",
                                          {common, getDataResults(sum)[0]},
                                          {tAttr}, out.getType())
                              : buildNode(rewriter, op, kind,
                                          {getDataResults(sum)[0], common},
                                          {tAttr}, out.getType());
        if (!node)
          return failure();
        replaceNodeAndClean(rewriter, op, node, mayDelete);
        return success();
      }
    }
    return failure();
  }
};

/// The number of elements of a static shape, saturating.
static int64_t numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n = (d != 0 && n > INT64_MAX / d) ? INT64_MAX : n * d;
  return n;
}

/// Chains of one associative, commutative op (Mul, Add/AddV2) with
/// operands of different static shapes -> a left chain over the operands
/// sorted by size, so that small operands combine before broadcasting.
/// Integers only (exact); floats with unsafe-math.
struct MinimizeBroadcasts : NodePattern {
  MinimizeBroadcasts(StringRef name, MLIRContext *ctx, bool unsafe)
      : NodePattern(name, ctx), unsafe(unsafe) {}
  bool unsafe;
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 ||
        !(isIntegerLike(t) || (unsafe && isFloatLike(t))) || !isTreeTop(op))
      return failure();
    SmallVector<Value> leaves = collectLeaves(op, /*leftOnly=*/false);
    if (leaves.size() < 3 || leaves.size() > 16)
      return failure();
    SmallVector<std::pair<int64_t, Value>> sized;
    for (Value v : leaves) {
      std::optional<SmallVector<int64_t>> shape = getStaticShape(v);
      if (!shape)
        return failure();
      sized.push_back({numElements(*shape), v});
    }
    std::stable_sort(sized.begin(), sized.end(),
                     [](auto &a, auto &b) { return a.first < b.first; });
    // Already a left chain in this order: nothing to do.
    SmallVector<Value> left = collectLeaves(op, /*leftOnly=*/true);
    if (left.size() == sized.size() &&
        llvm::all_of(llvm::seq<size_t>(0, left.size()),
                     [&](size_t i) { return left[i] == sized[i].second; }))
      return failure();
    if (sized.front().first == sized.back().first)
      return failure();
    NamedAttribute tAttr = rewriter.getNamedAttr("T", TypeAttr::get(t));
    Value acc = sized[0].second;
    Operation *node = nullptr;
    for (size_t i = 1; i < sized.size(); ++i) {
      bool last = i + 1 == sized.size();
      node =
          buildNode(rewriter, op, getTFOpName(op), {acc, sized[i].second},
                    {tAttr}, last ? getDataResults(op)[0].getType() : Type());
      if (!node)
        return failure();
      acc = getDataResults(node)[0];
    }
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

} // namespace

void arith_opt::populateAggregationPatterns(RewritePatternSet &patterns,
                                            const Stages &stages) {
  MLIRContext *ctx = patterns.getContext();
  bool unsafe = stages.unsafeMath;
  if (stages.addOpsRewrite)
    for (StringRef name : {"Add", "AddV2"})
      addPattern<AddOpsRewrite>(patterns, stages, name, ctx, unsafe);
  if (stages.simplifyAggregation)
    addPattern<SimplifyAggregation>(patterns, stages, ctx, unsafe);
  if (stages.hoistCommonFactor)
    for (StringRef name : {"AddN", "Add", "AddV2"})
      addPattern<HoistCommonFactor>(patterns, stages, name, ctx, unsafe);
  if (stages.minimizeBroadcasts)
    for (StringRef name : {"Mul", "Add", "AddV2"})
      addPattern<MinimizeBroadcasts>(patterns, stages, name, ctx, unsafe);
}
