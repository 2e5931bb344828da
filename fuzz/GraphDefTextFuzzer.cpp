//===- GraphDefTextFuzzer.cpp - Fuzz the text GraphDef importer -----------===//

#include "FuzzCommon.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/MessageDepth.h"

#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/text_format.h"

namespace {
class Quiet : public google::protobuf::io::ErrorCollector {
  void AddError(int, google::protobuf::io::ColumnNumber,
                const std::string &) override {}
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  tensorflow::GraphDef graph;
  // A GraphDef in protobuf's JSON form, as tfg-translate tells it apart;
  // what imports is written back as JSON.
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  if (mlir::tfg::isGraphDefJSON(bytes)) {
    mlir::MLIRContext &ctx = fuzz->context;
    mlir::Location loc = mlir::UnknownLoc::get(&ctx);
    if (mlir::succeeded(
            mlir::tfg::parseGraphDefJSON(bytes, graph, loc, "the input"))) {
      tfg_fuzz::importAndExport(*fuzz, graph);
      std::string json;
      (void)mlir::tfg::printGraphDefJSON(std::move(graph), json, loc);
    }
    return 0;
  }
  google::protobuf::TextFormat::Parser parser;
  // tfg-translate's text reader's bound (protobuf's binary limit): the text
  // parser has none of its own and recurses per level.
  parser.SetRecursionLimit(mlir::tfg::kMaxMessageDepth);
  Quiet quiet;
  parser.RecordErrorsTo(&quiet);
  if (!parser.ParseFromString(
          std::string(reinterpret_cast<const char *>(data), size), &graph))
    return 0;
  tfg_fuzz::importAndExport(*fuzz, graph);
  return 0;
}
