//===- TopoSort.cpp - Stable topological order of graph regions -----------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/RegionKindInterface.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TOPOSORTPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

void mlir::tfg::sortTopologically(Block &block) {
  if (block.empty())
    return;
  Operation *terminator =
      block.back().hasTrait<OpTrait::IsTerminator>() ? &block.back() : nullptr;
  GraphView view(block);
  auto &ops = block.getOperations();
  for (unsigned i : view.topologicalOrder()) {
    Operation *op = view.getNode(i);
    if (op != terminator)
      ops.splice(ops.end(), ops, op->getIterator());
  }
  if (terminator)
    ops.splice(ops.end(), ops, terminator->getIterator());
}

void mlir::tfg::sortAllTopologically(Operation *root) {
  SmallVector<Block *> blocks;
  root->walk([&](Operation *op) {
    auto kinds = dyn_cast<RegionKindInterface>(op);
    if (!kinds)
      return;
    for (Region &region : op->getRegions())
      if (kinds.getRegionKind(region.getRegionNumber()) == RegionKind::Graph)
        for (Block &block : region)
          blocks.push_back(&block);
  });
  for (Block *block : blocks)
    sortTopologically(*block);
}

namespace {
struct TopoSortPass : tfg::impl::TopoSortPassBase<TopoSortPass> {
  void runOnOperation() override { sortAllTopologically(getOperation()); }
};
} // namespace
