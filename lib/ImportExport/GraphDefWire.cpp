//===- GraphDefWire.cpp - The nodes of a binary GraphDef, in place --------===//
//
// Reads only what decides where the fields are: tags, varints and lengths.
// Anything protobuf might read differently (groups, over-long varints, a
// field number 0) makes the scan give up, so that protobuf parses the whole
// message instead; a known field with an unexpected wire type is an unknown
// field to protobuf, and is skipped here too.
//
//===----------------------------------------------------------------------===//

#include "GraphDefWire.h"

#include <limits>

using namespace mlir::tfg::detail;

namespace {
/// GraphDef.node and NodeDef.{name, op, input}.
constexpr uint32_t kGraphNodeField = 1;
constexpr uint32_t kNodeNameField = 1;
constexpr uint32_t kNodeOpField = 2;
constexpr uint32_t kNodeInputField = 3;

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
} // namespace

bool WireGraph::scan(StringRef bytes) {
  data = bytes;
  nodes.clear();
  inputs.clear();
  rest.clear();
  if (bytes.size() >= static_cast<size_t>(std::numeric_limits<int>::max()))
    return false;
  Cursor cursor{bytes.begin(), bytes.end()};
  while (!cursor.atEnd()) {
    const char *start = cursor.p;
    uint32_t number, type;
    StringRef payload;
    if (!cursor.field(number, type, payload))
      return false;
    if (number == kGraphNodeField && type == kLengthDelimited) {
      if (!scanNode(payload))
        return false;
      continue;
    }
    rest.append(start, cursor.p);
  }
  // The tables live until every operation is built: no spare capacity.
  nodes.shrink_to_fit();
  inputs.shrink_to_fit();
  return true;
}

bool WireGraph::scanNode(StringRef encoded) {
  Node node;
  node.bytes = spanOf(encoded);
  node.firstInput = inputs.size();
  Cursor cursor{encoded.begin(), encoded.end()};
  while (!cursor.atEnd()) {
    uint32_t number, type;
    StringRef payload;
    if (!cursor.field(number, type, payload))
      return false;
    if (type != kLengthDelimited)
      continue;
    Span span = spanOf(payload);
    // A repeated singular field keeps its last value, as protobuf does.
    if (number == kNodeNameField)
      node.name = span;
    else if (number == kNodeOpField)
      node.op = span;
    else if (number == kNodeInputField)
      inputs.push_back(span);
  }
  nodes.push_back(node);
  return true;
}
