//===- TensorBundle.cpp - A tensor bundle's files -------------------------===//
//
// Opens a bundle's index and shards, each confined to the model's directory
// (tfg/Support/ConfinedFile.h: checked before it is opened and again on the
// open file, so that a file swapped between the two is refused too). Sizes
// are checked before anything is allocated.
//
//===----------------------------------------------------------------------===//

#include "tfg/TensorBundle/TensorBundle.h"
#include "tfg/Support/ConfinedFile.h"

#include "llvm/ADT/STLExtras.h"
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
using mlir::tfg::ConfinedFile;
namespace fs = llvm::sys::fs;

/// Opens `path` inside the real directory `dir` (tfg/Support/ConfinedFile.h);
/// an error is the bundle's, at the file.
static llvm::Expected<ConfinedFile> openConfined(const std::string &path,
                                                 StringRef dir) {
  llvm::Expected<ConfinedFile> file =
      ConfinedFile::open(path, dir, "the model's directory");
  if (!file)
    return bundleError(path, 0, llvm::toString(file.takeError()));
  return file;
}

/// Reads `buffer.size()` bytes at `offset` of the open file.
static Error readAt(const ConfinedFile &file, StringRef path, uint64_t offset,
                    llvm::MutableArrayRef<char> buffer) {
  if (Error err = file.readAt(offset, buffer))
    return bundleError(path, offset, llvm::toString(std::move(err)));
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

  llvm::Expected<ConfinedFile> index =
      openConfined(bundle.indexPath, bundle.directory);
  if (!index)
    return index.takeError();
  if (index->size() > limits.maxIndexBytes)
    return bundleError(bundle.indexPath, 0,
                       "has " + Twine(index->size()) +
                           " bytes, over the bound of " +
                           Twine(limits.maxIndexBytes));
  std::string bytes(index->size(), '\0');
  if (Error err = readAt(*index, bundle.indexPath, 0, bytes))
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
      llvm::Expected<ConfinedFile> shard = openConfined(path, bundle.directory);
      if (!shard)
        return shard.takeError();
      bundle.shardSizes[entry.shardId] = shard->size();
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
    llvm::Expected<ConfinedFile> shard = openConfined(path, directory);
    if (!shard)
      return shard.takeError();
    // open() checked the entry against the size it saw then.
    if (shard->size() != shardSizes[entry.shardId])
      return bundleError(path, 0, "changed since the bundle was opened");
    if (Error err = readAt(*shard, path, entry.offset, data))
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
