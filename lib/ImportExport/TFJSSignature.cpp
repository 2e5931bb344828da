//===- TFJSSignature.cpp - A model.json's signature as feeds/fetches ------===//
//
// The signature TensorFlow.js's converter writes is
//   {"inputs": {"x:0": {"name": "x:0", "dtype": ..., "tensorShape": ...}},
//    "outputs": {"Identity:0": {"name": "Identity:0", ...}}}
// (the keys are the same names, or a SavedModel signature's argument names
// when `name` is given). Names are recorded as written, `:0` included.
//
//===----------------------------------------------------------------------===//

#include "TFJSSignature.h"
#include "tfg/ImportExport/GraphDef.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::detail;

/// The names of the entries of `signature`'s member `list` ("inputs" or
/// "outputs"), sorted; warns at `loc` of what is malformed.
static std::vector<std::string> readNames(const llvm::json::Object &signature,
                                          StringRef list, Location loc) {
  std::vector<std::string> names;
  const llvm::json::Value *value = signature.get(list);
  if (!value)
    return names;
  const llvm::json::Object *entries = value->getAsObject();
  if (!entries) {
    emitWarning(loc) << "model.json's signature." << list
                     << " is not an object: no " << list << " are recorded";
    return names;
  }
  // In key order, so that the warnings come in an order of their own.
  std::vector<StringRef> keys;
  for (const auto &entry : *entries)
    keys.push_back(entry.first);
  llvm::sort(keys);
  for (StringRef key : keys) {
    const llvm::json::Object *object = entries->get(key)->getAsObject();
    std::optional<StringRef> name =
        object ? object->getString("name") : std::nullopt;
    if (!object)
      emitWarning(loc) << "model.json's signature." << list << " entry '" << key
                       << "' is not an object: recorded by its key";
    else if (!name && object->get("name"))
      emitWarning(loc) << "model.json's signature." << list << " entry '" << key
                       << "' has a name that is not a string: recorded by "
                          "its key";
    names.push_back(name ? name->str() : key.str());
  }
  llvm::sort(names);
  return names;
}

TFJSSignatureNames
mlir::tfg::detail::readTFJSSignature(const llvm::json::Value &signature,
                                     Location loc) {
  TFJSSignatureNames names;
  const llvm::json::Object *object = signature.getAsObject();
  if (!object) {
    emitWarning(loc) << "model.json's signature is not an object: no inputs "
                        "or outputs are recorded";
    return names;
  }
  names.feeds = readNames(*object, "inputs", loc);
  names.fetches = readNames(*object, "outputs", loc);
  return names;
}

void mlir::tfg::detail::recordSignature(ModuleOp module,
                                        const TFJSSignatureNames &names) {
  Builder b(module.getContext());
  auto strings = [&](const std::vector<std::string> &list) {
    return b.getStrArrayAttr(llvm::to_vector(llvm::map_range(
        list, [](const std::string &s) { return StringRef(s); })));
  };
  module->setAttr(kFeedsAttrName, strings(names.feeds));
  module->setAttr(kFetchesAttrName, strings(names.fetches));
}
