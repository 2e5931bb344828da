//===- Prune.cpp - Grappler's model pruner on tfg -------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-prune"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_PRUNEPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// Erases the nodes outside the transitive fan-in of the preserved nodes.
static RemovalStats pruneFanIn(Block &body, const PreservedNodes &preserved) {
  GraphView view(body);
  std::vector<bool> live(view.size());
  std::vector<unsigned> worklist;
  for (unsigned i = 0; i < view.size(); ++i)
    if (preserved.contains(view.getNode(i))) {
      live[i] = true;
      worklist.push_back(i);
    }
  while (!worklist.empty()) {
    unsigned i = worklist.back();
    worklist.pop_back();
    for (const GraphView::Edge &e : view.getPreds(i))
      if (!live[e.node]) {
        live[e.node] = true;
        worklist.push_back(e.node);
      }
  }
  RemovalStats stats;
  SmallVector<Operation *> dead;
  for (unsigned i = 0; i < view.size(); ++i)
    if (!live[i])
      dead.push_back(view.getNode(i));
  // Dead nodes are only used by dead nodes: drop their operands first.
  for (Operation *op : dead) {
    op->walk([&](Operation *inner) { stats.edges += inner->getNumOperands(); });
    op->dropAllReferences();
  }
  for (Operation *op : dead)
    op->erase();
  stats.nodes = dead.size();
  return stats;
}

FailureOr<RemovalStats> mlir::tfg::pruneGraph(Block &body,
                                              const PreserveOptions &options,
                                              bool removeTrivial) {
  FailureOr<PreservedNodes> preserved = PreservedNodes::compute(body, options);
  if (failed(preserved))
    return failure();
  RemovalStats stats;
  if (!preserved->canDeleteNodes())
    return stats;
  stats += pruneFanIn(body, *preserved);
  if (removeTrivial)
    for (Operation &op : llvm::make_early_inc_range(body))
      bypassTrivialNode(&op, *preserved, stats);
  return stats;
}

/// Adds the functions `op` references (attributes, or a legacy call by op
/// name) to `used`.
static void collectReferences(Operation *op, SymbolTable &symbols,
                              llvm::SetVector<Operation *> &used) {
  auto addRef = [&](SymbolRefAttr ref) {
    if (Operation *f = symbols.lookup(ref.getRootReference()))
      used.insert(f);
  };
  op->walk([&](Operation *inner) {
    // Only attributes that can hold a symbol reference are walked.
    for (NamedAttribute attr : getNodeAttrs(inner)) {
      Attribute value = attr.getValue();
      if (auto ref = dyn_cast<SymbolRefAttr>(value))
        addRef(ref);
      else if (isa<tf_type::FuncAttr, ArrayAttr, DictionaryAttr>(value))
        value.walk(addRef);
    }
    if (inner->getName().getDialectNamespace() == "tfg")
      if (Operation *f = symbols.lookup(getTFOpName(inner)))
        used.insert(f);
  });
}

int64_t mlir::tfg::pruneUnusedFunctions(ModuleOp module) {
  SmallVector<GraphOp> graphs(module.getOps<GraphOp>());
  if (graphs.empty() || module.getOps<GraphFuncOp>().empty())
    return 0;
  SymbolTable symbols(module);
  llvm::SetVector<Operation *> used;
  for (GraphOp graph : graphs)
    collectReferences(graph, symbols, used);
  for (size_t i = 0; i < used.size(); ++i)
    collectReferences(used[i], symbols, used);
  int64_t erased = 0;
  for (GraphFuncOp func :
       llvm::make_early_inc_range(module.getOps<GraphFuncOp>()))
    if (!used.contains(func)) {
      func.erase();
      ++erased;
    }
  return erased;
}

namespace {
struct PrunePass : tfg::impl::PrunePassBase<PrunePass> {
  using PrunePassBase::PrunePassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-prune: running on "
                            << getOperation()->getName() << "\n");
    PreserveOptions options = makePreserveOptions(fetch, feed);
    bool changed = false;
    for (Block *body : getGraphBodies(getOperation())) {
      FailureOr<RemovalStats> stats = pruneGraph(*body, options, removeTrivial);
      if (failed(stats))
        return signalPassFailure();
      numNodesRemoved += stats->nodes;
      numEdgesRemoved += stats->edges;
      changed |= stats->nodes || stats->edges;
    }
    // Functions are pruned from the module only (module-level work).
    auto module = dyn_cast<ModuleOp>(getOperation());
    if (pruneFunctions && module) {
      int64_t erased = pruneUnusedFunctions(module);
      numFunctionsRemoved += erased;
      changed |= erased != 0;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
