//===- GraphRewriteTest.cpp - The graph-aware rewrite driver --------------===//
//
// One test per guarantee of applyGraphPatterns and the node helpers
// (GraphRewrite.h): protected nodes, unique names, control dependencies,
// device placement, OpDef defaults and inferred types, the fixed point, and
// a long chain handled without recursion.
//
//===----------------------------------------------------------------------===//

#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// Identity(x) -> x: existing values replace the node (a bypass).
struct BypassIdentity : RewritePattern {
  explicit BypassIdentity(MLIRContext *ctx)
      : RewritePattern("tfg.Identity", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 1 || getDataResults(op).size() != 1)
      return failure();
    rewriter.replaceOp(op, getDataOperands(op));
    return success();
  }
};

/// Neg(x) -> Sub(Const(0), x): a new node replaces the Neg, with a helper.
struct ExpandNeg : RewritePattern {
  explicit ExpandNeg(MLIRContext *ctx) : RewritePattern("tfg.Neg", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Attribute t = op->getAttr("T");
    if (!t || getNumDataOperands(op) != 1)
      return failure();
    auto scalar = RankedTensorType::get({}, rewriter.getF32Type());
    NamedAttribute constAttrs[] = {
        rewriter.getNamedAttr("dtype", t),
        rewriter.getNamedAttr("value", DenseElementsAttr::get(scalar, {0.0f}))};
    FailureOr<Operation *> zero =
        createNodeLike(rewriter, op, "Const", {}, {}, constAttrs);
    if (failed(zero))
      return failure();
    Value operands[] = {(*zero)->getResult(0), getDataOperands(op).front()};
    FailureOr<Operation *> sub = createNodeLike(
        rewriter, op, "Sub", operands, {}, {rewriter.getNamedAttr("T", t)});
    if (failed(sub))
      return failure();
    rewriter.replaceOp(op, *sub);
    return success();
  }
};

/// Neg(Neg(x)) -> x, erasing the inner Neg when nothing else reads it.
struct FoldNegNeg : RewritePattern {
  explicit FoldNegNeg(MLIRContext *ctx) : RewritePattern("tfg.Neg", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 1)
      return failure();
    Operation *inner = getDataOperands(op).front().getDefiningOp();
    if (!inner || getTFOpName(inner) != "Neg" || getNumDataOperands(inner) != 1)
      return failure();
    rewriter.replaceOp(op, getDataOperands(inner));
    if (getDataResults(inner).front().use_empty())
      rewriter.eraseOp(inner);
    return success();
  }
};

/// Relu(c) -> Relu(c'), replacing its producer c with a copy: a rewrite of a
/// node the pattern was not offered.
struct ReplaceProducer : RewritePattern {
  explicit ReplaceProducer(MLIRContext *ctx)
      : RewritePattern("tfg.Relu", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = getDataOperands(op).front().getDefiningOp();
    if (!producer || getTFOpName(producer) != "Const" ||
        producer->hasAttr("copied"))
      return failure();
    rewriter.setInsertionPoint(producer);
    FailureOr<Operation *> copy = createNodeLike(
        rewriter, producer, "Const", {}, {},
        {rewriter.getNamedAttr("dtype", producer->getAttr("dtype")),
         rewriter.getNamedAttr("value", producer->getAttr("value")),
         rewriter.getNamedAttr("copied", rewriter.getUnitAttr())});
    if (failed(copy))
      return failure();
    rewriter.replaceOp(producer, *copy);
    return success();
  }
};

class GraphRewriteTest : public ::testing::Test {
protected:
  GraphRewriteTest() { ctx.loadDialect<TFGraphDialect>(); }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &ctx);
  }
  static Block &graphBody(ModuleOp module) {
    return (*module.getOps<GraphOp>().begin()).getBody();
  }
  template <typename... Patterns> FrozenRewritePatternSet freeze() {
    RewritePatternSet set(&ctx);
    set.add<Patterns...>(&ctx);
    return FrozenRewritePatternSet(std::move(set));
  }
  /// The node of `body` named `name`, or null.
  static Operation *node(Block &body, StringRef name) {
    for (Operation &op : body)
      if (getNodeName(&op) == name)
        return &op;
    return nullptr;
  }
  /// The nodes of `body` whose op is `opName`.
  static SmallVector<Operation *> nodesOf(Block &body, StringRef opName) {
    SmallVector<Operation *> out;
    for (Operation &op : body)
      if (getTFOpName(&op) == opName)
        out.push_back(&op);
    return out;
  }
  static bool namesAreUnique(Block &body) {
    llvm::StringSet<> seen;
    for (Operation &op : body)
      if (StringRef name = getNodeName(&op); !name.empty())
        if (!seen.insert(name).second)
          return false;
    return true;
  }

  MLIRContext ctx;
};

constexpr const char *kNegGraph = R"mlir(
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
    %ctl_0 = NoOp name("c")
    %N, %ctl_1 = Neg(%X) [%ctl_0] device("/CPU:0") name("n") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %U, %ctl_2 = Abs(%N) [%ctl_1] name("u") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %ctl_3 = NoOp [%ctl_1] name("v")
    %K, %ctl_4 = Const name("n/Const") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  })mlir";

TEST_F(GraphRewriteTest, FetchedNodeIsNotRewritten) {
  auto module = parse(kNegGraph);
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  Operation *neg = node(body, "n");
  GraphRewriteConfig config;
  config.preserve.fetch = {"n"};
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<ExpandNeg>(), config);
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->rewrites, 0);
  EXPECT_EQ(node(body, "n"), neg);
  EXPECT_EQ(getTFOpName(neg), "Neg");
  EXPECT_TRUE(nodesOf(body, "Sub").empty());
}

TEST_F(GraphRewriteTest, RewriteOfAFedNodeIsRefusedAndRolledBack) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %C, %ctl = Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
      %R, %ctl_0 = Relu(%C) name("r") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  Operation *constant = node(body, "c");
  GraphRewriteConfig config;
  config.preserve.feed = {"c"};
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<ReplaceProducer>(), config);
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->rewrites, 0);
  EXPECT_EQ(stats->refused, 1);
  EXPECT_EQ(node(body, "c"), constant);
  EXPECT_EQ(getDataOperands(node(body, "r")).front().getDefiningOp(), constant);
  // The Const the refused rewrite built is gone.
  EXPECT_EQ(nodesOf(body, "Const").size(), 1u);
  // Without the feed the same rewrite goes through.
  FailureOr<GraphRewriteStats> again =
      applyGraphPatterns(body, freeze<ReplaceProducer>(), {});
  ASSERT_TRUE(succeeded(again));
  EXPECT_EQ(again->rewrites, 1);
  EXPECT_EQ(nodesOf(body, "Const").size(), 1u);
  EXPECT_NE(node(body, "c"), constant);
}

TEST_F(GraphRewriteTest, NewNodesGetUniqueNamesFromTheReplacedNode) {
  auto module = parse(kNegGraph);
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<ExpandNeg>());
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->rewrites, 1);
  // The node taking the Neg's place takes its name; the helper node is
  // named after it, past the existing "n/Const".
  Operation *sub = node(body, "n");
  ASSERT_TRUE(sub);
  EXPECT_EQ(getTFOpName(sub), "Sub");
  Operation *zero = node(body, "n/Const/1");
  ASSERT_TRUE(zero);
  EXPECT_EQ(getTFOpName(zero), "Const");
  EXPECT_TRUE(namesAreUnique(body));
}

TEST_F(GraphRewriteTest, ControlDependenciesMoveToTheNewNode) {
  auto module = parse(kNegGraph);
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  Value c = getControlToken(node(body, "c"));
  ASSERT_TRUE(succeeded(applyGraphPatterns(body, freeze<ExpandNeg>())));
  Operation *sub = node(body, "n");
  ASSERT_TRUE(sub);
  // The Neg's control operand is the Sub's now.
  EXPECT_EQ(SmallVector<Value>(getControlOperands(sub)), SmallVector<Value>{c});
  // Its data and control users read the Sub.
  Operation *u = node(body, "u");
  EXPECT_EQ(getDataOperands(u).front(), sub->getResult(0));
  EXPECT_EQ(SmallVector<Value>(getControlOperands(u)),
            SmallVector<Value>{getControlToken(sub)});
  EXPECT_EQ(SmallVector<Value>(getControlOperands(node(body, "v"))),
            SmallVector<Value>{getControlToken(sub)});
}

TEST_F(GraphRewriteTest, ControlDependenciesMoveToUsersOnABypass) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
      %ctl_0 = NoOp name("c")
      %I, %ctl_1 = Identity(%X) [%ctl_0] name("i") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %U, %ctl_2 = Abs(%I) name("u") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %ctl_3 = NoOp [%ctl_1] name("v")
    })mlir");
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  Operation *x = node(body, "x");
  Value c = getControlToken(node(body, "c"));
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<BypassIdentity>());
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->rewrites, 1);
  EXPECT_FALSE(node(body, "i"));
  // The data user reads x and waits for what the Identity waited for.
  Operation *u = node(body, "u");
  EXPECT_EQ(getDataOperands(u).front(), x->getResult(0));
  EXPECT_EQ(SmallVector<Value>(getControlOperands(u)), SmallVector<Value>{c});
  // The control user waits for x and for c.
  SmallVector<Value> expected{getControlToken(x), c};
  EXPECT_EQ(SmallVector<Value>(getControlOperands(node(body, "v"))), expected);
}

TEST_F(GraphRewriteTest, ErasedNodeControlUsersWaitForItsInputs) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
      %ctl_0 = NoOp name("c")
      %A, %ctl_1 = Neg(%X) [%ctl_0] name("a") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %B, %ctl_2 = Neg(%A) name("b") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %ctl_3 = NoOp [%ctl_1] name("v")
      %O, %ctl_4 = Abs(%B) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  Operation *x = node(body, "x");
  Value c = getControlToken(node(body, "c"));
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<FoldNegNeg>());
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->rewrites, 1);
  EXPECT_TRUE(nodesOf(body, "Neg").empty());
  EXPECT_EQ(getDataOperands(node(body, "out")).front(), x->getResult(0));
  // "v" waited for "a", which waited for x and c.
  SmallVector<Value> expected{getControlToken(x), c};
  EXPECT_EQ(SmallVector<Value>(getControlOperands(node(body, "v"))), expected);
}

TEST_F(GraphRewriteTest, BypassOfAControlReturnIsRefused) {
  auto module = parse(R"mlir(
    tfg.func @f(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
      %I, %ctl = Identity(%x) name("i") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      return(%I) [%ctl {tfg.name = "r"}] : tensor<*xf32>
    })mlir");
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphFuncOp>().begin()).getBody().front();
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<BypassIdentity>());
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->rewrites, 0);
  EXPECT_EQ(stats->refused, 1);
  EXPECT_TRUE(node(body, "i"));
}

TEST_F(GraphRewriteTest, NewNodesAreOnTheDeviceOfTheReplacedNode) {
  auto module = parse(kNegGraph);
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  ASSERT_TRUE(succeeded(applyGraphPatterns(body, freeze<ExpandNeg>())));
  EXPECT_EQ(getNodeDevice(node(body, "n")), "/CPU:0");
  EXPECT_EQ(getNodeDevice(node(body, "n/Const/1")), "/CPU:0");
  // Nodes the rewrite did not create keep theirs.
  EXPECT_EQ(getNodeDevice(node(body, "n/Const")), "");
}

TEST_F(GraphRewriteTest, BuiltNodesHaveDefaultsAndInferredTypes) {
  auto module = parse(kNegGraph);
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  Operation *neg = node(body, "n");
  OpBuilder builder(neg);
  Type f32 = builder.getF32Type(), i32 = builder.getI32Type();
  Value x = getDataOperands(neg).front();

  FailureOr<Operation *> cast =
      createNodeLike(builder, neg, "Cast", {x}, {},
                     {builder.getNamedAttr("SrcT", TypeAttr::get(f32)),
                      builder.getNamedAttr("DstT", TypeAttr::get(i32))},
                     "cast");
  ASSERT_TRUE(succeeded(cast));
  EXPECT_EQ(getNodeName(*cast), "cast");
  EXPECT_EQ(getNodeDevice(*cast), "/CPU:0");
  EXPECT_EQ((*cast)->getAttr("Truncate"), builder.getBoolAttr(false));
  EXPECT_EQ((*cast)->getAttr(kDefaultedAttrsAttrName),
            builder.getArrayAttr({builder.getStringAttr("Truncate")}));
  ASSERT_EQ(getDataResults(*cast).size(), 1u);
  EXPECT_EQ(getDataResults(*cast).front().getType(),
            UnrankedTensorType::get(i32));

  // A number attribute sets the number of results; a given attribute wins
  // over its default.
  FailureOr<Operation *> unpack = createNodeLike(
      builder, neg, "Unpack", {x}, {},
      {builder.getNamedAttr("T", TypeAttr::get(f32)),
       builder.getNamedAttr("num", builder.getI64IntegerAttr(3)),
       builder.getNamedAttr("axis", builder.getI64IntegerAttr(1))});
  ASSERT_TRUE(succeeded(unpack));
  EXPECT_EQ(getDataResults(*unpack).size(), 3u);
  EXPECT_EQ((*unpack)->getAttr("axis"), builder.getI64IntegerAttr(1));
  EXPECT_FALSE((*unpack)->getAttr(kDefaultedAttrsAttrName));

  // Unknown ops and missing type attributes are errors, not crashes.
  std::string errors;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    errors += diag.str() + "\n";
    return success();
  });
  EXPECT_TRUE(failed(createNodeLike(builder, neg, "NoSuchOp", {x})));
  EXPECT_TRUE(failed(createNodeLike(builder, neg, "Identity", {x})));
  EXPECT_NE(errors.find("NoSuchOp"), std::string::npos);
  EXPECT_NE(errors.find("'T'"), std::string::npos);
}

TEST_F(GraphRewriteTest, FixedPointIsReached) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
      %A, %c1 = Neg(%X) name("a") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %B, %c2 = Neg(%A) name("b") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %C, %c3 = Neg(%B) name("c") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %D, %c4 = Neg(%C) name("d") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %E, %c5 = Neg(%D) name("e") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
      %O, %c6 = Abs(%E) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  FrozenRewritePatternSet patterns = freeze<FoldNegNeg>();
  FailureOr<GraphRewriteStats> stats = applyGraphPatterns(body, patterns);
  ASSERT_TRUE(succeeded(stats));
  EXPECT_TRUE(stats->converged);
  EXPECT_EQ(stats->rewrites, 2);
  // Five negations are one.
  SmallVector<Operation *> negs = nodesOf(body, "Neg");
  ASSERT_EQ(negs.size(), 1u);
  EXPECT_EQ(getDataOperands(negs.front()).front().getDefiningOp(),
            node(body, "x"));
  EXPECT_EQ(getDataOperands(node(body, "out")).front(),
            negs.front()->getResult(0));
  // A second run finds nothing to do.
  FailureOr<GraphRewriteStats> again = applyGraphPatterns(body, patterns);
  ASSERT_TRUE(succeeded(again));
  EXPECT_EQ(again->rewrites, 0);
}

TEST_F(GraphRewriteTest, RewriteLimitStopsPatternsThatNeverConverge) {
  auto module = parse(kNegGraph);
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  GraphRewriteConfig config;
  config.maxRewrites = 0;
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<ExpandNeg>(), config);
  ASSERT_TRUE(succeeded(stats));
  EXPECT_FALSE(stats->converged);
  EXPECT_EQ(getTFOpName(node(body, "n")), "Neg");
}

TEST_F(GraphRewriteTest, UnknownFetchIsAnError) {
  auto module = parse(kNegGraph);
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  ScopedDiagnosticHandler handler(&ctx, [](Diagnostic &) { return success(); });
  GraphRewriteConfig config;
  config.preserve.fetch = {"missing"};
  EXPECT_TRUE(failed(applyGraphPatterns(body, freeze<ExpandNeg>(), config)));
}

TEST_F(GraphRewriteTest, LongChainIsHandledIteratively) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  auto *dialect = ctx.getLoadedDialect<TFGraphDialect>();
  OpBuilder builder = OpBuilder::atBlockEnd(&body);
  Location loc = builder.getUnknownLoc();
  Type type = UnrankedTensorType::get(builder.getF32Type());
  NamedAttribute t =
      builder.getNamedAttr("T", TypeAttr::get(builder.getF32Type()));
  constexpr int kChain = 100000;
  Value prev = body.front().getResult(0);
  for (int i = 0; i < kChain; ++i) {
    NamedAttribute name(dialect->getNameAttrIdentifier(),
                        builder.getStringAttr("i" + std::to_string(i)));
    prev = createNode(builder, loc, "Identity", {prev}, {}, {type}, {name, t})
               ->getResult(0);
  }
  NamedAttribute outName(dialect->getNameAttrIdentifier(),
                         builder.getStringAttr("out"));
  createNode(builder, loc, "Neg", {prev}, {}, {type}, {outName, t});

  GraphRewriteConfig config;
  config.preserve.fetch = {"out"};
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, freeze<BypassIdentity>(), config);
  ASSERT_TRUE(succeeded(stats));
  EXPECT_TRUE(stats->converged);
  EXPECT_EQ(stats->rewrites, kChain);
  EXPECT_EQ(body.getOperations().size(), 2u);
  EXPECT_EQ(getDataOperands(node(body, "out")).front(),
            body.front().getResult(0));
}

TEST_F(GraphRewriteTest, DebugStripperPatternsRunThroughTheDriver) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
      %C, %ctl_0 = CheckNumerics(%X) device("/GPU:0") name("check") {T = f32, message = ""} : (tensor<*xf32>) -> (tensor<*xf32>)
      %C2, %ctl_1 = CheckNumerics(%C) name("fetched") {T = f32, message = ""} : (tensor<*xf32>) -> (tensor<*xf32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = graphBody(*module);
  RewritePatternSet set(&ctx);
  populateDebugStripperPatterns(set);
  GraphRewriteConfig config;
  config.preserve.fetch = {"fetched"};
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, FrozenRewritePatternSet(std::move(set)), config);
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->rewrites, 1);
  Operation *check = node(body, "check");
  EXPECT_EQ(getTFOpName(check), "Identity");
  EXPECT_EQ(getNodeDevice(check), "/GPU:0");
  EXPECT_EQ(check->getAttr("T"), TypeAttr::get(Float32Type::get(&ctx)));
  EXPECT_EQ(getTFOpName(node(body, "fetched")), "CheckNumerics");
}

} // namespace
