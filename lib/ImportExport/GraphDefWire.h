//===- GraphDefWire.h - The nodes of a binary GraphDef, in place -*- C++
//-*-===//
//
// A reader of the protobuf wire format that finds a binary GraphDef's nodes
// without parsing them: where each NodeDef lies in the buffer, and its name,
// op and inputs as strings of the buffer. The importer resolves every input
// from these and parses each NodeDef only when it builds the node's
// operation, so the parsed GraphDef never exists whole.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_GRAPHDEFWIRE_H
#define TFG_LIB_IMPORTEXPORT_GRAPHDEFWIRE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {
namespace detail {

class WireGraph {
public:
  /// Reads the nodes of `bytes`, which must outlive this object. Returns
  /// false, leaving the message to protobuf, on anything but the plain
  /// encoding it reads: malformed bytes, groups, an input of 2 GB or more.
  /// When it returns true, protobuf reads the same nodes (names, ops and
  /// inputs) from `bytes`, the other fields are `otherFields()`, and each
  /// NodeDef parses as `nodeBytes(i)` iff it parses inside the GraphDef
  /// (with one level less of nesting allowed).
  bool scan(StringRef bytes);

  size_t size() const { return nodes.size(); }
  StringRef name(size_t i) const { return get(nodes[i].name); }
  StringRef op(size_t i) const { return get(nodes[i].op); }
  unsigned numInputs(size_t i) const {
    return inputEnd(i) - nodes[i].firstInput;
  }
  StringRef input(size_t i, unsigned k) const {
    return get(inputs[nodes[i].firstInput + k]);
  }
  /// The NodeDef's encoding.
  StringRef nodeBytes(size_t i) const { return get(nodes[i].bytes); }
  /// The encoded GraphDef fields other than the nodes, in their order: a
  /// GraphDef without nodes.
  StringRef otherFields() const { return rest; }

private:
  /// A range of the buffer (which is below 2 GB).
  struct Span {
    uint32_t offset = 0, size = 0;
  };
  struct Node {
    Span bytes, name, op;
    uint32_t firstInput = 0;
  };
  StringRef get(Span s) const { return data.substr(s.offset, s.size); }
  /// The span of `part`, a piece of `data`.
  Span spanOf(StringRef part) const {
    return {static_cast<uint32_t>(part.data() - data.data()),
            static_cast<uint32_t>(part.size())};
  }
  uint32_t inputEnd(size_t i) const {
    return i + 1 < nodes.size() ? nodes[i + 1].firstInput : inputs.size();
  }
  /// Reads the NodeDef encoded in `encoded`, a piece of `data`.
  bool scanNode(StringRef encoded);

  StringRef data;
  std::vector<Node> nodes;
  std::vector<Span> inputs;
  std::string rest;
};

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_GRAPHDEFWIRE_H
