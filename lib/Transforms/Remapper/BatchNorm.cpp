//===- BatchNorm.cpp - The remapper's batch normalization rewrites --------===//
//
// The native helpers of the batch-norm patterns of patterns/Remapper.pdll:
//  - folding an inference FusedBatchNorm into the Conv2D before it, when
//    the filter and the statistics are constants: with s = scale /
//    sqrt(variance + epsilon) per output channel, the filter becomes
//    filter * s and a BiasAdd of offset - mean * s follows (which the
//    contraction patterns then fuse for the target);
//  - FusedBatchNorm (+ side input) + activation -> _FusedBatchNormEx, with
//    the batch statistics of a training batch norm carried over;
//  - an inference FusedBatchNorm as primitives, x * s + (offset - mean * s)
//    with s = scale * Rsqrt(variance + epsilon), where the target computes
//    that faster (constant folding then folds s and the shift).
//
//===----------------------------------------------------------------------===//

#include "Remapper.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphRewrite.h"

#include "llvm/Support/Debug.h"

#include <cmath>

#define DEBUG_TYPE "tfg-remapper"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::remapper;

/// The most filter elements a batch norm is folded into (the folded
/// filter is a new constant of that size).
static constexpr int64_t kMaxFoldedElements = int64_t(1) << 26;

/// The float constant `v` of `size` elements as doubles, or nothing.
static std::optional<std::vector<double>> getConstDoubles(Value v,
                                                          int64_t size) {
  DenseElementsAttr attr = getConstValue(v);
  if (!attr || !isa<FloatType>(attr.getElementType()) ||
      attr.getNumElements() != size)
    return std::nullopt;
  std::vector<double> out;
  out.reserve(attr.getNumElements());
  for (const APFloat &f : attr.getValues<APFloat>())
    out.push_back(f.convertToDouble());
  return out;
}

static bool isInference(Operation *bn) {
  auto training = dyn_cast_or_null<BoolAttr>(bn->getAttr("is_training"));
  return training && !training.getValue();
}

static bool statisticsUnused(Operation *bn) {
  return llvm::all_of(getDataResults(bn).drop_front(),
                      [](Value r) { return r.use_empty(); });
}

/// The checks every batch-norm rewrite makes of the batch norm `bn`.
static LogicalResult checkBatchNorm(PatternRewriter &rewriter, Operation *bn,
                                    bool inference) {
  if (!isFusedBatchNorm(bn))
    return rewriter.notifyMatchFailure(bn, "not a FusedBatchNorm");
  if (inference && !isInference(bn))
    return rewriter.notifyMatchFailure(bn, "not an inference batch norm");
  Type t = getTypeAttr(bn);
  if (!t || !isa<FloatType>(t))
    return rewriter.notifyMatchFailure(bn, "not a float batch norm");
  if (getTFOpName(bn) != "FusedBatchNorm" && !getTypeAttr(bn, "U"))
    return rewriter.notifyMatchFailure(bn, "no statistics type U");
  if (!isa_and_nonnull<FloatAttr>(bn->getAttr("epsilon")))
    return rewriter.notifyMatchFailure(bn, "no epsilon");
  return success();
}

//===----------------------------------------------------------------------===//
// Conv2D + FusedBatchNorm folding
//===----------------------------------------------------------------------===//

static LogicalResult canFoldBatchNorm(PatternRewriter &rewriter, Operation *bn,
                                      Operation *conv) {
  if (failed(checkBatchNorm(rewriter, bn, /*inference=*/true)))
    return failure();
  if (!statisticsUnused(bn))
    return rewriter.notifyMatchFailure(bn, "statistics are used");
  if (failed(checkIntermediate(rewriter, conv, "convolution")))
    return failure();
  Type t = getTypeAttr(conv);
  if (getTypeAttr(bn) != t || !(t.isF32() || t.isF64()))
    return rewriter.notifyMatchFailure(bn,
                                       "not float or double, or types differ");
  if (getTFOpName(bn) != "FusedBatchNorm" && getTypeAttr(bn, "U") != t)
    return rewriter.notifyMatchFailure(bn, "statistics type differs");
  if (getStringAttr(conv, "data_format", "NHWC") != "NHWC" ||
      getStringAttr(bn, "data_format", "NHWC") != "NHWC")
    return rewriter.notifyMatchFailure(bn, "not NHWC");
  DenseElementsAttr filter = getConstValue(getDataOperands(conv)[1]);
  if (!filter || filter.getElementType() != t ||
      filter.getType().getRank() != 4)
    return rewriter.notifyMatchFailure(conv, "the filter is not a constant");
  if (filter.getNumElements() > kMaxFoldedElements)
    return rewriter.notifyMatchFailure(conv, "the filter is too large to fold");
  int64_t channels = filter.getType().getShape()[3];
  for (Value v : getDataOperands(bn).drop_front()) {
    std::optional<std::vector<double>> c = getConstDoubles(v, channels);
    if (!c)
      return rewriter.notifyMatchFailure(
          bn, "a statistic is not a constant of the output channels");
  }
  return success();
}

template <typename T>
static DenseElementsAttr makeDense(RankedTensorType type,
                                   ArrayRef<double> values) {
  std::vector<T> v(values.begin(), values.end());
  return DenseElementsAttr::get(type, ArrayRef<T>(v));
}

static void foldBatchNorm(PatternRewriter &rewriter, Operation *bn,
                          Operation *conv) {
  Type t = getTypeAttr(conv);
  DenseElementsAttr filter = getConstValue(getDataOperands(conv)[1]);
  OperandRange ops = getDataOperands(bn);
  int64_t n = filter.getType().getShape()[3];
  std::optional<std::vector<double>> scale = getConstDoubles(ops[1], n),
                                     offset = getConstDoubles(ops[2], n),
                                     mean = getConstDoubles(ops[3], n),
                                     variance = getConstDoubles(ops[4], n);
  if (!scale || !offset || !mean || !variance)
    return;
  double epsilon = cast<FloatAttr>(bn->getAttr("epsilon")).getValueAsDouble();
  size_t channels = scale->size();
  std::vector<double> s(channels), bias(channels);
  for (size_t c = 0; c < channels; ++c) {
    s[c] = (*scale)[c] / std::sqrt((*variance)[c] + epsilon);
    bias[c] = (*offset)[c] - (*mean)[c] * s[c];
  }
  std::vector<double> f;
  f.reserve(filter.getNumElements());
  size_t i = 0;
  for (const APFloat &v : filter.getValues<APFloat>())
    f.push_back(v.convertToDouble() * s[i++ % channels]);
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto biasType = RankedTensorType::get({static_cast<int64_t>(channels)}, t);
  DenseElementsAttr newFilter = t.isF32() ? makeDense<float>(filterType, f)
                                          : makeDense<double>(filterType, f);
  DenseElementsAttr newBias = t.isF32() ? makeDense<float>(biasType, bias)
                                        : makeDense<double>(biasType, bias);
  rewriter.setInsertionPoint(bn);
  Operation *filterConst = buildConst(rewriter, conv, newFilter);
  Operation *biasConst = buildConst(rewriter, bn, newBias);
  if (!filterConst || !biasConst)
    return;
  SmallVector<NamedAttribute> convAttrs;
  for (NamedAttribute attr : getNodeAttrs(conv))
    if (!attr.getName().getValue().starts_with("_mlir_") &&
        attr.getName() != "tfg.defaulted_attrs" &&
        attr.getName() != "_output_shapes")
      convAttrs.push_back(attr);
  FailureOr<Operation *> newConv =
      createNodeLike(rewriter, conv, "Conv2D",
                     {getDataOperands(conv)[0], getDataResults(filterConst)[0]},
                     {}, convAttrs);
  if (failed(newConv))
    return;
  FailureOr<Operation *> biasAdd = createNodeLike(
      rewriter, bn, "BiasAdd",
      {getDataResults(*newConv)[0], getDataResults(biasConst)[0]}, {},
      {rewriter.getNamedAttr("T", TypeAttr::get(t)),
       rewriter.getNamedAttr("data_format", rewriter.getStringAttr("NHWC"))});
  if (failed(biasAdd))
    return;
  getDataResults(*biasAdd)[0].setType(getDataResults(bn)[0].getType());
  LLVM_DEBUG(llvm::dbgs() << "tfg-remapper: folded " << getNodeName(bn)
                          << " into " << getNodeName(conv) << "\n");
  SmallVector<Value> replacement(getDataResults(bn).size(),
                                 getDataResults(*biasAdd)[0]);
  rewriter.replaceOp(bn, replacement);
  rewriter.eraseOp(conv);
}

//===----------------------------------------------------------------------===//
// FusedBatchNorm (+ side input) + activation -> _FusedBatchNormEx
//===----------------------------------------------------------------------===//

namespace {
struct BatchNormEx {
  Value side;
  StringRef activation;
  Operation *add = nullptr;
};
} // namespace

static FailureOr<BatchNormEx> matchBatchNormEx(PatternRewriter &rewriter,
                                               Operation *root, Operation *bn,
                                               Target target) {
  if (failed(checkBatchNorm(rewriter, bn, /*inference=*/false)))
    return failure();
  if (getTFOpName(bn) == "FusedBatchNorm")
    return rewriter.notifyMatchFailure(bn, "_FusedBatchNormEx replaces V2/V3");
  BatchNormEx ex;
  ex.activation = getTFOpName(root);
  if (!llvm::is_contained({"Relu", "Relu6", "Elu"}, ex.activation) ||
      getNumDataOperands(root) != 1)
    return rewriter.notifyMatchFailure(root, "not a Relu, Relu6 or Elu");
  Type t = getTypeAttr(bn);
  if (getTypeAttr(root) != t)
    return rewriter.notifyMatchFailure(root, "element types differ");
  // The batch norm's output goes to the activation, or to an AddV2 with
  // the side input; the statistics may have users (they move over).
  Value y = getDataResults(bn)[0];
  Value x = getDataOperands(bn)[0];
  if (!y.hasOneUse() || !getControlOperands(bn).empty() ||
      !getControlToken(bn).use_empty() || isProtectedByGraphRewrite(bn))
    return rewriter.notifyMatchFailure(
        bn, "the batch norm has other users, control edges or is protected");
  Value input = getDataOperands(root)[0];
  if (input != y) {
    Operation *add = input.getDefiningOp();
    if (!add || getTFOpName(add) != "AddV2" || getNumDataOperands(add) != 2 ||
        getTypeAttr(add) != t)
      return rewriter.notifyMatchFailure(root, "not over the batch norm");
    if (failed(checkIntermediate(rewriter, add, "side-input addition")))
      return failure();
    OperandRange ops = getDataOperands(add);
    ex.side = ops[0] == y ? ops[1] : ops[0];
    std::optional<SmallVector<int64_t>> xs = getKnownShape(x);
    std::optional<SmallVector<int64_t>> ss = getKnownShape(ex.side);
    if (!xs || !ss || *xs != *ss)
      return rewriter.notifyMatchFailure(
          add, "the side input's shape is not known to be x's");
    ex.add = add;
  }
  StringRef format = getStringAttr(bn, "data_format", "NHWC");
  std::string why;
  if (!supportsFusedBatchNormEx(target, t, getTypeAttr(bn, "U"), format,
                                ex.activation, ex.side != nullptr, why))
    return rewriter.notifyMatchFailure(root, why);
  if (target == Target::TfGpu) {
    std::optional<SmallVector<int64_t>> scale =
        getKnownShape(getDataOperands(bn)[1]);
    if (!scale || scale->size() != 1 || (*scale)[0] % 4 != 0)
      return rewriter.notifyMatchFailure(
          bn, "cuDNN needs a channel count known to be a multiple of 4");
  }
  return ex;
}

static void fuseBatchNormEx(PatternRewriter &rewriter, Operation *root,
                            Operation *bn, Target target) {
  FailureOr<BatchNormEx> ex = matchBatchNormEx(rewriter, root, bn, target);
  if (failed(ex))
    return;
  SmallVector<Value> data(getDataOperands(bn));
  if (ex->side)
    data.push_back(ex->side);
  SmallVector<NamedAttribute> attrs;
  for (StringRef n : {"T", "U", "epsilon", "exponential_avg_factor",
                      "data_format", "is_training"})
    if (Attribute a = bn->getAttr(n))
      attrs.push_back(rewriter.getNamedAttr(n, a));
  attrs.push_back(rewriter.getNamedAttr(
      "num_side_inputs", rewriter.getI64IntegerAttr(ex->side ? 1 : 0)));
  attrs.push_back(rewriter.getNamedAttr(
      "activation_mode", rewriter.getStringAttr(ex->activation)));
  rewriter.setInsertionPoint(root);
  FailureOr<Operation *> fused =
      createNodeLike(rewriter, bn, "_FusedBatchNormEx", data, {}, attrs);
  if (failed(fused))
    return;
  ResultRange outs = getDataResults(*fused);
  outs[0].setType(getDataResults(root)[0].getType());
  // The statistics move to the fused node (V2 has one result fewer).
  ResultRange stats = getDataResults(bn);
  for (unsigned i = 1; i < stats.size() && i < outs.size(); ++i) {
    outs[i].setType(stats[i].getType());
    rewriter.replaceAllUsesWith(stats[i], outs[i]);
  }
  rewriter.replaceOp(root, outs.take_front(1));
  if (ex->add)
    rewriter.eraseOp(ex->add);
  rewriter.eraseOp(bn);
}

//===----------------------------------------------------------------------===//
// FusedBatchNorm -> primitives
//===----------------------------------------------------------------------===//

static LogicalResult canSplitBatchNorm(PatternRewriter &rewriter, Operation *bn,
                                       Target target) {
  if (!prefersBatchNormPrimitives(target))
    return rewriter.notifyMatchFailure(bn, "the target runs the fused kernel");
  if (failed(checkBatchNorm(rewriter, bn, /*inference=*/true)))
    return failure();
  if (!statisticsUnused(bn))
    return rewriter.notifyMatchFailure(bn, "statistics are used");
  Type t = getTypeAttr(bn);
  if (!t.isF32() ||
      (getTFOpName(bn) != "FusedBatchNorm" && getTypeAttr(bn, "U") != t))
    return rewriter.notifyMatchFailure(bn, "not a float32 batch norm");
  StringRef format = getStringAttr(bn, "data_format", "NHWC");
  // Channels last: the per-channel vectors broadcast along the last
  // dimension.
  if (format != "NHWC" && format != "NDHWC")
    return rewriter.notifyMatchFailure(bn, "channels are not last");
  return success();
}

static void splitBatchNorm(PatternRewriter &rewriter, Operation *bn) {
  Type t = getTypeAttr(bn);
  OperandRange ops = getDataOperands(bn);
  double epsilon = cast<FloatAttr>(bn->getAttr("epsilon")).getValueAsDouble();
  rewriter.setInsertionPoint(bn);
  auto scalar = RankedTensorType::get({}, t);
  Operation *eps =
      buildConst(rewriter, bn,
                 DenseElementsAttr::get(scalar, static_cast<float>(epsilon)));
  if (!eps)
    return;
  NamedAttribute typeAttr = rewriter.getNamedAttr("T", TypeAttr::get(t));
  // Each step is a binary or unary node of T; stops at the first failure
  // (the nodes built so far are erased by the driver as unused).
  auto node = [&](StringRef op, ValueRange data) -> Value {
    FailureOr<Operation *> n =
        createNodeLike(rewriter, bn, op, data, {}, {typeAttr});
    return succeeded(n) ? getDataResults(*n)[0] : Value();
  };
  Value varEps = node("AddV2", {ops[4], getDataResults(eps)[0]});
  Value rsqrt = varEps ? node("Rsqrt", {varEps}) : Value();
  Value s = rsqrt ? node("Mul", {rsqrt, ops[1]}) : Value();
  Value xs = s ? node("Mul", {ops[0], s}) : Value();
  Value ms = xs ? node("Mul", {ops[3], s}) : Value();
  Value shift = ms ? node("Sub", {ops[2], ms}) : Value();
  Value y = shift ? node("AddV2", {xs, shift}) : Value();
  if (!y)
    return;
  y.setType(getDataResults(bn)[0].getType());
  SmallVector<Value> replacement(getDataResults(bn).size(), y);
  rewriter.replaceOp(bn, replacement);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void remapper::registerBatchNormNatives(PDLPatternModule &pdl, Target target) {
  pdl.registerConstraintFunction(
      "CanFoldBatchNorm",
      [](PatternRewriter &rewriter, Operation *bn, Operation *conv) {
        return canFoldBatchNorm(rewriter, bn, conv);
      });
  pdl.registerRewriteFunction(
      "FoldBatchNorm",
      [](PatternRewriter &rewriter, Operation *bn, Operation *conv) {
        foldBatchNorm(rewriter, bn, conv);
      });
  pdl.registerConstraintFunction(
      "CanFuseBatchNormEx",
      [target](PatternRewriter &rewriter, Operation *root, Operation *bn) {
        return success(succeeded(matchBatchNormEx(rewriter, root, bn, target)));
      });
  pdl.registerRewriteFunction(
      "FuseBatchNormEx",
      [target](PatternRewriter &rewriter, Operation *root, Operation *bn) {
        fuseBatchNormEx(rewriter, root, bn, target);
      });
  pdl.registerConstraintFunction(
      "CanSplitBatchNorm", [target](PatternRewriter &rewriter, Operation *bn) {
        return canSplitBatchNorm(rewriter, bn, target);
      });
  pdl.registerRewriteFunction("SplitBatchNorm",
                              [](PatternRewriter &rewriter, Operation *bn) {
                                splitBatchNorm(rewriter, bn);
                              });
}
