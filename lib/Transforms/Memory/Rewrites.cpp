//===- Rewrites.cpp - AddN accumulation and recomputation -----------------===//
//
// Both rewrites decide on the live-bytes profile of one estimate: a rewrite
// is made when, with its change of live ranges applied to the profile, the
// estimated peak is no higher and the live bytes at the peak step are lower;
// otherwise the change is taken back. New nodes stand at the step of the
// node they follow (an accumulation) or precede (a recomputation). Linear
// in the body plus O(log N) per range update.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/Transforms/GraphUtils.h"

#include "llvm/Support/Debug.h"

#include <algorithm>

#define DEBUG_TYPE "tfg-memory-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::memory;

namespace {
/// A change of the profile that can be taken back.
struct ProfileChange {
  LiveProfile &profile;
  SmallVector<std::tuple<unsigned, unsigned, int64_t>> ranges;

  void add(unsigned lo, unsigned hi, int64_t delta) {
    if (lo > hi)
      return;
    profile.add(lo, hi, delta);
    ranges.push_back({lo, hi, delta});
  }
  void undo() {
    for (auto [lo, hi, delta] : ranges)
      profile.add(lo, hi, -delta);
    ranges.clear();
  }
  /// Keeps the change when it lowers the profile at `peakStep` without
  /// raising the peak `peak`; takes it back otherwise.
  bool keepIfLower(int64_t peak, unsigned peakStep, int64_t atPeakBefore) {
    if (profile.getMax().first <= peak && profile.get(peakStep) < atPeakBefore)
      return true;
    undo();
    return false;
  }
};
} // namespace

static bool isTFGNode(Operation *op, StringRef name) {
  return op->getName().getDialectNamespace() == "tfg" &&
         getTFOpName(op) == name;
}

//===----------------------------------------------------------------------===//
// AddN accumulation
//===----------------------------------------------------------------------===//

/// The AddN's data operands when it can be split: 3 or more, each a result
/// of a node of the body counted in the estimate, of the AddN's static size,
/// used only by the AddN.
static SmallVector<unsigned>
getAddNInputs(Operation *addN, const MemoryEstimate &est,
              const llvm::DenseMap<Value, unsigned> &tensorOf) {
  SmallVector<unsigned> inputs;
  if (getNumDataOperands(addN) < 3 || getDataResults(addN).size() != 1 ||
      !addN->getAttr("T"))
    return {};
  int64_t bytes = getStaticTensorBytes(getDataResults(addN)[0].getType());
  if (bytes <= 0)
    return {};
  for (Value v : getDataOperands(addN)) {
    auto it = tensorOf.find(v);
    if (it == tensorOf.end() || !v.hasOneUse())
      return {};
    const EstimatedTensor &t = est.tensors[it->second];
    if (t.persistent || t.bytes != bytes)
      return {};
    inputs.push_back(it->second);
  }
  return inputs;
}

void memory::splitAddNs(MemoryContext &ctx) {
  MemoryEstimate est = estimateMemory(ctx.body, ctx.estimateOptions);
  if (est.schedule.empty())
    return;
  // The estimated tensors that AddN nodes of 3+ operands read.
  llvm::DenseMap<Value, unsigned> tensorOf;
  for (Operation *op : est.schedule)
    if (isTFGNode(op, "AddN") && getNumDataOperands(op) >= 3)
      for (Value v : getDataOperands(op))
        tensorOf[v] = ~0u;
  for (auto [i, t] : llvm::enumerate(est.tensors))
    if (auto it = tensorOf.find(t.value); it != tensorOf.end())
      it->second = i;
  for (auto it = tensorOf.begin(); it != tensorOf.end();)
    if (it->second == ~0u)
      tensorOf.erase(it++);
    else
      ++it;
  LiveProfile profile(est.liveBytes);
  OpBuilder b(ctx.body.getParentOp()->getContext());
  for (unsigned q = 0; q < est.schedule.size(); ++q) {
    Operation *addN = est.schedule[q];
    if (!isTFGNode(addN, "AddN"))
      continue;
    SmallVector<unsigned> inputs = getAddNInputs(addN, est, tensorOf);
    if (inputs.empty()) {
      LLVM_DEBUG(llvm::dbgs()
                 << "[tfg-memory-optimizer] AddN " << getNodeName(addN)
                 << ": not 3+ same-sized single-use inputs\n");
      continue;
    }
    auto [peak, peakStep] = profile.getMax();
    int64_t atPeak = profile.get(peakStep);
    int64_t bytes = est.tensors[inputs[0]].bytes;
    // acc_j = acc_{j-1} + x_j for j = 1..k-2 (acc_0 = x_0) runs once both
    // are there: at step s_j; the AddN adds the last input to acc_{k-2}.
    ProfileChange change{profile, {}};
    unsigned k = inputs.size();
    SmallVector<unsigned> accStep(k - 1);
    unsigned s = est.tensors[inputs[0]].def;
    for (unsigned j = 1; j + 1 < k; ++j) {
      s = std::max(s, est.tensors[inputs[j]].def);
      accStep[j] = s;
    }
    // x_0 and x_1 end at s_1, x_j at s_j; acc_j lives [s_j, s_{j+1}]
    // (the last one up to the AddN).
    change.add(accStep[1] + 1, q, -bytes);
    for (unsigned j = 1; j + 1 < k; ++j) {
      change.add(accStep[j] + 1, q, -bytes);
      unsigned end = j + 2 < k ? accStep[j + 1] : q;
      change.add(accStep[j], end, bytes);
    }
    if (!change.keepIfLower(peak, peakStep, atPeak)) {
      LLVM_DEBUG(llvm::dbgs()
                 << "[tfg-memory-optimizer] AddN " << getNodeName(addN)
                 << ": accumulating does not lower the peak\n");
      continue;
    }
    // The accumulation nodes, each after the later producer of its inputs.
    SmallVector<Value> operands(getDataOperands(addN).begin(),
                                getDataOperands(addN).end());
    Value acc = operands[0];
    bool failedToBuild = false;
    for (unsigned j = 1; j + 1 < k; ++j) {
      Operation *after = est.schedule[accStep[j]];
      b.setInsertionPointAfter(after);
      std::string name = ctx.uniqueName(
          (getNodeNamePrefix(addN) + "/accumulate_" + Twine(j)).str());
      FailureOr<Operation *> node =
          createNodeLike(b, addN, "AddN", {acc, operands[j]}, {},
                         {b.getNamedAttr("N", b.getI64IntegerAttr(2)),
                          b.getNamedAttr("T", addN->getAttr("T"))},
                         name);
      if (failed(node)) {
        failedToBuild = true;
        break;
      }
      getDataResults(*node)[0].setType(getDataResults(addN)[0].getType());
      acc = getDataResults(*node)[0];
    }
    if (failedToBuild)
      return;
    // The AddN keeps its name and users: it adds the last input.
    SmallVector<Value> newOperands = {acc, operands[k - 1]};
    for (Value v : addN->getOperands().drop_front(k))
      newOperands.push_back(v);
    addN->setOperands(newOperands);
    addN->setAttr("N", b.getI64IntegerAttr(2));
    ++ctx.addNSplit;
    LLVM_DEBUG(llvm::dbgs()
               << "[tfg-memory-optimizer] AddN " << getNodeName(addN) << ": "
               << k << " inputs accumulated\n");
  }
}

//===----------------------------------------------------------------------===//
// Recomputation
//===----------------------------------------------------------------------===//

/// Whether a data input `v` of a recomputed node stays available until
/// step `until`: a block argument, a constant, or a tensor used then or
/// later.
static bool isAvailableAt(Value v, unsigned until, Block &body,
                          const llvm::DenseMap<Operation *, unsigned> &steps) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return true;
  if (isTFGNode(def, "Const"))
    return true;
  FailureOr<SmallVector<unsigned>> uses = getUseSteps(v, body, steps);
  return succeeded(uses) && !uses->empty() && uses->back() >= until;
}

void memory::recomputeHinted(MemoryContext &ctx) {
  if (hasV1ControlFlow(ctx.body))
    return;
  MemoryEstimate est = estimateMemory(ctx.body, ctx.estimateOptions);
  if (est.schedule.empty())
    return;
  llvm::DenseMap<Operation *, unsigned> steps = getSteps(est);
  LiveProfile profile(est.liveBytes);
  std::vector<int> latestNeeded =
      getLatestNeededSteps(est, ctx.body, ctx.preserved);
  OpBuilder b(ctx.body.getParentOp()->getContext());
  for (const EstimatedTensor &t : est.tensors) {
    Operation *op = t.value.getDefiningOp();
    if (!op || !op->hasAttr("_recompute_hint") || t.persistent ||
        getDataResults(op).size() != 1 || op->getNumRegions() != 0 ||
        hasSideEffects(op) || (ctx.preserved && ctx.preserved->contains(op)))
      continue;
    FailureOr<SmallVector<unsigned>> uses =
        getUseSteps(t.value, ctx.body, steps);
    if (failed(uses) || uses->empty())
      continue;
    auto [peak, peakStep] = profile.getMax();
    // The gap around the peak: the last use at or before it (or the
    // producer) and the first use after it.
    unsigned before = t.def;
    const unsigned *after = nullptr;
    for (const unsigned &u : *uses) {
      if (u <= peakStep)
        before = u;
      else if (!after)
        after = &u;
    }
    if (!after || before >= peakStep || *after <= before + 1) {
      LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-optimizer] " << getNodeName(op)
                              << ": no use after a gap around the peak\n");
      continue;
    }
    unsigned use = *after;
    Operation *user = est.schedule[use];
    // The copy waits for the latest needed node in the gap.
    int triggerStep = latestNeeded[use - 1];
    if (user->hasTrait<OpTrait::IsTerminator>() || triggerStep <= int(before))
      continue;
    Operation *trigger = est.schedule[triggerStep];
    if (!getControlToken(trigger))
      continue;
    bool available = true;
    for (Value in : getDataOperands(op))
      available &= isAvailableAt(in, use, ctx.body, steps);
    if (!available) {
      LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-optimizer] " << getNodeName(op)
                              << ": an input is gone before the late use\n");
      continue;
    }
    int64_t atPeak = profile.get(peakStep);
    ProfileChange change{profile, {}};
    change.add(before + 1, use - 1, -t.bytes);
    if (!change.keepIfLower(peak, peakStep, atPeak))
      continue;
    // The copy runs just before the late use: after the latest needed node
    // scheduled before it (a control edge), so its result is not live
    // earlier.
    b.setInsertionPoint(user);
    Operation *clone = b.clone(*op);
    clone->removeAttr("_recompute_hint");
    setNodeName(clone,
                ctx.uniqueName((getNodeNamePrefix(op) + "/recompute").str()));
    addControlOperands(clone, {getControlToken(trigger)});
    Value copy = getDataResults(clone)[0];
    Value original = t.value;
    original.replaceUsesWithIf(copy, [&](OpOperand &operand) {
      Operation *owner = ctx.body.findAncestorOpInBlock(*operand.getOwner());
      auto it = owner ? steps.find(owner) : steps.end();
      return it != steps.end() && it->second >= use;
    });
    ++ctx.recomputed;
    LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-optimizer] " << getNodeName(op)
                            << ": recomputed before step " << use << "\n");
  }
}
