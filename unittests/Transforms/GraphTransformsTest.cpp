//===- GraphTransformsTest.cpp - Graph pass helpers -----------------------===//

#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Support/InputLimits.h"
#include "tfg/Transforms/NodeOrder.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/thread.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {

class GraphTransformsTest : public ::testing::Test {
protected:
  GraphTransformsTest() { ctx.loadDialect<TFGraphDialect>(); }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &ctx);
  }

  /// Node names of a graph body in block order.
  static std::vector<std::string> names(Block &body) {
    std::vector<std::string> out;
    for (Operation &op : body)
      out.push_back(getNodeName(&op).str());
    return out;
  }

  MLIRContext ctx;
};

TEST_F(GraphTransformsTest, ShapeFunctionsCoverTheCommonOps) {
  EXPECT_GE(getNumShapeFunctions(), 150u);
  // Every op of the real models in test/ImportExport/tfjs.
  for (const char *op : {"Add",
                         "AddN",
                         "AddV2",
                         "ArgMax",
                         "AvgPool",
                         "BroadcastTo",
                         "Cast",
                         "Ceil",
                         "ConcatV2",
                         "Const",
                         "Conv2D",
                         "Conv2DBackpropInput",
                         "DepthwiseConv2dNative",
                         "Enter",
                         "Exit",
                         "Exp",
                         "ExpandDims",
                         "Fill",
                         "FloorDiv",
                         "FusedDepthwiseConv2dNative",
                         "GatherNd",
                         "GatherV2",
                         "GreaterEqual",
                         "Identity",
                         "Less",
                         "LogicalAnd",
                         "LoopCond",
                         "MaxPool",
                         "Maximum",
                         "Mean",
                         "Merge",
                         "Minimum",
                         "Mul",
                         "Neg",
                         "NextIteration",
                         "NonMaxSuppressionV3",
                         "Pack",
                         "Pad",
                         "Placeholder",
                         "Range",
                         "RealDiv",
                         "Reciprocal",
                         "Relu",
                         "Relu6",
                         "Reshape",
                         "ResizeBilinear",
                         "Shape",
                         "Sigmoid",
                         "Size",
                         "Softmax",
                         "Sqrt",
                         "SquaredDifference",
                         "Squeeze",
                         "StridedSlice",
                         "Sub",
                         "Switch",
                         "TensorArrayGatherV3",
                         "TensorArrayReadV3",
                         "TensorArrayScatterV3",
                         "TensorArraySizeV3",
                         "TensorArrayV3",
                         "TensorArrayWriteV3",
                         "Tile",
                         "Unpack",
                         "Where",
                         "_FusedConv2D",
                         "_FusedMatMul"})
    EXPECT_TRUE(hasShapeFunction(op)) << op;
  EXPECT_FALSE(hasShapeFunction("NoSuchOp"));
}

TEST_F(GraphTransformsTest, NodeNameOfSpec) {
  EXPECT_EQ(getNodeNameOfSpec("a"), "a");
  EXPECT_EQ(getNodeNameOfSpec("a:1"), "a");
  EXPECT_EQ(getNodeNameOfSpec("^a"), "a");
  EXPECT_EQ(getNodeNameOfSpec("scope/a:12"), "scope/a");
  // Not an output index: part of the name.
  EXPECT_EQ(getNodeNameOfSpec("a:b"), "a:b");
  EXPECT_EQ(getNodeNameOfSpec("a:"), "a:");
}

TEST_F(GraphTransformsTest, TopologicalOrderIgnoresBackEdges) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %N, %ctl = NextIteration(%B) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      %B, %ctl_0 = Neg(%M#0) name("body") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      %M:2, %ctl_1 = Merge(%E, %N) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
      %E, %ctl_2 = Const name("init") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphOp>().begin()).getBody();
  GraphView view(body);
  EXPECT_EQ(view.size(), 4u);
  EXPECT_EQ(view.getNumEdges(), 4u);
  for (bool stable : {true, false}) {
    std::vector<std::string> order;
    for (unsigned i : view.topologicalOrder(stable))
      order.push_back(getNodeName(view.getNode(i)).str());
    EXPECT_EQ(order,
              (std::vector<std::string>{"init", "merge", "body", "next"}));
  }
  sortTopologically(body);
  EXPECT_EQ(names(body),
            (std::vector<std::string>{"init", "merge", "body", "next"}));
}

/// Node names of `ops`.
static std::vector<std::string> nodeNames(ArrayRef<Operation *> ops) {
  std::vector<std::string> out;
  for (Operation *op : ops)
    out.push_back(getNodeName(op).str());
  return out;
}

TEST_F(GraphTransformsTest, LoweringOrderKeepsChainsAndBlockOrder) {
  // c takes a (data) and x (control); b is independent of both. The ready
  // nodes a, b, x keep their block order; c follows x, which freed it, at
  // once (a stack), and d follows c.
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %C, %ctl = Neg(%A) [%ctlX] name("c") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      %A, %ctlA = Const name("a") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
      %B, %ctlB = Const name("b") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
      %X, %ctlX = Const name("x") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
      %D, %ctlD = AddV2(%C, %B) name("d") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphOp>().begin()).getBody();
  SmallVector<Operation *> order;
  EXPECT_EQ(orderNodesTopologically(body, order), nullptr);
  EXPECT_EQ(nodeNames(order),
            (std::vector<std::string>{"a", "b", "x", "c", "d"}));

  // Only the kept nodes, ordered by the edges between them.
  llvm::StringSet<> keep{"c", "d", "b"};
  auto kept = [&](Operation *op) { return keep.contains(getNodeName(op)); };
  order.clear();
  EXPECT_EQ(orderNodesTopologically(body, order, kept), nullptr);
  EXPECT_EQ(nodeNames(order), (std::vector<std::string>{"c", "b", "d"}));
}

TEST_F(GraphTransformsTest, LoweringOrderReportsTheFirstNodeOnACycle) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %E, %ctl_2 = Const name("init") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
      %M:2, %ctl_1 = Merge(%E, %N) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
      %B, %ctl_0 = Neg(%M#0) name("body") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      %N, %ctl = NextIteration(%B) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphOp>().begin()).getBody();
  SmallVector<Operation *> order;
  Operation *cyclic = orderNodesTopologically(body, order);
  ASSERT_NE(cyclic, nullptr);
  EXPECT_EQ(getNodeName(cyclic), "merge");
  EXPECT_EQ(nodeNames(order), (std::vector<std::string>{"init"}));

  // With NextIteration's input ignored (tf_executor's Source), the loop
  // orders: the Source first, as a ready node in block order.
  order.clear();
  auto isNext = [](Operation *op) { return getNodeName(op) == "next"; };
  EXPECT_EQ(orderNodesTopologically(body, order, nullptr, isNext), nullptr);
  EXPECT_EQ(nodeNames(order),
            (std::vector<std::string>{"init", "next", "merge", "body"}));
}

TEST_F(GraphTransformsTest, PruneNeedsFetchesInAGraph) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %A, %ctl = Const name("a") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
      %B, %ctl_0 = Const name("b") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    })mlir");
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphOp>().begin()).getBody();
  FailureOr<RemovalStats> none = pruneGraph(body, {}, true);
  ASSERT_TRUE(succeeded(none));
  EXPECT_EQ(none->nodes, 0);
  FailureOr<RemovalStats> some = pruneGraph(body, {{"a"}, {}}, true);
  ASSERT_TRUE(succeeded(some));
  EXPECT_EQ(some->nodes, 1);
  EXPECT_EQ(names(body), std::vector<std::string>{"a"});
}

TEST_F(GraphTransformsTest, CSEOfRegionsDoesNotRecurseOnTheDepth) {
  // IfRegion in IfRegion, 10,000 deep (ten times what the tools read), each
  // level's then-region holding a Neg(x) equal to the graph's `neg`. The
  // parser and destruction recurse per level: they run on the tools' large
  // stack. MLIR's verifier (dominance) and its destruction of a region
  // (references dropped over the whole subtree at every level) take time
  // quadratic in the depth: the text is not verified, and the levels are
  // erased innermost first. tfg-cse runs on a thread with a 256 KiB stack.
  constexpr int kDepth = 10000;
  std::string text =
      "tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n"
      "%p, %cp = Placeholder name(\"p\") {dtype = i1} : () -> (tensor<i1>)\n"
      "%x, %cx = Placeholder name(\"x\") {dtype = f32} : () -> "
      "(tensor<f32>)\n"
      "%n, %cn = Neg(%x) name(\"neg\") {T = f32} : (tensor<f32>) -> "
      "(tensor<f32>)\n";
  for (int i = 0; i < kDepth; ++i)
    text += "%r" + std::to_string(i) + ", %c" + std::to_string(i) +
            " = IfRegion %p then {\n%n" + std::to_string(i) + ", %cn" +
            std::to_string(i) + " = Neg(%x) name(\"neg" + std::to_string(i) +
            "\") {T = f32} : (tensor<f32>) -> (tensor<f32>)\n";
  text += "yield(%x) : tensor<f32>\n";
  for (int i = kDepth - 1; i >= 0; --i) {
    text += "} else {\nyield(%x) : tensor<f32>\n} name(\"if" +
            std::to_string(i) +
            "\") {Tcond = i1, Tin = [], Tout = [f32]} : (tensor<i1>) -> "
            "(tensor<f32>)\n";
    if (i)
      text += "yield(%r" + std::to_string(i) + ") : tensor<f32>\n";
  }
  text += "%f, %cf = Identity(%r0) name(\"out\") {T = f32} : (tensor<f32>) "
          "-> (tensor<f32>)\n}\n";
  OwningOpRef<ModuleOp> module;
  runOnLargeStack([&] {
    module = parseSourceString<ModuleOp>(
        text, ParserConfig(&ctx, /*verifyAfterParse=*/false));
  });
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphOp>().begin()).getBody();
  FailureOr<RemovalStats> stats = failure();
  llvm::thread worker(std::optional<unsigned>(256u << 10), [&] {
    stats = eliminateCommonSubgraphs(body, {{"out"}, {}});
  });
  worker.join();
  ASSERT_TRUE(succeeded(stats));
  EXPECT_EQ(stats->nodes, kDepth);
  // Every level's Neg is gone: each then-region holds its IfRegion and its
  // yield, the innermost its yield alone.
  SmallVector<Operation *> levels;
  Operation *ifOp = &*std::next(body.begin(), 3);
  for (int i = 0; i < kDepth; ++i) {
    levels.push_back(ifOp);
    ASSERT_EQ(getNodeName(ifOp), "if" + std::to_string(i));
    Block &then = ifOp->getRegion(0).front();
    ASSERT_EQ(then.getOperations().size(), i + 1 < kDepth ? 2u : 1u);
    ifOp = &then.front();
  }
  runOnLargeStack([&] {
    for (Operation *level : llvm::reverse(levels)) {
      level->dropAllUses();
      level->erase();
    }
    module = nullptr;
  });
}

TEST_F(GraphTransformsTest, TransitiveReductionKeepsOneEdgeOfEachPath) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %ctl = NoOp name("a")
      %ctl_0 = NoOp [%ctl] name("b")
      %ctl_1 = NoOp [%ctl_0] name("c")
      %ctl_2 = NoOp [%ctl, %ctl_0, %ctl_1] name("d")
    })mlir");
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphOp>().begin()).getBody();
  EXPECT_EQ(reduceTransitiveControlEdges(body, 0), 2);
  Operation *d = &body.back();
  ASSERT_EQ(d->getNumOperands(), 1u);
  EXPECT_EQ(getNodeName(d->getOperand(0).getDefiningOp()), "c");
}

} // namespace

namespace {
// Every shape function, on inputs of every rank, unknown shapes, constants
// and the wrong number of operands: it may give up, never crash, and never
// produce an invalid type.
TEST_F(GraphTransformsTest, ShapeFunctionsSurviveAnyInput) {
  static const char *inputs[] = {
      "%u, %cu = Placeholder name(\"u\") {dtype = f32} : () -> (tensor<*xf32>)",
      "%s, %cs = Placeholder name(\"s\") {dtype = f32} : () -> (tensor<f32>)",
      "%v, %cv = Placeholder name(\"v\") {dtype = f32} : () -> (tensor<3xf32>)",
      "%m, %cm = Placeholder name(\"m\") {dtype = f32} : () -> "
      "(tensor<2x?xf32>)",
      "%t, %ct = Placeholder name(\"t\") {dtype = f32} : () -> "
      "(tensor<1x4x4x3xf32>)",
      "%k, %ck = Const name(\"k\") {dtype = i32, value = dense<[1, -1]> : "
      "tensor<2xi32>} : () -> (tensor<2xi32>)",
      "%z, %cz = Const name(\"z\") {dtype = i32, value = dense<-7> : "
      "tensor<i32>} : () -> (tensor<i32>)",
      "%w, %cw = Const name(\"w\") {dtype = i32, value = dense<0> : "
      "tensor<4xi32>} : () -> (tensor<4xi32>)",
  };
  static const char *names[] = {"%u", "%s", "%v", "%m", "%t", "%k", "%z", "%w"};
  static const char *types[] = {"tensor<*xf32>",       "tensor<f32>",
                                "tensor<3xf32>",       "tensor<2x?xf32>",
                                "tensor<1x4x4x3xf32>", "tensor<2xi32>",
                                "tensor<i32>",         "tensor<4xi32>"};
  // Plausible attributes, and nonsense ones (out-of-range axes, empty or
  // zero windows, every mask bit set, zero splits).
  static const char *attrSets[] = {
      "{axis = -1 : i64, keep_dims = true, N = 2 : i64, strides = [1, 2, 2, "
      "1], ksize = [1, 3, 3, 1], padding = \"SAME\", shrink_axis_mask = 1 : "
      "i64}",
      "{axis = 7 : i64, N = 0 : i64, strides = [0, 0, 0, 0], ksize = [], "
      "padding = \"EXPLICIT\", explicit_paddings = [1], num_split = 0 : i64, "
      "block_size = 0 : i64, data_format = \"NCHW\", squeeze_dims = [9], "
      "begin_mask = -1 : i64, end_mask = -1 : i64, ellipsis_mask = 3 : i64, "
      "new_axis_mask = 2 : i64, batch_dims = 5 : i64, dilations = [0, 0, 0, "
      "0], transpose_a = true, adj_x = true}"};
  unsigned checked = 0;
  for (const std::string &op : getOpsWithShapeFunctions()) {
    for (const char *attrSet : attrSets) {
      for (unsigned numInputs : {0u, 1u, 2u, 3u, 4u}) {
        for (unsigned first = 0; first < 8; ++first) {
          std::string text =
              "tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n";
          for (const char *in : inputs)
            text += std::string("  ") + in + "\n";
          std::string operands, operandTypes;
          for (unsigned i = 0; i < numInputs; ++i) {
            unsigned pick = (first + i) % 8;
            operands += std::string(i ? ", " : "") + names[pick];
            operandTypes += std::string(i ? ", " : "") + types[pick];
          }
          text += "  %r:2, %c = " + op + "(" + operands + ") name(\"n\") " +
                  attrSet + " : (" + operandTypes +
                  ") -> (tensor<*xf32>, tensor<*xf32>)\n}\n";
          auto module = parse(text);
          ASSERT_TRUE(module) << text;
          Block &body = (*module->getOps<GraphOp>().begin()).getBody();
          inferShapes(body);
          for (Operation &node : body) {
            for (Value result : node.getResults()) {
              auto ranked = dyn_cast<RankedTensorType>(result.getType());
              if (!ranked)
                continue;
              for (int64_t d : ranked.getShape()) {
                EXPECT_TRUE(d >= 0 || ShapedType::isDynamic(d)) << op;
              }
            }
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, getNumShapeFunctions() * 2 * 5 * 8);
}
} // namespace
