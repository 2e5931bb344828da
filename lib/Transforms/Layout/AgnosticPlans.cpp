//===- AgnosticPlans.cpp - What each layout-agnostic transposer changes ---===//
//
// One planner per kind of layout-agnostic node. A plan says which operands
// read the Transposes' inputs, which constant operands (axes, paddings,
// begin/size vectors, multiples) and attributes (squeeze dimensions, strided
// slice masks) are permuted, which rank-1 operands are reshaped to broadcast
// along the same dimension, and which results are in the target format. A
// planner changes nothing; it fails when a needed operand is not a constant
// or not transposed, or when a result without the removed dimensions would
// differ between the formats.
//
//===----------------------------------------------------------------------===//

#include "Layout.h"

#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::layout;

namespace {
/// Plans one node: the context, the node and the plan being built.
struct Planner {
  const LayoutContext &ctx;
  Operation *op;
  AgnosticPlan &plan;
  /// The rank of the data moved: 4, or 5 between 3-D ops (NDHWC <-> NCDHW).
  int64_t rank = 4;

  bool fail(const char *reason) {
    plan.reason = reason;
    return false;
  }
  Value operand(unsigned port) { return op->getOperand(port); }
  unsigned numData() { return getNumDataOperands(op); }
  unsigned numResults() { return getDataResults(op).size(); }

  /// The value in the target format that operand `port` transposes (of
  /// the planner's rank), or null.
  Value transposedFrom(unsigned port) {
    return rank == 5 ? getTransposedFrom5(ctx, operand(port))
                     : getTransposedFrom(ctx, operand(port));
  }
  /// Moves operand `port` if it is a transposed value of the planner's rank.
  bool move(unsigned port) {
    Value x = transposedFrom(port);
    if (!x)
      return false;
    plan.moved.push_back({port, x});
    return true;
  }
  bool moveOrFail(unsigned port) {
    return move(port) || fail("a data operand is not a transposed value of "
                              "the node's rank");
  }
  /// A broadcasting operand: moved, a scalar kept, or (when `reshape`) a
  /// rank-1 vector reshaped; returns false for anything else.
  bool broadcastOperand(unsigned port, bool &moved) {
    if (move(port)) {
      moved = true;
      return true;
    }
    int64_t rank = getRank(operand(port));
    if (rank == 0)
      return true;
    if (rank == 1) {
      plan.reshaped.push_back(port);
      return true;
    }
    return false;
  }
  void permuteAll() {
    for (unsigned i = 0, e = numResults(); i < e; ++i)
      plan.permuted.push_back(i);
  }
  /// Replaces the integer constant operand `port` by `values`.
  bool setConst(unsigned port, ArrayRef<int64_t> values) {
    DenseElementsAttr like = getConstValue(operand(port));
    if (!like || like.getNumElements() != static_cast<int64_t>(values.size()))
      return fail("a constant operand does not have the expected size");
    plan.constants.push_back({port, makeIntsLike(like, values)});
    return true;
  }
  /// The constant axes of operand `port` in the target format, with the
  /// source dimensions they name in `removed`.
  bool mapAxes(unsigned port, bool scalar, unsigned *removed = nullptr) {
    std::optional<SmallVector<int64_t, 4>> axes = getConstInts(operand(port));
    if (!axes || (scalar && axes->size() != 1))
      return fail("the axis is not a constant");
    SmallVector<int64_t, 4> mapped;
    for (int64_t axis : *axes) {
      int64_t m = ctx.mapAxis(axis, rank);
      if (m < 0)
        return fail("an axis is out of range");
      if (removed)
        *removed |= 1u << (axis < 0 ? axis + rank : axis);
      mapped.push_back(m);
    }
    return setConst(port, mapped);
  }
  /// Permutes the constant per-dimension vector of `rank` values of
  /// operand `port`.
  bool permuteConst(unsigned port) {
    std::optional<SmallVector<int64_t, 4>> values = getConstInts(operand(port));
    if (!values || static_cast<int64_t>(values->size()) != rank)
      return fail("a per-dimension operand is not a constant of the rank");
    return setConst(port, ctx.permuteVector(*values));
  }
  /// A bit mask over the `rank` source dimensions in the target order.
  unsigned permuteMask(unsigned mask) {
    ArrayRef<int64_t> toPerm = ctx.getToPerm(rank);
    unsigned out = 0;
    for (int64_t i = 0; i < rank; ++i)
      if (mask & (1u << toPerm[i]))
        out |= 1u << i;
    return out;
  }
  /// The result, without the source dimensions in `removed`, is the same in
  /// both formats when the others keep their order; with none removed it is
  /// in the target format.
  bool reduceResult(unsigned removed) {
    if (removed == 0) {
      plan.permuted.push_back(0);
      return true;
    }
    return ctx.keepsOrder(removed, rank) ||
           fail("the dimensions left change order between the formats");
  }

  /// Elementwise (every operand) and binary (an operand may be a scalar)
  /// nodes on rank-5 transposed values; false when no operand is one.
  bool planRank5(AgnosticKind kind);
  /// For the kinds that permute a constant operand or attribute: rank 5
  /// when a data operand is a transposed rank-5 value.
  void chooseRank(AgnosticKind kind);
  bool plan_(AgnosticKind kind);
  bool planPad();
  bool planReduce();
  bool planSqueeze();
  bool planStridedSlice();
  bool planSelect(bool v2);
};
} // namespace

bool Planner::planPad() {
  if (!moveOrFail(0))
    return false;
  DenseElementsAttr value = getConstValue(operand(1));
  auto type = value ? value.getType() : ShapedType();
  if (!value || !value.getElementType().isInteger() || type.getRank() != 2 ||
      type.getDimSize(0) != rank || type.getDimSize(1) != 2)
    return fail("the paddings are not a constant [rank, 2]");
  SmallVector<int64_t, 8> old;
  for (const APInt &v : value.getValues<APInt>())
    old.push_back(v.getSExtValue());
  SmallVector<int64_t, 8> rows;
  for (int64_t p : ctx.getToPerm(rank))
    rows.append({old[p * 2], old[p * 2 + 1]});
  plan.constants.push_back({1, makeIntsLike(value, rows)});
  plan.permuted.push_back(0);
  return true;
}

bool Planner::planReduce() {
  if (numData() != 2 || !moveOrFail(0))
    return false;
  unsigned removed = 0;
  if (!mapAxes(1, false, &removed))
    return false;
  auto keep = dyn_cast_or_null<BoolAttr>(op->getAttr("keep_dims"));
  if (keep && keep.getValue()) {
    plan.permuted.push_back(0);
    return true;
  }
  return reduceResult(removed);
}

bool Planner::planSqueeze() {
  if (!moveOrFail(0))
    return false;
  unsigned removed = 0;
  auto dims = dyn_cast_or_null<ArrayAttr>(op->getAttr("squeeze_dims"));
  if (dims && !dims.empty()) {
    for (Attribute attr : dims) {
      auto value = dyn_cast<IntegerAttr>(attr);
      int64_t axis = value ? value.getInt() : rank;
      if (axis < -rank || axis >= rank)
        return fail("a squeeze dimension is out of range");
      removed |= 1u << (axis < 0 ? axis + rank : axis);
    }
  } else {
    // Every dimension of size 1: the shape must be known.
    auto type = dyn_cast<RankedTensorType>(ctx.sourceType(operand(0)));
    if (!type || !type.hasStaticShape())
      return fail("squeezing every dimension of 1 of an unknown shape");
    for (int64_t i = 0; i < rank; ++i)
      if (type.getDimSize(i) == 1)
        removed |= 1u << i;
  }
  if (!reduceResult(removed))
    return false;
  SmallVector<int64_t, 4> mapped;
  for (int64_t i = 0; i < rank; ++i)
    if (removed & (1u << i))
      mapped.push_back(ctx.mapAxis(i, rank));
  llvm::sort(mapped);
  Builder b(op->getContext());
  plan.attrs.push_back(
      b.getNamedAttr("squeeze_dims", b.getI64ArrayAttr(mapped)));
  return true;
}

bool Planner::planStridedSlice() {
  if (numData() != 4 || !moveOrFail(0))
    return false;
  auto mask = [&](StringRef name) -> int64_t {
    auto attr = dyn_cast_or_null<IntegerAttr>(op->getAttr(name));
    return attr ? attr.getInt() : 0;
  };
  if (mask("ellipsis_mask") != 0 || mask("new_axis_mask") != 0)
    return fail("an ellipsis or a new axis");
  int64_t begin = mask("begin_mask"), end = mask("end_mask"),
          shrink = mask("shrink_axis_mask");
  int64_t all = (int64_t(1) << rank) - 1;
  if (begin < 0 || begin > all || end < 0 || end > all || shrink < 0 ||
      shrink > all)
    return fail("a mask names dimensions beyond the rank");
  for (unsigned port : {1u, 2u, 3u})
    if (!permuteConst(port))
      return false;
  if (!reduceResult(static_cast<unsigned>(shrink)))
    return false;
  Builder b(op->getContext());
  plan.attrs.push_back(
      b.getNamedAttr("begin_mask", b.getI64IntegerAttr(permuteMask(begin))));
  plan.attrs.push_back(
      b.getNamedAttr("end_mask", b.getI64IntegerAttr(permuteMask(end))));
  plan.attrs.push_back(b.getNamedAttr(
      "shrink_axis_mask", b.getI64IntegerAttr(permuteMask(shrink))));
  return true;
}

bool Planner::planSelect(bool v2) {
  if (numData() != 3)
    return fail("not three operands");
  bool moved = false;
  if (v2) {
    // SelectV2 broadcasts all three operands.
    for (unsigned port = 0; port < 3; ++port)
      if (!broadcastOperand(port, moved))
        return fail("an operand of another rank");
  } else {
    // Select: the branches have one shape; the condition has it too or is
    // a vector over the batch dimension (the first in both formats).
    if (!moveOrFail(1) || !moveOrFail(2))
      return false;
    moved = true;
    if (!move(0) && getRank(operand(0)) != 1)
      return fail("the condition is neither transposed nor a vector");
  }
  if (!moved)
    return fail("no operand is transposed");
  plan.permuted.push_back(0);
  return true;
}

bool Planner::planRank5(AgnosticKind kind) {
  unsigned n = numData();
  if ((kind != AgnosticKind::Elementwise && kind != AgnosticKind::Binary) ||
      llvm::none_of(llvm::seq(0u, n), [&](unsigned port) {
        return getTransposedFrom5(ctx, operand(port));
      }))
    return false;
  plan.rank5 = true;
  if (kind == AgnosticKind::Binary && n != 2)
    return fail("not two operands");
  for (unsigned port = 0; port < n; ++port) {
    if (Value x = getTransposedFrom5(ctx, operand(port)))
      plan.moved.push_back({port, x});
    else if (kind != AgnosticKind::Binary || getRank(operand(port)) != 0)
      return fail("a rank-5 node's operand is neither transposed nor a "
                  "scalar");
  }
  permuteAll();
  return true;
}

void Planner::chooseRank(AgnosticKind kind) {
  using K = AgnosticKind;
  switch (kind) {
  case K::Pad:
  case K::ConcatV2:
  case K::Concat:
  case K::Reduce:
  case K::ReverseV2:
  case K::Tile:
  case K::Slice:
  case K::Split:
  case K::SplitV:
  case K::Squeeze:
  case K::StridedSlice:
  case K::Shape:
  case K::ShapeN:
    break;
  case K::Fill:
    // A rank-5 Shape's vector put back.
    if (numData() == 2)
      if (Operation *def = operand(0).getDefiningOp();
          def && ctx.shapeGathers.contains(def)) {
        auto type = dyn_cast<RankedTensorType>(operand(0).getType());
        if (type && type.getRank() == 1 && type.getDimSize(0) == 5)
          rank = 5;
      }
    plan.rank5 = rank == 5;
    return;
  default:
    return;
  }
  for (unsigned port = 0, n = numData(); port < n; ++port)
    if (getTransposedFrom5(ctx, operand(port))) {
      rank = 5;
      plan.rank5 = true;
      return;
    }
}

bool Planner::plan_(AgnosticKind kind) {
  using K = AgnosticKind;
  unsigned n = numData();
  if (planRank5(kind))
    return true;
  if (plan.rank5)
    return false;
  chooseRank(kind);
  switch (kind) {
  case K::Elementwise:
    if (n == 0)
      return fail("no operands");
    for (unsigned port = 0; port < n; ++port)
      if (!moveOrFail(port))
        return false;
    permuteAll();
    return true;
  case K::Binary: {
    if (n != 2)
      return fail("not two operands");
    bool moved = false;
    for (unsigned port = 0; port < 2; ++port)
      if (!broadcastOperand(port, moved))
        return fail("an operand of unknown rank or of rank 2 or 3");
    if (!moved)
      return fail("no operand is transposed");
    plan.permuted.push_back(0);
    return true;
  }
  case K::Pad:
    return n >= 2 && planPad();
  case K::ConcatV2:
  case K::Concat: {
    if (n < 2)
      return fail("no inputs");
    unsigned axis = kind == K::ConcatV2 ? n - 1 : 0;
    unsigned first = kind == K::ConcatV2 ? 0 : 1;
    unsigned end = kind == K::ConcatV2 ? n - 1 : n;
    for (unsigned port = first; port < end; ++port)
      if (!moveOrFail(port))
        return false;
    if (!mapAxes(axis, true))
      return false;
    plan.permuted.push_back(0);
    return true;
  }
  case K::Reduce:
    return planReduce();
  case K::ReverseV2:
    if (n != 2 || !moveOrFail(0) || !mapAxes(1, false))
      return false;
    plan.permuted.push_back(0);
    return true;
  case K::Tile:
    if (n != 2 || !moveOrFail(0) || !permuteConst(1))
      return false;
    plan.permuted.push_back(0);
    return true;
  case K::Slice:
    if (n != 3 || !moveOrFail(0) || !permuteConst(1) || !permuteConst(2))
      return false;
    plan.permuted.push_back(0);
    return true;
  case K::Split:
    if (n != 2 || !moveOrFail(1) || !mapAxes(0, true))
      return false;
    permuteAll();
    return true;
  case K::SplitV:
    if (n != 3 || !moveOrFail(0) || !mapAxes(2, true))
      return false;
    permuteAll();
    return true;
  case K::Squeeze:
    return n == 1 && planSqueeze();
  case K::StridedSlice:
    return planStridedSlice();
  case K::Select:
  case K::SelectV2:
    return planSelect(kind == K::SelectV2);
  case K::IdentityN:
  case K::ShapeN:
    // Each transposed operand moves; its result follows.
    for (unsigned port = 0; port < n; ++port)
      if (move(port))
        (kind == K::IdentityN ? plan.permuted : plan.shapes).push_back(port);
    return !plan.moved.empty() || fail("no operand is transposed");
  case K::Merge:
    if (n == 0)
      return fail("no inputs");
    for (unsigned port = 0; port < n; ++port)
      if (!moveOrFail(port))
        return false;
    plan.permuted.push_back(0);
    return true;
  case K::Switch:
    if (n != 2 || !moveOrFail(0))
      return false;
    plan.permuted.append({0, 1});
    return true;
  case K::Shape:
    if (n != 1 || !moveOrFail(0))
      return false;
    plan.shapes.push_back(0);
    return true;
  case K::Fill: {
    // The dimensions come from a shape this pass put back in the source
    // order: Fill reads the target-order shape instead.
    Operation *def = n == 2 ? operand(0).getDefiningOp() : nullptr;
    if (!def || !ctx.shapeGathers.contains(def))
      return fail("the dimensions are not a shape this pass permuted");
    plan.moved.push_back({0, getDataOperands(def)[0]});
    plan.permuted.push_back(0);
    return true;
  }
  case K::None:
    break;
  }
  return fail("not a layout-agnostic node");
}

bool layout::planAgnostic(const LayoutContext &ctx, Operation *op,
                          AgnosticKind kind, AgnosticPlan &plan) {
  Planner planner{ctx, op, plan};
  return planner.plan_(kind);
}
