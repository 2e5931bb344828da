//===- ArrayRules.cpp - More array TensorFlow ops to StableHLO ------------===//
//
// OneHot (iota compared with the broadcast indices: an index out of
// [0, depth) gives off_value everywhere), Reverse (a bool per dimension),
// ReverseSequence (a gather whose index along seq_dim is
// len - 1 - i below len and i beyond), MirrorPad (REFLECT, SYMMETRIC: a
// concatenation of reversed slices per dimension), LinSpace (start +
// i * step in the element type, the last value exactly stop),
// SpaceToBatchND/BatchToSpaceND (pad, reshape, transpose, reshape, slice),
// BroadcastArgs/BroadcastGradientArgs of constant shapes (constants, as
// TensorFlow's BCast computes them), PlaceholderWithDefault (its default:
// the legalized program has no feed for it), Cross.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

Value slice(Lowering &l, Value x, ArrayRef<int64_t> start,
            ArrayRef<int64_t> limit) {
  RankedTensorType t = l.type(x);
  SmallVector<int64_t> shape, strides(t.getRank(), 1);
  for (auto [s, e] : llvm::zip(start, limit))
    shape.push_back(e - s);
  return l.op("slice", x, RankedTensorType::get(shape, t.getElementType()),
              {l.named("start_indices", l.i64s(start)),
               l.named("limit_indices", l.i64s(limit)),
               l.named("strides", l.i64s(strides))});
}

Value sliceAxis(Lowering &l, Value x, int64_t axis, int64_t begin,
                int64_t end) {
  RankedTensorType t = l.type(x);
  SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape());
  start[axis] = begin;
  limit[axis] = end;
  return slice(l, x, start, limit);
}

Value concat(Lowering &l, ArrayRef<Value> parts, int64_t axis) {
  if (parts.size() == 1)
    return parts[0];
  RankedTensorType t = l.type(parts[0]);
  SmallVector<int64_t> shape(t.getShape());
  shape[axis] = 0;
  for (Value p : parts)
    shape[axis] += l.type(p).getDimSize(axis);
  return l.op("concatenate", parts,
              RankedTensorType::get(shape, t.getElementType()),
              {l.named("dimension", l.b.getI64IntegerAttr(axis))});
}

Value reverseAxis(Lowering &l, Value x, int64_t axis) {
  return l.op("reverse", x, l.type(x), {l.named("dimensions", l.i64s({axis}))});
}

Value iota(Lowering &l, RankedTensorType t, int64_t dim) {
  return l.op("iota", {}, t,
              {l.named("iota_dimension", l.b.getI64IntegerAttr(dim))});
}

/// OneHot(indices, depth, on_value, off_value), `axis` (-1: last).
LogicalResult oneHot(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(4, 1)))
    return failure();
  Value indices = l.operand(0);
  RankedTensorType it = l.type(indices), out = l.resultType();
  FailureOr<int64_t> axisAttr = l.intAttr("axis", -1);
  if (failed(axisAttr))
    return failure();
  int64_t rank = out.getRank();
  int64_t axis = *axisAttr == -1 ? rank - 1 : *axisAttr;
  if (axis < 0 || axis >= rank || it.getRank() + 1 != rank)
    return l.error() << "axis " << *axisAttr << " does not fit " << it
                     << " and " << out;
  if (!isa<IntegerType>(it.getElementType()))
    return l.error() << "expects integer indices, has " << it;
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis)
      dims.push_back(i);
  auto idxOut = RankedTensorType::get(out.getShape(), it.getElementType());
  Value b = l.op("broadcast_in_dim", indices, idxOut,
                 {l.named("broadcast_dimensions", l.i64s(dims))});
  Value hot = l.compare(b, iota(l, idxOut, axis), "EQ");
  FailureOr<Value> on = l.broadcastTo(l.operand(2), out.getShape());
  FailureOr<Value> off = l.broadcastTo(l.operand(3), out.getShape());
  if (failed(on) || failed(off))
    return failure();
  if (l.type(*on) != out || l.type(*off) != out)
    return l.error() << "on_value and off_value must be scalars of "
                     << out.getElementType();
  results.push_back(l.op("select", {hot, *on, *off}, out));
  return success();
}

/// Reverse(tensor, dims): dims is a constant bool per dimension.
LogicalResult reverseV1(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  FailureOr<SmallVector<int64_t>> flags = l.constInts(1);
  if (failed(flags))
    return failure();
  if ((int64_t)flags->size() != l.type(x).getRank())
    return l.error() << "dims has " << flags->size() << " entries for rank "
                     << l.type(x).getRank();
  SmallVector<int64_t> dims;
  for (auto [i, f] : llvm::enumerate(*flags))
    if (f)
      dims.push_back(i);
  results.push_back(dims.empty() ? x
                                 : l.op("reverse", x, l.type(x),
                                        {l.named("dimensions", l.i64s(dims))}));
  return success();
}

/// ReverseSequence(input, seq_lengths): along seq_dim, the first
/// seq_lengths[b] elements of batch b reversed (a gather with one index
/// vector per element; lengths beyond the dimension clamp).
LogicalResult reverseSequence(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0), lengths = l.operand(1);
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  FailureOr<int64_t> seqDim = l.intAttr("seq_dim");
  FailureOr<int64_t> batchDim = l.intAttr("batch_dim", 0);
  if (failed(seqDim) || failed(batchDim))
    return failure();
  if (*seqDim < 0 || *seqDim >= rank || *batchDim < 0 || *batchDim >= rank ||
      *seqDim == *batchDim)
    return l.error() << "seq_dim " << *seqDim << " and batch_dim " << *batchDim
                     << " do not fit " << t;
  RankedTensorType lt = l.type(lengths);
  if (lt.getRank() != 1 || lt.getDimSize(0) != t.getDimSize(*batchDim) ||
      !isa<IntegerType>(lt.getElementType()))
    return l.error() << "seq_lengths " << lt << " does not match " << t;
  auto it = RankedTensorType::get(t.getShape(), l.b.getI64Type());
  Value len = l.op("broadcast_in_dim", l.convert(lengths, l.b.getI64Type()), it,
                   {l.named("broadcast_dimensions", l.i64s({*batchDim}))});
  Value i = iota(l, it, *seqDim);
  Value flipped =
      l.op("subtract", {l.op("subtract", {len, l.splat(it, 1)}, it), i}, it);
  Value src = l.op("select", {l.compare(i, len, "LT"), flipped, i}, it);
  auto colType =
      RankedTensorType::get(llvm::to_vector(llvm::concat<const int64_t>(
                                t.getShape(), ArrayRef<int64_t>{1})),
                            l.b.getI64Type());
  SmallVector<Value> cols;
  SmallVector<int64_t> all, ones(rank, 1);
  for (int64_t d = 0; d < rank; ++d) {
    Value c = d == *seqDim ? src : iota(l, it, d);
    cols.push_back(l.reshape(c, colType.getShape()));
    all.push_back(d);
  }
  Value idx = concat(l, cols, rank);
  auto dims = stablehlo::GatherDimensionNumbersAttr::get(
      l.b.getContext(), {}, all, {}, {}, all, rank);
  results.push_back(l.op("gather", {x, idx}, t,
                         {l.named("dimension_numbers", dims),
                          l.named("slice_sizes", l.i64s(ones))}));
  return success();
}

/// A constant `paddings` operand [rank, 2].
FailureOr<SmallVector<int64_t>> pairs(Lowering &l, unsigned i, int64_t rank,
                                      StringRef what) {
  FailureOr<SmallVector<int64_t>> p = l.constInts(i);
  if (failed(p))
    return failure();
  if ((int64_t)p->size() != 2 * rank)
    return l.error() << what << " must have " << rank << " pairs";
  for (int64_t v : *p)
    if (v < 0)
      return l.error() << what << " must not be negative";
  return p;
}

/// MirrorPad(input, paddings), mode REFLECT (the edge not repeated) or
/// SYMMETRIC (the edge repeated).
LogicalResult mirrorPad(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  int64_t rank = l.type(x).getRank();
  FailureOr<StringRef> mode = l.strAttr("mode");
  FailureOr<SmallVector<int64_t>> pads = pairs(l, 1, rank, "paddings");
  if (failed(mode) || failed(pads))
    return failure();
  if (*mode != "REFLECT" && *mode != "SYMMETRIC")
    return l.error() << "mode '" << *mode << "' is not REFLECT or SYMMETRIC";
  int64_t skip = *mode == "REFLECT" ? 1 : 0;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t lo = (*pads)[2 * d], hi = (*pads)[2 * d + 1];
    int64_t n = l.type(x).getDimSize(d);
    if (lo > n - skip || hi > n - skip)
      return l.error() << "paddings of dimension " << d << " exceed what mode "
                       << *mode << " allows for size " << n;
    SmallVector<Value> parts;
    if (lo)
      parts.push_back(reverseAxis(l, sliceAxis(l, x, d, skip, skip + lo), d));
    parts.push_back(x);
    if (hi)
      parts.push_back(
          reverseAxis(l, sliceAxis(l, x, d, n - skip - hi, n - skip), d));
    x = concat(l, parts, d);
  }
  if (l.type(x) != l.resultType())
    return l.error() << "padded to " << x.getType() << ", not "
                     << l.resultType();
  results.push_back(x);
  return success();
}

/// LinSpace(start, stop, num): start + i * step, the last exactly stop.
LogicalResult linSpace(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value start = l.operand(0), stop = l.operand(1);
  RankedTensorType out = l.resultType();
  if (l.type(start).getRank() != 0 || start.getType() != stop.getType() ||
      !isa<FloatType>(l.type(start).getElementType()) || out.getRank() != 1)
    return l.error() << "expects float scalars start and stop";
  int64_t n = out.getDimSize(0);
  if (n < 1)
    return l.error() << "num must be positive";
  RankedTensorType st = l.type(start);
  Value step = l.op(
      "divide",
      {l.op("subtract", {stop, start}, st), l.splat(st, n > 1 ? n - 1 : 1)},
      st);
  auto bc = [&](Value v) {
    return l.op("broadcast_in_dim", v, out,
                {l.named("broadcast_dimensions", l.i64s({}))});
  };
  Value r = l.op(
      "add", {bc(start), l.op("multiply", {iota(l, out, 0), bc(step)}, out)},
      out);
  if (n > 1) {
    auto it = RankedTensorType::get({n}, l.b.getI64Type());
    Value last = l.compare(iota(l, it, 0), l.splat(it, n - 1), "EQ");
    r = l.op("select", {last, bc(stop), r}, out);
  }
  results.push_back(r);
  return success();
}

/// SpaceToBatchND(input, block_shape, paddings) and
/// BatchToSpaceND(input, block_shape, crops).
LogicalResult spaceBatch(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> block = l.constInts(1);
  if (failed(block))
    return failure();
  int64_t m = block->size(), rank = t.getRank();
  if (m < 1 || m + 1 > rank)
    return l.error() << "block_shape of " << m << " dimensions does not fit "
                     << t;
  FailureOr<SmallVector<int64_t>> pads = pairs(l, 2, m, "paddings or crops");
  if (failed(pads))
    return failure();
  int64_t prod = 1;
  for (int64_t b : *block) {
    if (b < 1)
      return l.error() << "block_shape must be positive";
    prod *= b;
  }
  Type elem = t.getElementType();
  SmallVector<int64_t> rest(t.getShape().drop_front(m + 1));
  if (l.node.opType == "SpaceToBatchND") {
    SmallVector<int64_t> low(rank, 0), high(rank, 0), inner(rank, 0);
    SmallVector<int64_t> padded(t.getShape());
    for (int64_t i = 0; i < m; ++i) {
      low[i + 1] = (*pads)[2 * i];
      high[i + 1] = (*pads)[2 * i + 1];
      padded[i + 1] += low[i + 1] + high[i + 1];
      if (padded[i + 1] % (*block)[i])
        return l.error() << "padded dimension " << i + 1
                         << " is not divisible by the block";
    }
    Value p = l.op("pad", {x, l.splat(RankedTensorType::get({}, elem), 0)},
                   RankedTensorType::get(padded, elem),
                   {l.named("edge_padding_low", l.i64s(low)),
                    l.named("edge_padding_high", l.i64s(high)),
                    l.named("interior_padding", l.i64s(inner))});
    // [B, s1/b1, b1, ..., sM/bM, bM, rest] -> [b1..bM, B, s/b..., rest].
    SmallVector<int64_t> split{t.getDimSize(0)}, perm,
        merged{t.getDimSize(0) * prod};
    for (int64_t i = 0; i < m; ++i) {
      split.push_back(padded[i + 1] / (*block)[i]);
      split.push_back((*block)[i]);
      merged.push_back(padded[i + 1] / (*block)[i]);
    }
    llvm::append_range(split, rest);
    llvm::append_range(merged, rest);
    for (int64_t i = 0; i < m; ++i)
      perm.push_back(2 + 2 * i);
    perm.push_back(0);
    for (int64_t i = 0; i < m; ++i)
      perm.push_back(1 + 2 * i);
    for (int64_t i = 0, e = rest.size(); i < e; ++i)
      perm.push_back(1 + 2 * m + i);
    Value r = l.reshape(l.transpose(l.reshape(p, split), perm), merged);
    if (l.type(r) != l.resultType())
      return l.error() << "gives " << r.getType() << ", not " << l.resultType();
    results.push_back(r);
    return success();
  }
  if (t.getDimSize(0) % prod)
    return l.error() << "batch " << t.getDimSize(0)
                     << " is not divisible by the block size " << prod;
  int64_t batch = t.getDimSize(0) / prod;
  // [b1..bM, B, s1..sM, rest] -> [B, s1, b1, ..., sM, bM, rest].
  SmallVector<int64_t> split(*block), perm{m}, merged{batch};
  split.push_back(batch);
  for (int64_t i = 0; i < m; ++i) {
    split.push_back(t.getDimSize(i + 1));
    merged.push_back(t.getDimSize(i + 1) * (*block)[i]);
  }
  llvm::append_range(split, rest);
  llvm::append_range(merged, rest);
  for (int64_t i = 0; i < m; ++i) {
    perm.push_back(m + 1 + i);
    perm.push_back(i);
  }
  for (int64_t i = 0, e = rest.size(); i < e; ++i)
    perm.push_back(2 * m + 1 + i);
  Value r = l.reshape(l.transpose(l.reshape(x, split), perm), merged);
  SmallVector<int64_t> start(merged.size(), 0), limit(merged);
  for (int64_t i = 0; i < m; ++i) {
    start[i + 1] = (*pads)[2 * i];
    limit[i + 1] -= (*pads)[2 * i + 1];
    if (start[i + 1] > limit[i + 1])
      return l.error() << "crops exceed dimension " << i + 1;
  }
  r = slice(l, r, start, limit);
  if (l.type(r) != l.resultType())
    return l.error() << "gives " << r.getType() << ", not " << l.resultType();
  results.push_back(r);
  return success();
}

/// The two constant shape vectors of BroadcastArgs/BroadcastGradientArgs
/// and their broadcast shape.
struct ShapePair {
  SmallVector<int64_t> s0, s1, out;
};

FailureOr<ShapePair> shapePair(Lowering &l) {
  ShapePair p;
  FailureOr<SmallVector<int64_t>> a = l.constInts(0), b = l.constInts(1);
  if (failed(a) || failed(b))
    return failure();
  p.s0 = *a;
  p.s1 = *b;
  int64_t rank = std::max(p.s0.size(), p.s1.size());
  for (int64_t d = 0; d < rank; ++d) {
    int64_t d0 = d - (rank - (int64_t)p.s0.size());
    int64_t d1 = d - (rank - (int64_t)p.s1.size());
    int64_t x = d0 < 0 ? 1 : p.s0[d0], y = d1 < 0 ? 1 : p.s1[d1];
    if (x < 0 || y < 0 || (x != y && x != 1 && y != 1))
      return l.error() << "shapes are not broadcast-compatible";
    p.out.push_back(x == 1 ? y : x);
  }
  return p;
}

Value intVector(Lowering &l, RankedTensorType type, ArrayRef<int64_t> v) {
  auto it = cast<IntegerType>(type.getElementType());
  SmallVector<APInt> values;
  for (int64_t x : v)
    values.push_back(APInt(it.getWidth(), x, /*isSigned=*/true));
  return l.constant(DenseElementsAttr::get(
      RankedTensorType::get({(int64_t)v.size()}, it), values));
}

LogicalResult broadcastArgs(Lowering &l, SmallVectorImpl<Value> &results) {
  bool grad = l.node.opType == "BroadcastGradientArgs";
  if (failed(l.expectArity(2, grad ? 2 : 1)))
    return failure();
  FailureOr<ShapePair> p = shapePair(l);
  if (failed(p))
    return failure();
  if (!grad) {
    results.push_back(intVector(l, l.resultType(), p->out));
  } else {
    // As TensorFlow's BCast: an input reduces where it is 1 and the output
    // is not, both where every input is 1; equal shapes reduce nothing.
    SmallVector<int64_t> r0, r1;
    int64_t rank = p->s0 == p->s1 ? 0 : p->out.size();
    for (int64_t d = 0; d < rank; ++d) {
      int64_t d0 = d - (rank - (int64_t)p->s0.size());
      int64_t d1 = d - (rank - (int64_t)p->s1.size());
      bool one0 = d0 < 0 || p->s0[d0] == 1, one1 = d1 < 0 || p->s1[d1] == 1;
      if (one0 && (one1 || p->out[d] != 1))
        r0.push_back(d);
      if (one1 && (one0 || p->out[d] != 1))
        r1.push_back(d);
    }
    results.push_back(intVector(l, l.resultType(0), r0));
    results.push_back(intVector(l, l.resultType(1), r1));
  }
  return success();
}

/// PlaceholderWithDefault: the legalized program has no feed for it.
LogicalResult placeholderWithDefault(Lowering &l,
                                     SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  results.push_back(l.operand(0));
  return success();
}

/// Cross(a, b) over the last dimension (of size 3).
LogicalResult cross(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value a = l.operand(0), b = l.operand(1);
  RankedTensorType t = l.type(a);
  int64_t last = t.getRank() - 1;
  if (a.getType() != b.getType() || t.getRank() < 1 || t.getDimSize(last) != 3)
    return l.error() << "expects two tensors of one type whose last "
                        "dimension is 3";
  auto part = [&](Value v, int64_t i) {
    return sliceAxis(l, v, last, i, i + 1);
  };
  RankedTensorType pt = l.type(part(a, 0));
  auto term = [&](int64_t i, int64_t j) {
    return l.op("subtract",
                {l.op("multiply", {part(a, i), part(b, j)}, pt),
                 l.op("multiply", {part(a, j), part(b, i)}, pt)},
                pt);
  };
  results.push_back(concat(l, {term(1, 2), term(2, 0), term(0, 1)}, last));
  return success();
}

} // namespace

void tohlo::addArrayRules(RuleTable &table) {
  table["OneHot"] = oneHot;
  table["Reverse"] = reverseV1;
  table["ReverseSequence"] = reverseSequence;
  table["MirrorPad"] = mirrorPad;
  table["LinSpace"] = linSpace;
  table["SpaceToBatchND"] = spaceBatch;
  table["BatchToSpaceND"] = spaceBatch;
  table["BroadcastArgs"] = broadcastArgs;
  table["BroadcastGradientArgs"] = broadcastArgs;
  table["PlaceholderWithDefault"] = placeholderWithDefault;
  table["Cross"] = cross;
}
