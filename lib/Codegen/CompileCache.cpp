//===- CompileCache.cpp - on-disk cache of compiled objects ---------------===//
//
// An entry is one file, KEY.tfgobj:
//   8 bytes   magic "TFGOBJC1"
//   64 bytes  the key (hex SHA-256)
//   8 bytes   the object's size (little-endian)
//   32 bytes  the object's SHA-256
//   the object
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/CompileCache.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "tfg/Support/OutputFile.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::tfg;

static constexpr llvm::StringLiteral kMagic = "TFGOBJC1";
static constexpr size_t kKeyBytes = 64, kHeaderBytes = 8 + 64 + 8 + 32;
/// Entries larger than this are not read (an object of a model is far
/// smaller; the bound keeps a hostile cache from exhausting memory).
static constexpr uint64_t kMaxEntryBytes = uint64_t(4) << 30;

std::string CompileCache::getDefaultDirectory() {
  llvm::SmallString<256> path;
  if (auto xdg = llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty()) {
    path = *xdg;
  } else if (auto home = llvm::sys::Process::GetEnv("HOME");
             home && !home->empty()) {
    path = *home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return std::string();
  }
  llvm::sys::path::append(path, "tfg");
  return std::string(path);
}

namespace {
/// A stream that hashes what is written to it.
class HashStream : public llvm::raw_ostream {
public:
  explicit HashStream(llvm::SHA256 &hash) : hash(hash) { SetUnbuffered(); }

private:
  void write_impl(const char *data, size_t size) override {
    hash.update(llvm::StringRef(data, size));
    written += size;
  }
  uint64_t current_pos() const override { return written; }
  llvm::SHA256 &hash;
  uint64_t written = 0;
};
} // namespace

/// The running tool's build: its executable's size and modification time
/// (a rebuilt tfg never reads objects compiled by an older one).
static std::string getToolBuild() {
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::sys::fs::file_status status;
  if (exe.empty() || llvm::sys::fs::status(exe, status))
    return "unknown";
  return exe + ":" + std::to_string(status.getSize()) + ":" +
         std::to_string(
             status.getLastModificationTime().time_since_epoch().count());
}

std::string CompileCache::computeKey(ModuleOp module, StringRef function,
                                     const ObjectOptions &options) {
  llvm::SHA256 hash;
  auto field = [&](StringRef text) {
    hash.update(text);
    hash.update(llvm::StringRef("\0", 1));
  };
  field("tfg-compile-cache-v1");
  field(TFG_VERSION_STRING);
  field(LLVM_VERSION_STRING);
  field(getToolBuild());
  // The resolved target: the host's CPU and features when not given.
  if (auto machine = createCPUTargetMachine(options.target)) {
    field((*machine)->getTargetTriple().str());
    field((*machine)->getTargetCPU());
    field((*machine)->getTargetFeatureString());
  } else {
    llvm::consumeError(machine.takeError());
    field("no target");
  }
  field(std::to_string(options.target.optLevel));
  field(options.prefix);
  field(options.weightsInSideFile
            ? "side:" + std::to_string(options.sideFileMinBytes)
            : "embedded");
  for (const std::string &name : options.resultNames)
    field(name);
  field(function);
  {
    PassManager pm(module.getContext());
    StableHLOToLLVMPipelineOptions pipelineOptions;
    pipelineOptions.vectorize = options.vectorize;
    pipelineOptions.threads = options.threads;
    buildStableHLOToLLVMPipeline(pm, pipelineOptions);
    std::string pipeline;
    llvm::raw_string_ostream os(pipeline);
    pm.printAsTextualPipeline(os);
    field(pipeline);
  }
  HashStream stream(hash);
  if (failed(writeBytecodeToFile(module, stream))) {
    // Not expected for a verified module; a key that never matches twice.
    field(std::to_string(reinterpret_cast<uintptr_t>(&stream)));
  }
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

std::string CompileCache::getEntryPath(StringRef key) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, key + ".tfgobj");
  return std::string(path);
}

std::optional<std::string> CompileCache::lookup(StringRef key,
                                                std::string &problem) const {
  problem.clear();
  std::string path = getEntryPath(key);
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status) || !llvm::sys::fs::exists(status))
    return std::nullopt;
  if (status.type() != llvm::sys::fs::file_type::regular_file) {
    problem = "not a regular file";
    return std::nullopt;
  }
  if (status.getSize() > kMaxEntryBytes) {
    problem = "larger than " + std::to_string(kMaxEntryBytes) + " bytes";
    return std::nullopt;
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    problem = "unreadable: " + buffer.getError().message();
    return std::nullopt;
  }
  StringRef bytes = (*buffer)->getBuffer();
  if (bytes.size() < kHeaderBytes) {
    problem = "truncated (" + std::to_string(bytes.size()) + " bytes)";
    return std::nullopt;
  }
  if (!bytes.starts_with(kMagic)) {
    problem = "not a tfg cache entry (magic)";
    return std::nullopt;
  }
  if (bytes.substr(8, kKeyBytes) != key) {
    problem = "written for another key";
    return std::nullopt;
  }
  uint64_t size = 0;
  for (unsigned i = 0; i < 8; ++i)
    size |= uint64_t(static_cast<unsigned char>(bytes[8 + kKeyBytes + i]))
            << (8 * i);
  StringRef object = bytes.drop_front(kHeaderBytes);
  if (size != object.size()) {
    problem = "truncated or extended: " + std::to_string(object.size()) +
              " bytes of object, the header says " + std::to_string(size);
    return std::nullopt;
  }
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(object));
  if (bytes.substr(8 + kKeyBytes + 8, 32) !=
      llvm::toStringRef(llvm::ArrayRef<uint8_t>(digest))) {
    problem = "corrupt (the object's SHA-256 differs)";
    return std::nullopt;
  }
  return object.str();
}

llvm::Error CompileCache::store(StringRef key, StringRef object) const {
  if (std::error_code ec = llvm::sys::fs::create_directories(directory))
    return llvm::createStringError(ec, "cannot create the cache directory '" +
                                           directory + "': " + ec.message());
  std::string path = getEntryPath(key);
  std::string error;
  std::unique_ptr<AtomicOutputFile> file = AtomicOutputFile::open(path, error);
  if (!file)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write '" + path + "': " + error);
  llvm::raw_ostream &os = file->os();
  os << kMagic << key;
  uint64_t size = object.size();
  for (unsigned i = 0; i < 8; ++i)
    os << static_cast<char>((size >> (8 * i)) & 0xff);
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(object));
  os << llvm::toStringRef(llvm::ArrayRef<uint8_t>(digest)) << object;
  if (!file->commit(error))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write '" + path + "': " + error);
  return llvm::Error::success();
}
