//===- Stateful.cpp - Rules for calls, region control flow, RandomShuffle -===//
//
// The rules of tfg-constant-folding for nodes the general walk never
// rewrites (isRewritable excludes stateful nodes, calls and nodes with
// regions), after Grappler's ConstantFolding (SimplifyCase,
// RemoveRandomShuffle) and TensorFlow's runtime semantics of Case and If:
//  - Case/StatelessCase whose branch index is a constant become a call of
//    that branch (the last one for an index out of range);
//  - CaseRegion (any kind) whose branch index is a constant, and IfRegion
//    whose condition is a constant, are replaced by the chosen region's
//    body: its nodes move before the region op (renamed `<op>/<name>`,
//    uniqued), the nodes that read nothing computed in the region wait for
//    what the region op waited for (its control operands and the anchor of
//    its index), and the region op's results become the values its yield
//    returns. Users of the region op's control token wait for everything
//    the region op completed after: the yield's control operands, the
//    producers of the yielded values, the region op's control operands and
//    the index's anchor. Where the region op's name must stay (a fetched
//    node, a graph without fetches, a function's control return) or a
//    yielded type differs from the result's, an IdentityN (NoOp without
//    results) of the region op's name takes the results over;
//  - RandomShuffle of a scalar or of a tensor whose first dimension is
//    statically 1 is the identity (Grappler rewrites it although the op is
//    stateful): an Identity of its name, keeping its control operands.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"

#include "tfg/IR/TFGOps.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-constant-folding"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::folding;

/// Whether the special rules may touch `op`: not fed, not
/// `_grappler_do_not_remove`.
static bool mayRewrite(const FoldingState &state, Operation *op) {
  if (op->hasAttr("_grappler_do_not_remove"))
    return false;
  return state.fed.empty() || !state.fed.contains(getNodeName(op));
}

//===----------------------------------------------------------------------===//
// Case
//===----------------------------------------------------------------------===//

// Pattern: Case(constant index, ...) -> call of the branch taken
Operation *folding::foldConstantCase(FoldingState &state, Operation *op) {
  if (!isa<CaseOp, StatelessCaseOp>(op) || !mayRewrite(state, op))
    return nullptr;
  OperandRange data = getDataOperands(op);
  auto branches = op->getAttrOfType<ArrayAttr>("branches");
  if (data.empty() || !branches || branches.empty())
    return nullptr;
  ElementsAttr index = getConstantValue(state, data.front());
  if (!index || index.getNumElements() != 1 ||
      !isa<IntegerType>(index.getElementType()))
    return nullptr;
  int64_t i = index.getValues<APInt>()[0].getSExtValue();
  // TensorFlow runs the last branch for an index out of range.
  if (i < 0 || i >= static_cast<int64_t>(branches.size()))
    i = branches.size() - 1;
  auto callee = dyn_cast<tf_type::FuncAttr>(branches[i]);
  if (!callee)
    return nullptr;
  MLIRContext *context = op->getContext();
  SmallVector<NamedAttribute> attrs;
  attrs.emplace_back(StringAttr::get(context, "f"), callee);
  for (StringRef name : {"Tin", "Tout"})
    if (Attribute attr = op->getAttr(name))
      attrs.emplace_back(StringAttr::get(context, name), attr);
  // Case may have side effects in its branches: it stays a stateful call.
  StringRef call =
      isa<CaseOp>(op) ? "StatefulPartitionedCall" : "PartitionedCall";
  SmallVector<Value> args(data.drop_front());
  return replaceWithNode(state, op, call, args,
                         getReplacementControls(op, data.take_front()), attrs);
}

//===----------------------------------------------------------------------===//
// CaseRegion, IfRegion
//===----------------------------------------------------------------------===//

/// The region a CaseRegion or IfRegion with a constant index or condition
/// runs, or null.
static Region *getChosenRegion(const FoldingState &state, Operation *op) {
  bool isCase =
      isa<CaseRegionOp, StatelessCaseRegionOp, StatefulCaseRegionOp>(op);
  bool isIf = isa<IfRegionOp, StatelessIfRegionOp, StatefulIfRegionOp>(op);
  if ((!isCase && !isIf) || op->getNumRegions() == 0 ||
      getDataOperands(op).empty())
    return nullptr;
  ElementsAttr value = getConstantValue(state, getDataOperands(op).front());
  if (!value)
    return nullptr;
  ShapedType type = value.getShapedType();
  Type element = type.getElementType();
  if (isCase) {
    // A scalar (TensorFlow fails on any other index).
    if (!type.hasRank() || type.getRank() != 0 || !isa<IntegerType>(element))
      return nullptr;
    int64_t i = value.getValues<APInt>()[0].getSExtValue();
    int64_t n = op->getNumRegions();
    // TensorFlow runs the last branch for an index out of range.
    return &op->getRegion(i < 0 || i >= n ? n - 1 : i);
  }
  if (op->getNumRegions() != 2 || !type.hasRank())
    return nullptr;
  // TensorFlow's truth of a tensor: a scalar by its value (numbers: not
  // zero), any other tensor when it is not empty.
  bool truth;
  if (type.getRank() > 0) {
    truth = value.getNumElements() > 0;
  } else if (isa<IntegerType>(element)) {
    truth = !value.getValues<APInt>()[0].isZero();
  } else if (isa<FloatType>(element)) {
    truth = !value.getValues<APFloat>()[0].isZero();
  } else {
    return nullptr;
  }
  return &op->getRegion(truth ? 0 : 1);
}

/// Whether the IdentityN/NoOp replacement must keep `op`'s name.
static bool mustKeepNode(const FoldingState &state, Operation *op,
                         ValueRange yielded) {
  if (!state.canDeleteNodes || state.fetched.contains(getNodeName(op)))
    return true;
  if (llvm::any_of(getControlToken(op).getUsers(), llvm::IsaPred<ReturnOp>))
    return true;
  for (auto [result, value] : llvm::zip(getDataResults(op), yielded))
    if (result.getType() != value.getType())
      return true;
  return false;
}

// Pattern: IfRegion/CaseRegion(constant) -> the ops of the region taken
/// Inlines the region a CaseRegion/IfRegion with a constant index runs.
/// Returns the node taking the region op's name (when one does) and sets
/// `changed`.
static Operation *inlineChosenRegion(FoldingState &state, Operation *op,
                                     bool &changed) {
  if (!mayRewrite(state, op))
    return nullptr;
  Region *region = getChosenRegion(state, op);
  if (!region || !region->hasOneBlock())
    return nullptr;
  Block &block = region->front();
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield || block.getNumArguments() != 0)
    return nullptr;
  SmallVector<Value> yielded(getDataOperands(yield));
  SmallVector<Value> yieldControls(getControlOperands(yield));
  if (yielded.size() != getDataResults(op).size())
    return nullptr;

  // The nodes to move, and which of them read a value computed in the
  // region (in their nested regions too). None may read the region op's
  // own results (a cycle TensorFlow rejects).
  SmallVector<Operation *> moved;
  llvm::SmallPtrSet<Operation *, 16> movedSet;
  for (Operation &inner : block.without_terminator()) {
    moved.push_back(&inner);
    movedSet.insert(&inner);
  }
  SmallVector<Operation *> roots;
  for (Operation *inner : moved) {
    bool readsRegion = false, readsSelf = false;
    inner->walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        Operation *def = v.getDefiningOp();
        readsSelf |= def == op;
        readsRegion |= def && movedSet.contains(def);
      }
    });
    if (readsSelf)
      return nullptr;
    if (!readsRegion)
      roots.push_back(inner);
  }

  // What the region op waited for.
  Value index = getDataOperands(op).front();
  SmallVector<Value> entry = getReplacementControls(op, {index});
  // What users of its control token wait for.
  SmallVector<Value> exit = getControlDependencies(yielded, yieldControls);
  for (Value c : entry)
    if (!llvm::is_contained(exit, c))
      exit.push_back(c);

  bool keepNode = mustKeepNode(state, op, yielded);
  StringRef prefix = getNodeNamePrefix(op);
  for (Operation *inner : moved) {
    inner->moveBefore(op);
    if (StringRef name = getNodeName(inner); !name.empty()) {
      std::string fresh = state.uniqueName((prefix + "/" + name).str());
      state.reserveName(fresh);
      setNodeName(inner, fresh);
    }
  }
  for (Operation *root : roots)
    addControlOperands(root, entry);

  Operation *node = nullptr;
  if (keepNode) {
    OpBuilder builder(op);
    if (yielded.empty()) {
      node = createNode(builder, op->getLoc(), "NoOp", {}, exit, {},
                        getPlacementAttrs(op));
    } else {
      SmallVector<Attribute> types;
      for (Value v : yielded)
        types.push_back(
            TypeAttr::get(tf_type::getElementTypeOrSelf(v.getType())));
      SmallVector<NamedAttribute> attrs = getPlacementAttrs(op);
      attrs.emplace_back(StringAttr::get(op->getContext(), "T"),
                         ArrayAttr::get(op->getContext(), types));
      SmallVector<Type> resultTypes(getDataResults(op).getTypes());
      node = createNode(builder, op->getLoc(), "IdentityN", yielded, exit,
                        resultTypes, attrs);
    }
    replaceInPlace(op, node);
  } else {
    replaceNodeUses(op, yielded, exit);
    op->dropAllReferences();
    op->erase();
  }
  ++state.numSimplified;
  changed = true;
  return node;
}

//===----------------------------------------------------------------------===//
// RandomShuffle
//===----------------------------------------------------------------------===//

// Pattern: RandomShuffle(x) with one element along dimension 0 -> Identity(x)
/// RandomShuffle(x) of a scalar x or one whose first dimension is 1:
/// Identity(x).
static Operation *removeRandomShuffle(FoldingState &state, Operation *op) {
  if (op->isRegistered() || op->getName().getDialectNamespace() != "tfg" ||
      getTFOpName(op) != "RandomShuffle" || !mayRewrite(state, op) ||
      getDataOperands(op).size() != 1 || getDataResults(op).size() != 1 ||
      hasRefOperandOrResult(op))
    return nullptr;
  Value x = getDataOperands(op).front();
  auto type = dyn_cast<RankedTensorType>(x.getType());
  if (!type || (type.getRank() != 0 && type.getDimSize(0) != 1))
    return nullptr;
  return replaceWithUnary(state, op, "Identity", x, {});
}

bool folding::trySpecialRules(FoldingState &state, Operation *&op) {
  if (Operation *call = foldConstantCase(state, op)) {
    op = call;
    return true;
  }
  if (Operation *identity = removeRandomShuffle(state, op)) {
    op = identity;
    return true;
  }
  bool changed = false;
  Operation *node = inlineChosenRegion(state, op, changed);
  if (changed)
    op = node;
  return changed;
}
