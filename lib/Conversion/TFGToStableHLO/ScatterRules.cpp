//===- ScatterRules.cpp - Scatter and segment TensorFlow ops to StableHLO -===//
//
// ScatterNd and TensorScatterUpdate/Add/Sub/Max/Min as one
// stablehlo.scatter each (ScatterNd adds into zeros, so duplicate indices
// accumulate as TensorFlow's do); the segment reductions as scatters of
// the data rows into the segments:
//
// - UnsortedSegmentSum/Prod/Max/Min: an empty segment holds the identity
//   (0, 1, the lowest and the highest value of the type, as TensorFlow
//   defines it, not -inf/+inf), a negative id drops its row (StableHLO's
//   scatter skips updates out of bounds).
// - SegmentSum/Prod/Mean/Max/Min (sorted ids): an empty segment is 0 (1
//   for Prod), found by scattering a count beside the values; Mean divides
//   the sum by the count (integers truncate).
// - SparseSegmentSum/Mean/SqrtN (and WithNumSegments): a gather of the
//   rows named by `indices`, then the segment sum; Mean divides by the
//   count, SqrtN by its square root, an empty segment is 0.
//
// The number of segments is the node's static result shape (shape
// inference reads it from a constant num_segments or constant ids).
// TensorFlow reports an index out of range on CPU; StableHLO's scatter
// skips it, and its gather clamps.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/IR/Block.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

bool isIndexTensor(Lowering &l, Value v) {
  auto it = dyn_cast<IntegerType>(l.type(v).getElementType());
  return it && it.getWidth() > 1;
}

/// ScatterNd(indices, updates, shape) and TensorScatter*(tensor, indices,
/// updates): indices [..., K] index the leading K dimensions.
LogicalResult scatterNdRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  StringRef op = l.node.opType;
  bool isNd = op == "ScatterNd";
  Value indices = l.operand(isNd ? 0 : 1), updates = l.operand(isNd ? 1 : 2);
  RankedTensorType out = l.resultType(), it = l.type(indices);
  if (!isIndexTensor(l, indices) || it.getRank() < 1)
    return l.error() << "expects integer indices of rank 1 or more, has " << it;
  int64_t q = it.getRank(), k = it.getDimSize(q - 1);
  // updates: indices.shape[:-1] + out.shape[K:].
  SmallVector<int64_t> want(it.getShape().drop_back());
  if (k < 1 || k > out.getRank())
    return l.error() << "indices " << it << " do not index " << out;
  llvm::append_range(want, out.getShape().drop_front(k));
  if (l.type(updates).getShape() != ArrayRef<int64_t>(want) ||
      l.type(updates).getElementType() != out.getElementType())
    return l.error() << "updates " << l.type(updates)
                     << " do not match the indices " << it << " into " << out;
  Value input = isNd ? l.splat(out, 0) : l.operand(0);
  if (l.type(input) != out)
    return l.error() << "tensor " << l.type(input) << " is not " << out;
  StringRef body = op == "TensorScatterUpdate" ? ""
                   : op == "TensorScatterSub"  ? "subtract"
                   : op == "TensorScatterMax"  ? "maximum"
                   : op == "TensorScatterMin"  ? "minimum"
                                               : "add";
  results.push_back(
      emitScatter(l, input, indices, updates, q - 1, k, q - 1, body));
  return success();
}

/// Rows of `data` scattered into the segments of `out` by `ids` (shaped as
/// a prefix of data's shape) with `body` over `init`.
Value segmentScatter(Lowering &l, RankedTensorType out, Value data, Value ids,
                     StringRef body, double init) {
  int64_t m = l.type(ids).getRank();
  return emitScatter(l, l.splat(out, init), ids, data, m, 1, m, body);
}

/// The number of rows in each segment, in the element type of `out`
/// (shape [num_segments]).
Value segmentCounts(Lowering &l, RankedTensorType out, Value ids) {
  auto ct = RankedTensorType::get({out.getDimSize(0)}, out.getElementType());
  Value ones = l.splat(
      RankedTensorType::get(l.type(ids).getShape(), out.getElementType()), 1);
  return segmentScatter(l, ct, ones, ids, "add", 0);
}

/// `counts` [S] broadcast to the shape of `out` [S, ...].
Value alongSegments(Lowering &l, Value counts, RankedTensorType out) {
  return l.op("broadcast_in_dim", counts, out,
              {l.named("broadcast_dimensions", l.i64s({0}))});
}

LogicalResult checkSegments(Lowering &l, Value data, Value ids,
                            RankedTensorType out) {
  RankedTensorType dt = l.type(data), it = l.type(ids);
  if (!isIndexTensor(l, ids))
    return l.error() << "segment_ids must be integers, has " << it;
  int64_t m = it.getRank();
  if (out.getRank() < 1 || m > dt.getRank() ||
      it.getShape() != dt.getShape().take_front(m) ||
      out.getShape().drop_front() != dt.getShape().drop_front(m) ||
      out.getElementType() != dt.getElementType())
    return l.error() << "segment_ids " << it << " and data " << dt
                     << " do not give " << out;
  if (!isa<FloatType, IntegerType>(dt.getElementType()) ||
      dt.getElementType().isInteger(1))
    return l.error() << "segment reductions take real numbers, not " << dt;
  return success();
}

StringRef segmentBody(StringRef op) {
  if (op.ends_with("Prod"))
    return "multiply";
  if (op.ends_with("Max"))
    return "maximum";
  if (op.ends_with("Min"))
    return "minimum";
  return "add";
}

/// UnsortedSegment*(data, segment_ids, num_segments) and
/// Segment*(data, segment_ids).
LogicalResult segmentRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  StringRef op = l.node.opType;
  bool unsorted = op.starts_with("Unsorted");
  Value data = l.operand(0), ids = l.operand(1);
  RankedTensorType out = l.resultType();
  if (failed(checkSegments(l, data, ids, out)))
    return failure();
  if (!unsorted && l.type(ids).getRank() != 1)
    return l.error() << "segment_ids must be a vector";
  Type elem = out.getElementType();
  StringRef body = segmentBody(op);
  double init = body == "multiply" ? 1
                : body == "maximum"
                    ? (isa<FloatType>(elem)
                           ? -APFloat::getLargest(
                                  cast<FloatType>(elem).getFloatSemantics())
                                  .convertToDouble()
                           : l.lowest(elem))
                : body == "minimum"
                    ? (isa<FloatType>(elem)
                           ? APFloat::getLargest(
                                 cast<FloatType>(elem).getFloatSemantics())
                                 .convertToDouble()
                           : l.highest(elem))
                    : 0;
  Value r = segmentScatter(l, out, data, ids, body, init);
  if (!unsorted) {
    Value counts = alongSegments(l, segmentCounts(l, out, ids), out);
    Value zero = l.splat(out, 0);
    if (op == "SegmentMean")
      r = l.op("divide", {r, l.op("maximum", {counts, l.splat(out, 1)}, out)},
               out);
    else if (body != "multiply")
      r = l.op("select", {l.compare(counts, zero, "EQ"), zero, r}, out);
  }
  results.push_back(r);
  return success();
}

/// SparseSegmentSum/Mean/SqrtN(data, indices, segment_ids[, num_segments]).
LogicalResult sparseSegmentRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  StringRef op = l.node.opType;
  Value data = l.operand(0), indices = l.operand(1), ids = l.operand(2);
  RankedTensorType dt = l.type(data), it = l.type(indices),
                   out = l.resultType();
  if (!isIndexTensor(l, indices) || it.getRank() != 1 ||
      l.type(ids).getShape() != it.getShape() || dt.getRank() < 1)
    return l.error() << "expects vectors of indices and segment_ids of one "
                        "length, has "
                     << it << " and " << l.type(ids);
  if (!isa<FloatType>(dt.getElementType()))
    return l.error() << "expects floating-point data, has " << dt;
  // The rows data[indices]: a gather of whole rows.
  SmallVector<int64_t> rowsShape{it.getDimSize(0)}, sliceSizes{1}, offsetDims;
  for (int64_t i = 1; i < dt.getRank(); ++i) {
    rowsShape.push_back(dt.getDimSize(i));
    sliceSizes.push_back(dt.getDimSize(i));
    offsetDims.push_back(i);
  }
  auto dims = stablehlo::GatherDimensionNumbersAttr::get(
      l.b.getContext(), offsetDims, {0}, {}, {}, {0}, 1);
  Value rows = l.op("gather", {data, indices},
                    RankedTensorType::get(rowsShape, dt.getElementType()),
                    {l.named("dimension_numbers", dims),
                     l.named("slice_sizes", l.i64s(sliceSizes))});
  if (failed(checkSegments(l, rows, ids, out)))
    return failure();
  Value r = segmentScatter(l, out, rows, ids, "add", 0);
  bool mean = op.starts_with("SparseSegmentMean");
  if (mean || op.starts_with("SparseSegmentSqrtN")) {
    Value counts = alongSegments(l, segmentCounts(l, out, ids), out);
    Value denom = l.op("maximum", {counts, l.splat(out, 1)}, out);
    if (!mean)
      denom = l.op("sqrt", denom, out);
    r = l.op("divide", {r, denom}, out);
  }
  results.push_back(r);
  return success();
}

} // namespace

Value tohlo::emitScatter(Lowering &l, Value input, Value indices, Value updates,
                         int64_t indexVectorDim, int64_t numInserted,
                         int64_t firstWindowDim, StringRef body) {
  RankedTensorType t = l.type(input);
  SmallVector<int64_t> windowDims, inserted;
  for (int64_t i = firstWindowDim, e = l.type(updates).getRank(); i < e; ++i)
    windowDims.push_back(i);
  for (int64_t i = 0; i < numInserted; ++i)
    inserted.push_back(i);
  auto dims = stablehlo::ScatterDimensionNumbersAttr::get(
      l.b.getContext(), windowDims, inserted, {}, {}, inserted, indexVectorDim);
  OperationState state(l.loc, "stablehlo.scatter");
  state.addOperands({input, indices, updates});
  state.addTypes(t);
  state.addAttribute("scatter_dimension_numbers", dims);
  auto scalar = RankedTensorType::get({}, t.getElementType());
  Region *region = state.addRegion();
  Block *block = new Block();
  region->push_back(block);
  Value cur = block->addArgument(scalar, l.loc);
  Value upd = block->addArgument(scalar, l.loc);
  {
    OpBuilder::InsertionGuard guard(l.b);
    l.b.setInsertionPointToStart(block);
    Value r = body.empty() ? upd : l.op(body, {cur, upd}, scalar);
    OperationState ret(l.loc, "stablehlo.return");
    ret.addOperands(r);
    l.b.create(ret);
  }
  return l.b.create(state)->getResult(0);
}

void tohlo::addScatterRules(RuleTable &table) {
  for (const char *name :
       {"ScatterNd", "TensorScatterUpdate", "TensorScatterAdd",
        "TensorScatterSub", "TensorScatterMax", "TensorScatterMin"})
    table[name] = scatterNdRule;
  for (const char *name :
       {"UnsortedSegmentSum", "UnsortedSegmentProd", "UnsortedSegmentMax",
        "UnsortedSegmentMin", "SegmentSum", "SegmentProd", "SegmentMean",
        "SegmentMax", "SegmentMin"})
    table[name] = segmentRule;
  for (const char *name :
       {"SparseSegmentSum", "SparseSegmentMean", "SparseSegmentSqrtN",
        "SparseSegmentSumWithNumSegments", "SparseSegmentMeanWithNumSegments",
        "SparseSegmentSqrtNWithNumSegments"})
    table[name] = sparseSegmentRule;
}
