//===- Threads.cpp - the parallel loops the threads run
//--------------------===//
//
// tfg-async-parallel-loops: with threads, the CPU pipeline lowers the
// linalg ops left after the micro-kernels to scf.parallel loops (the tile
// loops of tfg-vectorize-linalg, convert-linalg-to-parallel-loops), and
// upstream's async-parallel-for patterns split an scf.parallel into tasks
// of the MLIR async runtime. This pass decides which ones: the outermost
// scf.parallel of a nest, with static bounds, no reductions and enough work
// to pay for a dispatch, each task at least half of that work; every other
// scf.parallel becomes a sequential scf.for nest in the same order, so its
// iterations run as they did without threads (docs/Codegen.md, "Threads").
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/Async/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_ASYNCPARALLELLOOPSPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {

/// Iterations of a loop with constant bounds and a positive constant step.
std::optional<int64_t> constantTripCount(Value lower, Value upper, Value step) {
  APInt lb, ub, st;
  if (!matchPattern(lower, m_ConstantInt(&lb)) ||
      !matchPattern(upper, m_ConstantInt(&ub)) ||
      !matchPattern(step, m_ConstantInt(&st)) || st.getSExtValue() <= 0)
    return std::nullopt;
  int64_t span = ub.getSExtValue() - lb.getSExtValue();
  if (span <= 0)
    return 0;
  return (span + st.getSExtValue() - 1) / st.getSExtValue();
}

/// Iterations of `op` (a scf.for or scf.parallel) when static (saturated).
std::optional<uint64_t> staticIterations(Operation *op) {
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return constantTripCount(loop.getLowerBound(), loop.getUpperBound(),
                             loop.getStep());
  auto parallel = cast<scf::ParallelOp>(op);
  uint64_t total = 1;
  for (auto [lb, ub, st] :
       llvm::zip(parallel.getLowerBound(), parallel.getUpperBound(),
                 parallel.getStep())) {
    std::optional<int64_t> n = constantTripCount(lb, ub, st);
    if (!n)
      return std::nullopt;
    total = llvm::SaturatingMultiply(total, static_cast<uint64_t>(*n));
  }
  return total;
}

/// Elements an operation produces: the lanes of a vector result, else 1
/// (a store or a vector.transfer_write: its value's lanes).
uint64_t elementsOf(Operation *op) {
  uint64_t elements = 1;
  auto lanes = [&](Type type) {
    if (auto vector = dyn_cast<VectorType>(type))
      elements = std::max<uint64_t>(elements, vector.getNumElements());
  };
  for (Type type : op->getResultTypes())
    lanes(type);
  for (Value operand : op->getOperands())
    lanes(operand.getType());
  return elements;
}

/// The work of `root`'s iterations: over every operation inside it that
/// is not a loop, its elements times the iterations of the loops between
/// it and `root` (a loop of unknown iterations counts once), times the
/// iterations of `root`. Saturates.
uint64_t estimateWork(scf::ParallelOp root, uint64_t rootIterations) {
  uint64_t work = 0;
  root.getBody()->walk([&](Operation *op) {
    if (isa<scf::ForOp, scf::ParallelOp, scf::YieldOp, scf::ReduceOp>(op))
      return;
    uint64_t weight = elementsOf(op);
    for (Operation *parent = op->getParentOp(); parent && parent != root;
         parent = parent->getParentOp())
      if (isa<scf::ForOp, scf::ParallelOp>(parent))
        if (std::optional<uint64_t> n = staticIterations(parent))
          weight = llvm::SaturatingMultiply(weight, std::max<uint64_t>(*n, 1));
    work = llvm::SaturatingAdd(work, weight);
  });
  return llvm::SaturatingMultiply(work, rootIterations);
}

/// Replaces `op` (without reductions) by scf.for loops over its dimensions,
/// the first outermost, with its body inside the innermost.
void toSequentialLoops(RewriterBase &rewriter, scf::ParallelOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> ivs;
  for (auto [lb, ub, st] :
       llvm::zip(op.getLowerBound(), op.getUpperBound(), op.getStep())) {
    auto loop = scf::ForOp::create(rewriter, loc, lb, ub, st);
    ivs.push_back(loop.getInductionVar());
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  }
  Block *body = op.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, rewriter.getInsertionBlock(),
                             rewriter.getInsertionPoint(), ivs);
  rewriter.eraseOp(op);
}

struct AsyncParallelLoopsPass
    : public tfg::impl::AsyncParallelLoopsPassBase<AsyncParallelLoopsPass> {
  using AsyncParallelLoopsPassBase::AsyncParallelLoopsPassBase;
  void runOnOperation() override {
    // Outer loops first: a nest's outermost loop is decided before the
    // loops inside it.
    SmallVector<scf::ParallelOp> loops;
    getOperation()->walk<WalkOrder::PreOrder>(
        [&](scf::ParallelOp op) { loops.push_back(op); });
    // The dispatched loops.
    llvm::SmallPtrSet<Operation *, 16> kept;
    IRRewriter rewriter(&getContext());
    uint64_t least = static_cast<uint64_t>(std::max<int64_t>(minWork, 1));
    for (scf::ParallelOp op : loops) {
      bool nested = false;
      for (Operation *parent = op->getParentOp(); parent && !nested;
           parent = parent->getParentOp())
        nested = kept.contains(parent);
      std::optional<uint64_t> iterations = staticIterations(op);
      if (!nested && op.getNumReductions() == 0 && iterations &&
          *iterations >= 2 && estimateWork(op, *iterations) >= least) {
        kept.insert(op);
        continue;
      }
      // A loop with reductions stays as it is: async-parallel-for leaves it
      // alone and convert-scf-to-cf runs it sequentially.
      if (op.getNumReductions() == 0)
        toSequentialLoops(rewriter, op);
    }
    if (kept.empty())
      return;
    // One dimension each: async-parallel-for aligns the blocks of a loop
    // with static inner dimensions to their size but keeps the block count
    // of the unaligned size, so that the last blocks can run past the end
    // and wrap around to iterations already run (LLVM 22); a 1-d loop has
    // no inner dimensions to align to.
    for (Operation *op : kept) {
      auto parallel = cast<scf::ParallelOp>(op);
      if (parallel.getNumLoops() < 2)
        continue;
      std::vector<unsigned> all;
      for (unsigned i = 0, e = parallel.getNumLoops(); i < e; ++i)
        all.push_back(i);
      rewriter.setInsertionPoint(parallel);
      collapseParallelLoops(rewriter, parallel, {all});
    }
    // The least iterations of a task of each dispatched loop (now the
    // outermost 1-d scf.parallel loops without reductions).
    llvm::DenseMap<Operation *, int64_t> minTaskIterations;
    getOperation()->walk([&](scf::ParallelOp op) {
      if (op->getParentOfType<scf::ParallelOp>() || op.getNumReductions() != 0)
        return;
      std::optional<uint64_t> iterations = staticIterations(op);
      if (!iterations || *iterations == 0)
        return;
      uint64_t work = estimateWork(op, *iterations);
      // Iterations that make half of min-work (at least one).
      uint64_t perIteration = std::max<uint64_t>(work / *iterations, 1);
      minTaskIterations[op] = static_cast<int64_t>(
          std::max<uint64_t>(1, llvm::divideCeil(least / 2, perIteration)));
    });
    RewritePatternSet patterns(&getContext());
    async::populateAsyncParallelForPatterns(
        patterns, /*asyncDispatch=*/true, numWorkers,
        [&](ImplicitLocOpBuilder builder, scf::ParallelOp op) -> Value {
          auto it = minTaskIterations.find(op);
          int64_t size = it == minTaskIterations.end() ? 1 : it->second;
          return arith::ConstantIndexOp::create(builder, size);
        });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::tfg::addThreadPasses(OpPassManager &pm, unsigned threads) {
  AsyncParallelLoopsPassOptions parallel;
  parallel.numWorkers = static_cast<int32_t>(std::min<unsigned>(threads, 1024));
  pm.addPass(createAsyncParallelLoopsPass(parallel));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createAsyncToAsyncRuntimePass());
  pm.addPass(createAsyncRuntimeRefCountingPass());
  pm.addPass(createAsyncRuntimeRefCountingOptPass());
  pm.addPass(createConvertAsyncToLLVMPass());
}
