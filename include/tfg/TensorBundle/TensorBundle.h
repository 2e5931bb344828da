//===- TensorBundle.h - TensorFlow's tensor bundles, checked ----*- C++ -*-===//
//
// A tensor bundle is how TensorFlow saves variables (a checkpoint, and the
// `variables/` directory of a SavedModel): for a path prefix P,
// - `P.index`: a sorted string table (tfg/TensorBundle/SSTable.h) whose
//   entry "" is a BundleHeaderProto (num_shards = 1, endianness = 2,
//   version = 3) and whose other entries map a tensor's name to a
//   BundleEntryProto (dtype = 1, shape = 2, shard_id = 3, offset = 4,
//   size = 5, crc32c = 6 (fixed32, masked), slices = 7);
// - `P.data-SSSSS-of-NNNNN` (five digits or more, S from 0): the shards,
//   each a run of tensors' bytes. A number's tensor is its elements
//   little-endian, row-major; a string tensor is the varint64 length of
//   each string, a fixed32 masked CRC32C of those lengths (each as a
//   little-endian uint32, or uint64 when it does not fit 32 bits), then the
//   strings' bytes. The entry's crc32c is the masked CRC32C of those bytes,
//   the lengths counted as in the length checksum.
//
// TensorBundle::open reads and checks the whole index and the size of every
// shard an entry names; readTensor reads one tensor's bytes and checks them.
// Every file must lie (symbolic links resolved) in the directory given to
// open and be a regular file. Errors are BundleErrors: the file and byte
// offset of the problem. The reader links LLVM's Support library only:
// tfg-translate (SavedModelVariables.h of the importer) and the
// interpreter's RestoreV2 build on it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TENSORBUNDLE_TENSORBUNDLE_H
#define TFG_TENSORBUNDLE_TENSORBUNDLE_H

#include "tfg/TensorBundle/SSTable.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {
namespace bundle {

/// Bounds on what a bundle may make the reader hold.
struct BundleLimits {
  /// The largest index file read.
  uint64_t maxIndexBytes = uint64_t(1) << 30;
  /// The most entries of an index.
  uint64_t maxEntries = uint64_t(1) << 22;
  /// The longest key, and the most bytes of all keys together (keys are
  /// prefix-compressed: a small index can spell long ones).
  uint64_t maxKeyBytes = uint64_t(1) << 16;
  uint64_t maxTotalKeyBytes = uint64_t(1) << 28;
  /// The most shards a header may declare.
  int64_t maxShards = 1 << 16;
  /// The largest tensor read (the host tensor bound, 1 GiB; a string
  /// counts 32 bytes besides its characters, as in a host tensor).
  uint64_t maxTensorBytes = uint64_t(1) << 30;
  /// The highest rank of a tensor.
  int64_t maxRank = 254;
};

/// The byte size of one element of TensorFlow dtype `dtype` in a bundle: 0
/// for strings (DT_STRING), nothing for dtypes tfg does not read from
/// bundles (resources, variants, 4-bit ints, and numbers that are no
/// dtype).
std::optional<unsigned> getBundleElementSize(int dtype);

/// A tensor's entry in the index.
struct BundleEntry {
  std::string key;
  /// TensorFlow's DataType number; getBundleElementSize knows it.
  int dtype = 0;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t numElements = 0;
  int32_t shardId = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  /// The masked CRC32C of the tensor's bytes, as stored.
  uint32_t maskedCrc32c = 0;
  /// The number of slices of a partitioned tensor (0 for a whole one).
  unsigned numSlices = 0;
  /// The offset of the entry in the index, for diagnostics.
  uint64_t indexOffset = 0;
  /// Whether this entry is one slice of a partitioned tensor: its key, which
  /// TensorFlow encodes, begins with a NUL byte. Not a variable of its own.
  bool isSliceEntry() const { return !key.empty() && key[0] == '\0'; }
};

/// The bundle's header.
struct BundleHeader {
  int32_t numShards = 0;
  int32_t producer = 0;
  int32_t minConsumer = 0;
};

/// Decodes a BundleHeaderProto at `offset` of `file`, and checks it: at
/// least one shard (at most `limits.maxShards`), little endian, and a
/// version this reader (version 1) may read.
llvm::Expected<BundleHeader> decodeBundleHeader(llvm::StringRef encoded,
                                                uint64_t offset,
                                                llvm::StringRef file,
                                                const BundleLimits &limits);

/// Decodes a BundleEntryProto at `offset` of `file` and checks it against
/// the header: a dtype tfg reads, a fully known shape within
/// `limits.maxRank`, a shard id below the header's count, offset and size
/// that fit, and a size that matches the dtype and shape (numbers: elements
/// times element size; strings: at least one byte per element and the
/// length checksum). A partitioned tensor's entry lists its slices and
/// holds no bytes.
llvm::Expected<BundleEntry>
decodeBundleEntry(llvm::StringRef key, llvm::StringRef encoded, uint64_t offset,
                  llvm::StringRef file, const BundleHeader &header,
                  const BundleLimits &limits);

/// Reads an index (the bytes of `file`): its header and its entries in key
/// order, each checked (decodeBundleHeader, decodeBundleEntry).
llvm::Error readBundleIndex(llvm::StringRef bytes, llvm::StringRef file,
                            const BundleLimits &limits, BundleHeader &header,
                            std::vector<BundleEntry> &entries);

/// Decodes a string tensor's bytes (`data`, at `offset` of `file`) into
/// `numElements` strings, checking the lengths, their checksum and that the
/// strings fill the rest exactly; `crc` is set to the CRC32C (unmasked)
/// that the entry's crc32c masks.
llvm::Expected<std::vector<std::string>>
decodeStringTensor(llvm::StringRef data, int64_t numElements, uint64_t offset,
                   llvm::StringRef file, uint32_t &crc);

/// A tensor's value, as read from its shard.
struct BundleTensor {
  /// Number tensors: the elements, little-endian, row-major.
  std::vector<char> bytes;
  /// String tensors: the strings.
  std::vector<std::string> strings;
};

/// An open tensor bundle.
class TensorBundle {
public:
  /// Opens the bundle at `prefix` (relative to `directory`, or absolute)
  /// whose files must all lie in `directory` (symbolic links resolved):
  /// reads and checks the index and checks that every shard an entry names
  /// is a regular file holding the entry's bytes.
  static llvm::Expected<TensorBundle> open(llvm::StringRef directory,
                                           llvm::StringRef prefix,
                                           const BundleLimits &limits = {});

  const BundleHeader &getHeader() const { return header; }
  /// The entries in key order (slice entries included).
  llvm::ArrayRef<BundleEntry> getEntries() const { return entries; }
  /// The entry of `key`, or null.
  const BundleEntry *lookup(llvm::StringRef key) const;
  /// The index's path.
  llvm::StringRef getIndexPath() const { return indexPath; }
  /// The path of shard `shard`.
  std::string getShardPath(int32_t shard) const;

  /// Reads the tensor of `entry` (one of this bundle's entries) from its
  /// shard and checks its checksum (and a string tensor's encoding; a bool
  /// must be 0 or 1). A partitioned tensor is refused.
  llvm::Expected<BundleTensor> readTensor(const BundleEntry &entry) const;

private:
  TensorBundle() = default;
  std::string directory;  // real path
  std::string prefixPath; // real directory of the prefix + its file name
  std::string indexPath;
  BundleLimits limits;
  BundleHeader header;
  std::vector<BundleEntry> entries;
  /// The size of each shard file (those entries name; others are 0).
  std::vector<uint64_t> shardSizes;
};

} // namespace bundle
} // namespace tfg
} // namespace mlir

#endif // TFG_TENSORBUNDLE_TENSORBUNDLE_H
