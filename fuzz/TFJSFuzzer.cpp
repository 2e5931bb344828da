//===- TFJSFuzzer.cpp - Fuzz the TF.js model.json importer ----------------===//
//
// Weight shards are looked up in a folder the fuzzer fills when it starts:
// tiny.bin (the bytes of the lit test's tiny model, which the seed of that
// name reads), w.bin (4 KB of varied bytes) and s.bin (two strings, "ab" and
// "xyz", and 16 bytes), so that weights are read, dequantized and checked
// against the shards' sizes; other shard names fail cleanly. Models that import
// are exported back to model.json. An input that starts with '[' is also read
// as the weights_manifest.json of a TF.js 0.x frozen model whose graph holds
// the tiny model's six Const nodes (f32, i32, half, u8, u16, b). Differential
// on the way: whatever the JSON scanner accepts, LLVM's JSON parser must accept
// too (the scanner is the stricter of the two, on numbers only).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Support/JSONScan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

/// Makes the folder of weight shards (removed at exit).
static std::string makeShardFolder() {
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("tfg-tfjs-fuzz", dir))
    return "/nonexistent-tfg-fuzz";
  static const unsigned char tiny[] = {
      0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x00, 0x80, 0x07, 0x00, 0x00,
      0x00, 0x00, 0x3c, 0x00, 0xc0, 0x04, 0x00, 0x08, 0x00, 0x01, 0x00};
  std::string varied(4096, '\0');
  for (size_t i = 0; i < varied.size(); ++i)
    varied[i] = static_cast<char>(i * 37 + (i >> 8) * 11);
  auto write = [&](const char *name, llvm::StringRef bytes) {
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << bytes;
  };
  write("tiny.bin",
        llvm::StringRef(reinterpret_cast<const char *>(tiny), sizeof(tiny)));
  write("w.bin", varied);
  static const char strings[] = "\2\0\0\0ab\3\0\0\0xyz0123456789abcdef";
  write("s.bin", llvm::StringRef(strings, sizeof(strings) - 1));
  static std::string folder = dir.str().str();
  std::atexit([] { (void)llvm::sys::fs::remove_directories(folder); });
  return folder;
}

/// The binary GraphDef of the frozen model: Const nodes without values.
static std::string makeFrozenGraph() {
  tensorflow::GraphDef graph;
  for (const char *name : {"f32", "i32", "half", "u8", "u16", "b"}) {
    tensorflow::NodeDef *node = graph.add_node();
    node->set_name(name);
    node->set_op("Const");
    (*node->mutable_attr())["dtype"].set_type(tensorflow::DT_FLOAT);
  }
  return graph.SerializeAsString();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  static const std::string *shards = new std::string(makeShardFolder());
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
  // Telling a model.json from a frozen model's GraphDef reads any bytes.
  (void)mlir::tfg::isTFJSModelJSON(json);
  mlir::OwningOpRef<mlir::ModuleOp> module;
  if (json.starts_with("[")) {
    // As a file's input: a weights manifest is told apart (and said to
    // hold no graph).
    std::unique_ptr<llvm::MemoryBuffer> input =
        llvm::MemoryBuffer::getMemBuffer(json, *shards + "/input.json",
                                         /*RequiresNullTerminator=*/false);
    (void)mlir::tfg::importTFJSFile(&ctx, *input, "",
                                    mlir::UnknownLoc::get(&ctx));
    static const std::string *frozen = new std::string(makeFrozenGraph());
    module = mlir::tfg::importTFJSFrozenModel(&ctx, *frozen, json, *shards,
                                              mlir::UnknownLoc::get(&ctx));
  } else {
    module = mlir::tfg::importTFJSModel(&ctx, json, *shards,
                                        mlir::UnknownLoc::get(&ctx));
  }
  if (module) {
    std::string modelJson, weights;
    (void)mlir::tfg::exportTFJSModel(*module, "weights.bin", modelJson,
                                     weights);
  }
  return 0;
}
