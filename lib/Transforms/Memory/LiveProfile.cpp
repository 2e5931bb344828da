//===- LiveProfile.cpp - Live bytes per step, range updates ---------------===//
//
// A segment tree without push-down (max[node] is the maximum of its
// children plus the node's pending addition), and the helpers the memory
// optimizer's rewrites share. Iterative where the graph's size matters; the
// tree's recursion is bounded by its height (log2 of the steps).
//
//===----------------------------------------------------------------------===//

#include "Memory.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::memory;

LiveProfile::LiveProfile(ArrayRef<int64_t> bytes) : size(bytes.size()) {
  unsigned leaves = 1;
  while (leaves < std::max(size, 1u))
    leaves *= 2;
  // Leaves past the end hold the smallest value, never the maximum.
  max.assign(2 * leaves, INT64_MIN / 4);
  pending.assign(2 * leaves, 0);
  for (unsigned i = 0; i < size; ++i)
    max[leaves + i] = bytes[i];
  for (unsigned node = leaves - 1; node >= 1; --node)
    max[node] = std::max(max[2 * node], max[2 * node + 1]);
}

void LiveProfile::add(unsigned node, unsigned lo, unsigned hi, unsigned from,
                      unsigned to, int64_t delta) {
  if (hi < from || to < lo)
    return;
  if (lo <= from && to <= hi) {
    max[node] += delta;
    pending[node] += delta;
    return;
  }
  unsigned mid = from + (to - from) / 2;
  add(2 * node, lo, hi, from, mid, delta);
  add(2 * node + 1, lo, hi, mid + 1, to, delta);
  max[node] = std::max(max[2 * node], max[2 * node + 1]) + pending[node];
}

void LiveProfile::add(unsigned lo, unsigned hi, int64_t delta) {
  if (lo > hi || hi >= size || delta == 0)
    return;
  unsigned leaves = max.size() / 2;
  add(1, lo, hi, 0, leaves - 1, delta);
}

std::pair<int64_t, unsigned> LiveProfile::getMax() const {
  if (size == 0)
    return {0, 0};
  unsigned leaves = max.size() / 2;
  unsigned node = 1;
  int64_t target = max[1];
  // Down to the first leaf holding the maximum.
  while (node < leaves) {
    target -= pending[node];
    node = max[2 * node] == target ? 2 * node : 2 * node + 1;
  }
  return {max[1], node - leaves};
}

int64_t LiveProfile::get(unsigned step) const {
  unsigned leaves = max.size() / 2;
  unsigned node = leaves + step;
  int64_t value = max[node];
  for (node /= 2; node >= 1; node /= 2)
    value += pending[node];
  return value;
}

std::string MemoryContext::uniqueName(StringRef base) {
  // The body's names are collected when the first new node is named.
  if (!namesCollected) {
    namesCollected = true;
    for (Operation &op : body)
      if (StringRef name = getNodeName(&op); !name.empty())
        names.insert(name);
  }
  std::string name = base.str();
  for (int64_t i = 1; names.contains(name); ++i)
    name = (base + "_" + Twine(i)).str();
  names.insert(name);
  return name;
}

llvm::DenseMap<Operation *, unsigned>
memory::getSteps(const MemoryEstimate &est) {
  llvm::DenseMap<Operation *, unsigned> steps;
  steps.reserve(est.schedule.size());
  for (auto [i, op] : llvm::enumerate(est.schedule))
    steps[op] = i;
  return steps;
}

FailureOr<SmallVector<unsigned>>
memory::getUseSteps(Value value, Block &body,
                    const llvm::DenseMap<Operation *, unsigned> &steps) {
  SmallVector<unsigned> result;
  for (OpOperand &use : value.getUses()) {
    Operation *user = body.findAncestorOpInBlock(*use.getOwner());
    if (!user)
      return failure();
    auto it = steps.find(user);
    if (it == steps.end())
      return failure();
    result.push_back(it->second);
  }
  llvm::sort(result);
  return result;
}

bool memory::hasV1ControlFlow(Block &body) {
  for (Operation &op : body)
    if (isSwitchNode(&op) || isFrameNode(&op))
      return true;
  return false;
}

std::vector<int> memory::getLatestNeededSteps(const MemoryEstimate &est,
                                              Block &body,
                                              const PreservedNodes *preserved) {
  llvm::DenseMap<Operation *, unsigned> steps = getSteps(est);
  std::vector<bool> needed(est.schedule.size(), false);
  std::vector<unsigned> worklist;
  for (auto [i, op] : llvm::enumerate(est.schedule))
    if (op->hasTrait<OpTrait::IsTerminator>() ||
        (preserved && preserved->isFetchOrFeed(op))) {
      needed[i] = true;
      worklist.push_back(i);
    }
  auto visit = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return;
    Operation *node = body.findAncestorOpInBlock(*def);
    auto it = node ? steps.find(node) : steps.end();
    if (it != steps.end() && !needed[it->second]) {
      needed[it->second] = true;
      worklist.push_back(it->second);
    }
  };
  while (!worklist.empty()) {
    Operation *op = est.schedule[worklist.back()];
    worklist.pop_back();
    for (Value v : op->getOperands())
      visit(v);
    // Values the node's regions read from outside.
    if (op->getNumRegions() != 0)
      op->walk([&](Operation *nested) {
        if (nested != op)
          for (Value v : nested->getOperands())
            visit(v);
      });
  }
  std::vector<int> latest(est.schedule.size(), -1);
  int last = -1;
  for (unsigned i = 0; i < est.schedule.size(); ++i) {
    if (needed[i])
      last = i;
    latest[i] = last;
  }
  return latest;
}
