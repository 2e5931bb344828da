//===- DeadBranches.cpp - Branches a constant never takes -----------------===//
//
// Grappler's RemoveDeadBranches, and its functional counterpart:
//  - a v1 `Switch` whose predicate is a constant always has the same dead
//    output. Deadness flows to every node reading a dead value or waiting
//    for a dead node, except a `Merge`, which is alive while one input is.
//    That fanout is erased and the Merges lose their dead inputs (a Merge
//    left with one input becomes an Identity, its value_index a constant).
//    Nothing is done when the fanout reaches a fetched, fed or protected
//    node, a node with side effects, a frame node (Enter, Exit,
//    NextIteration, LoopCond), a loop's Merge, a Merge through a control
//    edge, or a function's return;
//  - `If`/`StatelessIf` with a constant condition and `Case` with a
//    constant index become a call of the branch taken, named like them;
//    `IfRegion`/`CaseRegion` are replaced by the ops of the region taken.
//
//===----------------------------------------------------------------------===//

#include "LoopOptimizer.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/Builders.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-loop-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::loop_opt;

//===----------------------------------------------------------------------===//
// Switch on a constant predicate
//===----------------------------------------------------------------------===//

namespace {
/// The fanout of one dead Switch output.
struct DeadFanout {
  /// The dead nodes, in the order found.
  llvm::SetVector<Operation *> dead;
  /// The Merges that stay alive and the indices of their dead inputs.
  llvm::MapVector<Operation *, llvm::SmallDenseSet<unsigned>> merges;
};
} // namespace

/// True if `merge` is a loop's Merge (an input from NextIteration).
static bool isLoopMerge(Operation *merge) {
  return llvm::any_of(getDataOperands(merge), [](Value v) {
    Operation *def = v.getDefiningOp();
    return def && isNextIterationNode(def);
  });
}

/// Collects the fanout of the dead value `start`; fails, with the reason,
/// when it cannot be removed.
static FailureOr<DeadFanout> collectDeadFanout(BodyContext &ctx, Value start,
                                               std::string &reason) {
  DeadFanout fanout;
  SmallVector<Value> worklist = {start};
  auto fail = [&](Operation *op, StringRef why) {
    reason = (why + " '" + getNodeName(op) + "'").str();
    return failure();
  };
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = ctx.body.findAncestorOpInBlock(*use.getOwner());
      if (!user || user->hasTrait<OpTrait::IsTerminator>())
        return fail(use.getOwner(), "dead value reaches the terminator");
      if (isMergeNode(user) && use.getOwner() == user) {
        if (isControlType(v.getType()))
          return fail(user, "dead control edge into Merge");
        if (isLoopMerge(user))
          return fail(user, "dead value reaches the loop Merge");
        if (!ctx.mayReplace(user))
          return fail(user, "dead value reaches the protected Merge");
        auto &deadInputs = fanout.merges[user];
        deadInputs.insert(use.getOperandNumber());
        if (deadInputs.size() < getDataOperands(user).size())
          continue;
        // Every input dead: the Merge is dead too (its entry in `merges`
        // is skipped from now on).
      }
      if (fanout.dead.contains(user))
        continue;
      if (!ctx.mayReplace(user))
        return fail(user, "dead fanout reaches the protected node");
      if (hasSideEffects(user))
        return fail(user, "dead fanout reaches the node with side effects");
      if (isFrameNode(user) && !isMergeNode(user))
        return fail(user, "dead fanout reaches the frame node");
      fanout.dead.insert(user);
      llvm::append_range(worklist, user->getResults());
    }
  }
  // A Merge that keeps several inputs cannot renumber its value_index.
  for (auto &[merge, deadInputs] : fanout.merges) {
    if (fanout.dead.contains(merge))
      continue;
    unsigned live = getDataOperands(merge).size() - deadInputs.size();
    if (live > 1 && !merge->getResult(1).use_empty())
      return fail(merge, "value_index used of the Merge keeping inputs");
  }
  return fanout;
}

/// Rewrites a Merge that lost the inputs `deadInputs`.
static void rewriteMerge(BodyContext &ctx, Operation *merge,
                         const llvm::SmallDenseSet<unsigned> &deadInputs) {
  OperandRange data = getDataOperands(merge);
  SmallVector<unsigned> live;
  for (unsigned i = 0, e = data.size(); i < e; ++i)
    if (!deadInputs.contains(i))
      live.push_back(i);
  OpBuilder builder(merge);
  if (live.size() > 1) {
    eraseOperandsIf(merge, [&](OpOperand &operand) {
      return deadInputs.contains(operand.getOperandNumber());
    });
    merge->setAttr("N", builder.getI64IntegerAttr(live.size()));
    return;
  }
  // One input left: the Merge forwards it (Identity, same name) and its
  // value_index is the constant index of that input.
  Value input = data[live.front()];
  SmallVector<NamedAttribute> attrs = getPlacementAttrs(merge);
  attrs.emplace_back(builder.getStringAttr("T"),
                     TypeAttr::get(tf_type::getElementTypeOrSelf(
                         merge->getResult(0).getType())));
  SmallVector<Value> controls(getControlOperands(merge));
  Operation *identity =
      createNode(builder, merge->getLoc(), "Identity", {input}, controls,
                 {merge->getResult(0).getType()}, attrs);
  Value index = merge->getResult(1);
  Value replacementIndex = index;
  if (!index.use_empty()) {
    std::string name =
        ctx.uniqueName((getNodeName(merge) + "/value_index").str());
    SmallVector<NamedAttribute> constAttrs = getPlacementAttrs(merge, name);
    auto type = RankedTensorType::get({}, builder.getI32Type());
    constAttrs.emplace_back(builder.getStringAttr("dtype"),
                            TypeAttr::get(builder.getI32Type()));
    constAttrs.emplace_back(
        builder.getStringAttr("value"),
        DenseElementsAttr::get(type, static_cast<int32_t>(live.front())));
    Operation *constant =
        createNode(builder, merge->getLoc(), "Const", {},
                   {getControlToken(identity)}, {index.getType()}, constAttrs);
    replacementIndex = constant->getResult(0);
  }
  index.replaceAllUsesWith(replacementIndex);
  merge->getResult(0).replaceAllUsesWith(identity->getResult(0));
  getControlToken(merge).replaceAllUsesWith(getControlToken(identity));
  merge->erase();
}

void loop_opt::removeDeadBranches(BodyContext &ctx) {
  // A graph without fetches keeps its nodes.
  if (!ctx.preserved.canDeleteNodes())
    return;
  SmallVector<Operation *> switches;
  for (Operation &op : ctx.body)
    if (getTFOpName(&op) == "Switch" || getTFOpName(&op) == "RefSwitch")
      switches.push_back(&op);
  llvm::DenseSet<Operation *> erased;
  for (Operation *sw : switches) {
    if (erased.contains(sw) || getDataOperands(sw).size() != 2 ||
        getDataResults(sw).size() != 2)
      continue;
    std::optional<int64_t> pred = getConstantInt(getDataOperands(sw)[1]);
    if (!pred)
      continue;
    Value deadOutput = getDataResults(sw)[*pred ? 0 : 1];
    if (deadOutput.use_empty())
      continue;
    std::string reason;
    FailureOr<DeadFanout> fanout = collectDeadFanout(ctx, deadOutput, reason);
    if (failed(fanout)) {
      LLVM_DEBUG(llvm::dbgs()
                 << "tfg-loop-optimizer: Switch '" << getNodeName(sw)
                 << "' kept: " << reason << "\n");
      continue;
    }
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-loop-optimizer: Switch '" << getNodeName(sw)
               << "': removing " << fanout->dead.size() << " dead nodes\n");
    for (auto &[merge, deadInputs] : fanout->merges)
      if (!fanout->dead.contains(merge))
        rewriteMerge(ctx, merge, deadInputs);
    for (Operation *op : fanout->dead)
      op->dropAllReferences();
    for (Operation *op : fanout->dead) {
      op->dropAllUses();
      erased.insert(op);
      op->erase();
    }
    ++ctx.stats.deadSwitches;
    ctx.stats.deadNodes += fanout->dead.size();
  }
}

//===----------------------------------------------------------------------===//
// If and Case with a constant condition or index
//===----------------------------------------------------------------------===//

/// The branch Case takes for `index` among `n` (the last one when out of
/// range).
static unsigned caseBranch(int64_t index, unsigned n) {
  return index >= 0 && index < static_cast<int64_t>(n) ? index : n - 1;
}

/// If/Case (functional): a call of the branch taken.
static LogicalResult foldFunctionalBranch(BodyContext &ctx, Operation *op,
                                          StringRef name) {
  OperandRange data = getDataOperands(op);
  if (data.empty())
    return failure();
  Attribute callee;
  if (name.ends_with("If")) {
    std::optional<bool> cond = getConstantCondition(data[0]);
    if (!cond)
      return failure();
    callee = op->getAttr(*cond ? "then_branch" : "else_branch");
  } else {
    std::optional<int64_t> index = getConstantInt(data[0]);
    auto branches = op->getAttrOfType<ArrayAttr>("branches");
    if (!index || !branches || branches.empty())
      return failure();
    callee = branches[caseBranch(*index, branches.size())];
  }
  auto tin = op->getAttrOfType<ArrayAttr>("Tin");
  auto tout = op->getAttrOfType<ArrayAttr>("Tout");
  if (!isa_and_nonnull<tf_type::FuncAttr>(callee) || !tin || !tout) {
    LLVM_DEBUG(llvm::dbgs() << "tfg-loop-optimizer: '" << getNodeName(op)
                            << "' kept: no callee, Tin or Tout\n");
    return failure();
  }
  // The call waits for what the node waited for, the condition included.
  SmallVector<Value> controls =
      getControlDependencies({data[0]}, getControlOperands(op));
  return replaceWithCall(ctx, op, callee, data.drop_front(), tin, tout,
                         controls, /*stateful=*/!name.starts_with("Stateless"));
}

/// IfRegion/CaseRegion: the ops of the region taken.
static LogicalResult foldRegionBranch(BodyContext &ctx, Operation *op,
                                      StringRef name) {
  if (!ctx.preserved.canDeleteNodes())
    return failure();
  Value selector = op->getOperand(0);
  Region *taken = nullptr;
  if (name.ends_with("IfRegion")) {
    std::optional<bool> cond = getConstantCondition(selector);
    if (!cond)
      return failure();
    taken = &op->getRegion(*cond ? 0 : 1);
  } else {
    std::optional<int64_t> index = getConstantInt(selector);
    if (!index || op->getNumRegions() == 0)
      return failure();
    taken = &op->getRegion(caseBranch(*index, op->getNumRegions()));
  }
  if (taken->empty())
    return failure();
  Block &block = taken->front();
  Operation *yield = block.getTerminator();
  SmallVector<Value> results(getDataOperands(yield));
  SmallVector<Value> controls =
      getControlDependencies({selector}, getControlOperands(op));
  SmallVector<Value> tokens(getControlOperands(yield));
  llvm::append_range(tokens, controls);
  moveBlockBefore(block, op, controls);
  return replaceAndErase(ctx, op, results, tokens);
}

void loop_opt::foldConstantBranches(BodyContext &ctx) {
  // Innermost first: an outer op erased with its branches takes the inner
  // ops with it only after they were handled.
  SmallVector<Operation *> candidates;
  ctx.body.walk([&](Operation *op) {
    StringRef name = getTFOpName(op);
    name.consume_front("Stateless") || name.consume_front("Stateful");
    if (name == "If" || name == "Case" || name == "IfRegion" ||
        name == "CaseRegion")
      candidates.push_back(op);
  });
  for (Operation *op : candidates) {
    StringRef name = getTFOpName(op);
    if (!ctx.mayReplace(op))
      continue;
    bool region = name.ends_with("Region");
    // Branches of an op inside another region are moved within it.
    if (failed(region ? foldRegionBranch(ctx, op, name)
                      : foldFunctionalBranch(ctx, op, name)))
      continue;
    ++ctx.stats.branchesFolded;
  }
}
