//===- ShapeRules.cpp - Data movement TensorFlow ops to StableHLO ---------===//
//
// Reshape-like ops (to the node's static result type), Transpose, ConcatV2,
// Pack/Unpack, Slice/StridedSlice, Split/SplitV, Pad, Tile, BroadcastTo,
// Fill, Range, GatherV2 and the shape queries (Shape, Size, Rank), which are
// constants since every shape is static. Index operands (perm, axis,
// begin, paddings...) must be constants.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

LogicalResult reshapeRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType out = l.resultType();
  if (l.type(x).getNumElements() != out.getNumElements() ||
      l.type(x).getElementType() != out.getElementType())
    return l.error() << "cannot reshape " << l.type(x) << " to " << out;
  results.push_back(l.reshape(x, out.getShape()));
  return success();
}

LogicalResult transposeRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  FailureOr<SmallVector<int64_t>> perm = l.constInts(1);
  if (failed(perm))
    return failure();
  int64_t rank = l.type(x).getRank();
  SmallVector<bool> seen(rank, false);
  if ((int64_t)perm->size() != rank)
    return l.error() << "perm has " << perm->size() << " entries for rank "
                     << rank;
  for (int64_t &p : *perm) {
    FailureOr<int64_t> n = l.normalizeAxis(p, rank);
    if (failed(n) || seen[*n])
      return l.error() << "perm is not a permutation";
    seen[*n] = true;
    p = *n;
  }
  results.push_back(l.transpose(x, *perm));
  return success();
}

/// Concatenation of `inputs` along `axis`, with the node's result type.
Value concat(Lowering &l, ArrayRef<Value> inputs, int64_t axis) {
  if (inputs.size() == 1)
    return inputs[0];
  return l.op("concatenate", inputs, l.resultType(),
              {l.named("dimension", l.b.getI64IntegerAttr(axis))});
}

LogicalResult concatRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  ArrayRef<Value> all = l.node.operands;
  // ConcatV2: values..., axis; Concat: axis, values...
  bool axisFirst = l.node.opType == "Concat";
  unsigned axisIndex = axisFirst ? 0 : all.size() - 1;
  ArrayRef<Value> inputs = axisFirst ? all.drop_front() : all.drop_back();
  FailureOr<SmallVector<int64_t>> axis = l.constInts(axisIndex);
  if (failed(axis))
    return failure();
  if (axis->size() != 1)
    return l.error() << "axis must be a scalar";
  FailureOr<int64_t> a = l.normalizeAxis((*axis)[0], l.resultType().getRank());
  if (failed(a))
    return failure();
  results.push_back(concat(l, inputs, *a));
  return success();
}

LogicalResult packRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  RankedTensorType out = l.resultType();
  FailureOr<int64_t> axisAttr = l.intAttr("axis", 0);
  if (failed(axisAttr))
    return failure();
  FailureOr<int64_t> axis = l.normalizeAxis(*axisAttr, out.getRank());
  if (failed(axis))
    return failure();
  SmallVector<Value> parts;
  for (Value v : l.node.operands) {
    SmallVector<int64_t> shape(l.type(v).getShape());
    if ((int64_t)shape.size() + 1 != out.getRank())
      return l.error() << "input " << l.type(v) << " does not stack into "
                       << out;
    shape.insert(shape.begin() + *axis, 1);
    parts.push_back(l.reshape(v, shape));
  }
  results.push_back(concat(l, parts, *axis));
  return success();
}

/// slice of `x` from `start` with the sizes of `type`'s shape at rank of x.
Value sliceTo(Lowering &l, Value x, ArrayRef<int64_t> start,
              ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> limit, strides(start.size(), 1);
  for (auto [s, n] : llvm::zip(start, sizes))
    limit.push_back(s + n);
  RankedTensorType t = l.type(x);
  return l.op("slice", x, RankedTensorType::get(sizes, t.getElementType()),
              {l.named("start_indices", l.i64s(start)),
               l.named("limit_indices", l.i64s(limit)),
               l.named("strides", l.i64s(strides))});
}

LogicalResult unpackRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 0)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<int64_t> axisAttr = l.intAttr("axis", 0);
  if (failed(axisAttr))
    return failure();
  FailureOr<int64_t> axis = l.normalizeAxis(*axisAttr, t.getRank());
  if (failed(axis))
    return failure();
  if (t.getRank() == 0 ||
      t.getDimSize(*axis) != (int64_t)l.node.resultTypes.size())
    return l.error() << "has " << l.node.resultTypes.size() << " outputs for "
                     << t;
  SmallVector<int64_t> sizes(t.getShape());
  sizes[*axis] = 1;
  for (unsigned i = 0; i < l.node.resultTypes.size(); ++i) {
    SmallVector<int64_t> start(t.getRank(), 0);
    start[*axis] = i;
    results.push_back(
        l.reshape(sliceTo(l, x, start, sizes), l.resultType(i).getShape()));
  }
  return success();
}

/// Split (axis, value) and SplitV (value, size_splits, axis): consecutive
/// slices with the sizes of the outputs.
LogicalResult splitRule(Lowering &l, SmallVectorImpl<Value> &results) {
  bool isV = l.node.opType == "SplitV";
  if (failed(l.expectArity(isV ? 3 : 2, 1)))
    return failure();
  Value x = l.operand(isV ? 0 : 1);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> axisValue = l.constInts(isV ? 2 : 0);
  if (failed(axisValue))
    return failure();
  if (axisValue->size() != 1)
    return l.error() << "axis must be a scalar";
  FailureOr<int64_t> axis = l.normalizeAxis((*axisValue)[0], t.getRank());
  if (failed(axis))
    return failure();
  int64_t offset = 0;
  for (RankedTensorType out : l.node.resultTypes) {
    if (out.getRank() != t.getRank())
      return l.error() << "output " << out << " does not match " << t;
    SmallVector<int64_t> start(t.getRank(), 0);
    start[*axis] = offset;
    offset += out.getDimSize(*axis);
    if (offset > t.getDimSize(*axis))
      return l.error() << "outputs exceed " << t;
    results.push_back(sliceTo(l, x, start, out.getShape()));
  }
  return success();
}

LogicalResult sliceRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> begin = l.constInts(1);
  if (failed(begin))
    return failure();
  RankedTensorType out = l.resultType();
  if ((int64_t)begin->size() != t.getRank() || out.getRank() != t.getRank())
    return l.error() << "begin does not match " << t;
  for (int64_t i = 0; i < t.getRank(); ++i)
    if ((*begin)[i] < 0 || (*begin)[i] + out.getDimSize(i) > t.getDimSize(i))
      return l.error() << "slice is out of bounds of " << t;
  results.push_back(sliceTo(l, x, *begin, out.getShape()));
  return success();
}

/// StridedSlice: the sparse spec (begin, end, strides and the five masks)
/// made dense over the input's dimensions (an ellipsis covers the dims no
/// other entry names, a new axis consumes none, dims after the spec are
/// whole); dims with a negative stride are reversed first, so that the
/// slice has positive strides; new and shrunk axes are the final reshape.
LogicalResult stridedSliceRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(4, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> begin = l.constInts(1), end = l.constInts(2),
                                  strides = l.constInts(3);
  if (failed(begin) || failed(end) || failed(strides))
    return failure();
  FailureOr<int64_t> beginMask = l.intAttr("begin_mask", 0),
                     endMask = l.intAttr("end_mask", 0),
                     ellipsisMask = l.intAttr("ellipsis_mask", 0),
                     newAxisMask = l.intAttr("new_axis_mask", 0),
                     shrinkMask = l.intAttr("shrink_axis_mask", 0);
  if (failed(beginMask) || failed(endMask) || failed(ellipsisMask) ||
      failed(newAxisMask) || failed(shrinkMask))
    return failure();
  int64_t n = begin->size(), rank = t.getRank();
  if ((int64_t)end->size() != n || (int64_t)strides->size() != n || n > 64)
    return l.error() << "begin, end and strides do not match";
  auto bit = [](int64_t mask, int64_t i) { return (mask >> i) & 1; };
  // The spec entries that consume an input dimension.
  int64_t consuming = 0, ellipses = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (bit(*ellipsisMask, i))
      ++ellipses;
    else if (!bit(*newAxisMask, i))
      ++consuming;
  }
  if (ellipses > 1)
    return l.error() << "more than one ellipsis";
  if (consuming > rank)
    return l.error() << "begin, end and strides do not match " << t;
  SmallVector<int64_t> start(rank, 0), limit(t.getShape()), step(rank, 1),
      reversed;
  int64_t dim = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (bit(*ellipsisMask, i)) {
      dim += rank - consuming;
      continue;
    }
    if (bit(*newAxisMask, i))
      continue;
    int64_t size = t.getDimSize(dim), s = (*strides)[i];
    if (s == 0)
      return l.error() << "stride 0";
    // Positive strides clamp to [0, size], negative ones to [-1, size - 1].
    int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? size : size - 1;
    auto norm = [&](int64_t v) {
      return std::clamp<int64_t>(v < 0 ? v + size : v, lo, hi);
    };
    int64_t b = bit(*beginMask, i) ? (s > 0 ? 0 : size - 1) : norm((*begin)[i]);
    int64_t e = bit(*endMask, i) ? (s > 0 ? size : -1) : norm((*end)[i]);
    if (bit(*shrinkMask, i)) {
      int64_t v = (*begin)[i] < 0 ? (*begin)[i] + size : (*begin)[i];
      if (v < 0 || v >= size)
        return l.error() << "shrink index " << (*begin)[i]
                         << " is out of range for " << t;
      b = v;
      e = s > 0 ? v + 1 : v - 1;
    }
    if (s < 0) {
      // Index j of the reversed dim is size - 1 - j of the input.
      reversed.push_back(dim);
      b = size - 1 - b;
      e = size - 1 - e;
      s = -s;
    }
    start[dim] = b;
    limit[dim] = std::max(e, b);
    step[dim] = s;
    ++dim;
  }
  if (!reversed.empty())
    x = l.op("reverse", x, t, {l.named("dimensions", l.i64s(reversed))});
  SmallVector<int64_t> shape;
  for (auto [b, e, s] : llvm::zip(start, limit, step))
    shape.push_back((e - b + s - 1) / s);
  Value sliced =
      l.op("slice", x, RankedTensorType::get(shape, t.getElementType()),
           {l.named("start_indices", l.i64s(start)),
            l.named("limit_indices", l.i64s(limit)),
            l.named("strides", l.i64s(step))});
  if (RankedTensorType::get(shape, t.getElementType()).getNumElements() !=
      l.resultType().getNumElements())
    return l.error() << "slice "
                     << RankedTensorType::get(shape, t.getElementType())
                     << " does not match the output " << l.resultType();
  results.push_back(l.reshape(sliced, l.resultType().getShape()));
  return success();
}

LogicalResult padRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> pads = l.constInts(1);
  if (failed(pads))
    return failure();
  if ((int64_t)pads->size() != 2 * t.getRank())
    return l.error() << "paddings do not match " << t;
  SmallVector<int64_t> low, high, interior(t.getRank(), 0);
  for (int64_t i = 0; i < t.getRank(); ++i) {
    low.push_back((*pads)[2 * i]);
    high.push_back((*pads)[2 * i + 1]);
    if (low.back() < 0 || high.back() < 0)
      return l.error() << "negative paddings are not legalized";
  }
  Value padValue;
  if (l.node.opType == "PadV2") {
    if (l.node.operands.size() < 3 || l.type(l.operand(2)).getRank() != 0)
      return l.error() << "expects a scalar constant_values input";
    padValue = l.operand(2);
  } else {
    padValue = l.splat(RankedTensorType::get({}, t.getElementType()), 0);
  }
  results.push_back(l.op("pad", {x, padValue}, l.resultType(),
                         {l.named("edge_padding_low", l.i64s(low)),
                          l.named("edge_padding_high", l.i64s(high)),
                          l.named("interior_padding", l.i64s(interior))}));
  return success();
}

/// Tile: broadcast to [m0, d0, m1, d1, ...], then reshape.
LogicalResult tileRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<SmallVector<int64_t>> multiples = l.constInts(1);
  if (failed(multiples))
    return failure();
  if ((int64_t)multiples->size() != t.getRank())
    return l.error() << "multiples do not match " << t;
  SmallVector<int64_t> shape, dims;
  for (int64_t i = 0; i < t.getRank(); ++i) {
    if ((*multiples)[i] < 0)
      return l.error() << "multiples must not be negative";
    shape.push_back((*multiples)[i]);
    shape.push_back(t.getDimSize(i));
    dims.push_back(2 * i + 1);
  }
  Value b = l.op("broadcast_in_dim", x,
                 RankedTensorType::get(shape, t.getElementType()),
                 {l.named("broadcast_dimensions", l.i64s(dims))});
  results.push_back(l.reshape(b, l.resultType().getShape()));
  return success();
}

LogicalResult broadcastToRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  // Fill(dims, value) broadcasts input 1; BroadcastTo(input, shape) input 0.
  Value v = l.operand(l.node.opType == "Fill" ? 1 : 0);
  FailureOr<Value> r = l.broadcastTo(v, l.resultType().getShape());
  if (failed(r))
    return failure();
  results.push_back(*r);
  return success();
}

/// Range: start + iota * delta, in the output's element type.
LogicalResult rangeRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  RankedTensorType out = l.resultType();
  if (out.getRank() != 1)
    return l.error() << "expects a vector output";
  Value start = l.operand(0), delta = l.operand(2);
  if (l.type(start).getRank() != 0 || l.type(delta).getRank() != 0)
    return l.error() << "start and delta must be scalars";
  auto bcast = [&](Value s) {
    return l.op("broadcast_in_dim", l.convert(s, out.getElementType()), out,
                {l.named("broadcast_dimensions", l.i64s({}))});
  };
  Value iota = l.op("iota", {}, out,
                    {l.named("iota_dimension", l.b.getI64IntegerAttr(0))});
  results.push_back(l.op(
      "add", {bcast(start), l.op("multiply", {iota, bcast(delta)}, out)}, out));
  return success();
}

/// Shape, Size, Rank: constants of the static input type.
LogicalResult shapeQueryRule(Lowering &l, SmallVectorImpl<Value> &results) {
  StringRef op = l.node.opType;
  bool isShapeN = op == "ShapeN";
  if (failed(l.expectArity(1, isShapeN ? l.node.operands.size() : 1)))
    return failure();
  size_t n = isShapeN ? l.node.operands.size() : 1;
  for (size_t i = 0; i < n; ++i) {
    RankedTensorType t = l.type(l.operand(i));
    RankedTensorType out = l.resultType(i);
    auto elem = dyn_cast<IntegerType>(out.getElementType());
    if (!elem)
      return l.error() << "expects an integer output";
    SmallVector<APInt> values;
    if (op == "Size")
      values.push_back(APInt(elem.getWidth(), t.getNumElements()));
    else if (op == "Rank")
      values.push_back(APInt(elem.getWidth(), t.getRank()));
    else
      for (int64_t d : t.getShape())
        values.push_back(APInt(elem.getWidth(), d));
    if ((int64_t)values.size() != out.getNumElements())
      return l.error() << "output " << out << " does not match " << t;
    results.push_back(l.constant(DenseElementsAttr::get(out, values)));
  }
  return success();
}

/// GatherV2 with batch_dims = 0: a stablehlo.gather of slices of size 1
/// along the axis (indices out of range clamp, as StableHLO defines).
LogicalResult gatherRule(Lowering &l, SmallVectorImpl<Value> &results) {
  bool hasAxis = l.node.opType == "GatherV2";
  if (failed(l.expectArity(hasAxis ? 3 : 2, 1)))
    return failure();
  Value params = l.operand(0), indices = l.operand(1);
  RankedTensorType pt = l.type(params), it = l.type(indices);
  int64_t axis = 0;
  if (hasAxis) {
    FailureOr<SmallVector<int64_t>> a = l.constInts(2);
    if (failed(a))
      return failure();
    if (a->size() != 1)
      return l.error() << "axis must be a scalar";
    FailureOr<int64_t> n = l.normalizeAxis((*a)[0], pt.getRank());
    if (failed(n))
      return failure();
    axis = *n;
  }
  FailureOr<int64_t> batchDims = l.intAttr("batch_dims", 0);
  if (failed(batchDims))
    return failure();
  if (*batchDims != 0)
    return l.error() << "batch_dims other than 0 are not legalized";
  if (pt.getRank() == 0 || !isa<IntegerType>(it.getElementType()))
    return l.error() << "expects non-scalar params and integer indices";
  int64_t q = it.getRank();
  SmallVector<int64_t> offsetDims, sliceSizes(pt.getShape());
  sliceSizes[axis] = 1;
  for (int64_t i = 0; i < axis; ++i)
    offsetDims.push_back(i);
  for (int64_t i = axis + 1; i < pt.getRank(); ++i)
    offsetDims.push_back(i + q - 1);
  auto dims = stablehlo::GatherDimensionNumbersAttr::get(
      l.b.getContext(), offsetDims, {axis}, {}, {}, {axis}, q);
  results.push_back(l.op("gather", {params, indices}, l.resultType(),
                         {l.named("dimension_numbers", dims),
                          l.named("slice_sizes", l.i64s(sliceSizes))}));
  return success();
}

/// GatherNd: the last dimension of indices indexes the leading K
/// dimensions of params; a gather of slices of the remaining dimensions.
LogicalResult gatherNdRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value params = l.operand(0), indices = l.operand(1);
  RankedTensorType pt = l.type(params), it = l.type(indices);
  if (it.getRank() < 1 || !isa<IntegerType>(it.getElementType()))
    return l.error() << "expects integer indices of rank 1 or more";
  int64_t q = it.getRank(), k = it.getDimSize(q - 1);
  if (k > pt.getRank())
    return l.error() << "indices " << it << " index more dimensions than "
                     << pt;
  SmallVector<int64_t> offsetDims, collapsed, sliceSizes;
  for (int64_t i = 0; i < k; ++i) {
    collapsed.push_back(i);
    sliceSizes.push_back(1);
  }
  for (int64_t i = k; i < pt.getRank(); ++i) {
    offsetDims.push_back(q - 1 + i - k);
    sliceSizes.push_back(pt.getDimSize(i));
  }
  auto dims = stablehlo::GatherDimensionNumbersAttr::get(
      l.b.getContext(), offsetDims, collapsed, {}, {}, collapsed, q - 1);
  results.push_back(l.op("gather", {params, indices}, l.resultType(),
                         {l.named("dimension_numbers", dims),
                          l.named("slice_sizes", l.i64s(sliceSizes))}));
  return success();
}

LogicalResult reverseRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  FailureOr<SmallVector<int64_t>> axes = l.constInts(1);
  if (failed(axes))
    return failure();
  SmallVector<int64_t> dims;
  for (int64_t a : *axes) {
    FailureOr<int64_t> n = l.normalizeAxis(a, l.type(x).getRank());
    if (failed(n))
      return failure();
    if (!llvm::is_contained(dims, *n))
      dims.push_back(*n);
  }
  llvm::sort(dims);
  results.push_back(
      l.op("reverse", x, l.type(x), {l.named("dimensions", l.i64s(dims))}));
  return success();
}

/// DepthToSpace/SpaceToDepth (NHWC): reshape, transpose, reshape.
LogicalResult depthSpaceRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  FailureOr<int64_t> bs = l.intAttr("block_size");
  FailureOr<StringRef> format = l.strAttr("data_format", StringRef("NHWC"));
  if (failed(bs) || failed(format))
    return failure();
  if (*format != "NHWC" || t.getRank() != 4 || *bs < 2)
    return l.error() << "expects NHWC rank-4 input and block_size >= 2";
  int64_t n = t.getDimSize(0), h = t.getDimSize(1), w = t.getDimSize(2),
          c = t.getDimSize(3), b = *bs;
  if (l.node.opType == "DepthToSpace") {
    if (c % (b * b) != 0)
      return l.error() << "depth " << c << " is not divisible by " << b * b;
    Value r = l.reshape(x, {n, h, w, b, b, c / (b * b)});
    Value p = l.transpose(r, {0, 1, 3, 2, 4, 5});
    results.push_back(l.reshape(p, l.resultType().getShape()));
  } else {
    if (h % b != 0 || w % b != 0)
      return l.error() << "spatial size is not divisible by " << b;
    Value r = l.reshape(x, {n, h / b, b, w / b, b, c});
    Value p = l.transpose(r, {0, 1, 3, 2, 4, 5});
    results.push_back(l.reshape(p, l.resultType().getShape()));
  }
  if (l.type(results.back()).getNumElements() != t.getNumElements())
    return l.error() << "output does not match the input";
  return success();
}

} // namespace

void tohlo::addShapeRules(RuleTable &table) {
  for (const char *name : {"Reshape", "Squeeze", "ExpandDims"})
    table[name] = reshapeRule;
  table["Transpose"] = transposeRule;
  table["ConcatV2"] = concatRule;
  table["Concat"] = concatRule;
  table["Pack"] = packRule;
  table["Unpack"] = unpackRule;
  table["Split"] = splitRule;
  table["SplitV"] = splitRule;
  table["Slice"] = sliceRule;
  table["StridedSlice"] = stridedSliceRule;
  table["Pad"] = padRule;
  table["PadV2"] = padRule;
  table["Tile"] = tileRule;
  table["BroadcastTo"] = broadcastToRule;
  table["Fill"] = broadcastToRule;
  table["Range"] = rangeRule;
  for (const char *name : {"Shape", "ShapeN", "Size", "Rank"})
    table[name] = shapeQueryRule;
  table["GatherV2"] = gatherRule;
  table["GatherNd"] = gatherNdRule;
  table["ReverseV2"] = reverseRule;
  table["DepthToSpace"] = depthSpaceRule;
  table["SpaceToDepth"] = depthSpaceRule;
  table["Gather"] = gatherRule;
}
