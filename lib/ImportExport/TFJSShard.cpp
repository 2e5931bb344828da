//===- TFJSShard.cpp - Const values -> a TF.js weight shard ---------------===//
//
// TensorFlow.js reads a Const node's value only from the weights: a value
// left in the topology is not read, and the node has none. So every Const
// value goes to the shard, in the dtype TF.js stores it as (as the TF.js
// converter does: float64, float16 and bfloat16 as float32, other integers
// as int32, complex128 as complex64), the graph's Consts first, then those
// of each library function in order. TF.js looks weights up by node name,
// in function bodies too, so the names of weights must be unique: a
// function's Const whose name a weight already has is renamed
// "<function>/<name>", as the converter names them, and the function's
// inputs follow.
//
//===----------------------------------------------------------------------===//

#include "TFJSWeights.h"

#include "tfg/ImportExport/Convert.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <cfloat>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::tfg;
using tensorflow::DataType;
using tensorflow::NodeDef;
using tensorflow::TensorProto;

/// Largest weight written to the shard; a larger value stays in the
/// topology (compact when splat): a shard that size is no TF.js model.
static constexpr uint64_t kMaxWeightBytes = uint64_t(1) << 30;

namespace {
/// How TF.js stores the values of a dtype: the manifest's name, the element
/// size in the shard (0 for strings), and the size of one element of the
/// node's dtype in tensor_content.
struct StoredType {
  const char *name;
  unsigned size;
  unsigned sourceSize;
};
} // namespace

static std::optional<StoredType> getStoredType(DataType dtype) {
  switch (dtype) {
  case tensorflow::DT_FLOAT:
    return StoredType{"float32", 4, 4};
  case tensorflow::DT_DOUBLE:
    return StoredType{"float32", 4, 8};
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
    return StoredType{"float32", 4, 2};
  case tensorflow::DT_INT32:
  case tensorflow::DT_UINT32:
    return StoredType{"int32", 4, 4};
  case tensorflow::DT_INT64:
  case tensorflow::DT_UINT64:
    return StoredType{"int32", 4, 8};
  case tensorflow::DT_INT16:
  case tensorflow::DT_UINT16:
    return StoredType{"int32", 4, 2};
  case tensorflow::DT_INT8:
  case tensorflow::DT_UINT8:
    return StoredType{"int32", 4, 1};
  case tensorflow::DT_BOOL:
    return StoredType{"bool", 1, 1};
  case tensorflow::DT_COMPLEX64:
    return StoredType{"complex64", 8, 8};
  case tensorflow::DT_COMPLEX128:
    return StoredType{"complex64", 8, 16};
  case tensorflow::DT_STRING:
    return StoredType{"string", 0, 0};
  default:
    return std::nullopt;
  }
}

template <typename T> static T load(const char *p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

template <typename T> static void append(std::string &out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

/// A double as the nearest float (an infinity past float's range).
static float narrow(double value) {
  if (std::isfinite(value) && std::fabs(value) > FLT_MAX)
    return value > 0 ? INFINITY : -INFINITY;
  return static_cast<float>(value);
}

/// An integer element of `dtype` at `p`; none when int32 cannot hold it.
static std::optional<int32_t> loadInt32(DataType dtype, const char *p) {
  int64_t value;
  switch (dtype) {
  case tensorflow::DT_INT8:
    value = load<int8_t>(p);
    break;
  case tensorflow::DT_UINT8:
    value = load<uint8_t>(p);
    break;
  case tensorflow::DT_INT16:
    value = load<int16_t>(p);
    break;
  case tensorflow::DT_UINT16:
    value = load<uint16_t>(p);
    break;
  case tensorflow::DT_INT32:
    value = load<int32_t>(p);
    break;
  case tensorflow::DT_UINT32:
    value = load<uint32_t>(p);
    break;
  case tensorflow::DT_INT64:
    value = load<int64_t>(p);
    break;
  default: {
    uint64_t u = load<uint64_t>(p);
    if (u > uint64_t(INT32_MAX))
      return std::nullopt;
    value = static_cast<int64_t>(u);
    break;
  }
  }
  if (value < INT32_MIN || value > INT32_MAX)
    return std::nullopt;
  return static_cast<int32_t>(value);
}

/// Appends the element of `dtype` at `p` to `out` as TF.js stores it;
/// fails when int32 cannot hold an integer.
static bool appendStored(DataType dtype, const char *p, std::string &out) {
  switch (dtype) {
  case tensorflow::DT_FLOAT:
  case tensorflow::DT_COMPLEX64:
    out.append(p, dtype == tensorflow::DT_FLOAT ? 4 : 8);
    return true;
  case tensorflow::DT_DOUBLE:
    append(out, narrow(load<double>(p)));
    return true;
  case tensorflow::DT_COMPLEX128:
    append(out, narrow(load<double>(p)));
    append(out, narrow(load<double>(p + 8)));
    return true;
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16: {
    const llvm::fltSemantics &semantics = dtype == tensorflow::DT_HALF
                                              ? llvm::APFloat::IEEEhalf()
                                              : llvm::APFloat::BFloat();
    llvm::APFloat value(semantics, llvm::APInt(16, load<uint16_t>(p)));
    bool losesInfo;
    (void)value.convert(llvm::APFloat::IEEEsingle(),
                        llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    append(out, value.convertToFloat());
    return true;
  }
  case tensorflow::DT_BOOL:
    out.push_back(*p ? 1 : 0);
    return true;
  default:
    if (std::optional<int32_t> value = loadInt32(dtype, p)) {
      append(out, *value);
      return true;
    }
    return false;
  }
}

/// The number of elements of a fully known shape; none otherwise.
static std::optional<uint64_t>
getElementCount(const tensorflow::TensorShapeProto &shape) {
  if (shape.unknown_rank())
    return std::nullopt;
  uint64_t elements = 1;
  for (const auto &dim : shape.dim()) {
    if (dim.size() < 0 ||
        (dim.size() > 0 && elements > kMaxWeightBytes / uint64_t(dim.size())))
      return std::nullopt;
    elements *= uint64_t(dim.size());
  }
  return elements;
}

/// The Const node's value; null for other nodes.
static TensorProto *getConstValue(NodeDef &node) {
  if (node.op() != "Const")
    return nullptr;
  auto it = node.mutable_attr()->find("value");
  if (it == node.mutable_attr()->end() || !it->second.has_tensor())
    return nullptr;
  return it->second.mutable_tensor();
}

/// Appends a string tensor's elements (a length, then the bytes): fewer
/// values than elements repeat the last, as TensorFlow reads them.
static bool appendStrings(const TensorProto &tensor, uint64_t elements,
                          std::string &out) {
  int count = tensor.string_val_size();
  if (uint64_t(count) > elements || elements > kMaxWeightBytes / 4)
    return false;
  size_t start = out.size();
  for (uint64_t i = 0; i < elements; ++i) {
    const std::string empty;
    const std::string &value =
        count == 0 ? empty : tensor.string_val(std::min<int>(i, count - 1));
    if (value.size() > UINT32_MAX ||
        out.size() - start + value.size() + 4 > kMaxWeightBytes)
      return false;
    append(out, static_cast<uint32_t>(value.size()));
    out += value;
  }
  return true;
}

/// Writes a Const node's value into `shard` under `weightName`, leaving its
/// dtype and shape in the topology; returns the manifest entry, or none if
/// the value stays in the topology (dtypes TF.js has no weights of, unknown
/// or huge shapes, an integer out of int32's range: warned).
static std::optional<llvm::json::Object> moveToShard(NodeDef &node,
                                                     StringRef weightName,
                                                     std::string &shard,
                                                     Location loc) {
  TensorProto *value = getConstValue(node);
  if (!value)
    return std::nullopt;
  TensorProto &tensor = *value;
  std::optional<StoredType> type = getStoredType(tensor.dtype());
  std::optional<uint64_t> elements = getElementCount(tensor.tensor_shape());
  if (!type || !elements || tensor.version_number() != 0 ||
      *elements * type->size > kMaxWeightBytes)
    return std::nullopt;
  // The import checks a weight's dtype against its node's: a value whose
  // dtype is not the node's stays inline, where it imports as it is.
  auto dtype = node.attr().find("dtype");
  if (dtype != node.attr().end() &&
      dtype->second.value_case() == tensorflow::AttrValue::kType &&
      dtype->second.type() != tensor.dtype())
    return std::nullopt;
  size_t start = shard.size();
  auto undo = [&] {
    shard.resize(start);
    return std::nullopt;
  };
  if (tensor.dtype() == tensorflow::DT_STRING) {
    if (!appendStrings(tensor, *elements, shard))
      return undo();
  } else {
    // One encoding (tensor_content; a splat keeps one element).
    canonicalizeTensor(tensor);
    const std::string &content = tensor.tensor_content();
    bool splat = content.size() == type->sourceSize && *elements > 1;
    if (!splat && content.size() != *elements * type->sourceSize)
      return undo();
    shard.reserve(start + *elements * type->size);
    for (uint64_t i = 0; i < *elements; ++i) {
      size_t at = splat ? 0 : i * type->sourceSize;
      if (!appendStored(tensor.dtype(), content.data() + at, shard)) {
        emitWarning(loc) << "Const node '" << node.name() << "' holds "
                         << tensorflow::DataType_Name(tensor.dtype())
                         << " values past the range of int32, the dtype "
                            "TensorFlow.js stores them as: its value stays in "
                            "the topology, where TensorFlow.js does not read "
                            "it";
        return undo();
      }
    }
  }
  llvm::json::Array shape;
  for (const auto &dim : tensor.tensor_shape().dim())
    shape.push_back(dim.size());
  // The topology keeps the dtype and shape only (a scalar's empty shape
  // too, as TensorFlow writes it).
  TensorProto stripped;
  stripped.set_dtype(tensor.dtype());
  *stripped.mutable_tensor_shape() = tensor.tensor_shape();
  tensor = std::move(stripped);
  return llvm::json::Object{{"name", weightName.str()},
                            {"shape", std::move(shape)},
                            {"dtype", type->name}};
}

/// The node an input names ("node", "node:out:0", "^node").
static StringRef inputNode(StringRef input) {
  input.consume_front("^");
  return input.take_until([](char c) { return c == ':'; });
}

/// Renames `input` ("node", "node:out:0", "^node") as `renamed` says.
static void renameInput(std::string &input,
                        const llvm::StringMap<std::string> &renamed) {
  StringRef node = inputNode(input);
  auto it = renamed.find(node);
  if (it == renamed.end())
    return;
  size_t at = node.data() - input.data();
  input.replace(at, node.size(), it->second);
}

/// Renames `nodes` as `renamed` says, and their inputs.
static void renameNodes(google::protobuf::RepeatedPtrField<NodeDef> &nodes,
                        const llvm::StringMap<std::string> &renamed) {
  for (NodeDef &node : nodes) {
    auto it = renamed.find(node.name());
    if (it != renamed.end())
      node.set_name(it->second);
    for (std::string &input : *node.mutable_input())
      renameInput(input, renamed);
  }
}

/// Renames nodes of `func` as `renamed` says, in its inputs and returns.
static void renameNodes(tensorflow::FunctionDef &func,
                        const llvm::StringMap<std::string> &renamed) {
  auto rename = [&](std::string &input) { renameInput(input, renamed); };
  renameNodes(*func.mutable_node_def(), renamed);
  for (auto &entry : *func.mutable_ret())
    rename(entry.second);
  for (auto &entry : *func.mutable_control_ret())
    rename(entry.second);
}

namespace {
/// A weight of the graph: its bytes in the shard, and its manifest entry.
struct GraphWeight {
  size_t begin, end, entry;
};

/// The weights written so far: their names, and those of the graph, which
/// an initializer's Const of the same name may share.
struct WrittenWeights {
  std::string &shard;
  llvm::json::Array &manifest;
  Location loc;
  llvm::StringSet<> names;
  llvm::StringMap<GraphWeight> graphWeights;

  /// Whether the weight just written at `begin` (entry `entry`) is the
  /// graph's weight `weight`: the same dtype, shape and bytes.
  bool isSame(const GraphWeight &weight, size_t begin,
              const llvm::json::Object &entry) const {
    const llvm::json::Object *other = manifest[weight.entry].getAsObject();
    return other && *other->get("dtype") == *entry.get("dtype") &&
           *other->get("shape") == *entry.get("shape") &&
           StringRef(shard).slice(weight.begin, weight.end) ==
               StringRef(shard).drop_front(begin);
  }

  /// Writes the Consts of `nodes`, a graph's, under their names. With
  /// `initializer` (a model initializer's graph: TF.js gives its Consts
  /// the weights of their names too), a Const whose name a weight of the
  /// graph with the same value has shares it, and one whose name another
  /// weight has is renamed "model_initializer/<name>" (and its uses).
  void writeGraph(google::protobuf::RepeatedPtrField<NodeDef> &nodes,
                  bool initializer) {
    llvm::StringSet<> local;
    for (const NodeDef &node : nodes)
      local.insert(node.name());
    llvm::StringMap<std::string> renamed;
    for (NodeDef &node : nodes) {
      size_t begin = shard.size();
      std::optional<llvm::json::Object> entry =
          moveToShard(node, node.name(), shard, loc);
      if (!entry)
        continue;
      std::string name = node.name();
      if (initializer && names.contains(name)) {
        auto shared = graphWeights.find(name);
        if (shared != graphWeights.end() &&
            isSame(shared->second, begin, *entry)) {
          shard.resize(begin);
          continue;
        }
        std::string base = "model_initializer/" + name;
        name = base;
        for (unsigned i = 1; names.contains(name) || local.contains(name); ++i)
          name = base + "_" + std::to_string(i);
        (*entry)["name"] = name;
        local.insert(name);
        renamed[node.name()] = name;
      }
      names.insert(name);
      if (!initializer)
        graphWeights[name] = {begin, shard.size(), manifest.size()};
      manifest.push_back(std::move(*entry));
    }
    if (!renamed.empty())
      renameNodes(nodes, renamed);
  }

  /// Writes the Consts of `func`, renaming those whose name a weight has
  /// "<function>/<name>" (and their uses).
  void writeFunction(tensorflow::FunctionDef &func) {
    // Names taken in the function: its nodes and arguments.
    llvm::StringSet<> local;
    for (const NodeDef &node : func.node_def())
      local.insert(node.name());
    for (const auto &arg : func.signature().input_arg())
      local.insert(arg.name());
    llvm::StringMap<std::string> renamed;
    for (NodeDef &node : *func.mutable_node_def()) {
      std::string name = node.name();
      if (names.contains(name)) {
        std::string base = func.signature().name() + "/" + name;
        name = base;
        for (unsigned i = 1; names.contains(name) || local.contains(name); ++i)
          name = base + "_" + std::to_string(i);
      }
      std::optional<llvm::json::Object> entry =
          moveToShard(node, name, shard, loc);
      if (!entry)
        continue;
      names.insert(name);
      manifest.push_back(std::move(*entry));
      if (name != node.name()) {
        local.insert(name);
        renamed[node.name()] = name;
      }
    }
    if (!renamed.empty())
      renameNodes(func, renamed);
  }
};
} // namespace

void mlir::tfg::detail::writeTFJSWeights(tensorflow::GraphDef &graph,
                                         tensorflow::GraphDef *initializer,
                                         std::string &shard,
                                         llvm::json::Array &manifest,
                                         Location loc) {
  // The shard's size, known ahead but for strings: grown by doubling
  // instead, it would reserve up to twice the weights, and copy them at
  // each step.
  uint64_t expected = 0;
  auto measure = [&](NodeDef &node) {
    TensorProto *value = getConstValue(node);
    std::optional<StoredType> type =
        value ? getStoredType(value->dtype()) : std::nullopt;
    std::optional<uint64_t> elements =
        type ? getElementCount(value->tensor_shape()) : std::nullopt;
    if (elements && *elements * type->size <= kMaxWeightBytes)
      expected += *elements * type->size;
  };
  SmallVector<tensorflow::GraphDef *, 2> graphs = {&graph};
  if (initializer)
    graphs.push_back(initializer);
  for (tensorflow::GraphDef *g : graphs) {
    for (NodeDef &node : *g->mutable_node())
      measure(node);
    for (auto &func : *g->mutable_library()->mutable_function())
      for (NodeDef &node : *func.mutable_node_def())
        measure(node);
  }
  shard.reserve(expected);

  WrittenWeights written{shard, manifest, loc};
  written.writeGraph(*graph.mutable_node(), /*initializer=*/false);
  if (initializer)
    written.writeGraph(*initializer->mutable_node(), /*initializer=*/true);
  for (tensorflow::GraphDef *g : graphs)
    for (tensorflow::FunctionDef &func :
         *g->mutable_library()->mutable_function())
      written.writeFunction(func);
}
