//===- Verifier.cpp - Verification of large graphs ------------------------===//
//
// See Verifier.h.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/Verifier.h"
#include "GenericSyntax.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Threading.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::tfg;

/// Bodies of more operations than this are verified node by node.
constexpr size_t kMinNodesOfLargeBody = 4096;

/// Whether `op` is a graph or function whose body is verified node by node.
static bool hasLargeBody(Operation *op) {
  if (!isa<GraphOp, GraphFuncOp>(op) || !op->getRegion(0).hasOneBlock())
    return false;
  size_t n = 0;
  for (Operation &node : op->getRegion(0).front()) {
    (void)node;
    if (++n > kMinNodesOfLargeBody)
      return true;
  }
  return false;
}

/// mlir::verify's check of an operation's place in its block, which
/// verifying the operation alone does not make.
static LogicalResult verifyPlaceInBlock(Operation &op) {
  if (op.getNumSuccessors() != 0 && &op != &op.getBlock()->back())
    return op.emitError(
        "operation with block successors must terminate its parent block");
  return success();
}

/// What mlir::verify of `op`'s parent checks of `op`.
static LogicalResult verifyInBlock(Operation &op) {
  if (failed(verifyPlaceInBlock(op)))
    return failure();
  return verify(&op);
}

/// The graph or function whose nodes verifyNodeByNode checked, while it
/// verifies the op itself (on this thread): its verifier skips them.
static thread_local Operation *nodesChecked = nullptr;

/// tfg's checks of `op` (a generic node) and of the nodes nested in it.
static LogicalResult verifyNodeTree(Operation &op, Dialect *tfg) {
  if (op.getNumRegions() != 0 && failed(tfg::detail::verifyNestedNodes(&op)))
    return failure();
  if (!op.isRegistered() && op.getDialect() == tfg)
    return verifyTFGNode(&op);
  return success();
}

LogicalResult mlir::tfg::detail::verifyNestedNodes(Operation *parent) {
  if (parent == nodesChecked)
    return success();
  Dialect *tfg = getTFGDialect(parent->getContext());
  for (Region &region : parent->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        if (failed(verifyNodeTree(op, tfg)))
          return failure();
  return success();
}

static LogicalResult verifyNodeByNode(Operation *op) {
  Dialect *tfg = getTFGDialect(op->getContext());
  for (Operation &node : op->getRegion(0).front())
    if (failed(verifyInBlock(node)) || failed(verifyNodeTree(node, tfg)))
      return failure();
  nodesChecked = op;
  LogicalResult result = verify(op, /*verifyRecursively=*/false);
  nodesChecked = nullptr;
  return result;
}

LogicalResult mlir::tfg::verifyGraphModule(Operation *op) {
  if (hasLargeBody(op))
    return verifyNodeByNode(op);
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return verify(op);
  // The children are verified on their own only when no value can cross
  // from one into another (the module's own dominance check then has
  // nothing to look at inside them).
  SmallVector<Operation *> small, large;
  for (Operation &child : *module.getBody()) {
    if (child.getNumRegions() != 0 &&
        !child.hasTrait<OpTrait::IsIsolatedFromAbove>())
      return verify(op);
    (hasLargeBody(&child) ? large : small).push_back(&child);
  }
  if (large.empty())
    return verify(op);
  // The module's own checks with its small children, and the large bodies:
  // independent, so the two run at once (diagnostics in this order).
  auto verifyModuleAndSmall = [&]() -> LogicalResult {
    if (failed(verify(op, /*verifyRecursively=*/false)))
      return failure();
    return failableParallelForEach(
        op->getContext(), small,
        [](Operation *child) { return verifyInBlock(*child); });
  };
  auto verifyLarge = [&]() -> LogicalResult {
    for (Operation *child : large)
      if (failed(verifyPlaceInBlock(*child)) || failed(verifyNodeByNode(child)))
        return failure();
    return success();
  };
  return failableParallelForEachN(op->getContext(), 0, 2, [&](size_t i) {
    return i == 0 ? verifyModuleAndSmall() : verifyLarge();
  });
}
