//===- OpDefDefaultsTest.cpp - IR default conversion vs protobuf's --------===//
//
// TFGIR reads OpDef defaults without protobuf (tfg/IR/OpSignature.h). These
// tests hold it to the importer's conversion of the same AttrValue parsed by
// protobuf: for every default of every registered op, and for the forms no
// registered default uses.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/DataType.h"
#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class OpDefDefaultsTest : public ::testing::Test {
protected:
  OpDefDefaultsTest() {
    ctx.loadDialect<tf_type::TFTypeDialect, TFGraphDialect>();
  }

  /// The importer's attribute for `text` parsed by protobuf, or null.
  Attribute viaProtobuf(StringRef text) {
    tensorflow::AttrValue value;
    if (!google::protobuf::TextFormat::ParseFromString(text.str(), &value))
      return {};
    ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
    FailureOr<Attribute> a = convertAttrValue(value, UnknownLoc::get(&ctx));
    return succeeded(a) ? *a : Attribute();
  }

  MLIRContext ctx;
};
} // namespace

TEST_F(OpDefDefaultsTest, EveryRegisteredDefaultMatchesTheImporter) {
  size_t checked = 0;
  for (const OpDef &def : getBuiltinOpDefs())
    for (const OpDefAttr &attr : def.attrs()) {
      if (attr.defaultValue.empty())
        continue;
      Attribute expected = viaProtobuf(attr.defaultValue);
      ASSERT_TRUE(expected) << def.name.str() << "." << attr.name.str();
      EXPECT_EQ(getOpDefDefaultAttr(&ctx, attr), expected)
          << def.name.str() << "." << attr.name.str() << ": "
          << attr.defaultValue.str();
      ++checked;
    }
  // ops.pbtxt holds about two thousand defaults of every kind.
  EXPECT_GT(checked, 1500u);
}

TEST_F(OpDefDefaultsTest, FormsBeyondTheRegistry) {
  const char *const texts[] = {
      "s: \"a\\nb\"",
      "i: -0x10",
      "f: 1e-05",
      "f: -inf",
      "f: 0.5f",
      "b: true",
      "type: DT_HALF_REF",
      "type: 3",
      "shape { dim { size: -1 } dim { size: 3 name: \"c\" } }",
      "shape { unknown_rank: true }",
      "placeholder: \"T\"",
      "func { name: \"f\" attr { key: \"T\" value { type: DT_FLOAT } } }",
      "list { s: \"x\" i: 1 s: \"y\" }",
      "list { type: DT_INT32 shape { } func { name: \"g\" } }",
      "tensor { dtype: DT_FLOAT tensor_shape { dim { size: 3 } } float_val: "
      "1.5 }",
      "tensor { dtype: DT_INT64 tensor_shape { dim { size: 2 } dim { size: 2 "
      "} } int64_val: 1 int64_val: 2 }",
      "tensor { dtype: DT_BOOL tensor_shape { dim { size: 2 } } bool_val: "
      "true bool_val: false }",
      "tensor { dtype: DT_INT32 tensor_shape { } }",
      "list { tensor { dtype: DT_UINT8 tensor_shape { dim { size: 2 } } "
      "int_val: 255 int_val: 7 } }",
  };
  for (const char *text : texts) {
    Attribute expected = viaProtobuf(text);
    ASSERT_TRUE(expected) << text;
    EXPECT_EQ(parseAttrValueText(&ctx, text), expected) << text;
  }
}

TEST_F(OpDefDefaultsTest, InvalidTextGivesNull) {
  const char *const texts[] = {
      "i: 1 f: 2",     "i: x",     "q: 1",
      "type: DT_NO",   "s: bare",  "shape { unknown_rank: true dim { } }",
      "list { q: 1 }", "func { }", "b: maybe",
  };
  for (const char *text : texts)
    EXPECT_FALSE(parseAttrValueText(&ctx, text)) << text;
}

TEST_F(OpDefDefaultsTest, DataTypesRoundTrip) {
  for (int32_t dt = 0; dt <= 250; ++dt) {
    Type t = getTypeForDataType(&ctx, dt);
    if (!t)
      continue;
    std::optional<int32_t> back = getDataTypeOf(t);
    ASSERT_TRUE(back) << dt;
    EXPECT_EQ(*back, dt);
  }
  EXPECT_FALSE(getTypeForDataType(&ctx, 0));
  EXPECT_FALSE(getTypeForDataType(&ctx, 100));
  EXPECT_FALSE(getTypeForDataType(&ctx, -1));
}
