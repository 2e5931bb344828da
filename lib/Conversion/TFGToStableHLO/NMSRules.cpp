//===- NMSRules.cpp - Soft NMS and CombinedNonMaxSuppression --------------===//
//
// The non-max suppression forms beyond greedy hard NMS, as TFGEval's
// kernels compute them (lib/Eval/DetectionKernels.cpp):
//
// - Soft NMS (NonMaxSuppressionV5, soft_nms_sigma > 0): TensorFlow keeps a
//   priority queue whose candidates go back in with a decayed score. Here
//   the queue is three arrays over the N boxes (alive, current score, the
//   number of selected boxes a candidate was last compared with) in a
//   stablehlo.while: each iteration pops the alive candidate of the highest
//   score (the lowest index among equals, the queue's order), multiplies
//   its score by exp(-0.5 / sigma * iou^2) for each box selected since it
//   was last popped, newest first, stopping once the score is <=
//   score_threshold (an inner stablehlo.while: the products round in
//   TensorFlow's order), and selects it when its score did not change;
//   otherwise it stays alive while its score is above the threshold. The
//   loop ends when max_output_size boxes are selected or none is alive.
// - CombinedNonMaxSuppression: a stablehlo.while over the batch x class
//   pairs runs hard NMS (the loop of DataDependentRules.cpp, a NaN IoU not
//   suppressing) on each class's scores and boxes (boxes [batch, n, q, 4],
//   q = 1 shared by the classes), writing its at most min(per_class, n)
//   selections into that class's slots (empty slots: score -1, class -1,
//   box 0). Each batch's slots are then sorted by descending score
//   (stable: class-major among equals), cut or zero-padded to the output
//   size (max_total_size; with pad_per_class, at most per_class * classes)
//   and zeroed past min(found, size); boxes clipped to [0, 1] with
//   clip_boxes. Both sizes must be constants (they are the output shapes).
//
//===----------------------------------------------------------------------===//

#include "NMS.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/IR/Block.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;
using namespace mlir::tfg::tohlo::dyn;
using namespace mlir::tfg::tohlo::nms;

namespace {

RankedTensorType scalarOf(Type elem) { return RankedTensorType::get({}, elem); }

/// A stablehlo.while carrying `init`; `cond` returns the predicate from the
/// block's arguments, `body` the next values.
Operation *buildWhile(Lowering &l, ValueRange init,
                      llvm::function_ref<Value(Block *)> cond,
                      llvm::function_ref<SmallVector<Value>(Block *)> body) {
  OperationState state(l.loc, "stablehlo.while");
  state.addOperands(init);
  SmallVector<Type> types(init.getTypes());
  state.addTypes(types);
  for (int k = 0; k < 2; ++k) {
    Region *region = state.addRegion();
    Block *block = new Block();
    region->push_back(block);
    for (Type t : types)
      block->addArgument(t, l.loc);
    OpBuilder::InsertionGuard guard(l.b);
    l.b.setInsertionPointToStart(block);
    SmallVector<Value> returned;
    if (k == 0)
      returned.push_back(cond(block));
    else
      returned = body(block);
    OperationState ret(l.loc, "stablehlo.return");
    ret.addOperands(returned);
    l.b.create(ret);
  }
  return l.b.create(state);
}

/// Element `index` (tensor<i32>) of the 1-D `v`, as a scalar.
Value elementAt(Lowering &l, Value v, Value index) {
  Type elem = l.type(v).getElementType();
  Value s = l.op("dynamic_slice", {v, index}, RankedTensorType::get({1}, elem),
                 {l.named("slice_sizes", l.i64s({1}))});
  return l.reshape(s, {});
}

/// `v` (1-D) with element `index` set to the scalar `s`.
Value setAt(Lowering &l, Value v, Value index, Value s) {
  return l.op("dynamic_update_slice", {v, l.reshape(s, {1}), index},
              v.getType());
}

/// A box with ordered corners and its area (scalars), as TFGEval's makeBox.
struct Box {
  Value ymin, xmin, ymax, xmax, area;
};

/// Row `index` (tensor<i32>) of `boxes` ([N, 4] f32) as a Box.
Box boxAt(Lowering &l, Value boxes, Value index) {
  Type f32 = l.b.getF32Type();
  auto sf32 = scalarOf(f32);
  Value zero = l.splat(scalarOf(l.b.getI32Type()), 0);
  Value row = l.op("dynamic_slice", {boxes, index, zero},
                   RankedTensorType::get({1, 4}, f32),
                   {l.named("slice_sizes", l.i64s({1, 4}))});
  row = l.reshape(row, {4});
  auto corner = [&](int64_t k) {
    Value c = l.op("slice", row, RankedTensorType::get({1}, f32),
                   {l.named("start_indices", l.i64s({k})),
                    l.named("limit_indices", l.i64s({k + 1})),
                    l.named("strides", l.i64s({1}))});
    return l.reshape(c, {});
  };
  Value y1 = corner(0), x1 = corner(1), y2 = corner(2), x2 = corner(3);
  Box box;
  box.ymin = l.op("minimum", {y1, y2}, sf32);
  box.xmin = l.op("minimum", {x1, x2}, sf32);
  box.ymax = l.op("maximum", {y1, y2}, sf32);
  box.xmax = l.op("maximum", {x1, x2}, sf32);
  box.area = l.op("multiply",
                  {l.op("subtract", {box.ymax, box.ymin}, sf32),
                   l.op("subtract", {box.xmax, box.xmin}, sf32)},
                  sf32);
  return box;
}

/// TFGEval's getIoU: 0 when an area is <= 0 or the boxes do not meet, else
/// intersection / (area_a + area_b - intersection).
Value iouOf(Lowering &l, const Box &a, const Box &c) {
  auto sf32 = scalarOf(l.b.getF32Type());
  auto si1 = scalarOf(l.b.getI1Type());
  Value zero = l.splat(sf32, 0);
  auto extent = [&](Value lo0, Value hi0, Value lo1, Value hi1) {
    return l.op("maximum",
                {l.op("subtract",
                      {l.op("minimum", {hi0, hi1}, sf32),
                       l.op("maximum", {lo0, lo1}, sf32)},
                      sf32),
                 zero},
                sf32);
  };
  Value iy = extent(a.ymin, a.ymax, c.ymin, c.ymax);
  Value ix = extent(a.xmin, a.xmax, c.xmin, c.xmax);
  Value inter = l.op("multiply", {iy, ix}, sf32);
  Value uni =
      l.op("subtract", {l.op("add", {a.area, c.area}, sf32), inter}, sf32);
  Value quotient = l.op("divide", {inter, uni}, sf32);
  Value none =
      l.op("or",
           {l.op("or",
                 {l.compare(a.area, zero, "LE"), l.compare(c.area, zero, "LE")},
                 si1),
            l.compare(inter, zero, "EQ")},
           si1);
  return l.op("select", {none, zero, quotient}, sf32);
}

/// `s` (a scalar) broadcast to `type`.
Value spread(Lowering &l, Value s, RankedTensorType type) {
  return l.op("broadcast_in_dim", s, type,
              {l.named("broadcast_dimensions", l.i64s({}))});
}

} // namespace

NMSLoop nms::buildSoftLoop(Lowering &l, Value boxes, Value scores,
                           int64_t capacity, Value limit, Value scoreThreshold,
                           float sigma) {
  OpBuilder &b = l.b;
  Type i32 = b.getI32Type(), f32 = b.getF32Type(), i1 = b.getI1Type();
  int64_t n = l.type(scores).getDimSize(0);
  auto si32 = scalarOf(i32), sf32 = scalarOf(f32), si1 = scalarOf(i1);
  auto ni32 = RankedTensorType::get({n}, i32);
  auto nf32 = RankedTensorType::get({n}, f32);
  auto ni1 = RankedTensorType::get({n}, i1);
  auto ki32 = RankedTensorType::get({capacity}, i32);
  auto kf32 = RankedTensorType::get({capacity}, f32);
  // The weight's factor, computed in float as the kernel does.
  float scale = -0.5f / sigma;
  // Carried: alive, current scores, compared-up-to, selected, their
  // scores, count.
  Value alive0 = l.compare(scores, spread(l, scoreThreshold, nf32), "GT");
  SmallVector<Value> init = {alive0,           scores,
                             l.splat(ni32, 0), l.splat(ki32, 0),
                             l.splat(kf32, 0), l.splat(si32, 0)};
  Operation *loop = buildWhile(
      l, init,
      [&](Block *block) {
        Value anyAlive = l.withBody("reduce", block->getArgument(0), 0, "or",
                                    si1, {l.named("dimensions", l.i64s({0}))});
        Value room = l.compare(block->getArgument(5), limit, "LT");
        return l.op("and", {room, anyAlive}, si1);
      },
      [&](Block *block) -> SmallVector<Value> {
        Value alive = block->getArgument(0), cur = block->getArgument(1),
              begin = block->getArgument(2), selected = block->getArgument(3),
              selScores = block->getArgument(4), count = block->getArgument(5);
        // The queue's top: the highest score, the lowest index among equals
        // (alive scores are above the threshold: never NaN or -inf).
        Value minusInf =
            l.splat(nf32, -std::numeric_limits<double>::infinity());
        Value masked = l.op("select", {alive, cur, minusInf}, nf32);
        Value top = l.reduce(masked, {0}, "maximum",
                             -std::numeric_limits<double>::infinity());
        Value isTop = l.op(
            "and", {alive, l.compare(masked, spread(l, top, nf32), "EQ")}, ni1);
        Value positions =
            l.op("iota", {}, ni32,
                 {l.named("iota_dimension", b.getI64IntegerAttr(0))});
        Value idx =
            l.reduce(l.op("select", {isTop, positions, l.splat(ni32, n)}, ni32),
                     {0}, "minimum", static_cast<double>(n));
        Value original = elementAt(l, cur, idx);
        Value from = elementAt(l, begin, idx);
        Box box = boxAt(l, boxes, idx);
        Value scaleC = l.splat(sf32, scale);
        Value one = l.splat(si32, 1);
        // Newest first: j from count - 1 down to `from`, until the score is
        // at or below the threshold.
        Operation *decay = buildWhile(
            l,
            {l.op("subtract", {count, one}, si32), original, l.splat(si1, 0)},
            [&](Block *inner) {
              Value more = l.compare(inner->getArgument(0), from, "GE");
              return l.op("and",
                          {more, l.op("not", inner->getArgument(2), si1)}, si1);
            },
            [&](Block *inner) -> SmallVector<Value> {
              Value j = inner->getArgument(0), s = inner->getArgument(1);
              Box other = boxAt(l, boxes, elementAt(l, selected, j));
              Value iou = iouOf(l, box, other);
              Value w =
                  l.op("exponential",
                       l.op("multiply",
                            {l.op("multiply", {scaleC, iou}, sf32), iou}, sf32),
                       sf32);
              Value next = l.op("multiply", {s, w}, sf32);
              return {l.op("subtract", {j, one}, si32), next,
                      l.compare(next, scoreThreshold, "LE")};
            });
        Value score = decay->getResult(1);
        Value take = l.compare(score, original, "EQ");
        Value stays = l.op(
            "and",
            {l.op("not", take, si1), l.compare(score, scoreThreshold, "GT")},
            si1);
        // Written at `count` in any case; the slot counts only when taken.
        return {setAt(l, alive, idx, stays),
                setAt(l, cur, idx, score),
                setAt(l, begin, idx, count),
                setAt(l, selected, count, idx),
                setAt(l, selScores, count, score),
                l.op("add", {count, l.convert(take, i32)}, si32)};
      });
  return {loop->getResult(3), loop->getResult(5), loop->getResult(4)};
}

LogicalResult nms::combinedNonMaxSuppression(Lowering &l,
                                             SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(6, 4)))
    return failure();
  OpBuilder &b = l.b;
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto si32 = scalarOf(i32), sf32 = scalarOf(f32);
  Value boxes = l.operand(0), scores = l.operand(1);
  RankedTensorType bt = l.type(boxes), st = l.type(scores);
  if (!bt.hasStaticShape() || !st.hasStaticShape() || bt.getRank() != 4 ||
      bt.getDimSize(3) != 4 || st.getRank() != 3 ||
      st.getDimSize(0) != bt.getDimSize(0) ||
      st.getDimSize(1) != bt.getDimSize(1))
    return l.error() << "expects static boxes [batch, n, q, 4] and scores "
                        "[batch, n, classes], has "
                     << bt << " and " << st;
  if (!isa<FloatType>(bt.getElementType()) ||
      !isa<FloatType>(st.getElementType()))
    return l.error() << "expects floating-point boxes and scores";
  int64_t batch = bt.getDimSize(0), n = bt.getDimSize(1), q = bt.getDimSize(2),
          classes = st.getDimSize(2);
  if (q != 1 && q != classes)
    return l.error() << "boxes' third dimension must be 1 or the number of "
                        "classes ("
                     << classes << "), is " << q;
  FailureOr<double> perClassF = constFloat(l, 2), totalF = constFloat(l, 3);
  if (failed(perClassF) || failed(totalF))
    return l.error() << "max_output_size_per_class and max_total_size must "
                        "be constants (they give the output shapes)";
  constexpr double kInt32Max = std::numeric_limits<int32_t>::max();
  if (!(*perClassF > 0 && *perClassF <= kInt32Max && *totalF > 0 &&
        *totalF <= kInt32Max))
    return l.error() << "max_output_size_per_class and max_total_size must "
                        "be positive int32 values";
  int64_t perClass = static_cast<int64_t>(*perClassF);
  int64_t total = static_cast<int64_t>(*totalF);
  FailureOr<bool> padPerClass = l.boolAttr("pad_per_class", false);
  FailureOr<bool> clip = l.boolAttr("clip_boxes", true);
  if (failed(padPerClass) || failed(clip))
    return failure();
  int64_t size = std::min(perClass, n);
  int64_t maxTotal, slots, all;
  if (llvm::MulOverflow(perClass, classes, maxTotal) || maxTotal > INT32_MAX)
    maxTotal = INT32_MAX;
  int64_t width = *padPerClass ? std::min(total, maxTotal) : total;
  constexpr int64_t kMaxSlots = int64_t(1) << 24;
  if (llvm::MulOverflow(size, classes, slots) ||
      llvm::MulOverflow(batch, std::max(slots, width), all) ||
      slots > kMaxSlots || width > kMaxSlots || all > kMaxSlots)
    return l.error() << "the selection (" << batch << " batches of " << size
                     << " x " << classes << " slots, " << width
                     << " outputs) is too large";
  auto bw = RankedTensorType::get({batch, width}, f32);
  auto vb = RankedTensorType::get({batch}, i32);
  if (slots == 0) {
    // No box: nothing is selected.
    results.push_back(
        l.splat(RankedTensorType::get({batch, width, 4}, f32), 0));
    results.push_back(l.splat(bw, 0));
    results.push_back(l.splat(bw, 0));
    results.push_back(l.splat(vb, 0));
    return success();
  }
  Value boxes32 = l.convert(boxes, f32), scores32 = l.convert(scores, f32);
  Value iouThreshold = l.convert(l.reshape(l.operand(4), {}), f32);
  Value scoreThreshold = l.convert(l.reshape(l.operand(5), {}), f32);
  auto bl = RankedTensorType::get({batch, slots}, f32);
  auto vs = RankedTensorType::get({size}, f32);
  auto vsi = RankedTensorType::get({size}, i32);
  auto vn = RankedTensorType::get({n}, f32);
  auto vni = RankedTensorType::get({n}, i32);
  // Carried: t (batch * classes + class), the slots' scores, classes and
  // the four coordinates, and the count per batch.
  SmallVector<Value> init = {l.splat(si32, 0), l.splat(bl, -1),
                             l.splat(bl, -1)};
  for (int k = 0; k < 4; ++k)
    init.push_back(l.splat(bl, 0));
  init.push_back(l.splat(vb, 0));
  Operation *loop = buildWhile(
      l, init,
      [&](Block *block) {
        return l.compare(block->getArgument(0),
                         l.splat(si32, static_cast<double>(batch * classes)),
                         "LT");
      },
      [&](Block *block) -> SmallVector<Value> {
        Value t = block->getArgument(0);
        Value numClasses = l.splat(si32, static_cast<double>(classes));
        Value bi = l.op("divide", {t, numClasses}, si32);
        Value ci = l.op("remainder", {t, numClasses}, si32);
        Value zero = l.splat(si32, 0);
        Value column = l.op("dynamic_slice", {scores32, bi, zero, ci},
                            RankedTensorType::get({1, n, 1}, f32),
                            {l.named("slice_sizes", l.i64s({1, n, 1}))});
        column = l.reshape(column, {n});
        Value qi = q > 1 ? ci : zero;
        Value rows = l.op("dynamic_slice", {boxes32, bi, zero, qi, zero},
                          RankedTensorType::get({1, n, 1, 4}, f32),
                          {l.named("slice_sizes", l.i64s({1, n, 1, 4}))});
        rows = l.reshape(rows, {n, 4});
        // Candidates by descending score (NaN last, -0 as +0), lower
        // index first among equals.
        Value isNaN = l.compare(column, column, "NE");
        Value keys =
            l.op("select",
                 {isNaN, l.splat(vn, -std::numeric_limits<double>::infinity()),
                  l.op("add", {column, l.splat(vn, 0)}, vn)},
                 vn);
        Value positions =
            l.op("iota", {}, vni,
                 {l.named("iota_dimension", b.getI64IntegerAttr(0))});
        SmallVector<Value, 2> sorted = sortBy(l, {keys, positions}, "GT");
        Value padded =
            l.op("concatenate",
                 {sorted[0], l.splat(RankedTensorType::get({1}, f32),
                                     -std::numeric_limits<double>::infinity())},
                 RankedTensorType::get({n + 1}, f32),
                 {l.named("dimension", b.getI64IntegerAttr(0))});
        NMSLoop sel = buildHardLoop(l, rows, sorted[1], padded, size,
                                    l.splat(si32, static_cast<double>(size)),
                                    iouThreshold, scoreThreshold,
                                    /*nanSuppresses=*/false);
        Value slotIds =
            l.op("iota", {}, vsi,
                 {l.named("iota_dimension", b.getI64IntegerAttr(0))});
        Value used = l.compare(slotIds, spread(l, sel.count, vsi), "LT");
        Value index =
            l.op("select", {used, sel.selected, l.splat(vsi, 0)}, vsi);
        auto gather1 = [&](Value v) {
          auto dims = stablehlo::GatherDimensionNumbersAttr::get(
              b.getContext(), {}, {0}, {}, {}, {0}, 1);
          return l.op("gather", {v, index}, vs,
                      {l.named("dimension_numbers", dims),
                       l.named("slice_sizes", l.i64s({1}))});
        };
        SmallVector<Value> columns = {
            l.op("select", {used, gather1(column), l.splat(vs, -1)}, vs),
            l.op("select",
                 {used, spread(l, l.convert(ci, f32), vs), l.splat(vs, -1)},
                 vs)};
        for (int64_t k = 0; k < 4; ++k) {
          Value coord = l.op("slice", rows, RankedTensorType::get({n, 1}, f32),
                             {l.named("start_indices", l.i64s({0, k})),
                              l.named("limit_indices", l.i64s({n, k + 1})),
                              l.named("strides", l.i64s({1, 1}))});
          columns.push_back(
              l.op("select",
                   {used, gather1(l.reshape(coord, {n})), l.splat(vs, 0)}, vs));
        }
        Value at = l.op("multiply",
                        {ci, l.splat(si32, static_cast<double>(size))}, si32);
        SmallVector<Value> next = {l.op("add", {t, l.splat(si32, 1)}, si32)};
        for (auto [k, c] : llvm::enumerate(columns))
          next.push_back(
              l.op("dynamic_update_slice",
                   {block->getArgument(1 + k), l.reshape(c, {1, size}), bi, at},
                   bl));
        Value counts = block->getArgument(7);
        next.push_back(
            setAt(l, counts, bi,
                  l.op("add", {elementAt(l, counts, bi), sel.count}, si32)));
        return next;
      });
  // Each batch's slots by descending score, stable.
  SmallVector<Value> slotValues;
  for (unsigned k = 1; k <= 6; ++k)
    slotValues.push_back(loop->getResult(k));
  SmallVector<Value, 2> sorted = sortBy(l, slotValues, "GT", 1);
  Value counts = loop->getResult(7);
  int64_t limitValue = *padPerClass ? width : total;
  Value found = l.op("minimum",
                     {counts, l.splat(vb, static_cast<double>(std::min<int64_t>(
                                              limitValue, INT32_MAX)))},
                     vb);
  auto bwi = RankedTensorType::get({batch, width}, i32);
  Value columnIds = l.op("iota", {}, bwi,
                         {l.named("iota_dimension", b.getI64IntegerAttr(1))});
  Value keep = l.compare(columnIds,
                         l.op("broadcast_in_dim", found, bwi,
                              {l.named("broadcast_dimensions", l.i64s({0}))}),
                         "LT");
  auto fit = [&](Value v) {
    if (width <= slots)
      return l.op("slice", v, bw,
                  {l.named("start_indices", l.i64s({0, 0})),
                   l.named("limit_indices", l.i64s({batch, width})),
                   l.named("strides", l.i64s({1, 1}))});
    return l.op("pad", {v, l.splat(sf32, 0)}, bw,
                {l.named("edge_padding_low", l.i64s({0, 0})),
                 l.named("edge_padding_high", l.i64s({0, width - slots})),
                 l.named("interior_padding", l.i64s({0, 0}))});
  };
  Value zeros = l.splat(bw, 0);
  auto finish = [&](Value v) {
    return l.op("select", {keep, fit(v), zeros}, bw);
  };
  SmallVector<Value> corners;
  for (unsigned k = 2; k < 6; ++k) {
    Value c = fit(sorted[k]);
    if (*clip)
      c = l.op("clamp", {l.splat(sf32, 0), c, l.splat(sf32, 1)}, bw);
    corners.push_back(
        l.reshape(l.op("select", {keep, c, zeros}, bw), {batch, width, 1}));
  }
  results.push_back(l.op("concatenate", corners,
                         RankedTensorType::get({batch, width, 4}, f32),
                         {l.named("dimension", b.getI64IntegerAttr(2))}));
  results.push_back(finish(sorted[0]));
  results.push_back(finish(sorted[1]));
  results.push_back(found);
  return success();
}
