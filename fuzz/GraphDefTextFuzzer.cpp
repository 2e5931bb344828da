//===- GraphDefTextFuzzer.cpp - Fuzz the text GraphDef importer -----------===//

#include "FuzzCommon.h"

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
  google::protobuf::TextFormat::Parser parser;
  Quiet quiet;
  parser.RecordErrorsTo(&quiet);
  if (!parser.ParseFromString(
          std::string(reinterpret_cast<const char *>(data), size), &graph))
    return 0;
  tfg_fuzz::importAndExport(*fuzz, graph);
  return 0;
}
