//===- TFJSExport.cpp - tfg -> TensorFlow.js graph model ------------------===//
//
// The GraphDef of the module becomes model.json's modelTopology (protobuf
// JSON); the values of its Const nodes, in the graph and in functions, move
// to one weight shard listed in weightsManifest, as the TF.js converter
// lays them out (TFJSShard.cpp). A model initializer (the nested module
// kTFJSInitializerName) becomes modelInitializer, its Const values weights
// of the same shard. Other model.json entries kept by the importer
// (`tfjs.<key>` module attributes: format, signature, initializerSignature,
// ...) are written back.
//
//===----------------------------------------------------------------------===//

#include "TFJSWeights.h"
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
  ModuleOp initModule = getTFJSInitializer(module);
  std::optional<tensorflow::GraphDef> initializer;
  if (initModule) {
    initializer.emplace();
    if (failed(exportGraphDef(initModule, *initializer, options)))
      return failure();
    warnUnknownFieldsLeftOut(initModule, "model.json",
                             "a binary GraphDef (--mlir-to-graphdef "
                             "--binary) keeps them");
  }
  llvm::json::Array manifestWeights;
  detail::writeTFJSWeights(graph, initializer ? &*initializer : nullptr,
                           weights, manifestWeights, module.getLoc());
  detail::writeTFJSTopologyFields(module, graph);
  if (initializer)
    detail::writeTFJSTopologyFields(initModule, *initializer);

  // The topology is protobuf's JSON as protobuf writes it (fields in
  // field-number order, as the TF.js converter writes them): a JSON tree of
  // it would take about 25 times its size.
  llvm::StringMap<std::string> graphTexts;
  if (failed(printGraphDefJSON(std::move(graph), graphTexts["modelTopology"],
                               module.getLoc())))
    return failure();
  if (initializer && failed(printGraphDefJSON(std::move(*initializer),
                                              graphTexts["modelInitializer"],
                                              initModule.getLoc())))
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
    if (!text || graphTexts.count(key))
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
  for (const auto &entry : graphTexts)
    keys.push_back(entry.getKey());
  llvm::sort(keys);
  llvm::raw_string_ostream os(modelJson);
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    for (StringRef key : keys) {
      auto graphText = graphTexts.find(key);
      if (graphText == graphTexts.end()) {
        json.attribute(key, *model.get(key));
        continue;
      }
      json.attributeBegin(key);
      json.rawValue([&](llvm::raw_ostream &out) {
        StringRef text = StringRef(graphText->second).rtrim("\n");
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
