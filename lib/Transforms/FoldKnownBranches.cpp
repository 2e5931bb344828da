//===- FoldKnownBranches.cpp - If/Case of a known selector to its branch --===//
//
// tfg-fold-known-branches: an If, StatelessIf, Case or StatelessCase whose
// selector the graph fixes (a Const, or shape arithmetic over constants and
// static shapes that KnownValueEvaluator evaluates, such as a flag compared
// with a fed ratio once that feed is a constant) is replaced by the body of
// the branch it takes, inlined as tfg-inline inlines a call. The node's
// outputs and control users go to an IdentityN of its name (a NoOp when it
// has no outputs), which waits for what the node completed after, so
// fetches by name and control edges keep their meaning. The other branches'
// shapes then no longer constrain the outputs: shape inference, run after
// each round, gives them the taken branch's shapes (the StableHLO lowering
// needs them static).
//
// Rounds: a round decides every node's branch with one evaluator (so no
// cached value outlives the nodes it was computed from), then inlines;
// an inlined body may hold further known selectors, folded in the next
// round. Rounds and the nodes cloned are bounded (kMaxFoldRounds,
// kCloneBudgetFactor), so a branch that contains itself cannot grow the
// graph without limit.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/KnownValues.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_FOLDKNOWNBRANCHESPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// The most rounds (nesting levels of known selectors inlined).
static constexpr unsigned kMaxFoldRounds = 16;
/// The most nodes cloned in all, as a multiple of the module's nodes at the
/// start (plus kCloneBudgetBase).
static constexpr int64_t kCloneBudgetFactor = 16;
static constexpr int64_t kCloneBudgetBase = 4096;

namespace {
/// A node to replace by the branch it takes.
struct Fold {
  Operation *node;
  GraphFuncOp branch;
};
} // namespace

/// The branch function node `op` takes when its selector is known; null
/// otherwise (not an If or Case, unknown selector, no such function, a
/// generic or external function, or one whose arity does not fit).
static GraphFuncOp getTakenBranch(Operation *op, SymbolTable &symbols,
                                  KnownValueEvaluator &known) {
  if (op->getName().getDialectNamespace() != "tfg" || op->getNumRegions() ||
      !getControlToken(op))
    return {};
  StringRef opType = getTFOpName(op);
  bool isIf = opType == "If" || opType == "StatelessIf";
  if (!isIf && opType != "Case" && opType != "StatelessCase")
    return {};
  OperandRange data = getDataOperands(op);
  if (data.empty())
    return {};
  SmallVector<Attribute> branches;
  if (isIf) {
    branches = {op->getAttr("then_branch"), op->getAttr("else_branch")};
  } else if (auto list = op->getAttrOfType<ArrayAttr>("branches")) {
    branches.assign(list.begin(), list.end());
  }
  if (branches.empty())
    return {};
  std::optional<unsigned> taken =
      getKnownBranch(isIf, known.lookup(data[0]), branches.size());
  if (!taken)
    return {};
  auto ref = dyn_cast_or_null<tf_type::FuncAttr>(branches[*taken]);
  if (!ref)
    return {};
  auto func =
      symbols.lookup<GraphFuncOp>(ref.getName().getRootReference().getValue());
  if (!func || func.isExternal() || func.getGeneric() ||
      func.getNumArguments() != data.size() - 1 ||
      func.getNumResults() != getDataResults(op).size())
    return {};
  return func;
}

/// Replaces `fold.node` by the inlined body of its branch; returns the
/// number of nodes cloned.
static int64_t applyFold(const Fold &fold, NodeNameUniquer &names) {
  Operation *op = fold.node;
  GraphFuncOp branch = fold.branch;
  InlinedBody body =
      inlineFunctionBody(op, branch, getDataOperands(op).drop_front(), names);
  int64_t cloned = 0;
  for (Operation &f : branch.getBody().front())
    cloned += !isa<ReturnOp>(f);
  // The node's name, outputs and control token go to an IdentityN that
  // waits for what the node completed after.
  OpBuilder builder(op);
  SmallVector<Value> controls = getControlDependencies({}, body.controls);
  SmallVector<NamedAttribute> attrs = getNodeIdentityAttrs(op);
  Operation *replacement;
  if (body.results.empty()) {
    replacement =
        createNode(builder, op->getLoc(), "NoOp", {}, controls, {}, attrs);
  } else {
    SmallVector<Attribute> types;
    for (Value v : body.results)
      types.push_back(
          TypeAttr::get(tf_type::getElementTypeOrSelf(v.getType())));
    attrs.push_back(builder.getNamedAttr("T", builder.getArrayAttr(types)));
    // The branch's own types: the node's joined every branch's.
    replacement =
        createNode(builder, op->getLoc(), "IdentityN", body.results, controls,
                   ValueRange(body.results).getTypes(), attrs);
  }
  for (auto [from, to] :
       llvm::zip(getDataResults(op), getDataResults(replacement)))
    from.replaceAllUsesWith(to);
  getControlToken(op).replaceAllUsesWith(getControlToken(replacement));
  op->erase();
  return cloned;
}

int64_t mlir::tfg::foldKnownBranches(ModuleOp module) {
  SymbolTable symbols(module);
  int64_t budget = kCloneBudgetBase;
  for (Block *body : getGraphBodies(module))
    budget +=
        kCloneBudgetFactor * static_cast<int64_t>(body->getOperations().size());
  int64_t folded = 0, cloned = 0;
  for (unsigned round = 0; round < kMaxFoldRounds; ++round) {
    SmallVector<std::pair<Block *, SmallVector<Fold>>> work;
    {
      KnownValueEvaluator known;
      for (Block *body : getGraphBodies(module)) {
        SmallVector<Fold> folds;
        for (Operation &op : *body)
          if (GraphFuncOp branch = getTakenBranch(&op, symbols, known))
            folds.push_back({&op, branch});
        if (!folds.empty())
          work.emplace_back(body, std::move(folds));
      }
    }
    if (work.empty())
      break;
    int64_t before = folded;
    for (auto &[body, folds] : work) {
      NodeNameUniquer names(*body);
      for (const Fold &fold : folds) {
        // A branch that contains itself would grow the graph each round.
        if (cloned >= budget)
          break;
        cloned += applyFold(fold, names);
        ++folded;
      }
    }
    if (folded == before)
      break;
    // The inlined nodes take the shapes of what they now read.
    inferShapesFollowingCalls(module);
  }
  return folded;
}

namespace {
struct FoldKnownBranchesPass
    : tfg::impl::FoldKnownBranchesPassBase<FoldKnownBranchesPass> {
  using FoldKnownBranchesPassBase::FoldKnownBranchesPassBase;
  void runOnOperation() override {
    int64_t n = foldKnownBranches(getOperation());
    numFolded += n;
    if (!n)
      markAllAnalysesPreserved();
  }
};
} // namespace
