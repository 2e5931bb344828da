//===- DependencyOptimizer.cpp - Grappler's dependency optimizer on tfg ---===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-dependency-optimizer"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_DEPENDENCYOPTIMIZERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// Stateless nodes whose data results are unused become NoOps that keep
/// their dependencies (the producers of their data operands and their
/// control operands).
static int64_t convertUnusedNodesToNoOps(Block &body,
                                         const PreservedNodes &preserved) {
  int64_t converted = 0;
  for (Operation &opRef : llvm::make_early_inc_range(body)) {
    Operation *op = &opRef;
    Value ctl = getControlToken(op);
    // Side-effecting nodes are preserved.
    if (!ctl || op->getNumRegions() || preserved.contains(op) ||
        isFrameNode(op) || isSwitchNode(op) || getTFOpName(op) == "NoOp")
      continue;
    if (llvm::any_of(getDataResults(op),
                     [](Value v) { return !v.use_empty(); }))
      continue;
    // In generic functions outputs are read through get_result.
    if (llvm::any_of(ctl.getUsers(), llvm::IsaPred<GetResultOp>))
      continue;
    OperandRange data = getDataOperands(op);
    if (llvm::any_of(data, [](Value v) {
          Operation *def = v.getDefiningOp();
          return def && isSwitchNode(def);
        }))
      continue;
    OpBuilder builder(op);
    Operation *noOp =
        createNoOp(builder, op->getLoc(), getNodeName(op), getNodeDevice(op),
                   getControlDependencies(data, getControlOperands(op)));
    ctl.replaceAllUsesWith(getControlToken(noOp));
    op->dropAllReferences();
    op->erase();
    ++converted;
  }
  return converted;
}

int64_t mlir::tfg::reduceTransitiveControlEdges(Block &body,
                                                unsigned maxVisits) {
  GraphView view(body);
  unsigned n = view.size();
  std::vector<unsigned> order = view.topologicalOrder(/*stable=*/false);
  std::vector<unsigned> position(n);
  for (unsigned p = 0; p < n; ++p)
    position[order[p]] = p;
  std::vector<bool> isMerge(n), isBackEdgeSource(n);
  for (unsigned i = 0; i < n; ++i) {
    isMerge[i] = isMergeNode(view.getNode(i));
    isBackEdgeSource[i] = isNextIterationNode(view.getNode(i));
  }
  std::vector<unsigned> stamp(n, 0);
  unsigned epoch = 0;
  std::vector<unsigned> stack;
  int64_t removed = 0;

  for (unsigned v = 0; v < n; ++v) {
    Operation *op = view.getNode(v);
    if (isMerge[v] || isa<ReturnOp>(op))
      continue;
    OperandRange ctls = getControlOperands(op);
    if (ctls.empty() || view.getPreds(v).size() < 2)
      continue;
    unsigned minPos = ~0u;
    for (Value c : ctls) {
      int producer = view.getProducer(c);
      if (producer >= 0 && !isBackEdgeSource[producer])
        minPos = std::min(minPos, position[producer]);
    }
    if (minPos == ~0u)
      continue;
    // Mark every node that reaches a predecessor of `v` through at least one
    // edge: a control operand produced by such a node is implied.
    ++epoch;
    stamp[v] = epoch;
    stack.clear();
    unsigned visits = 0;
    auto expand = [&](unsigned x) {
      if (isMerge[x])
        return; // A Merge fires on any one input: no ordering implied.
      for (const GraphView::Edge &e : view.getPreds(x)) {
        unsigned y = e.node;
        if (isBackEdgeSource[y] || stamp[y] == epoch || position[y] < minPos)
          continue;
        stamp[y] = epoch;
        stack.push_back(y);
      }
    };
    for (const GraphView::Edge &e : view.getPreds(v))
      if (!isBackEdgeSource[e.node])
        expand(e.node);
    // Breadth first: short paths, the likeliest to exist, are found first.
    for (size_t head = 0;
         head < stack.size() && (maxVisits == 0 || visits < maxVisits);
         ++head) {
      ++visits;
      expand(stack[head]);
    }
    unsigned numData = getNumDataOperands(op);
    removed += eraseOperandsIf(op, [&](OpOperand &operand) {
      if (operand.getOperandNumber() < numData)
        return false;
      int producer = view.getProducer(operand.get());
      return producer >= 0 && unsigned(producer) != v &&
             stamp[producer] == epoch;
    });
  }
  return removed;
}

/// Several control operands from nodes of another device are routed through
/// one NoOp on that device. Returns the number of edges saved.
static int64_t consolidateCrossDeviceControls(Block &body) {
  int64_t saved = 0;
  std::optional<NodeNameUniquer> names;
  for (Operation &opRef : llvm::make_early_inc_range(body)) {
    Operation *op = &opRef;
    if (isa<ReturnOp>(op) || isMergeNode(op))
      continue;
    OperandRange ctls = getControlOperands(op);
    if (ctls.size() < 2)
      continue;
    // An unplaced node has no device to cross.
    StringRef device = getNodeDevice(op);
    if (device.empty())
      continue;
    llvm::MapVector<StringRef, SmallVector<Value>> byDevice;
    for (Value c : ctls)
      if (Operation *def = c.getDefiningOp())
        if (StringRef d = getNodeDevice(def); !d.empty() && d != device)
          byDevice[d].push_back(c);
    // Every group's operands are erased at once and the NoOps added at
    // once: a node with many devices among its fan-in is rewritten once.
    llvm::SmallPtrSet<void *, 8> grouped;
    SmallVector<Value> noOps;
    for (auto &[otherDevice, group] : byDevice) {
      if (group.size() < 2)
        continue;
      if (!names)
        names.emplace(body);
      OpBuilder builder(op);
      Operation *noOp = createNoOp(
          builder, op->getLoc(),
          names->get((getNodeNamePrefix(op) + "/control_dependency").str()),
          otherDevice, group);
      for (Value c : group)
        grouped.insert(c.getAsOpaquePointer());
      noOps.push_back(getControlToken(noOp));
      saved += group.size() - 1;
    }
    if (noOps.empty())
      continue;
    unsigned numData = getNumDataOperands(op);
    eraseOperandsIf(op, [&](OpOperand &operand) {
      return operand.getOperandNumber() >= numData &&
             grouped.contains(operand.get().getAsOpaquePointer());
    });
    addControlOperands(op, noOps);
  }
  return saved;
}

FailureOr<DependencyStats>
mlir::tfg::optimizeDependencies(Block &body, const PreserveOptions &options,
                                unsigned maxVisits) {
  FailureOr<PreservedNodes> preserved = PreservedNodes::compute(body, options);
  if (failed(preserved))
    return failure();
  DependencyStats stats;
  for (Operation &op : body)
    stats.edges += removeRedundantControlOperands(&op);
  if (preserved->canDeleteNodes()) {
    stats.nodesToNoOp = convertUnusedNodesToNoOps(body, *preserved);
    RemovalStats bypass;
    for (Operation &op : llvm::make_early_inc_range(body))
      if (getTFOpName(&op) == "NoOp")
        bypassTrivialNode(&op, *preserved, bypass);
    stats += bypass;
  }
  stats.transitiveEdges = reduceTransitiveControlEdges(body, maxVisits);
  stats.edges += stats.transitiveEdges;
  stats.edges += consolidateCrossDeviceControls(body);
  return stats;
}

namespace {
struct DependencyOptimizerPass
    : tfg::impl::DependencyOptimizerPassBase<DependencyOptimizerPass> {
  using DependencyOptimizerPassBase::DependencyOptimizerPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-dependency-optimizer: running on "
                            << getOperation()->getName() << "\n");
    PreserveOptions options = makePreserveOptions(fetch, feed);
    bool changed = false;
    for (Block *body : getGraphBodies(getOperation())) {
      FailureOr<DependencyStats> stats =
          optimizeDependencies(*body, options, maxVisits);
      if (failed(stats))
        return signalPassFailure();
      numNodesRemoved += stats->nodes;
      numEdgesRemoved += stats->edges;
      numTransitiveEdges += stats->transitiveEdges;
      numNodesToNoOp += stats->nodesToNoOp;
      changed |= stats->nodes || stats->edges || stats->nodesToNoOp;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
