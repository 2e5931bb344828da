//===- DOTCollapse.cpp - Folding a large picture by name scope ------------===//
//
// The things drawn form one tree: a root (graph, function, region) holds its
// name scopes and the nodes not in one; a scope (`a/b` for a node
// `a/b/c`) holds its sub-scopes and nodes; a node of region control flow
// holds the roots of its regions. A collapsed scope is drawn as one node in
// place of all it holds. Scopes are collapsed deepest first (at one depth,
// the one holding the most first) until the picture is within the limit;
// the scopes on the path to a node named by `expand` stay open. Each pass
// goes over the model's creation order (parents before children) or over
// depths, so all of it is linear in the model, and nothing recurses.
//
//===----------------------------------------------------------------------===//

#include "DOTModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <tuple>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::dot;

namespace {
/// What a part of the tree holds, for the label of a collapsed scope.
struct Tally {
  unsigned members = 0, added = 0, removed = 0;
  int device = -1;

  void add(const Tally &other) {
    members += other.members;
    added += other.added;
    removed += other.removed;
    if (device == -1)
      device = other.device;
    else if (other.device != -1 && other.device != device)
      device = -2;
  }
};

class Collapser {
public:
  Collapser(const Model &model, Collapse &result)
      : model(model), items(model.items), roots(model.roots), result(result),
        scopes(result.scopes) {}

  void run(unsigned maxNodes, ArrayRef<std::string> expand) {
    result.itemRep.assign(items.size(), -1);
    result.rootShown.assign(roots.size(), true);
    result.drawn = items.size();
    bool collapsing = maxNodes > 0 && items.size() > maxNodes;
    if (!collapsing && expand.empty())
      return;
    buildScopes();
    markExpanded(expand);
    if (!collapsing) {
      result.scopeRep.assign(scopes.size(), -1);
      return;
    }
    collapse(maxNodes);
    findRepresentatives();
    tally();
  }

private:
  /// Makes the scopes of every node, numbered so that a scope's parent
  /// comes before it, and the depth of everything in the tree.
  void buildScopes() {
    itemScope.assign(items.size(), -1);
    itemDepth.assign(items.size(), 0);
    rootDepth.assign(roots.size(), 0);
    scopesBeforeItem.assign(items.size(), 0);
    scopesAfterItem.assign(items.size(), 0);
    llvm::DenseMap<std::tuple<unsigned, int, StringRef>, unsigned> scopeOf;
    for (OrderEntry entry : model.order) {
      if (entry.isRoot) {
        int owner = roots[entry.index].owner;
        rootDepth[entry.index] = owner < 0 ? 0 : itemDepth[owner] + 1;
        continue;
      }
      const Item &item = items[entry.index];
      int parent = -1;
      unsigned depth = rootDepth[item.root];
      scopesBeforeItem[entry.index] = scopes.size();
      if (item.kind == ItemKind::Node) {
        StringRef name = item.name;
        size_t start = 0;
        for (size_t slash = name.find('/'); slash != StringRef::npos;
             slash = name.find('/', slash + 1)) {
          auto [it, inserted] = scopeOf.try_emplace(
              std::make_tuple(item.root, parent, name.slice(start, slash)),
              scopes.size());
          if (inserted) {
            Scope scope;
            scope.prefix = name.take_front(slash);
            scope.root = item.root;
            scope.parent = parent;
            scopes.push_back(scope);
            scopeDepth.push_back(depth + 1);
          }
          parent = it->second;
          depth = scopeDepth[parent];
          start = slash + 1;
        }
      }
      itemScope[entry.index] = parent;
      itemDepth[entry.index] = depth + 1;
      scopesAfterItem[entry.index] = scopes.size();
    }
  }

  /// Opens the scope `scope` (or, when -1, none) of `root` and every scope
  /// around it, through the nodes whose regions hold them. Stops at what an
  /// earlier call opened, so that all calls together are linear.
  void openUpwards(int scope, unsigned root) {
    while (true) {
      while (scope >= 0 && !scopes[scope].expanded) {
        scopes[scope].expanded = true;
        scope = scopes[scope].parent;
      }
      if (scope >= 0 || rootOpened[root])
        return;
      rootOpened[root] = true;
      int owner = roots[root].owner;
      if (owner < 0)
        return;
      scope = itemScope[owner];
      root = items[owner].root;
    }
  }

  void markExpanded(ArrayRef<std::string> expand) {
    if (expand.empty())
      return;
    llvm::StringSet<> wanted, matched;
    for (const std::string &name : expand)
      wanted.insert(name);
    rootOpened.assign(roots.size(), false);
    for (unsigned i = 0, e = items.size(); i < e; ++i)
      if (items[i].kind == ItemKind::Node && wanted.contains(items[i].name)) {
        matched.insert(items[i].name);
        openUpwards(itemScope[i], items[i].root);
      }
    for (unsigned s = 0, e = scopes.size(); s < e; ++s)
      if (wanted.contains(scopes[s].prefix)) {
        matched.insert(scopes[s].prefix);
        openUpwards(s, scopes[s].root);
      }
    llvm::StringSet<> reported;
    for (const std::string &name : expand)
      if (!matched.contains(name) && reported.insert(name).second)
        result.unmatchedExpand.push_back(name);
  }

  /// Collapses scopes deepest first until at most `maxNodes` are drawn.
  void collapse(unsigned maxNodes) {
    // What each part of the tree draws, counted from the deepest up.
    std::vector<size_t> itemVisible(items.size(), 1),
        rootVisible(roots.size(), 0), scopeVisible(scopes.size(), 0);
    enum Kind : uint8_t { kItem, kScope, kRoot };
    struct Element {
      unsigned index;
      Kind kind;
    };
    unsigned maxDepth = 0;
    for (const auto *depths : {&itemDepth, &scopeDepth, &rootDepth})
      for (unsigned d : *depths)
        maxDepth = std::max(maxDepth, d);
    // The elements by depth (a counting sort).
    std::vector<unsigned> begin(maxDepth + 2, 0);
    auto each = [&](auto fn) {
      for (unsigned i = 0, e = items.size(); i < e; ++i)
        fn(Element{i, kItem}, itemDepth[i]);
      for (unsigned s = 0, e = scopes.size(); s < e; ++s)
        fn(Element{s, kScope}, scopeDepth[s]);
      for (unsigned r = 0, e = roots.size(); r < e; ++r)
        fn(Element{r, kRoot}, rootDepth[r]);
    };
    each([&](Element, unsigned depth) { ++begin[depth + 1]; });
    for (unsigned d = 1; d < begin.size(); ++d)
      begin[d] += begin[d - 1];
    std::vector<Element> byDepth(begin.back());
    std::vector<unsigned> next(begin.begin(), begin.end() - 1);
    each([&](Element element, unsigned depth) {
      byDepth[next[depth]++] = element;
    });

    size_t drawn = items.size();
    std::vector<unsigned> level;
    for (unsigned d = maxDepth + 1; d-- > 0 && drawn > maxNodes;) {
      auto elements =
          ArrayRef<Element>(byDepth).slice(begin[d], begin[d + 1] - begin[d]);
      level.clear();
      for (Element element : elements)
        if (element.kind == kScope)
          level.push_back(element.index);
      llvm::stable_sort(level, [&](unsigned a, unsigned b) {
        return scopeVisible[a] > scopeVisible[b];
      });
      for (unsigned s : level) {
        if (drawn <= maxNodes)
          break;
        if (scopes[s].expanded || scopeVisible[s] <= 1)
          continue;
        scopes[s].collapsed = true;
        drawn -= scopeVisible[s] - 1;
        scopeVisible[s] = 1;
      }
      for (Element element : elements) {
        size_t visible;
        int scope = -1, root = -1, owner = -1;
        if (element.kind == kItem) {
          visible = itemVisible[element.index];
          scope = itemScope[element.index];
          root = items[element.index].root;
        } else if (element.kind == kScope) {
          visible = scopeVisible[element.index];
          scope = scopes[element.index].parent;
          root = scopes[element.index].root;
        } else {
          visible = rootVisible[element.index];
          owner = roots[element.index].owner;
        }
        if (owner >= 0)
          itemVisible[owner] += visible;
        else if (scope >= 0)
          scopeVisible[scope] += visible;
        else if (root >= 0)
          rootVisible[root] += visible;
      }
    }
  }

  /// Finds what draws each item and scope: the outermost collapsed scope
  /// holding it, through the nodes whose regions hold it.
  void findRepresentatives() {
    result.scopeRep.assign(scopes.size(), -1);
    std::vector<int> rootRep(roots.size(), -1);
    size_t nextScope = 0;
    for (OrderEntry entry : model.order) {
      if (entry.isRoot) {
        int owner = roots[entry.index].owner;
        if (owner >= 0 && result.itemRep[owner] >= 0) {
          rootRep[entry.index] = result.itemRep[owner];
          result.rootShown[entry.index] = false;
        }
        continue;
      }
      for (; nextScope < scopesAfterItem[entry.index]; ++nextScope) {
        const Scope &scope = scopes[nextScope];
        int outer = scope.parent >= 0 ? result.scopeRep[scope.parent]
                                      : rootRep[scope.root];
        result.scopeRep[nextScope] =
            outer >= 0 ? outer : (scope.collapsed ? int(nextScope) : -1);
      }
      int scope = itemScope[entry.index];
      result.itemRep[entry.index] = scope >= 0
                                        ? result.scopeRep[scope]
                                        : rootRep[items[entry.index].root];
    }
    result.drawn = 0;
    for (int rep : result.itemRep)
      result.drawn += rep < 0;
    for (unsigned s = 0, e = scopes.size(); s < e; ++s)
      result.drawn += result.scopeRep[s] == int(s);
  }

  /// Counts what each scope holds, children before parents (the creation
  /// order backwards), with its nodes' device.
  void tally() {
    llvm::StringMap<int> deviceIds;
    std::vector<Tally> itemTally(items.size()), rootTally(roots.size()),
        scopeTally(scopes.size());
    for (unsigned i = 0, e = items.size(); i < e; ++i) {
      const Item &item = items[i];
      if (item.kind != ItemKind::Node)
        continue;
      Tally &tally = itemTally[i];
      tally.members = 1;
      tally.added = item.status == DiffStatus::Added;
      tally.removed = item.status == DiffStatus::Removed;
      auto [it, inserted] =
          deviceIds.try_emplace(item.device, result.devices.size());
      if (inserted)
        result.devices.push_back(item.device);
      tally.device = it->second;
    }
    auto addTo = [&](int scope, unsigned root, const Tally &tally) {
      if (scope >= 0)
        scopeTally[scope].add(tally);
      else
        rootTally[root].add(tally);
    };
    for (size_t k = model.order.size(); k-- > 0;) {
      OrderEntry entry = model.order[k];
      if (entry.isRoot) {
        int owner = roots[entry.index].owner;
        if (owner >= 0)
          itemTally[owner].add(rootTally[entry.index]);
        continue;
      }
      const Item &item = items[entry.index];
      addTo(itemScope[entry.index], item.root, itemTally[entry.index]);
      for (size_t s = scopesAfterItem[entry.index];
           s-- > scopesBeforeItem[entry.index];)
        addTo(scopes[s].parent, scopes[s].root, scopeTally[s]);
    }
    for (unsigned s = 0, e = scopes.size(); s < e; ++s) {
      scopes[s].members = scopeTally[s].members;
      scopes[s].added = scopeTally[s].added;
      scopes[s].removed = scopeTally[s].removed;
      scopes[s].device = scopeTally[s].device;
    }
  }

  const Model &model;
  const std::vector<Item> &items;
  const std::vector<Root> &roots;
  Collapse &result;
  std::vector<Scope> &scopes;
  std::vector<int> itemScope;
  std::vector<unsigned> itemDepth, rootDepth, scopeDepth;
  /// The number of scopes before and after an item's own are made.
  std::vector<size_t> scopesBeforeItem, scopesAfterItem;
  std::vector<bool> rootOpened;
};
} // namespace

void mlir::tfg::dot::collapseScopes(const Model &model, unsigned maxNodes,
                                    ArrayRef<std::string> expand,
                                    Collapse &result) {
  Collapser(model, result).run(maxNodes, expand);
}
