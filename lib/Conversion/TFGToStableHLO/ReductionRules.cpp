//===- ReductionRules.cpp - Reductions, scans and sorts to StableHLO ------===//
//
// EuclideanNorm and L2Loss as stablehlo.reduce; Cumsum/Cumprod as a
// reduce_window whose window spans the whole axis, padded before it with
// the identity (exclusive: shifted by one, reverse: reversed around it);
// CumulativeLogsumexp through the pairs j <= i shifted by their maximum;
// Bucketize as a sum of comparisons with the boundaries; TopKV2 as a
// stable descending sort of (values, iota) and a slice (ties keep the
// lower index first, as TensorFlow's do).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/IR/Block.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

/// The reduction axes of constant operand `i`, normalized and unique.
FailureOr<SmallVector<int64_t>> axesOperand(Lowering &l, unsigned i,
                                            int64_t rank) {
  FailureOr<SmallVector<int64_t>> raw = l.constInts(i);
  if (failed(raw))
    return failure();
  SmallVector<int64_t> dims;
  for (int64_t a : *raw) {
    if (a < -rank || a >= rank)
      return l.error() << "axis " << a << " is out of range for rank " << rank;
    int64_t n = a < 0 ? a + rank : a;
    if (!llvm::is_contained(dims, n))
      dims.push_back(n);
  }
  llvm::sort(dims);
  return dims;
}

bool isFloat(Lowering &l, Value v) {
  return isa<FloatType>(l.type(v).getElementType());
}

/// EuclideanNorm(x, axes): sqrt(sum(x^2)), keep_dims through the result's
/// static shape.
LogicalResult euclideanNorm(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  if (!isFloat(l, x))
    return l.error() << "expects a floating-point input, has " << x.getType();
  FailureOr<SmallVector<int64_t>> dims = axesOperand(l, 1, l.type(x).getRank());
  if (failed(dims))
    return failure();
  Value sq = l.op("multiply", {x, x}, l.type(x));
  Value s = l.reduce(sq, *dims, "add", 0);
  Value r = l.op("sqrt", s, l.type(s));
  if (l.type(r).getNumElements() != l.resultType().getNumElements())
    return l.error() << "the reduction gives " << r.getType() << ", not "
                     << l.resultType();
  results.push_back(l.reshape(r, l.resultType().getShape()));
  return success();
}

/// L2Loss(t): sum(t^2) / 2, a scalar.
LogicalResult l2Loss(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  if (!isFloat(l, x))
    return l.error() << "expects a floating-point input, has " << x.getType();
  SmallVector<int64_t> all;
  for (int64_t i = 0, e = l.type(x).getRank(); i < e; ++i)
    all.push_back(i);
  Value s = l.reduce(l.op("multiply", {x, x}, l.type(x)), all, "add", 0);
  results.push_back(l.op("divide", {s, l.splatLike(s, 2)}, l.type(s)));
  return success();
}

/// Cumsum/Cumprod(x, axis) with `exclusive` and `reverse`.
LogicalResult cumulative(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  if (t.getRank() == 0 || t.getElementType().isInteger(1))
    return l.error() << "expects a numeric input of rank 1 or more, has " << t;
  FailureOr<SmallVector<int64_t>> axisValues = l.constInts(1);
  FailureOr<bool> exclusive = l.boolAttr("exclusive", false);
  FailureOr<bool> reverse = l.boolAttr("reverse", false);
  if (failed(axisValues) || failed(exclusive) || failed(reverse))
    return failure();
  if (axisValues->size() != 1)
    return l.error() << "axis must be a scalar";
  FailureOr<int64_t> axis = l.normalizeAxis((*axisValues)[0], t.getRank());
  if (failed(axis))
    return failure();
  bool isSum = l.node.opType == "Cumsum";
  StringRef body = isSum ? "add" : "multiply";
  double init = isSum ? 0 : 1;
  int64_t rank = t.getRank(), n = t.getDimSize(*axis);
  auto rev = [&](Value v) {
    return l.op("reverse", v, l.type(v),
                {l.named("dimensions", l.i64s({*axis}))});
  };
  if (*reverse)
    x = rev(x);
  SmallVector<int64_t> window(rank, 1), strides(rank, 1), pads(2 * rank, 0);
  window[*axis] = std::max<int64_t>(n, 1);
  pads[2 * *axis] = std::max<int64_t>(n - 1, 0);
  auto padType = RankedTensorType::get({rank, 2}, l.b.getI64Type());
  Value r = l.withBody(
      "reduce_window", x, init, body, t,
      {l.named("window_dimensions", l.i64s(window)),
       l.named("window_strides", l.i64s(strides)),
       l.named("padding", DenseIntElementsAttr::get(padType, pads))});
  if (*exclusive && n > 0) {
    // The identity, then the inclusive scan without its last element.
    SmallVector<int64_t> firstShape(t.getShape()), start(rank, 0),
        limit(t.getShape()), step(rank, 1);
    firstShape[*axis] = 1;
    limit[*axis] = n - 1;
    SmallVector<int64_t> headShape(t.getShape());
    headShape[*axis] = n - 1;
    Value head =
        l.op("slice", r, RankedTensorType::get(headShape, t.getElementType()),
             {l.named("start_indices", l.i64s(start)),
              l.named("limit_indices", l.i64s(limit)),
              l.named("strides", l.i64s(step))});
    Value first =
        l.splat(RankedTensorType::get(firstShape, t.getElementType()), init);
    r = l.op("concatenate", {first, head}, t,
             {l.named("dimension", l.b.getI64IntegerAttr(*axis))});
  }
  if (*reverse)
    r = rev(r);
  results.push_back(r);
  return success();
}

/// CumulativeLogsumexp(x, axis): out[i] = m + log(sum_j exp(x[j] - m)) over
/// j <= i (j < i when exclusive), m the largest of those x[j], so nothing
/// overflows or underflows to a wrong -inf; an empty or all -inf prefix
/// gives -inf, one holding +inf gives +inf. Quadratic in the axis' size:
/// the [..., n, n] matrix of pairs is formed.
LogicalResult cumulativeLogsumexp(Lowering &l,
                                  SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  if (t.getRank() == 0 || !isFloat(l, x))
    return l.error() << "expects a float input of rank 1 or more, has " << t;
  FailureOr<SmallVector<int64_t>> axisValues = l.constInts(1);
  FailureOr<bool> exclusive = l.boolAttr("exclusive", false);
  FailureOr<bool> reverse = l.boolAttr("reverse", false);
  if (failed(axisValues) || failed(exclusive) || failed(reverse))
    return failure();
  if (axisValues->size() != 1)
    return l.error() << "axis must be a scalar";
  FailureOr<int64_t> axis = l.normalizeAxis((*axisValues)[0], t.getRank());
  if (failed(axis))
    return failure();
  int64_t rank = t.getRank(), n = t.getDimSize(*axis);
  if (n > 4096)
    return l.error() << "an axis of " << n
                     << " elements is beyond the legalization's 4096";
  // The axis last.
  SmallVector<int64_t> perm, inverse(rank);
  for (int64_t i = 0; i < rank; ++i)
    if (i != *axis)
      perm.push_back(i);
  perm.push_back(*axis);
  for (int64_t i = 0; i < rank; ++i)
    inverse[perm[i]] = i;
  Value v = l.transpose(x, perm);
  auto rev = [&](Value w) {
    return l.op("reverse", w, l.type(w),
                {l.named("dimensions", l.i64s({rank - 1}))});
  };
  if (*reverse)
    v = rev(v);
  RankedTensorType vt = l.type(v);
  SmallVector<int64_t> pairShape(vt.getShape());
  pairShape.push_back(n);
  auto pt = RankedTensorType::get(pairShape, vt.getElementType());
  auto it = RankedTensorType::get(pairShape, l.b.getI64Type());
  SmallVector<int64_t> outer, along;
  for (int64_t i = 0; i < rank; ++i)
    outer.push_back(i);
  along.assign(outer.begin(), outer.end() - 1);
  along.push_back(rank);
  // xj[..., i, j] = x[..., j]; j counts when j <= i (j < i exclusive).
  Value xj = l.op("broadcast_in_dim", v, pt,
                  {l.named("broadcast_dimensions", l.i64s(along))});
  auto iota = [&](int64_t d) {
    return l.op("iota", {}, it,
                {l.named("iota_dimension", l.b.getI64IntegerAttr(d))});
  };
  Value mask = l.compare(iota(rank), iota(rank - 1), *exclusive ? "LT" : "LE");
  double inf = std::numeric_limits<double>::infinity();
  Value m = l.reduce(l.op("select", {mask, xj, l.splat(pt, -inf)}, pt), {rank},
                     "maximum", -inf);
  Value mb = l.op("broadcast_in_dim", m, pt,
                  {l.named("broadcast_dimensions", l.i64s(outer))});
  Value e = l.op("select",
                 {mask, l.op("exponential", l.op("subtract", {xj, mb}, pt), pt),
                  l.splat(pt, 0)},
                 pt);
  Value s = l.reduce(e, {rank}, "add", 0);
  Value r = l.op("add", {m, l.op("log", s, vt)}, vt);
  Value infs = l.splat(vt, inf);
  r = l.op("select", {l.compare(m, l.splat(vt, -inf), "EQ"), m, r}, vt);
  r = l.op("select", {l.compare(m, infs, "EQ"), infs, r}, vt);
  if (*reverse)
    r = rev(r);
  results.push_back(l.transpose(r, inverse));
  return success();
}

/// Bucketize(x, boundaries): the number of boundaries <= x, as int32. An
/// integer input compares as float, as TensorFlow's kernel does.
LogicalResult bucketize(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  auto bounds = dyn_cast_or_null<ArrayAttr>(l.node.attr("boundaries"));
  if (!bounds)
    return l.error() << "attribute 'boundaries' must be a list of floats";
  Type elem = t.getElementType();
  if (isa<IntegerType>(elem) && !elem.isInteger(1))
    x = l.convert(x, l.b.getF32Type());
  else if (!isa<FloatType>(elem))
    return l.error() << "expects a numeric input, has " << t;
  auto out = RankedTensorType::get(t.getShape(), l.b.getI32Type());
  Value count = l.splat(out, 0);
  double prev = -std::numeric_limits<double>::infinity();
  for (Attribute a : bounds) {
    auto f = dyn_cast<FloatAttr>(a);
    if (!f)
      return l.error() << "attribute 'boundaries' must be a list of floats";
    // The boundary as float, as the attribute holds it.
    double b = static_cast<float>(f.getValueAsDouble());
    if (b < prev)
      return l.error() << "boundaries must be sorted";
    prev = b;
    Value ge = l.compare(x, l.splatLike(x, b), "GE");
    count = l.op("add", {count, l.convert(ge, l.b.getI32Type())}, out);
  }
  results.push_back(count);
  return success();
}

/// TopKV2(input, k): the k largest along the last dimension, descending,
/// and their indices (int32).
LogicalResult topK(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 2)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> k = l.constInts(1);
  if (failed(k))
    return failure();
  if (k->size() != 1 || t.getRank() < 1 || (*k)[0] < 0 ||
      (*k)[0] > t.getDimSize(t.getRank() - 1))
    return l.error() << "k must be a scalar in [0, "
                     << t.getDimSize(std::max<int64_t>(t.getRank() - 1, 0))
                     << "] for " << t;
  if (!isa<FloatType, IntegerType>(t.getElementType()) ||
      t.getElementType().isInteger(1))
    return l.error() << "expects real numbers, has " << t;
  int64_t last = t.getRank() - 1;
  Type indexType = l.resultType(1).getElementType();
  auto it = RankedTensorType::get(t.getShape(), indexType);
  Value iota = l.op("iota", {}, it,
                    {l.named("iota_dimension", l.b.getI64IntegerAttr(last))});
  SmallVector<Value, 2> sorted = sortBy(l, {x, iota}, "GT", last);
  SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape()),
      step(t.getRank(), 1);
  limit[last] = (*k)[0];
  for (unsigned i = 0; i < 2; ++i)
    results.push_back(l.op("slice", sorted[i], l.resultType(i),
                           {l.named("start_indices", l.i64s(start)),
                            l.named("limit_indices", l.i64s(limit)),
                            l.named("strides", l.i64s(step))}));
  return success();
}

} // namespace

void tohlo::addReductionRules(RuleTable &table) {
  table["EuclideanNorm"] = euclideanNorm;
  table["L2Loss"] = l2Loss;
  table["Cumsum"] = cumulative;
  table["Cumprod"] = cumulative;
  table["CumulativeLogsumexp"] = cumulativeLogsumexp;
  table["Bucketize"] = bucketize;
  table["TopKV2"] = topK;
}
