//===- DebugStripper.cpp - Remove debugging nodes -------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_DEBUGSTRIPPERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// Replaces `op` by `replacement` (same data results count, then control).
static void replaceNode(Operation *op, Operation *replacement) {
  for (auto [from, to] :
       llvm::zip(getDataResults(op), getDataResults(replacement)))
    from.replaceAllUsesWith(to);
  getControlToken(op).replaceAllUsesWith(getControlToken(replacement));
  op->dropAllReferences();
  op->erase();
}

int64_t mlir::tfg::stripDebugNodes(Block &body) {
  int64_t stripped = 0;
  for (Operation &opRef : llvm::make_early_inc_range(body)) {
    Operation *op = &opRef;
    StringRef name = getTFOpName(op);
    bool toNoOp = name == "Assert" || name == "PrintV2";
    bool toIdentity =
        name == "Print" || name == "CheckNumerics" || name == "CheckNumericsV2";
    if ((!toNoOp && !toIdentity) || !getControlToken(op))
      continue;
    OperandRange data = getDataOperands(op);
    OperandRange ctls = getControlOperands(op);
    OpBuilder builder(op);
    Operation *replacement;
    if (toNoOp) {
      replacement = createNode(builder, op->getLoc(), "NoOp", {},
                               getControlDependencies(data, ctls), {},
                               getNodeIdentityAttrs(op));
    } else {
      if (data.empty() || getDataResults(op).size() != 1)
        continue;
      SmallVector<NamedAttribute> attrs = getNodeIdentityAttrs(op);
      if (Attribute t = op->getAttr("T"))
        attrs.emplace_back(builder.getStringAttr("T"), t);
      replacement =
          createNode(builder, op->getLoc(), "Identity", data.take_front(1),
                     getControlDependencies(data.drop_front(), ctls),
                     getDataResults(op).getTypes(), attrs);
    }
    replaceNode(op, replacement);
    ++stripped;
  }
  return stripped;
}

namespace {
struct DebugStripperPass : tfg::impl::DebugStripperPassBase<DebugStripperPass> {
  void runOnOperation() override {
    int64_t stripped = 0;
    for (Block *body : getGraphBodies(getOperation()))
      stripped += stripDebugNodes(*body);
    numNodesStripped += stripped;
    if (!stripped)
      markAllAnalysesPreserved();
  }
};
} // namespace
