//===- CSE.cpp - Common subgraph elimination on tfg -----------------------===//
//
// Hash-based deduplication of equivalent nodes of a graph or function body
// and of the regions of its region control flow (IfRegion, CaseRegion,
// WhileRegion, ForRegion and their Stateless/Stateful forms), at any
// nesting depth:
//  - each block is visited in topological order, so a chain of duplicates
//    folds in one pass: O(N) expected per round; another round only when a
//    merge reached a node already visited (through a loop back edge);
//  - the table is scoped over the nesting (as MLIR's CSE has it): while a
//    region's block is visited, the table holds the nodes kept in it and in
//    the blocks enclosing it, and no others. A node of a region equal to one
//    of an enclosing block is replaced by that node (its values are visible
//    there: graph regions are unordered, and a region op is not isolated
//    from above); a node of a sibling region is never used. A loop region
//    takes a node from outside the loop only when it already captures a
//    value from there (see getMinDepth). The blocks are
//    visited by an explicit stack, their views built in one walk
//    (GraphView::forEachNestedView): linear whatever the nesting depth, no
//    recursion on it.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/RegionKindInterface.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-cse"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_CSEPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The parts of a node that decide equivalence, in canonical order.
struct NodeKey {
  SmallVector<void *, 4> data;
  SmallVector<void *, 2> controls;
};
} // namespace

/// The key of `op`. A control operand on the producer of a data operand is
/// left out, as removeRedundantControlOperands removes it: a merge rewires
/// users at once but removes such operands at the end of its round, and a
/// node must find its match before and after.
static NodeKey getKey(Operation *op, bool commutative) {
  NodeKey key;
  ValueRange controls = getControlOperands(op);
  llvm::SmallPtrSet<void *, 8> covered;
  for (Value v : getDataOperands(op)) {
    key.data.push_back(v.getAsOpaquePointer());
    if (!controls.empty())
      if (Value ctl = getControlTokenOf(v))
        covered.insert(ctl.getAsOpaquePointer());
  }
  if (commutative)
    llvm::sort(key.data);
  for (Value v : controls)
    if (!covered.contains(v.getAsOpaquePointer()))
      key.controls.push_back(v.getAsOpaquePointer());
  llvm::sort(key.controls);
  key.controls.erase(std::unique(key.controls.begin(), key.controls.end()),
                     key.controls.end());
  return key;
}

static llvm::hash_code hashNode(Operation *op, const NodeKey &key,
                                StringAttr nameId) {
  llvm::hash_code h = llvm::hash_combine(
      op->getName().getAsOpaquePointer(),
      llvm::hash_combine_range(key.data.begin(), key.data.end()),
      llvm::hash_combine_range(key.controls.begin(), key.controls.end()));
  for (NamedAttribute attr : getNodeAttrs(op))
    if (attr.getName() != nameId)
      h = llvm::hash_combine(h, attr.getName().getAsOpaquePointer(),
                             attr.getValue().getAsOpaquePointer());
  for (Type t : op->getResultTypes())
    h = llvm::hash_combine(h, t.getAsOpaquePointer());
  return h;
}

static bool isEquivalent(Operation *a, const NodeKey &ka, Operation *b,
                         const NodeKey &kb, StringAttr nameId) {
  if (a->getName() != b->getName() || ka.data != kb.data ||
      ka.controls != kb.controls || a->getResultTypes() != b->getResultTypes())
    return false;
  auto attrsWithoutName = [&](Operation *op) {
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : getNodeAttrs(op))
      if (attr.getName() != nameId)
        attrs.push_back(attr);
    return attrs;
  };
  return attrsWithoutName(a) == attrsWithoutName(b);
}

/// Whether a node's operands commute, cached per op name (Add depends on
/// its type attribute).
class CommutativityCache {
public:
  bool isCommutative(Operation *op) {
    if (getTFOpName(op) == "Add")
      return tfg::isCommutative(op);
    auto [it, inserted] = cache.try_emplace(op->getName(), false);
    if (inserted)
      it->second = tfg::isCommutative(op);
    return it->second;
  }

private:
  llvm::DenseMap<OperationName, bool> cache;
};

/// True for the blocks of regions a node may take values of its enclosing
/// blocks into: single-block graph regions of ops not isolated from above
/// (region control flow).
static bool isNestedScope(Block &block) {
  Operation *op = block.getParentOp();
  Region *region = block.getParent();
  if (!op || op->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
      !region->hasOneBlock())
    return false;
  auto kinds = dyn_cast<RegionKindInterface>(op);
  return kinds &&
         kinds.getRegionKind(region->getRegionNumber()) == RegionKind::Graph;
}

/// WhileRegion and ForRegion (and their Stateless/Stateful forms).
static bool isLoopRegionOp(Operation *op) {
  StringRef kind = getTFOpName(op);
  if (!kind.consume_front("Stateless"))
    kind.consume_front("Stateful");
  return kind == "WhileRegion" || kind == "ForRegion";
}

namespace {
/// The nodes kept so far in the block being visited and the blocks enclosing
/// it, by hash, with the nesting depth of their block (the body is depth 0).
/// Entries are added in visiting order and removed in reverse when a block is
/// left, so the table holds exactly the enclosing scopes.
class ScopedNodeTable {
public:
  /// The outermost node of the table at depth `minDepth` or more for which
  /// `matches` holds.
  Operation *lookup(size_t hash, unsigned minDepth,
                    function_ref<bool(Operation *)> matches) const {
    auto it = table.find(hash);
    if (it == table.end())
      return nullptr;
    for (auto [other, depth] : it->second)
      if (depth >= minDepth && matches(other))
        return other;
    return nullptr;
  }
  void insert(size_t hash, Operation *op, unsigned depth) {
    table[hash].push_back({op, depth});
    log.push_back(hash);
  }
  /// The mark to pass to `popTo` to remove what is inserted from now on.
  size_t mark() const { return log.size(); }
  void popTo(size_t mark) {
    while (log.size() > mark) {
      auto it = table.find(log.pop_back_val());
      it->second.pop_back();
      if (it->second.empty())
        table.erase(it);
    }
  }

private:
  llvm::DenseMap<size_t, SmallVector<std::pair<Operation *, unsigned>, 1>>
      table;
  SmallVector<size_t> log;
};

/// Where a block lies in the nesting.
struct Scope {
  /// The body is depth 0, the blocks of its nodes' regions 1, ...
  unsigned depth;
  /// The depth of the innermost enclosing loop region's block (0 outside
  /// loops): nodes of shallower blocks are outside that loop.
  unsigned loopDepth;
};

/// What a node may be in a merge.
enum class Role {
  /// Neither merged nor kept for others (regions, frames, side effects).
  None,
  /// Merged into an equal node found before it, else kept for later ones.
  Mergeable,
  /// Never merged, but kept for later ones (a fetched pure node).
  Kept,
};

/// One run of tfg-cse over a body and its nested regions.
class SubgraphEliminator {
public:
  explicit SubgraphEliminator(StringAttr nameId) : nameId(nameId) {}

  /// One round over `view`'s block, at `scope`. `preserved` holds the
  /// preserved nodes of the body; null for a region's block. Returns whether
  /// another round is needed.
  bool runRound(GraphView &view, Scope scope, const PreservedNodes *preserved);

  ScopedNodeTable table;
  /// The depth of each block visited so far.
  llvm::DenseMap<Block *, unsigned> depthOf;
  RemovalStats stats;

private:
  /// The shallowest depth whose nodes may replace `op` (at `scope`). A loop
  /// region (While, For) capturing a value from outside cannot be converted
  /// back to a function call (tfg-region-to-functional), so a node of a loop
  /// is replaced by a node outside the loop only when it already takes a
  /// data operand from that far out: the loop captures no more than before.
  unsigned getMinDepth(Operation *op, Scope scope) const;

  StringAttr nameId;
  CommutativityCache commutativity;
};
} // namespace

unsigned SubgraphEliminator::getMinDepth(Operation *op, Scope scope) const {
  unsigned minDepth = scope.loopDepth;
  for (Value v : getDataOperands(op)) {
    if (!minDepth)
      break;
    Block *def = isa<BlockArgument>(v) ? cast<BlockArgument>(v).getOwner()
                                       : v.getDefiningOp()->getBlock();
    auto it = depthOf.find(def);
    if (it != depthOf.end())
      minDepth = std::min(minDepth, it->second);
  }
  return minDepth;
}

bool SubgraphEliminator::runRound(GraphView &view, Scope scope,
                                  const PreservedNodes *preserved) {
  // Nodes taking part: no regions, no v1 frame, and either not preserved
  // or fetched and free of side effects (then only as the one kept). A
  // region's node cannot be fetched: side effects and
  // `_grappler_do_not_remove` preserve it (PreservedNodes::compute of each
  // region's block would ask every region op in it about its effects, which
  // walks all the regions nested in it: quadratic in the depth).
  auto getRole = [&](Operation *op) {
    if (!getControlToken(op) || op->getNumRegions() || isFrameNode(op))
      return Role::None;
    if (!preserved)
      return hasSideEffects(op) || op->hasAttr("_grappler_do_not_remove")
                 ? Role::None
                 : Role::Mergeable;
    if (!preserved->contains(op))
      return Role::Mergeable;
    return preserved->isFetchOrFeed(op) && !hasSideEffects(op) ? Role::Kept
                                                               : Role::None;
  };
  bool again = false;
  std::vector<unsigned> order = view.topologicalOrder(/*stable=*/false);
  std::vector<unsigned> position(view.size());
  for (unsigned p = 0; p < order.size(); ++p)
    position[order[p]] = p;
  SmallVector<Operation *> merged;
  // Users of merged control tokens.
  llvm::SetVector<Operation *> controlUsers;
  for (unsigned p = 0; p < order.size(); ++p) {
    Operation *op = view.getNode(order[p]);
    Role role = getRole(op);
    if (role == Role::None)
      continue;
    bool commutative = commutativity.isCommutative(op);
    NodeKey key = getKey(op, commutative);
    size_t hash = hashNode(op, key, nameId);
    Operation *rep =
        table.lookup(hash, getMinDepth(op, scope), [&](Operation *other) {
          return isEquivalent(other, getKey(other, commutative), op, key,
                              nameId);
        });
    if (!rep) {
      table.insert(hash, op, scope.depth);
      continue;
    }
    if (role == Role::Kept)
      continue;
    // Users already visited (through a back edge) need another round; a
    // user inside a node's regions counts as that node.
    for (GraphView::Edge succ : view.getSuccs(order[p]))
      if (position[succ.node] < p)
        again = true;
    Value ctl = getControlToken(op);
    controlUsers.insert(ctl.getUsers().begin(), ctl.getUsers().end());
    for (auto [from, to] : llvm::zip(getDataResults(op), getDataResults(rep)))
      from.replaceAllUsesWith(to);
    ctl.replaceAllUsesWith(getControlToken(rep));
    stats.edges += op->getNumOperands();
    ++stats.nodes;
    merged.push_back(op);
  }
  // Once per user, not per merge: a node with many control operands from
  // merged nodes is rewritten once.
  llvm::DenseSet<Operation *> mergedSet(merged.begin(), merged.end());
  for (Operation *user : controlUsers)
    if (!mergedSet.contains(user))
      stats.edges += removeRedundantControlOperands(user);
  for (Operation *op : merged) {
    op->dropAllReferences();
    op->erase();
  }
  return again;
}

FailureOr<RemovalStats>
mlir::tfg::eliminateCommonSubgraphs(Block &body,
                                    const PreserveOptions &options) {
  FailureOr<PreservedNodes> preserved = PreservedNodes::compute(body, options);
  if (failed(preserved))
    return failure();
  if (!preserved->canDeleteNodes())
    return RemovalStats();
  Operation *root = body.getParentOp();
  SubgraphEliminator eliminator(root->getContext()
                                    ->getLoadedDialect<TFGraphDialect>()
                                    ->getNameAttrIdentifier());
  // The views of the body and of every region block under it, in one walk.
  std::vector<GraphView> views;
  llvm::DenseMap<Block *, unsigned> viewOf;
  GraphView::forEachNestedView(
      root,
      [&](Block &block) { return &block == &body || isNestedScope(block); },
      [&](GraphView &view) {
        // An empty block has nothing to merge and no regions to visit.
        if (!view.size())
          return;
        viewOf.try_emplace(view.getNode(0)->getBlock(), views.size());
        views.push_back(std::move(view));
      });

  // Depth-first over the blocks: a block's nodes are entered in the table,
  // then its regions' blocks are visited, then its entries are removed.
  struct Visit {
    Block *block;
    Scope scope;
    /// Set on the entry that leaves the block: the table's mark before it.
    std::optional<size_t> leaveMark;
  };
  SmallVector<Visit> stack{{&body, Scope{0, 0}, std::nullopt}};
  while (!stack.empty()) {
    Visit visit = stack.pop_back_val();
    if (visit.leaveMark) {
      eliminator.table.popTo(*visit.leaveMark);
      continue;
    }
    Block &block = *visit.block;
    auto it = viewOf.find(&block);
    if (it == viewOf.end())
      continue;
    eliminator.depthOf[&block] = visit.scope.depth;
    const PreservedNodes *blockPreserved =
        &block == &body ? &*preserved : nullptr;
    size_t mark = eliminator.table.mark();
    std::optional<GraphView> rebuilt;
    GraphView *view = &views[it->second];
    // Each round starts from the enclosing blocks' entries alone.
    while (eliminator.runRound(*view, visit.scope, blockPreserved)) {
      eliminator.table.popTo(mark);
      rebuilt.emplace(block);
      view = &*rebuilt;
    }
    stack.push_back({&block, visit.scope, mark});
    for (Operation &op : block) {
      Scope inner{visit.scope.depth + 1, isLoopRegionOp(&op)
                                             ? visit.scope.depth + 1
                                             : visit.scope.loopDepth};
      for (Region &region : op.getRegions())
        if (region.hasOneBlock() && isNestedScope(region.front()))
          stack.push_back({&region.front(), inner, std::nullopt});
    }
  }
  return eliminator.stats;
}

namespace {
struct CSEPass : tfg::impl::CSEPassBase<CSEPass> {
  using CSEPassBase::CSEPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-cse: running on " << getOperation()->getName() << "\n");
    PreserveOptions options = makePreserveOptions(fetch, feed);
    bool changed = false;
    for (Block *body : getGraphBodies(getOperation())) {
      FailureOr<RemovalStats> stats = eliminateCommonSubgraphs(*body, options);
      if (failed(stats))
        return signalPassFailure();
      numNodesRemoved += stats->nodes;
      numEdgesRemoved += stats->edges;
      changed |= stats->nodes || stats->edges;
    }
    // Unchanged IR needs no re-verification.
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
