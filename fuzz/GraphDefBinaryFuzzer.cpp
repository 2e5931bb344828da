//===- GraphDefBinaryFuzzer.cpp - Fuzz the binary GraphDef importer -------===//

#include "FuzzCommon.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  tensorflow::GraphDef graph;
  if (!graph.ParseFromArray(data, static_cast<int>(size)))
    return 0;
  mlir::MLIRContext &ctx = fuzz->context;
  auto module =
      mlir::tfg::importGraphDef(&ctx, graph, mlir::UnknownLoc::get(&ctx));
  if (module) {
    tensorflow::GraphDef out;
    (void)mlir::tfg::exportGraphDef(*module, out);
  }
  return 0;
}
