//===- CSE.cpp - Common subgraph elimination on tfg -----------------------===//
//
// Hash-based deduplication of equivalent nodes in topological order: O(N)
// expected per round; another round only when a merge reached a node
// already visited (through a loop back edge).
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SetVector.h"

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

static NodeKey getKey(Operation *op, bool commutative) {
  NodeKey key;
  for (Value v : getDataOperands(op))
    key.data.push_back(v.getAsOpaquePointer());
  if (commutative)
    llvm::sort(key.data);
  for (Value v : getControlOperands(op))
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

FailureOr<RemovalStats>
mlir::tfg::eliminateCommonSubgraphs(Block &body,
                                    const PreserveOptions &options) {
  FailureOr<PreservedNodes> preserved = PreservedNodes::compute(body, options);
  if (failed(preserved))
    return failure();
  StringAttr nameId = body.getParentOp()
                          ->getContext()
                          ->getLoadedDialect<TFGraphDialect>()
                          ->getNameAttrIdentifier();
  RemovalStats stats;
  if (!preserved->canDeleteNodes())
    return stats;
  CommutativityCache commutativity;
  // Nodes taking part: no regions, no v1 frame, and either not preserved
  // or fetched and free of side effects (then only as the one kept).
  auto isCandidate = [&](Operation *op) {
    if (!getControlToken(op) || op->getNumRegions() || isFrameNode(op))
      return false;
    if (!preserved->contains(op))
      return true;
    return preserved->isFetchOrFeed(op) && !hasSideEffects(op);
  };
  for (bool again = true; again;) {
    again = false;
    GraphView view(body);
    std::vector<unsigned> order = view.topologicalOrder(/*stable=*/false);
    std::vector<unsigned> position(view.size());
    for (unsigned p = 0; p < order.size(); ++p)
      position[order[p]] = p;
    // The first node of each hash; further nodes with the same hash but not
    // equivalent (collisions, or equal but unmergeable) in `overflow`.
    llvm::DenseMap<size_t, Operation *> table;
    llvm::DenseMap<size_t, SmallVector<Operation *, 1>> overflow;
    table.reserve(order.size());
    SmallVector<Operation *> merged;
    // Users of merged control tokens.
    llvm::SetVector<Operation *> controlUsers;
    for (unsigned p = 0; p < order.size(); ++p) {
      Operation *op = view.getNode(order[p]);
      if (!isCandidate(op))
        continue;
      bool commutative = commutativity.isCommutative(op);
      NodeKey key = getKey(op, commutative);
      size_t hash = hashNode(op, key, nameId);
      auto [it, inserted] = table.try_emplace(hash, op);
      if (inserted)
        continue;
      auto matches = [&](Operation *other) {
        return isEquivalent(other, getKey(other, commutative), op, key, nameId);
      };
      Operation *rep = matches(it->second) ? it->second : nullptr;
      if (!rep) {
        auto &bucket = overflow[hash];
        for (Operation *other : bucket)
          if (matches(other)) {
            rep = other;
            break;
          }
        if (!rep) {
          bucket.push_back(op);
          continue;
        }
      }
      if (preserved->contains(op))
        continue;
      // Users already visited (through a back edge) need another round.
      for (Operation *user : op->getUsers()) {
        int u = view.lookup(user);
        if (u < 0)
          user = body.findAncestorOpInBlock(*user), u = view.lookup(user);
        if (u >= 0 && position[u] < p)
          again = true;
      }
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
  }
  return stats;
}

namespace {
struct CSEPass : tfg::impl::CSEPassBase<CSEPass> {
  using CSEPassBase::CSEPassBase;
  void runOnOperation() override {
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
