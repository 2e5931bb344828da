//===- SliceKernels.cpp - Kernels of Slice, Tile, Pack, Unpack, Range -----===//
//
// Slice (begin and size, a size of -1 meaning "to the end"), Tile, Pack and
// Unpack (axis, negative allowed) move elements by their bytes (strings as
// strings), so they serve every dtype. Range follows TensorFlow: the size
// is ceil(|limit - start| / |delta|) (for ints, (|limit - start| + |delta|
// - 1) / |delta|), a zero delta or a delta pointing away from limit is an
// error, and each element is the previous one plus delta, computed in the
// result's type.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

/// The elements of int32/int64 operand `i`, which must be a vector of
/// `size` elements.
static FailureOr<SmallVector<int64_t, 4>>
getIntVector(EvalContext &ctx, unsigned i, StringRef what, int64_t size) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  const HostTensor &v = **t;
  if (v.getKind() != HostElementKind::Signed ||
      (v.getElementInfo().bitWidth != 32 &&
       v.getElementInfo().bitWidth != 64) ||
      v.getRank() != 1 || v.getNumElements() != size)
    return ctx.fail(what + " must be an int32 or int64 vector of " +
                    std::to_string(size) + " elements");
  SmallVector<int64_t, 4> values;
  for (int64_t k = 0; k < size; ++k)
    values.push_back(v.getInt(k));
  return values;
}

static LogicalResult sliceKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  ArrayRef<int64_t> inShape = (*in)->getShape();
  int64_t rank = inShape.size();
  FailureOr<SmallVector<int64_t, 4>> begin =
      getIntVector(ctx, 1, "begin", rank);
  if (failed(begin))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> size = getIntVector(ctx, 2, "size", rank);
  if (failed(size))
    return failure();
  for (int64_t d = 0; d < rank; ++d) {
    int64_t b = (*begin)[d], &s = (*size)[d];
    if (b < 0 || b > inShape[d])
      return ctx.fail("begin " + std::to_string(b) + " of dimension " +
                      std::to_string(d) + " is out of range");
    if (s == -1)
      s = inShape[d] - b;
    if (s < 0 || s > inShape[d] - b)
      return ctx.fail("size " + std::to_string(s) + " of dimension " +
                      std::to_string(d) + " is out of range");
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, (*in)->getElementType(), *size, (*in)->isSplat());
  if (failed(r))
    return failure();
  SmallVector<int64_t, 4> strides = getStrides(inShape);
  int64_t offset = 0;
  for (int64_t d = 0; d < rank; ++d)
    offset += (*begin)[d] * strides[d];
  copyStridedView(**in, offset, *size, strides, *r);
  return finishResult(ctx, std::move(*r));
}

static LogicalResult tileKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  ArrayRef<int64_t> inShape = (*in)->getShape();
  int64_t rank = inShape.size();
  FailureOr<SmallVector<int64_t, 4>> multiples =
      getIntVector(ctx, 1, "multiples", rank);
  if (failed(multiples))
    return failure();
  SmallVector<int64_t, 4> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t m = (*multiples)[d];
    if (m < 0)
      return ctx.fail("negative multiple " + std::to_string(m));
    if (m != 0 && inShape[d] > INT64_MAX / m)
      return ctx.fail("Tile's result size overflows");
    shape.push_back(inShape[d] * m);
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, (*in)->getElementType(), shape, (*in)->isSplat());
  if (failed(r))
    return failure();
  SmallVector<int64_t, 4> strides = getStrides(inShape);
  for (int64_t i = 0, e = r->size(); i < e; ++i) {
    int64_t rest = i, from = 0;
    for (int64_t d = rank - 1; d >= 0; --d) {
      from += (rest % shape[d]) % inShape[d] * strides[d];
      rest /= shape[d];
    }
    copyElement(**in, from, r->tensor, i);
  }
  return finishResult(ctx, std::move(*r));
}

/// The `axis` attribute in [-rank, rank), made non-negative.
static FailureOr<int64_t> getAxisAttr(EvalContext &ctx, int64_t rank) {
  int64_t axis = 0;
  if (auto attr = dyn_cast_if_present<IntegerAttr>(ctx.getAttr("axis")))
    axis = attr.getInt();
  if (axis < -rank || axis >= rank)
    return ctx.fail("axis " + std::to_string(axis) +
                    " is out of range for rank " + std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

static LogicalResult packKernel(EvalContext &ctx) {
  unsigned n = ctx.getNumOperands();
  if (n == 0)
    return ctx.fail("Pack needs values");
  SmallVector<const HostTensor *, 4> values;
  for (unsigned i = 0; i < n; ++i) {
    FailureOr<const HostTensor *> t = getOperand(ctx, i);
    if (failed(t))
      return failure();
    if (i && ((*t)->getShape() != values[0]->getShape() ||
              (*t)->getElementType() != values[0]->getElementType()))
      return ctx.fail("Pack values differ in shape or type: " +
                      formatShape(values[0]->getShape()) + " and " +
                      formatShape((*t)->getShape()));
    values.push_back(*t);
  }
  ArrayRef<int64_t> inShape = values[0]->getShape();
  FailureOr<int64_t> axis = getAxisAttr(ctx, inShape.size() + 1);
  if (failed(axis))
    return failure();
  SmallVector<int64_t, 4> shape(inShape);
  shape.insert(shape.begin() + *axis, n);
  FailureOr<ResultBuilder> r =
      startResult(ctx, values[0]->getElementType(), shape, false);
  if (failed(r))
    return failure();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < *axis; ++d)
    outer *= inShape[d];
  for (int64_t d = *axis, e = inShape.size(); d < e; ++d)
    inner *= inShape[d];
  int64_t to = 0;
  for (int64_t o = 0; o < outer; ++o)
    for (const HostTensor *v : values)
      for (int64_t j = 0; j < inner; ++j)
        copyElement(*v, o * inner + j, r->tensor, to++);
  return finishResult(ctx, std::move(*r));
}

static LogicalResult unpackKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  ArrayRef<int64_t> inShape = (*in)->getShape();
  if (inShape.empty())
    return ctx.fail("cannot unpack a scalar");
  FailureOr<int64_t> axis = getAxisAttr(ctx, inShape.size());
  if (failed(axis))
    return failure();
  int64_t num = inShape[*axis];
  if (auto attr = dyn_cast_if_present<IntegerAttr>(ctx.getAttr("num")))
    if (attr.getInt() != num)
      return ctx.fail("num is " + std::to_string(attr.getInt()) +
                      " but the dimension is " + std::to_string(num));
  SmallVector<int64_t, 4> shape(inShape);
  shape.erase(shape.begin() + *axis);
  int64_t inner = 1;
  for (int64_t d = *axis + 1, e = inShape.size(); d < e; ++d)
    inner *= inShape[d];
  if (num > ctx.getMaxElements())
    return ctx.fail("Unpack gives more results than the element bound");
  decltype(ctx.hostResults) results;
  for (int64_t k = 0; k < num; ++k) {
    FailureOr<ResultBuilder> r =
        startResult(ctx, (*in)->getElementType(), shape, (*in)->isSplat());
    if (failed(r))
      return failure();
    for (int64_t i = 0, e = r->size(); i < e; ++i)
      copyElement(**in, (i / inner * num + k) * inner + i % inner, r->tensor,
                  i);
    if (failed(finishResult(ctx, std::move(*r))))
      return failure();
    results.push_back(std::move(ctx.hostResults[0]));
  }
  ctx.results.clear();
  ctx.hostResults = std::move(results);
  return success();
}

static LogicalResult rangeKernel(EvalContext &ctx) {
  SmallVector<const HostTensor *, 3> ops;
  for (unsigned i = 0; i < 3; ++i) {
    FailureOr<const HostTensor *> t = getOperand(ctx, i);
    if (failed(t))
      return failure();
    if ((*t)->getRank() != 0 ||
        (i && (*t)->getElementType() != ops[0]->getElementType()))
      return ctx.fail("Range takes three scalars of one type");
    ops.push_back(*t);
  }
  HostElementKind kind = ops[0]->getKind();
  Type type = ops[0]->getElementType();
  int64_t size = 0;
  if (kind == HostElementKind::Signed) {
    int64_t start = ops[0]->getInt(0), limit = ops[1]->getInt(0),
            delta = ops[2]->getInt(0);
    if (delta == 0)
      return ctx.fail("Range requires delta != 0");
    if (delta > 0 ? start > limit : start < limit)
      return ctx.fail("Range's delta points away from its limit");
    // In unsigned arithmetic: |limit - start| fits in 64 bits.
    uint64_t span = delta > 0 ? uint64_t(limit) - uint64_t(start)
                              : uint64_t(start) - uint64_t(limit);
    uint64_t step = delta > 0 ? uint64_t(delta) : 0 - uint64_t(delta);
    uint64_t n = span / step + (span % step != 0);
    if (n > uint64_t(ctx.getMaxElements()))
      return ctx.fail("Range of " + std::to_string(n) +
                      " elements exceeds the bound");
    size = n;
  } else if (kind == HostElementKind::Float) {
    double start = ops[0]->getDouble(0), limit = ops[1]->getDouble(0),
           delta = ops[2]->getDouble(0);
    if (delta == 0 || std::isnan(delta))
      return ctx.fail("Range requires delta != 0");
    if (delta > 0 ? start > limit : start < limit)
      return ctx.fail("Range's delta points away from its limit");
    // TensorFlow computes the size in the element type: each operation
    // rounds into it.
    llvm::Expected<HostTensor> scratchOr = HostTensor::create(type, {});
    if (!scratchOr)
      return ctx.fail(llvm::toString(scratchOr.takeError()));
    HostTensor &scratch = *scratchOr;
    auto round = [&](double v) {
      scratch.setDouble(0, v);
      return scratch.getDouble(0);
    };
    double n = std::ceil(std::abs(round(round(limit - start) / delta)));
    if (!(n <= double(ctx.getMaxElements())))
      return ctx.fail("Range's size exceeds the bound");
    size = static_cast<int64_t>(n);
  } else {
    return ctx.fail("Range takes int or float scalars");
  }
  FailureOr<ResultBuilder> r = startResult(ctx, type, {size}, false);
  if (failed(r))
    return failure();
  HostTensor &out = r->tensor;
  for (int64_t i = 0; i < size; ++i) {
    if (i == 0) {
      copyElement(*ops[0], 0, out, 0);
    } else if (kind == HostElementKind::Signed) {
      out.setInt(i, out.getInt(i - 1) + ops[2]->getInt(0));
    } else {
      // The sum rounded into the element type, as TensorFlow accumulates.
      out.setDouble(i, out.getDouble(i - 1) + ops[2]->getDouble(0));
    }
  }
  return finishResult(ctx, std::move(*r));
}

/// The int attribute `name` (0 when absent).
static int64_t getMask(EvalContext &ctx, StringRef name) {
  auto attr = dyn_cast_if_present<IntegerAttr>(ctx.getAttr(name));
  return attr ? attr.getInt() : 0;
}

/// StridedSlice: the sparse spec (begin, end, strides and the masks) is
/// made dense over the input's dimensions (an ellipsis, explicit or
/// implied at the end, takes the dimensions no other entry takes; a new
/// axis takes none), then each dimension's range is clamped as Python's
/// slices are. A shrunk dimension takes the one index `begin` (negative
/// counts from the end; out of range is an error) and is removed.
static LogicalResult stridedSliceKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<const HostTensor *> beginT = getOperand(ctx, 1);
  if (failed(beginT))
    return failure();
  int64_t n = (*beginT)->getNumElements();
  FailureOr<SmallVector<int64_t, 4>> begin = getIntVector(ctx, 1, "begin", n);
  if (failed(begin))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> end = getIntVector(ctx, 2, "end", n);
  if (failed(end))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> strides =
      getIntVector(ctx, 3, "strides", n);
  if (failed(strides))
    return failure();
  if (n > 64)
    return ctx.fail("StridedSlice takes at most 64 spec entries");
  int64_t beginMask = getMask(ctx, "begin_mask"),
          endMask = getMask(ctx, "end_mask"),
          ellipsisMask = getMask(ctx, "ellipsis_mask"),
          newAxisMask = getMask(ctx, "new_axis_mask"),
          shrinkMask = getMask(ctx, "shrink_axis_mask");
  if (ellipsisMask & (ellipsisMask - 1))
    return ctx.fail("StridedSlice takes at most one ellipsis");
  ArrayRef<int64_t> inShape = (*in)->getShape();
  int64_t rank = inShape.size();
  auto bit = [](int64_t mask, int64_t i) { return (mask >> i) & 1; };
  // The dimensions the spec's entries take, an ellipsis aside.
  int64_t taken = 0;
  bool hasEllipsis = false;
  for (int64_t i = 0; i < n; ++i) {
    if (bit(ellipsisMask, i))
      hasEllipsis = true;
    else if (!bit(newAxisMask, i))
      ++taken;
  }
  if (taken > rank)
    return ctx.fail("StridedSlice's spec has more entries than rank " +
                    std::to_string(rank));
  SmallVector<int64_t, 4> inStrides = getStrides(inShape);
  SmallVector<int64_t, 4> lengths, steps, shape;
  int64_t offset = 0, d = 0;
  // Takes all of dimension `d`.
  auto full = [&]() {
    lengths.push_back(inShape[d]);
    steps.push_back(inStrides[d]);
    shape.push_back(inShape[d]);
    ++d;
  };
  for (int64_t i = 0; i < n; ++i) {
    if (bit(ellipsisMask, i)) {
      for (int64_t k = 0; k < rank - taken; ++k)
        full();
      continue;
    }
    if (bit(newAxisMask, i)) {
      shape.push_back(1);
      continue;
    }
    int64_t dim = inShape[d], b = (*begin)[i], e = (*end)[i], s = (*strides)[i];
    if (bit(shrinkMask, i)) {
      int64_t index = b < 0 ? b + dim : b;
      if (index < 0 || index >= dim)
        return ctx.fail("index " + std::to_string(b) + " of dimension " +
                        std::to_string(d) + " is out of range");
      offset += index * inStrides[d];
      lengths.push_back(1);
      steps.push_back(0);
      ++d;
      continue;
    }
    if (s == 0)
      return ctx.fail("StridedSlice's strides must be non-zero");
    // Python's clamping: [0, dim] going forward, [-1, dim - 1] backward.
    int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? dim : dim - 1;
    auto clamp = [&](int64_t x) {
      x = x < 0 ? x + dim : x;
      return std::min(std::max(x, lo), hi);
    };
    b = bit(beginMask, i) ? (s > 0 ? lo : hi) : clamp(b);
    e = bit(endMask, i) ? (s > 0 ? hi : lo) : clamp(e);
    int64_t length = 0;
    if (s > 0 && e > b)
      length = (e - b - 1) / s + 1;
    else if (s < 0 && e < b)
      length = (b - e - 1) / (-s) + 1;
    if (length > 0)
      offset += b * inStrides[d];
    lengths.push_back(length);
    steps.push_back(s * inStrides[d]);
    shape.push_back(length);
    ++d;
  }
  if (!hasEllipsis)
    while (d < rank)
      full();
  FailureOr<ResultBuilder> r =
      startResult(ctx, (*in)->getElementType(), shape, (*in)->isSplat());
  if (failed(r))
    return failure();
  copyStridedView(**in, offset, lengths, steps, *r);
  return finishResult(ctx, std::move(*r));
}

void mlir::tfg::addSliceKernels(EvalKernelTable &table) {
  addKernels(table, {"Slice"}, sliceKernel);
  addKernels(table, {"StridedSlice"}, stridedSliceKernel);
  addKernels(table, {"Tile"}, tileKernel);
  addKernels(table, {"Pack"}, packKernel);
  addKernels(table, {"Unpack"}, unpackKernel);
  addKernels(table, {"Range"}, rangeKernel);
}
