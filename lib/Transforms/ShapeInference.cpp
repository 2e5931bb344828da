//===- ShapeInference.cpp - Refine result shapes --------------------------===//

#include "ShapeFunctions.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Debug.h"

#include <deque>

#define DEBUG_TYPE "tfg-shape-inference"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_DROPOUTPUTSHAPESPASS
#define GEN_PASS_DEF_DROPUNREGISTEREDOUTPUTSHAPESPASS
#define GEN_PASS_DEF_SHAPEINFERENCEPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// Replaces the type of `value` by a more precise one agreeing with `shape`;
/// returns true if it changed. Conflicting information leaves it alone.
static bool refineValueType(Value value, const Shape &shape) {
  auto tensor = dyn_cast<TensorType>(value.getType());
  if (!tensor || !shape.ranked)
    return false;
  for (int64_t d : shape.dims)
    if (d < 0 && d != ShapedType::kDynamic)
      return false;
  Shape current = Shape::ofType(tensor);
  FailureOr<Shape> merged = mergeShapes(current, shape);
  if (failed(merged) || (current.ranked && merged->dims == current.dims))
    return false;
  value.setType(RankedTensorType::get(merged->dims, tensor.getElementType()));
  return true;
}

namespace {
/// What one run of shape inference keeps across nodes.
struct InferenceState {
  /// Shape functions by op name, looked up once per name.
  llvm::DenseMap<OperationName, ShapeFunction> functions;
  /// Nodes already remarked on (a node may be visited again).
  llvm::DenseSet<Operation *> remarked;
  /// Small integer values computed so far (shape arithmetic).
  KnownValues known;
  /// Call sites and their functions (null: calls are not followed).
  CallShapes *calls = nullptr;
  /// Function bodies whose argument types changed (to infer again).
  SmallVector<Block *> pending;
};
} // namespace

/// Applies the shape function of `op`; returns true if a result changed.
static bool inferNode(Operation *op, InferenceState &state) {
  if (!getControlToken(op))
    return false;
  if (state.calls &&
      state.calls->refineCallees(op, state.known, state.pending)) {
    bool changed = false;
    if (std::optional<SmallVector<Shape, 2>> shapes =
            state.calls->resultShapes(op))
      for (auto [result, shape] : llvm::zip(getDataResults(op), *shapes))
        changed |= refineValueType(result, shape);
    return changed;
  }
  auto [it, inserted] = state.functions.try_emplace(op->getName(), nullptr);
  if (inserted)
    it->second = lookupShapeFunction(getTFOpName(op));
  ShapeFunction fn = it->second;
  if (!fn)
    return false;
  InferenceContext ctx(op, &state.known);
  LogicalResult inferred = fn(ctx);
  // A list operand longer than any shape needs was not read: the graph is
  // not wrong for that (TensorFlow fails when it runs), its shapes are
  // just not inferred.
  if (ctx.oversized && state.remarked.insert(op).second)
    op->emitRemark() << "shape inference: operand " << ctx.oversized->operand
                     << " of '" << getNodeName(op) << "' (" << getTFOpName(op)
                     << ") has " << ctx.oversized->elements
                     << " elements, more than the " << ctx.oversized->limit
                     << " that a shape of rank at most " << kMaxRank
                     << " uses: it is not read";
  if (failed(inferred))
    return false;
  bool changed = false;
  for (auto [result, shape] : llvm::zip(getDataResults(op), ctx.results))
    changed |= refineValueType(result, shape);
  return changed;
}

/// Visits the nodes in block order; a refined result whose user was
/// already visited (a forward reference or loop back edge) queues that
/// user again. Types only get more precise, so this terminates. No graph
/// view is needed: O(N) when nothing changes.
static int64_t inferShapesInBlock(Block &body, InferenceState &state) {
  if (auto func = dyn_cast<GraphFuncOp>(body.getParentOp()))
    if (func.getGeneric())
      return 0;
  int64_t refined = 0;
  std::vector<Operation *> worklist;
  llvm::DenseSet<Operation *> queued;
  auto requeueUsers = [&](Operation *op, bool onlyEarlier) {
    for (Value result : getDataResults(op))
      for (Operation *user : result.getUsers()) {
        Operation *node = body.findAncestorOpInBlock(*user);
        if (!node || node == op)
          continue;
        if (onlyEarlier && !node->isBeforeInBlock(op))
          continue;
        if (queued.insert(node).second)
          worklist.push_back(node);
      }
  };
  auto visit = [&](Operation *op, bool onlyEarlier) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        refined += inferShapesInBlock(block, state);
    bool changed = inferNode(op, state);
    refined += changed;
    // A new known value lets users read it as a constant operand.
    if (recordKnownValues(op, state.known) || changed)
      requeueUsers(op, onlyEarlier);
  };
  for (Operation &op : body)
    visit(&op, /*onlyEarlier=*/true);
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    queued.erase(op);
    visit(op, /*onlyEarlier=*/false);
  }
  return refined;
}

int64_t mlir::tfg::inferShapes(Block &body) {
  InferenceState state;
  return inferShapesInBlock(body, state);
}

/// Infers every graph and function body under `root`, following calls: a
/// body is inferred again when its function's argument types (or, for a
/// caller, its callee's result types) were refined. Types only get more
/// precise, so the worklist empties.
int64_t mlir::tfg::inferShapesFollowingCalls(Operation *root) {
  CallShapes calls(root);
  InferenceState state;
  state.calls = &calls;
  std::deque<Block *> worklist;
  llvm::DenseSet<Block *> queued;
  for (Block *body : getGraphBodies(root))
    if (queued.insert(body).second)
      worklist.push_back(body);
  int64_t refined = 0;
  while (!worklist.empty()) {
    Block *body = worklist.front();
    worklist.pop_front();
    queued.erase(body);
    refined += inferShapesInBlock(*body, state);
    calls.refineResults(*body, state.pending);
    for (Block *next : state.pending)
      if (queued.insert(next).second)
        worklist.push_back(next);
    state.pending.clear();
  }
  return refined;
}

int64_t mlir::tfg::dropOutputShapes(Operation *root,
                                    ArrayRef<std::string> skip) {
  llvm::DenseSet<OperationName> kept;
  for (const std::string &name : skip)
    kept.insert(OperationName(name, root->getContext()));
  int64_t removed = 0;
  root->walk([&](Operation *op) {
    if (!kept.contains(op->getName()) && op->removeAttr("_output_shapes"))
      ++removed;
  });
  return removed;
}

namespace {
struct ShapeInferencePass
    : tfg::impl::ShapeInferencePassBase<ShapeInferencePass> {
  using ShapeInferencePassBase::ShapeInferencePassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-shape-inference: running on "
                            << getOperation()->getName() << "\n");
    int64_t refined = inferShapesFollowingCalls(getOperation());
    numRefined += refined;
    if (!refined)
      markAllAnalysesPreserved();
  }
};
template <typename PassT> static void runDropOutputShapes(PassT &pass) {
  int64_t removed = dropOutputShapes(pass.getOperation(), pass.skip);
  pass.numAttrsRemoved += removed;
  if (!removed)
    pass.markAllAnalysesPreserved();
}
struct DropOutputShapesPass
    : tfg::impl::DropOutputShapesPassBase<DropOutputShapesPass> {
  using DropOutputShapesPassBase::DropOutputShapesPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-shape-inference: running on "
                            << getOperation()->getName() << "\n");
    runDropOutputShapes(*this);
  }
  friend void runDropOutputShapes<>(DropOutputShapesPass &);
};
struct DropUnregisteredOutputShapesPass
    : tfg::impl::DropUnregisteredOutputShapesPassBase<
          DropUnregisteredOutputShapesPass> {
  using DropUnregisteredOutputShapesPassBase::
      DropUnregisteredOutputShapesPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-shape-inference: running on "
                            << getOperation()->getName() << "\n");
    runDropOutputShapes(*this);
  }
  friend void runDropOutputShapes<>(DropUnregisteredOutputShapesPass &);
};
} // namespace
