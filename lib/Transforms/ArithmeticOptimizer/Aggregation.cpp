//===- Aggregation.cpp - Sum and product stages of the arithmetic optimizer//
//
// The stages of Grappler's ArithmeticOptimizer that restructure sums and
// products: trees of Add/AddV2 become AddNs (one per run or group of terms
// of one shape, joined by broadcasting AddV2s), AddN of one repeated input
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
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-arithmetic-optimizer"

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

/// The NumPy broadcast of two static shapes, or nullopt.
static std::optional<SmallVector<int64_t>>
broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    out[i] = da == 1 ? db : da;
  }
  return out;
}

/// One node of a rewritten sum: AddN of several values or AddV2 of two.
/// Operands index the leaves, then the results of earlier steps.
struct SumStep {
  bool isAddN;
  SmallVector<unsigned> operands;
  SmallVector<int64_t> shape;
};

/// The steps that sum `shapes` (the leaves' static shapes) in their order
/// of evaluation, left to right, as the tree did: each run of leaves of the
/// accumulated value's shape becomes one AddN (which sums left to right),
/// a leaf of another shape one AddV2 (broadcasting). Nullopt when shapes do
/// not broadcast.
static std::optional<SmallVector<SumStep>>
planInOrder(ArrayRef<SmallVector<int64_t>> shapes) {
  SmallVector<SumStep> steps;
  unsigned next = shapes.size(); // the slot of the next step's result
  SmallVector<unsigned> group = {0};
  SmallVector<int64_t> groupShape = shapes[0];
  auto close = [&]() -> unsigned {
    if (group.size() == 1)
      return group[0];
    steps.push_back({true, group, groupShape});
    return next++;
  };
  for (unsigned i = 1; i < shapes.size(); ++i) {
    if (shapes[i] == groupShape) {
      group.push_back(i);
      continue;
    }
    unsigned acc = close();
    std::optional<SmallVector<int64_t>> shape =
        broadcastShapes(groupShape, shapes[i]);
    if (!shape)
      return std::nullopt;
    steps.push_back({false, {acc, i}, *shape});
    group = {next++};
    groupShape = *shape;
  }
  if (group.size() > 1)
    steps.push_back({true, group, groupShape});
  return steps;
}

/// The steps that sum `shapes` in any order (exact for integers, rounding
/// for floats): the leaves of one shape are summed by one AddN (in their
/// order), then the groups are added by AddV2 from the fewest elements to
/// the most, as Grappler's AddOpsRewrite does. Nullopt when shapes do not
/// broadcast.
static std::optional<SmallVector<SumStep>>
planGrouped(ArrayRef<SmallVector<int64_t>> shapes) {
  SmallVector<SmallVector<unsigned>> groups;
  for (unsigned i = 0; i < shapes.size(); ++i) {
    auto it = llvm::find_if(groups, [&](const SmallVector<unsigned> &g) {
      return shapes[g[0]] == shapes[i];
    });
    if (it == groups.end())
      groups.push_back({i});
    else
      it->push_back(i);
  }
  auto numElements = [&](const SmallVector<unsigned> &g) {
    int64_t n = 1;
    for (int64_t d : shapes[g[0]])
      if (llvm::MulOverflow(n, d, n))
        return INT64_MAX;
    return n;
  };
  llvm::stable_sort(groups, [&](const auto &a, const auto &b) {
    return numElements(a) < numElements(b);
  });
  SmallVector<SumStep> steps;
  unsigned next = shapes.size();
  std::optional<unsigned> acc;
  SmallVector<int64_t> accShape;
  for (const SmallVector<unsigned> &g : groups) {
    unsigned v = g[0];
    if (g.size() > 1) {
      steps.push_back({true, g, shapes[g[0]]});
      v = next++;
    }
    if (!acc) {
      acc = v;
      accShape = shapes[g[0]];
      continue;
    }
    std::optional<SmallVector<int64_t>> shape =
        broadcastShapes(accShape, shapes[g[0]]);
    if (!shape)
      return std::nullopt;
    steps.push_back({false, {*acc, v}, *shape});
    acc = next++;
    accShape = *shape;
  }
  return steps;
}

// Pattern: Add/AddV2/AddN tree -> AddN per shape group (+ broadcasting Adds)
/// Add/AddV2 trees -> AddN of the terms of one shape, and AddV2 where
/// terms of different (broadcast-compatible) static shapes meet; done when
/// it leaves fewer nodes than the tree (some AddN sums three terms or
/// more). Integers (and floats with unsafe-math): the whole tree, grouped
/// by shape. Floats: left-leaning trees in their order (exact).
struct AddOpsRewrite : NodePattern {
  AddOpsRewrite(StringRef name, MLIRContext *ctx, bool unsafe)
      : NodePattern(name, ctx), unsafe(unsafe) {}
  bool unsafe;
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 || !isNumeric(t) || !isTreeTop(op))
      return rewriter.notifyMatchFailure(
          op, "not a binary numeric node at the top of an add tree");
    bool leftOnly = !unsafe && !reassociatesExactly(t);
    SmallVector<Value> leaves = collectLeaves(op, leftOnly);
    Value out = getDataResults(op)[0];
    std::optional<SmallVector<int64_t>> outShape = getStaticShape(out);
    if (leaves.size() < 3 || !outShape)
      return rewriter.notifyMatchFailure(
          op, "fewer than 3 leaves or no static result shape");
    SmallVector<SmallVector<int64_t>> shapes;
    for (Value leaf : leaves) {
      std::optional<SmallVector<int64_t>> shape = getStaticShape(leaf);
      if (!shape)
        return rewriter.notifyMatchFailure(op, "a leaf without a static shape");
      shapes.push_back(std::move(*shape));
    }
    std::optional<SmallVector<SumStep>> steps =
        leftOnly ? planInOrder(shapes) : planGrouped(shapes);
    // Fewer nodes than the tree's leaves.size() - 1, and the tree's shape.
    if (!steps || steps->empty() || steps->size() + 1 >= leaves.size() ||
        steps->back().shape != *outShape)
      return rewriter.notifyMatchFailure(
          op, "the rewrite would not leave fewer nodes");
    Type element = tf_type::getElementTypeOrSelf(out.getType());
    SmallVector<Value> slots(leaves);
    Operation *node = nullptr;
    for (auto [i, step] : llvm::enumerate(*steps)) {
      SmallVector<Value> operands;
      for (unsigned slot : step.operands)
        operands.push_back(slots[slot]);
      SmallVector<NamedAttribute> attrs;
      if (step.isAddN)
        attrs.push_back(rewriter.getNamedAttr(
            "N", rewriter.getI64IntegerAttr(operands.size())));
      attrs.push_back(rewriter.getNamedAttr("T", TypeAttr::get(t)));
      Type type = i + 1 == steps->size()
                      ? out.getType()
                      : RankedTensorType::get(step.shape, element);
      node = buildNode(rewriter, op, step.isAddN ? "AddN" : "AddV2", operands,
                       attrs, type);
      if (!node)
        return rewriter.notifyMatchFailure(op, "could not build a sum node");
      slots.push_back(getDataResults(node)[0]);
    }
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: AddN(x, x, ..., x) -> Mul(x, n)
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
      return rewriter.notifyMatchFailure(
          op, "not an aggregation of one repeated numeric value");
    if (isFloatLike(t) && !unsafe && data.size() > 3)
      return rewriter.notifyMatchFailure(
          op, "float aggregation of more than 3 terms needs unsafe-math");
    Operation *n =
        buildScalarConst(rewriter, op, t, static_cast<double>(data.size()));
    if (!n)
      return rewriter.notifyMatchFailure(op,
                                         "could not build the count constant");
    return replaceWithTypedNode(rewriter, op, "Mul",
                                {data[0], getDataResults(n)[0]}, t, mayDelete);
  }
};

// Pattern: AddN(Mul(x, a), Mul(x, b), ...) -> Mul(x, AddN(a, b, ...))
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
      return rewriter.notifyMatchFailure(
          op, "too few or too many terms, or a type needing unsafe-math");
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
          return rewriter.notifyMatchFailure(
              op, "could not build the sum of the other factors");
        Operation *node = kind == "Mul"
                              ? buildNode(rewriter, op, "Mul",
                                          {common, getDataResults(sum)[0]},
                                          {tAttr}, out.getType())
                              : buildNode(rewriter, op, kind,
                                          {getDataResults(sum)[0], common},
                                          {tAttr}, out.getType());
        if (!node)
          return rewriter.notifyMatchFailure(
              op, "could not build the product with the common factor");
        replaceNodeAndClean(rewriter, op, node, mayDelete);
        return success();
      }
    }
    return rewriter.notifyMatchFailure(op, "no factor common to every term");
  }
};

/// The number of elements of a static shape, saturating.
static int64_t numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n = (d != 0 && n > INT64_MAX / d) ? INT64_MAX : n * d;
  return n;
}

// Pattern: op(op(big, small1), small2) -> op(op(small1, small2), big)
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
      return rewriter.notifyMatchFailure(
          op, "not a binary integer node (floats need unsafe-math) at the top "
              "of a chain");
    SmallVector<Value> leaves = collectLeaves(op, /*leftOnly=*/false);
    if (leaves.size() < 3 || leaves.size() > 16)
      return rewriter.notifyMatchFailure(
          op, "fewer than 3 or more than 16 operands in the chain");
    SmallVector<std::pair<int64_t, Value>> sized;
    for (Value v : leaves) {
      std::optional<SmallVector<int64_t>> shape = getStaticShape(v);
      if (!shape)
        return rewriter.notifyMatchFailure(op,
                                           "an operand without a static shape");
      sized.push_back({numElements(*shape), v});
    }
    std::stable_sort(sized.begin(), sized.end(),
                     [](auto &a, auto &b) { return a.first < b.first; });
    // Already a left chain in this order: nothing to do.
    SmallVector<Value> left = collectLeaves(op, /*leftOnly=*/true);
    if (left.size() == sized.size() &&
        llvm::all_of(llvm::seq<size_t>(0, left.size()),
                     [&](size_t i) { return left[i] == sized[i].second; }))
      return rewriter.notifyMatchFailure(
          op, "the operands are already in size order");
    if (sized.front().first == sized.back().first)
      return rewriter.notifyMatchFailure(op, "every operand has the same size");
    NamedAttribute tAttr = rewriter.getNamedAttr("T", TypeAttr::get(t));
    Value acc = sized[0].second;
    Operation *node = nullptr;
    for (size_t i = 1; i < sized.size(); ++i) {
      bool last = i + 1 == sized.size();
      node =
          buildNode(rewriter, op, getTFOpName(op), {acc, sized[i].second},
                    {tAttr}, last ? getDataResults(op)[0].getType() : Type());
      if (!node)
        return rewriter.notifyMatchFailure(op, "could not build a chain node");
      acc = getDataResults(node)[0];
    }
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

} // namespace

void arith_opt::populateAggregationPatterns(
    RewritePatternSet &patterns, const ArithmeticOptimizerPassOptions &stages,
    bool mayDelete) {
  MLIRContext *ctx = patterns.getContext();
  bool unsafe = stages.unsafeMath;
  if (stages.addOpsRewrite)
    for (StringRef name : {"Add", "AddV2"})
      addPattern<AddOpsRewrite>(patterns, mayDelete, name, ctx, unsafe);
  if (stages.simplifyAggregation)
    addPattern<SimplifyAggregation>(patterns, mayDelete, ctx, unsafe);
  if (stages.hoistCommonFactor)
    for (StringRef name : {"AddN", "Add", "AddV2"})
      addPattern<HoistCommonFactor>(patterns, mayDelete, name, ctx, unsafe);
  if (stages.minimizeBroadcasts)
    for (StringRef name : {"Mul", "Add", "AddV2"})
      addPattern<MinimizeBroadcasts>(patterns, mayDelete, name, ctx, unsafe);
}
