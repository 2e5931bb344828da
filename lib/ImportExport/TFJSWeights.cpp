//===- TFJSWeights.cpp - A TF.js model's weight shards -> Const values ----===//
//
// A weights manifest (model.json's weightsManifest, or a TF.js 0.x
// weights_manifest.json) lists groups of weights, each stored one after the
// other in the group's shard files. A model comes from the web: its paths
// are untrusted. Each is resolved in the model's directory and must stay
// there (no absolute path, no '..', no symlink leading out), name a regular
// file (no device, FIFO or directory), and the shards of a group must hold
// what its weights need, checked from their sizes before any byte is read;
// no more than that is read. The weights are checked against their Const
// nodes (op and dtype) before any file is opened.
//
//===----------------------------------------------------------------------===//

#include "TFJSWeights.h"
#include "tfg/Support/ConfinedFile.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;
using tensorflow::DataType;
using tensorflow::NodeDef;
using tensorflow::TensorProto;

/// Largest manifest read (protobuf's bound on a message).
static constexpr uint64_t kMaxFileBytes = uint64_t(1) << 31;
/// Largest total of the shards a model's weights are read from.
static constexpr uint64_t kMaxWeightBytes = uint64_t(1) << 34;

namespace {
/// A node a weight may be the value of: in the graph (`func` empty), in a
/// library function, or in the model initializer's graph.
struct NodeRef {
  NodeDef *node;
  StringRef func;
  bool initializer = false;
};

/// How one weight is stored in the shards, and the Const it is the value of.
struct WeightSpec {
  std::string name, dtype;
  SmallVector<int64_t> shape;
  int64_t numElements = 1;
  /// The manifest's dtype (the dequantized one when quantized).
  DataType stored = tensorflow::DT_INVALID;
  std::string quantDtype; // empty when not quantized
  double scale = 1, min = 0;
  /// The Const nodes it is the value of (TF.js gives it to every Const so
  /// named, in the graph, in functions and in the initializer's graph).
  SmallVector<NodeRef, 1> nodes;
};

/// The nodes of a name.
using NodeMap = llvm::StringMap<SmallVector<NodeRef, 1>>;

/// A shard whose path was checked: where it is and its size.
struct ShardFile {
  std::string manifestPath;
  SmallString<256> path;
  uint64_t size = 0;
};
} // namespace

//===----------------------------------------------------------------------===//
// Files confined to a directory
//===----------------------------------------------------------------------===//

static llvm::Error makeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Checks, without opening it, that `path` is a regular file in the real
/// directory `confineTo` (when not empty), and returns its size.
static llvm::Expected<uint64_t> checkFile(const Twine &path,
                                          StringRef confineTo) {
  return checkConfinedFile(path, confineTo, "the model's directory");
}

/// Opens the file at `path`, checks on the open file that it still is a
/// regular file of `size` bytes in `confineTo` (when not empty), and
/// appends its first `bytes` bytes to `out`.
static llvm::Error readCheckedFile(const Twine &path, uint64_t size,
                                   uint64_t bytes, StringRef confineTo,
                                   std::string &out) {
  llvm::Expected<ConfinedFile> file =
      ConfinedFile::open(path, confineTo, "the model's directory");
  if (!file)
    return file.takeError();
  if (file->size() != size)
    return makeError("it changed while it was read");
  size_t start = out.size();
  out.resize(start + bytes);
  return file->readAt(0, MutableArrayRef<char>(out.data() + start, bytes));
}

llvm::Expected<std::string>
mlir::tfg::detail::readTFJSModelFile(StringRef path, StringRef confineTo) {
  SmallString<256> realDir;
  if (!confineTo.empty())
    if (std::error_code ec = llvm::sys::fs::real_path(confineTo, realDir))
      return llvm::errorCodeToError(ec);
  llvm::Expected<uint64_t> size = checkFile(path, realDir);
  if (!size)
    return size.takeError();
  if (*size > kMaxFileBytes)
    return makeError("it holds " + Twine(*size) +
                     " bytes, more than the 2 GB a model's file may");
  std::string bytes;
  if (llvm::Error error = readCheckedFile(path, *size, *size, realDir, bytes))
    return std::move(error);
  return bytes;
}

/// Checks the manifest's path of a shard (relative, without '..', in the
/// model's directory, a regular file) and returns where it is.
static FailureOr<ShardFile> checkShardPath(const llvm::json::Value &value,
                                           unsigned group, StringRef modelDir,
                                           StringRef realDir, Location loc) {
  std::optional<StringRef> rel = value.getAsString();
  if (!rel)
    return emitError(loc) << "a shard path of weight group " << group
                          << " is not a string";
  // The path as written, control characters escaped.
  std::string shown;
  llvm::raw_string_ostream os(shown);
  llvm::printEscapedString(*rel, os);
  auto fail = [&]() {
    return emitError(loc) << "weight shard '" << shown << "' of weight group "
                          << group << ' ';
  };
  if (rel->empty())
    return emitError(loc) << "a shard path of weight group " << group
                          << " is empty";
  if (rel->contains('\0'))
    return fail() << "holds a NUL character";
  if (llvm::sys::path::is_absolute(*rel) ||
      llvm::sys::path::is_separator(rel->front()))
    return fail() << "is an absolute path: shard paths are relative to the "
                     "model's directory";
  for (StringRef component : llvm::make_range(llvm::sys::path::begin(*rel),
                                              llvm::sys::path::end(*rel)))
    if (component == "..")
      return fail() << "has a '..' component: shards must lie in the model's "
                       "directory";
  ShardFile shard;
  shard.manifestPath = shown;
  shard.path = modelDir;
  llvm::sys::path::append(shard.path, *rel);
  llvm::Expected<uint64_t> size = checkFile(shard.path, realDir);
  if (!size)
    return fail() << "cannot be read ('" << shard.path
                  << "'): " << llvm::toString(size.takeError());
  shard.size = *size;
  return shard;
}

//===----------------------------------------------------------------------===//
// Weights and their Const nodes
//===----------------------------------------------------------------------===//

/// The DataType of a manifest dtype; DT_INVALID for the others.
static DataType getStoredType(StringRef dtype) {
  return llvm::StringSwitch<DataType>(dtype)
      .Case("float32", tensorflow::DT_FLOAT)
      .Case("int32", tensorflow::DT_INT32)
      .Case("bool", tensorflow::DT_BOOL)
      .Case("complex64", tensorflow::DT_COMPLEX64)
      .Case("string", tensorflow::DT_STRING)
      .Default(tensorflow::DT_INVALID);
}

static unsigned getStoredSize(DataType stored) {
  switch (stored) {
  case tensorflow::DT_BOOL:
    return 1;
  case tensorflow::DT_COMPLEX64:
    return 8;
  default:
    return 4;
  }
}

/// Whether the weights of a Const of dtype `node` are stored as `stored`:
/// the same dtype, or one that the TF.js converter writes in its place
/// (float64, float16 and bfloat16 as float32, other integers as int32,
/// complex128 as complex64). The import converts them back.
static bool isStoredAs(DataType node, DataType stored) {
  if (node == stored)
    return true;
  switch (node) {
  case tensorflow::DT_DOUBLE:
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
    return stored == tensorflow::DT_FLOAT;
  case tensorflow::DT_INT64:
  case tensorflow::DT_INT16:
  case tensorflow::DT_INT8:
  case tensorflow::DT_UINT8:
  case tensorflow::DT_UINT16:
  case tensorflow::DT_UINT32:
  case tensorflow::DT_UINT64:
    return stored == tensorflow::DT_INT32;
  case tensorflow::DT_COMPLEX128:
    return stored == tensorflow::DT_COMPLEX64;
  default:
    return false;
  }
}

static LogicalResult parseWeightSpec(const llvm::json::Value &value,
                                     WeightSpec &w, Location loc) {
  const llvm::json::Object *obj = value.getAsObject();
  std::optional<StringRef> name = obj ? obj->getString("name") : std::nullopt;
  std::optional<StringRef> dtype = obj ? obj->getString("dtype") : std::nullopt;
  const llvm::json::Array *shape = obj ? obj->getArray("shape") : nullptr;
  if (!name || !dtype || !shape)
    return emitError(loc)
           << "weightsManifest entry without name, dtype or shape";
  w.name = name->str();
  w.dtype = dtype->str();
  for (const llvm::json::Value &d : *shape) {
    std::optional<int64_t> v = d.getAsInteger();
    if (!v)
      return emitError(loc) << "weight '" << w.name << "' has a bad shape";
    if (*v < 0 || (*v > 0 && w.numElements > (int64_t(1) << 40) / *v))
      return emitError(loc) << "weight '" << w.name << "' has an invalid shape";
    w.shape.push_back(*v);
    w.numElements *= *v;
  }
  w.stored = getStoredType(w.dtype);
  if (w.stored == tensorflow::DT_INVALID)
    return emitError(loc) << "weight '" << w.name << "' has unsupported dtype '"
                          << w.dtype << "'";
  const llvm::json::Object *q = obj->getObject("quantization");
  if (!q)
    return success();
  std::optional<StringRef> qd = q->getString("dtype");
  if (!qd)
    return emitError(loc) << "weight '" << w.name
                          << "' has a quantization without dtype";
  w.quantDtype = qd->str();
  if (w.quantDtype != "uint8" && w.quantDtype != "uint16" &&
      w.quantDtype != "float16")
    return emitError(loc) << "weight '" << w.name
                          << "' has unsupported quantization '" << w.quantDtype
                          << "'";
  // Dequantized into the manifest's dtype: float32, or int32 rounded.
  if ((w.stored != tensorflow::DT_FLOAT && w.stored != tensorflow::DT_INT32) ||
      (w.quantDtype == "float16" && w.stored != tensorflow::DT_FLOAT))
    return emitError(loc) << "weight '" << w.name << "' of dtype " << w.dtype
                          << " cannot be quantized as " << w.quantDtype;
  if (w.quantDtype != "float16") {
    std::optional<double> scale = q->getNumber("scale");
    std::optional<double> min = q->getNumber("min");
    if (!scale || !min)
      return emitError(loc) << "weight '" << w.name
                            << "' has a quantization without scale/min";
    w.scale = *scale;
    w.min = *min;
  }
  return success();
}

/// " in function 'f'" for a node of function `f`, " in the model
/// initializer" for one of its graph; "" for the graph's.
static std::string describeFunction(const NodeRef &ref) {
  std::string where = ref.func.empty()
                          ? std::string()
                          : (" in function '" + ref.func + "'").str();
  return ref.initializer ? where + " in the model initializer" : where;
}

/// Whether a Const's value tensor holds its values (any field besides its
/// dtype and shape; none are needed for no elements). Shapes that are not
/// fully known are left to the importer.
static bool holdsValues(const TensorProto &tensor) {
  if (tensor.tensor_shape().unknown_rank() ||
      llvm::any_of(tensor.tensor_shape().dim(),
                   [](const auto &d) { return d.size() <= 0; }))
    return true;
  std::vector<const google::protobuf::FieldDescriptor *> fields;
  tensor.GetReflection()->ListFields(tensor, &fields);
  return llvm::any_of(fields, [](const google::protobuf::FieldDescriptor *f) {
    return f->number() != TensorProto::kDtypeFieldNumber &&
           f->number() != TensorProto::kTensorShapeFieldNumber &&
           f->number() != TensorProto::kVersionNumberFieldNumber;
  });
}

/// Finds the Const nodes a weight is the value of, and checks their dtype.
/// A node of the graph so named must be a Const. In functions, whose node
/// names are their own, the weight goes to the Consts so named without a
/// value of their own, or if there are none, to those with one (TF.js gives
/// it to every Const so named); other nodes so named compute their own.
static LogicalResult findWeightNodes(WeightSpec &w, const NodeMap &nodes,
                                     Location loc) {
  auto it = nodes.find(w.name);
  if (it == nodes.end())
    return emitError(loc) << "weight '" << w.name << "' has no node";
  auto notConst = [&](const NodeRef &ref) {
    return emitError(loc) << "weight '" << w.name << "' names node '"
                          << ref.node->name() << "'" << describeFunction(ref)
                          << ", a " << ref.node->op()
                          << ": weights are the values of Const nodes";
  };
  auto take = [&](bool valued) -> LogicalResult {
    for (const NodeRef &ref : it->second) {
      NodeDef *node = ref.node;
      StringRef func = ref.func;
      if (node->op() != "Const") {
        if (func.empty())
          return notConst(ref);
        continue;
      }
      auto value = node->attr().find("value");
      bool hasValue = !func.empty() && value != node->attr().end() &&
                      value->second.has_tensor() &&
                      holdsValues(value->second.tensor());
      if (hasValue != valued)
        continue;
      auto dtype = node->attr().find("dtype");
      if (dtype != node->attr().end() &&
          dtype->second.value_case() == tensorflow::AttrValue::kType &&
          !isStoredAs(dtype->second.type(), w.stored))
        return emitError(loc)
               << "Const node '" << node->name() << "'" << describeFunction(ref)
               << " has dtype "
               << tensorflow::DataType_Name(dtype->second.type())
               << ", but its weight in the manifest is " << w.dtype
               << (w.quantDtype.empty()
                       ? ""
                       : " (quantized as " + w.quantDtype + ")");
      w.nodes.push_back(ref);
    }
    return success();
  };
  if (failed(take(/*valued=*/false)) ||
      (w.nodes.empty() && failed(take(/*valued=*/true))))
    return failure();
  if (w.nodes.empty())
    return notConst(it->second.front());
  return success();
}

/// The bytes a weight takes in the shards; for strings, the least (their
/// lengths).
static uint64_t getStoredBytes(const WeightSpec &w) {
  uint64_t n = w.numElements;
  if (w.stored == tensorflow::DT_STRING)
    return n * 4;
  if (!w.quantDtype.empty())
    return n * (w.quantDtype == "uint8" ? 1 : 2);
  return n * getStoredSize(w.stored);
}

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

/// Reads one weight at `data` (advancing it) into `tensor`, in the
/// manifest's dtype.
static LogicalResult readWeight(const WeightSpec &w, StringRef &data,
                                TensorProto &tensor, Location loc) {
  for (int64_t d : w.shape)
    tensor.mutable_tensor_shape()->add_dim()->set_size(d);
  tensor.set_dtype(w.stored);
  int64_t n = w.numElements;
  auto need = [&](uint64_t bytes) -> LogicalResult {
    if (data.size() >= bytes)
      return success();
    return emitError(loc) << "weight shards end inside weight '" << w.name
                          << "' (" << bytes << " bytes needed, " << data.size()
                          << " left)";
  };
  if (w.stored == tensorflow::DT_STRING) {
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
  uint64_t bytes = getStoredBytes(w);
  if (failed(need(bytes)))
    return failure();
  if (w.quantDtype.empty()) {
    tensor.set_tensor_content(data.take_front(bytes).str());
    data = data.drop_front(bytes);
    return success();
  }
  unsigned qsize = w.quantDtype == "uint8" ? 1 : 2;
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
    if (w.stored == tensorflow::DT_INT32) {
      // Halves away from zero; saturated (a cast out of range is
      // undefined).
      double rounded = std::round(static_cast<double>(value));
      int32_t iv = !(rounded >= INT32_MIN) ? INT32_MIN
                   : rounded > INT32_MAX   ? INT32_MAX
                                           : static_cast<int32_t>(rounded);
      std::memcpy(&out[i * 4], &iv, 4);
    } else {
      std::memcpy(&out[i * 4], &value, 4);
    }
  }
  tensor.set_tensor_content(out);
  data = data.drop_front(bytes);
  return success();
}

/// Converts a weight read in its stored dtype into the dtype of its Const
/// node (see isStoredAs).
static LogicalResult convertToNodeType(TensorProto &tensor, DataType target,
                                       const WeightSpec &w, const NodeRef &ref,
                                       Location loc) {
  const NodeDef &node = *ref.node;
  if (tensor.dtype() == target)
    return success();
  const std::string &raw = tensor.tensor_content();
  std::string out;
  auto append = [&](const void *bytes, size_t size) {
    out.append(static_cast<const char *>(bytes), size);
  };
  switch (target) {
  case tensorflow::DT_DOUBLE:
  case tensorflow::DT_COMPLEX128:
    out.reserve(raw.size() * 2);
    for (size_t i = 0; i + 4 <= raw.size(); i += 4) {
      float f;
      std::memcpy(&f, raw.data() + i, 4);
      double d = f;
      append(&d, 8);
    }
    break;
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16: {
    const llvm::fltSemantics &semantics = target == tensorflow::DT_HALF
                                              ? llvm::APFloat::IEEEhalf()
                                              : llvm::APFloat::BFloat();
    out.reserve(raw.size() / 2);
    for (size_t i = 0; i + 4 <= raw.size(); i += 4) {
      float f;
      std::memcpy(&f, raw.data() + i, 4);
      llvm::APFloat value(f);
      bool losesInfo;
      (void)value.convert(semantics, llvm::APFloat::rmNearestTiesToEven,
                          &losesInfo);
      uint16_t bits =
          static_cast<uint16_t>(value.bitcastToAPInt().getZExtValue());
      append(&bits, 2);
    }
    break;
  }
  default: {
    // An integer dtype: int32 values, each in the target's range.
    bool isSigned = target == tensorflow::DT_INT64 ||
                    target == tensorflow::DT_INT16 ||
                    target == tensorflow::DT_INT8;
    unsigned width =
        target == tensorflow::DT_INT8 || target == tensorflow::DT_UINT8     ? 1
        : target == tensorflow::DT_INT16 || target == tensorflow::DT_UINT16 ? 2
        : target == tensorflow::DT_UINT32                                   ? 4
                                                                            : 8;
    int64_t lo = isSigned ? -(int64_t(1) << (8 * width - 1)) : 0;
    int64_t hi = width == 8 ? INT64_MAX
                 : isSigned ? (int64_t(1) << (8 * width - 1)) - 1
                            : (int64_t(1) << (8 * width)) - 1;
    out.reserve(raw.size() / 4 * width);
    for (size_t i = 0; i + 4 <= raw.size(); i += 4) {
      int32_t v;
      std::memcpy(&v, raw.data() + i, 4);
      if (v < lo || v > hi)
        return emitError(loc)
               << "weight '" << w.name << "' holds " << v
               << ", which Const node '" << node.name() << "'"
               << describeFunction(ref) << " of dtype "
               << tensorflow::DataType_Name(target) << " cannot hold";
      // Little-endian: the low bytes of the two's complement.
      int64_t wide = v;
      append(&wide, width);
    }
    break;
  }
  }
  tensor.set_dtype(target);
  tensor.set_tensor_content(std::move(out));
  return success();
}

/// Reads the weights of one manifest group (numbered from 1) into their
/// Const nodes, adding them to `weighted`.
static LogicalResult readGroup(const llvm::json::Value &groupValue,
                               unsigned index, StringRef modelDir,
                               StringRef realDir, const NodeMap &nodes,
                               llvm::DenseSet<const NodeDef *> &weighted,
                               uint64_t &modelBytes, Location loc) {
  const llvm::json::Object *group = groupValue.getAsObject();
  const llvm::json::Array *paths = group ? group->getArray("paths") : nullptr;
  const llvm::json::Array *weights =
      group ? group->getArray("weights") : nullptr;
  if (!paths || !weights)
    return emitError(loc) << "weightsManifest group without paths or weights "
                             "(weight group "
                          << index << ")";
  // The weights first: their nodes, and the bytes they take (saturated:
  // the shards' sizes bound what is read).
  std::vector<WeightSpec> specs(weights->size());
  uint64_t needed = 0;
  bool variable = false;
  for (auto [w, value] : llvm::zip_equal(specs, *weights)) {
    if (failed(parseWeightSpec(value, w, loc)) ||
        failed(findWeightNodes(w, nodes, loc)))
      return failure();
    variable |= w.stored == tensorflow::DT_STRING;
    needed += std::min(getStoredBytes(w), UINT64_MAX / 2 - needed);
  }
  // The shards, checked and measured before any is read.
  std::vector<ShardFile> shards;
  uint64_t total = 0;
  for (const llvm::json::Value &path : *paths) {
    FailureOr<ShardFile> shard =
        checkShardPath(path, index, modelDir, realDir, loc);
    if (failed(shard))
      return failure();
    total += std::min(shard->size, UINT64_MAX / 2 - total);
    shards.push_back(std::move(*shard));
  }
  if (total < needed)
    return emitError(loc) << "the shards of weight group " << index << " hold "
                          << total << " bytes, but its weights need "
                          << (variable ? "at least " : "") << needed;
  if (!variable && total > needed)
    return emitError(loc) << "weight shards have " << total - needed
                          << " bytes more than the weights listed (weight "
                             "group "
                          << index << ")";
  if (total > kMaxWeightBytes - modelBytes)
    return emitError(loc) << "the shards of weight group " << index
                          << " would take the model's weights past "
                          << kMaxWeightBytes << " bytes";
  modelBytes += total;
  std::string bytes;
  bytes.reserve(total);
  for (const ShardFile &shard : shards)
    if (llvm::Error error =
            readCheckedFile(shard.path, shard.size, shard.size, realDir, bytes))
      return emitError(loc)
             << "weight shard '" << shard.manifestPath << "' of weight group "
             << index << " cannot be read ('" << shard.path
             << "'): " << llvm::toString(std::move(error));
  StringRef data(bytes);
  for (const WeightSpec &w : specs) {
    TensorProto tensor;
    if (failed(readWeight(w, data, tensor, loc)))
      return failure();
    // Each node gets the value in its dtype (the last one the tensor read).
    for (auto [i, ref] : llvm::enumerate(w.nodes)) {
      NodeDef *node = ref.node;
      TensorProto value;
      if (i + 1 == w.nodes.size())
        value = std::move(tensor);
      else
        value = tensor;
      auto dtype = node->attr().find("dtype");
      if (dtype != node->attr().end() &&
          dtype->second.value_case() == tensorflow::AttrValue::kType &&
          failed(convertToNodeType(value, dtype->second.type(), w, ref, loc)))
        return failure();
      *(*node->mutable_attr())["value"].mutable_tensor() = std::move(value);
      weighted.insert(node);
    }
  }
  if (!data.empty())
    return emitError(loc) << "weight shards have " << data.size()
                          << " bytes more than the weights listed (weight "
                             "group "
                          << index << ")";
  return success();
}

LogicalResult mlir::tfg::detail::materializeTFJSWeights(
    const llvm::json::Array *manifest, StringRef modelDir,
    tensorflow::GraphDef &graph, Location loc,
    tensorflow::GraphDef *initializer) {
  NodeMap nodes;
  // TF.js looks weights up by name in both graphs (one weight map).
  SmallVector<std::pair<tensorflow::GraphDef *, bool>, 2> graphs = {
      {&graph, false}};
  if (initializer)
    graphs.push_back({initializer, true});
  for (auto [g, isInitializer] : graphs) {
    for (NodeDef &node : *g->mutable_node())
      nodes[node.name()].push_back({&node, StringRef(), isInitializer});
    for (tensorflow::FunctionDef &func :
         *g->mutable_library()->mutable_function())
      for (NodeDef &node : *func.mutable_node_def())
        nodes[node.name()].push_back(
            {&node, func.signature().name(), isInitializer});
  }
  llvm::DenseSet<const NodeDef *> weighted;
  if (manifest && !manifest->empty()) {
    SmallString<256> realDir;
    if (std::error_code ec = llvm::sys::fs::real_path(modelDir, realDir))
      return emitError(loc) << "the model's directory '" << modelDir
                            << "' cannot be resolved: " << ec.message();
    uint64_t modelBytes = 0;
    for (auto [index, group] : llvm::enumerate(*manifest))
      if (failed(readGroup(group, index + 1, modelDir, realDir, nodes, weighted,
                           modelBytes, loc)))
        return failure();
  }
  // In a TF.js model, Const values are weights: a Const with neither
  // (today's converters leave only its dtype and shape) has none.
  auto check = [&](const NodeRef &ref) -> LogicalResult {
    const NodeDef &node = *ref.node;
    if (node.op() != "Const" || weighted.contains(&node))
      return success();
    auto value = node.attr().find("value");
    if (value == node.attr().end())
      return emitError(loc)
             << "Const node '" << node.name() << "'" << describeFunction(ref)
             << " has no value attribute, and the weights "
                "manifest lists no weight for it";
    if (value->second.has_tensor() && !holdsValues(value->second.tensor()))
      return emitError(loc)
             << "Const node '" << node.name() << "'" << describeFunction(ref)
             << " has no value: its value attribute holds a "
                "dtype and shape only, and the weights "
                "manifest lists no weight for it";
    return success();
  };
  // In order: the graph's nodes, then each function's, per graph.
  for (auto [g, isInitializer] : graphs) {
    for (NodeDef &node : *g->mutable_node())
      if (failed(check({&node, StringRef(), isInitializer})))
        return failure();
    for (tensorflow::FunctionDef &func :
         *g->mutable_library()->mutable_function())
      for (NodeDef &node : *func.mutable_node_def())
        if (failed(check({&node, func.signature().name(), isInitializer})))
          return failure();
  }
  return success();
}
