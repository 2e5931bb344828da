//===- OpClassificationTest.cpp - Tests of the op class table -------------===//
//
// The table's invariants (sorted, one row per op, known classes) and the
// queries, by name and on nodes.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/OpRegistry.h"
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
using namespace mlir::tfg::op_class;

TEST(OpClassificationTest, TableIsSortedWithOneRowPerOp) {
  ArrayRef<OpClassEntry> rows = getOpClassTable();
  ASSERT_GT(rows.size(), 200u);
  for (size_t i = 1; i < rows.size(); ++i)
    EXPECT_LT(rows[i - 1].name, rows[i].name) << rows[i].name.str();
  for (const OpClassEntry &row : rows) {
    EXPECT_NE(row.classes, 0u) << row.name.str();
    EXPECT_EQ(getOpClasses(row.name), row.classes) << row.name.str();
  }
}

TEST(OpClassificationTest, TableNamesRegisteredOps) {
  // Every op of the table is a TensorFlow op the registry knows, except
  // the internal ops the OpDef lists lack (their rows say what the table
  // adds: they are stateful).
  for (const OpClassEntry &row : getOpClassTable()) {
    if (!lookupBuiltinOpDef(row.name)) {
      EXPECT_TRUE(row.classes & Stateful) << row.name.str();
    }
  }
}

TEST(OpClassificationTest, ClassInvariants) {
  for (const OpClassEntry &row : getOpClassTable()) {
    std::string name = row.name.str();
    OpClassSet c = row.classes;
    // Elementwise unary ops keep their operand's shape.
    if (c & ElementwiseUnary) {
      EXPECT_TRUE(c & SameShape) << name;
    }
    // Monotonic and involutive ops are elementwise unary.
    if (c & (Involution | MonotonicNonIncreasing)) {
      EXPECT_TRUE(c & ElementwiseUnary) << name;
    }
    if (c & MonotonicNonDecreasing) {
      EXPECT_TRUE(c & (ElementwiseUnary | IdentityLike)) << name;
    }
    EXPECT_FALSE((c & MonotonicNonDecreasing) && (c & MonotonicNonIncreasing))
        << name;
    // An op is one of: layout agnostic, layout sensitive, neither.
    EXPECT_FALSE((c & LayoutAgnostic) && (c & LayoutSensitive)) << name;
    // One shape function per row: the classes that choose it exclude each
    // other.
    EXPECT_LE(llvm::popcount(c & (SameShape | ElementwiseBinary | Reduction)),
              1)
        << name;
    // Commutative ops have two or more interchangeable operands.
    if (c & Commutative) {
      EXPECT_FALSE(c & (ElementwiseUnary | SameShape)) << name;
    }
  }
}

TEST(OpClassificationTest, ClassNames) {
  EXPECT_EQ(getOpClassName(ElementwiseUnary), "ElementwiseUnary");
  EXPECT_EQ(getOpClassName(GraphBoundary), "GraphBoundary");
  EXPECT_EQ(getOpClassName(ElementwiseUnary | Commutative), "");
  EXPECT_EQ(getOpClassName(0), "");
  for (unsigned bit = 0; bit < NumClasses; ++bit)
    EXPECT_FALSE(getOpClassName(1u << bit).empty()) << bit;
}

TEST(OpClassificationTest, QueriesByName) {
  EXPECT_TRUE(isElementwiseUnary("Relu"));
  EXPECT_TRUE(isElementwiseUnary("tfg.Relu"));
  EXPECT_FALSE(isElementwiseUnary("AddV2"));
  EXPECT_TRUE(isElementwiseBinary("AddV2"));
  EXPECT_FALSE(isElementwiseBinary("AddN"));
  EXPECT_TRUE(hasSameShapeAsInput("Softmax"));
  EXPECT_TRUE(isReduction("Mean"));
  EXPECT_FALSE(isReduction("ArgMax"));
  EXPECT_TRUE(isShapeOp("Shape"));
  EXPECT_TRUE(isShapeOp("ShapeN"));
  EXPECT_TRUE(isShapeOp("Size"));
  EXPECT_TRUE(isShapeOp("Rank"));
  EXPECT_TRUE(isLayoutSensitive("Conv2D"));
  EXPECT_TRUE(isLayoutSensitive("FusedBatchNormV3"));
  EXPECT_TRUE(isLayoutAgnostic("Relu"));
  EXPECT_FALSE(isLayoutAgnostic("Conv2D"));
  EXPECT_TRUE(isInvolution("Neg"));
  EXPECT_TRUE(isInvolution("LogicalNot"));
  EXPECT_TRUE(isInvolution("Conj"));
  EXPECT_TRUE(isInvolution("Invert"));
  EXPECT_FALSE(isInvolution("Reciprocal"));
  EXPECT_TRUE(isIdempotent("Floor"));
  EXPECT_TRUE(isIdempotent("Identity"));
  EXPECT_FALSE(isIdempotent("Neg"));
  EXPECT_TRUE(isIdentityLike("Snapshot"));
  EXPECT_FALSE(isIdentityLike("Reshape"));
  EXPECT_TRUE(isValueAndOrderPreserving("Reshape"));
  EXPECT_TRUE(isValueAndOrderPreserving("Identity"));
  EXPECT_FALSE(isValueAndOrderPreserving("Transpose"));
  EXPECT_TRUE(isValuePreserving("Transpose"));
  EXPECT_TRUE(isValuePreserving("Squeeze"));
  EXPECT_TRUE(isValuePreserving("StopGradient"));
  EXPECT_FALSE(isValuePreserving("Relu"));
  EXPECT_TRUE(isAggregation("AddN"));
  EXPECT_TRUE(isMonotonicNonDecreasing("Exp"));
  EXPECT_TRUE(isMonotonicNonIncreasing("Neg"));
  EXPECT_FALSE(isMonotonicNonDecreasing("Neg"));
  EXPECT_TRUE(isSwitchOp("_SwitchN"));
  EXPECT_TRUE(isMergeOp("RefMerge"));
  EXPECT_TRUE(isNextIterationOp("NextIteration"));
  EXPECT_TRUE(isFrameOp("LoopCond"));
  EXPECT_FALSE(isFrameOp("Switch"));
  EXPECT_TRUE(isGraphBoundary("Placeholder"));
  EXPECT_TRUE(isGraphBoundary("_Retval"));
  EXPECT_EQ(getOpClasses("NoSuchOp"), 0u);
  EXPECT_EQ(getOpClasses(""), 0u);
}

TEST(OpClassificationTest, CommutativeAndStatefulCombineTheRegistry) {
  // The registry flags these.
  EXPECT_TRUE(isCommutative("AddV2"));
  EXPECT_TRUE(isCommutative("Mul"));
  EXPECT_TRUE(isCommutative("AddN"));
  // The table adds the ones whose OpDefs lack the flag.
  EXPECT_TRUE(isCommutative("Maximum"));
  EXPECT_TRUE(isCommutative("Minimum"));
  EXPECT_TRUE(isCommutative("Add"));
  EXPECT_FALSE(isCommutative("Sub"));
  EXPECT_FALSE(isCommutative("MulNoNan"));
  EXPECT_TRUE(isStateful("RandomUniform"));
  EXPECT_TRUE(isStateful("_Recv"));
  EXPECT_TRUE(isStateful("_XlaRun"));
  EXPECT_FALSE(isStateful("AddV2"));
  EXPECT_FALSE(isStateful("NoSuchOp"));
}

TEST(OpClassificationTest, QueriesOnNodes) {
  MLIRContext context;
  context.loadDialect<TFGraphDialect, tf_type::TFTypeDialect>();
  const char *text = R"mlir(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %ctl = Placeholder name("s") {dtype = !tf_type.string} : () -> (tensor<!tf_type.string>)
  %F, %ctl_0 = Placeholder name("f") {dtype = f32} : () -> (tensor<f32>)
  %A, %ctl_1 = Add(%S, %S) name("add_s") {T = !tf_type.string} : (tensor<!tf_type.string>, tensor<!tf_type.string>) -> (tensor<!tf_type.string>)
  %B, %ctl_2 = Add(%F, %F) name("add_f") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %R, %ctl_3 = Relu(%F) name("relu") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %U, %ctl_4 = RandomUniform(%F) name("random") {T = f32, dtype = f32} : (tensor<f32>) -> (tensor<f32>)
}
)mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  llvm::StringMap<Operation *> nodes;
  module->walk([&](Operation *op) {
    if (getControlToken(op))
      nodes[getNodeName(op)] = op;
  });
  ASSERT_EQ(nodes.size(), 6u);
  // Add concatenates strings: not commutative on them.
  EXPECT_FALSE(isCommutative(nodes["add_s"]));
  EXPECT_TRUE(isCommutative(nodes["add_f"]));
  EXPECT_TRUE(isElementwiseUnary(nodes["relu"]));
  EXPECT_FALSE(isElementwiseUnary(nodes["add_f"]));
  EXPECT_TRUE(isStateful(nodes["random"]));
  EXPECT_FALSE(isStateful(nodes["relu"]));
  EXPECT_TRUE(isGraphBoundary(nodes["s"]));
}
