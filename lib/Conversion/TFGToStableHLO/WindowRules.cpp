//===- WindowRules.cpp - More window TensorFlow ops to StableHLO ----------===//
//
// MaxPool3D/AvgPool3D (NDHWC, NCDHW) and MaxPoolV2 (ksize and strides as
// constant inputs; NHWC, NCHW) as reduce_window: max pads with the lowest
// value, the average divides by the number of input elements in each
// window (padding excluded, as TensorFlow does). LRN (NHWC, over the last
// dimension): x / (bias + alpha * sum of squares within depth_radius)^beta.
// Also the other names of rules registered before: FusedConv2D,
// DepthwiseConv2d, _FusedDepthwiseConv2dNative (TF.js's kernel names),
// BiasAddV1 and BatchMatrixBandPart/Diag/DiagPart.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

DenseIntElementsAttr pairsAttr(Lowering &l, ArrayRef<int64_t> pads) {
  auto t =
      RankedTensorType::get({(int64_t)pads.size() / 2, 2}, l.b.getI64Type());
  return cast<DenseIntElementsAttr>(DenseElementsAttr::get(t, pads));
}

/// A pool over the spatial dimensions of an N-d image (`ksize`, `strides`
/// in data_format order, one entry per dimension).
LogicalResult pool(Lowering &l, ArrayRef<int64_t> ksize,
                   ArrayRef<int64_t> strides, bool isMax,
                   SmallVectorImpl<Value> &results) {
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  FailureOr<StringRef> format =
      l.strAttr("data_format", StringRef(rank == 5 ? "NDHWC" : "NHWC"));
  FailureOr<StringRef> padding = l.strAttr("padding");
  if (failed(format) || failed(padding))
    return failure();
  bool channelsFirst =
      format->size() == (size_t)rank && format->starts_with("NC");
  bool channelsLast = format->size() == (size_t)rank &&
                      format->starts_with("N") && format->ends_with("C") &&
                      !channelsFirst;
  if (!channelsFirst && !channelsLast)
    return l.error() << "data_format '" << *format << "' does not fit rank "
                     << rank;
  if ((int64_t)ksize.size() != rank || (int64_t)strides.size() != rank)
    return l.error() << "ksize and strides must have " << rank << " entries";
  if (*padding != "SAME" && *padding != "VALID")
    return l.error() << "padding '" << *padding << "' is not legalized";
  SmallVector<int64_t> dims(rank, 1), steps(rank, 1), pads(2 * rank, 0);
  for (int64_t d = 0; d < rank; ++d) {
    bool spatial = channelsFirst ? d >= 2 : (d >= 1 && d < rank - 1);
    if (!spatial) {
      if (ksize[d] != 1 || strides[d] != 1)
        return l.error() << "pooling over the batch or channel dimension is "
                            "not legalized";
      continue;
    }
    if (ksize[d] < 1 || strides[d] < 1)
      return l.error() << "ksize and strides must be positive";
    dims[d] = ksize[d];
    steps[d] = strides[d];
    if (*padding == "SAME") {
      int64_t in = t.getDimSize(d);
      int64_t out = (in + strides[d] - 1) / strides[d];
      int64_t total =
          std::max<int64_t>((out - 1) * strides[d] + ksize[d] - in, 0);
      pads[2 * d] = total / 2;
      pads[2 * d + 1] = total - total / 2;
    }
  }
  SmallVector<NamedAttribute> attrs = {
      l.named("window_dimensions", l.i64s(dims)),
      l.named("window_strides", l.i64s(steps)),
      l.named("padding", pairsAttr(l, pads))};
  RankedTensorType out = l.resultType();
  if (isMax) {
    results.push_back(l.withBody("reduce_window", x,
                                 l.lowest(t.getElementType()), "maximum", out,
                                 attrs));
    return success();
  }
  if (!isa<FloatType>(t.getElementType()))
    return l.error() << "average pooling expects floats";
  Value sums = l.withBody("reduce_window", x, 0, "add", out, attrs);
  Value counts =
      l.withBody("reduce_window", l.splat(t, 1), 0, "add", out, attrs);
  results.push_back(l.op("divide", {sums, counts}, out));
  return success();
}

LogicalResult pool3D(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  if (l.type(l.operand(0)).getRank() != 5)
    return l.error() << "expects a rank-5 input";
  FailureOr<SmallVector<int64_t>> ksize = l.intsAttr("ksize");
  FailureOr<SmallVector<int64_t>> strides = l.intsAttr("strides");
  if (failed(ksize) || failed(strides))
    return failure();
  return pool(l, *ksize, *strides, l.node.opType == "MaxPool3D", results);
}

LogicalResult maxPoolV2(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  if (l.type(l.operand(0)).getRank() != 4)
    return l.error() << "expects a rank-4 input";
  FailureOr<SmallVector<int64_t>> ksize = l.constInts(1);
  FailureOr<SmallVector<int64_t>> strides = l.constInts(2);
  if (failed(ksize) || failed(strides))
    return failure();
  return pool(l, *ksize, *strides, true, results);
}

/// LRN(input): input / (bias + alpha * sqr_sum)^beta, sqr_sum over
/// [c - depth_radius, c + depth_radius] of the last dimension.
LogicalResult lrn(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  if (t.getRank() != 4 || !isa<FloatType>(t.getElementType()))
    return l.error() << "expects a rank-4 float input, has " << t;
  FailureOr<int64_t> radius = l.intAttr("depth_radius", 5);
  FailureOr<double> bias = l.floatAttr("bias", 1.0);
  FailureOr<double> alpha = l.floatAttr("alpha", 1.0);
  FailureOr<double> beta = l.floatAttr("beta", 0.5);
  if (failed(radius) || failed(bias) || failed(alpha) || failed(beta))
    return failure();
  if (*radius < 0)
    return l.error() << "depth_radius must not be negative";
  SmallVector<int64_t> dims{1, 1, 1, 2 * *radius + 1}, steps(4, 1),
      pads{0, 0, 0, 0, 0, 0, *radius, *radius};
  Value sq = l.op("multiply", {x, x}, t);
  Value sum = l.withBody("reduce_window", sq, 0, "add", t,
                         {l.named("window_dimensions", l.i64s(dims)),
                          l.named("window_strides", l.i64s(steps)),
                          l.named("padding", pairsAttr(l, pads))});
  Value base = l.op(
      "add",
      {l.splat(t, *bias), l.op("multiply", {l.splat(t, *alpha), sum}, t)}, t);
  results.push_back(
      l.op("divide", {x, l.op("power", {base, l.splat(t, *beta)}, t)}, t));
  return success();
}

/// Other names of ops whose rules NNRules.cpp and ElementwiseRules.cpp
/// hold: TF.js's kernel names, BiasAdd's first version (NHWC only,
/// which BiasAdd's default data_format is) and the deprecated BatchMatrix*
/// names of MatrixRules.cpp's V1 ops.
constexpr std::pair<const char *, const char *> kAliases[] = {
    {"FusedConv2D", "_FusedConv2D"},
    {"DepthwiseConv2d", "DepthwiseConv2dNative"},
    {"_FusedDepthwiseConv2dNative", "FusedDepthwiseConv2dNative"},
    {"BiasAddV1", "BiasAdd"},
    {"BatchMatrixBandPart", "MatrixBandPart"},
    {"BatchMatrixDiag", "MatrixDiag"},
    {"BatchMatrixDiagPart", "MatrixDiagPart"},
};

/// Applies the rule of the op's other name to the node seen under that
/// name (the rules branch on the op type).
LogicalResult aliasRule(Lowering &l, SmallVectorImpl<Value> &results) {
  StringRef canonical;
  for (const auto &[alias, name] : kAliases)
    if (l.node.opType == alias)
      canonical = name;
  RuleFn rule = getRuleTable().lookup(canonical);
  if (!rule)
    return l.error() << "no rule for '" << canonical << "'";
  TFNode renamed = l.node;
  renamed.opType = canonical;
  Lowering inner(l.b, renamed);
  return rule(inner, results);
}

} // namespace

void tohlo::addWindowRules(RuleTable &table) {
  table["MaxPool3D"] = pool3D;
  table["AvgPool3D"] = pool3D;
  table["MaxPoolV2"] = maxPoolV2;
  table["LRN"] = lrn;
  for (const auto &alias : kAliases)
    table[alias.first] = aliasRule;
}
