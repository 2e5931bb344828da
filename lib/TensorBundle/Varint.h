//===- Varint.h - Bounded little-endian base-128 integers -------*- C++ -*-===//
//
// The varints of LevelDB's tables and of protobuf's wire format, read from a
// byte range with every bound checked: a varint32 has at most 5 bytes and
// fits 32 bits, a varint64 at most 10 bytes and fits 64 bits. Private to the
// tensor bundle reader.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TENSORBUNDLE_VARINT_H
#define TFG_LIB_TENSORBUNDLE_VARINT_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>

namespace mlir {
namespace tfg {
namespace bundle {
namespace detail {

/// Reads a varint of at most `maxBytes` bytes from [p, end) into `value`,
/// advancing `p`. False when it runs past `end`, is longer, or does not fit
/// `bits` bits.
inline bool readVarint(const char *&p, const char *end, uint64_t &value,
                       unsigned maxBytes, unsigned bits) {
  value = 0;
  const char *q = p;
  for (unsigned i = 0; i < maxBytes && q != end; ++i) {
    auto byte = static_cast<uint8_t>(*q++);
    uint64_t part = byte & 0x7f;
    unsigned shift = 7 * i;
    // The bits of this byte past `bits` must be zero.
    if (shift + 7 > bits && (part >> (bits - shift)) != 0)
      return false;
    value |= part << shift;
    if (!(byte & 0x80)) {
      p = q;
      return true;
    }
  }
  return false;
}

inline bool readVarint32(const char *&p, const char *end, uint32_t &value) {
  uint64_t wide;
  if (!readVarint(p, end, wide, 5, 32))
    return false;
  value = static_cast<uint32_t>(wide);
  return true;
}

inline bool readVarint64(const char *&p, const char *end, uint64_t &value) {
  return readVarint(p, end, value, 10, 64);
}

/// A little-endian fixed32 / fixed64 at `p` (the caller checked the bytes).
inline uint32_t readFixed32(const char *p) {
  uint8_t b[4];
  std::memcpy(b, p, 4);
  return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 |
         uint32_t(b[3]) << 24;
}
inline uint64_t readFixed64(const char *p) {
  return uint64_t(readFixed32(p)) | uint64_t(readFixed32(p + 4)) << 32;
}

} // namespace detail
} // namespace bundle
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TENSORBUNDLE_VARINT_H
