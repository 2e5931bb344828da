//===- GraphDefWire.h - A binary GraphDef, in place -------------*- C++ -*-===//
//
// A reader of the protobuf wire format that finds a binary GraphDef's nodes
// and functions without parsing them: where each NodeDef lies in the
// buffer, and its name, op and inputs as strings of the buffer; where each
// FunctionDef of the library lies. The importer resolves every input from
// these and parses each NodeDef only when it builds the node's operation,
// each FunctionDef only when it imports the function, so the parsed
// GraphDef never exists whole.
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
  /// inputs) and functions from `bytes`, the other fields are
  /// `otherFields()`, and each NodeDef parses as `nodeBytes(i)` iff it
  /// parses inside the GraphDef (with one level less of nesting allowed).
  bool scan(StringRef bytes);

  size_t size() const { return encodings.size(); }
  StringRef name(size_t i) const {
    return released ? lastField(i, kNameField) : get(keys[i].name);
  }
  StringRef op(size_t i) const {
    return released ? lastField(i, kOpField) : get(keys[i].op);
  }
  unsigned numInputs(size_t i) const { return keys[i].numInputs; }
  /// Node i's inputs, in order, read again from its encoding (no table of
  /// them is kept: resolution reads each once).
  void inputs(size_t i, SmallVectorImpl<StringRef> &out) const;
  /// Node i's k-th input (k < its number of inputs), read the same way.
  StringRef input(size_t i, unsigned k) const;
  /// The NodeDef's encoding.
  StringRef nodeBytes(size_t i) const { return get(encodings[i]); }
  /// Frees the table of names, ops and input counts, keeping each node's
  /// encoding: `numInputs` may not be called afterwards, and `name` and
  /// `op` read the encoding again (for diagnostics).
  void releaseKeys() {
    std::vector<Key>().swap(keys);
    released = true;
  }

  /// The library's functions, in order (a FunctionDef parses as
  /// `functionBytes(i)` iff it parses inside the GraphDef, with two levels
  /// less of nesting allowed).
  size_t numFunctions() const { return functions.size(); }
  StringRef functionBytes(size_t i) const { return get(functions[i]); }
  /// The encodings of the `signature` fields of an encoded FunctionDef, in
  /// order (protobuf merges them); false on an encoding the scan leaves to
  /// protobuf.
  static bool signaturePieces(StringRef functionDef,
                              SmallVectorImpl<StringRef> &pieces);

  /// The encoded GraphDef fields other than the nodes and functions, in
  /// their order: a GraphDef without nodes whose library (when the input
  /// has one) has no functions.
  StringRef otherFields() const { return rest; }

  /// Says that the scanned bytes are a read-only mapping of a file, never
  /// written in memory: `releasePages` may then give their pages back.
  void setFileMapped(bool mapped) { fileMapped = mapped; }
  /// Gives the whole pages inside `part` (a piece of the scanned bytes)
  /// back to the system when the bytes are file-mapped, and does nothing
  /// otherwise. The bytes stay readable: a page touched again is read
  /// again from the file (the page cache). Safe from several threads.
  void releasePages(StringRef part) const;
  /// releasePages of the encodings of nodes [begin, end).
  void releaseNodePages(size_t begin, size_t end) const;

private:
  /// A range of the buffer (which is below 2 GB).
  struct Span {
    uint32_t offset = 0, size = 0;
  };
  /// What resolving a node's inputs reads.
  struct Key {
    Span name, op;
    uint32_t numInputs = 0;
  };
  /// NodeDef.{name, op}.
  static constexpr uint32_t kNameField = 1, kOpField = 2;
  StringRef get(Span s) const { return data.substr(s.offset, s.size); }
  /// The span of `part`, a piece of `data`.
  Span spanOf(StringRef part) const {
    return {static_cast<uint32_t>(part.data() - data.data()),
            static_cast<uint32_t>(part.size())};
  }
  /// The last length-delimited field `number` of node i (protobuf keeps the
  /// last value of a singular field).
  StringRef lastField(size_t i, uint32_t number) const;
  /// Reads the NodeDef encoded in `encoded`, a piece of `data`.
  bool scanNode(StringRef encoded);
  /// Reads the FunctionDefLibrary encoded in `encoded`, a piece of `data`.
  bool scanLibrary(StringRef encoded);

  StringRef data;
  std::vector<Span> encodings;
  std::vector<Key> keys;
  bool released = false;
  bool fileMapped = false;
  std::vector<Span> functions;
  std::string rest;
};

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_GRAPHDEFWIRE_H
