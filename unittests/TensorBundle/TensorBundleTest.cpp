//===- TensorBundleTest.cpp - The sorted string table and bundle index ----===//
//
// Edge cases of the block, table and index readers
// (tfg/TensorBundle/SSTable.h, TensorBundle.h) that lit tests over whole
// bundles reach only one at a time: each restart-array and entry-header
// defect, each footer and trailer defect, each header and entry check, and
// the string tensor encoding. Inputs are built here byte by byte.
//
//===----------------------------------------------------------------------===//

#include "tfg/TensorBundle/TensorBundle.h"

#include "gtest/gtest.h"

#include <string>
#include <utility>
#include <vector>

using namespace mlir::tfg::bundle;

namespace {

std::string varint(uint64_t value) {
  std::string out;
  do {
    char byte = static_cast<char>(value & 0x7f);
    value >>= 7;
    if (value)
      byte = static_cast<char>(byte | 0x80);
    out += byte;
  } while (value);
  return out;
}

std::string fixed32(uint32_t value) {
  std::string out;
  for (int i = 0; i < 4; ++i)
    out += static_cast<char>(value >> (8 * i));
  return out;
}

std::string fixed64(uint64_t value) {
  return fixed32(static_cast<uint32_t>(value)) +
         fixed32(static_cast<uint32_t>(value >> 32));
}

std::string entryBytes(uint32_t shared, llvm::StringRef rest,
                       llvm::StringRef value) {
  return varint(shared) + varint(rest.size()) + varint(value.size()) +
         rest.str() + value.str();
}

/// A block of `entries` (whole keys), a restart every `interval` entries.
std::string
makeBlock(const std::vector<std::pair<std::string, std::string>> &entries,
          unsigned interval = 16) {
  std::string out;
  std::vector<uint32_t> restarts;
  std::string previous;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string &key = entries[i].first;
    uint32_t shared = 0;
    if (i % interval == 0) {
      restarts.push_back(static_cast<uint32_t>(out.size()));
    } else {
      while (shared < key.size() && shared < previous.size() &&
             key[shared] == previous[shared])
        ++shared;
    }
    out += entryBytes(shared, llvm::StringRef(key).drop_front(shared),
                      entries[i].second);
    previous = key;
  }
  if (restarts.empty())
    restarts.push_back(0);
  for (uint32_t r : restarts)
    out += fixed32(r);
  return out + fixed32(static_cast<uint32_t>(restarts.size()));
}

std::string trailer(llvm::StringRef contents, char type = 0) {
  return std::string(1, type) +
         fixed32(maskCrc32c(
             extendCrc32c(crc32c(contents), llvm::StringRef(&type, 1))));
}

std::string handle(uint64_t offset, uint64_t size) {
  return varint(offset) + varint(size);
}

/// A table of one data block per element of `blocks`; `indexKeys`
/// overrides the index keys (default: each block's last key).
std::string makeTable(
    const std::vector<std::vector<std::pair<std::string, std::string>>> &blocks,
    std::vector<std::string> indexKeys = {}, char type = 0) {
  std::string out;
  std::vector<std::pair<std::string, std::string>> index;
  for (size_t i = 0; i < blocks.size(); ++i) {
    std::string contents = makeBlock(blocks[i]);
    std::string key =
        i < indexKeys.size() ? indexKeys[i] : blocks[i].back().first;
    index.push_back({key, handle(out.size(), contents.size())});
    out += contents + trailer(contents, type);
  }
  std::string meta = makeBlock({});
  std::string metaHandle = handle(out.size(), meta.size());
  out += meta + trailer(meta);
  std::string indexBlock = makeBlock(index, 1);
  std::string indexHandle = handle(out.size(), indexBlock.size());
  out += indexBlock + trailer(indexBlock);
  std::string footer = metaHandle + indexHandle;
  footer.resize(40, '\0');
  return out + footer + fixed64(kTableMagic);
}

/// The keys of a block, or the error's message.
std::string walkBlock(llvm::StringRef block) {
  std::string keys;
  llvm::Error err = forEachBlockEntry(
      block, 0, "f", [&](llvm::StringRef key, llvm::StringRef value, uint64_t) {
        keys += key.str() + "=" + value.str() + ";";
        return llvm::Error::success();
      });
  if (err)
    return "error: " + llvm::toString(std::move(err));
  return keys;
}

std::string walkTable(llvm::StringRef table) {
  std::string keys;
  llvm::Error err = forEachTableEntry(
      table, "t", [&](llvm::StringRef key, llvm::StringRef value, uint64_t) {
        keys += key.str() + "=" + value.str() + ";";
        return llvm::Error::success();
      });
  if (err)
    return "error: " + llvm::toString(std::move(err));
  return keys;
}

bool startsWith(const std::string &text, llvm::StringRef prefix) {
  return llvm::StringRef(text).starts_with(prefix);
}

//===----------------------------------------------------------------------===//
// CRC32C
//===----------------------------------------------------------------------===//

TEST(TensorBundleTest, Crc32cKnownValues) {
  // The CRC32C check value, and iSCSI's test vector of 32 zero bytes.
  EXPECT_EQ(crc32c("123456789"), 0xe3069283u);
  EXPECT_EQ(crc32c(std::string(32, '\0')), 0x8a9136aau);
  EXPECT_EQ(extendCrc32c(crc32c("1234"), "56789"), 0xe3069283u);
  for (uint32_t crc : {0u, 1u, 0xe3069283u, 0xffffffffu})
    EXPECT_EQ(unmaskCrc32c(maskCrc32c(crc)), crc);
  EXPECT_EQ(maskCrc32c(0), 0xa282ead8u);
}

//===----------------------------------------------------------------------===//
// Blocks
//===----------------------------------------------------------------------===//

TEST(TensorBundleTest, BlockPrefixCompressionAndRestarts) {
  std::vector<std::pair<std::string, std::string>> entries;
  std::string expected;
  for (int i = 0; i < 40; ++i) {
    std::string key = "layer" + std::to_string(100 + i) + "/kernel";
    entries.push_back({key, std::to_string(i)});
    expected += key + "=" + std::to_string(i) + ";";
  }
  EXPECT_EQ(walkBlock(makeBlock(entries, 16)), expected);
  EXPECT_EQ(walkBlock(makeBlock(entries, 1)), expected);
  EXPECT_EQ(walkBlock(makeBlock(entries, 100)), expected);
}

TEST(TensorBundleTest, EmptyBlock) {
  EXPECT_EQ(walkBlock(makeBlock({})), "");
  EXPECT_TRUE(startsWith(walkBlock("abc"),
                         "error: f:0: block of 3 bytes is too short"));
}

TEST(TensorBundleTest, RestartCount) {
  std::string entries = entryBytes(0, "a", "1");
  // No restart point at all.
  EXPECT_EQ(walkBlock(entries + fixed32(0)),
            "error: f:5: block has 0 restart points; its 9 bytes hold 1 to 1");
  // More restart points than the block can hold.
  EXPECT_EQ(walkBlock(entries + fixed32(0) + fixed32(7)),
            "error: f:9: block has 7 restart points; its 13 bytes hold 1 to 2");
}

TEST(TensorBundleTest, RestartPoints) {
  std::string a = entryBytes(0, "ab", "1"), b = entryBytes(1, "c", "2");
  // The first restart is not 0.
  EXPECT_EQ(walkBlock(a + b + fixed32(1) + fixed32(1)),
            "error: f:11: the first restart point is 1, not 0");
  // A restart inside an entry.
  EXPECT_TRUE(startsWith(
      walkBlock(a + b + fixed32(0) + fixed32(2) + fixed32(2)),
      "error: f:15: restart point 1 (2) is not the start of an entry"));
  // Restarts that do not increase.
  EXPECT_TRUE(startsWith(
      walkBlock(a + b + fixed32(0) + fixed32(0) + fixed32(2)),
      "error: f:15: restart point 1 (0) is not the start of an entry"));
  // A restart at an entry that shares bytes.
  EXPECT_EQ(walkBlock(a + b + fixed32(0) + fixed32(a.size()) + fixed32(2)),
            "error: f:6: entry at a restart point shares 1 bytes of the "
            "previous key");
  // A restart past the entries.
  EXPECT_EQ(walkBlock(a + b + fixed32(0) + fixed32(40) + fixed32(2)),
            "error: f:15: restart point 1 (40) is not the start of an entry");
  // Well formed: restarts at both entries, the second storing its key whole.
  std::string whole = entryBytes(0, "ac", "2");
  EXPECT_EQ(walkBlock(a + whole + fixed32(0) + fixed32(a.size()) + fixed32(2)),
            "ab=1;ac=2;");
}

TEST(TensorBundleTest, EntryHeaders) {
  auto block = [](const std::string &entries) {
    return entries + fixed32(0) + fixed32(1);
  };
  // Shares more than the previous key has.
  EXPECT_EQ(walkBlock(block(entryBytes(0, "a", "") + entryBytes(2, "b", ""))),
            "error: f:4: entry shares 2 bytes of a previous key of 1 bytes");
  // The first entry shares bytes (of an empty previous key).
  EXPECT_EQ(walkBlock(block(entryBytes(1, "a", ""))),
            "error: f:0: entry shares 1 bytes of a previous key of 0 bytes");
  // Key and value past the entries.
  EXPECT_EQ(walkBlock(block(varint(0) + varint(1) + varint(9) + "k")),
            "error: f:0: entry's key and value (1 + 9 bytes) run past the "
            "block's entries (1 bytes left)");
  // A varint cut by the restart array, and one longer than 32 bits.
  EXPECT_TRUE(startsWith(walkBlock(block(std::string("\x00\x80", 2))),
                         "error: f:0: entry header is not three varint32s"));
  EXPECT_TRUE(startsWith(
      walkBlock(block(std::string("\x00\x01\xff\xff\xff\xff\x1f", 7) + "k")),
      "error: f:0: entry header is not three varint32s"));
}

TEST(TensorBundleTest, KeysAreQuotedEscaped) {
  EXPECT_EQ(describeKey(std::string("\0a\n", 3)), "\\00a\\0A");
  EXPECT_EQ(describeKey(std::string(100, 'k')), std::string(80, 'k') + "...");
  std::string entries =
      entryBytes(0, std::string("b\x01", 2), "") + entryBytes(0, "a", "");
  EXPECT_EQ(walkBlock(entries + fixed32(0) + fixed32(1)),
            "error: f:5: keys do not increase: 'a' follows 'b\\01'");
}

TEST(TensorBundleTest, KeysIncrease) {
  std::string entries = entryBytes(0, "b", "") + entryBytes(0, "a", "");
  EXPECT_EQ(walkBlock(entries + fixed32(0) + fixed32(1)),
            "error: f:4: keys do not increase: 'a' follows 'b'");
  std::string twice = entryBytes(0, "a", "") + entryBytes(1, "", "");
  EXPECT_EQ(walkBlock(twice + fixed32(0) + fixed32(1)),
            "error: f:4: keys do not increase: 'a' follows 'a'");
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

TEST(TensorBundleTest, TableOfSeveralBlocks) {
  std::string table =
      makeTable({{{"a", "1"}, {"b", "2"}}, {{"c", "3"}}, {{"d", "4"}}});
  EXPECT_EQ(walkTable(table), "a=1;b=2;c=3;d=4;");
  // Index keys between blocks (not the last keys) are separators too.
  EXPECT_EQ(walkTable(makeTable({{{"a", "1"}, {"b", "2"}}, {{"d", "4"}}},
                                {"bz", "e"})),
            "a=1;b=2;d=4;");
}

TEST(TensorBundleTest, TableFooter) {
  EXPECT_TRUE(startsWith(walkTable("short"), "error: t:0: file of 5 bytes is "
                                             "too short for a table footer"));
  std::string table = makeTable({{{"a", "1"}}});
  std::string badMagic = table;
  badMagic[badMagic.size() - 1] ^= 1;
  EXPECT_TRUE(startsWith(walkTable(badMagic),
                         "error: t:" + std::to_string(table.size() - 8) +
                             ": bad table magic number"));
  std::string badHandles = table;
  for (size_t i = table.size() - 48; i < table.size() - 8; ++i)
    badHandles[i] = '\xff';
  EXPECT_TRUE(startsWith(walkTable(badHandles),
                         "error: t:" + std::to_string(table.size() - 48) +
                             ": table footer does not hold two block handles"));
}

TEST(TensorBundleTest, BlockTrailers) {
  std::string table = makeTable({{{"a", "1"}}});
  std::string contents = makeBlock({{"a", "1"}});
  // The data block's checksum.
  std::string badCrc = table;
  badCrc[contents.size() + 1] ^= 1;
  EXPECT_TRUE(startsWith(walkTable(badCrc),
                         "error: t:" + std::to_string(contents.size() + 1) +
                             ": block checksum mismatch"));
  // A flipped byte of the block's contents.
  std::string badByte = table;
  badByte[3] ^= 0x40;
  EXPECT_TRUE(startsWith(walkTable(badByte),
                         "error: t:" + std::to_string(contents.size() + 1) +
                             ": block checksum mismatch"));
  EXPECT_EQ(walkTable(makeTable({{{"a", "1"}}}, {}, 1)),
            "error: t:" + std::to_string(contents.size()) +
                ": block is snappy-compressed, which tfg does not read "
                "(TensorFlow writes tensor bundles uncompressed)");
  EXPECT_EQ(walkTable(makeTable({{{"a", "1"}}}, {}, 7)),
            "error: t:" + std::to_string(contents.size()) +
                ": unknown block compression type 7");
}

TEST(TensorBundleTest, BlockHandles) {
  EXPECT_TRUE(startsWith(
      llvm::toString(
          decodeBlockHandle(varint(1) + varint(2) + "x", 9, "t").takeError()),
      "t:9: block handle has 1 bytes after its two varints"));
  EXPECT_TRUE(startsWith(
      llvm::toString(decodeBlockHandle(varint(1), 9, "t").takeError()),
      "t:9: block handle is not two varint64s"));
  std::string table = makeTable({{{"a", "1"}}});
  auto past = readBlock(table, {table.size() - 10, 20}, table.size(), "t");
  ASSERT_FALSE(static_cast<bool>(past));
  EXPECT_TRUE(startsWith(llvm::toString(past.takeError()),
                         "t:" + std::to_string(table.size() - 10) +
                             ": block of 20 bytes and its trailer"));
  auto huge = readBlock(table, {~0ull, ~0ull}, table.size(), "t");
  ASSERT_FALSE(static_cast<bool>(huge));
  llvm::consumeError(huge.takeError());
}

TEST(TensorBundleTest, DataBlockOrder) {
  // Keys after their block's index key.
  EXPECT_EQ(walkTable(makeTable({{{"a", "1"}, {"c", "2"}}}, {"b"})),
            "error: t:5: key 'c' is after its block's index key 'b'");
  // Keys that do not increase across blocks.
  EXPECT_TRUE(
      startsWith(walkTable(makeTable({{{"b", "1"}}, {{"a", "2"}}}, {"b", "c"})),
                 "error: t:18: keys do not increase across blocks"));
  // Two index entries naming the same block.
  std::string contents = makeBlock({{"a", "1"}});
  std::string out = contents + trailer(contents);
  std::string index = makeBlock(
      {{"a", handle(0, contents.size())}, {"b", handle(0, contents.size())}},
      1);
  std::string meta = makeBlock({});
  std::string metaHandle = handle(out.size(), meta.size());
  out += meta + trailer(meta);
  std::string indexHandle = handle(out.size(), index.size());
  out += index + trailer(index);
  std::string footer = metaHandle + indexHandle;
  footer.resize(40, '\0');
  out += footer + fixed64(kTableMagic);
  EXPECT_TRUE(startsWith(walkTable(out), "error: t:"));
  EXPECT_NE(walkTable(out).find("overlaps or precedes the previous block"),
            std::string::npos);
}

TEST(TensorBundleTest, IndexKeysMayNotOutgrowTheFile) {
  // Index keys of 3000 bytes spelled through shared prefixes: 40 of them
  // expand to 120,000 bytes from a file of about 3,300.
  std::string longKey(3000, 'a');
  std::vector<std::pair<std::string, std::string>> index;
  for (int i = 0; i < 40; ++i)
    index.push_back({longKey + std::string(1, char('a' + i)), handle(0, 1)});
  std::string contents = makeBlock(index, 100);
  std::string meta = makeBlock({});
  std::string out = meta + trailer(meta);
  std::string metaHandle = handle(0, meta.size());
  std::string indexHandle = handle(out.size(), contents.size());
  out += contents + trailer(contents);
  std::string footer = metaHandle + indexHandle;
  footer.resize(40, '\0');
  out += footer + fixed64(kTableMagic);
  std::string result = walkTable(out);
  EXPECT_NE(result.find("the index block's keys expand to more bytes than the "
                        "file has"),
            std::string::npos)
      << result;
}

//===----------------------------------------------------------------------===//
// Bundle index entries
//===----------------------------------------------------------------------===//

std::string field(uint32_t number, uint32_t type, const std::string &payload) {
  std::string tag = varint(number << 3 | type);
  if (type == 2)
    return tag + varint(payload.size()) + payload;
  return tag + payload;
}

std::string header(int64_t shards, int64_t endianness = 0,
                   int64_t minConsumer = 0) {
  std::string version = field(1, 0, varint(1));
  if (minConsumer)
    version += field(2, 0, varint(minConsumer));
  return field(1, 0, varint(shards)) + field(2, 0, varint(endianness)) +
         field(3, 2, version);
}

std::string shape(std::vector<int64_t> dims) {
  std::string out;
  for (int64_t d : dims)
    out += field(2, 2, field(1, 0, varint(static_cast<uint64_t>(d))));
  return out;
}

std::string entry(int dtype, std::vector<int64_t> dims, int64_t shard,
                  int64_t offset, int64_t size) {
  return field(1, 0, varint(dtype)) + field(2, 2, shape(dims)) +
         field(3, 0, varint(static_cast<uint64_t>(shard))) +
         field(4, 0, varint(static_cast<uint64_t>(offset))) +
         field(5, 0, varint(static_cast<uint64_t>(size))) +
         field(6, 5, fixed32(0));
}

std::string decodeEntry(const std::string &encoded, int shards = 2) {
  BundleHeader h;
  h.numShards = shards;
  auto decoded = decodeBundleEntry("v", encoded, 0, "i", h, BundleLimits());
  if (!decoded)
    return "error: " + llvm::toString(decoded.takeError());
  return "ok " + std::to_string(decoded->numElements);
}

TEST(TensorBundleTest, Headers) {
  auto decode = [](const std::string &encoded) -> std::string {
    auto h = decodeBundleHeader(encoded, 0, "i", BundleLimits());
    if (!h)
      return "error: " + llvm::toString(h.takeError());
    return "ok " + std::to_string(h->numShards);
  };
  EXPECT_EQ(decode(header(3)), "ok 3");
  EXPECT_EQ(decode(header(0)),
            "error: i:0: bundle declares 0 shards; tfg reads 1 to 65536");
  EXPECT_EQ(decode(header(1, 1)),
            "error: i:0: bundle is big-endian, which tfg does not read");
  EXPECT_EQ(decode(header(1, 0, 2)),
            "error: i:0: bundle needs a reader of version 2 or later; tfg "
            "reads version 1");
  EXPECT_EQ(decode(field(1, 2, "x")),
            "error: i:0: bundle header field 1 (num_shards) has wire type 2, "
            "not 0");
}

TEST(TensorBundleTest, Entries) {
  EXPECT_EQ(decodeEntry(entry(1, {2, 3}, 1, 8, 24)), "ok 6");
  EXPECT_EQ(decodeEntry(entry(1, {}, 0, 0, 4)), "ok 1");
  EXPECT_EQ(decodeEntry(entry(1, {0, 5}, 0, 0, 0)), "ok 0");
  EXPECT_EQ(decodeEntry(entry(7, {2}, 0, 0, 6)), "ok 2");
  EXPECT_EQ(decodeEntry(entry(1, {2, 3}, 0, 0, 20)),
            "error: i:0: entry 'v' has 20 bytes; its dtype and shape need 6 "
            "elements of 4 bytes");
  EXPECT_EQ(decodeEntry(entry(1, {}, 2, 0, 4)),
            "error: i:0: entry 'v' names shard 2 of a bundle of 2 shards");
  EXPECT_EQ(decodeEntry(entry(1, {}, -1, 0, 4)),
            "error: i:0: entry 'v' names shard -1 of a bundle of 2 shards");
  EXPECT_EQ(decodeEntry(entry(20, {}, 0, 0, 4)),
            "error: i:0: entry 'v' has dtype 20, which tfg does not read from "
            "a bundle");
  EXPECT_EQ(decodeEntry(entry(1, {}, 0, -4, 4)),
            "error: i:0: entry 'v' has offset -4 and size 4");
  EXPECT_EQ(decodeEntry(entry(7, {3}, 0, 0, 6)),
            "error: i:0: entry 'v' has 6 bytes, too few for 3 strings");
  EXPECT_EQ(decodeEntry(entry(1, {-1}, 0, 0, 4)),
            "error: i:4: tensor shape has dimension 0 of size -1");
  EXPECT_EQ(decodeEntry(entry(1, {1ll << 40, 1ll << 40}, 0, 0, 4)),
            "error: i:0: entry 'v' has a shape whose element count overflows");
  EXPECT_TRUE(startsWith(decodeEntry(field(3, 2, "")),
                         "error: i:0: entry 'v' field 3 (shard_id) has wire "
                         "type 2"));
  // A partitioned tensor's entry lists slices and holds no bytes.
  EXPECT_EQ(decodeEntry(entry(1, {4}, 0, 0, 0) + field(7, 2, "")), "ok 4");
}

TEST(TensorBundleTest, KeyAndStringBounds) {
  BundleLimits limits;
  limits.maxKeyBytes = 4;
  std::vector<std::pair<std::string, std::string>> entries = {
      {"", header(1)}, {"short", entry(1, {}, 0, 0, 4)}};
  BundleHeader h;
  std::vector<BundleEntry> read;
  std::string table = makeTable({entries});
  EXPECT_EQ(llvm::toString(readBundleIndex(table, "i", limits, h, read)),
            "i:11: key of 5 bytes, over the bound of 4");
  limits.maxKeyBytes = 64;
  limits.maxTotalKeyBytes = 4;
  read.clear();
  EXPECT_EQ(llvm::toString(readBundleIndex(table, "i", limits, h, read)),
            "i:11: the keys hold more than 4 bytes");
  // Strings cost 32 bytes each besides their characters.
  BundleLimits small;
  small.maxTensorBytes = 320;
  h.numShards = 1;
  auto many =
      decodeBundleEntry("s", entry(7, {11}, 0, 0, 15), 0, "i", h, small);
  ASSERT_FALSE(static_cast<bool>(many));
  EXPECT_EQ(llvm::toString(many.takeError()),
            "i:0: entry 's' has 11 strings, over the bound of 10");
}

TEST(TensorBundleTest, StringTensors) {
  auto encode = [](std::vector<std::string> strings, bool badChecksum = false) {
    std::string lengths, data;
    uint32_t crc = 0;
    for (const std::string &s : strings) {
      lengths += varint(s.size());
      crc = extendCrc32c(crc, fixed32(static_cast<uint32_t>(s.size())));
      data += s;
    }
    return lengths + fixed32(maskCrc32c(crc) ^ (badChecksum ? 1 : 0)) + data;
  };
  uint32_t crc;
  auto good = decodeStringTensor(encode({"ab", "", "xyz"}), 3, 10, "d", crc);
  ASSERT_TRUE(static_cast<bool>(good));
  EXPECT_EQ(*good, (std::vector<std::string>{"ab", "", "xyz"}));
  auto bad = decodeStringTensor(encode({"ab"}, true), 1, 10, "d", crc);
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_TRUE(startsWith(llvm::toString(bad.takeError()),
                         "d:11: string length checksum mismatch"));
  auto extra = decodeStringTensor(encode({"ab"}) + "!", 1, 10, "d", crc);
  ASSERT_FALSE(static_cast<bool>(extra));
  EXPECT_EQ(
      llvm::toString(extra.takeError()),
      "d:15: string tensor's strings have 3 bytes; their lengths sum to 2");
  auto longer = decodeStringTensor(varint(1000) + fixed32(0), 1, 0, "d", crc);
  ASSERT_FALSE(static_cast<bool>(longer));
  EXPECT_TRUE(startsWith(llvm::toString(longer.takeError()),
                         "d:0: length of string 0 (1000) runs past"));
}

} // namespace
