//===- DataDependentRules.cpp - Where and NonMaxSuppression ---------------===//
//
// Ops whose result size depends on the values (docs/Lowering.md, "Dynamic
// shapes"). Each computes its result into a buffer of a size known when
// lowering (a static bound) with a count, and cuts the buffer to the count
// with dynamic_pad (a negative high edge): the result has a `?` size.
//
// - Where(x): x flattened to N elements; a stable sort of (x == 0, iota)
//   puts the indices of the nonzero elements first, in order; each index
//   is unraveled into coordinates ([N, rank] int64) and the first
//   count = sum(x != 0) rows are the result.
// - NonMaxSuppressionV2/V3/V4/V5 (hard NMS, as TFGEval's kernel computes
//   it; V5's soft NMS and CombinedNonMaxSuppression are in NMSRules.cpp): the
//   scores sorted descending (stable: the lower index first among equal scores;
//   NaN scores last), then a stablehlo.while visits the candidates in that
//   order while one is left, fewer than max_output_size are selected and the
//   candidate's score is > score_threshold; a candidate is selected unless its
//   IoU with a selected box is over iou_threshold (or NaN). The selected
//   indices and boxes live in buffers of K slots: K = max_output_size when it
//   is a constant (at most the box count when that is static), else the static
//   box count.
//
//===----------------------------------------------------------------------===//

#include "NMS.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/IR/Block.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;
using namespace mlir::tfg::tohlo::dyn;

static RankedTensorType scalarOf(Type elem) {
  return RankedTensorType::get({}, elem);
}

namespace {
using nms::NMSLoop;

/// A 1-D iota of `n` (tensor<i64>, or static `size`) elements of `elem`.
Value iota1D(Lowering &l, Type elem, int64_t size, Value n) {
  if (!ShapedType::isDynamic(size))
    return l.op("iota", {}, RankedTensorType::get({size}, elem),
                {l.named("iota_dimension", l.b.getI64IntegerAttr(0))});
  return l.op("dynamic_iota", shapeTensor(l, {n}),
              RankedTensorType::get({ShapedType::kDynamic}, elem),
              {l.named("iota_dimension", l.b.getI64IntegerAttr(0))});
}

/// Scalar `s` broadcast like the 1-D `like`.
Value splatLike1D(Lowering &l, Value s, Value like) {
  RankedTensorType lt = l.type(like);
  auto type = RankedTensorType::get(lt.getShape(), l.type(s).getElementType());
  if (lt.hasStaticShape())
    return l.op("broadcast_in_dim", s, type,
                {l.named("broadcast_dimensions", l.i64s({}))});
  return broadcastTo(l, s, shapeOf(l, like), type, {});
}

/// Where(x): the coordinates of x's nonzero elements, [count, rank] int64.
LogicalResult where(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  if (!t.hasStaticShape() && rank != 1)
    return l.error() << "Where on " << t
                     << ": a `?` size is legalized for rank 1 only";
  Type i64 = l.b.getI64Type();
  int64_t n = t.hasStaticShape() ? t.getNumElements() : ShapedType::kDynamic;
  Value flat = rank == 1 ? x : l.reshape(x, {n});
  Value count = rank == 1 ? dimSize(l, x, 0) : i64Scalar(l, n);
  Value nonzero;
  if (!ShapedType::isDynamic(n))
    nonzero = l.compare(
        flat, l.splat(RankedTensorType::get({n}, t.getElementType()), 0), "NE");
  else
    nonzero = l.compare(
        flat,
        splatLike1D(
            l, l.splat(RankedTensorType::get({}, t.getElementType()), 0), flat),
        "NE");
  // Keys 0 for nonzero elements, 1 for zeros: a stable ascending sort puts
  // the nonzero elements' indices first, in order.
  RankedTensorType nt = l.type(nonzero);
  auto keyType = RankedTensorType::get(nt.getShape(), l.b.getI32Type());
  Value ones = splatLike1D(l, i64Scalar(l, 1), flat);
  ones = l.convert(ones, l.b.getI32Type());
  Value zeros = l.op("subtract", {ones, ones}, keyType);
  Value keys = l.op("select", {nonzero, zeros, ones}, keyType);
  Value positions = iota1D(l, i64, n, count);
  Value sorted = sortBy(l, {keys, positions}, "LT")[1];
  Value found = l.reduce(l.convert(nonzero, i64), {0}, "add", 0);
  // Unravel the flat indices, last dimension fastest.
  SmallVector<Value> columns(rank);
  Value rest = sorted;
  RankedTensorType st = l.type(sorted);
  auto column = RankedTensorType::get({n, 1}, i64);
  for (int64_t d = rank - 1; d >= 0; --d) {
    Value c = rest;
    if (d > 0) {
      Value size = splatLike1D(l, i64Scalar(l, t.getDimSize(d)), rest);
      c = l.op("remainder", {rest, size}, st);
      rest = l.op("divide", {rest, size}, st);
    }
    columns[d] =
        ShapedType::isDynamic(n)
            ? l.op("dynamic_reshape",
                   {c, shapeTensor(l, {count, i64Scalar(l, 1)})}, column)
            : l.reshape(c, {n, 1});
  }
  Value coords;
  if (rank == 0) {
    coords = l.constant(DenseElementsAttr::get(
        RankedTensorType::get({1, 0}, i64), ArrayRef<APInt>{}));
  } else if (rank == 1) {
    coords = columns[0];
  } else {
    coords = l.op("concatenate", columns, RankedTensorType::get({n, rank}, i64),
                  {l.named("dimension", l.b.getI64IntegerAttr(1))});
  }
  results.push_back(takeFirst(l, coords, found));
  return success();
}

} // namespace

NMSLoop nms::buildHardLoop(Lowering &l, Value boxes, Value order,
                           Value sortedScores, int64_t capacity, Value limit,
                           Value iouThreshold, Value scoreThreshold,
                           bool nanSuppresses) {
  OpBuilder &b = l.b;
  Type i32 = b.getI32Type(), f32 = b.getF32Type(), i1 = b.getI1Type();
  auto si32 = scalarOf(i32), sf32 = scalarOf(f32), si1 = scalarOf(i1);
  auto vi32 = RankedTensorType::get({capacity}, i32);
  auto vf32 = RankedTensorType::get({capacity}, f32);
  auto vi1 = RankedTensorType::get({capacity}, i1);
  Value n = l.convert(dimSize(l, order, 0), i32);
  auto zeroI = [&] { return l.splat(si32, 0); };
  // Carried: i, count, selected indices, ymin, xmin, ymax, xmax, area.
  SmallVector<Value> init = {zeroI(), zeroI(), l.splat(vi32, 0)};
  for (int k = 0; k < 5; ++k)
    init.push_back(l.splat(vf32, 0));
  SmallVector<Type> types;
  for (Value v : init)
    types.push_back(v.getType());
  OperationState state(l.loc, "stablehlo.while");
  state.addOperands(init);
  state.addTypes(types);
  Region *condRegion = state.addRegion();
  Region *bodyRegion = state.addRegion();
  auto makeBlock = [&](Region *r) {
    Block *block = new Block();
    r->push_back(block);
    for (Type t : types)
      block->addArgument(t, l.loc);
    return block;
  };
  auto ret = [&](ValueRange values) {
    OperationState s(l.loc, "stablehlo.return");
    s.addOperands(values);
    b.create(s);
  };
  auto at = [&](Value v, Value index, Type elem) {
    Value s =
        l.op("dynamic_slice", {v, index}, RankedTensorType::get({1}, elem),
             {l.named("slice_sizes", l.i64s({1}))});
    return l.reshape(s, {});
  };
  Block *cond = makeBlock(condRegion);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(cond);
    Value i = cond->getArgument(0), count = cond->getArgument(1);
    Value more = l.compare(i, n, "LT");
    Value room = l.compare(count, limit, "LT");
    // Sorted descending: once a score is not above the threshold, none is.
    Value above = l.compare(at(sortedScores, i, f32), scoreThreshold, "GT");
    Value go = l.op("and", {more, room}, si1);
    ret(l.op("and", {go, above}, si1));
  }
  Block *body = makeBlock(bodyRegion);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    Value i = body->getArgument(0), count = body->getArgument(1);
    Value index = at(order, i, i32);
    Value zero = zeroI();
    Value box = l.op("dynamic_slice", {boxes, index, zero},
                     RankedTensorType::get({1, 4}, f32),
                     {l.named("slice_sizes", l.i64s({1, 4}))});
    box = l.reshape(box, {4});
    auto corner = [&](int64_t k) {
      Value c = l.op("slice", box, RankedTensorType::get({1}, f32),
                     {l.named("start_indices", l.i64s({k})),
                      l.named("limit_indices", l.i64s({k + 1})),
                      l.named("strides", l.i64s({1}))});
      return l.reshape(c, {});
    };
    Value y1 = corner(0), x1 = corner(1), y2 = corner(2), x2 = corner(3);
    Value ymin = l.op("minimum", {y1, y2}, sf32);
    Value xmin = l.op("minimum", {x1, x2}, sf32);
    Value ymax = l.op("maximum", {y1, y2}, sf32);
    Value xmax = l.op("maximum", {x1, x2}, sf32);
    Value area = l.op("multiply",
                      {l.op("subtract", {ymax, ymin}, sf32),
                       l.op("subtract", {xmax, xmin}, sf32)},
                      sf32);
    auto spread = [&](Value s) {
      return l.op("broadcast_in_dim", s,
                  RankedTensorType::get({capacity}, l.type(s).getElementType()),
                  {l.named("broadcast_dimensions", l.i64s({}))});
    };
    Value sy0 = body->getArgument(3), sx0 = body->getArgument(4),
          sy1 = body->getArgument(5), sx1 = body->getArgument(6),
          sarea = body->getArgument(7);
    Value zf = l.splat(vf32, 0);
    Value iy = l.op("maximum",
                    {l.op("subtract",
                          {l.op("minimum", {spread(ymax), sy1}, vf32),
                           l.op("maximum", {spread(ymin), sy0}, vf32)},
                          vf32),
                     zf},
                    vf32);
    Value ix = l.op("maximum",
                    {l.op("subtract",
                          {l.op("minimum", {spread(xmax), sx1}, vf32),
                           l.op("maximum", {spread(xmin), sx0}, vf32)},
                          vf32),
                     zf},
                    vf32);
    Value inter = l.op("multiply", {iy, ix}, vf32);
    Value uni = l.op("subtract",
                     {l.op("add", {spread(area), sarea}, vf32), inter}, vf32);
    Value iou = l.op("divide", {inter, uni}, vf32);
    // Only slots below count; 0 where an area is <= 0 (TFGEval's getIoU).
    Value slots = l.op("iota", {}, vi32,
                       {l.named("iota_dimension", b.getI64IntegerAttr(0))});
    Value valid = l.compare(slots, spread(count), "LT");
    // A NaN area counts (TFGEval's `!(area <= 0)`).
    Value notArea = l.compare(spread(area), zf, "LE");
    Value sareaLE = l.compare(sarea, zf, "LE");
    Value positive = l.op(
        "and", {l.op("not", sareaLE, vi1), l.op("not", notArea, vi1)}, vi1);
    // A NaN IoU is over unless !nanSuppresses.
    Value exceeds =
        nanSuppresses
            ? l.op("not", l.compare(iou, spread(iouThreshold), "LE"), vi1)
            : l.compare(iou, spread(iouThreshold), "GT");
    Value over =
        l.op("and", {l.op("and", {valid, positive}, vi1), exceeds}, vi1);
    Value suppressed = l.withBody("reduce", over, 0, "or", si1,
                                  {l.named("dimensions", l.i64s({0}))});
    Value take = l.op("not", suppressed, si1);
    // Written at `count` in any case; the slot counts only when taken.
    auto put = [&](Value buffer, Value v) {
      return l.op("dynamic_update_slice", {buffer, l.reshape(v, {1}), count},
                  buffer.getType());
    };
    Value next = l.op("add", {count, l.convert(take, i32)}, si32);
    ret({l.op("add", {i, l.splat(si32, 1)}, si32), next,
         put(body->getArgument(2), index), put(sy0, ymin), put(sx0, xmin),
         put(sy1, ymax), put(sx1, xmax), put(sarea, area)});
  }
  Operation *loop = b.create(state);
  return {loop->getResult(2), loop->getResult(1), Value()};
}

namespace {

/// NonMaxSuppressionV2-V5(boxes, scores, max_output_size, iou_threshold
/// [, score_threshold [, soft_nms_sigma]]).
LogicalResult nonMaxSuppression(Lowering &l, SmallVectorImpl<Value> &results) {
  StringRef opType = l.node.opType;
  int version = opType.back() - '0';
  unsigned inputs = version == 2 ? 4 : version == 5 ? 6 : 5;
  unsigned outputs = version == 5 ? 3 : version == 4 ? 2 : 1;
  if (failed(l.expectArity(inputs, outputs)))
    return failure();
  OpBuilder &b = l.b;
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  Value boxes = l.operand(0), scores = l.operand(1);
  RankedTensorType bt = l.type(boxes), st = l.type(scores);
  if (bt.getRank() != 2 || bt.getDimSize(1) != 4 || st.getRank() != 1)
    return l.error() << "expects boxes [n, 4] and scores [n], has " << bt
                     << " and " << st;
  if (!isa<FloatType>(bt.getElementType()) ||
      !isa<FloatType>(st.getElementType()))
    return l.error() << "expects floating-point boxes and scores";
  // Soft NMS (sigma > 0) visits the candidates by their decayed scores.
  float sigma = 0;
  if (version == 5) {
    FailureOr<double> s = constFloat(l, 5);
    if (failed(s))
      return l.error() << "soft_nms_sigma is computed: it must be a constant";
    if (!(*s >= 0))
      return l.error() << "soft_nms_sigma must be non-negative";
    sigma = static_cast<float>(*s);
    if (sigma > 0 && (ShapedType::isDynamic(bt.getDimSize(0)) ||
                      ShapedType::isDynamic(st.getDimSize(0))))
      return l.error() << "soft NMS is legalized for a static box count only";
  }
  bool pad = false;
  if (version >= 4) {
    FailureOr<bool> p = l.boolAttr("pad_to_max_output_size", false);
    if (failed(p))
      return failure();
    pad = *p;
  }
  int64_t n = bt.getDimSize(0);
  if (!ShapedType::isDynamic(st.getDimSize(0)))
    n = ShapedType::isDynamic(n) ? st.getDimSize(0) : n;
  FailureOr<double> maxConst = constFloat(l, 2);
  int64_t capacity;
  if (succeeded(maxConst)) {
    if (*maxConst < 0)
      return l.error() << "max_output_size must not be negative";
    capacity = (int64_t)*maxConst;
    if (!ShapedType::isDynamic(n))
      capacity = std::min(capacity, n);
  } else if (!ShapedType::isDynamic(n)) {
    capacity = n;
  } else {
    return l.error() << "max_output_size is computed and the box count is "
                        "`?`: no bound for the selection";
  }
  if (pad && failed(maxConst))
    return l.error() << "pad_to_max_output_size needs a constant "
                        "max_output_size";
  if (capacity > (int64_t(1) << 24))
    return l.error() << "max_output_size " << capacity << " is too large";
  if (capacity == 0) {
    // Nothing can be selected: empty results (or max_output_size zeros).
    auto empty = [&](Type elem) {
      return l.constant(DenseElementsAttr::get(RankedTensorType::get({0}, elem),
                                               ArrayRef<APInt>{}));
    };
    results.push_back(empty(i32));
    if (version == 5)
      results.push_back(l.constant(DenseElementsAttr::get(
          RankedTensorType::get({0}, st.getElementType()),
          ArrayRef<APFloat>{})));
    if (version >= 4)
      results.push_back(l.splat(scalarOf(i32), 0));
    if (pad && *maxConst > 0)
      return l.error() << "padding an empty selection is not legalized";
    return success();
  }
  Value boxes32 = l.convert(boxes, f32);
  Value scores32 = l.convert(scores, f32);
  auto sf32 = scalarOf(f32);
  auto scalarOperand = [&](unsigned i, Type elem) {
    return l.convert(l.reshape(l.operand(i), {}), elem);
  };
  Value limit =
      l.op("maximum", {scalarOperand(2, i32), l.splat(scalarOf(i32), 0)},
           scalarOf(i32));
  limit =
      l.op("minimum", {limit, l.splat(scalarOf(i32), capacity)}, scalarOf(i32));
  Value iouThreshold = scalarOperand(3, f32);
  Value scoreThreshold = version == 2
                             ? l.splat(sf32, -std::numeric_limits<float>::max())
                             : scalarOperand(4, f32);
  NMSLoop loop;
  if (sigma > 0) {
    loop = nms::buildSoftLoop(l, boxes32, scores32, capacity, limit,
                              scoreThreshold, sigma);
  } else {
    // Sort keys: NaN as -inf (never a candidate, sorted last), -0 as +0 (TF's
    // queue orders them as equal).
    RankedTensorType vt = l.type(scores32);
    Value isNaN = l.compare(scores32, scores32, "NE");
    Value minusInf = splatLike1D(
        l, l.splat(sf32, -std::numeric_limits<double>::infinity()), scores32);
    Value plusZero = splatLike1D(l, l.splat(sf32, 0), scores32);
    Value keys = l.op(
        "select", {isNaN, minusInf, l.op("add", {scores32, plusZero}, vt)}, vt);
    Value count = dimSize(l, scores32, 0);
    Value positions = iota1D(l, i32, st.getDimSize(0), count);
    SmallVector<Value, 2> sorted = sortBy(l, {keys, positions}, "GT");
    auto oneF = RankedTensorType::get({1}, f32);
    Value guard = l.splat(oneF, -std::numeric_limits<double>::infinity());
    int64_t m = st.getDimSize(0);
    Value padded =
        l.op("concatenate", {sorted[0], guard},
             RankedTensorType::get({ShapedType::isDynamic(m) ? m : m + 1}, f32),
             {l.named("dimension", b.getI64IntegerAttr(0))});
    loop = nms::buildHardLoop(l, boxes32, sorted[1], padded, capacity, limit,
                              iouThreshold, scoreThreshold,
                              /*nanSuppresses=*/true);
  }
  // Slots at or above the count hold leftovers: zero them.
  auto vi32 = RankedTensorType::get({capacity}, i32);
  Value slots = l.op("iota", {}, vi32,
                     {l.named("iota_dimension", b.getI64IntegerAttr(0))});
  Value used = l.compare(slots,
                         l.op("broadcast_in_dim", loop.count, vi32,
                              {l.named("broadcast_dimensions", l.i64s({}))}),
                         "LT");
  Value indices = l.op("select", {used, loop.selected, l.splat(vi32, 0)}, vi32);
  SmallVector<Value> outs = {indices};
  if (version == 5) {
    auto dims = stablehlo::GatherDimensionNumbersAttr::get(b.getContext(), {},
                                                           {0}, {}, {}, {0}, 1);
    auto vs = RankedTensorType::get({capacity}, st.getElementType());
    // Soft NMS returns the decayed scores; hard NMS the inputs'.
    Value picked = loop.scores ? l.convert(loop.scores, st.getElementType())
                               : l.op("gather", {scores, indices}, vs,
                                      {l.named("dimension_numbers", dims),
                                       l.named("slice_sizes", l.i64s({1}))});
    outs.push_back(l.op("select", {used, picked, l.splat(vs, 0)}, vs));
  }
  for (Value &v : outs) {
    if (!pad) {
      v = takeFirst(l, v, loop.count);
      continue;
    }
    int64_t size = (int64_t)*maxConst;
    RankedTensorType vtp = l.type(v);
    if (size > capacity)
      v = l.op("pad", {v, l.splat(scalarOf(vtp.getElementType()), 0)},
               RankedTensorType::get({size}, vtp.getElementType()),
               {l.named("edge_padding_low", l.i64s({0})),
                l.named("edge_padding_high", l.i64s({size - capacity})),
                l.named("interior_padding", l.i64s({0}))});
  }
  results.append(outs.begin(), outs.end());
  if (version >= 4)
    results.push_back(loop.count);
  return success();
}

} // namespace

void tohlo::addDataDependentRules(RuleTable &table) {
  table["Where"] = where;
  for (StringRef name : {"NonMaxSuppressionV2", "NonMaxSuppressionV3",
                         "NonMaxSuppressionV4", "NonMaxSuppressionV5"})
    table[name] = nonMaxSuppression;
  table["CombinedNonMaxSuppression"] = nms::combinedNonMaxSuppression;
}
