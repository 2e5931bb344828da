//===- Swap.cpp - Swapping GPU tensors to host memory ---------------------===//
//
// Grappler's swapping heuristic on the device-only estimate: while the peak
// is over the budget, the largest tensor live across the peak step without
// a use there (its last use before the peak, or its producer, and its next
// use after it leave a gap around the peak) is swapped: a
// `_CopyFromGpuToHost` after the use before the gap, a `_CopyFromHostToGpu`
// just before the use after it, which waits (a control edge) for the latest
// node in the gap that the fetches need (getLatestNeededSteps), so the copy
// is not live earlier. The
// uses from the gap's end on read the copy. Each tensor is swapped once;
// the loop stops when the estimate fits, when no tensor is live across the
// peak, or after `maxSwaps` swaps. Every edge added goes forward in the
// schedule, so no cycle is made. The candidates are sorted by size once;
// each swap scans them for the first live across the peak (their uses are
// read on first need), O(candidates + log N) at worst.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Debug.h"

#include <algorithm>

#define DEBUG_TYPE "tfg-memory-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::memory;

namespace {
struct Candidate {
  unsigned tensor;
  SmallVector<unsigned> uses;
  bool swapped = false;
};
struct SwapChoice {
  unsigned candidate;
  /// The step whose node the copy-out follows, and the step of the first
  /// use reading the copy-in.
  unsigned before, after;
};
} // namespace

/// The gap of `c` around `peakStep`: (last use at or before it, or the
/// producer; first use after it), when the tensor is live across the peak
/// step and not used there.
static std::optional<std::pair<unsigned, unsigned>>
getGap(const Candidate &c, const EstimatedTensor &t, unsigned peakStep) {
  if (t.def >= peakStep || c.uses.empty() || c.uses.back() <= peakStep)
    return std::nullopt;
  const unsigned *next =
      std::upper_bound(c.uses.begin(), c.uses.end(), peakStep);
  unsigned before = next == c.uses.begin() ? t.def : *(next - 1);
  before = std::max(before, t.def);
  if (before >= peakStep)
    return std::nullopt;
  return std::make_pair(before, *next);
}

void memory::swapToHost(MemoryContext &ctx, int64_t budget, int64_t maxSwaps) {
  if (hasV1ControlFlow(ctx.body)) {
    LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-optimizer] v1 control flow: "
                               "no swapping\n");
    return;
  }
  MemoryEstimate est = estimateMemory(ctx.body, ctx.estimateOptions);
  if (est.schedule.empty() || est.peakBytes <= budget)
    return;
  llvm::DenseMap<Operation *, unsigned> steps = getSteps(est);
  Operation *terminator = est.schedule.back();
  unsigned lastStep = est.schedule.size() - 1;
  bool hasTerminator = terminator->hasTrait<OpTrait::IsTerminator>();
  // The tensors that may be swapped, largest first (ties: earlier
  // producer, the estimate's order). Their use steps are read when one is
  // first found live across a peak.
  std::vector<unsigned> order;
  for (auto [i, t] : llvm::enumerate(est.tensors))
    if (!t.persistent && t.bytes > 0 && t.def < t.lastUse &&
        !(hasTerminator && t.lastUse == lastStep) && t.value.getDefiningOp())
      order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return est.tensors[a].bytes > est.tensors[b].bytes;
  });
  std::vector<Candidate> candidates(order.size());
  std::vector<unsigned char> state(order.size(), 0); // 0 new, 1 ok, 2 no
  auto examine = [&](unsigned k) {
    const EstimatedTensor &t = est.tensors[order[k]];
    state[k] = 2;
    if (hasRefOperandOrResult(t.value.getDefiningOp()))
      return;
    // Only direct operands are redirected to the copy.
    for (Operation *user : t.value.getUsers())
      if (user->getBlock() != &ctx.body)
        return;
    FailureOr<SmallVector<unsigned>> uses =
        getUseSteps(t.value, ctx.body, steps);
    if (failed(uses) || uses->empty())
      return;
    candidates[k] = {order[k], std::move(*uses)};
    state[k] = 1;
  };
  LiveProfile profile(est.liveBytes);
  std::vector<SwapChoice> choices;
  while (int64_t(choices.size()) < maxSwaps) {
    auto [peak, peakStep] = profile.getMax();
    if (peak <= budget)
      break;
    // The first (largest) tensor live across the peak without a use there.
    int best = -1;
    std::pair<unsigned, unsigned> bestGap;
    for (unsigned k = 0; k < order.size(); ++k) {
      const EstimatedTensor &t = est.tensors[order[k]];
      if (state[k] == 2 || t.def >= peakStep || t.lastUse <= peakStep)
        continue;
      if (state[k] == 0)
        examine(k);
      if (state[k] != 1 || candidates[k].swapped)
        continue;
      if (std::optional<std::pair<unsigned, unsigned>> gap =
              getGap(candidates[k], t, peakStep)) {
        best = k;
        bestGap = *gap;
        break;
      }
    }
    if (best < 0) {
      LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-optimizer] no tensor is live "
                                 "across the peak at step "
                              << peakStep << ": swapping stops\n");
      break;
    }
    Candidate &c = candidates[best];
    c.swapped = true;
    state[best] = 2;
    profile.add(bestGap.first + 1, bestGap.second - 1,
                -est.tensors[c.tensor].bytes);
    choices.push_back({unsigned(best), bestGap.first, bestGap.second});
  }

  if (choices.empty())
    return;
  std::vector<int> latestNeeded =
      getLatestNeededSteps(est, ctx.body, ctx.preserved);
  OpBuilder b(ctx.body.getParentOp()->getContext());
  for (const SwapChoice &choice : choices) {
    const EstimatedTensor &t = est.tensors[candidates[choice.candidate].tensor];
    Value value = t.value;
    auto result = cast<OpResult>(value);
    Operation *producer = result.getOwner();
    Operation *user = est.schedule[choice.after];
    // The copy-in waits for the latest needed node scheduled in the gap.
    int triggerStep = latestNeeded[choice.after - 1];
    Value triggerToken;
    if (triggerStep > int(choice.before))
      triggerToken = getControlToken(est.schedule[triggerStep]);
    auto type = cast<TensorType>(value.getType());
    NamedAttribute typeAttr =
        b.getNamedAttr("T", TypeAttr::get(type.getElementType()));
    std::string suffix =
        (getNodeNamePrefix(producer) + "_" + Twine(result.getResultNumber()))
            .str();
    b.setInsertionPointAfter(est.schedule[choice.before]);
    FailureOr<Operation *> out =
        createNodeLike(b, producer, "_CopyFromGpuToHost", {value}, {},
                       {typeAttr}, ctx.uniqueName("swap_out_" + suffix));
    if (failed(out))
      return;
    getDataResults(*out)[0].setType(type);
    b.setInsertionPoint(user);
    SmallVector<Value, 1> controls;
    if (triggerToken)
      controls.push_back(triggerToken);
    FailureOr<Operation *> in = createNodeLike(
        b, producer, "_CopyFromHostToGpu", {getDataResults(*out)[0]}, controls,
        {typeAttr}, ctx.uniqueName("swap_in_" + suffix));
    if (failed(in))
      return;
    Value copy = getDataResults(*in)[0];
    copy.setType(type);
    value.replaceUsesWithIf(copy, [&](OpOperand &operand) {
      auto it = steps.find(operand.getOwner());
      return it != steps.end() && it->second >= choice.after;
    });
    ++ctx.swapped;
    LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-optimizer] swapped "
                            << getTensorDisplayName(value) << " (" << t.bytes
                            << " B) out after step " << choice.before
                            << ", in before step " << choice.after << "\n");
  }
}
