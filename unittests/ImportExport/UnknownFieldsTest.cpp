//===- UnknownFieldsTest.cpp - Unknown fields found without reflection ----===//
//
// The importer asks whether a message holds unknown fields through generated
// accessors (hasUnknownFields, hasNestedUnknownFields), so that a process
// never builds protobuf's descriptors for a graph without any; only the
// warning's path is found by reflection (findNestedUnknownFields). These
// tests put one unknown field at each place a message can hold one and
// check that both ways find it, and that neither finds one where none is.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/proto/full_type.pb.h"
#include "tfg/proto/graph.pb.h"
#include "tfg/proto/tensor.pb.h"

#include "google/protobuf/unknown_field_set.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <functional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {

class UnknownFieldsTest : public ::testing::Test {
protected:
  /// Gives `message` one unknown field (number 99, a varint), through the
  /// library's own restoreUnknownFields.
  void addUnknown(google::protobuf::Message &message) {
    google::protobuf::UnknownFieldSet fields;
    fields.AddVarint(99, 1);
    std::string bytes;
    ASSERT_TRUE(fields.SerializeToString(&bytes));
    ASSERT_TRUE(succeeded(restoreUnknownFields(
        StringAttr::get(&ctx, bytes), message, UnknownLoc::get(&ctx))));
  }

  MLIRContext ctx;
};

/// A placement of one unknown field below an attribute value: what to
/// change, and the path reflection reports from a NodeDef holding the value
/// as attr['a'].
struct AttrCase {
  std::function<google::protobuf::Message &(tensorflow::AttrValue &)> place;
  std::string path;
};

TEST_F(UnknownFieldsTest, AttributeValuesAtEveryDepth) {
  using tensorflow::AttrValue;
  std::vector<AttrCase> cases = {
      {[](AttrValue &v) -> google::protobuf::Message & { return v; },
       "attr['a']"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_shape()->add_dim();
       },
       "attr['a'].shape.dim[0]"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_tensor()->mutable_tensor_shape();
       },
       "attr['a'].tensor.tensor_shape"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_tensor()
                     ->add_resource_handle_val()
                     ->add_dtypes_and_shapes()
                     ->mutable_shape();
       },
       "attr['a'].tensor.resource_handle_val[0].dtypes_and_shapes[0].shape"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_tensor()->add_variant_val()->add_tensors();
       },
       "attr['a'].tensor.variant_val[0].tensors[0]"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_tensor()
                     ->add_variant_val()
                     ->add_tensors()
                     ->add_variant_val()
                     ->add_tensors()
                     ->mutable_tensor_shape()
                     ->add_dim();
       },
       "attr['a'].tensor.variant_val[0].tensors[0].variant_val[0].tensors[0]."
       "tensor_shape.dim[0]"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_list();
       },
       "attr['a'].list"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         v.mutable_list()->add_shape();
         return *v.mutable_list()->add_shape()->add_dim();
       },
       "attr['a'].list.shape[1].dim[0]"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_list()->add_tensor()->add_resource_handle_val();
       },
       "attr['a'].list.tensor[0].resource_handle_val[0]"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         return *v.mutable_func();
       },
       "attr['a'].func"},
      {[](AttrValue &v) -> google::protobuf::Message & {
         AttrValue &inner = (*v.mutable_func()->mutable_attr())["x"];
         return *(*inner.mutable_list()->add_func()->mutable_attr())["y"]
                     .mutable_tensor();
       },
       "attr['a'].func.attr['x'].list.func[0].attr['y'].tensor"},
  };
  for (const AttrCase &c : cases) {
    SCOPED_TRACE(c.path);
    // The same messages without and with the unknown field. (Two nodes:
    // reflection reads a map through a copy of its entries, which a
    // message changed in place afterwards would leave behind.)
    tensorflow::NodeDef clean, node;
    c.place((*clean.mutable_attr())["a"]);
    EXPECT_FALSE(hasUnknownFields(clean.attr().at("a")));
    EXPECT_EQ(findNestedUnknownFields(clean), "");
    addUnknown(c.place((*node.mutable_attr())["a"]));
    EXPECT_TRUE(hasUnknownFields(node.attr().at("a")));
    EXPECT_EQ(findNestedUnknownFields(node), c.path);
  }
}

TEST_F(UnknownFieldsTest, FullTypesAtEveryDepth) {
  tensorflow::FullTypeDef type;
  tensorflow::FullTypeDef *deep = type.add_args();
  type.add_args()->add_args();
  deep = deep->add_args()->add_args();
  EXPECT_FALSE(hasUnknownFields(type));
  addUnknown(*deep);
  EXPECT_TRUE(hasUnknownFields(type));
  tensorflow::NodeDef node;
  *node.mutable_experimental_type() = type;
  EXPECT_EQ(findNestedUnknownFields(node), "experimental_type.args[0].args[0]."
                                           "args[0]");
}

TEST_F(UnknownFieldsTest, FunctionsLibrariesAndGraphs) {
  // A function's attribute values and argument attributes; not its
  // signature or nodes (kept whole, imported on their own).
  tensorflow::FunctionDef func;
  (*func.mutable_attr())["a"].set_i(1);
  tensorflow::FunctionDef::ArgAttrs &argAttrs = (*func.mutable_arg_attr())[2];
  (*argAttrs.mutable_attr())["b"].mutable_shape();
  (*func.mutable_ret())["out"] = "n:y:0";
  addUnknown(*func.mutable_signature());
  addUnknown(*func.add_node_def());
  EXPECT_FALSE(hasNestedUnknownFields(func));
  addUnknown(*(*argAttrs.mutable_attr())["b"].mutable_shape());
  EXPECT_TRUE(hasNestedUnknownFields(func));
  EXPECT_EQ(findNestedUnknownFields(func, {"signature", "node_def"}),
            "arg_attr[2].attr['b'].shape");
  tensorflow::FunctionDef other;
  addUnknown((*other.mutable_arg_attr())[0]);
  EXPECT_TRUE(hasNestedUnknownFields(other));
  EXPECT_EQ(findNestedUnknownFields(other), "arg_attr[0]");

  tensorflow::FunctionDefLibrary library;
  addUnknown(*library.add_function());
  library.add_gradient();
  library.add_registered_gradients();
  EXPECT_FALSE(hasNestedUnknownFields(library));
  addUnknown(*library.mutable_registered_gradients(0));
  EXPECT_TRUE(hasNestedUnknownFields(library));
  EXPECT_EQ(findNestedUnknownFields(library, {"function"}),
            "registered_gradients[0]");
  tensorflow::FunctionDefLibrary withGradient;
  addUnknown(*withGradient.add_gradient());
  EXPECT_TRUE(hasNestedUnknownFields(withGradient));

  tensorflow::GraphDef graph;
  addUnknown(*graph.add_node());
  addUnknown(*graph.mutable_library());
  graph.mutable_versions()->set_producer(1);
  EXPECT_FALSE(hasNestedUnknownFields(graph));
  addUnknown(*graph.mutable_versions());
  EXPECT_TRUE(hasNestedUnknownFields(graph));
  EXPECT_EQ(findNestedUnknownFields(graph, {"node", "debug_info", "library"}),
            "versions");
}

TEST_F(UnknownFieldsTest, OwnFieldsComeBackEncoded) {
  tensorflow::NodeDef node;
  node.set_name("n");
  EXPECT_FALSE(hasOwnUnknownFields(node));
  EXPECT_EQ(encodeUnknownFields(node), "");
  addUnknown(node);
  EXPECT_TRUE(hasOwnUnknownFields(node));
  // Field 99 as a varint (tag 99 << 3 = 792: 0x98 0x06) of value 1.
  EXPECT_EQ(encodeUnknownFields(node), std::string("\x98\x06\x01"));
  tensorflow::NodeDef copy;
  ASSERT_TRUE(copy.ParseFromString(node.SerializeAsString()));
  EXPECT_EQ(encodeUnknownFields(copy), encodeUnknownFields(node));
  // A cut tag is not a field.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  EXPECT_TRUE(failed(restoreUnknownFields(StringAttr::get(&ctx, "\x98"), copy,
                                          UnknownLoc::get(&ctx))));
}

} // namespace
