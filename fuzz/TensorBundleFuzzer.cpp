//===- TensorBundleFuzzer.cpp - Fuzz the tensor bundle index reader -------===//
//
// Reads the input as a bundle index (the sorted string table, the header
// and every entry: tfg/TensorBundle/TensorBundle.h); as one block's
// contents whose values are bundle entries (no checksum in the way, so
// that mutations reach the block and entry decoders); and, from its second
// byte on, as a string tensor's encoding. What reads must hold what the
// reader promises: keys in strictly increasing order, every entry's bytes
// within its shard count and offset range and of the size its dtype and
// shape need, strings that fill the tensor exactly. TFGTensorBundle only.
//
//===----------------------------------------------------------------------===//

#include "tfg/TensorBundle/TensorBundle.h"

#include <cstddef>
#include <cstdint>

using namespace mlir::tfg::bundle;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  BundleLimits limits;
  limits.maxEntries = 1 << 16;
  BundleHeader header;
  std::vector<BundleEntry> entries;
  if (llvm::Error err =
          readBundleIndex(bytes, "variables.index", limits, header, entries)) {
    llvm::consumeError(std::move(err));
  } else {
    if (header.numShards < 1 || header.numShards > limits.maxShards)
      __builtin_trap();
    for (size_t i = 0; i < entries.size(); ++i) {
      const BundleEntry &entry = entries[i];
      if (i && !(llvm::StringRef(entries[i - 1].key) < entry.key))
        __builtin_trap();
      if (entry.key.empty() || entry.shardId < 0 ||
          entry.shardId >= header.numShards ||
          entry.offset + entry.size < entry.offset ||
          entry.size > limits.maxTensorBytes)
        __builtin_trap();
      std::optional<unsigned> elementSize = getBundleElementSize(entry.dtype);
      if (!elementSize)
        __builtin_trap();
      if (!entry.numSlices && *elementSize &&
          uint64_t(entry.numElements) * *elementSize != entry.size)
        __builtin_trap();
    }
  }
  // One block, its values decoded as entries of a bundle of 4 shards.
  BundleHeader four;
  four.numShards = 4;
  std::string previous;
  bool first = true;
  llvm::Error blockErr = forEachBlockEntry(
      bytes, 0, "block",
      [&](llvm::StringRef key, llvm::StringRef value, uint64_t) -> llvm::Error {
        if (!first && !(llvm::StringRef(previous) < key))
          __builtin_trap();
        first = false;
        previous = key.str();
        auto entry = decodeBundleEntry(key, value, 0, "block", four, limits);
        if (!entry)
          return entry.takeError();
        if (entry->shardId < 0 || entry->shardId >= 4)
          __builtin_trap();
        return llvm::Error::success();
      });
  llvm::consumeError(std::move(blockErr));
  if (!bytes.empty()) {
    int64_t count = static_cast<uint8_t>(bytes[0]);
    uint32_t crc;
    auto strings =
        decodeStringTensor(bytes.drop_front(), count, 1, "variables.data", crc);
    if (strings) {
      uint64_t total = 0;
      for (const std::string &s : *strings)
        total += s.size();
      if (strings->size() != size_t(count) || total > bytes.size())
        __builtin_trap();
    } else {
      llvm::consumeError(strings.takeError());
    }
  }
  return 0;
}
