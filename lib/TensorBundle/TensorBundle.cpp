//===- TensorBundle.cpp - A tensor bundle's files -------------------------===//
//
// Opens a bundle's index and shards, each confined to the model's directory:
// a file is checked before it is opened (a regular file, whose real path
// lies in the directory's real path: opening a FIFO would block) and again
// on the open file (its real path and type), so that a file swapped between
// the two is refused too. Sizes are checked before anything is allocated.
//
//===----------------------------------------------------------------------===//

#include "tfg/TensorBundle/TensorBundle.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::tfg::bundle;
using llvm::Error;
using llvm::StringRef;
using llvm::Twine;
namespace fs = llvm::sys::fs;

/// Whether real path `file` lies inside real directory `dir`: every
/// component of `dir` begins `file`, which has more.
static bool isInside(StringRef dir, StringRef file) {
  auto d = llvm::sys::path::begin(dir), dEnd = llvm::sys::path::end(dir);
  auto f = llvm::sys::path::begin(file), fEnd = llvm::sys::path::end(file);
  for (; d != dEnd; ++d, ++f)
    if (f == fEnd || *d != *f)
      return false;
  return f != fEnd;
}

namespace {
/// A file opened inside the bundle's directory; closed when destroyed.
struct ConfinedFile {
  fs::file_t fd = fs::kInvalidFile;
  uint64_t size = 0;
  ConfinedFile() = default;
  ConfinedFile(const ConfinedFile &) = delete;
  ConfinedFile &operator=(const ConfinedFile &) = delete;
  ~ConfinedFile() {
    if (fd != fs::kInvalidFile)
      fs::closeFile(fd);
  }
};
} // namespace

/// Opens `path` (named `path` in errors) after checking that it is a
/// regular file whose real path lies in the real directory `dir`, and
/// checks the open file again.
static Error openConfined(const std::string &path, StringRef dir,
                          ConfinedFile &file) {
  fs::file_status status;
  if (std::error_code ec = fs::status(path, status))
    return bundleError(path, 0, "cannot be read: " + ec.message());
  if (status.type() != fs::file_type::regular_file)
    return bundleError(path, 0, "is not a regular file");
  llvm::SmallString<256> real;
  if (std::error_code ec = fs::real_path(path, real))
    return bundleError(path, 0, "cannot be resolved: " + ec.message());
  if (!isInside(dir, real))
    return bundleError(path, 0,
                       "leads to '" + real +
                           "', outside the model's directory '" + dir + "'");
  llvm::SmallString<256> opened;
  llvm::Expected<fs::file_t> fd =
      fs::openNativeFileForRead(path, fs::OF_None, &opened);
  if (!fd)
    return bundleError(path, 0,
                       "cannot be opened: " + toString(fd.takeError()));
  file.fd = *fd;
  if (std::error_code ec = fs::status(file.fd, status))
    return bundleError(path, 0, "cannot be read: " + ec.message());
  if (status.type() != fs::file_type::regular_file)
    return bundleError(path, 0, "is not a regular file");
  if (!opened.empty() && !isInside(dir, opened))
    return bundleError(path, 0,
                       "leads to '" + opened +
                           "', outside the model's directory '" + dir + "'");
  file.size = status.getSize();
  return Error::success();
}

/// Reads `buffer.size()` bytes at `offset` of the open file.
static Error readAt(const ConfinedFile &file, StringRef path, uint64_t offset,
                    llvm::MutableArrayRef<char> buffer) {
  while (!buffer.empty()) {
    llvm::Expected<size_t> read =
        fs::readNativeFileSlice(file.fd, buffer, offset);
    if (!read)
      return bundleError(path, offset,
                         "cannot be read: " + toString(read.takeError()));
    if (*read == 0)
      return bundleError(path, offset, "ends early: it changed while read");
    buffer = buffer.drop_front(*read);
    offset += *read;
  }
  return Error::success();
}

std::string TensorBundle::getShardPath(int32_t shard) const {
  std::string path = prefixPath;
  llvm::raw_string_ostream os(path);
  os << ".data-" << llvm::format("%05d", shard) << "-of-"
     << llvm::format("%05d", header.numShards);
  return path;
}

llvm::Expected<TensorBundle> TensorBundle::open(StringRef directory,
                                                StringRef prefix,
                                                const BundleLimits &limits) {
  if (llvm::sys::IsBigEndianHost)
    return bundleError(directory, 0,
                       "tensor bundles are read on little-endian hosts only");
  TensorBundle bundle;
  bundle.limits = limits;
  llvm::SmallString<256> realDir;
  if (std::error_code ec = fs::real_path(directory, realDir))
    return bundleError(directory, 0,
                       "the model's directory cannot be resolved: " +
                           ec.message());
  bundle.directory = std::string(realDir);
  llvm::SmallString<256> joined;
  if (llvm::sys::path::is_absolute(prefix)) {
    joined = prefix;
  } else {
    joined = directory;
    llvm::sys::path::append(joined, prefix);
  }
  bundle.prefixPath = std::string(joined);
  bundle.indexPath = bundle.prefixPath + ".index";

  ConfinedFile index;
  if (Error err = openConfined(bundle.indexPath, bundle.directory, index))
    return std::move(err);
  if (index.size > limits.maxIndexBytes)
    return bundleError(bundle.indexPath, 0,
                       "has " + Twine(index.size) +
                           " bytes, over the bound of " +
                           Twine(limits.maxIndexBytes));
  std::string bytes(index.size, '\0');
  if (Error err = readAt(index, bundle.indexPath, 0, bytes))
    return std::move(err);
  if (Error err = readBundleIndex(bytes, bundle.indexPath, limits,
                                  bundle.header, bundle.entries))
    return std::move(err);

  // Every shard that holds bytes of an entry: its size bounds the entries.
  bundle.shardSizes.assign(bundle.header.numShards, 0);
  std::vector<bool> checked(bundle.header.numShards, false);
  for (const BundleEntry &entry : bundle.entries) {
    if (entry.numSlices || entry.size == 0)
      continue;
    std::string path = bundle.getShardPath(entry.shardId);
    if (!checked[entry.shardId]) {
      ConfinedFile shard;
      if (Error err = openConfined(path, bundle.directory, shard))
        return std::move(err);
      bundle.shardSizes[entry.shardId] = shard.size;
      checked[entry.shardId] = true;
    }
    uint64_t shardSize = bundle.shardSizes[entry.shardId];
    if (entry.offset > shardSize || entry.size > shardSize - entry.offset)
      return bundleError(bundle.indexPath, entry.indexOffset,
                         "entry '" + describeKey(entry.key) +
                             "' lies at bytes [" + Twine(entry.offset) + ", " +
                             Twine(entry.offset + entry.size) + ") of " + path +
                             ", which has " + Twine(shardSize) + " bytes");
  }
  return std::move(bundle);
}

const BundleEntry *TensorBundle::lookup(StringRef key) const {
  auto it = llvm::partition_point(
      entries, [&](const BundleEntry &entry) { return entry.key < key; });
  if (it == entries.end() || it->key != key)
    return nullptr;
  return &*it;
}

llvm::Expected<BundleTensor>
TensorBundle::readTensor(const BundleEntry &entry) const {
  if (entry.numSlices)
    return bundleError(indexPath, entry.indexOffset,
                       "tensor '" + describeKey(entry.key) +
                           "' is partitioned into " + Twine(entry.numSlices) +
                           " slices, which tfg does not read");
  std::string path = getShardPath(entry.shardId);
  std::vector<char> data(entry.size);
  if (entry.size) {
    ConfinedFile shard;
    if (Error err = openConfined(path, directory, shard))
      return std::move(err);
    // open() checked the entry against the size it saw then.
    if (shard.size != shardSizes[entry.shardId])
      return bundleError(path, 0, "changed since the bundle was opened");
    if (Error err = readAt(shard, path, entry.offset, data))
      return std::move(err);
  }
  StringRef bytes(data.data(), data.size());
  BundleTensor tensor;
  uint32_t crc;
  if (*getBundleElementSize(entry.dtype) == 0) {
    auto strings =
        decodeStringTensor(bytes, entry.numElements, entry.offset, path, crc);
    if (!strings)
      return strings.takeError();
    tensor.strings = std::move(*strings);
  } else {
    crc = crc32c(bytes);
  }
  if (unmaskCrc32c(entry.maskedCrc32c) != crc)
    return bundleError(path, entry.offset,
                       "checksum mismatch for tensor '" +
                           describeKey(entry.key) + "': stored " +
                           Twine::utohexstr(unmaskCrc32c(entry.maskedCrc32c)) +
                           ", computed " + Twine::utohexstr(crc));
  constexpr int kBool = 10;
  if (entry.dtype == kBool)
    for (size_t i = 0; i < data.size(); ++i)
      if (static_cast<uint8_t>(data[i]) > 1)
        return bundleError(path, entry.offset + i,
                           "bool tensor '" + describeKey(entry.key) +
                               "' holds byte " +
                               Twine(unsigned(static_cast<uint8_t>(data[i]))) +
                               ", not 0 or 1");
  if (tensor.strings.empty())
    tensor.bytes = std::move(data);
  return std::move(tensor);
}
