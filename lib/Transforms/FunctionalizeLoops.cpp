//===- FunctionalizeLoops.cpp - v1 loop frames to While nodes -------------===//
//
// A v1 while loop is a frame: Enter nodes bring values in (a loop variable
// through a Merge, a loop invariant directly), each loop variable cycles
// through Merge -> Switch(LoopCond) -> body -> NextIteration -> Merge, and
// leaves through the Switch's false output into an Exit. Such a frame is
// the functional `While(inits, invariants)` whose cond computes the
// LoopCond's input from the Merges and whose body computes the
// NextIterations' inputs from the Switches' true outputs, the invariants
// passed through unchanged (TensorFlow's functionalization does the same).
//
// Frames are found in one topological pass (NextIteration back edges left
// out): a node runs in the frame of its inputs, an Enter opens the frame it
// names inside its input's, an Exit returns to the parent. They are
// converted innermost first, each by worklists over its own nodes, so the
// whole pass is iterative and linear in nodes and edges (plus the nodes
// cloned into the functions).
//
//===----------------------------------------------------------------------===//

#include "FunctionalizeUtils.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/Functionalize.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// One v1 frame of a body (frame 0 is the body itself).
struct Frame {
  StringAttr name;
  int parent = -1;
  /// The nodes that run in the frame (Enters included, Exits not), in a
  /// topological order; While nodes of converted inner frames are appended.
  SmallVector<Operation *> nodes;
  /// The Exits leaving the frame.
  SmallVector<Operation *> exits;
  /// Why the frame cannot be converted: the node to name and a reason.
  Operation *blame = nullptr;
  std::string reason;
};

/// A loop variable: Enter -> Merge -> Switch -> ... -> NextIteration.
struct LoopVar {
  Operation *enter, *merge, *sw, *next;
};

/// The failure of a frame's conversion: the node to name and why.
struct Blame {
  Operation *op;
  std::string reason;
};

class LoopFunctionalizer {
public:
  LoopFunctionalizer(Block &body, ModuleOp module, SymbolTable &symbols,
                     const KeptNodes &kept, FunctionalizeStats &stats)
      : body(body), module(module), symbols(symbols), kept(kept), stats(stats),
        uniquer(body) {}

  void run();

private:
  void findFrames();
  FailureOr<Operation *> convert(Frame &frame, Blame &blame);

  Block &body;
  ModuleOp module;
  SymbolTable &symbols;
  const KeptNodes &kept;
  FunctionalizeStats &stats;
  NodeNameUniquer uniquer;
  SmallVector<Frame> frames;
};
} // namespace

/// Marks `frame` unstructured because of `op` (the first reason wins).
static void blameFrame(Frame &frame, Operation *op, const Twine &reason) {
  if (frame.blame)
    return;
  frame.blame = op;
  frame.reason = reason.str();
}

void LoopFunctionalizer::findFrames() {
  GraphView view(body);
  std::vector<unsigned> order = view.topologicalOrder(/*stable=*/true);
  // The frame each node runs in, and the frame its outputs are in (an
  // Exit's outputs are in its frame's parent).
  std::vector<int> frameOf(view.size(), -1), outFrameOf(view.size(), -1);
  DenseMap<std::pair<int, Attribute>, int> children;
  frames.emplace_back();
  for (unsigned idx : order) {
    Operation *op = view.getNode(idx);
    bool merge = isMergeNode(op);
    int in = -1;
    Operation *mismatch = nullptr;
    auto meet = [&](int f) {
      if (in == -1)
        in = f;
      else if (f != in && !mismatch)
        mismatch = op;
    };
    for (GraphView::Edge edge : view.getPreds(idx)) {
      Operation *pred = view.getNode(edge.node);
      // A Merge's back edge comes from a NextIteration found later.
      if (merge && isNextIterationNode(pred))
        continue;
      if (outFrameOf[edge.node] >= 0)
        meet(outFrameOf[edge.node]);
    }
    // Body arguments are in the body's frame.
    for (Value v : op->getOperands())
      if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &body)
        meet(0);
    if (in == -1)
      in = 0;
    if (mismatch)
      blameFrame(frames[in], op, "takes inputs from different loop frames");

    int f = in, out = in;
    if (isTFOp(op, "Enter")) {
      auto name = op->getAttrOfType<StringAttr>("frame_name");
      if (!name) {
        blameFrame(frames[in], op, "is an Enter without a frame_name");
      } else {
        auto [it, inserted] =
            children.try_emplace({in, name}, (int)frames.size());
        if (inserted) {
          frames.emplace_back();
          frames.back().name = name;
          frames.back().parent = in;
        }
        f = out = it->second;
      }
    } else if (isTFOp(op, "Exit")) {
      if (in == 0)
        blameFrame(frames[0], op, "is an Exit outside of any loop frame");
      else
        out = frames[in].parent;
    }
    frameOf[idx] = f;
    outFrameOf[idx] = out;
    if (f == 0)
      continue;
    if (isTFOp(op, "Exit"))
      frames[f].exits.push_back(op);
    else
      frames[f].nodes.push_back(op);
  }
}

FailureOr<Operation *> LoopFunctionalizer::convert(Frame &frame, Blame &blame) {
  auto fail = [&](Operation *op, const Twine &reason) {
    blame = {op, reason.str()};
    return failure();
  };
  if (frame.blame)
    return fail(frame.blame, frame.reason);
  DenseSet<Operation *> inFrame(frame.nodes.begin(), frame.nodes.end());
  inFrame.insert(frame.exits.begin(), frame.exits.end());
  // A fetched or fed node would vanish into the functions (an Exit's name
  // stays, on the Identity of its value).
  for (Operation *op : frame.nodes)
    if (kept.count(getNodeName(op)))
      return fail(op, "is fetched or fed, and would move into the loop's "
                      "functions");
  for (Operation *op : frame.exits)
    if (kept.lookup(getNodeName(op)))
      return fail(op, "is an Exit whose output other than 0 is fetched");

  // The skeleton: one LoopCond, the loop variables, the invariants.
  Operation *loopCond = nullptr;
  for (Operation *op : frame.nodes) {
    if (!isTFOp(op, "LoopCond"))
      continue;
    if (loopCond)
      return fail(op, "is a second LoopCond of its frame");
    loopCond = op;
  }
  if (!loopCond)
    return fail(frame.nodes.front(), "is in a loop frame without a LoopCond");
  Value pred = getDataResults(loopCond)[0];

  DenseSet<Operation *> skeleton = {loopCond};
  SmallVector<LoopVar> vars;
  SmallVector<Operation *> invariants;
  DenseSet<Operation *> loopEnters;
  for (Operation *op : frame.nodes) {
    if (!isMergeNode(op) || getNumDataOperands(op) != 2)
      continue;
    LoopVar var{nullptr, op, nullptr, nullptr};
    for (Value in : getDataOperands(op)) {
      Operation *def = in.getDefiningOp();
      if (!def || !inFrame.contains(def))
        continue;
      if (isTFOp(def, "Enter"))
        var.enter = def;
      else if (isNextIterationNode(def))
        var.next = def;
    }
    if (!var.enter && !var.next)
      continue; // A conditional's Merge inside the loop.
    if (!var.enter || !var.next)
      return fail(op, "is a loop Merge without both an Enter and a "
                      "NextIteration input");
    if (!getDataResults(op)[1].use_empty())
      return fail(op, "is a loop Merge whose value_index is used");
    for (Operation *user : getDataResults(op)[0].getUsers())
      if (isSwitchNode(user) && getNumDataOperands(user) == 2 &&
          user->getOperand(1) == pred) {
        if (var.sw)
          return fail(user, "is a second Switch of its loop variable");
        var.sw = user;
      }
    if (!var.sw)
      return fail(op, "is a loop Merge without a Switch on the LoopCond");
    for (Operation *n : {var.enter, var.merge, var.sw, var.next})
      skeleton.insert(n);
    loopEnters.insert(var.enter);
    vars.push_back(var);
  }
  for (Operation *op : frame.nodes)
    if (isTFOp(op, "Enter") && !loopEnters.contains(op)) {
      // A non-constant Enter gives its value to the first iteration only.
      auto isConstant = op->getAttrOfType<BoolAttr>("is_constant");
      if (!isConstant || !isConstant.getValue())
        return fail(op, "is an Enter that is neither constant nor a loop "
                        "variable (no Merge takes it)");
      invariants.push_back(op);
      skeleton.insert(op);
    }
  for (Operation *op : frame.nodes) {
    if (skeleton.contains(op))
      continue;
    if (isNextIterationNode(op))
      return fail(op, "is a NextIteration that feeds no loop Merge");
    if (isSwitchNode(op) && getNumDataOperands(op) == 2 &&
        op->getOperand(1) == pred)
      return fail(op, "is a Switch on the LoopCond of no loop variable");
    if (op->getNumRegions())
      return fail(op, "is a region op inside a v1 loop (run "
                      "--tfg-region-to-functional first)");
  }
  // Exits take a Switch's false output; the false output feeds Exits only.
  DenseMap<Operation *, unsigned> varOfSwitch;
  for (auto [k, var] : llvm::enumerate(vars))
    varOfSwitch[var.sw] = k;
  for (Operation *exit : frame.exits) {
    Value in = exit->getNumOperands() ? exit->getOperand(0) : Value();
    Operation *def = in ? in.getDefiningOp() : nullptr;
    if (!def || !varOfSwitch.count(def) || in != getDataResults(def)[0])
      return fail(exit, "is an Exit that does not take a loop Switch's false "
                        "output");
  }
  for (const LoopVar &var : vars)
    for (Operation *user : getDataResults(var.sw)[0].getUsers())
      if (!isTFOp(user, "Exit"))
        return fail(user, "uses a loop Switch's false output, which only "
                          "Exits may take");
  // Nothing outside the frame may use its nodes (an Exit's outputs aside).
  for (Operation *op : frame.nodes)
    for (Operation *user : op->getUsers())
      if (!inFrame.contains(user))
        return fail(user, "uses '" + getNodeName(op).str() +
                              "' of a loop frame without an Exit");

  // The arguments: loop variables, then invariants.
  SmallVector<Type> argTypes;
  DenseMap<Value, unsigned> condData, condCtl, bodyData, bodyCtl;
  for (auto [k, var] : llvm::enumerate(vars)) {
    Value m = getDataResults(var.merge)[0], s = getDataResults(var.sw)[1];
    argTypes.push_back(m.getType());
    condData[m] = bodyData[m] = k;
    bodyData[s] = k;
    for (Operation *n : {var.enter, var.merge})
      condCtl[getControlToken(n)] = bodyCtl[getControlToken(n)] = k;
    bodyCtl[getControlToken(var.sw)] = k;
  }
  for (Operation *enter : invariants) {
    unsigned k = argTypes.size();
    Value v = getDataResults(enter)[0];
    argTypes.push_back(v.getType());
    condData[v] = bodyData[v] = k;
    condCtl[getControlToken(enter)] = bodyCtl[getControlToken(enter)] = k;
  }

  // The nodes each function needs: worklists from its results backwards,
  // stopping at what an argument stands for.
  auto collect = [&](ArrayRef<Value> roots, ArrayRef<Operation *> extraRoots,
                     const DenseMap<Value, unsigned> &data,
                     const DenseMap<Value, unsigned> &ctl,
                     DenseSet<Operation *> &set) -> LogicalResult {
    SmallVector<Operation *> worklist;
    auto visit = [&](Value v, Operation *user) -> LogicalResult {
      if (data.count(v) || ctl.count(v))
        return success();
      Operation *def = v.getDefiningOp();
      bool control = isControlType(v.getType());
      if (def && inFrame.contains(def) && !skeleton.contains(def)) {
        if (set.insert(def).second)
          worklist.push_back(def);
        return success();
      }
      // Control tokens of the skeleton (LoopCond, NextIteration) order
      // nothing inside a function.
      if (def && control && skeleton.contains(def))
        return success();
      return fail(user, def ? "uses '" + getNodeName(def).str() +
                                  "', which its loop body cannot take"
                            : Twine("uses a value from outside its loop "
                                    "frame without an Enter"));
    };
    for (Value v : roots)
      if (failed(visit(v, loopCond)))
        return failure();
    for (Operation *op : extraRoots)
      if (set.insert(op).second)
        worklist.push_back(op);
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      for (Value v : op->getOperands())
        if (failed(visit(v, op)))
          return failure();
    }
    return success();
  };
  DenseSet<Operation *> condSet, bodySet;
  Value condValue = loopCond->getOperand(0);
  if (failed(collect({condValue}, {}, condData, condCtl, condSet)))
    return failure();
  SmallVector<Value> bodyResults;
  for (const LoopVar &var : vars)
    bodyResults.push_back(var.next->getOperand(0));
  SmallVector<Operation *> extra;
  for (Operation *op : frame.nodes)
    if (!skeleton.contains(op) && !condSet.contains(op))
      extra.push_back(op);
  // Every result must be in the body; invariants pass through.
  for (Value v : bodyResults)
    if (!bodyData.count(v) &&
        !(v.getDefiningOp() && inFrame.contains(v.getDefiningOp()) &&
          !skeleton.contains(v.getDefiningOp())))
      return fail(v.getDefiningOp() ? v.getDefiningOp() : loopCond,
                  "feeds a NextIteration from outside its loop body");
  if (failed(collect(bodyResults, extra, bodyData, bodyCtl, bodySet)))
    return failure();
  for (Operation *enter : invariants)
    bodyResults.push_back(getDataResults(enter)[0]);

  // The functions, their nodes in the frame's (topological) order.
  SmallVector<Operation *> condNodes, bodyNodes;
  for (Operation *op : frame.nodes) {
    if (condSet.contains(op))
      condNodes.push_back(op);
    if (bodySet.contains(op))
      bodyNodes.push_back(op);
  }
  Location loc = loopCond->getLoc();
  std::string base = sanitizeSymbol(frame.name.getValue());
  GraphFuncOp condFn = buildFunctionOf(
      module, symbols, base + "_cond", loc, argTypes, {condValue.getType()},
      condNodes, condData, condCtl, {condValue});
  GraphFuncOp bodyFn =
      buildFunctionOf(module, symbols, base + "_body", loc, argTypes, argTypes,
                      bodyNodes, bodyData, bodyCtl, bodyResults);
  stats.functions += 2;

  // The While node, at the first loop Merge's place.
  Operation *anchor = vars.empty() ? loopCond : vars.front().merge;
  OpBuilder builder(anchor);
  MLIRContext *ctx = module.getContext();
  SmallVector<Value> inits;
  llvm::SetVector<Value> controls;
  Operation *firstEnter = vars.empty() ? nullptr : vars.front().enter;
  for (const LoopVar &var : vars)
    inits.push_back(var.enter->getOperand(0));
  for (Operation *enter : invariants) {
    inits.push_back(enter->getOperand(0));
    if (!firstEnter)
      firstEnter = enter;
  }
  for (const LoopVar &var : vars)
    controls.insert_range(getControlOperands(var.enter));
  for (Operation *enter : invariants)
    controls.insert_range(getControlOperands(enter));
  auto funcAttr = [&](GraphFuncOp fn) {
    return tf_type::FuncAttr::get(ctx, SymbolRefAttr::get(fn.getSymNameAttr()),
                                  DictionaryAttr::get(ctx, {}));
  };
  auto parallel =
      firstEnter ? firstEnter->getAttrOfType<IntegerAttr>("parallel_iterations")
                 : IntegerAttr();
  SmallVector<NamedAttribute> attrs = {
      builder.getNamedAttr("_mlir_name",
                           builder.getStringAttr(uniquer.get(frame.name))),
      builder.getNamedAttr("T", getElementTypesAttr(builder, argTypes)),
      builder.getNamedAttr("cond", funcAttr(condFn)),
      builder.getNamedAttr("body", funcAttr(bodyFn)),
      builder.getNamedAttr("output_shapes", builder.getArrayAttr({})),
      builder.getNamedAttr("parallel_iterations",
                           parallel ? parallel : builder.getI64IntegerAttr(10)),
  };
  if (firstEnter && !getNodeDevice(firstEnter).empty())
    attrs.push_back(builder.getNamedAttr(
        "_mlir_device", builder.getStringAttr(getNodeDevice(firstEnter))));
  Operation *whileOp = createNode(builder, loc, "While", inits,
                                  controls.getArrayRef(), argTypes, attrs);
  frames[frame.parent].nodes.push_back(whileOp);
  // Each Exit becomes an Identity of its name reading the While's result,
  // so the names fetches and feeds use stay (TensorFlow's functionalization
  // keeps them the same way).
  for (Operation *exit : frame.exits) {
    unsigned k = varOfSwitch.lookup(exit->getOperand(0).getDefiningOp());
    builder.setInsertionPoint(exit);
    Operation *id = createIdentityFor(builder, exit, whileOp->getResult(k));
    frames[frame.parent].nodes.push_back(id);
    replaceNodeUses(exit, getDataResults(id).take_front(1),
                    {getControlToken(id)});
  }
  // The frame's nodes go (only they use each other now).
  SmallVector<Operation *> dead(frame.nodes.begin(), frame.nodes.end());
  llvm::append_range(dead, frame.exits);
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : dead) {
    op->dropAllUses();
    op->erase();
  }
  return whileOp;
}

void LoopFunctionalizer::run() {
  findFrames();
  // Inner frames were created after the frames they are in: the highest
  // index first converts every frame before its parent.
  for (int f = (int)frames.size() - 1; f >= 1; --f) {
    Frame &frame = frames[f];
    Frame &parent = frames[frame.parent];
    Blame blame{nullptr, ""};
    FailureOr<Operation *> whileOp = convert(frame, blame);
    if (succeeded(whileOp)) {
      ++stats.loops;
      continue;
    }
    ++stats.unstructured;
    Operation *at = blame.op ? blame.op : frame.nodes.front();
    emitRemark(at->getLoc())
        << "node '" << getNodeName(at) << "' (" << getTFOpName(at)
        << "): " << blame.reason << "; loop frame '" << frame.name.getValue()
        << "' is not functionalized";
    if (frame.parent != 0)
      blameFrame(parent, at,
                 "is in an inner loop frame that is not functionalized");
  }
}

void mlir::tfg::functionalizeLoops(Block &body, ModuleOp module,
                                   SymbolTable &symbols, const KeptNodes &kept,
                                   FunctionalizeStats &stats) {
  LoopFunctionalizer(body, module, symbols, kept, stats).run();
}
