//===- RoundTrip.cpp - GraphDef round-trip checker ------------------------===//
//
// Import, export, and compare with the input as TensorFlow would: node order
// and map order do not matter, and tensors compare by value (a splat given
// as one float_val equals the same value in tensor_content).
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/util/message_differencer.h"

using namespace mlir;
using namespace mlir::tfg;

static void canonicalizeAttr(tensorflow::AttrValue &value) {
  if (value.has_tensor())
    canonicalizeTensor(*value.mutable_tensor());
  if (value.has_list())
    for (tensorflow::TensorProto &t : *value.mutable_list()->mutable_tensor())
      canonicalizeTensor(t);
  auto canonicalizeFunc = [](tensorflow::NameAttrList &func) {
    for (auto &entry : *func.mutable_attr())
      canonicalizeAttr(entry.second);
  };
  if (value.has_func())
    canonicalizeFunc(*value.mutable_func());
  if (value.has_list())
    for (tensorflow::NameAttrList &f : *value.mutable_list()->mutable_func())
      canonicalizeFunc(f);
}

template <typename Nodes> static void sortByName(Nodes *nodes) {
  std::sort(nodes->begin(), nodes->end(),
            [](const auto &a, const auto &b) { return a.name() < b.name(); });
}

static void canonicalizeGraph(tensorflow::GraphDef &graph) {
  // An all-default VersionDef reads the same as none.
  if (graph.has_versions() && graph.versions().producer() == 0 &&
      graph.versions().min_consumer() == 0 &&
      graph.versions().bad_consumers_size() == 0)
    graph.clear_versions();
  if (graph.has_library()) {
    tensorflow::FunctionDefLibrary &lib = *graph.mutable_library();
    std::sort(lib.mutable_function()->begin(), lib.mutable_function()->end(),
              [](const auto &a, const auto &b) {
                return a.signature().name() < b.signature().name();
              });
    std::sort(lib.mutable_gradient()->begin(), lib.mutable_gradient()->end(),
              [](const auto &a, const auto &b) {
                return a.function_name() < b.function_name();
              });
    for (tensorflow::FunctionDef &f : *lib.mutable_function()) {
      // An empty arg_attr entry reads the same as none.
      for (auto it = f.mutable_arg_attr()->begin();
           it != f.mutable_arg_attr()->end();) {
        if (it->second.attr().empty())
          it = f.mutable_arg_attr()->erase(it);
        else
          ++it;
      }
      sortByName(f.mutable_node_def());
      for (tensorflow::NodeDef &node : *f.mutable_node_def())
        for (auto &entry : *node.mutable_attr())
          canonicalizeAttr(entry.second);
      for (auto &entry : *f.mutable_attr())
        canonicalizeAttr(entry.second);
    }
    if (lib.function_size() == 0 && lib.gradient_size() == 0 &&
        lib.registered_gradients_size() == 0)
      graph.clear_library();
  }
  auto *nodes = graph.mutable_node();
  std::sort(nodes->begin(), nodes->end(),
            [](const tensorflow::NodeDef &a, const tensorflow::NodeDef &b) {
              return a.name() < b.name();
            });
  for (tensorflow::NodeDef &node : *nodes) {
    for (auto &entry : *node.mutable_attr())
      canonicalizeAttr(entry.second);
    // "x:0" and "x" name the same output.
    for (std::string &input : *node.mutable_input())
      if (input.size() > 2 && input.compare(input.size() - 2, 2, ":0") == 0)
        input.resize(input.size() - 2);
  }
}

LogicalResult
mlir::tfg::checkGraphDefRoundTrip(MLIRContext *context,
                                  const tensorflow::GraphDef &graph,
                                  Location fileLoc, std::string &diff) {
  OwningOpRef<ModuleOp> module = importGraphDef(context, graph, fileLoc);
  if (!module) {
    diff = "import failed";
    return failure();
  }
  tensorflow::GraphDef exported;
  if (failed(exportGraphDef(*module, exported))) {
    diff = "export failed";
    return failure();
  }
  tensorflow::GraphDef expected = graph;
  canonicalizeGraph(expected);
  canonicalizeGraph(exported);
  google::protobuf::util::MessageDifferencer differencer;
  differencer.ReportDifferencesToString(&diff);
  return success(differencer.Compare(expected, exported));
}
