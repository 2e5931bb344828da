//===- NNRules.cpp - Contractions, pools and reductions to StableHLO ------===//
//
// MatMul/BatchMatMul (dot_general), Conv2D/DepthwiseConv2dNative and the
// TF.js converter's fused forms (_FusedConv2D, FusedDepthwiseConv2dNative,
// _FusedMatMul), MaxPool/AvgPool (reduce_window), the reductions, ArgMax,
// Softmax and FusedBatchNorm in inference mode.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

Value dotGeneral(Lowering &l, Value lhs, Value rhs, ArrayRef<int64_t> batch,
                 int64_t lhsContract, int64_t rhsContract, Type result) {
  auto dims = stablehlo::DotDimensionNumbersAttr::get(
      l.b.getContext(), batch, batch, {lhsContract}, {rhsContract});
  return l.op("dot_general", {lhs, rhs}, result,
              {l.named("dot_dimension_numbers", dims)});
}

/// MatMul of the node's first two operands (transpose_a/transpose_b), with
/// the node's first result type.
FailureOr<Value> matMul(Lowering &l) {
  FailureOr<bool> ta = l.boolAttr("transpose_a", false);
  FailureOr<bool> tb = l.boolAttr("transpose_b", false);
  if (failed(ta) || failed(tb))
    return failure();
  Value a = l.operand(0), b = l.operand(1);
  if (l.type(a).getRank() != 2 || l.type(b).getRank() != 2)
    return l.error() << "expects matrices, has " << l.type(a) << " and "
                     << l.type(b);
  return dotGeneral(l, a, b, {}, *ta ? 0 : 1, *tb ? 1 : 0, l.resultType());
}

LogicalResult matMulRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  FailureOr<Value> r = matMul(l);
  if (failed(r))
    return failure();
  results.push_back(*r);
  return success();
}

LogicalResult batchMatMul(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  FailureOr<bool> adjX = l.boolAttr("adj_x", false);
  FailureOr<bool> adjY = l.boolAttr("adj_y", false);
  if (failed(adjX) || failed(adjY))
    return failure();
  RankedTensorType out = l.resultType();
  int64_t rank = out.getRank();
  Value x = l.operand(0), y = l.operand(1);
  if (rank < 2 || l.type(x).getRank() < 2 || l.type(y).getRank() < 2)
    return l.error() << "expects operands of rank 2 or more";
  if ((*adjX || *adjY) && isa<ComplexType>(out.getElementType()))
    return l.error() << "adjoint of complex matrices is not legalized";
  // Broadcast the batch dimensions to the result's.
  auto withBatch = [&](Value v) -> FailureOr<Value> {
    RankedTensorType t = l.type(v);
    SmallVector<int64_t> shape(out.getShape().drop_back(2));
    shape.push_back(t.getDimSize(t.getRank() - 2));
    shape.push_back(t.getDimSize(t.getRank() - 1));
    return l.broadcastTo(v, shape);
  };
  FailureOr<Value> bx = withBatch(x), by = withBatch(y);
  if (failed(bx) || failed(by))
    return failure();
  SmallVector<int64_t> batch;
  for (int64_t i = 0; i < rank - 2; ++i)
    batch.push_back(i);
  results.push_back(dotGeneral(l, *bx, *by, batch, *adjX ? rank - 2 : rank - 1,
                               *adjY ? rank - 1 : rank - 2, out));
  return success();
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

/// Spatial layout of an image tensor: the data_format attribute.
struct Layout {
  int64_t batch = 0, feature = 3;
  SmallVector<int64_t, 2> spatial = {1, 2};
};

FailureOr<Layout> getLayout(Lowering &l, int64_t rank) {
  FailureOr<StringRef> format = l.strAttr("data_format", StringRef("NHWC"));
  if (failed(format))
    return failure();
  if (rank != 4)
    return l.error() << "expects a rank-4 input";
  Layout layout;
  if (*format == "NCHW") {
    layout.feature = 1;
    layout.spatial = {2, 3};
  } else if (*format != "NHWC") {
    return l.error() << "data_format '" << *format << "' is not legalized";
  }
  return layout;
}

/// Per-spatial-dimension window parameters of a conv or pool.
struct Window {
  SmallVector<int64_t, 2> strides, dilations, sizes;
  SmallVector<int64_t, 4> padding; // lo, hi per spatial dimension
};

/// Reads strides/dilations (4-element lists in data_format order) and the
/// padding (SAME, VALID, EXPLICIT), for window `sizes` over `input`.
FailureOr<Window> getWindow(Lowering &l, const Layout &layout,
                            RankedTensorType input, ArrayRef<int64_t> sizes,
                            bool hasDilations) {
  Window w;
  w.sizes.assign(sizes.begin(), sizes.end());
  FailureOr<SmallVector<int64_t>> strides = l.intsAttr("strides");
  if (failed(strides))
    return failure();
  SmallVector<int64_t> dilations = {1, 1, 1, 1};
  if (hasDilations && l.node.attr("dilations")) {
    FailureOr<SmallVector<int64_t>> d = l.intsAttr("dilations");
    if (failed(d))
      return failure();
    dilations = *d;
  }
  if (strides->size() != 4 || dilations.size() != 4)
    return l.error() << "strides and dilations must have 4 entries";
  for (int64_t s : layout.spatial) {
    if ((*strides)[s] < 1 || dilations[s] < 1)
      return l.error() << "strides and dilations must be positive";
    w.strides.push_back((*strides)[s]);
    w.dilations.push_back(dilations[s]);
  }
  FailureOr<StringRef> padding = l.strAttr("padding");
  if (failed(padding))
    return failure();
  if (*padding == "EXPLICIT") {
    FailureOr<SmallVector<int64_t>> explicitPads =
        l.intsAttr("explicit_paddings");
    if (failed(explicitPads))
      return failure();
    if (explicitPads->size() != 8)
      return l.error() << "explicit_paddings must have 8 entries";
    for (int64_t s : layout.spatial) {
      w.padding.push_back((*explicitPads)[2 * s]);
      w.padding.push_back((*explicitPads)[2 * s + 1]);
    }
    return w;
  }
  if (*padding != "SAME" && *padding != "VALID")
    return l.error() << "padding '" << *padding << "' is not legalized";
  for (auto [i, s] : llvm::enumerate(layout.spatial)) {
    int64_t in = input.getDimSize(s);
    int64_t total = 0;
    if (*padding == "SAME") {
      int64_t out = (in + w.strides[i] - 1) / w.strides[i];
      int64_t effective = (w.sizes[i] - 1) * w.dilations[i] + 1;
      total = std::max<int64_t>((out - 1) * w.strides[i] + effective - in, 0);
    }
    w.padding.push_back(total / 2);
    w.padding.push_back(total - total / 2);
  }
  return w;
}

DenseIntElementsAttr paddingAttr(Lowering &l, ArrayRef<int64_t> pads) {
  auto t =
      RankedTensorType::get({(int64_t)pads.size() / 2, 2}, l.b.getI64Type());
  return cast<DenseIntElementsAttr>(DenseElementsAttr::get(t, pads));
}

/// Conv2D (kernel HWIO, grouped when the kernel has fewer input features)
/// or DepthwiseConv2dNative (kernel HWCM), with the node's result type.
FailureOr<Value> conv2D(Lowering &l, bool depthwise) {
  Value input = l.operand(0), kernel = l.operand(1);
  RankedTensorType it = l.type(input), kt = l.type(kernel);
  FailureOr<Layout> layout = getLayout(l, it.getRank());
  if (failed(layout))
    return failure();
  if (kt.getRank() != 4)
    return l.error() << "expects a rank-4 filter";
  FailureOr<Window> w =
      getWindow(l, *layout, it, {kt.getDimSize(0), kt.getDimSize(1)}, true);
  if (failed(w))
    return failure();
  int64_t inFeatures = it.getDimSize(layout->feature);
  int64_t groups = 1;
  if (depthwise) {
    if (kt.getDimSize(2) != inFeatures)
      return l.error() << "filter " << kt << " does not match input " << it;
    groups = inFeatures;
    kernel = l.reshape(kernel, {kt.getDimSize(0), kt.getDimSize(1), 1,
                                kt.getDimSize(2) * kt.getDimSize(3)});
  } else {
    if (kt.getDimSize(2) < 1 || inFeatures % kt.getDimSize(2) != 0)
      return l.error() << "filter " << kt << " does not match input " << it;
    groups = inFeatures / kt.getDimSize(2);
  }
  auto dims = stablehlo::ConvDimensionNumbersAttr::get(
      l.b.getContext(), layout->batch, layout->feature, layout->spatial, 2, 3,
      {0, 1}, layout->batch, layout->feature, layout->spatial);
  SmallVector<NamedAttribute> attrs = {
      l.named("window_strides", l.i64s(w->strides)),
      l.named("padding", paddingAttr(l, w->padding)),
      l.named("rhs_dilation", l.i64s(w->dilations)),
      l.named("dimension_numbers", dims),
      l.named("feature_group_count", l.b.getI64IntegerAttr(groups)),
      l.named("batch_group_count", l.b.getI64IntegerAttr(1))};
  return l.op("convolution", {input, kernel}, l.resultType(), attrs);
}

LogicalResult convRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  FailureOr<Value> r = conv2D(l, l.node.opType == "DepthwiseConv2dNative");
  if (failed(r))
    return failure();
  results.push_back(*r);
  return success();
}

/// Conv2DBackpropInput(input_sizes, filter HWIO, out_backprop): the
/// convolution of the out_backprop dilated by the strides with the filter
/// reversed spatially and its features swapped, padded so that the result
/// has input_sizes' spatial size.
LogicalResult convBackpropInputRule(Lowering &l,
                                    SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value kernel = l.operand(1), grad = l.operand(2);
  RankedTensorType out = l.resultType(), kt = l.type(kernel), gt = l.type(grad);
  FailureOr<Layout> layout = getLayout(l, out.getRank());
  if (failed(layout))
    return failure();
  if (kt.getRank() != 4 || gt.getRank() != 4 ||
      kt.getDimSize(2) != out.getDimSize(layout->feature) ||
      kt.getDimSize(3) != gt.getDimSize(layout->feature))
    return l.error() << "filter " << kt << " does not match " << gt
                     << " and the output " << out;
  // The forward window over the (result-shaped) input.
  FailureOr<Window> w =
      getWindow(l, *layout, out, {kt.getDimSize(0), kt.getDimSize(1)}, true);
  if (failed(w))
    return failure();
  SmallVector<int64_t, 4> pads;
  for (auto [i, s] : llvm::enumerate(layout->spatial)) {
    int64_t effective = (w->sizes[i] - 1) * w->dilations[i] + 1;
    int64_t lo = effective - 1 - w->padding[2 * i];
    int64_t in = out.getDimSize(s), o = gt.getDimSize(s);
    int64_t hi = in + effective - 2 - (o - 1) * w->strides[i] - lo;
    if (lo < 0 || hi < 0)
      return l.error() << "padding does not fit the filter";
    pads.push_back(lo);
    pads.push_back(hi);
  }
  Value reversed =
      l.op("reverse", kernel, kt, {l.named("dimensions", l.i64s({0, 1}))});
  auto dims = stablehlo::ConvDimensionNumbersAttr::get(
      l.b.getContext(), layout->batch, layout->feature, layout->spatial, 3, 2,
      {0, 1}, layout->batch, layout->feature, layout->spatial);
  results.push_back(
      l.op("convolution", {grad, reversed}, out,
           {l.named("padding", paddingAttr(l, pads)),
            l.named("lhs_dilation", l.i64s(w->strides)),
            l.named("rhs_dilation", l.i64s(w->dilations)),
            l.named("dimension_numbers", dims),
            l.named("feature_group_count", l.b.getI64IntegerAttr(1)),
            l.named("batch_group_count", l.b.getI64IntegerAttr(1))}));
  return success();
}

/// The activation `name` of a fused op (`alpha` is Prelu's extra input).
FailureOr<Value> fusedActivation(Lowering &l, StringRef name, Value x,
                                 Value alpha) {
  RankedTensorType t = l.type(x);
  Value zero = l.splat(t, 0);
  if (name == "Relu")
    return l.op("maximum", {x, zero}, t);
  if (name == "Relu6")
    return l.op("clamp", {zero, x, l.splat(t, 6)}, t);
  if (name == "Sigmoid")
    return l.op("logistic", x, t);
  if (name == "Tanh")
    return l.op("tanh", x, t);
  if (name == "Elu")
    return l.op(
        "select",
        {l.compare(x, zero, "GT"), x, l.op("exponential_minus_one", x, t)}, t);
  if (name == "LeakyRelu" || name == "Prelu") {
    Value scaled;
    if (name == "LeakyRelu") {
      FailureOr<double> a = l.floatAttr("leakyrelu_alpha", 0.2);
      if (failed(a))
        return failure();
      scaled = l.op("multiply", {x, l.splat(t, *a)}, t);
    } else {
      if (!alpha)
        return l.error() << "Prelu needs an alpha input";
      FailureOr<Value> ba = l.broadcastTo(alpha, t.getShape());
      if (failed(ba))
        return failure();
      scaled = l.op("multiply", {x, *ba}, t);
    }
    return l.op("select", {l.compare(x, zero, "GT"), x, scaled}, t);
  }
  return l.error() << "fused activation '" << name << "' is not legalized";
}

/// y = (x - mean) * rsqrt(variance + epsilon) * scale + offset, with the
/// per-channel vectors along `channel`.
FailureOr<Value> batchNorm(Lowering &l, Value x, int64_t channel,
                           ArrayRef<Value> params, double epsilon) {
  RankedTensorType t = l.type(x);
  SmallVector<Value, 4> b;
  for (Value p : params) {
    if (l.type(p).getRank() != 1 ||
        l.type(p).getDimSize(0) != t.getDimSize(channel) ||
        l.type(p).getElementType() != t.getElementType())
      return l.error() << "batch norm parameter " << l.type(p)
                       << " does not match " << t;
    b.push_back(l.op("broadcast_in_dim", p, t,
                     {l.named("broadcast_dimensions", l.i64s({channel}))}));
  }
  Value inv = l.op("rsqrt", l.op("add", {b[3], l.splat(t, epsilon)}, t), t);
  Value centered = l.op("subtract", {x, b[2]}, t);
  Value scaled =
      l.op("multiply", {centered, l.op("multiply", {inv, b[0]}, t)}, t);
  return l.op("add", {scaled, b[1]}, t);
}

/// _FusedConv2D, FusedDepthwiseConv2dNative, _FusedMatMul: the contraction,
/// then fused_ops in order (BiasAdd or FusedBatchNorm, then an activation)
/// over the num_args extra inputs.
LogicalResult fusedRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  FailureOr<SmallVector<StringRef>> ops = l.strsAttr("fused_ops");
  FailureOr<int64_t> numArgs = l.intAttr("num_args", 0);
  if (failed(ops) || failed(numArgs))
    return failure();
  if (*numArgs < 0 || 2 + *numArgs > (int64_t)l.node.operands.size())
    return l.error() << "num_args " << *numArgs << " exceeds the inputs";
  ArrayRef<Value> args = ArrayRef<Value>(l.node.operands).slice(2, *numArgs);
  StringRef opType = l.node.opType;
  FailureOr<Value> y = opType == "_FusedMatMul"
                           ? matMul(l)
                           : conv2D(l, opType == "FusedDepthwiseConv2dNative");
  if (failed(y))
    return failure();
  RankedTensorType t = l.type(*y);
  int64_t channel = t.getRank() - 1;
  if (opType != "_FusedMatMul") {
    FailureOr<Layout> layout = getLayout(l, t.getRank());
    if (failed(layout))
      return failure();
    channel = layout->feature;
  }
  unsigned next = 0;
  Value x = *y;
  for (StringRef op : *ops) {
    if (op == "BiasAdd" || op == "Add" || op == "AddV2") {
      if (next >= args.size())
        return l.error() << "fused '" << op << "' has no input";
      Value bias = args[next++];
      if (l.type(bias).getRank() != 1 ||
          l.type(bias).getDimSize(0) != t.getDimSize(channel))
        return l.error() << "bias " << l.type(bias) << " does not match " << t;
      Value bb = l.op("broadcast_in_dim", bias, t,
                      {l.named("broadcast_dimensions", l.i64s({channel}))});
      x = l.op("add", {x, bb}, t);
    } else if (op == "FusedBatchNorm" || op == "FusedBatchNormV3") {
      if (next + 4 > args.size())
        return l.error() << "fused '" << op << "' needs 4 inputs";
      FailureOr<double> eps = l.floatAttr("epsilon", 0.0001);
      if (failed(eps))
        return failure();
      FailureOr<Value> bn = batchNorm(l, x, channel, args.slice(next, 4), *eps);
      if (failed(bn))
        return failure();
      next += 4;
      x = *bn;
    } else {
      Value alpha =
          op == "Prelu" && next < args.size() ? args[next++] : Value();
      FailureOr<Value> a = fusedActivation(l, op, x, alpha);
      if (failed(a))
        return failure();
      x = *a;
    }
  }
  results.push_back(x);
  return success();
}

LogicalResult fusedBatchNormRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(5, 1)))
    return failure();
  FailureOr<bool> training = l.boolAttr("is_training", true);
  FailureOr<double> eps = l.floatAttr("epsilon", 0.0001);
  if (failed(training) || failed(eps))
    return failure();
  if (*training)
    return l.error() << "is_training = true is not legalized (inference only)";
  Value x = l.operand(0);
  FailureOr<Layout> layout = getLayout(l, l.type(x).getRank());
  if (failed(layout))
    return failure();
  SmallVector<Value, 4> params(ArrayRef<Value>(l.node.operands).slice(1, 4));
  // The statistics may be f32 for an f16 input.
  for (Value &p : params)
    p = l.convert(p, l.type(x).getElementType());
  FailureOr<Value> y = batchNorm(l, x, layout->feature, params, *eps);
  if (failed(y))
    return failure();
  results.push_back(*y);
  // batch_mean, batch_variance and the reserve spaces: the inputs' mean and
  // variance in inference mode (zeros where the type differs).
  for (unsigned i = 1; i < l.node.resultTypes.size(); ++i) {
    Value v = l.node.operands[i % 2 == 1 ? 3 : 4];
    results.push_back(
        v.getType() == l.resultType(i) ? v : l.splat(l.resultType(i), 0));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Pools
//===----------------------------------------------------------------------===//

LogicalResult poolRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<Layout> layout = getLayout(l, t.getRank());
  FailureOr<SmallVector<int64_t>> ksize = l.intsAttr("ksize");
  if (failed(layout) || failed(ksize))
    return failure();
  if (ksize->size() != 4)
    return l.error() << "ksize must have 4 entries";
  SmallVector<int64_t> sizes;
  for (int64_t s : layout->spatial)
    sizes.push_back((*ksize)[s]);
  for (int64_t s : sizes)
    if (s < 1)
      return l.error() << "ksize must be positive";
  FailureOr<Window> w = getWindow(l, *layout, t, sizes, false);
  if (failed(w))
    return failure();
  SmallVector<int64_t> dims(4, 1), strides(4, 1), pads(8, 0);
  for (auto [i, s] : llvm::enumerate(layout->spatial)) {
    dims[s] = sizes[i];
    strides[s] = w->strides[i];
    pads[2 * s] = w->padding[2 * i];
    pads[2 * s + 1] = w->padding[2 * i + 1];
  }
  SmallVector<NamedAttribute> attrs = {
      l.named("window_dimensions", l.i64s(dims)),
      l.named("window_strides", l.i64s(strides)),
      l.named("padding", paddingAttr(l, pads))};
  RankedTensorType out = l.resultType();
  if (l.node.opType == "MaxPool") {
    results.push_back(l.withBody("reduce_window", x,
                                 l.lowest(t.getElementType()), "maximum", out,
                                 attrs));
    return success();
  }
  if (!isa<FloatType>(t.getElementType()))
    return l.error() << "AvgPool expects floats";
  // Divide by the number of input elements in each window (padding
  // excluded, as TensorFlow does).
  Value sums = l.withBody("reduce_window", x, 0, "add", out, attrs);
  Value counts =
      l.withBody("reduce_window", l.splat(t, 1), 0, "add", out, attrs);
  results.push_back(l.op("divide", {sums, counts}, out));
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The normalized, sorted, unique axes of constant input 1.
FailureOr<SmallVector<int64_t>> reductionAxes(Lowering &l, int64_t rank) {
  FailureOr<SmallVector<int64_t>> axes = l.constInts(1);
  if (failed(axes))
    return failure();
  SmallVector<int64_t> out;
  for (int64_t a : *axes) {
    FailureOr<int64_t> n = l.normalizeAxis(a, rank);
    if (failed(n))
      return failure();
    out.push_back(*n);
  }
  llvm::sort(out);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

LogicalResult reductionRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> axes = reductionAxes(l, t.getRank());
  if (failed(axes))
    return failure();
  StringRef op = l.node.opType;
  Type elem = t.getElementType();
  Value r;
  if (op == "Sum" || op == "Mean")
    r = l.reduce(x, *axes, "add", 0);
  else if (op == "Prod")
    r = l.reduce(x, *axes, "multiply", 1);
  else if (op == "Max")
    r = l.reduce(x, *axes, "maximum", l.lowest(elem));
  else if (op == "Min")
    r = l.reduce(x, *axes, "minimum", l.highest(elem));
  else if (op == "All")
    r = l.reduce(x, *axes, "and", 1);
  else
    r = l.reduce(x, *axes, "or", 0);
  if (op == "Mean") {
    int64_t count = 1;
    for (int64_t a : *axes)
      count *= t.getDimSize(a);
    r = l.op("divide", {r, l.splatLike(r, (double)std::max<int64_t>(count, 1))},
             l.type(r));
  }
  results.push_back(l.reshape(r, l.resultType().getShape()));
  return success();
}

/// ArgMax/ArgMin: the first index where the element equals the reduction's
/// max (min): min over select(x == m, iota, dim size).
LogicalResult argRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> axes = l.constInts(1);
  if (failed(axes))
    return failure();
  if (axes->size() != 1)
    return l.error() << "dimension must be a scalar";
  FailureOr<int64_t> axis = l.normalizeAxis((*axes)[0], t.getRank());
  if (failed(axis))
    return failure();
  bool isMax = l.node.opType == "ArgMax";
  Type elem = t.getElementType();
  Value m = isMax ? l.reduce(x, {*axis}, "maximum", l.lowest(elem))
                  : l.reduce(x, {*axis}, "minimum", l.highest(elem));
  SmallVector<int64_t> keep;
  for (int64_t i = 0; i < t.getRank(); ++i)
    if (i != *axis)
      keep.push_back(i);
  Value mb = l.op("broadcast_in_dim", m, t,
                  {l.named("broadcast_dimensions", l.i64s(keep))});
  RankedTensorType out = l.resultType();
  auto idxType = RankedTensorType::get(t.getShape(), out.getElementType());
  Value iota = l.op("iota", {}, idxType,
                    {l.named("iota_dimension", l.b.getI64IntegerAttr(*axis))});
  Value big = l.splat(idxType, (double)t.getDimSize(*axis));
  Value idx = l.op("select", {l.compare(x, mb, "EQ"), iota, big}, idxType);
  results.push_back(l.reshape(
      l.reduce(idx, {*axis}, "minimum", l.highest(out.getElementType())),
      out.getShape()));
  return success();
}

/// Softmax/LogSoftmax over the last dimension, shifted by the maximum.
LogicalResult softmaxRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  if (t.getRank() < 1 || !isa<FloatType>(t.getElementType()))
    return l.error() << "expects a float tensor of rank 1 or more";
  int64_t last = t.getRank() - 1;
  SmallVector<int64_t> keep;
  for (int64_t i = 0; i < last; ++i)
    keep.push_back(i);
  auto back = [&](Value v) {
    return l.op("broadcast_in_dim", v, t,
                {l.named("broadcast_dimensions", l.i64s(keep))});
  };
  Value m = back(l.reduce(x, {last}, "maximum", l.lowest(t.getElementType())));
  Value shifted = l.op("subtract", {x, m}, t);
  Value e = l.op("exponential", shifted, t);
  Value s = back(l.reduce(e, {last}, "add", 0));
  if (l.node.opType == "Softmax")
    results.push_back(l.op("divide", {e, s}, t));
  else
    results.push_back(l.op("subtract", {shifted, l.op("log", s, t)}, t));
  return success();
}

} // namespace

void tohlo::addNNRules(RuleTable &table) {
  table["MatMul"] = matMulRule;
  for (const char *name : {"BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"})
    table[name] = batchMatMul;
  table["Conv2D"] = convRule;
  table["DepthwiseConv2dNative"] = convRule;
  table["Conv2DBackpropInput"] = convBackpropInputRule;
  for (const char *name :
       {"_FusedConv2D", "FusedDepthwiseConv2dNative", "_FusedMatMul"})
    table[name] = fusedRule;
  for (const char *name :
       {"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"})
    table[name] = fusedBatchNormRule;
  table["MaxPool"] = poolRule;
  table["AvgPool"] = poolRule;
  for (const char *name : {"Sum", "Mean", "Prod", "Max", "Min", "All", "Any"})
    table[name] = reductionRule;
  table["ArgMax"] = argRule;
  table["ArgMin"] = argRule;
  table["Softmax"] = softmaxRule;
  table["LogSoftmax"] = softmaxRule;
}
