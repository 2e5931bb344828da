//===- DOTModel.h - What a DOT picture of a module shows --------*- C++ -*-===//
//
// Internal to TFGVisualize. A module is first read into a flat model (the
// things drawn as nodes, the clusters they are in, the edges), which the
// diff merges a second module's model into, the collapse folds by name
// scope and the writer prints. Everything is indexed; nothing recurses.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_VISUALIZE_DOTMODEL_H
#define TFG_LIB_VISUALIZE_DOTMODEL_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {
namespace dot {

/// How a thing compares with the diff's base module.
enum class DiffStatus : uint8_t { Same, Added, Removed };

enum class ItemKind : uint8_t {
  Node,       // a TensorFlow node (region control flow included)
  Argument,   // a function's or a region's argument
  Terminator, // return, yield, condition
};

/// A thing drawn as a DOT node.
struct Item {
  /// The node's or argument's name (may be empty), the terminator's op.
  StringRef name;
  /// The op (`AddV2`), empty for arguments and terminators.
  StringRef op;
  /// The assigned device, else the requested one.
  StringRef device;
  /// The scope (Root) it is in.
  unsigned root;
  ItemKind kind;
  DiffStatus status = DiffStatus::Same;
  /// What matches it in the other module of a diff (KeyTable), or -1.
  int key = -1;
};

/// A scope of names: the graph, a function, or one region of a node of
/// region control flow; drawn as a cluster (the graph as the picture
/// itself).
struct Root {
  StringRef label;
  /// The item whose region this is; -1 for a graph or a function.
  int owner = -1;
  bool isCluster = true;
  DiffStatus status = DiffStatus::Same;
  int key = -1;
};

enum class EdgeKind : uint8_t {
  Data,
  Control,
  /// From a region's terminator to the node whose results it yields.
  Region,
};

struct Edge {
  unsigned src, dst;
  EdgeKind kind;
  DiffStatus status = DiffStatus::Same;
};

/// One entry of Model::order: a root or an item, in the order they were
/// made, so that a root's owner comes before it and a root before its items.
struct OrderEntry {
  unsigned index : 31;
  unsigned isRoot : 1;
};

struct Model {
  std::vector<Item> items;
  std::vector<Root> roots;
  std::vector<Edge> edges;
  std::vector<OrderEntry> order;
  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver strings{allocator};

  unsigned addRoot(Root root) {
    roots.push_back(root);
    order.push_back({static_cast<unsigned>(roots.size() - 1), 1});
    return roots.size() - 1;
  }
  unsigned addItem(Item item) {
    items.push_back(item);
    order.push_back({static_cast<unsigned>(items.size() - 1), 0});
    return items.size() - 1;
  }
};

/// Numbers what two models of a diff match by: a function by its name, a
/// region by its node and its number, a node by its name in its root.
class KeyTable {
public:
  int get(StringRef key) {
    auto [it, inserted] = ids.try_emplace(key, ids.size());
    (void)inserted;
    return static_cast<int>(it->second);
  }

private:
  llvm::StringMap<unsigned> ids;
};

/// Reads `module` into `model`; with `keys`, gives its roots and named
/// items their keys.
void buildModel(ModuleOp module, Model &model, KeyTable *keys);

/// Marks what `after` holds and `before` does not as added, and copies what
/// only `before` holds into `after` as removed (a node into the root that
/// matches its own, else into a copy of its root).
void mergeDiff(Model &after, const Model &before);

/// What the collapse by name scope decided.
struct Scope {
  /// The name prefix (without the last '/').
  StringRef prefix;
  unsigned root;
  /// The enclosing scope, or -1 (the root).
  int parent;
  bool expanded = false;
  bool collapsed = false;
  /// What it holds, in all: nodes, added, removed.
  unsigned members = 0, added = 0, removed = 0;
  /// Its nodes' one device, -1 for none, -2 for several.
  int device = -1;
};

struct Collapse {
  std::vector<Scope> scopes;
  /// For each item: the collapsed scope drawn in its place, or -1.
  std::vector<int> itemRep;
  /// For each scope: the collapsed scope drawn in its place (itself when
  /// it is drawn), or -1.
  std::vector<int> scopeRep;
  /// For each root: whether it is drawn (its owner is).
  std::vector<bool> rootShown;
  /// Devices by number (Scope::device).
  std::vector<StringRef> devices;
  /// Names of DOTOptions::expand that named nothing.
  std::vector<std::string> unmatchedExpand;
  /// The number of DOT nodes drawn.
  size_t drawn = 0;
};

/// Collapses name scopes of `model` until at most `maxNodes` things are
/// drawn (0: none), keeping the scopes on the path to `expand` open.
void collapseScopes(const Model &model, unsigned maxNodes,
                    ArrayRef<std::string> expand, Collapse &result);

/// Prints `model` as `collapse` draws it.
void printDOT(const Model &model, const Collapse &collapse,
              llvm::raw_ostream &os);

} // namespace dot
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_VISUALIZE_DOTMODEL_H
