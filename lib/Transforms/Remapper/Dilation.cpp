//===- Dilation.cpp - SpaceToBatchND + Conv2D + BatchToSpaceND ------------===//
//
// How TensorFlow 1.x wrote a dilated (atrous) convolution: the input is
// padded and split into block x block phases (SpaceToBatchND), each phase
// is convolved VALID with stride 1, and the phases are interleaved back and
// cropped (BatchToSpaceND). Output position n of that is the dilated
// convolution of the padded input at n + crop_before, so the chain is one
// Conv2D with dilations = block and explicit padding pad_before -
// crop_before and pad_after - crop_after per spatial dimension (VALID when
// those are zero, SAME when they are what SAME pads for a known input).
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

/// The integer constant `v` (int32 or int64) of `size` elements.
static std::optional<SmallVector<int64_t>> getConstInts(Value v, int64_t size) {
  DenseElementsAttr attr = getConstValue(v);
  if (!attr || !isa<IntegerType>(attr.getElementType()) ||
      attr.getNumElements() != size)
    return std::nullopt;
  SmallVector<int64_t> out;
  for (const APInt &i : attr.getValues<APInt>())
    out.push_back(i.getSExtValue());
  return out;
}

static bool isAllOnes(Operation *op, StringRef name) {
  auto list = dyn_cast_or_null<ArrayAttr>(op->getAttr(name));
  if (!list)
    return name == "dilations"; // dilations default to ones
  return list.size() == 4 && llvm::all_of(list, [](Attribute a) {
           auto i = dyn_cast<IntegerAttr>(a);
           return i && i.getInt() == 1;
         });
}

namespace {
struct Dilation {
  int64_t block[2];
  int64_t pads[4]; // top, bottom, left, right of the dilated convolution
  std::string padding;
};
} // namespace

static FailureOr<Dilation> matchDilation(PatternRewriter &rewriter,
                                         Operation *root, Operation *conv,
                                         Operation *s2b) {
  if (failed(checkIntermediate(rewriter, conv, "convolution")) ||
      failed(checkIntermediate(rewriter, s2b, "SpaceToBatchND")))
    return failure();
  if (getStringAttr(conv, "data_format", "NHWC") != "NHWC")
    return rewriter.notifyMatchFailure(conv, "not NHWC");
  if (getStringAttr(conv, "padding") != "VALID")
    return rewriter.notifyMatchFailure(conv, "not VALID");
  if (!isAllOnes(conv, "strides") || !isAllOnes(conv, "dilations"))
    return rewriter.notifyMatchFailure(conv, "strided or already dilated");
  std::optional<SmallVector<int64_t>> block =
      getConstInts(getDataOperands(s2b)[1], 2);
  std::optional<SmallVector<int64_t>> block2 =
      getConstInts(getDataOperands(root)[1], 2);
  std::optional<SmallVector<int64_t>> pads =
      getConstInts(getDataOperands(s2b)[2], 4);
  std::optional<SmallVector<int64_t>> crops =
      getConstInts(getDataOperands(root)[2], 4);
  if (!block || !block2 || !pads || !crops || *block != *block2)
    return rewriter.notifyMatchFailure(
        root, "block shapes, paddings or crops are not matching 2-D constants");
  Dilation d;
  for (int i = 0; i < 2; ++i) {
    d.block[i] = (*block)[i];
    if (d.block[i] < 1 || d.block[i] > (int64_t(1) << 20))
      return rewriter.notifyMatchFailure(root, "block out of range");
  }
  for (int i = 0; i < 4; ++i) {
    d.pads[i] = (*pads)[i] - (*crops)[i];
    if ((*pads)[i] < 0 || (*crops)[i] < 0 || d.pads[i] < 0)
      return rewriter.notifyMatchFailure(
          root, "crops exceed paddings (not a padded convolution)");
  }
  d.padding = "EXPLICIT";
  if (llvm::all_of(d.pads, [](int64_t p) { return p == 0; })) {
    d.padding = "VALID";
  } else if (std::optional<SmallVector<int64_t>> f =
                 getKnownShape(getDataOperands(conv)[1]);
             f && f->size() == 4) {
    // SAME pads (effective filter - 1) in total, the smaller half first.
    bool same = true;
    for (int i = 0; i < 2; ++i) {
      int64_t total = ((*f)[i] - 1) * d.block[i];
      same &=
          d.pads[2 * i] == total / 2 && d.pads[2 * i + 1] == total - total / 2;
    }
    if (same)
      d.padding = "SAME";
  }
  Type t = getTypeAttr(conv);
  if (getTypeAttr(s2b) != t || getTypeAttr(root) != t)
    return rewriter.notifyMatchFailure(root, "element types differ");
  return d;
}

static void dilate(PatternRewriter &rewriter, Operation *root, Operation *conv,
                   Operation *s2b) {
  FailureOr<Dilation> d = matchDilation(rewriter, root, conv, s2b);
  if (failed(d))
    return;
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : getNodeAttrs(conv)) {
    StringRef n = attr.getName().getValue();
    if (!n.starts_with("_mlir_") && n != "_output_shapes" && n != "padding" &&
        n != "dilations" && n != "explicit_paddings" &&
        n != "tfg.defaulted_attrs")
      attrs.push_back(attr);
  }
  attrs.push_back(
      rewriter.getNamedAttr("padding", rewriter.getStringAttr(d->padding)));
  attrs.push_back(rewriter.getNamedAttr(
      "dilations", rewriter.getI64ArrayAttr({1, d->block[0], d->block[1], 1})));
  SmallVector<int64_t> explicitPads;
  if (d->padding == "EXPLICIT")
    explicitPads = {0, 0, d->pads[0], d->pads[1], d->pads[2], d->pads[3], 0, 0};
  attrs.push_back(rewriter.getNamedAttr(
      "explicit_paddings", rewriter.getI64ArrayAttr(explicitPads)));
  rewriter.setInsertionPoint(root);
  FailureOr<Operation *> newConv = createNodeLike(
      rewriter, conv, "Conv2D",
      {getDataOperands(s2b)[0], getDataOperands(conv)[1]}, {}, attrs);
  if (failed(newConv))
    return;
  getDataResults(*newConv)[0].setType(getDataResults(root)[0].getType());
  LLVM_DEBUG(llvm::dbgs() << "tfg-remapper: " << getNodeName(root)
                          << " -> dilated Conv2D (" << d->padding << ")\n");
  rewriter.replaceOp(root, getDataResults(*newConv));
  rewriter.eraseOp(conv);
  rewriter.eraseOp(s2b);
}

void remapper::registerDilationNatives(PDLPatternModule &pdl, Target) {
  pdl.registerConstraintFunction(
      "CanDilate", [](PatternRewriter &rewriter, Operation *root,
                      Operation *conv, Operation *s2b) {
        return success(succeeded(matchDilation(rewriter, root, conv, s2b)));
      });
  pdl.registerRewriteFunction(
      "Dilate", [](PatternRewriter &rewriter, Operation *root, Operation *conv,
                   Operation *s2b) { dilate(rewriter, root, conv, s2b); });
}
