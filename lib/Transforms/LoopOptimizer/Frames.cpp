//===- Frames.cpp - Loop-invariant node motion out of v1 frames -----------===//
//
// Grappler's loop-invariant node motion for v1 loops: inside a frame, the
// output of an `Enter {is_constant = true}` is the same value in every
// iteration. A node that reads only such values (of one frame), has no side
// effects and no control users, waits (control operands) only for such
// Enters, and is not itself a control-flow node, computes the same value in
// every iteration: it moves out of the frame, reading the values the Enters
// read and waiting for their producers, and a new constant Enter of the
// same frame carries each of its results back to its users (which may make
// them invariant in turn). A `Const` anchored in the frame by a control
// edge from a constant Enter (how TensorFlow places constants in a loop)
// is such a node.
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

namespace {
/// An invariant value inside a frame: the value outside the frame it
/// equals and the constant Enter that brought it in.
struct Invariant {
  Value outside;
  Operation *enter;
};
} // namespace

/// True if `op` is an `Enter {is_constant = true}` with one data operand.
static bool isConstantEnter(Operation *op) {
  if (getTFOpName(op) != "Enter" || getDataOperands(op).size() != 1 ||
      getDataResults(op).size() != 1)
    return false;
  auto isConstant = op->getAttrOfType<BoolAttr>("is_constant");
  return isConstant && isConstant.getValue() &&
         op->getAttrOfType<StringAttr>("frame_name");
}

/// Whether `op` may leave its frame given the invariants known so far;
/// sets `enter` to the constant Enter of its frame.
static bool isHoistable(Operation *op,
                        const llvm::DenseMap<Value, Invariant> &invariants,
                        Operation *&enter) {
  if (op->getNumRegions() || hasSideEffects(op) || isFrameNode(op) ||
      isSwitchNode(op) || !getControlToken(op) ||
      !getControlToken(op).use_empty())
    return false;
  OperandRange data = getDataOperands(op);
  OperandRange controls = getControlOperands(op);
  if (data.empty() && controls.empty())
    return false;
  StringAttr frame;
  auto sameFrame = [&](const Invariant &invariant) {
    auto name = invariant.enter->getAttrOfType<StringAttr>("frame_name");
    if (frame && name != frame)
      return false;
    frame = name;
    enter = invariant.enter;
    return true;
  };
  for (Value v : data) {
    auto it = invariants.find(v);
    if (it == invariants.end() || !sameFrame(it->second))
      return false;
  }
  // A control operand must be a constant Enter's token whose input has a
  // token to wait for outside the frame.
  for (Value c : controls) {
    Operation *def = c.getDefiningOp();
    if (!def || getControlToken(def) != c || getDataResults(def).size() != 1)
      return false;
    auto it = invariants.find(getDataResults(def)[0]);
    if (it == invariants.end() || it->second.enter != def ||
        !getControlTokenOf(it->second.outside) || !sameFrame(it->second))
      return false;
  }
  return true;
}

void loop_opt::hoistFrameInvariants(BodyContext &ctx) {
  llvm::DenseMap<Value, Invariant> invariants;
  SmallVector<Operation *> worklist;
  for (Operation &op : ctx.body)
    if (isConstantEnter(&op)) {
      invariants[op.getResult(0)] = {getDataOperands(&op)[0], &op};
      for (Operation *user : op.getResult(0).getUsers())
        worklist.push_back(user);
      if (Value token = getControlToken(&op))
        for (Operation *user : token.getUsers())
          worklist.push_back(user);
    }
  llvm::DenseSet<Operation *> hoisted, created;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    Operation *enter = nullptr;
    if (op->getBlock() != &ctx.body || hoisted.contains(op) ||
        !ctx.mayReplace(op) || !isHoistable(op, invariants, enter))
      continue;
    // The frame's attributes, for the Enters taking the results back (the
    // Enter they come from may go below).
    SmallVector<NamedAttribute> frameAttrs;
    for (StringRef keep : {"frame_name", "is_constant", "parallel_iterations"})
      if (Attribute value = enter->getAttr(keep))
        frameAttrs.emplace_back(StringAttr::get(op->getContext(), keep), value);
    // Out of the frame: read the values outside. An Enter made for a node
    // moved before and left without users goes.
    for (OpOperand &operand : op->getOpOperands()) {
      Value inside = operand.get();
      bool control = isControlType(inside.getType());
      if (control)
        inside = getDataResults(inside.getDefiningOp())[0];
      Invariant invariant = invariants.lookup(inside);
      // A control edge from the Enter waits for the Enter's input instead.
      operand.set(control ? getControlTokenOf(invariant.outside)
                          : invariant.outside);
      if (created.contains(invariant.enter) && inside.use_empty() &&
          getControlToken(invariant.enter).use_empty()) {
        invariants.erase(inside);
        created.erase(invariant.enter);
        invariant.enter->erase();
      }
    }
    hoisted.insert(op);
    ++ctx.stats.nodesHoisted;
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-loop-optimizer: hoisted '" << getNodeName(op)
               << "' out of frame " << frameAttrs.front().getValue() << "\n");
    // Back in: one constant Enter per used result.
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    for (OpResult result : getDataResults(op)) {
      if (result.use_empty())
        continue;
      std::string name = ctx.uniqueName(
          (getNodeName(op) + "/enter_" + Twine(result.getResultNumber()))
              .str());
      // Placed where the hoisted node is.
      SmallVector<NamedAttribute> attrs = getPlacementAttrs(op, name);
      llvm::append_range(attrs, frameAttrs);
      attrs.emplace_back(
          builder.getStringAttr("T"),
          TypeAttr::get(tf_type::getElementTypeOrSelf(result.getType())));
      Operation *newEnter = createNode(builder, op->getLoc(), "Enter", {result},
                                       {}, {result.getType()}, attrs);
      result.replaceAllUsesExcept(newEnter->getResult(0), newEnter);
      invariants[newEnter->getResult(0)] = {result, newEnter};
      created.insert(newEnter);
      for (Operation *user : newEnter->getResult(0).getUsers())
        worklist.push_back(user);
    }
  }
}
