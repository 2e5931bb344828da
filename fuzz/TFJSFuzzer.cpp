//===- TFJSFuzzer.cpp - Fuzz the TF.js model.json importer ----------------===//
//
// Weight shards are looked up in a folder that does not exist, so a model
// with weights fails cleanly; models without weights import fully and are
// exported back to model.json. Differential on the way: whatever the JSON
// scanner accepts, LLVM's JSON parser must accept too (the scanner is the
// stricter of the two, on numbers only).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Support/JSONScan.h"

#include "llvm/Support/JSON.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  mlir::MLIRContext &ctx = fuzz->context;
  llvm::StringRef json(reinterpret_cast<const char *>(data), size);
  {
    bool isObject;
    llvm::SmallVector<mlir::tfg::JSONMember> members;
    // LLVM's parser recurses: it only reads what the scanner bounded.
    if (llvm::Error scanned = mlir::tfg::scanJSON(json, isObject, members)) {
      llvm::consumeError(std::move(scanned));
    } else {
      llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
      if (!parsed || isObject != (parsed->getAsObject() != nullptr))
        __builtin_trap();
    }
  }
  auto module = mlir::tfg::importTFJSModel(&ctx, json, "/nonexistent-tfg-fuzz",
                                           mlir::UnknownLoc::get(&ctx));
  if (module) {
    std::string modelJson, weights;
    (void)mlir::tfg::exportTFJSModel(*module, "weights.bin", modelJson,
                                     weights);
  }
  return 0;
}
