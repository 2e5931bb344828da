//===- Stacks.cpp - Pushes onto stacks never popped -----------------------===//
//
// Grappler's RemoveStackOps: a `StackV2` whose handle reaches no
// `StackPopV2` (following the handle through Identity and Enter nodes)
// only collects values nobody reads. Each `StackPushV2` onto it becomes an
// Identity of the pushed value (a push outputs the value it pushed), named
// like the push and waiting for what it waited for. A handle used by any
// other node (a return, a call, a region) keeps the stack as it is.
//
//===----------------------------------------------------------------------===//

#include "LoopOptimizer.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/Builders.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-loop-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::loop_opt;

/// The pushes onto the stack whose handle is `handle`, if it is never
/// popped and the handle goes nowhere else.
static std::optional<SmallVector<Operation *>>
collectUnpoppedPushes(BodyContext &ctx, Value handle) {
  SmallVector<Operation *> pushes;
  SmallVector<Value> worklist = {handle};
  llvm::DenseSet<Operation *> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != &ctx.body || !seen.insert(user).second)
        return std::nullopt;
      StringRef name = getTFOpName(user);
      if ((name == "StackPushV2" || name == "StackCloseV2") &&
          use.getOperandNumber() == 0) {
        if (name == "StackPushV2")
          pushes.push_back(user);
        continue;
      }
      if ((name == "Identity" || name == "Enter") &&
          use.getOperandNumber() == 0) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      LLVM_DEBUG(llvm::dbgs()
                 << "tfg-loop-optimizer: stack handle read by '"
                 << getNodeName(user) << "' (" << name << "): stack kept\n");
      return std::nullopt;
    }
  }
  return pushes;
}

void loop_opt::removeUnpoppedStackPushes(BodyContext &ctx) {
  SmallVector<Operation *> stacks;
  for (Operation &op : ctx.body)
    if (getTFOpName(&op) == "StackV2" && op.getNumResults() == 2)
      stacks.push_back(&op);
  for (Operation *stack : stacks) {
    std::optional<SmallVector<Operation *>> pushes =
        collectUnpoppedPushes(ctx, stack->getResult(0));
    if (!pushes)
      continue;
    for (Operation *push : *pushes) {
      OperandRange data = getDataOperands(push);
      if (data.size() != 2 || getDataResults(push).size() != 1 ||
          !ctx.mayReplace(push))
        continue;
      OpBuilder builder(push);
      SmallVector<NamedAttribute> attrs = getPlacementAttrs(push);
      attrs.emplace_back(builder.getStringAttr("T"),
                         TypeAttr::get(tf_type::getElementTypeOrSelf(
                             push->getResult(0).getType())));
      // The Identity waits for the handle, as the push did (its frame and
      // deadness come with it).
      SmallVector<Value> controls =
          getControlDependencies({data[0]}, getControlOperands(push));
      Operation *identity =
          createNode(builder, push->getLoc(), "Identity", {data[1]}, controls,
                     {push->getResult(0).getType()}, attrs);
      replaceNodeUses(push, getDataResults(identity),
                      {getControlToken(identity)});
      push->erase();
      ++ctx.stats.stackPushesRemoved;
    }
  }
}
