//===- WireFormat.h - Fields of protobuf's binary encoding ------*- C++ -*-===//
//
// The few pieces of protobuf's wire format that the in-place readers need
// (GraphDefWire, SavedModel): tags, varints and lengths. A field this
// reader cannot skip exactly as protobuf would (a group, an over-long
// varint, a field numbered 0) makes it give up, leaving the bytes to
// protobuf.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_WIREFORMAT_H
#define TFG_LIB_IMPORTEXPORT_WIREFORMAT_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace mlir {
namespace tfg {
namespace detail {
namespace wire {

enum WireType : uint32_t {
  kVarint = 0,
  kFixed64 = 1,
  kLengthDelimited = 2,
  kFixed32 = 5,
};

/// Reads fields from [p, end).
struct Cursor {
  const char *p, *end;

  bool atEnd() const { return p == end; }

  /// A varint of at most `maxBytes` bytes.
  bool varint(uint64_t &value, unsigned maxBytes) {
    value = 0;
    for (unsigned i = 0; i < maxBytes && p != end; ++i) {
      auto byte = static_cast<uint8_t>(*p++);
      value |= static_cast<uint64_t>(byte & 0x7f) << (7 * i);
      if (!(byte & 0x80))
        return true;
    }
    return false;
  }

  /// Reads one field; `payload` is set for a length-delimited one.
  bool field(uint32_t &number, uint32_t &type, llvm::StringRef &payload) {
    uint64_t tag;
    if (!varint(tag, 5) || tag > std::numeric_limits<uint32_t>::max())
      return false;
    number = static_cast<uint32_t>(tag >> 3);
    type = static_cast<uint32_t>(tag & 7);
    if (number == 0)
      return false;
    uint64_t value;
    switch (type) {
    case kVarint:
      return varint(value, 10);
    case kFixed64:
      return skip(8);
    case kFixed32:
      return skip(4);
    case kLengthDelimited:
      // Protobuf limits a length to a little below 2 GB.
      if (!varint(value, 5) || value > (1u << 30) ||
          value > static_cast<uint64_t>(end - p))
        return false;
      payload = llvm::StringRef(p, value);
      p += value;
      return true;
    default: // groups, and wire types that do not exist
      return false;
    }
  }

  bool skip(size_t n) {
    if (static_cast<size_t>(end - p) < n)
      return false;
    p += n;
    return true;
  }
};

/// Calls `fn(number, type, payload, field)` on each field of `encoded`
/// (`field` is the whole encoded field) until it returns false; false when
/// it does, or when a field does not read.
template <typename Fn> bool forEachField(llvm::StringRef encoded, Fn fn) {
  Cursor cursor{encoded.begin(), encoded.end()};
  while (!cursor.atEnd()) {
    const char *start = cursor.p;
    uint32_t number, type;
    llvm::StringRef payload;
    if (!cursor.field(number, type, payload) ||
        !fn(number, type, payload,
            llvm::StringRef(start, static_cast<size_t>(cursor.p - start))))
      return false;
  }
  return true;
}

} // namespace wire
} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_WIREFORMAT_H
