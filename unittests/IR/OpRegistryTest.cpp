//===- OpRegistryTest.cpp - Tests of the compiled op registry -------------===//

#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/TFGDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

TEST(OpRegistryTest, HasEveryTensorFlowOp) {
  // TensorFlow's 1,563 ops plus the internal ops real graphs use
  // (internal_ops.pbtxt).
  EXPECT_EQ(getBuiltinOpDefs().size(), 1563u + 34u);
  EXPECT_NE(lookupBuiltinOpDef("_FusedConv2D"), nullptr);
  // Grappler's batch-norm gradient fusion: 8 fixed inputs and a side input
  // list, 5 fixed outputs and the side input's gradient list.
  const OpDef *gradEx = lookupBuiltinOpDef("_FusedBatchNormGradEx");
  ASSERT_NE(gradEx, nullptr);
  EXPECT_EQ(gradEx->inputs().size(), 9u);
  EXPECT_EQ(gradEx->outputs().size(), 6u);
  const OpDef *recv = lookupBuiltinOpDef("_Recv");
  ASSERT_NE(recv, nullptr);
  EXPECT_TRUE(recv->isStateful());
  const OpDef *prelu = lookupBuiltinOpDef("Prelu");
  ASSERT_NE(prelu, nullptr);
  EXPECT_EQ(prelu->inputs().size(), 2u);
  EXPECT_FALSE(prelu->isStateful());
  for (const OpDef &def : getBuiltinOpDefs())
    ASSERT_EQ(lookupBuiltinOpDef(def.name), &def) << def.name.str();
  EXPECT_EQ(lookupBuiltinOpDef("NoSuchOp"), nullptr);
  EXPECT_EQ(lookupBuiltinOpDef(""), nullptr);
}

TEST(OpRegistryTest, AddV2Signature) {
  const OpDef *def = lookupBuiltinOpDef("AddV2");
  ASSERT_NE(def, nullptr);
  ASSERT_EQ(def->inputs().size(), 2u);
  EXPECT_EQ(def->inputs()[0].name, "x");
  EXPECT_EQ(def->inputs()[0].typeAttr, "T");
  ASSERT_EQ(def->outputs().size(), 1u);
  EXPECT_EQ(def->outputs()[0].name, "z");
  EXPECT_TRUE(def->isCommutative());
  EXPECT_TRUE(def->isAggregate());
  EXPECT_FALSE(def->isStateful());
  const OpDefAttr *t = def->findAttr("T");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->type, "type");
  EXPECT_NE(t->allowedValues.find("DT_FLOAT"), StringRef::npos);
}

TEST(OpRegistryTest, FlagsDefaultsAndLists) {
  const OpDef *assign = lookupBuiltinOpDef("Assign");
  ASSERT_NE(assign, nullptr);
  EXPECT_TRUE(assign->inputs()[0].isRef);
  EXPECT_TRUE(assign->allowsUninitializedInput());
  const OpDef *var = lookupBuiltinOpDef("VarHandleOp");
  ASSERT_NE(var, nullptr);
  EXPECT_TRUE(var->isStateful());
  EXPECT_EQ(var->outputs()[0].type, 20); // DT_RESOURCE
  const OpDefAttr *container = var->findAttr("container");
  ASSERT_NE(container, nullptr);
  EXPECT_EQ(container->defaultValue, "s: \"\"");
  const OpDef *identityN = lookupBuiltinOpDef("IdentityN");
  ASSERT_NE(identityN, nullptr);
  EXPECT_EQ(identityN->inputs()[0].typeListAttr, "T");
  const OpDef *concat = lookupBuiltinOpDef("ConcatV2");
  ASSERT_NE(concat, nullptr);
  EXPECT_EQ(concat->inputs()[0].numberAttr, "N");
  const OpDefAttr *n = concat->findAttr("N");
  ASSERT_NE(n, nullptr);
  EXPECT_TRUE(n->hasMinimum);
  EXPECT_EQ(n->minimum, 2);
}

TEST(OpRegistryTest, RuntimeRegistrationShadowsBuiltins) {
  OpRegistry registry;
  EXPECT_EQ(registry.lookup("MyCustomOp"), nullptr);
  llvm::Error err = registry.registerOpsFromText(R"pb(
    op {
      name: "MyCustomOp"
      input_arg { name: "in" type: DT_FLOAT }
      output_arg { name: "out" type: DT_FLOAT }
      is_stateful: true
    }
    op { name: "AddV2" }
  )pb",
                                                 "custom");
  ASSERT_FALSE(static_cast<bool>(err)) << llvm::toString(std::move(err));
  const OpDef *custom = registry.lookup("MyCustomOp");
  ASSERT_NE(custom, nullptr);
  EXPECT_TRUE(custom->isStateful());
  ASSERT_EQ(custom->inputs().size(), 1u);
  EXPECT_EQ(custom->inputs()[0].name, "in");
  EXPECT_EQ(custom->outputs()[0].type, 1);
  EXPECT_EQ(registry.lookup("AddV2")->inputs().size(), 0u);
  EXPECT_EQ(registry.getNumCustomOps(), 2u);
  // The shared table is untouched.
  EXPECT_EQ(lookupBuiltinOpDef("AddV2")->inputs().size(), 2u);
}

TEST(OpRegistryTest, RegistrationErrorsNameThePosition) {
  OpRegistry registry;
  llvm::Error err = registry.registerOpsFromText("op { name: \"A\"\n", "f");
  ASSERT_TRUE(static_cast<bool>(err));
  std::string msg = llvm::toString(std::move(err));
  EXPECT_NE(msg.find("f:"), std::string::npos) << msg;
  EXPECT_EQ(registry.lookup("A"), nullptr);
  llvm::Error missing = registry.registerOpsFromFile("/nonexistent/ops.pbtxt");
  ASSERT_TRUE(static_cast<bool>(missing));
  llvm::consumeError(std::move(missing));
}

TEST(OpRegistryTest, EachContextHasItsOwnRegistry) {
  MLIRContext a, b;
  auto *da = a.getOrLoadDialect<TFGraphDialect>();
  auto *db = b.getOrLoadDialect<TFGraphDialect>();
  OpDefRecord rec;
  rec.name = "OnlyInA";
  da->getOpRegistry().registerOp(rec);
  EXPECT_NE(da->getOpRegistry().lookup("OnlyInA"), nullptr);
  EXPECT_EQ(db->getOpRegistry().lookup("OnlyInA"), nullptr);
}
