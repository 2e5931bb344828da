//===- SSTable.cpp - Sorted string tables, checked ------------------------===//
//
// The table reader of tfg/TensorBundle/SSTable.h. It walks the table once,
// holding one key at a time; every position it computes is checked against
// the bytes before it is used, with the arithmetic done so that it cannot
// overflow.
//
//===----------------------------------------------------------------------===//

#include "tfg/TensorBundle/SSTable.h"
#include "Varint.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::tfg::bundle;
using namespace mlir::tfg::bundle::detail;
using llvm::Error;
using llvm::StringRef;

char BundleError::ID = 0;

void BundleError::log(llvm::raw_ostream &os) const {
  os << file << ":" << offset << ": " << message;
}

Error mlir::tfg::bundle::bundleError(StringRef file, uint64_t offset,
                                     const llvm::Twine &message) {
  return llvm::make_error<BundleError>(file.str(), offset, message.str());
}

std::string mlir::tfg::bundle::describeKey(StringRef key) {
  constexpr size_t kShown = 80;
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::printEscapedString(key.take_front(kShown), os);
  if (key.size() > kShown)
    os << "...";
  return text;
}

//===----------------------------------------------------------------------===//
// CRC32C
//===----------------------------------------------------------------------===//

namespace {
/// The table of the reflected Castagnoli polynomial 0x82f63b78, one byte at
/// a time.
struct Crc32cTable {
  uint32_t entries[256];
  Crc32cTable() {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t crc = i;
      for (int bit = 0; bit < 8; ++bit)
        crc = (crc & 1) ? (crc >> 1) ^ 0x82f63b78u : crc >> 1;
      entries[i] = crc;
    }
  }
};
} // namespace

uint32_t mlir::tfg::bundle::extendCrc32c(uint32_t crc, StringRef data) {
  static const Crc32cTable table;
  uint32_t state = ~crc;
  for (char c : data)
    state =
        table.entries[(state ^ static_cast<uint8_t>(c)) & 0xff] ^ (state >> 8);
  return ~state;
}

//===----------------------------------------------------------------------===//
// Blocks
//===----------------------------------------------------------------------===//

Error mlir::tfg::bundle::forEachBlockEntry(StringRef block,
                                           uint64_t blockOffset, StringRef file,
                                           EntryFn fn) {
  if (block.size() < 4)
    return bundleError(file, blockOffset,
                       "block of " + llvm::Twine(block.size()) +
                           " bytes is too short for its restart count");
  uint64_t numRestarts = readFixed32(block.end() - 4);
  uint64_t maxRestarts = (block.size() - 4) / 4;
  if (numRestarts == 0 || numRestarts > maxRestarts)
    return bundleError(file, blockOffset + block.size() - 4,
                       "block has " + llvm::Twine(numRestarts) +
                           " restart points; its " + llvm::Twine(block.size()) +
                           " bytes hold 1 to " + llvm::Twine(maxRestarts));
  uint64_t restartsStart = block.size() - 4 - 4 * numRestarts;
  const char *restarts = block.data() + restartsStart;
  auto restartAt = [&](uint64_t i) { return readFixed32(restarts + 4 * i); };
  if (restartAt(0) != 0)
    return bundleError(file, blockOffset + restartsStart,
                       "the first restart point is " +
                           llvm::Twine(restartAt(0)) + ", not 0");

  const char *begin = block.data();
  const char *end = begin + restartsStart;
  const char *p = begin;
  std::string key, previous;
  uint64_t nextRestart = 0; // index of the next restart point to meet
  bool first = true;
  while (p != end) {
    uint64_t entryStart = static_cast<uint64_t>(p - begin);
    bool isRestart = false;
    if (nextRestart < numRestarts) {
      uint64_t restart = restartAt(nextRestart);
      if (restart < entryStart)
        return bundleError(file, blockOffset + restartsStart + 4 * nextRestart,
                           "restart point " + llvm::Twine(nextRestart) + " (" +
                               llvm::Twine(restart) +
                               ") is not the start of an entry, or does not "
                               "increase");
      if (restart == entryStart) {
        isRestart = true;
        ++nextRestart;
      }
    }
    uint32_t shared, nonShared, valueSize;
    if (!readVarint32(p, end, shared) || !readVarint32(p, end, nonShared) ||
        !readVarint32(p, end, valueSize))
      return bundleError(file, blockOffset + entryStart,
                         "entry header is not three varint32s inside the "
                         "block's entries");
    if (shared > key.size())
      return bundleError(file, blockOffset + entryStart,
                         "entry shares " + llvm::Twine(shared) +
                             " bytes of a previous key of " +
                             llvm::Twine(key.size()) + " bytes");
    if (isRestart && shared != 0)
      return bundleError(file, blockOffset + entryStart,
                         "entry at a restart point shares " +
                             llvm::Twine(shared) +
                             " bytes of the previous key");
    uint64_t left = static_cast<uint64_t>(end - p);
    if (uint64_t(nonShared) + valueSize > left)
      return bundleError(file, blockOffset + entryStart,
                         "entry's key and value (" + llvm::Twine(nonShared) +
                             " + " + llvm::Twine(valueSize) +
                             " bytes) run past the block's entries (" +
                             llvm::Twine(left) + " bytes left)");
    previous.swap(key);
    key.assign(previous, 0, shared);
    key.append(p, nonShared);
    p += nonShared;
    StringRef value(p, valueSize);
    p += valueSize;
    if (!first && !(StringRef(previous) < StringRef(key)))
      return bundleError(file, blockOffset + entryStart,
                         "keys do not increase: '" + describeKey(key) +
                             "' follows '" + describeKey(previous) + "'");
    first = false;
    if (Error err = fn(key, value, blockOffset + entryStart))
      return err;
  }
  // An empty block (LevelDB writes one for an empty metaindex) has the one
  // restart point 0, at the end of its no entries.
  if (first && numRestarts == 1)
    return Error::success();
  if (nextRestart != numRestarts)
    return bundleError(file, blockOffset + restartsStart + 4 * nextRestart,
                       "restart point " + llvm::Twine(nextRestart) + " (" +
                           llvm::Twine(restartAt(nextRestart)) +
                           ") is not the start of an entry");
  return Error::success();
}

llvm::Expected<StringRef> mlir::tfg::bundle::readBlock(StringRef table,
                                                       BlockHandle handle,
                                                       uint64_t limit,
                                                       StringRef file) {
  if (limit > table.size())
    limit = table.size();
  if (handle.offset > limit || handle.size > limit - handle.offset ||
      kBlockTrailerSize > limit - handle.offset - handle.size)
    return bundleError(file, handle.offset,
                       "block of " + llvm::Twine(handle.size) +
                           " bytes and its trailer at offset " +
                           llvm::Twine(handle.offset) + " run past byte " +
                           llvm::Twine(limit));
  StringRef contents = table.substr(handle.offset, handle.size);
  const char *trailer = contents.end();
  uint64_t trailerOffset = handle.offset + handle.size;
  auto type = static_cast<uint8_t>(trailer[0]);
  uint32_t stored = readFixed32(trailer + 1);
  uint32_t actual = extendCrc32c(crc32c(contents), StringRef(trailer, 1));
  if (unmaskCrc32c(stored) != actual)
    return bundleError(file, trailerOffset + 1,
                       "block checksum mismatch: stored " +
                           llvm::Twine::utohexstr(unmaskCrc32c(stored)) +
                           ", computed " + llvm::Twine::utohexstr(actual));
  if (type == 1)
    return bundleError(file, trailerOffset,
                       "block is snappy-compressed, which tfg does not read "
                       "(TensorFlow writes tensor bundles uncompressed)");
  if (type != 0)
    return bundleError(file, trailerOffset,
                       "unknown block compression type " +
                           llvm::Twine(unsigned(type)));
  return contents;
}

llvm::Expected<BlockHandle>
mlir::tfg::bundle::decodeBlockHandle(StringRef encoded, uint64_t offset,
                                     StringRef file) {
  BlockHandle handle;
  const char *p = encoded.begin();
  if (!readVarint64(p, encoded.end(), handle.offset) ||
      !readVarint64(p, encoded.end(), handle.size))
    return bundleError(file, offset, "block handle is not two varint64s");
  if (p != encoded.end())
    return bundleError(file, offset,
                       "block handle has " + llvm::Twine(encoded.end() - p) +
                           " bytes after its two varints");
  return handle;
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

namespace {
/// A data block the index names.
struct IndexEntry {
  std::string key;
  BlockHandle handle;
  uint64_t entryOffset;
};
} // namespace

/// Reads the footer's two handles, checking the magic.
static Error readFooter(StringRef table, StringRef file, BlockHandle &metaindex,
                        BlockHandle &index) {
  if (table.size() < kFooterSize)
    return bundleError(file, 0,
                       "file of " + llvm::Twine(table.size()) +
                           " bytes is too short for a table footer (48 bytes)");
  uint64_t footerOffset = table.size() - kFooterSize;
  const char *footer = table.data() + footerOffset;
  if (readFixed64(footer + 40) != kTableMagic)
    return bundleError(file, footerOffset + 40,
                       "bad table magic number " +
                           llvm::Twine::utohexstr(readFixed64(footer + 40)) +
                           " (a sorted string table ends with " +
                           llvm::Twine::utohexstr(kTableMagic) + ")");
  const char *p = footer, *end = footer + 40;
  if (!readVarint64(p, end, metaindex.offset) ||
      !readVarint64(p, end, metaindex.size) ||
      !readVarint64(p, end, index.offset) || !readVarint64(p, end, index.size))
    return bundleError(file, footerOffset,
                       "table footer does not hold two block handles");
  return Error::success();
}

Error mlir::tfg::bundle::forEachTableEntry(StringRef table, StringRef file,
                                           EntryFn fn) {
  BlockHandle metaindexHandle, indexHandle;
  if (Error err = readFooter(table, file, metaindexHandle, indexHandle))
    return err;
  uint64_t blocksEnd = table.size() - kFooterSize;
  auto metaindex = readBlock(table, metaindexHandle, blocksEnd, file);
  if (!metaindex)
    return metaindex.takeError();
  // The metaindex names filter blocks, which tensor bundles do not have:
  // its entries are checked, not used.
  if (Error err = forEachBlockEntry(
          *metaindex, metaindexHandle.offset, file,
          [](StringRef, StringRef, uint64_t) { return Error::success(); }))
    return err;
  auto index = readBlock(table, indexHandle, blocksEnd, file);
  if (!index)
    return index.takeError();

  // The index block is at most the file's size; its entries are copied so
  // that the data blocks can be walked after it was checked whole.
  std::vector<IndexEntry> entries;
  uint64_t indexKeyBytes = 0;
  if (Error err = forEachBlockEntry(
          *index, indexHandle.offset, file,
          [&](StringRef key, StringRef value, uint64_t offset) -> Error {
            auto handle = decodeBlockHandle(
                value, indexHandle.offset + (value.data() - index->data()),
                file);
            if (!handle)
              return handle.takeError();
            // Index keys are stored whole by TensorFlow's writer; spelled
            // through shared prefixes they may not outgrow the file.
            indexKeyBytes += key.size();
            if (indexKeyBytes > table.size())
              return bundleError(file, offset,
                                 "the index block's keys expand to more "
                                 "bytes than the file has");
            entries.push_back({key.str(), *handle, offset});
            return Error::success();
          }))
    return err;

  // Data blocks lie before both the metaindex and the index block.
  uint64_t dataEnd = std::min(metaindexHandle.offset, indexHandle.offset);
  uint64_t nextBlock = 0;
  std::string lastKey;
  bool haveKey = false;
  const std::string *previousIndexKey = nullptr;
  for (const IndexEntry &entry : entries) {
    if (entry.handle.offset < nextBlock)
      return bundleError(file, entry.entryOffset,
                         "data block at offset " +
                             llvm::Twine(entry.handle.offset) +
                             " overlaps or precedes the previous block (which "
                             "ends at " +
                             llvm::Twine(nextBlock) + ")");
    auto block = readBlock(table, entry.handle, dataEnd, file);
    if (!block)
      return block.takeError();
    nextBlock = entry.handle.offset + entry.handle.size + kBlockTrailerSize;
    bool empty = true;
    if (Error err = forEachBlockEntry(
            *block, entry.handle.offset, file,
            [&](StringRef key, StringRef value, uint64_t offset) -> Error {
              empty = false;
              if (haveKey && !(StringRef(lastKey) < key))
                return bundleError(file, offset,
                                   "keys do not increase across blocks: '" +
                                       describeKey(key) + "' follows '" +
                                       describeKey(lastKey) + "'");
              if (previousIndexKey && !(StringRef(*previousIndexKey) < key))
                return bundleError(file, offset,
                                   "key '" + describeKey(key) +
                                       "' is not after the index key of the "
                                       "previous block");
              if (StringRef(entry.key) < key)
                return bundleError(file, offset,
                                   "key '" + describeKey(key) +
                                       "' is after its block's index key '" +
                                       describeKey(entry.key) + "'");
              lastKey.assign(key.begin(), key.end());
              haveKey = true;
              return fn(key, value, offset);
            }))
      return err;
    if (empty)
      return bundleError(file, entry.handle.offset,
                         "data block has no entries");
    previousIndexKey = &entry.key;
  }
  return Error::success();
}
