//===- ShapeFunctionsNN.cpp - Shape functions of gathers, NN and control --===//
//
// Shape functions for gathers and friends, linear algebra, convolutions
// and pooling, control flow and TensorArrays, written from the ops'
// documented semantics.
//
//===----------------------------------------------------------------------===//

#include "ShapeFunctions.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-shape-inference"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Gather and friends
//===----------------------------------------------------------------------===//

/// Gather(params, indices) and GatherV2(params, indices, axis).
static LogicalResult gather(InferenceContext &ctx) {
  Shape params = ctx.input(0), indices = ctx.input(1);
  if (!params.ranked || !indices.ranked)
    return setResult(ctx, Shape::unknown());
  int64_t batchDims = ctx.intAttr("batch_dims", 0);
  if (batchDims < 0)
    batchDims += indices.rank();
  if (batchDims < 0 || batchDims > indices.rank())
    return failure();
  int64_t axis = 0;
  if (ctx.getNumInputs() > 2) {
    std::optional<int64_t> axisValue = constantScalar(ctx, 2);
    // An unknown axis still gives the rank, as TensorFlow's GatherV2 says.
    if (!axisValue)
      return setResult(
          ctx, Shape::ofRank(params.rank() + indices.rank() - 1 - batchDims));
    axis = *axisValue;
  }
  auto a = normalizeAxis(axis, params.rank());
  if (!a)
    return failure();
  Shape out = Shape::scalar();
  out.dims.append(params.dims.begin(), params.dims.begin() + *a);
  out.dims.append(indices.dims.begin() + batchDims, indices.dims.end());
  out.dims.append(params.dims.begin() + *a + 1, params.dims.end());
  return setResult(ctx, out);
}

static LogicalResult gatherNd(InferenceContext &ctx) {
  Shape params = ctx.input(0), indices = ctx.input(1);
  if (!params.ranked || !indices.ranked || indices.rank() == 0)
    return setResult(ctx, Shape::unknown());
  int64_t k = indices.dims.back();
  if (k == kDyn)
    return setResult(ctx, Shape::unknown());
  if (k > params.rank())
    return failure();
  Shape out = Shape::scalar();
  out.dims.append(indices.dims.begin(), indices.dims.end() - 1);
  out.dims.append(params.dims.begin() + k, params.dims.end());
  return setResult(ctx, out);
}

static LogicalResult oneHot(InferenceContext &ctx) {
  Shape indices = ctx.input(0);
  if (!indices.ranked)
    return setResult(ctx, Shape::unknown());
  auto depth = ctx.constantInts(1, 1);
  auto axis = normalizeAxis(ctx.intAttr("axis", -1), indices.rank() + 1);
  if (!axis)
    return failure();
  indices.dims.insert(indices.dims.begin() + *axis,
                      depth && depth->size() == 1 ? (*depth)[0] : kDyn);
  return setResult(ctx, indices);
}

static LogicalResult where(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  return setResult(ctx, Shape::of({kDyn, in.ranked ? in.rank() : kDyn}));
}

static LogicalResult unknownLength(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::of({kDyn}));
  return success();
}

static LogicalResult unique(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::of({kDyn}));
  if (ctx.getNumResults() > 1)
    ctx.results[1] = ctx.input(0);
  return success();
}

static LogicalResult topK(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto k = ctx.constantInts(1, 1);
  if (in.ranked && in.rank() > 0)
    in.dims.back() = k && k->size() == 1 ? (*k)[0] : kDyn;
  ctx.results.assign(ctx.getNumResults(), in);
  return success();
}

static LogicalResult nonMaxSuppression(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::of({kDyn}));
  StringRef name = getTFOpName(ctx.getOp());
  // Padded to max_output_size (operand 2), V4 and V5 select exactly that
  // many boxes.
  if (ctx.boolAttr("pad_to_max_output_size", false))
    if (std::optional<int64_t> max = constantScalar(ctx, 2); max && *max >= 0)
      ctx.results.assign(ctx.getNumResults(), Shape::of({*max}));
  // V4: (selected_indices, valid_outputs); V5: (indices, scores, valid).
  if (name == "NonMaxSuppressionV4" && ctx.getNumResults() == 2)
    ctx.results[1] = Shape::scalar();
  if (name == "NonMaxSuppressionV5" && ctx.getNumResults() == 3)
    ctx.results[2] = Shape::scalar();
  return success();
}

//===----------------------------------------------------------------------===//
// Linear algebra and convolutions
//===----------------------------------------------------------------------===//

static LogicalResult matMul(InferenceContext &ctx) {
  Shape a = ctx.input(0), b = ctx.input(1);
  bool ta = ctx.boolAttr("transpose_a", false);
  bool tb = ctx.boolAttr("transpose_b", false);
  int64_t m = a.ranked && a.rank() == 2 ? a.dims[ta ? 1 : 0] : kDyn;
  int64_t n = b.ranked && b.rank() == 2 ? b.dims[tb ? 0 : 1] : kDyn;
  if ((a.ranked && a.rank() != 2) || (b.ranked && b.rank() != 2))
    return failure();
  return setResult(ctx, Shape::of({m, n}));
}

static LogicalResult batchMatMul(InferenceContext &ctx) {
  Shape a = ctx.input(0), b = ctx.input(1);
  if (!a.ranked || !b.ranked || a.rank() < 2 || b.rank() < 2)
    return setResult(ctx, Shape::unknown());
  bool adjX = ctx.boolAttr("adj_x", false), adjY = ctx.boolAttr("adj_y", false);
  Shape batchA = Shape::of(ArrayRef<int64_t>(a.dims).drop_back(2));
  Shape batchB = Shape::of(ArrayRef<int64_t>(b.dims).drop_back(2));
  FailureOr<Shape> batch = broadcastShapes(batchA, batchB);
  if (failed(batch))
    return failure();
  int64_t ra = a.rank(), rb = b.rank();
  batch->dims.push_back(a.dims[adjX ? ra - 1 : ra - 2]);
  batch->dims.push_back(b.dims[adjY ? rb - 2 : rb - 1]);
  return setResult(ctx, *batch);
}

/// Output size of a window over `in` (convolution or pooling).
static int64_t windowOutput(int64_t in, int64_t window, int64_t stride,
                            int64_t dilation, StringRef padding,
                            int64_t padBefore, int64_t padAfter) {
  if (in == kDyn || window == kDyn || stride <= 0 || dilation <= 0 ||
      window <= 0)
    return kDyn;
  // In 128 bits: attributes of any value cannot overflow it.
  __int128 effective = (__int128(window) - 1) * dilation + 1;
  __int128 size = in;
  if (padding == "SAME")
    return int64_t((size + stride - 1) / stride);
  if (padding == "EXPLICIT")
    size += __int128(padBefore) + padAfter;
  if (size < effective)
    return 0;
  __int128 out = (size - effective) / stride + 1;
  return out > INT64_MAX ? kDyn : int64_t(out);
}

/// Conv2D/Conv3D/DepthwiseConv2dNative (+ fused forms) and pooling.
/// `filterOperand` < 0 for pooling (window from `ksize`).
static LogicalResult windowed(InferenceContext &ctx, int filterOperand,
                              bool depthwise) {
  Shape in = ctx.input(0);
  StringRef format = ctx.strAttr("data_format", "");
  int64_t rank = in.ranked ? in.rank() : -1;
  if (rank < 0) {
    Shape f = filterOperand >= 0 ? ctx.input(filterOperand) : Shape::unknown();
    if (!f.ranked)
      return setResult(ctx, Shape::unknown());
    rank = f.rank();
    in = Shape::ofRank(rank);
  }
  if (rank < 3)
    return failure();
  bool channelsFirst = format.starts_with("NC");
  int64_t numSpatial = rank - 2;
  int64_t firstSpatial = channelsFirst ? 2 : 1;
  int64_t channelDim = channelsFirst ? 1 : rank - 1;
  auto strides = ctx.intListAttr("strides");
  auto dilations = ctx.intListAttr("dilations");
  auto explicitPads = ctx.intListAttr("explicit_paddings");
  StringRef padding = ctx.strAttr("padding", "VALID");
  SmallVector<int64_t> window(numSpatial, kDyn);
  int64_t outChannels = in.dims[channelDim];
  if (filterOperand >= 0) {
    Shape f = ctx.input(filterOperand);
    if (f.ranked) {
      if (f.rank() != rank)
        return failure();
      for (int64_t i = 0; i < numSpatial; ++i)
        window[i] = f.dims[i];
      int64_t a = f.dims[rank - 2], b = f.dims[rank - 1];
      outChannels = depthwise ? mulDims(a, b) : b;
    } else {
      outChannels = kDyn;
    }
  } else {
    auto ksize = ctx.intListAttr("ksize");
    if (!ksize || int64_t(ksize->size()) != rank)
      return setResult(ctx, Shape::ofRank(rank));
    for (int64_t i = 0; i < numSpatial; ++i)
      window[i] = (*ksize)[firstSpatial + i];
  }
  if (!strides || int64_t(strides->size()) != rank)
    return setResult(ctx, Shape::ofRank(rank));
  Shape out = Shape::ofRank(rank);
  out.dims[0] = in.dims[0];
  out.dims[channelDim] = outChannels;
  for (int64_t i = 0; i < numSpatial; ++i) {
    int64_t d = firstSpatial + i;
    int64_t dilation =
        dilations && int64_t(dilations->size()) == rank ? (*dilations)[d] : 1;
    int64_t before = 0, after = 0;
    if (explicitPads && int64_t(explicitPads->size()) == 2 * rank) {
      before = (*explicitPads)[2 * d];
      after = (*explicitPads)[2 * d + 1];
    }
    out.dims[d] = windowOutput(in.dims[d], window[i], (*strides)[d], dilation,
                               padding, before, after);
  }
  ctx.results.assign(ctx.getNumResults(), Shape::unknown());
  if (ctx.getNumResults() == 0)
    return failure();
  ctx.results[0] = out;
  return success();
}

static LogicalResult conv(InferenceContext &ctx) {
  return windowed(ctx, 1, false);
}
static LogicalResult depthwiseConv(InferenceContext &ctx) {
  return windowed(ctx, 1, true);
}
static LogicalResult pool(InferenceContext &ctx) {
  return windowed(ctx, -1, false);
}

/// FusedBatchNorm*: y like x, the statistics like the channel dimension.
static LogicalResult fusedBatchNorm(InferenceContext &ctx) {
  Shape x = ctx.input(0);
  Shape scale = ctx.input(1);
  Shape channels = scale.ranked ? scale : Shape::ofRank(1);
  if (x.ranked && x.rank() >= 2 && channels.dims[0] == kDyn) {
    bool first = ctx.strAttr("data_format", "NHWC").starts_with("NC");
    channels.dims[0] = x.dims[first ? 1 : x.rank() - 1];
  }
  ctx.results.assign(ctx.getNumResults(), channels);
  if (ctx.getNumResults() == 0)
    return failure();
  ctx.results[0] = x;
  // V3's reserve_space_3 is opaque.
  if (ctx.getNumResults() > 5)
    ctx.results[5] = Shape::unknown();
  return success();
}

/// Resize*(images [N,H,W,C], size [2]).
static LogicalResult resize(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto size = ctx.constantInts(1, 2);
  if (in.ranked && in.rank() != 4)
    return failure();
  Shape out = in.ranked ? in : Shape::ofRank(4);
  out.dims[1] = size && size->size() == 2 ? (*size)[0] : kDyn;
  out.dims[2] = size && size->size() == 2 ? (*size)[1] : kDyn;
  return setResult(ctx, out);
}

/// SpaceToDepth / DepthToSpace (NHWC).
static LogicalResult spaceDepth(InferenceContext &ctx, bool toDepth) {
  Shape in = ctx.input(0);
  int64_t b = ctx.intAttr("block_size", 0);
  if (!in.ranked || in.rank() != 4 || b <= 0 ||
      ctx.strAttr("data_format", "NHWC") != "NHWC")
    return setResult(ctx, in.ranked ? Shape::ofRank(in.rank()) : in);
  auto scale = [&](int64_t d, bool up) {
    return d == kDyn ? kDyn : (up ? mulDims(d, b) : d / b);
  };
  in.dims[1] = scale(in.dims[1], !toDepth);
  in.dims[2] = scale(in.dims[2], !toDepth);
  int64_t area = mulDims(b, b);
  in.dims[3] = toDepth ? scale(scale(in.dims[3], true), true)
               : (in.dims[3] == kDyn || area == kDyn) ? kDyn
                                                      : in.dims[3] / area;
  return setResult(ctx, in);
}
static LogicalResult spaceToDepth(InferenceContext &ctx) {
  return spaceDepth(ctx, true);
}
static LogicalResult depthToSpace(InferenceContext &ctx) {
  return spaceDepth(ctx, false);
}

/// SpaceToBatchND (input, block_shape [M], paddings [M, 2]) and
/// BatchToSpaceND (input, block_shape [M], crops [M, 2]): the batch times
/// (or divided by) the product of the block, each of the M spatial
/// dimensions padded then divided by its block (or multiplied, then
/// cropped); the rest unchanged. A size that does not divide, or a
/// negative one, is left for the kernel to report.
static LogicalResult spaceBatch(InferenceContext &ctx, bool toBatch) {
  Shape in = ctx.input(0);
  if (!in.ranked)
    return setResult(ctx, in);
  auto block = ctx.listOperand(1);
  auto edges = ctx.listOperand(2, /*perDim=*/2);
  int64_t m = block ? static_cast<int64_t>(block->size()) : -1;
  if (!block || !edges || m < 1 || m >= in.rank() ||
      static_cast<int64_t>(edges->size()) != 2 * m ||
      llvm::any_of(*block, [](int64_t b) { return b <= 0; }))
    return setResult(ctx, Shape::ofRank(in.rank()));
  Shape out = in;
  int64_t product = 1;
  for (int64_t i = 0; i < m; ++i) {
    int64_t b = (*block)[i], lo = (*edges)[2 * i], hi = (*edges)[2 * i + 1];
    int64_t &d = out.dims[i + 1];
    product = mulDims(product, b);
    if (d == kDyn || lo < 0 || hi < 0) {
      d = kDyn;
      continue;
    }
    if (toBatch) {
      int64_t padded = addDims(d, addDims(lo, hi));
      d = padded != kDyn && padded % b == 0 ? padded / b : kDyn;
    } else {
      int64_t grown = mulDims(d, b), crop = addDims(lo, hi);
      d = grown != kDyn && crop != kDyn && grown >= crop ? grown - crop : kDyn;
    }
  }
  int64_t &batch = out.dims[0];
  if (batch != kDyn && product != kDyn)
    batch = toBatch ? mulDims(batch, product)
                    : (batch % product == 0 ? batch / product : kDyn);
  else
    batch = kDyn;
  return setResult(ctx, out);
}
static LogicalResult spaceToBatch(InferenceContext &ctx) {
  return spaceBatch(ctx, true);
}
static LogicalResult batchToSpace(InferenceContext &ctx) {
  return spaceBatch(ctx, false);
}

static LogicalResult softmaxCrossEntropy(InferenceContext &ctx) {
  Shape logits = ctx.input(0);
  ctx.results.assign(ctx.getNumResults(), Shape::unknown());
  if (ctx.getNumResults() != 2)
    return failure();
  ctx.results[0] =
      Shape::of({logits.ranked && logits.rank() == 2 ? logits.dims[0] : kDyn});
  ctx.results[1] = logits;
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow and TensorArrays
//===----------------------------------------------------------------------===//

static LogicalResult switchOp(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), ctx.input(0));
  return success();
}

static LogicalResult merge(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::scalar());
  if (ctx.getNumResults() == 0)
    return failure();
  // TensorFlow's Merge: the dims all inputs agree on, the others unknown;
  // unknown when a rank is (a back edge not yet inferred) or ranks differ.
  Shape s = ctx.input(0);
  for (unsigned i = 1; i < ctx.getNumInputs() && s.ranked; ++i) {
    Shape other = ctx.input(i);
    if (!other.ranked || other.rank() != s.rank()) {
      s = Shape::unknown();
      break;
    }
    for (auto [d, e] : llvm::zip(s.dims, other.dims))
      if (d != e)
        d = kDyn;
  }
  ctx.results[0] = s;
  return success();
}

/// TensorArrayV3(size): (handle [2], flow scalar).
static LogicalResult tensorArray(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::scalar());
  if (ctx.getNumResults() == 2)
    ctx.results[0] = Shape::of({2});
  return success();
}

/// The element shape of a TensorArray read, from `element_shape`.
static Shape elementShape(InferenceContext &ctx) {
  return shapeOfAttr(
      dyn_cast_if_present<tf_type::ShapeAttr>(ctx.attr("element_shape")));
}

static LogicalResult tensorArrayRead(InferenceContext &ctx) {
  return setResult(ctx, elementShape(ctx));
}

static LogicalResult tensorArrayGather(InferenceContext &ctx) {
  Shape element = elementShape(ctx);
  if (!element.ranked)
    return setResult(ctx, Shape::unknown());
  Shape indices = ctx.input(1);
  element.dims.insert(element.dims.begin(),
                      indices.ranked && indices.rank() == 1 ? indices.dims[0]
                                                            : kDyn);
  return setResult(ctx, element);
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

void mlir::tfg::addNNShapeFunctions(llvm::StringMap<ShapeFunction> &t) {
  auto add = [&](std::initializer_list<const char *> names, ShapeFunction fn) {
    for (const char *name : names)
      t[name] = fn;
  };
  // Gathers.
  add({"Gather", "GatherV2", "ResourceGather"}, gather);
  add({"GatherNd"}, gatherNd);
  add({"OneHot"}, oneHot);
  add({"Where"}, where);
  add({"Unique"}, unique);
  add({"TopKV2"}, topK);
  add({"NonMaxSuppression", "NonMaxSuppressionV2", "NonMaxSuppressionV3",
       "NonMaxSuppressionV4", "NonMaxSuppressionV5"},
      nonMaxSuppression);
  add({"ListDiff"}, unknownLength);
  // Linear algebra, convolutions and pooling.
  add({"MatMul", "_FusedMatMul"}, matMul);
  add({"BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"}, batchMatMul);
  add({"Conv2D", "Conv3D", "_FusedConv2D", "_FusedConv3D"}, conv);
  add({"DepthwiseConv2dNative", "FusedDepthwiseConv2dNative"}, depthwiseConv);
  add({"MaxPool", "AvgPool", "MaxPool3D", "AvgPool3D"}, pool);
  // _FusedBatchNormEx (FusedBatchNormV3 with side input and activation)
  // has V3's results.
  add({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3",
       "_FusedBatchNormEx"},
      fusedBatchNorm);
  add({"ResizeBilinear", "ResizeNearestNeighbor", "ResizeBicubic",
       "ResizeArea"},
      resize);
  add({"SpaceToDepth"}, spaceToDepth);
  add({"DepthToSpace"}, depthToSpace);
  add({"SpaceToBatchND"}, spaceToBatch);
  add({"BatchToSpaceND"}, batchToSpace);
  add({"SoftmaxCrossEntropyWithLogits"}, softmaxCrossEntropy);
  // Control flow and TensorArrays.
  add({"Switch", "RefSwitch"}, switchOp);
  add({"Merge", "RefMerge"}, merge);
  add({"TensorArrayV3"}, tensorArray);
  add({"TensorArrayReadV3"}, tensorArrayRead);
  add({"TensorArrayGatherV3"}, tensorArrayGather);
}
