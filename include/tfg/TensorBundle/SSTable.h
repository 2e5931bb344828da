//===- SSTable.h - Sorted string tables, as a tensor bundle's index -*- C++
//-*-===//
//
// TensorFlow writes a tensor bundle's index (`variables.index` of a
// SavedModel) as a sorted string table in LevelDB's table format:
//
//   [data block]* [metaindex block] [index block] [footer: 48 bytes]
//
// - The footer holds two block handles (a handle is a varint64 offset and a
//   varint64 size): the metaindex block's and the index block's, zero padded
//   to 40 bytes, then the magic number 0xdb4775248b80fb57 (fixed64, little
//   endian).
// - Each block is followed by a 5-byte trailer: a compression type (0: none,
//   1: snappy) and the masked CRC32C (fixed32) of the block's bytes and the
//   type byte.
// - A block is a run of entries, then the restart array (fixed32 offsets of
//   entries whose keys are stored whole) and its length (fixed32). An entry
//   is varint32 `shared` (bytes of the previous key that begin this one),
//   varint32 `non_shared`, varint32 value length, the key's `non_shared`
//   bytes and the value.
// - The index block maps, for each data block in order, a key at or after
//   the block's last key and before the next block's first key to the
//   block's handle. Keys are compared bytewise; in a table they strictly
//   increase.
//
// These readers check every varint, offset, size, restart and checksum
// against the bytes they have, never allocate from a size they have not
// checked against those bytes, and report the first problem as a
// BundleError naming the file and the byte offset. They link LLVM's Support
// library only.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TENSORBUNDLE_SSTABLE_H
#define TFG_TENSORBUNDLE_SSTABLE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace tfg {
namespace bundle {

/// A problem at byte `offset` of file `file` of a tensor bundle. Printed as
/// `FILE:OFFSET: MESSAGE`.
class BundleError : public llvm::ErrorInfo<BundleError> {
public:
  static char ID;
  BundleError(std::string file, uint64_t offset, std::string message)
      : file(std::move(file)), offset(offset), message(std::move(message)) {}
  llvm::StringRef getFile() const { return file; }
  uint64_t getOffset() const { return offset; }
  llvm::StringRef getMessage() const { return message; }
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string file;
  uint64_t offset;
  std::string message;
};

/// A BundleError.
llvm::Error bundleError(llvm::StringRef file, uint64_t offset,
                        const llvm::Twine &message);

/// A key as diagnostics quote it: non-printable bytes escaped (`\00`), at
/// most 80 bytes of it followed by "...".
std::string describeKey(llvm::StringRef key);

/// The CRC32C (Castagnoli polynomial) of `data`, continuing `crc` (the CRC
/// of the bytes before it; 0 to start).
uint32_t extendCrc32c(uint32_t crc, llvm::StringRef data);
inline uint32_t crc32c(llvm::StringRef data) { return extendCrc32c(0, data); }

/// The CRC as LevelDB and TensorFlow store it: rotated right by 15 bits plus
/// 0xa282ead8 (a CRC of bytes holding a CRC would otherwise be degenerate).
inline uint32_t maskCrc32c(uint32_t crc) {
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}
inline uint32_t unmaskCrc32c(uint32_t masked) {
  uint32_t rotated = masked - 0xa282ead8u;
  return (rotated >> 17) | (rotated << 15);
}

/// The footer's magic number.
inline constexpr uint64_t kTableMagic = 0xdb4775248b80fb57ull;
/// The footer's size: two handles padded to 40 bytes, and the magic.
inline constexpr uint64_t kFooterSize = 48;
/// The block trailer's size: compression type and masked CRC32C.
inline constexpr uint64_t kBlockTrailerSize = 5;

/// Where a block lies in the table.
struct BlockHandle {
  uint64_t offset = 0;
  uint64_t size = 0;
};

/// Called on each entry of a block: its whole key, its value, and the file
/// offset of the entry (for diagnostics). An error stops the walk.
using EntryFn = llvm::function_ref<llvm::Error(
    llvm::StringRef key, llvm::StringRef value, uint64_t entryOffset)>;

/// Walks the entries of a block's contents `block` (without its trailer),
/// which lies at `blockOffset` in `file`. Checks the restart array (at least
/// one restart, the first at 0, strictly increasing, each the start of an
/// entry that shares no bytes with the previous key), every entry's varints
/// and lengths, and that keys strictly increase.
llvm::Error forEachBlockEntry(llvm::StringRef block, uint64_t blockOffset,
                              llvm::StringRef file, EntryFn fn);

/// Reads the block `handle` names in `table` (the whole file): checks that
/// it and its trailer lie inside the first `limit` bytes, the compression
/// type (a snappy block is refused) and the checksum, and returns the
/// block's contents.
llvm::Expected<llvm::StringRef> readBlock(llvm::StringRef table,
                                          BlockHandle handle, uint64_t limit,
                                          llvm::StringRef file);

/// Decodes a block handle (two varint64s) that must fill `encoded`.
llvm::Expected<BlockHandle> decodeBlockHandle(llvm::StringRef encoded,
                                              uint64_t offset,
                                              llvm::StringRef file);

/// Walks every entry of the table `table` (a whole file named `file`), in
/// key order: reads the footer (magic, handles), the metaindex block
/// (checked, its entries ignored) and the index block, then each data block
/// the index names. Data blocks must lie in increasing order without
/// overlapping, before the metaindex and index blocks, and each data
/// block's keys must lie after the previous index key and at or before its
/// own; keys strictly increase across the table.
llvm::Error forEachTableEntry(llvm::StringRef table, llvm::StringRef file,
                              EntryFn fn);

} // namespace bundle
} // namespace tfg
} // namespace mlir

#endif // TFG_TENSORBUNDLE_SSTABLE_H
