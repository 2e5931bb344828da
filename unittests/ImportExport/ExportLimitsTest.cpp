//===- ExportLimitsTest.cpp - Export writes only what protobuf reads ------===//
//
// Export measures how deep the messages it will write nest from the
// attributes, before converting them (ExportLimits.cpp). These tests check
// that measure against what export writes, for each kind of attribute at
// each place a GraphDef holds one, at every depth up to the limit: the
// depth export finds equals that of the bytes it writes (read by
// nestedMessageDepth, which counts as protobuf's parser does), so export
// refuses exactly what protobuf would not read back.
//
//===----------------------------------------------------------------------===//

#include "../../lib/ImportExport/ExportLimits.h"
#include "ImportTestFixture.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/MessageDepth.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// Where the attribute under test is written.
enum class Place { GraphNode, FunctionNode, FunctionAttr, ArgAttr };

/// `leaf` inside `levels` func attributes.
std::string nest(const std::string &leaf, int levels) {
  std::string value;
  for (int i = 0; i < levels; ++i)
    value += "#tf_type.func<@g, {a = ";
  value += leaf;
  for (int i = 0; i < levels; ++i)
    value += "}>";
  return value;
}

std::string module(Place place, const std::string &value) {
  auto at = [&](Place p) { return p == place ? value : "1 : i64"; };
  return "tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n"
         "  %ctl = NoOp name(\"n\") {a = " +
         at(Place::GraphNode) +
         "}\n"
         "}\n"
         "tfg.func @g() {\n  return\n}\n"
         "tfg.func @f(%x: tensor<f32> {tfg.name = \"x\", tf.a = " +
         at(Place::ArgAttr) +
         "}) attributes {tfg.func_attrs = {a = " + at(Place::FunctionAttr) +
         "}} {\n"
         "  %ctl = NoOp name(\"m\") {a = " +
         at(Place::FunctionNode) +
         "}\n"
         "  return\n}\n";
}

class ExportLimitsTest : public ImportTestFixture {
protected:
  /// Exports `text` (binary, or for JSON) and returns how deep the
  /// messages written nest, after checking that the measure finds that
  /// depth; -1 when export refuses it.
  int exportedDepth(const std::string &text, bool forJSON) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module) << text;
    if (!module)
      return -1;
    tensorflow::GraphDef graph;
    ExportOptions options;
    options.forJSON = forJSON;
    errors.clear();
    if (failed(exportGraphDef(*module, graph, options))) {
      EXPECT_EQ(errors.size(), 1u);
      EXPECT_NE(errors.front().find("would nest messages"), std::string::npos)
          << errors.front();
      return -1;
    }
    std::string bytes;
    EXPECT_TRUE(serializeDeterministically(graph, bytes));
    int depth = nestedMessageDepth(bytes, tensorflow::GraphDef::descriptor(),
                                   kMaxMessageDepth);
    EXPECT_LE(depth, forJSON ? kMaxJSONWriteDepth : kMaxMessageDepth);
    tensorflow::GraphDef back;
    EXPECT_TRUE(back.ParseFromString(bytes));
    if (forJSON) {
      std::string json;
      EXPECT_TRUE(succeeded(
          printGraphDefJSON(std::move(graph), json, UnknownLoc::get(&ctx))));
    }
    // The measure finds this depth: it allows it, and no less.
    EXPECT_TRUE(succeeded(tfg::detail::checkExportLimits(*module, depth, "")));
    EXPECT_TRUE(failed(tfg::detail::checkExportLimits(*module, depth - 1, "")))
        << text;
    return depth;
  }

  /// Nests `leaf` deeper and deeper at `place`: export writes it until one
  /// more level (3 messages) would pass the limit, and refuses it then.
  void check(Place place, const std::string &leaf) {
    for (bool forJSON : {false, true}) {
      int limit = forJSON ? kMaxJSONWriteDepth : kMaxMessageDepth;
      int previous = -1;
      for (int levels = 0;; ++levels) {
        SCOPED_TRACE(leaf + " nested " + std::to_string(levels) +
                     (forJSON ? " (JSON)" : ""));
        int depth = exportedDepth(module(place, nest(leaf, levels)), forJSON);
        if (depth < 0) {
          // Refused only when protobuf would not read it.
          ASSERT_GE(previous, 0);
          EXPECT_GT(previous + 3, limit);
          break;
        }
        // Once the nest is the deepest part of the module, each level
        // is 3 messages (a NameAttrList, a map entry, an AttrValue).
        if (previous >= 10)
          EXPECT_EQ(depth, previous + 3);
        previous = depth;
        ASSERT_LE(levels, 40);
      }
    }
  }
};

const char *const kLeaves[] = {
    "1 : i64",
    "\"s\"",
    "unit",
    "#tf_type.placeholder<\"T\">",
    "#tf_type.shape<*>",
    "#tf_type.shape<>",
    "#tf_type.shape<2x?>",
    "dense<1.0> : tensor<f32>",
    "dense<[1.0, 2.0]> : tensor<2xf32>",
    "[]",
    "[1, 2]",
    "[#tf_type.shape<2>]",
    "[dense<[1, 2]> : tensor<2xi32>]",
    "[#tf_type.func<@g, {}>]",
    "[#tf_type.func<@g, {b = [#tf_type.shape<3>]}>]",
    "#tf_type.func<@g, {}>",
    // A string tensor (kept as a TensorProto), and a variant one holding a
    // tensor with a shape (variant_val, its tensors, their shape, a dim).
    "#tf_type.tensor_proto<\"0x0807420161\"> : tensor<!tf_type.string>",
    "#tf_type.tensor_proto<\"0x08157a081a06080112021200\"> : "
    "tensor<!tf_type.variant>",
};

TEST_F(ExportLimitsTest, GraphNodeAttributes) {
  for (const char *leaf : kLeaves)
    check(Place::GraphNode, leaf);
}

TEST_F(ExportLimitsTest, FunctionNodeAttributes) {
  for (const char *leaf : kLeaves)
    check(Place::FunctionNode, leaf);
}

TEST_F(ExportLimitsTest, FunctionAttributes) {
  for (const char *leaf : kLeaves)
    check(Place::FunctionAttr, leaf);
}

TEST_F(ExportLimitsTest, ArgumentAttributes) {
  for (const char *leaf : kLeaves)
    check(Place::ArgAttr, leaf);
}

TEST_F(ExportLimitsTest, FullTypes) {
  // A node's experimental_type, its args nested `levels` deep.
  for (bool forJSON : {false, true}) {
    int limit = forJSON ? kMaxJSONWriteDepth : kMaxMessageDepth;
    int previous = -1;
    for (int levels = 0;; ++levels) {
      std::string type = "tensor";
      for (int i = 0; i < levels; ++i)
        type = "tensor<" + type + ">";
      std::string text =
          "tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n"
          "  %ctl = NoOp name(\"n\") {_mlir_fulltype = "
          "#tf_type.full_type<" +
          type + ">}\n}\n";
      int depth = exportedDepth(text, forJSON);
      if (depth < 0) {
        EXPECT_EQ(previous + 1, limit + 1);
        break;
      }
      previous = depth;
      ASSERT_LE(levels, 120);
    }
  }
}

TEST_F(ExportLimitsTest, SharedAttributesAreMeasuredOnce) {
  // Each level uses the one below twice: 2^30 leaves once expanded, which
  // export must refuse (beyond 2 GB) without expanding them, at once.
  tfg::detail::AttrMeasure measure;
  Builder b(&ctx);
  Attribute value = b.getI64IntegerAttr(1);
  for (int i = 0; i < 30; ++i)
    value = b.getArrayAttr({value, value});
  tfg::detail::AttrExtent extent = measure.measure(value);
  EXPECT_EQ(extent.depth, 30);
  EXPECT_GT(extent.bytes, uint64_t(1) << 30);
}

TEST(MessageDepthTest, CountsAsProtobufParses) {
  // A FullTypeDef whose args nest `n` deep: protobuf reads it while n is at
  // most 100; groups count, known or not.
  for (int n : {0, 1, 99, 100, 101, 150}) {
    tensorflow::FullTypeDef type;
    tensorflow::FullTypeDef *inner = &type;
    for (int i = 0; i < n; ++i)
      inner = inner->add_args();
    std::string bytes = type.SerializeAsString();
    SmallVector<NestedMessage> path;
    int depth = nestedMessageDepth(bytes, tensorflow::FullTypeDef::descriptor(),
                                   kMaxMessageDepth, &path);
    EXPECT_EQ(depth, std::min(n, kMaxMessageDepth + 1));
    EXPECT_EQ(tensorflow::FullTypeDef().ParseFromString(bytes),
              n <= kMaxMessageDepth);
    EXPECT_EQ(path.size(), n > kMaxMessageDepth ? size_t(101) : size_t(0));
  }
  // An unknown group (field 100) nested in one: 2 levels.
  std::string group = "\xa3\x06\xa3\x06\xa4\x06\xa4\x06";
  EXPECT_EQ(nestedMessageDepth(group, tensorflow::FullTypeDef::descriptor(),
                               kMaxMessageDepth),
            2);
  EXPECT_EQ(nestedMessageDepth(group, tensorflow::FullTypeDef::descriptor(), 1),
            2);
}

} // namespace
