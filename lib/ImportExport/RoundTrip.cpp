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
#include "llvm/ADT/STLExtras.h"

#include <unordered_map>

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

/// Differing entries of one map kept for the report; the rest are counted.
static constexpr int kMaxReportedEntries = 32;

/// The key of a map entry message, as text.
static std::string getMapKey(const google::protobuf::Message &entry) {
  using google::protobuf::FieldDescriptor;
  const FieldDescriptor *key = entry.GetDescriptor()->map_key();
  const google::protobuf::Reflection *r = entry.GetReflection();
  switch (key->cpp_type()) {
  case FieldDescriptor::CPPTYPE_STRING:
    return r->GetString(entry, key);
  case FieldDescriptor::CPPTYPE_INT32:
    return std::to_string(r->GetInt32(entry, key));
  case FieldDescriptor::CPPTYPE_INT64:
    return std::to_string(r->GetInt64(entry, key));
  case FieldDescriptor::CPPTYPE_UINT32:
    return std::to_string(r->GetUInt32(entry, key));
  case FieldDescriptor::CPPTYPE_UINT64:
    return std::to_string(r->GetUInt64(entry, key));
  case FieldDescriptor::CPPTYPE_BOOL:
    return r->GetBool(entry, key) ? "true" : "false";
  default:
    return {};
  }
}

/// Keeps the entries of map `field` for which `keep` holds (at most
/// kMaxReportedEntries), sorted by key so that the report is in key order.
static void keepEntries(google::protobuf::Message &m,
                        const google::protobuf::FieldDescriptor *field,
                        const std::vector<bool> &keep,
                        std::vector<std::string> &keys) {
  const google::protobuf::Reflection *r = m.GetReflection();
  int size = r->FieldSize(m, field), w = 0;
  for (int i = 0; i < size; ++i)
    if (keep[i]) {
      if (i != w) {
        r->SwapElements(&m, field, i, w);
        std::swap(keys[i], keys[w]);
      }
      ++w;
    }
  for (int i = w; i < size; ++i)
    r->RemoveLast(&m, field);
  // Selection sort of the few kept entries.
  for (int i = 0; i < w; ++i) {
    int least = i;
    for (int j = i + 1; j < w; ++j)
      if (keys[j] < keys[least])
        least = j;
    if (least != i) {
      r->SwapElements(&m, field, i, least);
      std::swap(keys[i], keys[least]);
    }
  }
}

static int64_t trimCommon(google::protobuf::Message &a,
                          google::protobuf::Message &b);

/// Map `field` of `a` and `b`: entries equal in both are removed, entries
/// of one key in both are trimmed in turn, and of what differs only the
/// kMaxReportedEntries smallest keys are kept. Returns the number of
/// differing keys left out.
static int64_t trimMap(google::protobuf::Message &a,
                       google::protobuf::Message &b,
                       const google::protobuf::FieldDescriptor *field) {
  using google::protobuf::util::MessageDifferencer;
  const google::protobuf::Reflection *r = a.GetReflection();
  int sizeA = r->FieldSize(a, field), sizeB = r->FieldSize(b, field);
  std::vector<std::string> keysA(sizeA), keysB(sizeB);
  std::unordered_map<std::string, int> indexB;
  indexB.reserve(sizeB);
  for (int j = 0; j < sizeB; ++j) {
    keysB[j] = getMapKey(r->GetRepeatedMessage(b, field, j));
    indexB.emplace(keysB[j], j);
  }
  std::vector<bool> keepA(sizeA, true), keepB(sizeB, true);
  int64_t hidden = 0;
  for (int i = 0; i < sizeA; ++i) {
    keysA[i] = getMapKey(r->GetRepeatedMessage(a, field, i));
    auto it = indexB.find(keysA[i]);
    if (it == indexB.end())
      continue;
    google::protobuf::Message *ea = r->MutableRepeatedMessage(&a, field, i);
    google::protobuf::Message *eb =
        r->MutableRepeatedMessage(&b, field, it->second);
    if (MessageDifferencer::Equals(*ea, *eb))
      keepA[i] = keepB[it->second] = false;
    else
      hidden += trimCommon(*ea, *eb);
  }
  // The smallest differing keys of either side are reported.
  std::vector<StringRef> differing;
  for (int i = 0; i < sizeA; ++i)
    if (keepA[i])
      differing.push_back(keysA[i]);
  for (int j = 0; j < sizeB; ++j)
    if (keepB[j])
      differing.push_back(keysB[j]);
  llvm::sort(differing);
  differing.erase(std::unique(differing.begin(), differing.end()),
                  differing.end());
  if (differing.size() > size_t(kMaxReportedEntries)) {
    std::string last = differing[kMaxReportedEntries - 1].str();
    hidden += differing.size() - kMaxReportedEntries;
    for (int i = 0; i < sizeA; ++i)
      keepA[i] = keepA[i] && keysA[i] <= last;
    for (int j = 0; j < sizeB; ++j)
      keepB[j] = keepB[j] && keysB[j] <= last;
  }
  keepEntries(a, field, keepA, keysA);
  keepEntries(b, field, keepB, keysB);
  return hidden;
}

/// Removes from two messages what they have in common in their maps, at
/// any depth (sub-messages are paired by position), so that the reporting
/// comparison, which matches map entries pairwise, sees only what differs.
/// Linear in the messages' size times their depth (which the readers
/// bound). Returns the number of differing map keys left out.
static int64_t trimCommon(google::protobuf::Message &a,
                          google::protobuf::Message &b) {
  using google::protobuf::FieldDescriptor;
  using google::protobuf::util::MessageDifferencer;
  const google::protobuf::Reflection *r = a.GetReflection();
  const google::protobuf::Descriptor *desc = a.GetDescriptor();
  int64_t hidden = 0;
  for (int f = 0; f < desc->field_count(); ++f) {
    const FieldDescriptor *field = desc->field(f);
    if (field->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE)
      continue;
    if (field->is_map()) {
      hidden += trimMap(a, b, field);
      continue;
    }
    if (field->is_repeated()) {
      int n = std::min(r->FieldSize(a, field), r->FieldSize(b, field));
      for (int i = 0; i < n; ++i) {
        google::protobuf::Message *ea = r->MutableRepeatedMessage(&a, field, i);
        google::protobuf::Message *eb = r->MutableRepeatedMessage(&b, field, i);
        if (!MessageDifferencer::Equals(*ea, *eb))
          hidden += trimCommon(*ea, *eb);
      }
      continue;
    }
    if (!r->HasField(a, field) || !r->HasField(b, field))
      continue;
    google::protobuf::Message *ea = r->MutableMessage(&a, field);
    google::protobuf::Message *eb = r->MutableMessage(&b, field);
    if (!MessageDifferencer::Equals(*ea, *eb))
      hidden += trimCommon(*ea, *eb);
  }
  return hidden;
}

LogicalResult mlir::tfg::checkGraphDefRoundTrip(
    MLIRContext *context, const tensorflow::GraphDef &graph, Location fileLoc,
    std::string &diff, llvm::function_ref<LogicalResult(ModuleOp)> transform) {
  OwningOpRef<ModuleOp> module = importGraphDef(context, graph, fileLoc);
  if (!module) {
    diff = "import failed";
    return failure();
  }
  if (transform && failed(transform(*module))) {
    diff = "transform failed";
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
  // Without a reporter, map fields are compared through their hash maps
  // (linear); with one, protobuf matches map entries pairwise (quadratic):
  // the report is made only of what differs.
  using google::protobuf::util::MessageDifferencer;
  if (MessageDifferencer::Equals(expected, exported))
    return success();
  int64_t hidden = trimCommon(expected, exported);
  MessageDifferencer differencer;
  differencer.ReportDifferencesToString(&diff);
  differencer.Compare(expected, exported);
  if (hidden)
    diff +=
        "(" + std::to_string(hidden) + " more differing map keys not shown)\n";
  return failure();
}
