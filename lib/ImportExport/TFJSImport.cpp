//===- TFJSImport.cpp - TensorFlow.js graph model -> tfg ------------------===//

#include "TFJSSignature.h"
#include "TFJSWeights.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Support/JSONScan.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;

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

/// Where `value`, a piece of `text`, begins: its line and column (from 1,
/// in bytes) in the file `loc` names, or `loc` when it names none.
static Location locationIn(Location loc, StringRef text, StringRef value) {
  auto file = llvm::dyn_cast<FileLineColLoc>(loc);
  if (!file || value.data() < text.data() ||
      value.data() > text.data() + text.size())
    return loc;
  StringRef before = text.take_front(value.data() - text.data());
  size_t lineStart = before.rfind('\n');
  unsigned column = lineStart == StringRef::npos ? before.size() + 1
                                                 : before.size() - lineStart;
  return FileLineColLoc::get(file.getFilename(), before.count('\n') + 1,
                             column);
}

OwningOpRef<ModuleOp> mlir::tfg::importTFJSModel(MLIRContext *ctx,
                                                 StringRef modelJson,
                                                 StringRef weightsDir,
                                                 Location loc) {
  // The topology goes to protobuf as written; the other members (the
  // manifest, the signature, ...) are small and read as JSON values.
  bool isObject = false;
  SmallVector<JSONMember> members;
  StringRef jsonText = dropByteOrderMark(modelJson);
  if (llvm::Error error = scanJSON(jsonText, isObject, members)) {
    emitError(loc) << "invalid model.json: "
                   << llvm::toString(std::move(error));
    return nullptr;
  }
  std::optional<StringRef> topologyText, initializerText, signatureText;
  llvm::json::Object model;
  for (const JSONMember &member : members) {
    // A repeated key keeps its last value, as JSON parsers do.
    if (member.key == "modelTopology") {
      topologyText = member.value;
      continue;
    }
    // TF.js runs an initializer given as an object with nodes (one without
    // is none; what is not an object is kept as it is, unread, as TF.js
    // leaves it).
    if (member.key == "modelInitializer") {
      initializerText.reset();
      model.erase("modelInitializer");
      if (member.value.starts_with("{")) {
        initializerText = member.value;
        continue;
      }
    }
    if (member.key == "signature")
      signatureText = member.value;
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
  // Errors inside a member's text are located in the file.
  auto locator = [&](StringRef part) {
    return [&, part](size_t offset) {
      return locationIn(loc, jsonText, part.drop_front(offset));
    };
  };
  if (failed(parseGraphDefJSON(*topologyText, graph, loc, "modelTopology",
                               explainEmpty, locator(*topologyText))))
    return nullptr;
  std::optional<tensorflow::GraphDef> initializer;
  if (initializerText) {
    initializer.emplace();
    Location at = locationIn(loc, jsonText, *initializerText);
    if (failed(parseGraphDefJSON(*initializerText, *initializer, at,
                                 "modelInitializer", {},
                                 locator(*initializerText))))
      return nullptr;
  }

  if (failed(detail::materializeTFJSWeights(
          model.getArray("weightsManifest"), weightsDir, graph, loc,
          initializer ? &*initializer : nullptr)))
    return nullptr;

  llvm::StringMap<SmallVector<int32_t>> emptyArgAttrs =
      detail::findEmptyArgAttrs(graph);
  // The weights were copied into the Const nodes: free each as it is
  // converted.
  OwningOpRef<ModuleOp> module = importGraphDef(ctx, std::move(graph), loc);
  if (!module)
    return nullptr;
  detail::markEmptyArgAttrs(*module, emptyArgAttrs);
  if (initializer) {
    llvm::StringMap<SmallVector<int32_t>> initEmptyArgAttrs =
        detail::findEmptyArgAttrs(*initializer);
    OwningOpRef<ModuleOp> init =
        importGraphDef(ctx, std::move(*initializer), loc);
    if (!init)
      return nullptr;
    detail::markEmptyArgAttrs(*init, initEmptyArgAttrs);
    (*init).setSymNameAttr(StringAttr::get(ctx, kTFJSInitializerName));
    module->getBody()->push_back(init.release());
  }
  // Keep the model's other entries (format, signature,
  // initializerSignature, ...) verbatim as JSON text.
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
  // The signature's inputs and outputs, format-neutrally, for the passes.
  if (const llvm::json::Value *signature = model.get("signature"))
    detail::recordSignature(
        *module, detail::readTFJSSignature(
                     *signature, locationIn(loc, jsonText, *signatureText)));
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
  if (failed(detail::materializeTFJSWeights(groups, weightsDir, graph, loc)))
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
  // The manifest beside the input is the model's (confined to its
  // directory); one named by the caller may be anywhere.
  SmallString<256> path(manifestPath);
  bool beside = path.empty();
  if (beside) {
    path = dir;
    llvm::sys::path::append(path, "weights_manifest.json");
  }
  llvm::Expected<std::string> manifest =
      detail::readTFJSModelFile(path, beside ? dir : StringRef());
  if (!manifest) {
    std::string why = llvm::toString(manifest.takeError());
    // Not JSON, nor (without its manifest) a frozen model: a text that
    // begins like JSON gets the JSON error.
    if (beginsLikeJSONObject(bytes))
      return importTFJSModel(ctx, bytes, dir, loc);
    emitError(loc) << "input is not a model.json (a JSON object); as a "
                      "TensorFlow.js 0.x tensorflowjs_model.pb it needs its "
                      "weights manifest, and '"
                   << path << "' cannot be read: " << why
                   << " (--tfjs-weights-manifest names another)";
    return nullptr;
  }
  StringRef manifestDir = llvm::sys::path::parent_path(path);
  return importTFJSFrozenModel(ctx, bytes, *manifest,
                               manifestDir.empty() ? "." : manifestDir, loc);
}
