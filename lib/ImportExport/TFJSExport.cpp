//===- TFJSExport.cpp - tfg -> TensorFlow.js graph model ------------------===//
//
// The GraphDef of the module becomes model.json's modelTopology (protobuf
// JSON); the values of float32, int32 and bool Const nodes move to one
// weight shard listed in weightsManifest, as the TF.js converter lays them
// out. Other model.json entries kept by the importer (`tfjs.<key>` module
// attributes: format, signature, ...) are written back.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/Support/JSONScan.h"

#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// A dtype TF.js keeps in weight shards: its manifest name and byte size.
struct ShardType {
  const char *name;
  size_t size;
};
} // namespace

static std::optional<ShardType> getShardType(tensorflow::DataType dtype) {
  switch (dtype) {
  case tensorflow::DT_FLOAT:
    return ShardType{"float32", 4};
  case tensorflow::DT_INT32:
    return ShardType{"int32", 4};
  case tensorflow::DT_BOOL:
    return ShardType{"bool", 1};
  default:
    return std::nullopt;
  }
}

/// The value of a Const node; null for other nodes.
static tensorflow::TensorProto *getConstValue(tensorflow::NodeDef &node) {
  if (node.op() != "Const")
    return nullptr;
  auto it = node.mutable_attr()->find("value");
  if (it == node.mutable_attr()->end() || !it->second.has_tensor())
    return nullptr;
  return it->second.mutable_tensor();
}

/// Moves a Const node's value into `shard`; returns its manifest entry, or
/// none if the value stays inline (other dtypes, unknown shapes).
static std::optional<llvm::json::Object> moveToShard(tensorflow::NodeDef &node,
                                                     std::string &shard) {
  tensorflow::TensorProto *value = getConstValue(node);
  if (!value)
    return std::nullopt;
  tensorflow::TensorProto &tensor = *value;
  std::optional<ShardType> type = getShardType(tensor.dtype());
  if (!type || tensor.tensor_shape().unknown_rank())
    return std::nullopt;
  // The import checks a weight's dtype against its node's: a value whose
  // dtype is not the node's stays inline, where it imports as it is.
  auto dtype = node.attr().find("dtype");
  if (dtype != node.attr().end() &&
      dtype->second.value_case() == tensorflow::AttrValue::kType &&
      dtype->second.type() != tensor.dtype())
    return std::nullopt;
  llvm::json::Array shape;
  uint64_t elements = 1;
  for (const auto &dim : tensor.tensor_shape().dim()) {
    if (dim.size() < 0)
      return std::nullopt;
    elements *= uint64_t(dim.size());
    shape.push_back(dim.size());
  }
  // Weights of a gigabyte or more stay inline (compact when splat): a
  // shard that size is no TF.js model.
  if (elements > (uint64_t(1) << 30) / type->size)
    return std::nullopt;
  // One encoding (tensor_content; a splat keeps one element).
  tensorflow::TensorProto canonical = tensor;
  canonicalizeTensor(canonical);
  const std::string &content = canonical.tensor_content();
  if (content.size() == elements * type->size) {
    shard += content;
  } else if (content.size() == type->size) {
    for (uint64_t i = 0; i < elements; ++i)
      shard += content;
  } else if (elements == 0) {
    // Nothing to write.
  } else {
    return std::nullopt;
  }
  // The topology keeps the dtype and shape only.
  tensorflow::TensorProto stripped;
  stripped.set_dtype(tensor.dtype());
  *stripped.mutable_tensor_shape() = tensor.tensor_shape();
  tensor = stripped;
  return llvm::json::Object{{"name", node.name()},
                            {"shape", std::move(shape)},
                            {"dtype", type->name}};
}

LogicalResult mlir::tfg::exportTFJSModel(ModuleOp module,
                                         StringRef weightsFileName,
                                         std::string &modelJson,
                                         std::string &weights) {
  tensorflow::GraphDef graph;
  // model.json holds the GraphDef as JSON.
  ExportOptions options;
  options.forJSON = true;
  if (failed(exportGraphDef(module, graph, options)))
    return failure();
  // JSON names fields: those kept by number only cannot be written.
  warnUnknownFieldsLeftOut(module, "model.json",
                           "a binary GraphDef (--mlir-to-graphdef --binary) "
                           "keeps them");
  // The shard's size, known ahead but for splats (written out element by
  // element): grown by doubling instead, it would reserve up to twice the
  // weights, and copy them at each step.
  size_t expectedSize = 0;
  for (tensorflow::NodeDef &node : *graph.mutable_node())
    if (const tensorflow::TensorProto *value = getConstValue(node))
      expectedSize += value->tensor_content().size();
  weights.reserve(expectedSize);
  llvm::json::Array manifestWeights;
  for (tensorflow::NodeDef &node : *graph.mutable_node())
    if (std::optional<llvm::json::Object> entry = moveToShard(node, weights))
      manifestWeights.push_back(std::move(*entry));

  // The topology is protobuf's JSON as protobuf writes it (fields in
  // field-number order, as the TF.js converter writes them): a JSON tree of
  // it would take about 25 times its size.
  std::string topologyText;
  if (failed(
          printGraphDefJSON(std::move(graph), topologyText, module.getLoc())))
    return failure();

  llvm::json::Object model;
  model["format"] = "graph-model";
  model["generatedBy"] = "tfg";
  model["convertedBy"] = "tfg";
  // Entries the importer kept verbatim.
  for (NamedAttribute attr : module->getAttrs()) {
    StringRef key = attr.getName().getValue();
    if (!key.consume_front("tfjs."))
      continue;
    auto text = dyn_cast<StringAttr>(attr.getValue());
    if (!text)
      continue;
    llvm::Expected<llvm::json::Value> value = parseBoundedJSON(text.getValue());
    if (!value)
      return emitError(module.getLoc(), "module attribute 'tfjs.")
             << key << "' is not JSON: " << llvm::toString(value.takeError());
    model[key] = std::move(*value);
  }
  model["weightsManifest"] = llvm::json::Array{
      llvm::json::Object{{"paths", llvm::json::Array{weightsFileName}},
                         {"weights", std::move(manifestWeights)}}};
  // The members in key order, two spaces a level, the topology's text put
  // in at its place (protobuf indents by one space a level: two here, one
  // level in).
  std::vector<StringRef> keys;
  for (const auto &member : model)
    keys.push_back(member.first);
  keys.push_back("modelTopology");
  llvm::sort(keys);
  llvm::raw_string_ostream os(modelJson);
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    for (StringRef key : keys) {
      if (key != "modelTopology") {
        json.attribute(key, *model.get(key));
        continue;
      }
      json.attributeBegin(key);
      json.rawValue([&](llvm::raw_ostream &out) {
        StringRef text = StringRef(topologyText).rtrim("\n");
        // Newlines only separate tokens in protobuf's output (strings
        // escape theirs).
        for (auto [line, rest] = text.split('\n');;
             std::tie(line, rest) = rest.split('\n')) {
          StringRef token = line.ltrim(' ');
          if (line.data() != text.data())
            out.indent(2 + 2 * (line.size() - token.size()));
          out << token;
          if (rest.empty())
            break;
          out << '\n';
        }
      });
      json.attributeEnd();
    }
  });
  return success();
}
