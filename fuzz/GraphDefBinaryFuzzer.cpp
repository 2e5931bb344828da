//===- GraphDefBinaryFuzzer.cpp - Fuzz the binary GraphDef importer -------===//

#include "FuzzCommon.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  tensorflow::GraphDef graph;
  if (!graph.ParseFromArray(data, static_cast<int>(size)))
    return 0;
  tfg_fuzz::importAndExport(*fuzz, graph);
  return 0;
}
