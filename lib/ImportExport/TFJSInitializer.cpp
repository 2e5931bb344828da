//===- TFJSInitializer.cpp - A TF.js model's initializer graph -----------===//
//
// TensorFlow.js runs a graph model's initializer (model.json's
// modelInitializer) once, before the model's first run, in the same
// resource manager: the hash tables it fills are those of the model's
// HashTable nodes of the same names. It fetches the outputs
// initializerSignature names, or without one the nodes nothing uses. A
// signature input with a `resourceId` is fed the initializer output with the
// same `resourceId` (getTFJSCapturedInputs).
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Support/JSONScan.h"

#include "llvm/Support/JSON.h"

#include <map>

using namespace mlir;
using namespace mlir::tfg;

ModuleOp mlir::tfg::getTFJSInitializer(ModuleOp module) {
  for (ModuleOp nested : module.getBody()->getOps<ModuleOp>())
    if (nested.getSymName() == kTFJSInitializerName)
      return nested;
  return nullptr;
}

std::vector<std::string>
mlir::tfg::getTFJSInitializerTargets(ModuleOp initializer,
                                     StringRef signature) {
  std::vector<std::string> targets;
  if (!signature.empty()) {
    llvm::Expected<llvm::json::Value> value = parseBoundedJSON(signature);
    if (!value) {
      llvm::consumeError(value.takeError());
    } else if (const llvm::json::Object *object = value->getAsObject()) {
      if (const llvm::json::Object *outputs = object->getObject("outputs")) {
        for (const auto &entry : *outputs) {
          StringRef name = entry.first;
          name.consume_front("^");
          targets.push_back(
              name.take_until([](char c) { return c == ':'; }).str());
        }
        llvm::sort(targets);
        targets.erase(std::unique(targets.begin(), targets.end()),
                      targets.end());
      }
    }
  }
  if (!targets.empty())
    return targets;
  for (GraphOp graph : initializer.getBody()->getOps<GraphOp>())
    for (Operation &op : graph.getBody())
      if (op.use_empty() && !getNodeName(&op).empty())
        targets.push_back(getNodeName(&op).str());
  return targets;
}

/// The `resourceId` of each entry of `side` (`inputs` or `outputs`) of the
/// signature text `signature`, by tensor name (the entry's `name`, else its
/// key).
static llvm::Expected<std::map<std::string, int64_t>>
getResourceIds(StringRef signature, StringRef side) {
  std::map<std::string, int64_t> ids;
  if (signature.empty())
    return ids;
  llvm::Expected<llvm::json::Value> value = parseBoundedJSON(signature);
  if (!value)
    return value.takeError();
  const llvm::json::Object *object = value->getAsObject();
  const llvm::json::Object *entries =
      object ? object->getObject(side) : nullptr;
  if (!entries)
    return ids;
  for (const auto &[key, entry] : *entries) {
    const llvm::json::Object *info = entry.getAsObject();
    const llvm::json::Value *id = info ? info->get("resourceId") : nullptr;
    if (!id)
      continue;
    // Protobuf's JSON writes an int as a number (or, 64-bit, a string).
    std::optional<int64_t> number = id->getAsInteger();
    if (!number)
      if (std::optional<StringRef> text = id->getAsString())
        if (int64_t parsed; !text->getAsInteger(10, parsed))
          number = parsed;
    if (!number)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "signature " + side + " '" + key.str() +
                                         "': resourceId is not an integer");
    std::optional<StringRef> name = info->getString("name");
    ids[name ? name->str() : key.str()] = *number;
  }
  return ids;
}

llvm::Expected<std::vector<TFJSCapturedInput>>
mlir::tfg::getTFJSCapturedInputs(ModuleOp module) {
  auto text = [&](StringRef attr) {
    auto value = module->getAttrOfType<StringAttr>(attr);
    return value ? value.getValue() : StringRef();
  };
  auto inputs = getResourceIds(text("tfjs.signature"), "inputs");
  if (!inputs)
    return inputs.takeError();
  std::vector<TFJSCapturedInput> captured;
  if (inputs->empty())
    return captured;
  auto outputs = getResourceIds(text("tfjs.initializerSignature"), "outputs");
  if (!outputs)
    return outputs.takeError();
  std::map<int64_t, std::string> byId;
  for (const auto &[name, id] : *outputs)
    byId.emplace(id, name);
  for (const auto &[name, id] : *inputs) {
    auto it = byId.find(id);
    if (it == byId.end())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "signature input '" + name + "' has resourceId " +
              std::to_string(id) +
              ", which no output of the model initializer's signature has");
    captured.push_back({name, it->second, id});
  }
  return captured;
}
