//===- ArithmeticOptimizer.cpp - The tfg-arithmetic-optimizer pass -------===//
//
// tfg-arithmetic-optimizer: Grappler's ArithmeticOptimizer as a set of
// RewritePatterns (one group of stages per file of this directory) applied
// to each graph or function body by the graph rewrite driver, which keeps
// fetched and fed nodes, node names, devices and control dependencies.
// Without fetches (neither the option nor the module's `tfg.fetches`), a
// graph's nodes are never removed, only replaced by nodes of the same name,
// as the other passes that delete nodes do.
//
//===----------------------------------------------------------------------===//

#include "ArithmeticOptimizer.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-arithmetic-optimizer"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_ARITHMETICOPTIMIZERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::arith_opt;

namespace {
struct ArithmeticOptimizerPass
    : tfg::impl::ArithmeticOptimizerPassBase<ArithmeticOptimizerPass> {
  using ArithmeticOptimizerPassBase::ArithmeticOptimizerPassBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    // The generated options struct, from the pass's parsed options (the
    // fields have the options' names).
    ArithmeticOptimizerPassOptions s;
    s.fetch.assign(fetch.begin(), fetch.end());
    s.feed.assign(feed.begin(), feed.end());
    s.addOpsRewrite = addOpsRewrite;
    s.hoistCommonFactor = hoistCommonFactor;
    s.minimizeBroadcasts = minimizeBroadcasts;
    s.removeIdentityTranspose = removeIdentityTranspose;
    s.removeInvolution = removeInvolution;
    s.removeRedundantBitcast = removeRedundantBitcast;
    s.removeRedundantCast = removeRedundantCast;
    s.removeRedundantReshape = removeRedundantReshape;
    s.removeNegation = removeNegation;
    s.replaceMulWithSquare = replaceMulWithSquare;
    s.replaceMulWithBroadcastByTile = replaceMulWithBroadcastByTile;
    s.simplifyAggregation = simplifyAggregation;
    s.foldTransposeIntoMatMul = foldTransposeIntoMatMul;
    s.foldConjugateIntoTranspose = foldConjugateIntoTranspose;
    s.foldMultiplyIntoConv = foldMultiplyIntoConv;
    s.removeLogicalNot = removeLogicalNot;
    s.sqrtDivToRsqrtMul = sqrtDivToRsqrtMul;
    s.convertPow = convertPow;
    s.convertLog1p = convertLog1p;
    s.convertExpm1 = convertExpm1;
    s.optimizeMaxOrMin = optimizeMaxOrMin;
    s.unaryOpsComposition = unaryOpsComposition;
    s.removeStackSliceSameAxis = removeStackSliceSameAxis;
    s.simplifyEmbeddingLookup = simplifyEmbeddingLookup;
    s.removeCastIntoSegmentReduction = removeCastIntoSegmentReduction;
    s.reorderCastLikeAndValuePreserving = reorderCastLikeAndValuePreserving;
    s.hoistCWiseUnaryChains = hoistCWiseUnaryChains;
    s.unsafeMath = unsafeMath;
    for (bool mayDelete : {true, false}) {
      RewritePatternSet set(ctx);
      populateSimplifyPatterns(set, s, mayDelete);
      populateFunctionPatterns(set, s, mayDelete);
      populateAggregationPatterns(set, s, mayDelete);
      populateStructurePatterns(set, s, mayDelete);
      (mayDelete ? patterns : keepingPatterns) =
          FrozenRewritePatternSet(std::move(set));
    }
    return success();
  }

  void runOnOperation() override {
    GraphRewriteConfig config;
    config.preserve = makePreserveOptions(fetch, feed);
    if (config.preserve.fetch.empty())
      config.preserve.fetch = getRecordedFetches(getOperation());
    bool noFetches = config.preserve.fetch.empty();
    int64_t rewrites = 0;
    for (Block *body : getGraphBodies(getOperation())) {
      // A graph without fetches: any node may be an output the user fetches
      // later, so none is removed (replacements keep the replaced name).
      bool keep = noFetches && isa<GraphOp>(body->getParentOp());
      FailureOr<GraphRewriteStats> stats =
          applyGraphPatterns(*body, keep ? keepingPatterns : patterns, config);
      if (failed(stats))
        return signalPassFailure();
      rewrites += stats->rewrites;
    }
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-arithmetic-optimizer: " << rewrites << " rewrites\n");
    numRewrites += rewrites;
    if (!rewrites)
      markAllAnalysesPreserved();
  }

  /// The patterns, and the same without node removal.
  FrozenRewritePatternSet patterns, keepingPatterns;
};
} // namespace
