//===- NameTable.h - Node positions by name ---------------------*- C++ -*-===//
//
// Internal to TFGImportExport: the table of a graph or function body's
// nodes the GraphDef importer resolves inputs against. The index is an
// open-addressing table over the names as the node source holds them (no
// copies), read once per edge of the graph: it stays in this header, inline,
// as the importer's hottest lookup.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_NAMETABLE_H
#define TFG_LIB_IMPORTEXPORT_NAMETABLE_H

#include "GraphDefSources.h"
#include "tfg/IR/OpSignature.h"

#include "mlir/IR/Block.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace mlir {
namespace tfg {
namespace detail {

/// What the importer keeps of a node's outputs: their types and output
/// arguments.
using NodeSignature = OutputArgs;

/// Node positions by name: open addressing over 16-byte slots, each a
/// name (pointer and length, into the node source) and the node's position
/// + 1 (0: empty), at most two thirds full (24 bytes per node). A
/// probe compares lengths before bytes.
class NameIndex {
public:
  /// Empties the index and sizes it for `n` names.
  void reset(size_t n) {
    slots.assign(std::max<size_t>(16, n + n / 2 + 1), Slot());
  }
  /// Adds node `pos` under `name`, unless the name is taken: then returns
  /// the position of the node that has it.
  std::optional<unsigned> insert(StringRef name, unsigned pos) {
    Slot &slot = slots[probe(name)];
    if (slot.pos != 0)
      return slot.pos - 1;
    slot = {name.data(), static_cast<uint32_t>(name.size()), pos + 1};
    return std::nullopt;
  }
  /// The position of the node named `name`.
  std::optional<unsigned> find(StringRef name) const {
    if (slots.empty())
      return std::nullopt;
    const Slot &slot = slots[probe(name)];
    if (slot.pos == 0)
      return std::nullopt;
    return slot.pos - 1;
  }
  void release() { std::vector<Slot>().swap(slots); }

private:
  struct Slot {
    const char *data = nullptr;
    uint32_t size = 0;
    uint32_t pos = 0;
  };
  /// The slot holding `name`, or the empty slot where it would go.
  size_t probe(StringRef name) const {
    size_t size = slots.size();
    for (size_t i = scale(llvm::xxh3_64bits(name), size);;
         i = i + 1 == size ? 0 : i + 1) {
      const Slot &slot = slots[i];
      if (slot.pos == 0 ||
          (slot.size == name.size() &&
           std::memcmp(slot.data, name.data(), slot.size) == 0))
        return i;
    }
  }

  /// `hash` scaled to [0, size): the high half of hash * size where the
  /// compiler has 128-bit integers, so that any size spreads the hashes.
  static size_t scale(uint64_t hash, size_t size) {
#ifdef __SIZEOF_INT128__
    return static_cast<size_t>((static_cast<unsigned __int128>(hash) * size) >>
                               64);
#else
    return static_cast<size_t>(hash % size);
#endif
  }

  std::vector<Slot> slots;
};

/// A node's operation once it is built. Before that, a large graph's node
/// holds its name, made ahead of the build (StringAttr's opaque pointer):
/// the name is read once, when the operation is built in its place.
union NodeSlot {
  Operation *op;
  const void *name;
};

/// The nodes of one graph or function body, by name.
struct NodeTable {
  /// The names of `nodes`. Kept for function bodies only (their returns
  /// name nodes); a graph's is freed once its inputs are resolved.
  NameIndex index;
  /// Node i's operation (or name) is `slots[i]`.
  std::vector<NodeSlot> slots;
  const NodeSource *nodes = nullptr;
  /// The block of the function arguments (functions only).
  Block *argBlock = nullptr;
  /// Output arguments per node; kept for function bodies only (graph inputs
  /// address outputs by number).
  std::vector<NodeSignature> signatures;
};

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_NAMETABLE_H
