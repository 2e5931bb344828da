//===- TypesTest.cpp - Tests of the tf_type types -------------------------===//

#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tf_type;

namespace {
class TypesTest : public ::testing::Test {
protected:
  TypesTest() { context.loadDialect<TFTypeDialect>(); }
  MLIRContext context;
};
} // namespace

TEST_F(TypesTest, RefTypesMapToElementTypes) {
  Builder b(&context);
  EXPECT_TRUE(isRefType(F32RefType::get(&context)));
  EXPECT_FALSE(isRefType(b.getF32Type()));
  EXPECT_EQ(getRefElementType(F32RefType::get(&context)), b.getF32Type());
  EXPECT_EQ(getRefTypeFor(b.getF32Type()), F32RefType::get(&context));
  EXPECT_EQ(getRefTypeFor(b.getIntegerType(8, /*isSigned=*/false)),
            Uint8RefType::get(&context));
  EXPECT_EQ(getRefTypeFor(ResourceType::get(&context)),
            ResourceRefType::get(&context));
  EXPECT_EQ(getRefElementType(StringRefType::get(&context)),
            StringType::get(&context));
  EXPECT_EQ(getRefTypeFor(ControlType::get(&context)), Type());
  // Every reference type maps to an element type and back.
  for (Type ref :
       {Type(F16RefType::get(&context)), Type(Bf16RefType::get(&context)),
        Type(Int4RefType::get(&context)), Type(Uint2RefType::get(&context)),
        Type(Complex128RefType::get(&context)),
        Type(Qint16RefType::get(&context)),
        Type(Float8E4M3B11FNUZRefType::get(&context))}) {
    Type elt = getRefElementType(ref);
    ASSERT_TRUE(elt) << "no element type";
    EXPECT_EQ(getRefTypeFor(elt), ref);
  }
}

TEST_F(TypesTest, ResourceSubtypes) {
  Builder b(&context);
  auto t = RankedTensorType::get({4}, b.getF32Type());
  auto r = ResourceType::get(&context, {t});
  ASSERT_EQ(r.getSubtypes().size(), 1u);
  EXPECT_EQ(r.getSubtypes()[0], t);
  EXPECT_NE(r, ResourceType::get(&context));
  EXPECT_TRUE(VariantType::get(&context).getSubtypes().empty());
}

TEST_F(TypesTest, ValidElementTypes) {
  Builder b(&context);
  EXPECT_TRUE(isValidTFElementType(b.getF32Type()));
  EXPECT_TRUE(isValidTFElementType(b.getI1Type()));
  EXPECT_TRUE(isValidTFElementType(Qint8Type::get(&context)));
  EXPECT_TRUE(isValidTFElementType(StringType::get(&context)));
  EXPECT_FALSE(isValidTFElementType(ControlType::get(&context)));
  EXPECT_FALSE(isValidTFElementType(b.getIntegerType(32, /*isSigned=*/true)));
  EXPECT_EQ(
      tf_type::getElementTypeOrSelf(UnrankedTensorType::get(b.getI32Type())),
      b.getI32Type());
  EXPECT_EQ(tf_type::getElementTypeOrSelf(OpaqueTensorType::get(&context)),
            Type());
}
