//===- DebugStripper.cpp - Remove debugging nodes -------------------------===//
//
// tfg-debug-stripper: the PDLL patterns of patterns/DebugStripper.pdll,
// their native helpers, applied by the graph rewrite driver.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-debug-stripper"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_DEBUGSTRIPPERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

#include "patterns/DebugStripper.h.inc"

static LogicalResult isForwardingNode(PatternRewriter &, Operation *op) {
  return success(getControlToken(op) && getNumDataOperands(op) != 0 &&
                 getDataResults(op).size() == 1);
}

static LogicalResult isNodeWithoutData(PatternRewriter &, Operation *op) {
  return success(getControlToken(op) && getDataResults(op).empty());
}

static SmallVector<Value> forwardedOperands(PatternRewriter &, Operation *op) {
  OperandRange data = getDataOperands(op);
  SmallVector<Value> operands{data.front()};
  operands.append(getControlDependencies(data.drop_front()));
  return operands;
}

static SmallVector<Value> waitsOfData(PatternRewriter &, Operation *op) {
  return getControlDependencies(getDataOperands(op));
}

static void copyFullType(PatternRewriter &rewriter, Operation *from,
                         Operation *to) {
  StringAttr id = from->getContext()
                      ->getLoadedDialect<TFGraphDialect>()
                      ->getFullTypeAttrIdentifier();
  if (Attribute fullType = from->getAttr(id))
    rewriter.modifyOpInPlace(to, [&] { to->setAttr(id, fullType); });
}

void mlir::tfg::populateDebugStripperPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  ctx->getOrLoadDialect<pdl::PDLDialect>();
  ctx->getOrLoadDialect<pdl_interp::PDLInterpDialect>();
  populateGeneratedPDLLPatterns(patterns);
  PDLPatternModule &pdl = patterns.getPDLPatterns();
  pdl.registerConstraintFunction("IsForwardingNode", isForwardingNode);
  pdl.registerConstraintFunction("IsNodeWithoutData", isNodeWithoutData);
  pdl.registerRewriteFunction("ForwardedOperands", forwardedOperands);
  pdl.registerRewriteFunction("WaitsOfData", waitsOfData);
  pdl.registerRewriteFunction("CopyFullType", copyFullType);
}

int64_t mlir::tfg::stripDebugNodes(Block &body) {
  RewritePatternSet patterns(body.getParentOp()->getContext());
  populateDebugStripperPatterns(patterns);
  // Nothing is fetched: nothing is protected, as before the driver.
  FailureOr<GraphRewriteStats> stats =
      applyGraphPatterns(body, FrozenRewritePatternSet(std::move(patterns)));
  return succeeded(stats) ? stats->rewrites : 0;
}

namespace {
struct DebugStripperPass : tfg::impl::DebugStripperPassBase<DebugStripperPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    DebugStripperPassBase::getDependentDialects(registry);
    registerPDLDialects(registry);
  }

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet set(ctx);
    populateDebugStripperPatterns(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-debug-stripper: running on "
                            << getOperation()->getName() << "\n");
    int64_t stripped = 0;
    for (Block *body : getGraphBodies(getOperation())) {
      FailureOr<GraphRewriteStats> stats = applyGraphPatterns(*body, patterns);
      if (failed(stats))
        return signalPassFailure();
      stripped += stats->rewrites;
    }
    numNodesStripped += stripped;
    if (!stripped)
      markAllAnalysesPreserved();
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
