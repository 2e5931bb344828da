//===- TextProtoTest.cpp - Tests of the text-format reader ----------------===//

#include "tfg/Support/TextProto.h"
#include "tfg/Support/OpDefRecord.h"

#include "gtest/gtest.h"

using namespace mlir::tfg;

TEST(TextProtoTest, ParsesNestedMessagesAndScalars) {
  auto root = parseTextProto(R"pb(
    # a comment
    name: "x\n\101\x42"
    count: -3
    sub { flag: true inner < v: 1.5e3 > }
    list: [1, 2, "three"]
  )pb",
                             "test");
  ASSERT_TRUE(static_cast<bool>(root)) << llvm::toString(root.takeError());
  EXPECT_EQ(root->get("name"), "x\nAB");
  EXPECT_EQ(root->get("count"), "-3");
  const TextProtoField *sub = root->find("sub");
  ASSERT_NE(sub, nullptr);
  EXPECT_TRUE(sub->isMessage);
  EXPECT_EQ(sub->get("flag"), "true");
  ASSERT_NE(sub->find("inner"), nullptr);
  EXPECT_EQ(sub->find("inner")->get("v"), "1.5e3");
  int lists = 0;
  for (const TextProtoField &f : root->fields)
    lists += f.name == "list";
  EXPECT_EQ(lists, 3);
}

TEST(TextProtoTest, ReportsErrorsWithPosition) {
  auto root = parseTextProto("a { b: 1\n", "buf");
  ASSERT_FALSE(static_cast<bool>(root));
  EXPECT_NE(llvm::toString(root.takeError()).find("buf:"), std::string::npos);
  auto bad = parseTextProto("a: \"unterminated\n", "buf");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("unterminated"),
            std::string::npos);
}

TEST(TextProtoTest, RejectsDeepNestingWithoutCrashing) {
  std::string text;
  for (int i = 0; i < 100000; ++i)
    text += "a {";
  auto root = parseTextProto(text, "deep");
  ASSERT_FALSE(static_cast<bool>(root));
  EXPECT_NE(llvm::toString(root.takeError()).find("nested too deeply"),
            std::string::npos);
}

TEST(TextProtoTest, EscapesRoundTrip) {
  std::string bytes = "a\"b\\c\n\x01\xff";
  auto root =
      parseTextProto("s: \"" + escapeTextProtoString(bytes) + "\"", "esc");
  ASSERT_TRUE(static_cast<bool>(root));
  EXPECT_EQ(root->get("s"), bytes);
}

TEST(OpDefRecordTest, ReadsOpDefs) {
  auto ops = parseOpDefList(R"pb(
    op {
      name: "MyOp"
      input_arg { name: "x" type_attr: "T" }
      input_arg { name: "ref" type: DT_FLOAT is_ref: true }
      output_arg { name: "y" type: DT_INT32 number_attr: "N" }
      attr { name: "T" type: "type" allowed_values { list { type: DT_FLOAT } } }
      attr { name: "N" type: "int" has_minimum: true minimum: 1 default_value { i: 2 } }
      is_stateful: true
      is_commutative: true
    }
  )pb",
                            "ops");
  ASSERT_TRUE(static_cast<bool>(ops)) << llvm::toString(ops.takeError());
  ASSERT_EQ(ops->size(), 1u);
  const OpDefRecord &op = ops->front();
  EXPECT_EQ(op.name, "MyOp");
  ASSERT_EQ(op.inputs.size(), 2u);
  EXPECT_EQ(op.inputs[0].typeAttr, "T");
  EXPECT_EQ(op.inputs[1].type, 1);
  EXPECT_TRUE(op.inputs[1].isRef);
  ASSERT_EQ(op.outputs.size(), 1u);
  EXPECT_EQ(op.outputs[0].type, 3);
  EXPECT_EQ(op.outputs[0].numberAttr, "N");
  ASSERT_EQ(op.attrs.size(), 2u);
  EXPECT_EQ(op.attrs[0].allowedValues, "list { type: DT_FLOAT }");
  EXPECT_TRUE(op.attrs[1].hasMinimum);
  EXPECT_EQ(op.attrs[1].minimum, 1);
  EXPECT_EQ(op.attrs[1].defaultValue, "i: 2");
  EXPECT_EQ(op.flags, kOpIsStateful | kOpIsCommutative);
}

TEST(OpDefRecordTest, RejectsMalformedOps) {
  auto noName = parseOpDefList("op { input_arg { name: \"x\" } }", "ops");
  ASSERT_FALSE(static_cast<bool>(noName));
  EXPECT_NE(llvm::toString(noName.takeError()).find("op without a name"),
            std::string::npos);
  auto badType = parseOpDefList(
      "op { name: \"A\" input_arg { name: \"x\" type: DT_NOPE } }", "ops");
  ASSERT_FALSE(static_cast<bool>(badType));
  EXPECT_NE(llvm::toString(badType.takeError()).find("DT_NOPE"),
            std::string::npos);
}

TEST(OpDefRecordTest, DataTypeNames) {
  EXPECT_EQ(dataTypeFromName("DT_FLOAT"), 1);
  EXPECT_EQ(dataTypeFromName("DT_FLOAT_REF"), 101);
  EXPECT_EQ(dataTypeFromName("DT_UINT2"), 32);
  EXPECT_EQ(dataTypeFromName("DT_BOGUS"), -1);
  EXPECT_EQ(dataTypeName(21), "DT_VARIANT");
}
