//===- DynamicArrayRules.cpp - Split, TopKV2, Range, reductions on `?` ----===//
//
// More rules of the dynamic table (DynamicShapes.h), for the ops the
// post-processing of detection models runs on `?` sizes:
// - Split(axis, x): piece k is x cut to [k * size, (k + 1) * size) along
//   the axis by dynamic_pad with negative edges (size = dim / num_split,
//   read at run time when the dimension is `?`).
// - TopKV2(x, k) on a vector: a stable descending sort of (x, iota) cut
//   to the first k (ties keep the lower index first, as the static rule).
// - Range(start, limit, delta) with operands known at run time: a
//   dynamic_iota of ceil(|limit - start| / |delta|) elements (0 when delta
//   points away from limit), times delta, plus start.
// - Sum, Prod, Max, Min, Any, All over constant axes: reduce, keep_dims as
//   a dynamic_reshape.
//
//===----------------------------------------------------------------------===//

#include "DynamicShapes.h"

#include "mlir/IR/Block.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;
using namespace mlir::tfg::tohlo::dyn;

namespace {

RankedTensorType scalarOf(Type elem) { return RankedTensorType::get({}, elem); }

/// Split(axis, value) into num_split equal pieces.
LogicalResult split(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(1);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> axisValues = l.constInts(0);
  if (failed(axisValues) || axisValues->size() != 1)
    return l.error() << "the axis must be a scalar constant";
  FailureOr<int64_t> axis = l.normalizeAxis((*axisValues)[0], t.getRank());
  if (failed(axis))
    return failure();
  int64_t num = l.node.resultTypes.size();
  int64_t dim = t.getDimSize(*axis);
  if (!ShapedType::isDynamic(dim) && dim % num != 0)
    return l.error() << "cannot split " << dim << " into " << num
                     << " equal pieces";
  Type i64 = l.b.getI64Type();
  auto s64 = scalarOf(i64);
  Value total = dimSize(l, x, *axis);
  Value size = l.op("divide", {total, i64Scalar(l, num)}, s64);
  auto vecType = RankedTensorType::get({t.getRank()}, i64);
  Value zeros = l.constant(DenseElementsAttr::get(vecType, APInt(64, 0)));
  Value value = l.splat(scalarOf(t.getElementType()), 0);
  SmallVector<int64_t> shape(t.getShape());
  shape[*axis] = ShapedType::isDynamic(dim) ? dim : dim / num;
  for (int64_t k = 0; k < num; ++k) {
    // low = -k * size, high = -(total - (k + 1) * size) on the axis.
    Value before = l.op("multiply", {size, i64Scalar(l, k)}, s64);
    Value through = l.op("multiply", {size, i64Scalar(l, k + 1)}, s64);
    SmallVector<Value> low, high;
    for (int64_t d = 0; d < t.getRank(); ++d) {
      low.push_back(d == *axis ? l.op("negate", before, s64) : i64Scalar(l, 0));
      high.push_back(d == *axis ? l.op("subtract", {through, total}, s64)
                                : i64Scalar(l, 0));
    }
    results.push_back(
        l.op("dynamic_pad",
             {x, value, shapeTensor(l, low), shapeTensor(l, high), zeros},
             RankedTensorType::get(shape, t.getElementType())));
  }
  return success();
}

/// TopKV2(x, k) on a vector of `?` size or with k known at run time.
LogicalResult topK(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 2)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  if (t.getRank() != 1)
    return l.error()
           << "TopKV2 on " << t
           << " with a computed k or `?` sizes is legalized for vectors "
              "only";
  if (!isa<FloatType, IntegerType>(t.getElementType()) ||
      t.getElementType().isInteger(1))
    return l.error() << "expects real numbers, has " << t;
  Type indexType = l.resultType(1).getElementType();
  Type i64 = l.b.getI64Type();
  Value n = dimSize(l, x, 0);
  auto it = RankedTensorType::get(t.getShape(), indexType);
  Value iota =
      t.hasStaticShape()
          ? l.op("iota", {}, it,
                 {l.named("iota_dimension", l.b.getI64IntegerAttr(0))})
          : l.op("dynamic_iota", shapeTensor(l, {n}), it,
                 {l.named("iota_dimension", l.b.getI64IntegerAttr(0))});
  SmallVector<Value, 2> sorted = sortBy(l, {x, iota}, "GT");
  // k in [0, n]: an error in TensorFlow otherwise; clamped here.
  Value k = l.convert(l.reshape(l.operand(1), {}), i64);
  k = l.op("clamp", {i64Scalar(l, 0), k, n}, scalarOf(i64));
  for (unsigned i = 0; i < 2; ++i)
    results.push_back(takeFirst(l, sorted[i], k));
  return success();
}

/// Range(start, limit, delta) of run-time operands.
LogicalResult range(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Type elem = l.resultType().getElementType();
  auto s = scalarOf(elem);
  Value start = l.convert(l.reshape(l.operand(0), {}), elem);
  Value limit = l.convert(l.reshape(l.operand(1), {}), elem);
  Value delta = l.convert(l.reshape(l.operand(2), {}), elem);
  Type i64 = l.b.getI64Type();
  auto s64 = scalarOf(i64);
  Value span = l.op("subtract", {limit, start}, s);
  Value count;
  if (isa<FloatType>(elem)) {
    Value q = l.op("ceil", l.op("divide", {span, delta}, s), s);
    count = l.convert(l.op("maximum", {q, l.splat(s, 0)}, s), i64);
  } else {
    // ceil(span / delta) for span and delta of one sign, else 0.
    Value a = l.convert(span, i64), d = l.convert(delta, i64);
    Value sameSign = l.compare(
        l.op("multiply", {l.op("sign", a, s64), l.op("sign", d, s64)}, s64),
        i64Scalar(l, 0), "GT");
    Value absA = l.op("abs", a, s64), absD = l.op("abs", d, s64);
    absD = l.op("maximum", {absD, i64Scalar(l, 1)}, s64);
    Value q =
        l.op("divide",
             {l.op("add",
                   {absA, l.op("subtract", {absD, i64Scalar(l, 1)}, s64)}, s64),
              absD},
             s64);
    count = l.op("select", {sameSign, q, i64Scalar(l, 0)}, s64);
  }
  auto type = RankedTensorType::get({ShapedType::kDynamic}, elem);
  Value iota = l.op("dynamic_iota", shapeTensor(l, {count}), type,
                    {l.named("iota_dimension", l.b.getI64IntegerAttr(0))});
  Value shape = shapeTensor(l, {count});
  Value deltas = broadcastTo(l, delta, shape, type, {});
  Value starts = broadcastTo(l, start, shape, type, {});
  results.push_back(
      l.op("add", {l.op("multiply", {iota, deltas}, type), starts}, type));
  return success();
}

/// Sum, Prod, Max, Min, Any, All over constant axes.
LogicalResult reduction(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> raw = l.constInts(1);
  if (failed(raw))
    return failure();
  SmallVector<int64_t> dims;
  for (int64_t a : *raw) {
    FailureOr<int64_t> d = l.normalizeAxis(a, t.getRank());
    if (failed(d))
      return failure();
    if (!llvm::is_contained(dims, *d))
      dims.push_back(*d);
  }
  llvm::sort(dims);
  StringRef op = l.node.opType;
  Type elem = t.getElementType();
  StringRef body = op == "Sum"    ? "add"
                   : op == "Prod" ? "multiply"
                   : op == "Max"  ? "maximum"
                   : op == "Min"  ? "minimum"
                   : op == "Any"  ? "or"
                                  : "and";
  double init = op == "Sum" || op == "Any"    ? 0
                : op == "Prod" || op == "All" ? 1
                : op == "Max"                 ? l.lowest(elem)
                                              : l.highest(elem);
  Value r = l.reduce(x, dims, body, init);
  FailureOr<bool> keep = l.boolAttr("keep_dims", false);
  if (failed(keep))
    return failure();
  if (*keep) {
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < t.getRank(); ++d)
      sizes.push_back(llvm::is_contained(dims, d) ? i64Scalar(l, 1)
                                                  : dimSize(l, x, d));
    SmallVector<int64_t> shape(t.getShape());
    for (int64_t d : dims)
      shape[d] = 1;
    r = l.op("dynamic_reshape", {r, shapeTensor(l, sizes)},
             RankedTensorType::get(shape, elem));
  }
  results.push_back(r);
  return success();
}

} // namespace

void tohlo::addDynamicArrayRules(RuleTable &table) {
  table["Split"] = split;
  table["TopKV2"] = topK;
  table["Range"] = range;
  for (StringRef name : {"Sum", "Prod", "Max", "Min", "Any", "All"})
    table[name] = reduction;
}
