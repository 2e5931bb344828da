//===- TFJSFuzzer.cpp - Fuzz the TF.js model.json importer ----------------===//
//
// Weight shards are looked up in a folder that does not exist, so a model
// with weights fails cleanly; models without weights import fully and are
// exported back to model.json.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "tfg/ImportExport/TFJS.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  mlir::MLIRContext &ctx = fuzz->context;
  llvm::StringRef json(reinterpret_cast<const char *>(data), size);
  auto module = mlir::tfg::importTFJSModel(&ctx, json, "/nonexistent-tfg-fuzz",
                                           mlir::UnknownLoc::get(&ctx));
  if (module) {
    std::string modelJson, weights;
    (void)mlir::tfg::exportTFJSModel(*module, "weights.bin", modelJson,
                                     weights);
  }
  return 0;
}
