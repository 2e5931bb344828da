//===- CSE.cpp - Common subgraph elimination on tfg -----------------------===//
//
// Hash-based deduplication of equivalent nodes in topological order: O(N)
// expected per round; another round only when a merge reached a node
// already visited (through a loop back edge).
//
//===----------------------------------------------------------------------===//

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

/// Commutative per the registry, plus the ops the OpDefs do not flag:
/// Maximum, Minimum and numeric Add (Add also concatenates strings).
static bool isCommutativeNode(Operation *op) {
  StringRef name = getTFOpName(op);
  if (name == "Maximum" || name == "Minimum")
    return true;
  if (name == "Add") {
    auto t = op->getAttrOfType<TypeAttr>("T");
    return t && !isa<tf_type::StringType>(t.getValue());
  }
  auto *dialect = op->getContext()->getLoadedDialect<TFGraphDialect>();
  const OpDef *def = dialect->getOpRegistry().lookup(name);
  return def && def->isCommutative();
}

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
  for (NamedAttribute attr : op->getAttrs())
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
      ka.controls != kb.controls ||
      a->getResultTypes() != b->getResultTypes())
    return false;
  auto attrsWithoutName = [&](Operation *op) {
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs())
      if (attr.getName() != nameId)
        attrs.push_back(attr);
    return attrs;
  };
  return attrsWithoutName(a) == attrsWithoutName(b);
}

/// Nodes that may take part in deduplication at all.
static bool isCandidate(Operation *op) {
  return getControlToken(op) && op->getNumRegions() == 0 &&
         !hasSideEffects(op) && !isFrameNode(op);
}

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
  for (bool again = true; again;) {
    again = false;
    GraphView view(body);
    std::vector<unsigned> order = view.topologicalOrder();
    std::vector<unsigned> position(view.size());
    for (unsigned p = 0; p < order.size(); ++p)
      position[order[p]] = p;
    llvm::DenseMap<size_t, SmallVector<std::pair<Operation *, NodeKey>, 1>>
        table;
    SmallVector<Operation *> merged;
    for (unsigned p = 0; p < order.size(); ++p) {
      Operation *op = view.getNode(order[p]);
      if (!isCandidate(op))
        continue;
      NodeKey key = getKey(op, isCommutativeNode(op));
      auto &bucket = table[hashNode(op, key, nameId)];
      Operation *rep = nullptr;
      for (auto &[other, otherKey] : bucket)
        if (isEquivalent(other, otherKey, op, key, nameId)) {
          rep = other;
          break;
        }
      if (!rep) {
        bucket.emplace_back(op, std::move(key));
        continue;
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
      llvm::SetVector<Operation *> controlUsers(ctl.getUsers().begin(),
                                                ctl.getUsers().end());
      for (auto [from, to] :
           llvm::zip(getDataResults(op), getDataResults(rep)))
        from.replaceAllUsesWith(to);
      ctl.replaceAllUsesWith(getControlToken(rep));
      for (Operation *user : controlUsers)
        stats.edges += removeRedundantControlOperands(user);
      stats.edges += op->getNumOperands();
      ++stats.nodes;
      merged.push_back(op);
    }
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
    for (Block *body : getGraphBodies(getOperation())) {
      FailureOr<RemovalStats> stats = eliminateCommonSubgraphs(*body, options);
      if (failed(stats))
        return signalPassFailure();
      numNodesRemoved += stats->nodes;
      numEdgesRemoved += stats->edges;
    }
  }
};
} // namespace
