//===- GraphDefJSONTest.cpp - GraphDefs in protobuf's JSON form -----------===//
//
// The library API behind `--graphdef-to-mlir` of JSON and
// `--mlir-to-graphdef --json`: which inputs are taken for a JSON GraphDef,
// that writing is deterministic and reading gives the same message back,
// and the diagnostics of what is not a GraphDef.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/util/message_differencer.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <limits>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {

class GraphDefJSONTest : public ::testing::Test {
protected:
  GraphDefJSONTest()
      : handler(&ctx, [this](Diagnostic &diag) {
          diagnostics.push_back(diag.str());
          return success();
        }) {}

  /// A graph with a node of several attributes (a map that protobuf keeps
  /// in hash order) and a library function.
  static tensorflow::GraphDef sampleGraph() {
    tensorflow::GraphDef graph;
    tensorflow::NodeDef *node = graph.add_node();
    node->set_name("c");
    node->set_op("Const");
    node->set_device("/device:CPU:0");
    for (const char *key : {"zeta", "alpha", "mid", "beta", "omega"})
      (*node->mutable_attr())[key].set_i(static_cast<int>(key[0]));
    tensorflow::TensorProto *tensor =
        (*node->mutable_attr())["value"].mutable_tensor();
    tensor->set_dtype(tensorflow::DT_FLOAT);
    tensor->set_tensor_content(std::string("\x00\x00\x80\xbf", 4));
    tensorflow::NodeDef *user = graph.add_node();
    user->set_name("i");
    user->set_op("Identity");
    user->add_input("c");
    user->add_input("^c");
    graph.mutable_library()->add_function()->mutable_signature()->set_name("f");
    graph.mutable_versions()->set_producer(1395);
    return graph;
  }

  MLIRContext ctx;
  std::vector<std::string> diagnostics;
  ScopedDiagnosticHandler handler;
  Location loc = UnknownLoc::get(&ctx);
};

TEST_F(GraphDefJSONTest, WrittenDeterministicallyAndReadBack) {
  std::string first, second;
  ASSERT_TRUE(succeeded(printGraphDefJSON(sampleGraph(), first, loc)));
  ASSERT_TRUE(succeeded(printGraphDefJSON(sampleGraph(), second, loc)));
  EXPECT_EQ(first, second);
  // Attributes in key order (inserted out of it), fields by their JSON
  // names, bytes in base64.
  size_t alpha = first.find("\"alpha\""), zeta = first.find("\"zeta\"");
  ASSERT_NE(alpha, std::string::npos);
  ASSERT_NE(zeta, std::string::npos);
  EXPECT_LT(alpha, zeta);
  EXPECT_NE(first.find("\"tensorContent\": \"AACAvw==\""), std::string::npos);
  EXPECT_NE(first.find("\"producer\": 1395"), std::string::npos);

  EXPECT_TRUE(isGraphDefJSON(first));
  tensorflow::GraphDef read;
  ASSERT_TRUE(succeeded(parseGraphDefJSON(first, read, loc, "the JSON")));
  EXPECT_TRUE(
      google::protobuf::util::MessageDifferencer::Equals(read, sampleGraph()));
  EXPECT_TRUE(diagnostics.empty());
}

TEST_F(GraphDefJSONTest, WhatIsTakenForAJSONGraphDef) {
  EXPECT_TRUE(isGraphDefJSON("{}"));
  EXPECT_TRUE(isGraphDefJSON("\xEF\xBB\xBF \n{\"node\": []}"));
  // A model.json holds its GraphDef as modelTopology.
  EXPECT_FALSE(isGraphDefJSON("{\"modelTopology\": {}}"));
  // Not JSON objects, or not JSON at all.
  EXPECT_FALSE(isGraphDefJSON(""));
  EXPECT_FALSE(isGraphDefJSON("[]"));
  EXPECT_FALSE(isGraphDefJSON("{\"node\": ["));
  EXPECT_FALSE(isGraphDefJSON("node { name: \"a\" op: \"NoOp\" }"));
  // A binary GraphDef whose bytes begin as JSON does ('\n', then '{', the
  // length of a node of 123 bytes) is not taken for it.
  tensorflow::GraphDef graph;
  tensorflow::NodeDef *node = graph.add_node();
  node->set_name(std::string(115, 'n'));
  node->set_op("NoOp");
  std::string bytes = graph.SerializeAsString();
  ASSERT_EQ(bytes.substr(0, 2), "\n{");
  EXPECT_FALSE(isGraphDefJSON(bytes));
}

TEST_F(GraphDefJSONTest, UnknownFieldsAreDroppedWithAWarning) {
  tensorflow::GraphDef graph;
  ASSERT_TRUE(succeeded(parseGraphDefJSON(
      "{\"node\": [{\"name\": \"a\", \"op\": \"NoOp\", \"later\": 1}]}", graph,
      loc, "the JSON")));
  ASSERT_EQ(graph.node_size(), 1);
  EXPECT_EQ(graph.node(0).name(), "a");
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_NE(diagnostics[0].find("the JSON holds fields tfg does not know"),
            std::string::npos);
  EXPECT_NE(diagnostics[0].find("later"), std::string::npos);
}

TEST_F(GraphDefJSONTest, WhatIsNotAGraphDefIsAnError) {
  tensorflow::GraphDef graph;
  EXPECT_TRUE(failed(parseGraphDefJSON("{\"node\": 5}", graph, loc, "X")));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rfind("X is not a GraphDef: ", 0), 0u);

  diagnostics.clear();
  EXPECT_TRUE(failed(parseGraphDefJSON("{\"foo\": 1}", graph, loc, "X")));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rfind("X has none of a GraphDef's fields", 0), 0u);

  // The caller may explain an empty one better.
  diagnostics.clear();
  bool asked = false;
  EXPECT_TRUE(failed(parseGraphDefJSON("{\"foo\": 1}", graph, loc, "X", [&] {
    asked = true;
    emitError(loc) << "explained";
    return true;
  })));
  EXPECT_TRUE(asked);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0], "explained");
}

TEST_F(GraphDefJSONTest, MoreThanProtobufParsesIsAnError) {
  // Only the length is looked at (and the first bytes, for a byte order
  // mark): the text is never read past them.
  std::string start = "{}";
  StringRef huge(start.data(),
                 static_cast<size_t>(std::numeric_limits<int>::max()) + 1);
  tensorflow::GraphDef graph;
  EXPECT_TRUE(failed(parseGraphDefJSON(huge, graph, loc, "X")));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0],
            "X of 2147483648 bytes is larger than protobuf can parse (2 GB)");
}

TEST_F(GraphDefJSONTest, ByteArraysAreReadAsBytes) {
  // As TF.js converters 0.x/1.x wrote them: where the GraphDef has a bytes
  // field (an attribute's or a list's `s`, a tensor's stringVal and
  // tensorContent, in nodes and function bodies), an array of byte values;
  // an attribute named `s` or `list` is not taken for one.
  std::string json = R"({"node": [{"name": "n", "op": "Const",
      "input": [], "attr": {
        "s": {"s": [104, 105]},
        "list": {"list": {"s": [[97], "Yg==", []], "i": [1, "2"]}},
        "empty": {"s": []},
        "value": {"tensor": {"dtype": 7, "tensorShape": {"dim": []},
                             "stringVal": [[104, 105], "aGk="],
                             "tensorContent": [1, 2]}}}}],
      "library": {"function": [{"signature": {"name": "f"},
          "nodeDef": [{"name": "m", "op": "X",
                       "attr": {"a": {"s": [120]}}}]}]}})";
  tensorflow::GraphDef graph;
  ASSERT_TRUE(succeeded(parseGraphDefJSON(json, graph, loc, "X")));
  EXPECT_TRUE(diagnostics.empty());
  ASSERT_EQ(graph.node_size(), 1);
  const auto &attr = graph.node(0).attr();
  EXPECT_EQ(attr.at("s").s(), "hi");
  ASSERT_EQ(attr.at("list").list().s_size(), 3);
  EXPECT_EQ(attr.at("list").list().s(0), "a");
  EXPECT_EQ(attr.at("list").list().s(1), "b");
  EXPECT_EQ(attr.at("list").list().s(2), "");
  EXPECT_EQ(attr.at("list").list().i(1), 2);
  EXPECT_EQ(attr.at("empty").value_case(), tensorflow::AttrValue::kS);
  const tensorflow::TensorProto &tensor = attr.at("value").tensor();
  EXPECT_EQ(tensor.dtype(), tensorflow::DT_STRING);
  ASSERT_EQ(tensor.string_val_size(), 2);
  EXPECT_EQ(tensor.string_val(0), "hi");
  EXPECT_EQ(tensor.string_val(1), "hi");
  EXPECT_EQ(tensor.tensor_content(), std::string("\x01\x02", 2));
  ASSERT_EQ(graph.library().function_size(), 1);
  EXPECT_EQ(graph.library().function(0).node_def(0).attr().at("a").s(), "x");
}

TEST_F(GraphDefJSONTest, ByteArraysHoldBytesOnly) {
  // Not a byte: an error at the element's offset.
  std::string out;
  JSONByteArrayError error;
  std::string json =
      R"({"node": [{"name": "n", "attr": {"a": {"s": [1, 256]}}}]})";
  EXPECT_EQ(rewriteJSONByteArrays(json, tensorflow::GraphDef::descriptor(), out,
                                  error),
            ByteArrayRewrite::Failed);
  EXPECT_EQ(error.offset, json.find("256"));
  EXPECT_EQ(error.message, "bytes field 's' is an array, whose element 1 "
                           "('256') is not a byte value (an integer from 0 "
                           "to 255)");
  for (const char *bad :
       {R"({"node": [{"attr": {"a": {"s": [-1]}}}]})",
        R"({"node": [{"attr": {"a": {"s": [1.5]}}}]})",
        R"({"node": [{"attr": {"a": {"s": ["a"]}}}]})",
        R"({"node": [{"attr": {"a": {"s": [[1]]}}}]})",
        R"({"node": [{"attr": {"a": {"s": [1,]}}}]})",
        R"({"node": [{"attr": {"a": {"list": {"s": [[300]]}}}}]})"})
    EXPECT_EQ(rewriteJSONByteArrays(bad, tensorflow::GraphDef::descriptor(),
                                    out, error),
              ByteArrayRewrite::Failed)
        << bad;
  // The located error, through parseGraphDefJSON.
  tensorflow::GraphDef graph;
  size_t located = 0;
  EXPECT_TRUE(failed(parseGraphDefJSON(json, graph, loc, "X", {},
                                       [&](size_t offset) -> Location {
                                         located = offset;
                                         return loc;
                                       })));
  EXPECT_EQ(located, json.find("256"));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].rfind("X: bytes field 's' is an array", 0), 0u);
  // No byte array, or no JSON (protobuf says why): unchanged.
  for (const char *same :
       {R"({"node": [{"name": "n", "input": ["a"], "attr": {}}]})",
        R"({"node": [{"attr": {"a": {"i": [1, 2]}}}]})", R"({"node": [)",
        R"({"node": ]})", R"(["s", [1]])", ""})
    EXPECT_EQ(rewriteJSONByteArrays(same, tensorflow::GraphDef::descriptor(),
                                    out, error),
              ByteArrayRewrite::Unchanged)
        << same;
}

} // namespace
