//===- ProtoTest.cpp - The tfg protos read TensorFlow's formats -----------===//

#include "tfg/proto/graph.pb.h"

#include "google/protobuf/text_format.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"

using google::protobuf::TextFormat;
using google::protobuf::util::MessageDifferencer;

// A GraphDef in TensorFlow's text format using most message kinds.
static const char *kGraph = R"pb(
  node {
    name: "x"
    op: "Placeholder"
    device: "/CPU:0"
    attr { key: "dtype" value { type: DT_FLOAT } }
    attr {
      key: "shape"
      value { shape { dim { size: -1 } dim { size: 3 } } }
    }
    experimental_type { type_id: TFT_PRODUCT args { type_id: TFT_TENSOR } }
  }
  node {
    name: "c"
    op: "Const"
    input: "^x"
    attr {
      key: "value"
      value {
        tensor {
          dtype: DT_HALF
          tensor_shape {}
          half_val: 15360
        }
      }
    }
    attr { key: "list" value { list {} } }
    experimental_debug_info { original_node_names: "orig" }
  }
  versions { producer: 27 min_consumer: 12 bad_consumers: 3 }
  library {
    function {
      signature {
        name: "f"
        input_arg { name: "a" type_attr: "T" }
        output_arg { name: "b" type_attr: "T" }
        attr { name: "T" type: "type" }
      }
      node_def {
        name: "id"
        op: "Identity"
        input: "a"
        attr { key: "T" value { placeholder: "T" } }
      }
      ret { key: "b" value: "id:output:0" }
      arg_attr {
        key: 0
        value { attr { key: "_x" value { i: 1 } } }
      }
      resource_arg_unique_id { key: 0 value: 7 }
    }
    gradient { function_name: "f" gradient_func: "g" }
    registered_gradients { gradient_func: "g" registered_op_type: "Op" }
  }
  debug_info {
    files: "model.py"
    traces {
      key: "x"
      value { file_line_cols { file_index: 0 line: 3 } }
    }
  }
)pb";

TEST(ProtoTest, TextAndBinaryRoundTrip) {
  tensorflow::GraphDef graph;
  ASSERT_TRUE(TextFormat::ParseFromString(kGraph, &graph));
  EXPECT_EQ(graph.node_size(), 2);
  EXPECT_EQ(graph.versions().producer(), 27);
  EXPECT_EQ(graph.node(0).attr().at("dtype").type(), tensorflow::DT_FLOAT);
  EXPECT_EQ(graph.node(0).experimental_type().type_id(),
            tensorflow::TFT_PRODUCT);
  EXPECT_TRUE(graph.node(1).attr().at("list").has_list());
  EXPECT_EQ(graph.library().function(0).signature().name(), "f");

  std::string wire;
  ASSERT_TRUE(graph.SerializeToString(&wire));
  tensorflow::GraphDef back;
  ASSERT_TRUE(back.ParseFromString(wire));
  EXPECT_TRUE(MessageDifferencer::Equals(graph, back));

  std::string text;
  ASSERT_TRUE(TextFormat::PrintToString(back, &text));
  tensorflow::GraphDef again;
  ASSERT_TRUE(TextFormat::ParseFromString(text, &again));
  EXPECT_TRUE(MessageDifferencer::Equals(graph, again));
}

TEST(ProtoTest, FieldNumbersMatchTensorFlow) {
  // Spot checks of the wire contract (numbers from TensorFlow's protos).
  auto *node = tensorflow::NodeDef::descriptor();
  EXPECT_EQ(node->FindFieldByName("experimental_type")->number(), 7);
  auto *tensor = tensorflow::TensorProto::descriptor();
  EXPECT_EQ(tensor->FindFieldByName("half_val")->number(), 13);
  EXPECT_EQ(tensor->FindFieldByName("float8_val")->number(), 18);
  auto *attr = tensorflow::AttrValue::descriptor();
  EXPECT_EQ(attr->FindFieldByName("list")->number(), 1);
  EXPECT_EQ(attr->FindFieldByName("func")->number(), 10);
  EXPECT_EQ(attr->FindFieldByName("placeholder")->number(), 9);
  auto *fn = tensorflow::FunctionDef::descriptor();
  EXPECT_EQ(fn->FindFieldByName("arg_attr")->number(), 7);
  EXPECT_EQ(fn->FindFieldByName("control_ret")->number(), 6);
  EXPECT_EQ(tensorflow::DT_UINT2_REF, 132);
  EXPECT_EQ(tensorflow::TFT_LEGACY_VARIANT, 10203);
}

TEST(ProtoTest, RejectsGarbage) {
  tensorflow::GraphDef graph;
  EXPECT_FALSE(graph.ParseFromString(std::string("\xff\xff\xff\xff", 4)));
}
