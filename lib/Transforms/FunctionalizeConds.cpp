//===- FunctionalizeConds.cpp - Switch/Merge conditionals to If nodes -----===//
//
// A v1 conditional routes each value a branch takes through a
// `Switch(value, pred)`: output 0 (false) feeds the else branch, output 1
// (true) the then branch, and a `Merge` joins one value of each branch into
// a result. Such a group is `If(pred, values...)` calling then and else
// functions made of the branches' nodes.
//
// Each node gets the branch context it runs in, in one topological pass:
// the deepest context of its inputs (a Switch's output opens the branch
// context of its side inside the Switch's own); a Merge joining the two
// sides of one Switch group returns to the context around it. Inputs from
// two unrelated branches make the groups involved unstructured. Groups are
// converted innermost first (an inner group opens its contexts after the
// outer one), each If node joining the branch it is in. Iterative; linear
// in nodes and edges times the nesting depth of the conditionals.
//
//===----------------------------------------------------------------------===//

#include "FunctionalizeUtils.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/Functionalize.h"
#include "tfg/Transforms/GraphUtils.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// A branch context: the nodes that run only when the switches of a group
/// send their values to one side. Context 0 is the body itself.
struct Context {
  int parent = -1;
  int depth = 0;
  /// The group this context is a side of (-1 for context 0).
  int group = -1;
  SmallVector<int> children;
  SmallVector<Operation *> nodes;
};

/// The Switches on one predicate in one context, their two sides and the
/// Merges joining them.
struct Group {
  int ctx;
  Value pred;
  int sides[2] = {-1, -1};
  SmallVector<Operation *> switches, merges;
  Operation *blame = nullptr;
  std::string reason;
};

class CondFunctionalizer {
public:
  CondFunctionalizer(Block &body, ModuleOp module, SymbolTable &symbols,
                     const KeptNodes &kept, FunctionalizeStats &stats)
      : body(body), module(module), symbols(symbols), kept(kept), stats(stats),
        uniquer(body) {}

  void run();

private:
  int getGroup(int ctx, Value pred);
  int getOutContext(Value v);
  int deeper(int a, int b, bool &conflict);
  void blame(int ctx, Operation *op, const Twine &reason);
  void assignContexts();
  LogicalResult convert(Group &group, Operation *&at, std::string &reason);

  Block &body;
  ModuleOp module;
  SymbolTable &symbols;
  const KeptNodes &kept;
  FunctionalizeStats &stats;
  NodeNameUniquer uniquer;
  SmallVector<Context> ctxs;
  SmallVector<Group> groups;
  DenseMap<std::pair<int, Value>, int> groupIds;
  DenseMap<Operation *, int> ctxOf;
  DenseSet<Operation *> erased;
};
} // namespace

/// A two-way Switch (not _SwitchN).
static bool isTwoWaySwitch(Operation *op) {
  return isTFOp(op, "Switch") && getNumDataOperands(op) == 2 &&
         getDataResults(op).size() == 2;
}

int CondFunctionalizer::getGroup(int ctx, Value pred) {
  auto [it, inserted] = groupIds.try_emplace({ctx, pred}, (int)groups.size());
  if (!inserted)
    return it->second;
  int g = groups.size();
  groups.emplace_back();
  groups.back().ctx = ctx;
  groups.back().pred = pred;
  for (int s = 0; s < 2; ++s) {
    int c = ctxs.size();
    ctxs.emplace_back();
    ctxs.back().parent = ctx;
    ctxs.back().depth = ctxs[ctx].depth + 1;
    ctxs.back().group = g;
    ctxs[ctx].children.push_back(c);
    groups[g].sides[s] = c;
  }
  return g;
}

int CondFunctionalizer::getOutContext(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return 0;
  auto it = ctxOf.find(def);
  if (it == ctxOf.end())
    return -1; // A back edge (NextIteration) or a value from outside.
  if (isTwoWaySwitch(def) && !isControlType(v.getType())) {
    int g = getGroup(it->second, def->getOperand(1));
    return groups[g].sides[cast<OpResult>(v).getResultNumber()];
  }
  return it->second;
}

int CondFunctionalizer::deeper(int a, int b, bool &conflict) {
  if (a == b)
    return a;
  int x = a, y = b;
  while (ctxs[x].depth > ctxs[y].depth)
    x = ctxs[x].parent;
  while (ctxs[y].depth > ctxs[x].depth)
    y = ctxs[y].parent;
  if (x != y)
    conflict = true;
  return ctxs[a].depth >= ctxs[b].depth ? a : b;
}

void CondFunctionalizer::blame(int ctx, Operation *op, const Twine &reason) {
  for (int c = ctx; c > 0; c = ctxs[c].parent) {
    Group &g = groups[ctxs[c].group];
    if (!g.blame) {
      g.blame = op;
      g.reason = reason.str();
    }
    // The enclosing groups hold this one in a branch: they stay
    // convertible (their functions then hold its Switch and Merge).
    break;
  }
}

void CondFunctionalizer::assignContexts() {
  ctxs.emplace_back();
  GraphView view(body);
  for (unsigned idx : view.topologicalOrder(/*stable=*/true)) {
    Operation *op = view.getNode(idx);
    int ctx = 0;
    if (isMergeNode(op) && getNumDataOperands(op) == 2) {
      int a = getOutContext(op->getOperand(0));
      int b = getOutContext(op->getOperand(1));
      if (a > 0 && b > 0 && a != b && ctxs[a].group == ctxs[b].group) {
        Group &g = groups[ctxs[a].group];
        g.merges.push_back(op);
        ctxOf[op] = g.ctx;
        if (g.ctx)
          ctxs[g.ctx].nodes.push_back(op);
        continue;
      }
    }
    bool conflict = false;
    int first = -1, second = -1;
    for (Value v : op->getOperands()) {
      int c = getOutContext(v);
      if (c < 0)
        continue;
      int before = ctx;
      ctx = deeper(ctx, c, conflict);
      if (conflict && first < 0) {
        first = before;
        second = c;
      }
    }
    if (conflict) {
      blame(first, op, "takes values of two unrelated conditional branches");
      blame(second, op, "takes values of two unrelated conditional branches");
    }
    if (op->hasTrait<OpTrait::IsTerminator>()) {
      if (ctx)
        blame(ctx, op,
              "returns a value of a conditional branch no Merge "
              "joins");
      continue;
    }
    ctxOf[op] = ctx;
    if (ctx)
      ctxs[ctx].nodes.push_back(op);
    if (isTwoWaySwitch(op))
      groups[getGroup(ctx, op->getOperand(1))].switches.push_back(op);
  }
}

LogicalResult CondFunctionalizer::convert(Group &group, Operation *&at,
                                          std::string &reason) {
  auto fail = [&](Operation *op, const Twine &why) {
    at = op;
    reason = why.str();
    return failure();
  };
  if (group.blame)
    return fail(group.blame, group.reason);
  if (group.merges.empty())
    return fail(group.switches.front(), "has no Merge joining the outputs "
                                        "of its conditional");
  DenseSet<Operation *> switches(group.switches.begin(), group.switches.end());
  DenseSet<Operation *> merges(group.merges.begin(), group.merges.end());
  for (Operation *merge : group.merges)
    if (kept.lookup(getNodeName(merge)))
      return fail(merge, "is a Merge whose value_index is fetched");
  for (Operation *sw : group.switches)
    if (kept.count(getNodeName(sw)))
      return fail(sw, "is fetched or fed, and would move into the "
                      "conditional's functions");

  // Each side's nodes: its context and the contexts inside it.
  SmallVector<Operation *> nodes[2];
  DenseSet<Operation *> sets[2];
  for (int s = 0; s < 2; ++s) {
    SmallVector<int> stack = {group.sides[s]};
    while (!stack.empty()) {
      int c = stack.pop_back_val();
      for (Operation *op : ctxs[c].nodes) {
        if (erased.contains(op) || !sets[s].insert(op).second)
          continue;
        if (kept.count(getNodeName(op)))
          return fail(op, "is fetched or fed, and would move into the "
                          "conditional's functions");
        nodes[s].push_back(op);
      }
      llvm::append_range(stack, ctxs[c].children);
    }
  }

  // The If's operands: what the branches take from outside.
  SmallVector<Value> args;
  DenseMap<Value, unsigned> argIndex;
  DenseMap<Value, unsigned> data[2];
  llvm::SetVector<Value> hoisted;
  auto argOf = [&](Value v) {
    auto [it, inserted] = argIndex.try_emplace(v, args.size());
    if (inserted)
      args.push_back(v);
    return it->second;
  };
  // A value side `s` reads: inside, an argument, or a hoisted control.
  auto take = [&](int s, Value v, Operation *user) -> LogicalResult {
    Operation *def = v.getDefiningOp();
    if (def && sets[s].contains(def))
      return success();
    if (isControlType(v.getType())) {
      if (!def || !switches.contains(def))
        hoisted.insert(v);
      return success();
    }
    if (def && switches.contains(def)) {
      if (cast<OpResult>(v).getResultNumber() != (unsigned)s)
        return fail(user, "takes the other branch's output of Switch '" +
                              getNodeName(def).str() + "'");
      data[s][v] = argOf(def->getOperand(0));
      return success();
    }
    if (def && (sets[1 - s].contains(def) || merges.contains(def)))
      return fail(user, "takes a value of the other conditional branch");
    data[s][v] = argOf(v);
    return success();
  };
  for (int s = 0; s < 2; ++s)
    for (Operation *op : nodes[s])
      for (Value v : op->getOperands())
        if (failed(take(s, v, op)))
          return failure();

  // The results: each Merge joins one value of each side.
  SmallVector<Value> results[2];
  SmallVector<Type> resultTypes;
  for (Operation *merge : group.merges) {
    if (!getDataResults(merge)[1].use_empty())
      return fail(merge, "is a conditional's Merge whose value_index is used");
    Value side[2];
    for (Value in : getDataOperands(merge)) {
      Operation *def = in.getDefiningOp();
      int s = -1;
      if (def && switches.contains(def))
        s = cast<OpResult>(in).getResultNumber();
      else if (def && sets[0].contains(def))
        s = 0;
      else if (def && sets[1].contains(def))
        s = 1;
      if (s < 0 || side[s])
        return fail(merge, "does not join one value of each branch");
      side[s] = in;
      if (failed(take(s, in, merge)))
        return failure();
    }
    for (Value v : getControlOperands(merge))
      if (!v.getDefiningOp() || (!switches.contains(v.getDefiningOp()) &&
                                 !sets[0].contains(v.getDefiningOp()) &&
                                 !sets[1].contains(v.getDefiningOp())))
        hoisted.insert(v);
    results[0].push_back(side[0]);
    results[1].push_back(side[1]);
    resultTypes.push_back(getDataResults(merge)[0].getType());
  }

  // Nothing outside may use the branches (the Merges aside).
  for (int s = 0; s < 2; ++s)
    for (Operation *op : nodes[s])
      for (Operation *user : op->getUsers())
        if (!sets[s].contains(user) && !merges.contains(user))
          return fail(user, "uses '" + getNodeName(op).str() +
                                "' of a conditional branch without a Merge");
  for (Operation *sw : group.switches)
    for (Operation *user : sw->getUsers())
      if (!sets[0].contains(user) && !sets[1].contains(user) &&
          !merges.contains(user))
        return fail(user, "uses Switch '" + getNodeName(sw).str() +
                              "' outside of its conditional's branches");

  SmallVector<Type> argTypes;
  for (Value v : args)
    argTypes.push_back(v.getType());
  Operation *first = group.merges.front();
  StringRef mergeName = getNodeName(first);
  StringRef base = mergeName.rsplit('/').first;
  Location loc = first->getLoc();
  std::string fnBase = sanitizeSymbol(base);
  DenseMap<Value, unsigned> noControls;
  GraphFuncOp thenFn =
      buildFunctionOf(module, symbols, fnBase + "_then", loc, argTypes,
                      resultTypes, nodes[1], data[1], noControls, results[1]);
  GraphFuncOp elseFn =
      buildFunctionOf(module, symbols, fnBase + "_else", loc, argTypes,
                      resultTypes, nodes[0], data[0], noControls, results[0]);
  stats.functions += 2;

  OpBuilder builder(first);
  MLIRContext *ctx = module.getContext();
  for (Operation *sw : group.switches)
    hoisted.insert_range(getControlOperands(sw));
  auto funcAttr = [&](GraphFuncOp fn) {
    return tf_type::FuncAttr::get(ctx, SymbolRefAttr::get(fn.getSymNameAttr()),
                                  DictionaryAttr::get(ctx, {}));
  };
  Type predType = group.pred.getType();
  auto predShaped = dyn_cast<ShapedType>(predType);
  SmallVector<Value> operands = {group.pred};
  llvm::append_range(operands, args);
  SmallVector<NamedAttribute> attrs = {
      builder.getNamedAttr("_mlir_name",
                           builder.getStringAttr(uniquer.get(base))),
      builder.getNamedAttr(
          "Tcond",
          TypeAttr::get(predShaped ? predShaped.getElementType() : predType)),
      builder.getNamedAttr("Tin", getElementTypesAttr(builder, argTypes)),
      builder.getNamedAttr("Tout", getElementTypesAttr(builder, resultTypes)),
      builder.getNamedAttr("then_branch", funcAttr(thenFn)),
      builder.getNamedAttr("else_branch", funcAttr(elseFn)),
      builder.getNamedAttr("output_shapes", builder.getArrayAttr({})),
  };
  if (!getNodeDevice(first).empty())
    attrs.push_back(builder.getNamedAttr(
        "_mlir_device", builder.getStringAttr(getNodeDevice(first))));
  Operation *ifOp = createNode(builder, loc, "If", operands,
                               hoisted.getArrayRef(), resultTypes, attrs);
  ctxOf[ifOp] = group.ctx;
  if (group.ctx)
    ctxs[group.ctx].nodes.push_back(ifOp);
  // Each Merge becomes an Identity of its name reading the If's result,
  // so the names fetches and feeds use stay.
  for (auto [k, merge] : llvm::enumerate(group.merges)) {
    builder.setInsertionPoint(merge);
    Operation *id = createIdentityFor(builder, merge, ifOp->getResult(k));
    ctxOf[id] = group.ctx;
    if (group.ctx)
      ctxs[group.ctx].nodes.push_back(id);
    getDataResults(merge)[0].replaceAllUsesWith(getDataResults(id)[0]);
    getControlToken(merge).replaceAllUsesWith(getControlToken(id));
  }
  SmallVector<Operation *> dead(group.switches.begin(), group.switches.end());
  llvm::append_range(dead, nodes[0]);
  llvm::append_range(dead, nodes[1]);
  llvm::append_range(dead, group.merges);
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : dead) {
    op->dropAllUses();
    erased.insert(op);
    op->erase();
  }
  return success();
}

void CondFunctionalizer::run() {
  // Loops first: a body with v1 frames left (not structured) keeps its
  // conditionals too, since their Switches may be the loops'.
  for (Operation &op : body)
    if (isTFOp(&op, "Enter") || isNextIterationNode(&op))
      return;
  assignContexts();
  for (int g = (int)groups.size() - 1; g >= 0; --g) {
    Group &group = groups[g];
    if (group.switches.empty())
      continue;
    Operation *at = nullptr;
    std::string reason;
    if (succeeded(convert(group, at, reason))) {
      ++stats.conds;
      continue;
    }
    ++stats.unstructured;
    emitRemark(at->getLoc())
        << "node '" << getNodeName(at) << "' (" << getTFOpName(at)
        << "): " << reason << "; the conditional is not functionalized";
  }
}

void mlir::tfg::functionalizeConds(Block &body, ModuleOp module,
                                   SymbolTable &symbols, const KeptNodes &kept,
                                   FunctionalizeStats &stats) {
  CondFunctionalizer(body, module, symbols, kept, stats).run();
}
