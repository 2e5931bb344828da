//===- GeneralizeBroadcasts.cpp - linalg.broadcast to linalg.generic ------===//
//
// tfg-generalize-broadcasts: every linalg.broadcast becomes the equivalent
// linalg.generic (upstream's generalizeNamedOp), so that elementwise
// fusion folds it into its consumers as an indexing map: a bias added after
// a convolution is then read from its vector instead of from a broadcast
// copy of the whole output (docs/Codegen.md, "The pipeline").
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_GENERALIZEBROADCASTSPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {
struct GeneralizeBroadcastsPass
    : public tfg::impl::GeneralizeBroadcastsPassBase<GeneralizeBroadcastsPass> {
  void runOnOperation() override {
    SmallVector<linalg::BroadcastOp> ops;
    getOperation()->walk([&](linalg::BroadcastOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::BroadcastOp op : ops) {
      rewriter.setInsertionPoint(op);
      // A broadcast always generalizes (it has a region builder); a
      // failure would leave the op as it was, which is still correct.
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
  }
};
} // namespace
