//===- MatrixRules.cpp - Band and diagonal TensorFlow ops to StableHLO ----===//
//
// MatrixBandPart as a select on iota differences; MatrixDiag and
// MatrixDiagPart (V1, V2, V3) as one stablehlo.gather each, whose index
// vectors are computed per output element from iotas with TensorFlow's
// definition (the diagonal d = col - row in [k0, k1] at index k1 - d,
// its element at the position along the diagonal, shifted by the
// alignment's offset), then a select of padding_value where an output
// element lies on no diagonal. V2 aligns LEFT_LEFT, V3 by its `align`
// attribute (RIGHT_LEFT by default); V1 is k = 0 with padding 0.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

/// i64 elementwise helpers on one shape.
struct IntMath {
  Lowering &l;
  RankedTensorType t;
  Value c(int64_t v) { return l.splat(t, v); }
  Value iota(int64_t dim) {
    return l.op("iota", {}, t,
                {l.named("iota_dimension", l.b.getI64IntegerAttr(dim))});
  }
  Value add(Value a, Value b) { return l.op("add", {a, b}, t); }
  Value sub(Value a, Value b) { return l.op("subtract", {a, b}, t); }
  Value max(Value a, Value b) { return l.op("maximum", {a, b}, t); }
  Value min(Value a, Value b) { return l.op("minimum", {a, b}, t); }
  Value select(Value p, Value a, Value b) {
    return l.op("select", {p, a, b}, t);
  }
  Value land(Value a, Value b) { return l.op("and", {a, b}, l.type(a)); }
};

/// src gathered at one point per element of `coords[0]`'s shape: coords
/// holds one i64 tensor per dimension of src (out-of-range points clamp).
Value gatherPoints(Lowering &l, Value src, ArrayRef<Value> coords) {
  RankedTensorType ct = l.type(coords[0]);
  int64_t rank = l.type(src).getRank();
  SmallVector<int64_t> colShape(ct.getShape());
  colShape.push_back(1);
  SmallVector<Value> cols;
  SmallVector<int64_t> all, ones(rank, 1);
  for (int64_t d = 0; d < rank; ++d) {
    cols.push_back(l.reshape(coords[d], colShape));
    all.push_back(d);
  }
  SmallVector<int64_t> idxShape(ct.getShape());
  idxShape.push_back(rank);
  Value idx =
      rank == 1
          ? cols[0]
          : l.op("concatenate", cols,
                 RankedTensorType::get(idxShape, l.b.getI64Type()),
                 {l.named("dimension", l.b.getI64IntegerAttr(ct.getRank()))});
  auto dims = stablehlo::GatherDimensionNumbersAttr::get(
      l.b.getContext(), {}, all, {}, {}, all, ct.getRank());
  return l.op(
      "gather", {src, idx},
      RankedTensorType::get(ct.getShape(), l.type(src).getElementType()),
      {l.named("dimension_numbers", dims),
       l.named("slice_sizes", l.i64s(ones))});
}

/// MatrixBandPart(input, num_lower, num_upper): keeps row - col <=
/// num_lower and col - row <= num_upper (a negative bound keeps all).
LogicalResult bandPart(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  if (rank < 2)
    return l.error() << "expects a matrix or a batch of them, has " << t;
  IntMath m{l, RankedTensorType::get(t.getShape(), l.b.getI64Type())};
  SmallVector<Value> bounds;
  for (unsigned i = 1; i < 3; ++i) {
    Value b = l.operand(i);
    if (l.type(b).getRank() != 0 ||
        !isa<IntegerType>(l.type(b).getElementType()))
      return l.error() << "num_lower and num_upper must be integer scalars";
    bounds.push_back(l.op("broadcast_in_dim", l.convert(b, l.b.getI64Type()),
                          m.t, {l.named("broadcast_dimensions", l.i64s({}))}));
  }
  Value row = m.iota(rank - 2), col = m.iota(rank - 1);
  Value zero = m.c(0);
  auto within = [&](Value diff, Value bound) {
    return l.op("or",
                {l.compare(bound, zero, "LT"), l.compare(diff, bound, "LE")},
                l.type(l.compare(bound, zero, "LT")));
  };
  Value keep = m.land(within(m.sub(row, col), bounds[0]),
                      within(m.sub(col, row), bounds[1]));
  results.push_back(l.op("select", {keep, x, l.splat(t, 0)}, t));
  return success();
}

struct DiagSpec {
  int64_t k0 = 0, k1 = 0;
  bool upperRight = false, lowerRight = false;
  Value padding;
};

/// k (operand `kIndex`), padding_value (operand `padIndex`) and `align`.
FailureOr<DiagSpec> diagSpec(Lowering &l, unsigned kIndex, unsigned padIndex,
                             RankedTensorType elemOf) {
  DiagSpec s;
  StringRef op = l.node.opType;
  if (!op.ends_with("V2") && !op.ends_with("V3")) {
    s.padding = l.splat(RankedTensorType::get({}, elemOf.getElementType()), 0);
    return s;
  }
  FailureOr<SmallVector<int64_t>> k = l.constInts(kIndex);
  if (failed(k))
    return failure();
  if (k->empty() || k->size() > 2)
    return l.error() << "k must hold one or two values";
  s.k0 = (*k)[0];
  s.k1 = k->back();
  if (s.k0 > s.k1)
    return l.error() << "k[0] must not exceed k[1]";
  s.padding = l.operand(padIndex);
  if (l.type(s.padding).getRank() != 0 ||
      l.type(s.padding).getElementType() != elemOf.getElementType())
    return l.error() << "padding_value must be a scalar of "
                     << elemOf.getElementType();
  StringRef align = "LEFT_LEFT";
  if (op.ends_with("V3")) {
    FailureOr<StringRef> a = l.strAttr("align", StringRef("RIGHT_LEFT"));
    if (failed(a))
      return failure();
    align = *a;
  }
  if (align != "LEFT_LEFT" && align != "LEFT_RIGHT" && align != "RIGHT_LEFT" &&
      align != "RIGHT_RIGHT")
    return l.error() << "align '" << align << "' is not one of LEFT_LEFT, "
                     << "LEFT_RIGHT, RIGHT_LEFT, RIGHT_RIGHT";
  s.upperRight = align.starts_with("RIGHT");
  s.lowerRight = align.ends_with("RIGHT");
  return s;
}

/// diag_len(d) = min(cols - max(d, 0), rows + min(d, 0)) and the offset of
/// diagonal d's elements in a row of max_diag_len.
struct DiagGeometry {
  IntMath &m;
  int64_t rows, cols, maxLen;
  const DiagSpec &s;
  Value len(Value d) {
    return m.min(m.sub(m.c(cols), m.max(d, m.c(0))),
                 m.add(m.c(rows), m.min(d, m.c(0))));
  }
  Value offset(Value d) {
    Value right = m.sub(m.c(maxLen), len(d));
    Value zero = m.c(0);
    Value upper =
        s.upperRight ? m.select(m.l.compare(d, zero, "GE"), right, zero) : zero;
    return s.lowerRight ? m.select(m.l.compare(d, zero, "LE"), right, upper)
                        : upper;
  }
};

/// MatrixDiag(diagonal), MatrixDiagV2/V3(diagonal, k, num_rows, num_cols,
/// padding_value).
LogicalResult matrixDiag(Lowering &l, SmallVectorImpl<Value> &results) {
  bool v1 = l.node.opType == "MatrixDiag";
  if (failed(l.expectArity(v1 ? 1 : 5, 1)))
    return failure();
  Value diag = l.operand(0);
  RankedTensorType out = l.resultType(), dt = l.type(diag);
  FailureOr<DiagSpec> s = diagSpec(l, 1, 4, dt);
  if (failed(s))
    return failure();
  int64_t rank = out.getRank();
  int64_t numDiags = s->k1 - s->k0 + 1;
  // The diagonals as [..., numDiags, maxLen].
  if (numDiags == 1) {
    SmallVector<int64_t> shape(dt.getShape());
    if (shape.empty())
      return l.error() << "diagonal must have rank 1 or more";
    shape.insert(shape.end() - 1, 1);
    diag = l.reshape(diag, shape);
    dt = l.type(diag);
  }
  if (rank < 2 || dt.getRank() != rank ||
      dt.getShape().drop_back(2) != out.getShape().drop_back(2) ||
      dt.getDimSize(rank - 2) != numDiags)
    return l.error() << "diagonal " << l.type(l.operand(0)) << " does not give "
                     << out;
  int64_t rows = out.getDimSize(rank - 2), cols = out.getDimSize(rank - 1);
  int64_t maxLen = dt.getDimSize(rank - 1);
  IntMath m{l, RankedTensorType::get(out.getShape(), l.b.getI64Type())};
  DiagGeometry g{m, rows, cols, maxLen, *s};
  Value row = m.iota(rank - 2), col = m.iota(rank - 1);
  Value d = m.sub(col, row);
  Value diagIndex = m.sub(m.c(s->k1), d);
  Value inDiag = m.add(m.sub(col, m.max(d, m.c(0))), g.offset(d));
  SmallVector<Value> coords;
  for (int64_t i = 0; i < rank - 2; ++i)
    coords.push_back(m.iota(i));
  coords.push_back(diagIndex);
  coords.push_back(inDiag);
  Value got = gatherPoints(l, diag, coords);
  Value on =
      m.land(l.compare(d, m.c(s->k0), "GE"), l.compare(d, m.c(s->k1), "LE"));
  Value pad = l.op("broadcast_in_dim", s->padding, out,
                   {l.named("broadcast_dimensions", l.i64s({}))});
  results.push_back(l.op("select", {on, got, pad}, out));
  return success();
}

/// MatrixDiagPart(input), MatrixDiagPartV2/V3(input, k, padding_value).
LogicalResult matrixDiagPart(Lowering &l, SmallVectorImpl<Value> &results) {
  bool v1 = l.node.opType == "MatrixDiagPart";
  if (failed(l.expectArity(v1 ? 1 : 3, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x), out = l.resultType();
  FailureOr<DiagSpec> s = diagSpec(l, 1, 2, t);
  if (failed(s))
    return failure();
  int64_t rank = t.getRank();
  if (rank < 2)
    return l.error() << "expects a matrix or a batch of them, has " << t;
  int64_t rows = t.getDimSize(rank - 2), cols = t.getDimSize(rank - 1);
  int64_t numDiags = s->k1 - s->k0 + 1;
  // Work on [..., numDiags, maxLen]; one diagonal drops that dimension.
  SmallVector<int64_t> full(t.getShape().drop_back(2));
  full.push_back(numDiags);
  full.push_back(out.getRank() > 0 ? out.getDimSize(out.getRank() - 1) : 0);
  int64_t maxLen = full.back();
  SmallVector<int64_t> want(full);
  if (numDiags == 1)
    want.erase(want.end() - 2);
  if (out.getShape() != ArrayRef<int64_t>(want))
    return l.error() << "input " << t << " does not give " << out;
  IntMath m{l, RankedTensorType::get(full, l.b.getI64Type())};
  DiagGeometry g{m, rows, cols, maxLen, *s};
  int64_t fr = full.size();
  Value d = m.sub(m.c(s->k1), m.iota(fr - 2));
  Value pos = m.sub(m.iota(fr - 1), g.offset(d));
  Value zero = m.c(0);
  Value row = m.select(l.compare(d, zero, "GE"), pos, m.sub(pos, d));
  Value col = m.select(l.compare(d, zero, "GE"), m.add(pos, d), pos);
  SmallVector<Value> coords;
  for (int64_t i = 0; i < rank - 2; ++i)
    coords.push_back(m.iota(i));
  coords.push_back(row);
  coords.push_back(col);
  Value got = gatherPoints(l, x, coords);
  Value valid =
      m.land(l.compare(pos, zero, "GE"), l.compare(pos, g.len(d), "LT"));
  auto ft = RankedTensorType::get(full, t.getElementType());
  Value pad = l.op("broadcast_in_dim", s->padding, ft,
                   {l.named("broadcast_dimensions", l.i64s({}))});
  results.push_back(
      l.reshape(l.op("select", {valid, got, pad}, ft), out.getShape()));
  return success();
}

} // namespace

void tohlo::addMatrixRules(RuleTable &table) {
  table["MatrixBandPart"] = bandPart;
  for (const char *name : {"MatrixDiag", "MatrixDiagV2", "MatrixDiagV3"})
    table[name] = matrixDiag;
  for (const char *name :
       {"MatrixDiagPart", "MatrixDiagPartV2", "MatrixDiagPartV3"})
    table[name] = matrixDiagPart;
}
