//===- MemoryOptimizer.cpp - tfg-memory-optimizer -------------------------===//
//
// The pass: on each graph and function body, AddN accumulation and
// recomputation on the estimate of all tensors, then swapping on the GPU
// estimate when a budget is given (Memory.h). Each step re-estimates the
// body it changed. A graph without fetches is left alone (any node may be an
// output the user reads later), as the remapper does.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-memory-optimizer"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_MEMORYOPTIMIZERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::memory;

namespace {
struct MemoryOptimizerPass
    : tfg::impl::MemoryOptimizerPassBase<MemoryOptimizerPass> {
  using MemoryOptimizerPassBase::MemoryOptimizerPassBase;

  void runOnOperation() override {
    if (budget < 0 || maxSwaps < 0) {
      getOperation()->emitError()
          << "tfg-memory-optimizer: budget and max-swaps must not be negative";
      return signalPassFailure();
    }
    PreserveOptions preserve = makePreserveOptions(fetch, feed);
    if (preserve.fetch.empty())
      preserve.fetch = getRecordedFetches(getOperation());
    bool noFetches = preserve.fetch.empty();
    for (Block *body : getGraphBodies(getOperation())) {
      if (noFetches && isa<GraphOp>(body->getParentOp())) {
        LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-optimizer] graph without "
                                   "fetches: left alone\n");
        continue;
      }
      FailureOr<PreservedNodes> preserved =
          PreservedNodes::compute(*body, preserve);
      if (failed(preserved))
        return signalPassFailure();
      runOnBody(*body, *preserved);
    }
  }

  void runOnBody(Block &body, const PreservedNodes &preserved) {
    MemoryContext ctx(body);
    ctx.preserved = &preserved;
    // The estimate the budget applies to: GPU memory when swapping.
    MemoryEstimateOptions reported;
    reported.deviceOnly = budget > 0;
    reported.assumeGpu = assumeGpu;
    // The peaks before and after cost an estimate each: only for the
    // report.
    int64_t before = report ? estimateMemory(body, reported).peakBytes : 0;
    // Each step estimates the body only when it has something to look at.
    bool anyAddN = false, anyHint = false;
    for (Operation &op : body) {
      anyAddN |= splitAddN && getNumDataOperands(&op) >= 3 &&
                 op.getName().getDialectNamespace() == "tfg" &&
                 getTFOpName(&op) == "AddN";
      anyHint |= recompute && op.hasAttr("_recompute_hint");
    }
    if (anyAddN)
      splitAddNs(ctx);
    if (anyHint)
      recomputeHinted(ctx);
    if (budget > 0) {
      ctx.estimateOptions = reported;
      swapToHost(ctx, budget, maxSwaps);
    }
    bool changed = ctx.addNSplit || ctx.recomputed || ctx.swapped;
    int64_t after = !report   ? 0
                    : changed ? estimateMemory(body, reported).peakBytes
                              : before;
    numAddNSplit += ctx.addNSplit;
    numRecomputed += ctx.recomputed;
    numSwapped += ctx.swapped;
    peakBefore += before;
    peakAfter += after;
    if (report) {
      InFlightDiagnostic diag = emitRemark(body.getParentOp()->getLoc())
                                << "tfg-memory-optimizer: estimated "
                                << (reported.deviceOnly ? "GPU " : "")
                                << "peak " << before << " -> " << after
                                << " bytes";
      if (budget > 0)
        diag << " (budget " << int64_t(budget) << ")";
      diag << ": " << ctx.addNSplit << " AddN accumulated, " << ctx.recomputed
           << " recomputed, " << ctx.swapped << " swapped";
    }
  }
};
} // namespace
