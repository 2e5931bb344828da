//===- BundleIndex.cpp - A tensor bundle's index entries ------------------===//
//
// Decodes the BundleHeaderProto and BundleEntryProto values of an index off
// protobuf's wire format (field numbers of TensorFlow's tensor_bundle.proto,
// tensor_shape.proto and versions.proto; the project's tensor_bundle.proto has
// them), and checks each against the header and the bounds. A known field
// with a wire type other than its own is refused (TensorFlow never writes
// one); unknown fields are skipped as protobuf skips them.
//
//===----------------------------------------------------------------------===//

#include "Varint.h"
#include "tfg/TensorBundle/TensorBundle.h"

#include "llvm/ADT/Twine.h"

#include <limits>

using namespace mlir::tfg::bundle;
using namespace mlir::tfg::bundle::detail;
using llvm::Error;
using llvm::StringRef;
using llvm::Twine;

namespace {
enum WireType : uint32_t {
  kVarint = 0,
  kFixed64 = 1,
  kLengthDelimited = 2,
  kFixed32 = 5
};

/// One field of a message.
struct Field {
  uint32_t number;
  uint32_t type;
  uint64_t value;  // varint and fixed fields
  StringRef bytes; // length-delimited fields
  uint64_t offset; // in the file
};

/// Walks the fields of a message at `offset` of `file`.
class FieldReader {
public:
  FieldReader(StringRef encoded, uint64_t offset, StringRef file,
              StringRef what)
      : begin(encoded.begin()), p(encoded.begin()), end(encoded.end()),
        offset(offset), file(file), what(what) {}

  /// Reads the next field; false at the end.
  llvm::Expected<bool> next(Field &field) {
    if (p == end)
      return false;
    field.offset = offset + static_cast<uint64_t>(p - begin);
    uint64_t tag;
    if (!readVarint(p, end, tag, 5, 32) || (tag >> 3) == 0)
      return error(field.offset, "has a field tag that does not read");
    field.number = static_cast<uint32_t>(tag >> 3);
    field.type = static_cast<uint32_t>(tag & 7);
    switch (field.type) {
    case kVarint:
      if (!readVarint64(p, end, field.value))
        return error(field.offset, "has a varint that does not read");
      return true;
    case kFixed64:
    case kFixed32: {
      size_t n = field.type == kFixed64 ? 8 : 4;
      if (static_cast<size_t>(end - p) < n)
        return error(field.offset, "ends inside a fixed-size field");
      field.value = n == 8 ? readFixed64(p) : readFixed32(p);
      p += n;
      return true;
    }
    case kLengthDelimited: {
      uint64_t size;
      if (!readVarint64(p, end, size) || size > static_cast<uint64_t>(end - p))
        return error(field.offset, "has a field whose length runs past its "
                                   "end");
      field.bytes = StringRef(p, size);
      p += size;
      return true;
    }
    default:
      return error(field.offset, "has a field of wire type " +
                                     Twine(field.type) +
                                     " (groups are not read)");
    }
  }

  /// Calls `fn` on each remaining field, stopping at its first error.
  Error forEach(llvm::function_ref<Error(const Field &)> fn) {
    Field field;
    while (true) {
      auto more = next(field);
      if (!more)
        return more.takeError();
      if (!*more)
        return Error::success();
      if (Error err = fn(field))
        return err;
    }
  }

  /// Fails unless `field` has wire type `type`.
  Error expect(const Field &field, uint32_t type, StringRef name) {
    if (field.type == type)
      return Error::success();
    return error(field.offset, "field " + Twine(field.number) + " (" + name +
                                   ") has wire type " + Twine(field.type) +
                                   ", not " + Twine(type));
  }

  Error error(uint64_t at, const Twine &message) {
    return bundleError(file, at, what + " " + message);
  }

  uint64_t offsetOf(StringRef bytes) const {
    return offset + static_cast<uint64_t>(bytes.data() - begin);
  }

private:
  const char *begin, *p, *end;
  uint64_t offset;
  StringRef file;
  StringRef what;
};
} // namespace

/// An int32 field as protobuf reads it from a varint: its low 32 bits.
static int32_t asInt32(uint64_t value) {
  return static_cast<int32_t>(static_cast<uint32_t>(value));
}

std::optional<unsigned> mlir::tfg::bundle::getBundleElementSize(int dtype) {
  switch (dtype) {
  case 1:  // float
  case 3:  // int32
  case 13: // qint32
  case 22: // uint32
    return 4;
  case 2:  // double
  case 9:  // int64
  case 8:  // complex64
  case 23: // uint64
    return 8;
  case 4:  // uint8
  case 6:  // int8
  case 10: // bool
  case 11: // qint8
  case 12: // quint8
  case 24: // float8_e5m2
  case 25: // float8_e4m3fn
    return 1;
  case 5:  // int16
  case 14: // bfloat16
  case 15: // qint16
  case 16: // quint16
  case 17: // uint16
  case 19: // half
    return 2;
  case 18: // complex128
    return 16;
  case 7: // string
    return 0;
  default:
    return std::nullopt;
  }
}

llvm::Expected<BundleHeader>
mlir::tfg::bundle::decodeBundleHeader(StringRef encoded, uint64_t offset,
                                      StringRef file,
                                      const BundleLimits &limits) {
  BundleHeader header;
  int64_t endianness = 0;
  std::vector<int32_t> badConsumers;
  FieldReader reader(encoded, offset, file, "bundle header");
  if (Error err = reader.forEach([&](const Field &field) -> Error {
        if (field.number == 1) {
          if (Error err = reader.expect(field, kVarint, "num_shards"))
            return std::move(err);
          header.numShards = asInt32(field.value);
        } else if (field.number == 2) {
          if (Error err = reader.expect(field, kVarint, "endianness"))
            return std::move(err);
          endianness = asInt32(field.value);
        } else if (field.number == 3) {
          if (Error err = reader.expect(field, kLengthDelimited, "version"))
            return std::move(err);
          // VersionDef: producer = 1, min_consumer = 2, bad_consumers = 3.
          FieldReader version(field.bytes, reader.offsetOf(field.bytes), file,
                              "bundle version");
          return version.forEach([&](const Field &inner) -> Error {
            if ((inner.number == 1 || inner.number == 2) &&
                inner.type == kVarint)
              (inner.number == 1 ? header.producer : header.minConsumer) =
                  asInt32(inner.value);
            else if (inner.number == 3 && inner.type == kVarint)
              badConsumers.push_back(asInt32(inner.value));
            else if (inner.number == 3 && inner.type == kLengthDelimited) {
              const char *p = inner.bytes.begin();
              while (p != inner.bytes.end()) {
                uint64_t value;
                if (!readVarint64(p, inner.bytes.end(), value))
                  return version.error(inner.offset,
                                       "has a packed bad_consumers list that "
                                       "does not read");
                badConsumers.push_back(asInt32(value));
              }
            } else if (inner.number <= 3)
              return version.error(inner.offset,
                                   "field " + Twine(inner.number) +
                                       " has wire type " + Twine(inner.type));
            return Error::success();
          });
        }
        return Error::success();
      }))
    return std::move(err);
  // The version of the bundles this reader reads, as TensorFlow's writer
  // stamps them.
  constexpr int32_t kReaderVersion = 1;
  if (header.minConsumer > kReaderVersion)
    return bundleError(file, offset,
                       "bundle needs a reader of version " +
                           Twine(header.minConsumer) +
                           " or later; tfg reads "
                           "version " +
                           Twine(kReaderVersion));
  for (int32_t bad : badConsumers)
    if (bad == kReaderVersion)
      return bundleError(file, offset,
                         "bundle lists reader version " + Twine(bad) +
                             " among its bad consumers");
  if (endianness == 1)
    return bundleError(file, offset,
                       "bundle is big-endian, which tfg does not read");
  if (endianness != 0)
    return bundleError(file, offset,
                       "bundle has unknown endianness " + Twine(endianness));
  if (header.numShards < 1 || header.numShards > limits.maxShards)
    return bundleError(file, offset,
                       "bundle declares " + Twine(header.numShards) +
                           " shards; tfg reads 1 to " +
                           Twine(limits.maxShards));
  return header;
}

/// Decodes a TensorShapeProto: dim = 2 (TensorShapeProto.Dim: size = 1,
/// name = 2), unknown_rank = 3.
static Error decodeShape(StringRef encoded, uint64_t offset, StringRef file,
                         const BundleLimits &limits,
                         llvm::SmallVectorImpl<int64_t> &shape) {
  FieldReader reader(encoded, offset, file, "tensor shape");
  return reader.forEach([&](const Field &field) -> Error {
    if (field.number == 3) {
      if (Error err = reader.expect(field, kVarint, "unknown_rank"))
        return err;
      if (field.value != 0)
        return reader.error(field.offset, "is of unknown rank");
      return Error::success();
    }
    if (field.number != 2)
      return Error::success();
    if (Error err = reader.expect(field, kLengthDelimited, "dim"))
      return err;
    if (static_cast<int64_t>(shape.size()) >= limits.maxRank)
      return reader.error(field.offset, "has more than " +
                                            Twine(limits.maxRank) +
                                            " dimensions");
    int64_t size = 0;
    FieldReader dimReader(field.bytes, reader.offsetOf(field.bytes), file,
                          "tensor shape dimension");
    if (Error err = dimReader.forEach([&](const Field &inner) -> Error {
          if (inner.number != 1)
            return Error::success();
          if (Error err = dimReader.expect(inner, kVarint, "size"))
            return err;
          size = static_cast<int64_t>(inner.value);
          return Error::success();
        }))
      return err;
    if (size < 0)
      return reader.error(field.offset, "has dimension " + Twine(shape.size()) +
                                            " of size " + Twine(size));
    shape.push_back(size);
    return Error::success();
  });
}

llvm::Expected<BundleEntry> mlir::tfg::bundle::decodeBundleEntry(
    StringRef key, StringRef encoded, uint64_t offset, StringRef file,
    const BundleHeader &header, const BundleLimits &limits) {
  BundleEntry entry;
  entry.key = key.str();
  entry.indexOffset = offset;
  int64_t shard = 0, dataOffset = 0, size = 0;
  std::string what = "entry '" + describeKey(entry.key) + "'";
  FieldReader named(encoded, offset, file, what);
  if (Error err = named.forEach([&](const Field &field) -> Error {
        switch (field.number) {
        case 1:
          if (Error err = named.expect(field, kVarint, "dtype"))
            return std::move(err);
          entry.dtype = asInt32(field.value);
          break;
        case 2:
          if (Error err = named.expect(field, kLengthDelimited, "shape"))
            return std::move(err);
          // A message field given twice merges: the dimensions add up.
          if (Error err = decodeShape(field.bytes, named.offsetOf(field.bytes),
                                      file, limits, entry.shape))
            return std::move(err);
          break;
        case 3:
          if (Error err = named.expect(field, kVarint, "shard_id"))
            return std::move(err);
          shard = asInt32(field.value);
          break;
        case 4:
          if (Error err = named.expect(field, kVarint, "offset"))
            return std::move(err);
          dataOffset = static_cast<int64_t>(field.value);
          break;
        case 5:
          if (Error err = named.expect(field, kVarint, "size"))
            return std::move(err);
          size = static_cast<int64_t>(field.value);
          break;
        case 6:
          if (Error err = named.expect(field, kFixed32, "crc32c"))
            return std::move(err);
          entry.maskedCrc32c = static_cast<uint32_t>(field.value);
          break;
        case 7:
          if (Error err = named.expect(field, kLengthDelimited, "slices"))
            return std::move(err);
          ++entry.numSlices;
          break;
        default:
          break;
        }
        return Error::success();
      }))
    return std::move(err);
  std::optional<unsigned> elementSize = getBundleElementSize(entry.dtype);
  if (!elementSize)
    return named.error(offset, "has dtype " + Twine(entry.dtype) +
                                   ", which tfg does not read from a bundle");
  if (shard < 0 || shard >= header.numShards)
    return named.error(offset, "names shard " + Twine(shard) +
                                   " of a bundle of " +
                                   Twine(header.numShards) + " shards");
  entry.shardId = static_cast<int32_t>(shard);
  if (dataOffset < 0 || size < 0)
    return named.error(offset, "has offset " + Twine(dataOffset) +
                                   " and size " + Twine(size));
  entry.offset = static_cast<uint64_t>(dataOffset);
  entry.size = static_cast<uint64_t>(size);
  if (entry.offset > std::numeric_limits<uint64_t>::max() - entry.size)
    return named.error(offset, "has an offset and size that overflow");
  // The element count, checked against overflow.
  uint64_t count = 1;
  for (int64_t dim : entry.shape) {
    if (dim != 0 && count > uint64_t(std::numeric_limits<int64_t>::max()) /
                                static_cast<uint64_t>(dim))
      return named.error(offset, "has a shape whose element count overflows");
    count *= static_cast<uint64_t>(dim);
  }
  entry.numElements = static_cast<int64_t>(count);
  if (entry.numSlices) {
    if (entry.size != 0)
      return named.error(
          offset, "is partitioned into " + Twine(entry.numSlices) +
                      " slices yet holds " + Twine(entry.size) + " bytes");
    return entry;
  }
  if (*elementSize) {
    if (count > std::numeric_limits<uint64_t>::max() / *elementSize ||
        count * *elementSize != entry.size)
      return named.error(offset, "has " + Twine(entry.size) +
                                     " bytes; its dtype and shape need " +
                                     Twine(count) + " elements of " +
                                     Twine(*elementSize) + " bytes");
  } else if (count > entry.size || entry.size - count < 4) {
    // Strings: one varint per length, then the length checksum.
    return named.error(offset, "has " + Twine(entry.size) +
                                   " bytes, too few "
                                   "for " +
                                   Twine(count) + " strings");
  }
  // A string costs its characters and 32 bytes in memory.
  if (!*elementSize && count > (limits.maxTensorBytes / 32))
    return named.error(offset, "has " + Twine(count) +
                                   " strings, over the bound of " +
                                   Twine(limits.maxTensorBytes / 32));
  if (entry.size > limits.maxTensorBytes)
    return named.error(offset, "has " + Twine(entry.size) +
                                   " bytes, over the bound of " +
                                   Twine(limits.maxTensorBytes));
  return entry;
}

Error mlir::tfg::bundle::readBundleIndex(StringRef bytes, StringRef file,
                                         const BundleLimits &limits,
                                         BundleHeader &header,
                                         std::vector<BundleEntry> &entries) {
  bool haveHeader = false;
  uint64_t totalKeyBytes = 0;
  Error err = forEachTableEntry(
      bytes, file, [&](StringRef key, StringRef value, uint64_t at) -> Error {
        if (!haveHeader) {
          if (!key.empty())
            return bundleError(file, at,
                               "the first key of a bundle index is '" +
                                   describeKey(key) +
                                   "', not the header's empty key");
          auto decoded = decodeBundleHeader(value, at, file, limits);
          if (!decoded)
            return decoded.takeError();
          header = *decoded;
          haveHeader = true;
          return Error::success();
        }
        if (key.size() > limits.maxKeyBytes)
          return bundleError(file, at,
                             "key of " + Twine(key.size()) +
                                 " bytes, over the bound of " +
                                 Twine(limits.maxKeyBytes));
        totalKeyBytes += key.size();
        if (totalKeyBytes > limits.maxTotalKeyBytes)
          return bundleError(file, at,
                             "the keys hold more than " +
                                 Twine(limits.maxTotalKeyBytes) + " bytes");
        if (entries.size() >= limits.maxEntries)
          return bundleError(file, at,
                             "bundle index has more than " +
                                 Twine(limits.maxEntries) + " entries");
        auto entry = decodeBundleEntry(key, value, at, file, header, limits);
        if (!entry)
          return entry.takeError();
        entries.push_back(std::move(*entry));
        return Error::success();
      });
  if (err)
    return err;
  if (!haveHeader)
    return bundleError(file, 0, "bundle index has no entries (no header)");
  return Error::success();
}

llvm::Expected<std::vector<std::string>>
mlir::tfg::bundle::decodeStringTensor(StringRef data, int64_t numElements,
                                      uint64_t offset, StringRef file,
                                      uint32_t &crc) {
  const char *p = data.begin(), *end = data.end();
  crc = 0;
  // Each length takes at least one byte: the count is within the data.
  if (numElements < 0 || static_cast<uint64_t>(numElements) > data.size())
    return bundleError(file, offset,
                       "string tensor of " + Twine(numElements) +
                           " elements in " + Twine(data.size()) + " bytes");
  std::vector<uint64_t> lengths;
  lengths.reserve(static_cast<size_t>(numElements));
  uint64_t total = 0;
  for (int64_t i = 0; i < numElements; ++i) {
    uint64_t at = offset + static_cast<uint64_t>(p - data.begin());
    uint64_t length;
    if (!readVarint64(p, end, length))
      return bundleError(file, at,
                         "length of string " + Twine(i) + " does not read");
    if (length > data.size() || total + length > data.size())
      return bundleError(file, at,
                         "length of string " + Twine(i) + " (" + Twine(length) +
                             ") runs past the tensor's " + Twine(data.size()) +
                             " bytes");
    total += length;
    lengths.push_back(length);
    char raw[8];
    for (int b = 0; b < 8; ++b)
      raw[b] = static_cast<char>(length >> (8 * b));
    crc = extendCrc32c(crc, StringRef(raw, length <= 0xffffffffu ? 4 : 8));
  }
  uint64_t checksumAt = offset + static_cast<uint64_t>(p - data.begin());
  if (end - p < 4)
    return bundleError(file, checksumAt,
                       "string tensor ends before its length checksum");
  uint32_t stored = readFixed32(p);
  if (unmaskCrc32c(stored) != crc)
    return bundleError(file, checksumAt,
                       "string length checksum mismatch: stored " +
                           Twine::utohexstr(unmaskCrc32c(stored)) +
                           ", computed " + Twine::utohexstr(crc));
  crc = extendCrc32c(crc, StringRef(p, 4));
  p += 4;
  if (static_cast<uint64_t>(end - p) != total)
    return bundleError(file, checksumAt + 4,
                       "string tensor's strings have " +
                           Twine(static_cast<uint64_t>(end - p)) +
                           " bytes; their lengths sum to " + Twine(total));
  std::vector<std::string> strings;
  strings.reserve(lengths.size());
  for (uint64_t length : lengths) {
    strings.emplace_back(p, length);
    p += length;
  }
  crc = extendCrc32c(crc, StringRef(end - total, total));
  return strings;
}
