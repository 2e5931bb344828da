//===- Elementwise.cpp - Sigmoid(x) * x and comparison + Cast -------------===//
//
// The native helpers of the elementwise patterns of patterns/Remapper.pdll,
// the fusions oneDNN builds of TensorFlow make (names and signatures as
// those builds register them):
//  - Mul(Sigmoid(x), x) (either operand order) -> `_MklSwish(x)`: the
//    Sigmoid must have the Mul as its only user; x may have others. A
//    `_MklSwish` after a fused contraction then joins its epilogue
//    (fused_ops `_MklSwish`) through the contraction patterns.
//  - Cast(C(x, y)), C one of Equal, NotEqual, Less, LessEqual, Greater,
//    GreaterEqual -> `_CWithCast(x, y) {T, DstT}`: the comparison must have
//    the Cast as its only user; Equal and NotEqual only with
//    `incompatible_shape_error` true (the fused kernels have no such mode).
// Each only where the target has the kernel (supportsSwish,
// supportsComparisonWithCast in Targets.cpp).
//
//===----------------------------------------------------------------------===//

#include "Remapper.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphRewrite.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-remapper"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::remapper;

static bool isComparison(Operation *op) {
  if (!op || op->getName().getDialectNamespace() != "tfg")
    return false;
  return llvm::is_contained(
      {"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"},
      getTFOpName(op));
}

//===----------------------------------------------------------------------===//
// Sigmoid(x) * x
//===----------------------------------------------------------------------===//

static LogicalResult canFuseSwish(PatternRewriter &rewriter, Operation *root,
                                  Operation *sigmoid, Target target) {
  if (failed(checkIntermediate(rewriter, sigmoid, "sigmoid")))
    return failure();
  Type t = getTypeAttr(sigmoid);
  if (getTypeAttr(root) != t)
    return rewriter.notifyMatchFailure(root, "element types differ");
  // Mul broadcasts; Sigmoid(x) and x have one shape, so the product has it
  // too, but a type the Mul states must agree with x's.
  Value x = getDataOperands(sigmoid)[0];
  if (getDataResults(root)[0].getType() != x.getType() &&
      isa<RankedTensorType>(getDataResults(root)[0].getType()) &&
      isa<RankedTensorType>(x.getType()))
    return rewriter.notifyMatchFailure(root, "result type differs from x's");
  std::string why;
  if (!supportsSwish(target, t, why))
    return rewriter.notifyMatchFailure(root, why);
  return success();
}

static void fuseSwish(PatternRewriter &rewriter, Operation *root,
                      Operation *sigmoid) {
  Value x = getDataOperands(sigmoid)[0];
  rewriter.setInsertionPoint(root);
  FailureOr<Operation *> swish = createNodeLike(
      rewriter, root, "_MklSwish", {x}, {},
      {rewriter.getNamedAttr("T", TypeAttr::get(getTypeAttr(sigmoid)))});
  if (failed(swish))
    return;
  getDataResults(*swish)[0].setType(getDataResults(root)[0].getType());
  LLVM_DEBUG(llvm::dbgs() << "tfg-remapper: " << getNodeName(root)
                          << " -> _MklSwish\n");
  rewriter.replaceOp(root, getDataResults(*swish));
  rewriter.eraseOp(sigmoid);
}

//===----------------------------------------------------------------------===//
// Comparison + Cast
//===----------------------------------------------------------------------===//

static LogicalResult canFuseComparisonCast(PatternRewriter &rewriter,
                                           Operation *root, Operation *cmp,
                                           Target target) {
  if (failed(checkIntermediate(rewriter, cmp, "comparison")))
    return failure();
  if (auto strict =
          dyn_cast_or_null<BoolAttr>(cmp->getAttr("incompatible_shape_error"));
      strict && !strict.getValue())
    return rewriter.notifyMatchFailure(
        cmp, "incompatible_shape_error = false has no fused kernel");
  Type src = getTypeAttr(root, "SrcT");
  if (src && !src.isInteger(1))
    return rewriter.notifyMatchFailure(root, "the Cast's SrcT is not bool");
  Type t = getTypeAttr(cmp), dstT = getTypeAttr(root, "DstT");
  if (!t || !dstT)
    return rewriter.notifyMatchFailure(root, "types not given");
  std::string why;
  if (!supportsComparisonWithCast(target, t, dstT, why))
    return rewriter.notifyMatchFailure(root, why);
  return success();
}

static void fuseComparisonCast(PatternRewriter &rewriter, Operation *root,
                               Operation *cmp) {
  std::string name = ("_" + getTFOpName(cmp) + "WithCast").str();
  rewriter.setInsertionPoint(root);
  FailureOr<Operation *> fused = createNodeLike(
      rewriter, cmp, name, getDataOperands(cmp), {},
      {rewriter.getNamedAttr("T", TypeAttr::get(getTypeAttr(cmp))),
       rewriter.getNamedAttr("DstT",
                             TypeAttr::get(getTypeAttr(root, "DstT")))});
  if (failed(fused))
    return;
  getDataResults(*fused)[0].setType(getDataResults(root)[0].getType());
  LLVM_DEBUG(llvm::dbgs() << "tfg-remapper: " << getNodeName(root) << " -> "
                          << name << "\n");
  rewriter.replaceOp(root, getDataResults(*fused));
  rewriter.eraseOp(cmp);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void remapper::registerElementwiseNatives(PDLPatternModule &pdl,
                                          Target target) {
  pdl.registerConstraintFunction("IsComparison",
                                 [](PatternRewriter &, Operation *op) {
                                   return success(isComparison(op));
                                 });
  pdl.registerConstraintFunction(
      "CanFuseSwish",
      [target](PatternRewriter &rewriter, Operation *root, Operation *sigmoid) {
        return canFuseSwish(rewriter, root, sigmoid, target);
      });
  pdl.registerRewriteFunction(
      "FuseSwish",
      [](PatternRewriter &rewriter, Operation *root, Operation *sigmoid) {
        fuseSwish(rewriter, root, sigmoid);
      });
  pdl.registerConstraintFunction(
      "CanFuseComparisonCast",
      [target](PatternRewriter &rewriter, Operation *root, Operation *cmp) {
        return canFuseComparisonCast(rewriter, root, cmp, target);
      });
  pdl.registerRewriteFunction(
      "FuseComparisonCast",
      [](PatternRewriter &rewriter, Operation *root, Operation *cmp) {
        fuseComparisonCast(rewriter, root, cmp);
      });
}
