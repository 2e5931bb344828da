//===- BatchNormGrad.cpp - FusedBatchNormGrad + ReluGrad fusion -----------===//
//
// Grappler's FusedBatchNormGradEx fusion: the gradient of a training
// _FusedBatchNormEx with a Relu (and optionally a side input), written as
// FusedBatchNormGradV3(ReluGrad(dy, y), x, scale, r1, r2, r3) with y the
// forward node's output, becomes one _FusedBatchNormGradEx(dy, x, scale, r1,
// r2, r3, offset, y[, side_input]) that takes dy through the Relu's gradient
// itself. With a side input the ReluGrad's other users (the side input's
// gradient) read the fused node's side_input_backprop.
//
//===----------------------------------------------------------------------===//

#include "Remapper.h"

#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphRewrite.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::remapper;

namespace {
struct GradEx {
  /// The forward _FusedBatchNormEx and its side input (or null).
  Operation *forward = nullptr;
  Value side;
};
} // namespace

static bool isTraining(Operation *op) {
  auto attr = dyn_cast_or_null<BoolAttr>(op->getAttr("is_training"));
  return !attr || attr.getValue();
}

static FailureOr<GradEx> matchGradEx(PatternRewriter &rewriter, Operation *root,
                                     Operation *reluGrad, Target target) {
  if (getTFOpName(root) != "FusedBatchNormGradV3" ||
      getNumDataOperands(root) != 6)
    return rewriter.notifyMatchFailure(root, "not a FusedBatchNormGradV3");
  if (!isTraining(root))
    return rewriter.notifyMatchFailure(root, "not a training gradient");
  if (getTFOpName(reluGrad) != "ReluGrad" ||
      getNumDataOperands(reluGrad) != 2 ||
      !getControlOperands(reluGrad).empty() ||
      !getControlToken(reluGrad).use_empty() ||
      isProtectedByGraphRewrite(reluGrad))
    return rewriter.notifyMatchFailure(
        reluGrad, "not a ReluGrad without control edges, unprotected");
  GradEx ex;
  Value y = getDataOperands(reluGrad)[1];
  ex.forward = y.getDefiningOp();
  Operation *fwd = ex.forward;
  if (!fwd || getTFOpName(fwd) != "_FusedBatchNormEx" ||
      getDataResults(fwd).empty() || getDataResults(fwd)[0] != y)
    return rewriter.notifyMatchFailure(
        reluGrad, "the features are not a _FusedBatchNormEx's output");
  if (getStringAttr(fwd, "activation_mode", "Identity") != "Relu" ||
      !isTraining(fwd))
    return rewriter.notifyMatchFailure(fwd, "not a training batch norm + Relu");
  OperandRange fops = getDataOperands(fwd), gops = getDataOperands(root);
  if (fops.size() < 5 || fops[0] != gops[1] || fops[1] != gops[2])
    return rewriter.notifyMatchFailure(
        root, "x or scale differ from the forward batch norm's");
  auto sides = dyn_cast_or_null<IntegerAttr>(fwd->getAttr("num_side_inputs"));
  int64_t numSides = sides ? sides.getInt() : 0;
  if (numSides < 0 || numSides > 1 ||
      fops.size() != static_cast<size_t>(5 + numSides))
    return rewriter.notifyMatchFailure(fwd, "unexpected side inputs");
  if (numSides == 1)
    ex.side = fops[5];
  // Without a side input the ReluGrad disappears: the gradient is its only
  // user. With one, its other users read side_input_backprop.
  if (!ex.side && !getDataResults(reluGrad)[0].hasOneUse())
    return rewriter.notifyMatchFailure(reluGrad,
                                       "the ReluGrad has other users");
  Type t = getTypeAttr(root);
  for (Operation *op : {reluGrad, fwd})
    if (getTypeAttr(op) != t)
      return rewriter.notifyMatchFailure(op, "element types differ");
  if (getTypeAttr(fwd, "U") != getTypeAttr(root, "U"))
    return rewriter.notifyMatchFailure(fwd, "statistics types differ");
  StringRef format = getStringAttr(root, "data_format", "NHWC");
  if (getStringAttr(fwd, "data_format", "NHWC") != format ||
      fwd->getAttr("epsilon") != root->getAttr("epsilon"))
    return rewriter.notifyMatchFailure(fwd, "format or epsilon differ");
  std::string why;
  if (!supportsFusedBatchNormGradEx(target, t, getTypeAttr(root, "U"), format,
                                    why))
    return rewriter.notifyMatchFailure(root, why);
  return ex;
}

static void fuseGradEx(PatternRewriter &rewriter, Operation *root,
                       Operation *reluGrad, Target target) {
  FailureOr<GradEx> ex = matchGradEx(rewriter, root, reluGrad, target);
  if (failed(ex))
    return;
  OperandRange gops = getDataOperands(root);
  SmallVector<Value> data{getDataOperands(reluGrad)[0],
                          gops[1],
                          gops[2],
                          gops[3],
                          gops[4],
                          gops[5],
                          getDataOperands(ex->forward)[2],
                          getDataResults(ex->forward)[0]};
  if (ex->side)
    data.push_back(ex->side);
  SmallVector<NamedAttribute> attrs;
  for (StringRef n : {"T", "U", "epsilon", "data_format", "is_training"})
    if (Attribute a = root->getAttr(n))
      attrs.push_back(rewriter.getNamedAttr(n, a));
  attrs.push_back(rewriter.getNamedAttr(
      "num_side_inputs", rewriter.getI64IntegerAttr(ex->side ? 1 : 0)));
  attrs.push_back(
      rewriter.getNamedAttr("activation_mode", rewriter.getStringAttr("Relu")));
  rewriter.setInsertionPoint(root);
  FailureOr<Operation *> fused =
      createNodeLike(rewriter, root, "_FusedBatchNormGradEx", data, {}, attrs);
  if (failed(fused))
    return;
  ResultRange outs = getDataResults(*fused);
  ResultRange old = getDataResults(root);
  // x, scale and offset backprops, then the reserve spaces; the side
  // input's backprop (the ReluGrad's value) sits between them.
  SmallVector<Value> replacement;
  unsigned reserve = ex->side ? 4 : 3;
  for (unsigned i = 0; i < old.size(); ++i) {
    Value out = outs[i < 3 ? i : reserve + (i - 3)];
    out.setType(old[i].getType());
    replacement.push_back(out);
  }
  if (ex->side) {
    outs[3].setType(getDataResults(reluGrad)[0].getType());
    rewriter.replaceAllUsesExcept(getDataResults(reluGrad)[0], outs[3], root);
  }
  rewriter.replaceOp(root, replacement);
  if (getDataResults(reluGrad)[0].use_empty())
    rewriter.eraseOp(reluGrad);
}

void remapper::registerBatchNormGradNatives(PDLPatternModule &pdl,
                                            Target target) {
  pdl.registerConstraintFunction(
      "CanFuseBatchNormGradEx",
      [target](PatternRewriter &rewriter, Operation *root, Operation *rg) {
        return success(succeeded(matchGradEx(rewriter, root, rg, target)));
      });
  pdl.registerRewriteFunction(
      "FuseBatchNormGradEx",
      [target](PatternRewriter &rewriter, Operation *root, Operation *rg) {
        fuseGradEx(rewriter, root, rg, target);
      });
}
