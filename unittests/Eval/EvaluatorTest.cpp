//===- EvaluatorTest.cpp - Tests of TFGEval's API and kernels -------------===//
//
// Evaluation by op name on attributes, evaluation of a node, the result
// bound, and the seed kernels (Const, the shape ops, forwarding,
// elementwise arithmetic).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class EvaluatorTest : public ::testing::Test {
protected:
  EvaluatorTest() : b(&context) {
    context.loadDialect<TFGraphDialect, tf_type::TFTypeDialect>();
  }

  DenseElementsAttr ints(ArrayRef<int64_t> shape, ArrayRef<int32_t> values) {
    return DenseElementsAttr::get(RankedTensorType::get(shape, b.getI32Type()),
                                  values);
  }
  DenseElementsAttr floats(ArrayRef<int64_t> shape, ArrayRef<float> values) {
    return DenseElementsAttr::get(RankedTensorType::get(shape, b.getF32Type()),
                                  values);
  }
  static EvalOperand valueOf(DenseElementsAttr value) {
    return {value.getType(), value};
  }
  Type tensorType(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, b.getF32Type());
  }
  DictionaryAttr attrs(ArrayRef<NamedAttribute> list) {
    return b.getDictionaryAttr(list);
  }

  MLIRContext context;
  Builder b;
};
} // namespace

TEST_F(EvaluatorTest, KernelTable) {
  std::vector<std::string> ops = getOpsWithEvalKernels();
  EXPECT_TRUE(llvm::is_sorted(ops));
  for (const char *op : {"Const", "Shape", "ShapeN", "Size", "Rank", "Identity",
                         "AddV2", "Mul", "Neg"})
    EXPECT_NE(lookupEvalKernel(op), nullptr) << op;
  EXPECT_EQ(lookupEvalKernel("NoSuchOp"), nullptr);
  EXPECT_TRUE(failed(evaluate(&context, "NoSuchOp", {}, attrs({}))));
}

static LogicalResult failingKernel(EvalContext &ctx) {
  return ctx.fail("first");
}
static LogicalResult otherKernel(EvalContext &ctx) {
  return ctx.fail("second");
}

TEST_F(EvaluatorTest, KernelTableRefusesDuplicates) {
  // TFGEval's own table registers each op once.
  llvm::Error error = verifyEvalKernelTable();
  EXPECT_FALSE(error) << llvm::toString(std::move(error));
  // A name registered twice keeps its first kernel and is an error naming
  // the op.
  EvalKernelTable table;
  table.add("Foo", failingKernel);
  table.add("Bar", failingKernel);
  EXPECT_EQ(llvm::toString(table.verify()), "");
  table.add("Foo", otherKernel);
  EXPECT_EQ(table.lookup("Foo"), &failingKernel);
  EXPECT_EQ(table.getOpNames(), (std::vector<std::string>{"Bar", "Foo"}));
  EXPECT_EQ(llvm::toString(table.verify()),
            "op registered twice in the kernel table: Foo");
}

TEST_F(EvaluatorTest, ConstReturnsItsValue) {
  DenseElementsAttr value = floats({2}, {1.0f, 2.0f});
  auto result =
      evaluate(&context, "Const", {}, attrs({b.getNamedAttr("value", value)}));
  ASSERT_TRUE(succeeded(result));
  ASSERT_EQ(result->size(), 1u);
  EXPECT_EQ((*result)[0], value);
  EXPECT_TRUE(failed(evaluate(&context, "Const", {}, attrs({}))));
}

TEST_F(EvaluatorTest, ShapeOpsReadStaticTypes) {
  EvalOperand x{tensorType({2, 3}), nullptr};
  auto shape = evaluate(&context, "Shape", {x}, attrs({}));
  ASSERT_TRUE(succeeded(shape));
  EXPECT_EQ((*shape)[0], cast<ElementsAttr>(ints({2}, {2, 3})));
  auto shape64 = evaluate(
      &context, "Shape", {x},
      attrs({b.getNamedAttr("out_type", TypeAttr::get(b.getI64Type()))}));
  ASSERT_TRUE(succeeded(shape64));
  EXPECT_EQ(cast<ShapedType>((*shape64)[0].getType()).getElementType(),
            b.getI64Type());
  auto size = evaluate(&context, "Size", {x}, attrs({}));
  ASSERT_TRUE(succeeded(size));
  EXPECT_EQ((*size)[0], cast<ElementsAttr>(ints({}, {6})));
  EvalOperand unranked{UnrankedTensorType::get(b.getF32Type()), nullptr};
  EvalOperand dynamic{tensorType({ShapedType::kDynamic, 3}), nullptr};
  auto rank = evaluate(&context, "Rank", {dynamic}, attrs({}));
  ASSERT_TRUE(succeeded(rank));
  EXPECT_EQ((*rank)[0], cast<ElementsAttr>(ints({}, {2})));
  EXPECT_TRUE(failed(evaluate(&context, "Rank", {unranked}, attrs({}))));
  EXPECT_TRUE(failed(evaluate(&context, "Shape", {dynamic}, attrs({}))));
  EXPECT_TRUE(failed(evaluate(&context, "Size", {dynamic}, attrs({}))));
  // ShapeN: the shapes it knows; the others null.
  auto shapeN = evaluate(&context, "ShapeN", {x, dynamic}, attrs({}));
  ASSERT_TRUE(succeeded(shapeN));
  ASSERT_EQ(shapeN->size(), 2u);
  EXPECT_EQ((*shapeN)[0], cast<ElementsAttr>(ints({2}, {2, 3})));
  EXPECT_FALSE((*shapeN)[1]);
  // An int32 result that cannot hold a dim fails, as TensorFlow does.
  EvalOperand huge{tensorType({int64_t(1) << 40}), nullptr};
  EXPECT_TRUE(failed(evaluate(&context, "Shape", {huge}, attrs({}))));
}

TEST_F(EvaluatorTest, ForwardingAndArithmetic) {
  DenseElementsAttr a = ints({3}, {1, 2, 3}), s = ints({}, {10});
  auto id = evaluate(&context, "Identity", {valueOf(a)}, attrs({}));
  ASSERT_TRUE(succeeded(id));
  EXPECT_EQ((*id)[0], cast<ElementsAttr>(a));
  auto sum = evaluate(&context, "AddV2", {valueOf(a), valueOf(s)}, attrs({}));
  ASSERT_TRUE(succeeded(sum));
  EXPECT_EQ((*sum)[0], cast<ElementsAttr>(ints({3}, {11, 12, 13})));
  // A one-element operand of higher rank broadcasts the result's rank.
  auto ranked = evaluate(&context, "AddV2",
                         {valueOf(a), valueOf(ints({1, 1}, {10}))}, attrs({}));
  ASSERT_TRUE(succeeded(ranked));
  EXPECT_EQ((*ranked)[0], cast<ElementsAttr>(ints({1, 3}, {11, 12, 13})));
  auto diff = evaluate(&context, "Sub", {valueOf(s), valueOf(a)}, attrs({}));
  ASSERT_TRUE(succeeded(diff));
  EXPECT_EQ((*diff)[0], cast<ElementsAttr>(ints({3}, {9, 8, 7})));
  auto max = evaluate(&context, "Maximum", {valueOf(a), valueOf(ints({}, {2}))},
                      attrs({}));
  ASSERT_TRUE(succeeded(max));
  EXPECT_EQ((*max)[0], cast<ElementsAttr>(ints({3}, {2, 2, 3})));
  // Integers wrap.
  auto wrap = evaluate(&context, "Mul",
                       {valueOf(ints({}, {INT32_MAX})), valueOf(ints({}, {2}))},
                       attrs({}));
  ASSERT_TRUE(succeeded(wrap));
  EXPECT_EQ((*wrap)[0], cast<ElementsAttr>(ints({}, {-2})));
  auto neg = evaluate(&context, "Neg", {valueOf(floats({2}, {1.5f, -2.0f}))},
                      attrs({}));
  ASSERT_TRUE(succeeded(neg));
  EXPECT_EQ((*neg)[0], cast<ElementsAttr>(floats({2}, {-1.5f, 2.0f})));
  auto fsum = evaluate(
      &context, "Add",
      {valueOf(floats({2}, {0.5f, 1.0f})), valueOf(floats({2}, {0.25f, 2.0f}))},
      attrs({}));
  ASSERT_TRUE(succeeded(fsum));
  EXPECT_EQ((*fsum)[0], cast<ElementsAttr>(floats({2}, {0.75f, 3.0f})));
  // Unknown values, mismatched shapes and mixed types are not evaluated.
  EXPECT_TRUE(failed(evaluate(
      &context, "AddV2", {valueOf(a), {a.getType(), nullptr}}, attrs({}))));
  EXPECT_TRUE(failed(evaluate(
      &context, "AddV2", {valueOf(a), valueOf(ints({2}, {1, 2}))}, attrs({}))));
  EXPECT_TRUE(
      failed(evaluate(&context, "AddV2",
                      {valueOf(a), valueOf(floats({}, {1.0f}))}, attrs({}))));
}

TEST_F(EvaluatorTest, ResultBound) {
  // A splat of a million elements is one attribute; a kernel does not
  // expand it past the bound.
  auto big = DenseElementsAttr::get(
      RankedTensorType::get({1 << 20}, b.getI32Type()), int32_t(1));
  EXPECT_TRUE(failed(evaluate(&context, "Neg", {valueOf(big)}, attrs({}),
                              /*maxElements=*/1000)));
  EXPECT_TRUE(failed(evaluate(&context, "AddV2", {valueOf(big), valueOf(big)},
                              attrs({}), /*maxElements=*/1000)));
  // Const and Identity build nothing: they return the attribute.
  auto id = evaluate(&context, "Identity", {valueOf(big)}, attrs({}),
                     /*maxElements=*/1000);
  ASSERT_TRUE(succeeded(id));
  EXPECT_EQ((*id)[0], cast<ElementsAttr>(big));
}

TEST_F(EvaluatorTest, EvaluateNode) {
  const char *text = R"mlir(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<4x5xf32>)
  %C, %ctl_0 = Const name("c") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %S, %ctl_1 = Shape(%X) name("shape") {T = f32, out_type = i64} : (tensor<4x5xf32>) -> (tensor<2xi64>)
  %A, %ctl_2 = AddV2(%C, %C) name("add") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
}
)mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  llvm::StringMap<Operation *> nodes;
  module->walk([&](Operation *op) {
    if (getControlToken(op))
      nodes[getNodeName(op)] = op;
  });
  auto shape = evaluateNode(nodes["shape"]);
  ASSERT_TRUE(succeeded(shape));
  EXPECT_EQ(cast<DenseIntElementsAttr>((*shape)[0]).getValues<int64_t>()[1], 5);
  auto c = evaluateNode(nodes["c"]);
  ASSERT_TRUE(succeeded(c));
  // Operand values are given by the caller; without them AddV2 fails.
  EXPECT_TRUE(failed(evaluateNode(nodes["add"])));
  auto add = evaluateNode(nodes["add"], {(*c)[0], (*c)[0]});
  ASSERT_TRUE(succeeded(add));
  EXPECT_EQ((*add)[0], cast<ElementsAttr>(ints({2}, {2, 4})));
  // A Placeholder has no kernel.
  EXPECT_TRUE(failed(evaluateNode(nodes["x"])));
}

// The host entry point with operands by pointer (the graph interpreter's):
// the same results as by value; a null pointer is an unknown value, whose
// type `types` may give.
TEST_F(EvaluatorTest, HostOperandsByPointer) {
  auto x = HostTensor::fromAttr(ints({2}, {1, 2}));
  auto y = HostTensor::fromAttr(ints({2}, {10, 20}));
  ASSERT_TRUE(static_cast<bool>(x) && static_cast<bool>(y));
  DictionaryAttr attrs = b.getDictionaryAttr({});
  const HostTensor *operands[] = {&*x, &*y};
  auto sum = evaluateOnHostPointers(
      &context, "AddV2", ArrayRef<const HostTensor *>(operands), attrs);
  ASSERT_TRUE(static_cast<bool>(sum)) << llvm::toString(sum.takeError());
  ASSERT_EQ(sum->size(), 1u);
  EXPECT_EQ((*sum)[0].getInt(1), 22);
  // Unknown operand: Shape reads its type; AddV2 fails with a message.
  const HostTensor *unknown[] = {nullptr};
  Type type = RankedTensorType::get({3, 4}, b.getF32Type());
  auto shape = evaluateOnHostPointers(&context, "Shape",
                                      ArrayRef<const HostTensor *>(unknown),
                                      attrs, kDefaultEvalMaxElements, {type});
  ASSERT_TRUE(static_cast<bool>(shape)) << llvm::toString(shape.takeError());
  EXPECT_EQ((*shape)[0].getInt(0), 3);
  const HostTensor *half[] = {&*x, nullptr};
  auto failedAdd = evaluateOnHostPointers(
      &context, "AddV2", ArrayRef<const HostTensor *>(half), attrs);
  EXPECT_FALSE(static_cast<bool>(failedAdd));
  llvm::consumeError(failedAdd.takeError());
  auto noKernel = evaluateOnHostPointers(
      &context, "NoSuchOp", ArrayRef<const HostTensor *>(operands), attrs);
  ASSERT_FALSE(static_cast<bool>(noKernel));
  EXPECT_EQ(llvm::toString(noKernel.takeError()),
            "no evaluation kernel for op 'NoSuchOp'");
}
