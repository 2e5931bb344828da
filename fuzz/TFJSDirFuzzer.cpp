//===- TFJSDirFuzzer.cpp - Fuzz a TF.js model directory -------------------===//
//
// The input is a model directory, framed as
// test/ImportExport/tfjs/Inputs/tfjs_dir.py reads and writes it (`unpack`
// turns a crash into the directory it was): up to 8 entries, each a name
// index byte (into kNames), a kind byte (0 regular file, 1 symbolic link, 2
// FIFO, 3 directory), a little-endian 16-bit length and that many bytes (a
// file's contents; for a link, one byte indexing kTargets). Each run writes
// them into a fresh ROOT/model/, beside ROOT/secret.bin, and imports the
// first entry (a regular file) with importTFJSFile, as tfg-translate does.
// Oracles, besides crashes and sanitizer reports: no imported value holds
// the secret's 8 bytes (random for each run: read from outside the model);
// what imports verifies; and what exportTFJSModel writes imports again.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/TFJS.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <ftw.h>
#include <random>
#include <string>
#include <sys/stat.h>

namespace {
const char *const kNames[] = {"model.json",
                              "group1-shard1of1.bin",
                              "group1-shard1of2.bin",
                              "group1-shard2of2.bin",
                              "group2-shard1of1.bin",
                              "weights_manifest.json",
                              "tensorflowjs_model.pb",
                              "sub",
                              "sub/shard.bin",
                              "link.bin",
                              "group1-shard1of1"};
// "@SECRET@" stands for the secret's absolute path.
const char *const kTargets[] = {
    "../secret.bin", "/dev/zero", "group1-shard1of1.bin",
    "sub",           "..",        "model.json",
    "nonexistent",   "@SECRET@",  "sub/shard.bin"};
constexpr unsigned kMaxEntries = 8;

/// A folder removed when the run ends: depth first, links not followed, and
/// FIFOs too (llvm::sys::fs::remove refuses what is not a file, a folder or
/// a link).
struct TempRoot {
  llvm::SmallString<128> path;
  ~TempRoot() {
    if (!path.empty())
      (void)nftw(
          path.c_str(),
          [](const char *entry, const struct stat *, int, struct FTW *) {
            return ::remove(entry);
          },
          16, FTW_DEPTH | FTW_PHYS);
  }
};
} // namespace

static void writeFile(const llvm::Twine &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path.str(), ec);
  if (!ec)
    os << bytes;
}

/// Whether an attribute's bytes hold the secret.
static bool holdsSecret(mlir::Attribute attr, llvm::StringRef secret) {
  if (auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(attr)) {
    llvm::ArrayRef<char> raw = dense.getRawData();
    return llvm::StringRef(raw.data(), raw.size()).contains(secret);
  }
  if (auto proto = llvm::dyn_cast<mlir::tf_type::TensorProtoAttr>(attr))
    return proto.getValue().contains(secret);
  return false;
}

/// Imports `input` (named `path`), returning the module or null; traps if
/// what imports does not verify or holds the secret.
static mlir::OwningOpRef<mlir::ModuleOp> importChecked(mlir::MLIRContext &ctx,
                                                       llvm::StringRef input,
                                                       llvm::StringRef path,
                                                       llvm::StringRef secret) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = llvm::MemoryBuffer::getMemBuffer(
      input, path, /*RequiresNullTerminator=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::tfg::importTFJSFile(
      &ctx, *buffer, "", mlir::FileLineColLoc::get(&ctx, path, 0, 0));
  if (!module)
    return nullptr;
  if (mlir::failed(mlir::verify(*module)))
    __builtin_trap();
  module->walk([&](mlir::Operation *op) {
    for (mlir::NamedAttribute attr : op->getAttrs())
      if (holdsSecret(attr.getValue(), secret))
        __builtin_trap();
  });
  return module;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  static std::mt19937_64 *random = new std::mt19937_64(std::random_device()());
  mlir::MLIRContext &ctx = fuzz->context;
  llvm::StringRef in(reinterpret_cast<const char *>(data), size);

  TempRoot root;
  if (llvm::sys::fs::createUniqueDirectory("tfg-tfjs-dir", root.path))
    return 0;
  llvm::SmallString<128> modelDir(root.path), secretPath(root.path);
  llvm::sys::path::append(modelDir, "model");
  llvm::sys::path::append(secretPath, "secret.bin");
  if (llvm::sys::fs::create_directory(modelDir))
    return 0;
  // 8 bytes, as the seeds' weights read (two float32).
  uint64_t word = (*random)();
  std::string secret(reinterpret_cast<const char *>(&word), sizeof(word));
  writeFile(secretPath, secret);

  std::string firstPath;
  llvm::StringRef firstBytes;
  for (unsigned entry = 0; entry < kMaxEntries && in.size() >= 4; ++entry) {
    const char *name = kNames[uint8_t(in[0]) % std::size(kNames)];
    unsigned kind = uint8_t(in[1]) % 4;
    size_t length = uint8_t(in[2]) | size_t(uint8_t(in[3])) << 8;
    if (in.size() < 4 + length)
      break;
    llvm::StringRef body = in.substr(4, length);
    in = in.drop_front(4 + length);
    llvm::SmallString<128> path(modelDir);
    llvm::sys::path::append(path, name);
    if (entry == 0) {
      if (kind != 0)
        return 0;
      firstPath = path.str().str();
      firstBytes = body;
    }
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(path, status, /*follow=*/false))
      continue;
    (void)llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
    switch (kind) {
    case 0:
      writeFile(path, body);
      break;
    case 1: {
      std::string target =
          kTargets[(body.empty() ? 0 : uint8_t(body[0])) % std::size(kTargets)];
      if (target == "@SECRET@")
        target = secretPath.str().str();
      (void)llvm::sys::fs::create_link(target, path);
      break;
    }
    case 2:
      (void)mkfifo(path.c_str(), 0600);
      break;
    default:
      (void)llvm::sys::fs::create_directories(path);
      break;
    }
  }
  if (firstPath.empty())
    return 0;

  mlir::OwningOpRef<mlir::ModuleOp> module =
      importChecked(ctx, firstBytes, firstPath, secret);
  if (!module)
    return 0;
  // What export writes must import: model.json and its shard, side by side.
  std::string modelJson, weights;
  if (mlir::failed(mlir::tfg::exportTFJSModel(*module, "weights.bin", modelJson,
                                              weights)))
    return 0;
  llvm::SmallString<128> exportDir(root.path), exportJson, exportShard;
  llvm::sys::path::append(exportDir, "export");
  if (llvm::sys::fs::create_directory(exportDir))
    return 0;
  exportJson = exportShard = exportDir;
  llvm::sys::path::append(exportJson, "model.json");
  llvm::sys::path::append(exportShard, "weights.bin");
  writeFile(exportShard, weights);
  // Diagnostics of the re-import are shown: they say why it failed.
  std::string messages;
  mlir::ScopedDiagnosticHandler show(&ctx, [&](mlir::Diagnostic &diag) {
    messages += diag.str() + "\n";
    return mlir::success();
  });
  if (!importChecked(ctx, modelJson, exportJson, secret)) {
    llvm::errs() << "exported model does not import:\n"
                 << messages << modelJson << "\n";
    __builtin_trap();
  }
  return 0;
}
