//===- ElementwiseFusion.cpp - elementwise fusion without recomputation ---===//
//
// tfg-fuse-elementwise: upstream's elementwise fusion patterns (the pattern
// set of linalg-fuse-elementwise-ops) with a control function that fuses
// a producer into a consumer only where the fused code computes each of
// the producer's elements once: the consumer reads the producer through a
// permutation of all its loops, or the producer only moves data (its body
// yields one of its inputs: a broadcast, a transpose). Upstream's default
// also fuses a sigmoid on a [1, 1, 1, C] vector into a consumer over
// [1, H, W, C], or into a contraction, and recomputes it H * W (or K)
// times (docs/Codegen.md, "The pipeline").
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_FUSEELEMENTWISEPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {
/// Whether `generic`'s body yields one of its block arguments unchanged.
bool movesDataOnly(linalg::GenericOp generic) {
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 1)
    return false;
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  return yield && llvm::all_of(yield.getOperands(), [&](Value v) {
           auto arg = dyn_cast<BlockArgument>(v);
           return arg && arg.getOwner() == &body;
         });
}

bool fuseOnce(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  if (!producer || !producer->hasOneUse())
    return false;
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  if (!consumer)
    return true;
  if (consumer.getMatchingIndexingMap(fused).isPermutation())
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(producer);
  return generic && movesDataOnly(generic);
}

bool singleUse(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  return producer && producer->hasOneUse();
}

/// Reshapes fold into generics only: folding one into a named op (a
/// matmul, a convolution) would turn that op into a linalg.generic, which
/// tfg-linalg-to-ukernels no longer recognizes.
bool reshapeIntoGeneric(OpOperand *fused) {
  if (!singleUse(fused))
    return false;
  Operation *producer = fused->get().getDefiningOp();
  Operation *owner = fused->getOwner();
  if (isa<linalg::LinalgOp>(owner) && !isa<linalg::GenericOp>(owner))
    return false;
  return !isa<linalg::LinalgOp>(producer) || isa<linalg::GenericOp>(producer);
}

struct FuseElementwisePass
    : public tfg::impl::FuseElementwisePassBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseOnce);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                      reshapeIntoGeneric);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
