//===- UtilityTest.cpp - Tests of the node and control-token helpers ------===//

#include "tfg/IR/TFGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class UtilityTest : public ::testing::Test {
protected:
  UtilityTest() { context.loadDialect<TFGraphDialect>(); }
  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &context);
  }
  MLIRContext context;
};
} // namespace

TEST_F(UtilityTest, FunctionControlArguments) {
  auto module = parse(R"mlir(
    tfg.func @f(%a: tensor<i32> {tfg.name = "a"}, %b: tensor<f32> {tfg.name = "b"}) -> () {
      %ctl = NoOp [%b.ctl] name("n")
      return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto func = *module->getOps<GraphFuncOp>().begin();
  ASSERT_EQ(func.getBody().front().getNumArguments(), 4u);
  for (unsigned i = 0; i < 2; ++i) {
    Value data = func.getDataArgument(i), ctl = func.getControlArgument(i);
    EXPECT_EQ(getControlTokenOf(data), ctl);
    EXPECT_EQ(getDataValueOfControl(ctl), data);
    EXPECT_EQ(getDataValueOfControl(data), Value());
  }
  Operation *noop = &func.getBody().front().front();
  EXPECT_EQ(getNodeName(noop), "n");
  EXPECT_EQ(getTFOpName(noop), "NoOp");
  EXPECT_EQ(getNumDataOperands(noop), 0u);
  ASSERT_EQ(getControlOperands(noop).size(), 1u);
  EXPECT_EQ(getControlOperands(noop)[0], func.getControlArgument(1));
  EXPECT_TRUE(getDataResults(noop).empty());
  EXPECT_EQ(getControlToken(noop), noop->getResult(0));
}

TEST_F(UtilityTest, NodeAccessorsAndRegionArguments) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %x, %ctl = Placeholder device("/CPU:0") name("x") {dtype = i32} : () -> (tensor<i32>)
      %w, %ctl_0 = WhileRegion(%x) [%ctl] {
      ^bb0(%a: tensor<i32>, %a_ctl: !tf_type.control):
        condition %x : tensor<i32> (%a) : tensor<i32>
      } do {
      ^bb0(%a: tensor<i32>, %a_ctl: !tf_type.control):
        yield(%a) : tensor<i32>
      } name("w") : (tensor<i32>) -> (tensor<i32>)
    }
  )mlir");
  ASSERT_TRUE(module);
  auto graph = *module->getOps<GraphOp>().begin();
  Operation *x = &graph.getBody().front();
  EXPECT_EQ(getNodeDevice(x), "/CPU:0");
  EXPECT_EQ(getNodeAssignedDevice(x), "");
  EXPECT_EQ(getControlTokenOf(x->getResult(0)), x->getResult(1));
  setNodeName(x, "renamed");
  setNodeDevice(x, "/GPU:0");
  EXPECT_EQ(getNodeName(x), "renamed");
  EXPECT_EQ(getNodeDevice(x), "/GPU:0");
  EXPECT_TRUE(isStatefulNode(x)); // graph inputs are kept by stock passes

  auto loop = cast<WhileRegionOp>(x->getNextNode());
  EXPECT_EQ(loop.getDataOperands().size(), 1u);
  EXPECT_EQ(loop.getControlOperands().size(), 1u);
  Block &body = loop.getBodyRegion().front();
  EXPECT_EQ(getControlTokenOf(body.getArgument(0)), body.getArgument(1));
  EXPECT_EQ(getDataValueOfControl(body.getArgument(1)), body.getArgument(0));
}

TEST_F(UtilityTest, StatefulnessComesFromTheRegistry) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %ctl = NoOp name("a")
      %ctl_0 = Assert name("b")
      %ctl_1 = SomeFunctionCall name("c")
    }
  )mlir");
  ASSERT_TRUE(module);
  auto graph = *module->getOps<GraphOp>().begin();
  auto it = graph.getBody().begin();
  EXPECT_FALSE(isStatefulNode(&*it++));
  EXPECT_TRUE(isStatefulNode(&*it++));
  EXPECT_TRUE(isStatefulNode(&*it++));
}

TEST_F(UtilityTest, NodeNamesLiveWhereTheNodeKeepsThem) {
  auto module = parse(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %x, %ctl = Placeholder name("x") {dtype = i1} : () -> (tensor<i1>)
      %y, %ctl_0 = "tfg.Identity"(%x) {T = i1, _mlir_name = "tf_style"} : (tensor<i1>) -> (tensor<i1>, !tf_type.control)
      %ctl_1 = IfRegion %x then {
        yield
      } else {
        yield
      } name("if") : (tensor<i1>) -> ()
    }
  )mlir");
  ASSERT_TRUE(module);
  Block &body = (*module->getOps<GraphOp>().begin()).getBody();
  auto it = body.begin();
  Operation *x = &*it++, *y = &*it++, *ifOp = &*it++;
  StringAttr nameId =
      context.getLoadedDialect<TFGraphDialect>()->getNameAttrIdentifier();

  // A generic node: the name is its properties, not an attribute.
  EXPECT_EQ(getNodeName(x), "x");
  EXPECT_EQ(getNodeNameAttr(x), x->getPropertiesAsAttribute());
  EXPECT_FALSE(getNodeAttrs(x).get(nameId));
  setNodeName(x, "x2");
  EXPECT_EQ(getNodeName(x), "x2");
  EXPECT_FALSE(getNodeAttrs(x).get(nameId));

  // Spelled as `_mlir_name`: read there; renaming moves it to properties.
  EXPECT_EQ(getNodeName(y), "tf_style");
  EXPECT_FALSE(y->getPropertiesAsAttribute());
  setNodeName(y, "renamed");
  EXPECT_EQ(getNodeName(y), "renamed");
  EXPECT_FALSE(getNodeAttrs(y).get(nameId));
  EXPECT_EQ(getNodeNameAttr(y), y->getPropertiesAsAttribute());

  // A registered node op: the `_mlir_name` attribute.
  EXPECT_EQ(getNodeName(ifOp), "if");
  setNodeName(ifOp, "if2");
  EXPECT_EQ(ifOp->getAttrOfType<StringAttr>(nameId).getValue(), "if2");

  // addNodeName picks the place from the op being built.
  OperationState generic(x->getLoc(), "tfg.NoOp");
  addNodeName(generic, StringAttr::get(&context, "g"));
  EXPECT_EQ(generic.propertiesAttr, StringAttr::get(&context, "g"));
  EXPECT_TRUE(generic.attributes.empty());
  OperationState registered(x->getLoc(), IfRegionOp::getOperationName());
  addNodeName(registered, StringAttr::get(&context, "r"));
  EXPECT_FALSE(registered.propertiesAttr);
  EXPECT_EQ(registered.attributes.get(nameId), StringAttr::get(&context, "r"));
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(UtilityTest, ValidNodeNames) {
  // TensorFlow's rule: letters, digits and '.' first (and '_', its internal
  // names, at the very start), then also '_', '-' and '/'; '>' joins parts.
  for (StringRef name : {"a", "7", ".x", "_retval", "__inference_f_12",
                         "scope/a-b.c_d", "a>b", "a>.b>7/c", "A"})
    EXPECT_TRUE(isValidNodeName(name)) << name.str();
  for (StringRef name : {"", "a:1", "^a", "a b", "-a", "/a", "a>", ">a", "a>>b",
                         "a>_b", "a>-b", "a\xc3\xa9", "a\n"})
    EXPECT_FALSE(isValidNodeName(name)) << name.str();
}
