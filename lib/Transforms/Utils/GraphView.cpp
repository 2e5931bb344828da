//===- GraphView.cpp - Index-based views of graph regions -----------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/NodeOrder.h"

#include "llvm/Support/Debug.h"
#include <algorithm>
#include <functional>

#define DEBUG_TYPE "tfg-graph-utils"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// GraphView
//===----------------------------------------------------------------------===//

void GraphView::addNodes(Block &body) {
  block = &body;
  nodes.reserve(body.getOperations().size());
  index.reserve(body.getOperations().size());
  for (Operation &op : body) {
    index.try_emplace(&op, nodes.size());
    nodes.push_back(&op);
  }
}

GraphView::GraphView(Block &block) {
  addNodes(block);
  unsigned n = nodes.size();
  predBegin.assign(n + 1, 0);
  auto addEdge = [&](unsigned user, Value value) {
    int producer = getProducer(value);
    if (producer < 0 || unsigned(producer) == user)
      return;
    predEdges.push_back({unsigned(producer), isControlType(value.getType())});
  };
  for (unsigned i = 0; i < n; ++i) {
    predBegin[i] = predEdges.size();
    Operation *op = nodes[i];
    for (Value operand : op->getOperands())
      addEdge(i, operand);
    if (op->getNumRegions() == 0)
      continue;
    // Values captured by nested regions make `op` a user of their producer.
    // Those defined inside `op` are its own: they are told apart by a set of
    // them, not by walking up from each definition (O(depth) an operand).
    llvm::DenseSet<Value> internal;
    op->walk([&](Operation *inner) {
      if (inner != op)
        internal.insert(inner->getResults().begin(), inner->getResults().end());
      for (Region &region : inner->getRegions())
        for (Block &nested : region)
          internal.insert(nested.getArguments().begin(),
                          nested.getArguments().end());
    });
    op->walk([&](Operation *inner) {
      if (inner == op)
        return;
      for (Value operand : inner->getOperands())
        if (!internal.contains(operand))
          addEdge(i, operand);
    });
  }
  predBegin[n] = predEdges.size();
}

void GraphView::forEachNestedView(Operation *root,
                                  function_ref<bool(Block &)> select,
                                  function_ref<void(GraphView &)> fn) {
  // The nesting level of every block under `root` (its regions' blocks are
  // level 0) and, for the selected ones, the index of their view.
  struct BlockInfo {
    unsigned level;
    int view;
  };
  llvm::DenseMap<Block *, BlockInfo> blocks;
  std::vector<GraphView> views;
  // (view, user node, edge) in walk order; sorted into CSR per view below.
  struct PendingEdge {
    unsigned view, user;
    Edge edge;
  };
  std::vector<PendingEdge> pending;
  SmallVector<Operation *> ancestors, stack;
  auto enterRegions = [&](Operation *op, unsigned level) {
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        int view = -1;
        if (select(block)) {
          view = views.size();
          views.push_back(GraphView());
          views.back().addNodes(block);
        }
        blocks.try_emplace(&block, BlockInfo{level, view});
        // Pushed last to first: popped in block order.
        for (Operation &op : llvm::reverse(block))
          stack.push_back(&op);
      }
  };
  enterRegions(root, 0);
  while (!stack.empty()) {
    Operation *op = stack.pop_back_val();
    unsigned level = blocks.find(op->getBlock())->second.level;
    // Pre-order: the ops at levels below this one are its ancestors.
    ancestors.resize(level);
    ancestors.push_back(op);
    for (Value operand : op->getOperands()) {
      Block *defBlock = isa<BlockArgument>(operand)
                            ? cast<BlockArgument>(operand).getOwner()
                            : operand.getDefiningOp()->getBlock();
      auto it = blocks.find(defBlock);
      // Values from outside `root`, block arguments and unselected blocks
      // make no edge.
      if (it == blocks.end() || it->second.view < 0 ||
          isa<BlockArgument>(operand) || it->second.level > level)
        continue;
      // Verified IR only uses values of enclosing blocks; anything else is
      // not an edge of this view.
      Operation *userNode = ancestors[it->second.level];
      if (userNode->getBlock() != defBlock)
        continue;
      GraphView &view = views[it->second.view];
      unsigned user = view.index.find(userNode)->second;
      unsigned producer = view.index.find(operand.getDefiningOp())->second;
      if (user != producer)
        pending.push_back({unsigned(it->second.view),
                           user,
                           {producer, isControlType(operand.getType())}});
    }
    if (op->getNumRegions())
      enterRegions(op, level + 1);
  }
  // Counting sort by (view, user), keeping the walk order of each node's
  // edges.
  for (GraphView &view : views)
    view.predBegin.assign(view.nodes.size() + 1, 0);
  for (const PendingEdge &e : pending)
    ++views[e.view].predBegin[e.user + 1];
  for (GraphView &view : views) {
    for (size_t i = 1; i < view.predBegin.size(); ++i)
      view.predBegin[i] += view.predBegin[i - 1];
    view.predEdges.resize(view.predBegin.back());
  }
  {
    std::vector<std::vector<unsigned>> fill(views.size());
    for (size_t v = 0; v < views.size(); ++v)
      fill[v].assign(views[v].predBegin.begin(), views[v].predBegin.end() - 1);
    for (const PendingEdge &e : pending)
      views[e.view].predEdges[fill[e.view][e.user]++] = e.edge;
  }
  pending.clear();
  for (GraphView &view : views)
    fn(view);
}

void GraphView::buildSuccessors() const {
  unsigned n = nodes.size();
  succBegin.assign(n + 1, 0);
  for (const Edge &e : predEdges)
    ++succBegin[e.node + 1];
  for (unsigned i = 0; i < n; ++i)
    succBegin[i + 1] += succBegin[i];
  succEdges.resize(predEdges.size());
  std::vector<unsigned> fill(succBegin.begin(), succBegin.end() - 1);
  for (unsigned user = 0; user < n; ++user)
    for (const Edge &e : getPreds(user))
      succEdges[fill[e.node]++] = {user, e.isControl};
}

int GraphView::lookup(Operation *op) const {
  auto it = index.find(op);
  return it == index.end() ? -1 : int(it->second);
}

int GraphView::getProducer(Value value) const {
  Operation *def;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == block)
      return -1;
    def = arg.getOwner()->getParentOp();
  } else {
    def = value.getDefiningOp();
  }
  if (def->getBlock() != block) {
    def = block->findAncestorOpInBlock(*def);
    if (!def)
      return -1;
  }
  return lookup(def);
}

std::vector<unsigned> GraphView::topologicalOrder(bool stable) const {
  unsigned n = size();
  std::vector<bool> isBackEdgeSource(n);
  for (unsigned i = 0; i < n; ++i)
    isBackEdgeSource[i] = isNextIterationNode(nodes[i]);
  if (!stable) {
    // Depth-first post-order over predecessors, with an explicit stack:
    // a node is emitted once its predecessors are.
    std::vector<unsigned char> state(n, 0);           // 0 new, 1 open, 2 done
    std::vector<std::pair<unsigned, unsigned>> stack; // (node, next pred)
    std::vector<unsigned> order;
    order.reserve(n);
    for (unsigned root = 0; root < n; ++root) {
      if (state[root])
        continue;
      stack.push_back({root, 0});
      state[root] = 1;
      while (!stack.empty()) {
        auto &[node, next] = stack.back();
        ArrayRef<Edge> preds = getPreds(node);
        if (next < preds.size()) {
          unsigned pred = preds[next++].node;
          if (!state[pred] && !isBackEdgeSource[pred]) {
            state[pred] = 1;
            stack.push_back({pred, 0});
          }
          continue;
        }
        state[node] = 2;
        order.push_back(node);
        stack.pop_back();
      }
    }
    return order;
  }
  std::vector<int> inDegree(n, 0);
  for (unsigned i = 0; i < n; ++i)
    for (const Edge &e : getPreds(i))
      if (!isBackEdgeSource[e.node])
        ++inDegree[i];

  // A min-heap (stable) or a FIFO over one vector.
  std::vector<unsigned> ready;
  size_t head = 0;
  auto push = [&](unsigned i) {
    ready.push_back(i);
    if (stable)
      std::push_heap(ready.begin(), ready.end(), std::greater<unsigned>());
  };
  auto pop = [&]() {
    if (!stable)
      return ready[head++];
    std::pop_heap(ready.begin(), ready.end(), std::greater<unsigned>());
    unsigned top = ready.back();
    ready.pop_back();
    return top;
  };
  auto empty = [&]() { return stable ? ready.empty() : head == ready.size(); };
  for (unsigned i = 0; i < n; ++i)
    if (inDegree[i] == 0)
      push(i);
  std::vector<bool> done(n);
  std::vector<unsigned> order;
  order.reserve(n);
  unsigned cursor = 0;
  while (order.size() < n) {
    if (empty()) {
      // A cycle that is not a loop back edge: break it at the earliest node.
      while (done[cursor])
        ++cursor;
      push(cursor);
    }
    unsigned u = pop();
    if (done[u])
      continue;
    done[u] = true;
    order.push_back(u);
    if (isBackEdgeSource[u])
      continue;
    for (const Edge &e : getSuccs(u))
      if (--inDegree[e.node] == 0 && !done[e.node])
        push(e.node);
  }
  return order;
}

//===----------------------------------------------------------------------===//
// The order of the lowerings (NodeOrder.h)
//===----------------------------------------------------------------------===//

Operation *mlir::tfg::orderNodesTopologically(
    Block &body, SmallVectorImpl<Operation *> &order,
    function_ref<bool(Operation *)> keep,
    function_ref<bool(Operation *)> ignoresInputs) {
  auto kept = [&](Operation *op) {
    return op && op->getBlock() == &body && (!keep || keep(op));
  };
  // The number of operands from kept nodes each kept node still waits for;
  // sized once (a million-node graph would otherwise rehash ~20 times).
  llvm::DenseMap<Operation *, unsigned> pending;
  pending.reserve(body.getOperations().size());
  SmallVector<Operation *> ready;
  size_t numKept = 0;
  for (Operation &op : body.without_terminator()) {
    if (!kept(&op))
      continue;
    ++numKept;
    unsigned count = 0;
    if (!ignoresInputs || !ignoresInputs(&op))
      for (Value operand : op.getOperands())
        if (kept(operand.getDefiningOp()))
          ++count;
    if (count == 0)
      ready.push_back(&op);
    else
      pending.try_emplace(&op, count);
  }
  // A stack, so that chains stay together; reversed, so that independent
  // nodes keep their order.
  std::reverse(ready.begin(), ready.end());
  order.reserve(order.size() + numKept);
  while (!ready.empty()) {
    Operation *op = ready.pop_back_val();
    order.push_back(op);
    for (Value result : op->getResults())
      for (OpOperand &use : result.getUses()) {
        auto it = pending.find(use.getOwner());
        if (it != pending.end() && --it->second == 0) {
          ready.push_back(it->first);
          pending.erase(it);
        }
      }
  }
  if (pending.empty())
    return nullptr;
  for (Operation &op : body.without_terminator())
    if (pending.count(&op))
      return &op;
  return nullptr;
}
