//===- TFJSDetectTest.cpp - model.json or a frozen model's GraphDef -------===//
//
// isTFJSModelJSON tells a model.json from the binary GraphDef of a
// TensorFlow.js 0.x frozen model, including a GraphDef whose bytes begin
// the way JSON does: '\n' (the tag of the first node) and then '{' (that
// node's length, 123).
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/TFJS.h"
#include "tfg/proto/graph.pb.h"

#include "gtest/gtest.h"

#include <string>

using mlir::tfg::isTFJSModelJSON;

namespace {

TEST(TFJSDetectTest, JSONObjectsAreModels) {
  EXPECT_TRUE(isTFJSModelJSON("{}"));
  EXPECT_TRUE(isTFJSModelJSON("{\"format\": \"graph-model\"}"));
  EXPECT_TRUE(isTFJSModelJSON("\xEF\xBB\xBF{}"));
  EXPECT_TRUE(isTFJSModelJSON(" \r\n\t{\"a\": [1, 2]}\n"));
  // Broken JSON that starts with '{' is still meant as one (and gets the
  // JSON error on import).
  EXPECT_TRUE(isTFJSModelJSON("{\"a\": "));
}

TEST(TFJSDetectTest, OtherBytesAreFrozenModels) {
  EXPECT_FALSE(isTFJSModelJSON(""));
  EXPECT_FALSE(isTFJSModelJSON("[]"));
  EXPECT_FALSE(isTFJSModelJSON("\n\"not an object\""));
  tensorflow::GraphDef graph;
  graph.add_node()->set_name("x");
  graph.mutable_node(0)->set_op("NoOp");
  EXPECT_FALSE(isTFJSModelJSON(graph.SerializeAsString()));
}

TEST(TFJSDetectTest, AGraphDefThatBeginsLikeJSONIsNotOne) {
  // name (2 + 115 bytes) and op (2 + 4 bytes): a node of 123 bytes.
  tensorflow::GraphDef graph;
  tensorflow::NodeDef *node = graph.add_node();
  node->set_name(std::string(115, 'n'));
  node->set_op("NoOp");
  std::string bytes = graph.SerializeAsString();
  ASSERT_GE(bytes.size(), 2u);
  ASSERT_EQ(bytes.substr(0, 2), "\n{");
  EXPECT_FALSE(isTFJSModelJSON(bytes));
}

} // namespace
