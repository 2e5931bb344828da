//===- FrameTrips.cpp - v1 loops running no or one iteration -------------===//
//
// A v1 loop (a frame) is, per loop variable, Enter -> Merge(Enter,
// NextIteration) -> Switch(Merge, LoopCond): the Switch's false output goes
// to Exits, its true output to the body, whose result NextIteration takes
// back to the Merge. Its trip count is found by evaluating the LoopCond's
// input on the constants the variables enter with (a constant Enter reads
// as its input), then on the values the body computes from them.
//  - No iteration: each Exit outputs the value its variable entered with;
//    the Exits' users read that value and the Exits go (the frame is left
//    without users, for tfg-prune).
//  - One iteration: the frame goes and its body runs once outside it. The
//    body reads the value each variable entered with where it read the
//    Switch's true output and the input of each constant Enter where it
//    read the Enter; each Exit's users read the value the variable's
//    NextIteration took (the body's result). The frame's Enters, Merges,
//    Switches, LoopCond, NextIterations and Exits go, with the nodes
//    computing the condition (which must be free of side effects).
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
// No iteration
//===----------------------------------------------------------------------===//

/// The v1 loops of the body whose condition is false on the values they
/// enter with: every Exit of the loop outputs the value its loop variable
/// entered with (the frame's first Switch sends it to the Exit), so the
/// Exits' users read those values instead and the Exits go. The frame is
/// left in place, without users, for tfg-prune. The loops whose condition
/// is true on those values are added to `runOnce`.
static void removeNeverRunFrames(BodyContext &ctx,
                                 SmallVectorImpl<Operation *> &runOnce) {
  // Constant Enters and the Merges of loop variables entering constants.
  llvm::DenseMap<Value, int64_t> known;
  SmallVector<Operation *> loopConds;
  for (Operation &op : ctx.body) {
    StringRef name = getTFOpName(&op);
    if (name == "LoopCond" && getNumDataOperands(&op) == 1) {
      loopConds.push_back(&op);
    } else if (name == "Enter" && getNumDataOperands(&op) == 1) {
      if (std::optional<int64_t> c = getConstantInt(getDataOperands(&op)[0]))
        known[getDataResults(&op)[0]] = *c;
    }
  }
  for (Operation &op : ctx.body) {
    if (getTFOpName(&op) != "Merge" || getNumDataOperands(&op) != 2)
      continue;
    // A loop's Merge: Merge(Enter, NextIteration), in either order.
    Value in0 = getDataOperands(&op)[0], in1 = getDataOperands(&op)[1];
    Operation *d0 = in0.getDefiningOp(), *d1 = in1.getDefiningOp();
    if (d0 && d1 && getTFOpName(d0) == "NextIteration") {
      std::swap(in0, in1);
      std::swap(d0, d1);
    }
    if (d0 && d1 && getTFOpName(d0) == "Enter" &&
        getTFOpName(d1) == "NextIteration" && known.count(in0))
      known[getDataResults(&op)[0]] = known.lookup(in0);
  }
  for (Operation *loopCond : loopConds) {
    Value pred = getDataResults(loopCond)[0];
    std::optional<bool> enter =
        evalKnownCondition(getDataOperands(loopCond)[0], known);
    if (!enter)
      continue;
    if (*enter) {
      runOnce.push_back(loopCond);
      continue;
    }
    // Each Switch of the loop: Switch(Merge(Enter(init), NextIteration),
    // pred), its false output read by Exits only.
    SmallVector<std::pair<Operation *, Value>> exits;
    bool ok = true;
    for (Operation *user : pred.getUsers()) {
      if (!ok)
        break;
      if (getTFOpName(user) != "Switch")
        continue;
      OperandRange data = getDataOperands(user);
      Operation *merge = data.size() == 2 && data[1] == pred
                             ? data[0].getDefiningOp()
                             : nullptr;
      Value init;
      if (merge && getTFOpName(merge) == "Merge" &&
          getNumDataOperands(merge) == 2)
        for (Value in : getDataOperands(merge))
          if (Operation *e = in.getDefiningOp();
              e && getTFOpName(e) == "Enter" && getNumDataOperands(e) == 1)
            init = getDataOperands(e)[0];
      if (!init) {
        ok = false;
        break;
      }
      for (Operation *exit : getDataResults(user)[0].getUsers()) {
        if (getTFOpName(exit) != "Exit" || !ctx.mayReplace(exit)) {
          ok = false;
          break;
        }
        exits.emplace_back(exit, init);
      }
    }
    if (!ok || exits.empty()) {
      LLVM_DEBUG(llvm::dbgs()
                 << "tfg-loop-optimizer: v1 loop of '" << getNodeName(loopCond)
                 << "' runs no iteration but is kept\n");
      continue;
    }
    bool done = false;
    for (auto [exit, init] : exits)
      done |= succeeded(replaceAndErase(ctx, exit, {init}, {}));
    if (done)
      ++ctx.stats.loopsRemoved;
  }
}

//===----------------------------------------------------------------------===//
// One iteration
//===----------------------------------------------------------------------===//

namespace {
/// One variable of a v1 loop.
struct LoopVar {
  Operation *enter, *merge, *next, *sw;
};
} // namespace

static bool isNamed(Operation *op, StringRef name) {
  return op && getTFOpName(op) == name;
}

static bool isConstantEnter(Operation *op) {
  auto isConstant = op->getAttrOfType<BoolAttr>("is_constant");
  return isConstant && isConstant.getValue();
}

/// The variables of the loop of `loopCond`: every user of its output is a
/// Switch(Merge(Enter, NextIteration), output) of one variable.
static std::optional<SmallVector<LoopVar>> getLoopVars(Operation *loopCond) {
  Value pred = getDataResults(loopCond)[0];
  SmallVector<LoopVar> vars;
  llvm::DenseSet<Operation *> merges;
  for (OpOperand &use : pred.getUses()) {
    Operation *sw = use.getOwner();
    if (!isNamed(sw, "Switch") || getNumDataOperands(sw) != 2 ||
        use.getOperandNumber() != 1 || getDataResults(sw).size() != 2)
      return std::nullopt;
    Value value = getDataOperands(sw)[0];
    Operation *merge = value.getDefiningOp();
    if (!isNamed(merge, "Merge") || getNumDataOperands(merge) != 2 ||
        value != getDataResults(merge)[0] || !merges.insert(merge).second)
      return std::nullopt;
    Operation *enter = getDataOperands(merge)[0].getDefiningOp();
    Operation *next = getDataOperands(merge)[1].getDefiningOp();
    if (isNamed(enter, "NextIteration"))
      std::swap(enter, next);
    if (!isNamed(enter, "Enter") || !isNamed(next, "NextIteration") ||
        getNumDataOperands(enter) != 1 || getNumDataOperands(next) != 1 ||
        isConstantEnter(enter) ||
        !enter->getAttrOfType<StringAttr>("frame_name"))
      return std::nullopt;
    vars.push_back({enter, merge, next, sw});
  }
  if (vars.empty())
    return std::nullopt;
  return vars;
}

/// `value` as a value of `result`'s type: read through a new Identity
/// (named after `result`'s node) when the types differ.
static Value adaptTo(BodyContext &ctx, OpResult result, Value value) {
  if (result.getType() == value.getType())
    return value;
  Operation *op = result.getOwner();
  OpBuilder builder(op);
  std::string name = ctx.uniqueName(
      (getNodeName(op) + "/output_" + Twine(result.getResultNumber())).str());
  SmallVector<NamedAttribute> attrs = getPlacementAttrs(op, name);
  attrs.emplace_back(
      builder.getStringAttr("T"),
      TypeAttr::get(tf_type::getElementTypeOrSelf(result.getType())));
  return createNode(builder, op->getLoc(), "Identity", {value}, {},
                    {result.getType()}, attrs)
      ->getResult(0);
}

/// Unrolls the v1 loop of `loopCond` if it runs exactly once, its frame
/// holds no other frame and nothing outside the frame reads its control
/// nodes or its condition; returns whether it did.
static bool unrollFrame(
    BodyContext &ctx, Operation *loopCond,
    const llvm::DenseMap<StringAttr, SmallVector<Operation *>> &frameEnters) {
  auto keep = [&](const char *why) {
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-loop-optimizer: v1 loop of '" << getNodeName(loopCond)
               << "' runs once but is kept: " << why << "\n");
    return false;
  };
  std::optional<SmallVector<LoopVar>> vars = getLoopVars(loopCond);
  if (!vars)
    return keep("not Switches of Merge(Enter, NextIteration) on its LoopCond");
  auto frame = vars->front().enter->getAttrOfType<StringAttr>("frame_name");
  llvm::DenseSet<Operation *> varEnters;
  for (LoopVar &var : *vars) {
    if (var.enter->getAttrOfType<StringAttr>("frame_name") != frame)
      return keep("its variables enter several frames");
    varEnters.insert(var.enter);
  }
  SmallVector<Operation *> constEnters;
  for (Operation *enter : frameEnters.lookup(frame)) {
    if (varEnters.contains(enter))
      continue;
    if (!isConstantEnter(enter))
      return keep("an Enter of its frame is no variable of its LoopCond");
    constEnters.push_back(enter);
  }
  if (varEnters.size() + constEnters.size() != frameEnters.lookup(frame).size())
    return keep("a variable's Enter is not in the body");

  // The trip count: the condition true on the values entered with, false
  // on the values the body computes from them.
  llvm::DenseMap<Value, int64_t> first, inBody, second;
  for (Operation *enter : constEnters)
    if (std::optional<int64_t> c = getConstantInt(getDataOperands(enter)[0]))
      first[getDataResults(enter)[0]] = *c;
  inBody = second = first;
  for (LoopVar &var : *vars)
    if (std::optional<int64_t> c =
            getConstantInt(getDataOperands(var.enter)[0])) {
      first[getDataResults(var.merge)[0]] = *c;
      inBody[getDataResults(var.sw)[1]] = *c;
    }
  Value condition = getDataOperands(loopCond)[0];
  std::optional<bool> enters = evalKnownCondition(condition, first);
  if (!enters || !*enters)
    return false;
  for (LoopVar &var : *vars)
    if (std::optional<int64_t> c =
            evalKnownInt(getDataOperands(var.next)[0], inBody))
      second[getDataResults(var.merge)[0]] = *c;
  std::optional<bool> again = evalKnownCondition(condition, second);
  if (!again || *again)
    return keep("the condition is not known false after one iteration");

  // The frame: what its Enters reach, up to its Exits.
  llvm::DenseSet<Operation *> exits, control;
  control.insert(loopCond);
  for (LoopVar &var : *vars) {
    for (Operation *op : {var.enter, var.merge, var.next, var.sw})
      control.insert(op);
    for (Operation *user : getDataResults(var.sw)[0].getUsers()) {
      if (!isNamed(user, "Exit") || getNumDataOperands(user) != 1)
        return keep("a Switch's false output is read by a non-Exit");
      exits.insert(user);
    }
  }
  control.insert(constEnters.begin(), constEnters.end());
  llvm::SetVector<Operation *> inFrame;
  llvm::DenseSet<Operation *> seen;
  SmallVector<Operation *> worklist;
  auto pushUsers = [&](Operation *op) {
    for (Value result : op->getResults())
      llvm::append_range(worklist, result.getUsers());
  };
  for (Operation *enter : varEnters)
    pushUsers(enter);
  for (Operation *enter : constEnters)
    pushUsers(enter);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!seen.insert(op).second || exits.contains(op))
      continue;
    if (op->getBlock() != &ctx.body || op->hasTrait<OpTrait::IsTerminator>())
      return keep("a value of its frame is returned or read in a region");
    if (!control.contains(op)) {
      // Conditionals (Switch, Merge) may be in the body; frames may not.
      if (isFrameNode(op) && !isMergeNode(op))
        return keep("its frame holds another frame");
      inFrame.insert(op);
    }
    pushUsers(op);
  }
  // The condition's nodes: what the LoopCond reads in the frame.
  llvm::DenseSet<Operation *> condNodes;
  SmallVector<Operation *> back;
  for (Value v : loopCond->getOperands())
    if (Operation *def = v.getDefiningOp())
      back.push_back(def);
  while (!back.empty()) {
    Operation *op = back.pop_back_val();
    if (!inFrame.contains(op) || !condNodes.insert(op).second)
      continue;
    if (hasSideEffects(op))
      return keep("its condition has side effects");
    for (Value v : op->getOperands())
      if (Operation *def = v.getDefiningOp())
        back.push_back(def);
  }

  // What goes: the control nodes, the condition and the Exits. Outside it
  // only the Exits, the Switches' true outputs and the constant Enters may
  // be read (they are replaced); the NextIterations must read what stays.
  SmallVector<Operation *> doomed(control.begin(), control.end());
  doomed.append(condNodes.begin(), condNodes.end());
  llvm::DenseSet<Operation *> gone(doomed.begin(), doomed.end());
  gone.insert(exits.begin(), exits.end());
  llvm::DenseSet<Value> replaced;
  for (LoopVar &var : *vars)
    replaced.insert(getDataResults(var.sw)[1]);
  for (Operation *enter : constEnters) {
    replaced.insert(getDataResults(enter)[0]);
    Value token = getControlToken(enter);
    if (token && !token.use_empty() &&
        !getControlTokenOf(getDataOperands(enter)[0]))
      return keep("a constant Enter's token is read, its input has none");
    if (token)
      replaced.insert(token);
  }
  for (Operation *op : gone)
    if (!ctx.mayReplace(op))
      return keep("a node of its frame is fetched or protected");
  for (Operation *op : doomed)
    for (OpOperand &use : op->getUses())
      if (!gone.contains(use.getOwner()) && !replaced.contains(use.get()))
        return keep("a node outside the frame's control reads it");
  for (LoopVar &var : *vars) {
    Value after = getDataOperands(var.next)[0];
    Operation *def = after.getDefiningOp();
    if (def && gone.contains(def) && !replaced.contains(after))
      return keep("a NextIteration reads the frame's control or condition");
  }

  // The body outside the frame.
  for (LoopVar &var : *vars) {
    OpResult taken = getDataResults(var.sw)[1];
    taken.replaceAllUsesWith(
        adaptTo(ctx, taken, getDataOperands(var.enter)[0]));
  }
  for (Operation *enter : constEnters) {
    Value input = getDataOperands(enter)[0];
    OpResult result = getDataResults(enter)[0];
    result.replaceAllUsesWith(adaptTo(ctx, result, input));
    if (Value token = getControlToken(enter); token && !token.use_empty())
      token.replaceAllUsesWith(getControlTokenOf(input));
  }
  for (LoopVar &var : *vars) {
    Value after = getDataOperands(var.next)[0];
    SmallVector<Operation *> varExits(getDataResults(var.sw)[0].getUsers());
    for (Operation *exit : varExits)
      (void)replaceAndErase(ctx, exit, {after}, {});
  }
  for (Operation *op : doomed)
    op->dropAllReferences();
  for (Operation *op : doomed)
    op->erase();
  ++ctx.stats.loopsUnrolled;
  LLVM_DEBUG(llvm::dbgs() << "tfg-loop-optimizer: v1 loop of '"
                          << frame.getValue() << "' unrolled\n");
  return true;
}

void loop_opt::simplifyFrameTripCounts(BodyContext &ctx) {
  SmallVector<Operation *> runOnce;
  removeNeverRunFrames(ctx, runOnce);
  if (runOnce.empty())
    return;
  llvm::DenseMap<StringAttr, SmallVector<Operation *>> frameEnters;
  for (Operation &op : ctx.body)
    if (getTFOpName(&op) == "Enter")
      if (auto frame = op.getAttrOfType<StringAttr>("frame_name"))
        frameEnters[frame].push_back(&op);
  for (Operation *loopCond : runOnce)
    (void)unrollFrame(ctx, loopCond, frameEnters);
}
