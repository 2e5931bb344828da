//===- GraphTransformsTest.cpp - Graph pass helpers -----------------------===//

#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

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
