//===- TFJSImport.cpp - TensorFlow.js graph model -> tfg ------------------===//

#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Support/JSONScan.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// How one weight is stored in the shards.
struct WeightSpec {
  std::string name, dtype;
  SmallVector<int64_t> shape;
  std::string quantDtype; // empty when not quantized
  double scale = 1, min = 0;
};
} // namespace

static uint32_t loadU32(const char *p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

/// IEEE half -> float.
static float halfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float value;
  if (exp == 0)
    value = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31)
    value = mant ? NAN : INFINITY;
  else
    value = std::ldexp(static_cast<float>(mant | 0x400),
                       static_cast<int>(exp) - 25);
  return sign ? -value : value;
}

/// Reads one weight at `data` (advancing it) into `tensor`.
static LogicalResult readWeight(const WeightSpec &w, StringRef &data,
                                tensorflow::TensorProto &tensor, Location loc) {
  int64_t n = 1;
  for (int64_t d : w.shape) {
    if (d < 0 || (d > 0 && n > (int64_t(1) << 40) / d))
      return emitError(loc) << "weight '" << w.name << "' has an invalid shape";
    n *= d;
  }
  for (int64_t d : w.shape)
    tensor.mutable_tensor_shape()->add_dim()->set_size(d);
  auto need = [&](uint64_t bytes) -> LogicalResult {
    if (data.size() >= bytes)
      return success();
    return emitError(loc) << "weight shards end inside weight '" << w.name
                          << "' (" << bytes << " bytes needed, " << data.size()
                          << " left)";
  };
  if (w.dtype == "string") {
    tensor.set_dtype(tensorflow::DT_STRING);
    for (int64_t i = 0; i < n; ++i) {
      if (failed(need(4)))
        return failure();
      uint32_t len = loadU32(data.data());
      data = data.drop_front(4);
      if (failed(need(len)))
        return failure();
      tensor.add_string_val(data.take_front(len).str());
      data = data.drop_front(len);
    }
    return success();
  }
  tensorflow::DataType dtype;
  unsigned size;
  if (w.dtype == "float32") {
    dtype = tensorflow::DT_FLOAT;
    size = 4;
  } else if (w.dtype == "int32") {
    dtype = tensorflow::DT_INT32;
    size = 4;
  } else if (w.dtype == "bool") {
    dtype = tensorflow::DT_BOOL;
    size = 1;
  } else if (w.dtype == "complex64") {
    dtype = tensorflow::DT_COMPLEX64;
    size = 8;
  } else {
    return emitError(loc) << "weight '" << w.name << "' has unsupported dtype '"
                          << w.dtype << "'";
  }
  tensor.set_dtype(dtype);
  if (w.quantDtype.empty()) {
    if (failed(need(n * size)))
      return failure();
    tensor.set_tensor_content(data.take_front(n * size).str());
    data = data.drop_front(n * size);
    return success();
  }
  // Dequantize into the weight's dtype (float32, or int32 rounded).
  unsigned qsize = w.quantDtype == "uint8" ? 1 : 2;
  if (w.quantDtype != "uint8" && w.quantDtype != "uint16" &&
      w.quantDtype != "float16")
    return emitError(loc) << "weight '" << w.name
                          << "' has unsupported quantization '" << w.quantDtype
                          << "'";
  if ((dtype != tensorflow::DT_FLOAT && dtype != tensorflow::DT_INT32) ||
      (w.quantDtype == "float16" && dtype != tensorflow::DT_FLOAT))
    return emitError(loc) << "weight '" << w.name << "' of dtype " << w.dtype
                          << " cannot be quantized as " << w.quantDtype;
  if (failed(need(n * qsize)))
    return failure();
  std::string out;
  out.resize(n * 4);
  for (int64_t i = 0; i < n; ++i) {
    const char *p = data.data() + i * qsize;
    uint16_t q16 = 0;
    if (qsize == 2)
      std::memcpy(&q16, p, 2);
    float value;
    if (w.quantDtype == "float16")
      value = halfToFloat(q16);
    else if (w.quantDtype == "uint8")
      value = static_cast<float>(static_cast<uint8_t>(*p) * w.scale + w.min);
    else
      value = static_cast<float>(q16 * w.scale + w.min);
    if (dtype == tensorflow::DT_INT32) {
      int32_t iv = static_cast<int32_t>(std::lround(value));
      std::memcpy(&out[i * 4], &iv, 4);
    } else {
      std::memcpy(&out[i * 4], &value, 4);
    }
  }
  tensor.set_tensor_content(out);
  data = data.drop_front(n * qsize);
  return success();
}

static LogicalResult parseWeightSpec(const llvm::json::Object &obj,
                                     WeightSpec &w, Location loc) {
  std::optional<StringRef> name = obj.getString("name");
  std::optional<StringRef> dtype = obj.getString("dtype");
  const llvm::json::Array *shape = obj.getArray("shape");
  if (!name || !dtype || !shape)
    return emitError(loc)
           << "weightsManifest entry without name, dtype or shape";
  w.name = name->str();
  w.dtype = dtype->str();
  for (const llvm::json::Value &d : *shape) {
    std::optional<int64_t> v = d.getAsInteger();
    if (!v)
      return emitError(loc) << "weight '" << w.name << "' has a bad shape";
    w.shape.push_back(*v);
  }
  if (const llvm::json::Object *q = obj.getObject("quantization")) {
    std::optional<StringRef> qd = q->getString("dtype");
    if (!qd)
      return emitError(loc)
             << "weight '" << w.name << "' has a quantization without dtype";
    w.quantDtype = qd->str();
    if (w.quantDtype != "float16") {
      std::optional<double> scale = q->getNumber("scale");
      std::optional<double> min = q->getNumber("min");
      if (!scale || !min)
        return emitError(loc) << "weight '" << w.name
                              << "' has a quantization without scale/min";
      w.scale = *scale;
      w.min = *min;
    }
  }
  return success();
}

/// Whether `bytes` is a weights manifest (a JSON array of weight groups,
/// each with its "paths" and "weights"): what a user gives for a
/// weights-only model (face-api's *-weights_manifest.json, which its own
/// code builds a network around) or a 0.x model's weights_manifest.json
/// given in place of its graph. Neither holds a graph.
static bool isWeightsManifest(StringRef bytes) {
  StringRef text = skipToJSONValue(bytes);
  // Not a binary GraphDef's first byte in practice: '[' would open a
  // group numbered 11, which GraphDef does not declare.
  if (!text.starts_with("["))
    return false;
  llvm::Expected<llvm::json::Value> value = parseBoundedJSON(text);
  if (!value) {
    llvm::consumeError(value.takeError());
    return false;
  }
  const llvm::json::Array *groups = value->getAsArray();
  if (!groups || groups->empty())
    return false;
  return llvm::all_of(*groups, [](const llvm::json::Value &group) {
    const llvm::json::Object *object = group.getAsObject();
    return object && object->getArray("paths") && object->getArray("weights");
  });
}

/// Whether a JSON object's text has a member named as a Keras model
/// config's are (a layers model's topology).
static bool looksLikeKerasConfig(StringRef objectText) {
  SmallVector<JSONMember> members;
  if (!scanJSONObject(objectText, members))
    return false;
  return llvm::any_of(members, [](const JSONMember &member) {
    return member.key == "model_config" || member.key == "keras_version" ||
           member.key == "class_name";
  });
}

bool mlir::tfg::isTFJSModelJSON(StringRef bytes) {
  StringRef text = dropByteOrderMark(bytes);
  // A binary GraphDef never starts with '{' (field 15 as a group).
  if (text.starts_with("{"))
    return true;
  if (!beginsLikeJSONObject(text))
    return false;
  // White space first: a binary GraphDef starts with '\n' (the tag of its
  // first node) and goes on with '{' when that node is 123 bytes long, so
  // only a text that scans as a JSON object is one.
  SmallVector<JSONMember> members;
  return scanJSONObject(text, members);
}

/// Reads the weights a manifest lists from their shards (paths relative to
/// `weightsDir`) into the `value` of their Const nodes in `graph`.
static LogicalResult materializeWeights(const llvm::json::Array &manifest,
                                        StringRef weightsDir,
                                        tensorflow::GraphDef &graph,
                                        Location loc) {
  llvm::StringMap<tensorflow::NodeDef *> nodes;
  for (tensorflow::NodeDef &node : *graph.mutable_node())
    nodes[node.name()] = &node;
  for (const llvm::json::Value &groupValue : manifest) {
    const llvm::json::Object *group = groupValue.getAsObject();
    const llvm::json::Array *paths = group ? group->getArray("paths") : nullptr;
    const llvm::json::Array *weights =
        group ? group->getArray("weights") : nullptr;
    if (!paths || !weights)
      return emitError(loc) << "weightsManifest group without paths or weights";
    // The group's shards, one after the other: a weight may span two.
    std::vector<std::unique_ptr<llvm::MemoryBuffer>> shards;
    for (const llvm::json::Value &p : *paths) {
      std::optional<StringRef> rel = p.getAsString();
      if (!rel)
        return emitError(loc) << "weight shard path is not a string";
      SmallString<256> path(weightsDir);
      llvm::sys::path::append(path, *rel);
      auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
      if (!buffer)
        return emitError(loc) << "cannot read weight shard '" << path
                              << "': " << buffer.getError().message();
      shards.push_back(std::move(*buffer));
    }
    size_t total = 0;
    for (const auto &shard : shards)
      total += shard->getBufferSize();
    std::string bytes;
    bytes.reserve(total);
    for (auto &shard : shards) {
      bytes += shard->getBuffer();
      shard.reset();
    }
    StringRef data(bytes);
    for (const llvm::json::Value &wv : *weights) {
      const llvm::json::Object *wobj = wv.getAsObject();
      WeightSpec w;
      if (!wobj || failed(parseWeightSpec(*wobj, w, loc)))
        return failure();
      tensorflow::TensorProto tensor;
      if (failed(readWeight(w, data, tensor, loc)))
        return failure();
      auto it = nodes.find(w.name);
      if (it == nodes.end())
        return emitError(loc) << "weight '" << w.name << "' has no node";
      tensorflow::AttrValue &value = (*it->second->mutable_attr())["value"];
      *value.mutable_tensor() = std::move(tensor);
    }
    if (!data.empty())
      return emitError(loc) << "weight shards have " << data.size()
                            << " bytes more than the weights listed";
  }
  return success();
}

OwningOpRef<ModuleOp> mlir::tfg::importTFJSModel(MLIRContext *ctx,
                                                 StringRef modelJson,
                                                 StringRef weightsDir,
                                                 Location loc) {
  // The topology goes to protobuf as written; the other members (the
  // manifest, the signature, ...) are small and read as JSON values.
  bool isObject = false;
  SmallVector<JSONMember> members;
  if (llvm::Error error =
          scanJSON(dropByteOrderMark(modelJson), isObject, members)) {
    emitError(loc) << "invalid model.json: "
                   << llvm::toString(std::move(error));
    return nullptr;
  }
  std::optional<StringRef> topologyText;
  llvm::json::Object model;
  for (const JSONMember &member : members) {
    // A repeated key keeps its last value, as JSON parsers do.
    if (member.key == "modelTopology") {
      topologyText = member.value;
      continue;
    }
    // Scanned already, nesting bounded.
    llvm::Expected<llvm::json::Value> value = llvm::json::parse(member.value);
    if (!value) {
      emitError(loc) << "invalid model.json: "
                     << llvm::toString(value.takeError());
      return nullptr;
    }
    model[member.key] = std::move(*value);
  }
  // A layers model's topology is a Keras model config, which protobuf
  // (ignoring unknown fields) would read as an empty GraphDef.
  if (std::optional<StringRef> format = model.getString("format");
      format && *format != "graph-model") {
    emitError(loc) << "model.json is a TF.js '" << *format
                   << "', not a 'graph-model': only graph models hold a "
                      "GraphDef (tensorflowjs_converter "
                      "--output_format=tfjs_graph_model makes one)";
    return nullptr;
  }
  if (!topologyText || !topologyText->starts_with("{")) {
    emitError(loc) << "model.json has no modelTopology object";
    return nullptr;
  }
  tensorflow::GraphDef graph;
  // A layers model written before model.json said its format (TF.js 1.x)
  // has a topology with nothing of a GraphDef.
  auto explainEmpty = [&] {
    if (!looksLikeKerasConfig(*topologyText))
      return false;
    emitError(loc) << "model.json is a TF.js layers model (its "
                      "modelTopology is a Keras model config), not a "
                      "graph model: only graph models hold a GraphDef "
                      "(tensorflowjs_converter "
                      "--output_format=tfjs_graph_model makes one)";
    return true;
  };
  if (failed(parseGraphDefJSON(*topologyText, graph, loc, "modelTopology",
                               explainEmpty)))
    return nullptr;

  if (const llvm::json::Array *manifest = model.getArray("weightsManifest"))
    if (failed(materializeWeights(*manifest, weightsDir, graph, loc)))
      return nullptr;

  // The weights were copied into the Const nodes: free each as it is
  // converted.
  OwningOpRef<ModuleOp> module = importGraphDef(ctx, std::move(graph), loc);
  if (!module)
    return nullptr;
  // Keep the model's other entries (format, signature, initializer, ...)
  // verbatim as JSON text.
  Builder b(ctx);
  for (const auto &[key, value] : model) {
    if (key == "modelTopology" || key == "weightsManifest")
      continue;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << value;
    os.flush();
    (*module)->setAttr(("tfjs." + StringRef(key)).str(), b.getStringAttr(text));
  }
  return module;
}

OwningOpRef<ModuleOp> mlir::tfg::importTFJSFrozenModel(MLIRContext *ctx,
                                                       StringRef graphDef,
                                                       StringRef manifestJson,
                                                       StringRef weightsDir,
                                                       Location loc) {
  tensorflow::GraphDef graph;
  if (!parseBinaryProto(graphDef, graph)) {
    emitError(loc) << "tensorflowjs_model.pb is not a binary GraphDef";
    return nullptr;
  }
  llvm::Expected<llvm::json::Value> manifest =
      parseBoundedJSON(dropByteOrderMark(manifestJson));
  if (!manifest) {
    emitError(loc) << "invalid weights_manifest.json: "
                   << llvm::toString(manifest.takeError());
    return nullptr;
  }
  const llvm::json::Array *groups = manifest->getAsArray();
  if (!groups) {
    emitError(loc) << "weights_manifest.json is not an array of weight groups";
    return nullptr;
  }
  if (failed(materializeWeights(*groups, weightsDir, graph, loc)))
    return nullptr;
  return importGraphDef(ctx, std::move(graph), loc);
}

OwningOpRef<ModuleOp> mlir::tfg::importTFJSFile(MLIRContext *ctx,
                                                const llvm::MemoryBuffer &input,
                                                StringRef manifestPath,
                                                Location loc) {
  StringRef dir = llvm::sys::path::parent_path(input.getBufferIdentifier());
  if (dir.empty())
    dir = ".";
  StringRef bytes = input.getBuffer();
  if (isTFJSModelJSON(bytes))
    return importTFJSModel(ctx, bytes, dir, loc);
  if (isWeightsManifest(bytes)) {
    emitError(loc) << "input is a weights manifest (an array of weight "
                      "groups), which holds no graph: import the model.json "
                      "of a graph model, or the tensorflowjs_model.pb beside "
                      "a TensorFlow.js 0.x weights_manifest.json";
    return nullptr;
  }
  SmallString<256> path(manifestPath);
  if (path.empty()) {
    path = dir;
    llvm::sys::path::append(path, "weights_manifest.json");
  }
  auto manifest = llvm::MemoryBuffer::getFile(path);
  if (!manifest) {
    // Not JSON, nor (without its manifest) a frozen model: a text that
    // begins like JSON gets the JSON error.
    if (beginsLikeJSONObject(bytes))
      return importTFJSModel(ctx, bytes, dir, loc);
    emitError(loc) << "input is not a model.json (a JSON object); as a "
                      "TensorFlow.js 0.x tensorflowjs_model.pb it needs its "
                      "weights manifest, and '"
                   << path
                   << "' cannot be read: " << manifest.getError().message()
                   << " (--tfjs-weights-manifest names another)";
    return nullptr;
  }
  StringRef manifestDir = llvm::sys::path::parent_path(path);
  return importTFJSFrozenModel(ctx, bytes, (*manifest)->getBuffer(),
                               manifestDir.empty() ? "." : manifestDir, loc);
}
