//===- TopoSort.cpp - Stable topological order of graph regions -----------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/RegionKindInterface.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-toposort"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TOPOSORTPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// Moves the nodes of `view`'s block into its topological order, the
/// terminator last. Returns whether any node moved.
static bool sortView(const GraphView &view) {
  if (view.size() == 0)
    return false;
  Block &block = *view.getNode(0)->getBlock();
  Operation *terminator =
      block.back().hasTrait<OpTrait::IsTerminator>() ? &block.back() : nullptr;
  std::vector<Operation *> sorted;
  sorted.reserve(view.size());
  for (unsigned i : view.topologicalOrder())
    if (view.getNode(i) != terminator)
      sorted.push_back(view.getNode(i));
  if (terminator)
    sorted.push_back(terminator);
  // Block order is node order: the block is sorted when the order is the
  // identity.
  bool moved = false;
  for (unsigned i = 0, e = sorted.size(); i < e && !moved; ++i)
    moved = sorted[i] != view.getNode(i);
  if (!moved)
    return false;
  auto &ops = block.getOperations();
  for (Operation *op : sorted)
    ops.splice(ops.end(), ops, op->getIterator());
  return true;
}

bool mlir::tfg::sortTopologically(Block &block) {
  return !block.empty() && sortView(GraphView(block));
}

/// True for the blocks of graph regions (graphs, functions, region control
/// flow).
static bool isGraphBlock(Block &block) {
  Operation *op = block.getParentOp();
  auto kinds = op ? dyn_cast<RegionKindInterface>(op) : nullptr;
  return kinds && kinds.getRegionKind(block.getParent()->getRegionNumber()) ==
                      RegionKind::Graph;
}

bool mlir::tfg::sortAllTopologically(Operation *root) {
  // The views of all blocks are built in one walk (linear in the number of
  // ops whatever the nesting depth) before any block is reordered: sorting
  // moves ops within their block only, which the other views do not see.
  bool moved = false;
  GraphView::forEachNestedView(
      root, isGraphBlock, [&](GraphView &view) { moved |= sortView(view); });
  return moved;
}

namespace {
struct TopoSortPass : tfg::impl::TopoSortPassBase<TopoSortPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-toposort: running on "
                            << getOperation()->getName() << "\n");
    // An order that is already topological needs no re-verification.
    if (!sortAllTopologically(getOperation()))
      markAllAnalysesPreserved();
  }
};
} // namespace
