//===- TFJSInitializer.cpp - A TF.js model's initializer graph -----------===//
//
// TensorFlow.js runs a graph model's initializer (model.json's
// modelInitializer) once, before the model's first run, in the same
// resource manager: the hash tables it fills are those of the model's
// HashTable nodes of the same names. It fetches the outputs
// initializerSignature names, or without one the nodes nothing uses.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Support/JSONScan.h"

#include "llvm/Support/JSON.h"

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
