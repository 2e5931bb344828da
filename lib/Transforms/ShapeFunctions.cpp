//===- ShapeFunctions.cpp - TensorFlow shape functions on tfg -------------===//
//
// Shape functions for the common TensorFlow ops, written from the ops'
// documented semantics. Grouped by kind: elementwise, broadcasting,
// reductions, shape manipulation, linear algebra and convolution, control
// flow and a few model-specific ops (NMS, TensorArray).
//
//===----------------------------------------------------------------------===//

#include "ShapeFunctions.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tfg;

static constexpr int64_t kDyn = ShapedType::kDynamic;

//===----------------------------------------------------------------------===//
// Shape and InferenceContext
//===----------------------------------------------------------------------===//

Shape Shape::ofType(Type type) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return Shape::of(ranked.getShape());
  return Shape::unknown();
}

InferenceContext::InferenceContext(Operation *op) : op(op) {
  for (Value v : getDataOperands(op))
    inputs.push_back(v);
  numResults = getDataResults(op).size();
}

Shape InferenceContext::input(unsigned i) const {
  return i < inputs.size() ? Shape::ofType(inputs[i].getType())
                           : Shape::unknown();
}

/// The number of elements of a static tensor type, saturating at
/// INT64_MAX; none if it has a dynamic dim or is unranked.
static std::optional<int64_t> countElements(Type type) {
  auto ranked = dyn_cast_if_present<RankedTensorType>(type);
  if (!ranked)
    return std::nullopt;
  int64_t n = 1;
  bool saturated = false;
  for (int64_t d : ranked.getShape()) {
    if (d < 0)
      return std::nullopt;
    if (d == 0)
      return 0;
    if (saturated || n > INT64_MAX / d)
      saturated = true;
    else
      n *= d;
  }
  return saturated ? INT64_MAX : n;
}

std::optional<int64_t> InferenceContext::numElements(unsigned i) const {
  if (i >= inputs.size())
    return std::nullopt;
  if (std::optional<int64_t> n = countElements(inputs[i].getType()))
    return n;
  if (Operation *def = inputs[i].getDefiningOp())
    if (getTFOpName(def) == "Const")
      if (auto value = dyn_cast_if_present<TypedAttr>(def->getAttr("value")))
        return countElements(value.getType());
  return std::nullopt;
}

std::optional<SmallVector<int64_t>>
InferenceContext::constantInts(unsigned i, int64_t maxElements) const {
  if (i >= inputs.size())
    return std::nullopt;
  Operation *def = inputs[i].getDefiningOp();
  if (!def)
    return std::nullopt;
  StringRef name = getTFOpName(def);
  if (name == "Const") {
    auto value =
        dyn_cast_if_present<DenseIntElementsAttr>(def->getAttr("value"));
    if (!value)
      return std::nullopt;
    // Counted from the type before anything is read or allocated.
    std::optional<int64_t> n = countElements(value.getType());
    if (!n || *n > maxElements)
      return std::nullopt;
    SmallVector<int64_t> result;
    result.reserve(*n);
    for (const APInt &v : value.getValues<APInt>())
      result.push_back(v.getSExtValue());
    return result;
  }
  if (name == "Shape" && getNumDataOperands(def) == 1) {
    Shape s = Shape::ofType(def->getOperand(0).getType());
    if (!s.isStatic() || s.rank() > maxElements)
      return std::nullopt;
    return SmallVector<int64_t>(s.dims.begin(), s.dims.end());
  }
  return std::nullopt;
}

std::optional<SmallVector<int64_t>>
InferenceContext::listOperand(unsigned i, int64_t perDim) {
  int64_t limit = kMaxRank * perDim;
  if (std::optional<int64_t> n = numElements(i); n && *n > limit) {
    oversized = Oversized{i, *n, limit};
    return std::nullopt;
  }
  return constantInts(i, limit);
}

std::optional<int64_t> InferenceContext::listLength(unsigned i,
                                                    int64_t perDim) {
  Shape s = input(i);
  if (!s.ranked || s.rank() != 1 || s.dims[0] == kDyn)
    return std::nullopt;
  int64_t limit = kMaxRank * perDim;
  if (s.dims[0] > limit) {
    oversized = Oversized{i, s.dims[0], limit};
    return std::nullopt;
  }
  return s.dims[0];
}

int64_t InferenceContext::intAttr(StringRef name, int64_t dflt) const {
  if (auto a = dyn_cast_if_present<IntegerAttr>(op->getAttr(name)))
    return a.getInt();
  return dflt;
}

bool InferenceContext::boolAttr(StringRef name, bool dflt) const {
  if (auto a = dyn_cast_if_present<BoolAttr>(op->getAttr(name)))
    return a.getValue();
  return dflt;
}

StringRef InferenceContext::strAttr(StringRef name, StringRef dflt) const {
  if (auto a = dyn_cast_if_present<StringAttr>(op->getAttr(name)))
    return a.getValue();
  return dflt;
}

std::optional<SmallVector<int64_t>>
InferenceContext::intListAttr(StringRef name) const {
  auto list = dyn_cast_if_present<ArrayAttr>(op->getAttr(name));
  if (!list)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Attribute a : list) {
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i)
      return std::nullopt;
    values.push_back(i.getInt());
  }
  return values;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Normalizes a possibly negative axis; none if out of range.
static std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

/// a + b of two dims: unknown if either is, or if it overflows.
static int64_t addDims(int64_t a, int64_t b) {
  int64_t r;
  if (a == kDyn || b == kDyn || llvm::AddOverflow(a, b, r))
    return kDyn;
  return r;
}

/// a * b of two dims: unknown if either is, or if it overflows.
static int64_t mulDims(int64_t a, int64_t b) {
  int64_t r;
  if (a == kDyn || b == kDyn || llvm::MulOverflow(a, b, r))
    return kDyn;
  return r;
}

FailureOr<Shape> mlir::tfg::mergeShapes(const Shape &a, const Shape &b) {
  if (!a.ranked)
    return b;
  if (!b.ranked)
    return a;
  if (a.rank() != b.rank())
    return failure();
  Shape r = a;
  for (auto [d, e] : llvm::zip(r.dims, b.dims)) {
    if (d == kDyn)
      d = e;
    else if (e != kDyn && d != e)
      return failure();
  }
  return r;
}

/// NumPy broadcasting of two shapes.
static FailureOr<Shape> broadcast(const Shape &a, const Shape &b) {
  if (!a.ranked || !b.ranked)
    return Shape::unknown();
  int64_t rank = std::max(a.rank(), b.rank());
  Shape r = Shape::ofRank(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.rank() ? 1 : a.dims[i - (rank - a.rank())];
    int64_t db = i < rank - b.rank() ? 1 : b.dims[i - (rank - b.rank())];
    if (da == 1)
      r.dims[i] = db;
    else if (db == 1)
      r.dims[i] = da;
    else if (da == kDyn)
      r.dims[i] = db;
    else if (db == kDyn || da == db)
      r.dims[i] = da;
    else
      return failure();
  }
  return r;
}

/// The value of a constant operand holding exactly one integer.
static std::optional<int64_t> constantScalar(InferenceContext &ctx,
                                             unsigned operand) {
  auto values = ctx.constantInts(operand, 1);
  if (!values || values->size() != 1)
    return std::nullopt;
  return (*values)[0];
}

/// A #tf_type.shape as a Shape (negative dims unknown).
static Shape shapeOfAttr(tf_type::ShapeAttr attr) {
  if (!attr || !attr.hasRank())
    return Shape::unknown();
  Shape s = Shape::of(attr.getShape());
  for (int64_t &d : s.dims)
    if (d < 0)
      d = kDyn;
  return s;
}

static LogicalResult setResult(InferenceContext &ctx, Shape s) {
  ctx.results.assign(ctx.getNumResults(), Shape::unknown());
  if (ctx.getNumResults() == 0)
    return failure();
  ctx.results[0] = std::move(s);
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise and broadcasting
//===----------------------------------------------------------------------===//

/// The result has the shape of operand 0.
static LogicalResult sameAsInput0(InferenceContext &ctx) {
  return setResult(ctx, ctx.input(0));
}

/// Each result has the shape of the operand of the same index.
static LogicalResult sameAsInputs(InferenceContext &ctx) {
  ctx.results.clear();
  for (unsigned i = 0; i < ctx.getNumResults(); ++i)
    ctx.results.push_back(ctx.input(i));
  return success();
}

static LogicalResult broadcastBinary(InferenceContext &ctx) {
  FailureOr<Shape> s = broadcast(ctx.input(0), ctx.input(1));
  return failed(s) ? failure() : setResult(ctx, *s);
}

static LogicalResult selectV2(InferenceContext &ctx) {
  FailureOr<Shape> s = broadcast(ctx.input(1), ctx.input(2));
  if (failed(s))
    return failure();
  s = broadcast(ctx.input(0), *s);
  return failed(s) ? failure() : setResult(ctx, *s);
}

/// The shape all data operands agree on.
static FailureOr<Shape> mergedInputShape(InferenceContext &ctx) {
  Shape s;
  for (unsigned i = 0; i < ctx.getNumInputs(); ++i) {
    FailureOr<Shape> m = mergeShapes(s, ctx.input(i));
    if (failed(m))
      return failure();
    s = *m;
  }
  return s;
}

static LogicalResult mergeAllInputs(InferenceContext &ctx) {
  FailureOr<Shape> s = mergedInputShape(ctx);
  return failed(s) ? failure() : setResult(ctx, *s);
}

/// Select(cond, t, e): the shape of t and e.
static LogicalResult select(InferenceContext &ctx) {
  FailureOr<Shape> s = mergeShapes(ctx.input(1), ctx.input(2));
  return failed(s) ? failure() : setResult(ctx, *s);
}

static LogicalResult scalarResult(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::scalar());
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// (input, axes) with `keep_dims`.
static LogicalResult reduction(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  bool keep = ctx.boolAttr("keep_dims", false);
  auto axes = ctx.listOperand(1);
  if (!in.ranked)
    return setResult(ctx, Shape::unknown());
  if (!axes)
    return setResult(ctx, keep ? Shape::ofRank(in.rank()) : Shape::unknown());
  SmallVector<bool> reduced(in.rank(), false);
  for (int64_t a : *axes) {
    auto axis = normalizeAxis(a, in.rank());
    if (!axis)
      return failure();
    reduced[*axis] = true;
  }
  Shape out = Shape::scalar();
  for (int64_t i = 0; i < in.rank(); ++i) {
    if (!reduced[i])
      out.dims.push_back(in.dims[i]);
    else if (keep)
      out.dims.push_back(1);
  }
  return setResult(ctx, out);
}

/// ArgMax/ArgMin (input, dimension) remove the dimension at a constant
/// axis; ExpandDims (input, axis) inserts a 1 there.
static LogicalResult changeRankAtAxis(InferenceContext &ctx, bool insert) {
  Shape in = ctx.input(0);
  std::optional<int64_t> axisValue = constantScalar(ctx, 1);
  if (!in.ranked)
    return setResult(ctx, Shape::unknown());
  int64_t outRank = in.rank() + (insert ? 1 : -1);
  if (!axisValue)
    return setResult(ctx, Shape::ofRank(outRank));
  auto axis = normalizeAxis(*axisValue, insert ? outRank : in.rank());
  if (!axis)
    return failure();
  if (insert)
    in.dims.insert(in.dims.begin() + *axis, 1);
  else
    in.dims.erase(in.dims.begin() + *axis);
  return setResult(ctx, in);
}

static LogicalResult argReduction(InferenceContext &ctx) {
  return changeRankAtAxis(ctx, /*insert=*/false);
}

//===----------------------------------------------------------------------===//
// Shapes of shapes
//===----------------------------------------------------------------------===//

static LogicalResult shapeOp(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  return setResult(ctx, Shape::of({in.ranked ? in.rank() : kDyn}));
}

static LogicalResult shapeN(InferenceContext &ctx) {
  ctx.results.clear();
  for (unsigned i = 0; i < ctx.getNumResults(); ++i) {
    Shape in = ctx.input(i);
    ctx.results.push_back(Shape::of({in.ranked ? in.rank() : kDyn}));
  }
  return success();
}

/// A shape given as a constant operand (Fill, BroadcastTo, Empty, ...).
/// Reads no more than a shape of kMaxRank dims: a longer operand leaves
/// the shape unknown (and the pass remarks on it).
static Shape shapeFromOperand(InferenceContext &ctx, unsigned i) {
  if (auto dims = ctx.listOperand(i)) {
    Shape s = Shape::of(*dims);
    for (int64_t &d : s.dims)
      if (d < 0)
        d = kDyn;
    return s;
  }
  if (std::optional<int64_t> rank = ctx.listLength(i))
    return Shape::ofRank(*rank);
  return Shape::unknown();
}

static LogicalResult shapeFromOperand0(InferenceContext &ctx) {
  return setResult(ctx, shapeFromOperand(ctx, 0));
}
static LogicalResult shapeFromOperand1(InferenceContext &ctx) {
  return setResult(ctx, shapeFromOperand(ctx, 1));
}
static LogicalResult shapeFromOperand2(InferenceContext &ctx) {
  return setResult(ctx, shapeFromOperand(ctx, 2));
}

static LogicalResult reshape(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto dims = ctx.listOperand(1);
  if (!dims)
    return setResult(ctx, shapeFromOperand(ctx, 1));
  Shape out = Shape::of(*dims);
  int64_t inferred = -1, known = 1;
  for (int64_t i = 0; i < out.rank(); ++i) {
    if (out.dims[i] == -1) {
      if (inferred >= 0)
        return failure();
      inferred = i;
    } else if (out.dims[i] < 0) {
      return failure();
    } else {
      known = mulDims(known, out.dims[i]);
    }
  }
  if (inferred >= 0) {
    out.dims[inferred] = kDyn;
    if (in.isStatic() && known > 0 && known != kDyn) {
      int64_t total = 1;
      for (int64_t d : in.dims)
        total = mulDims(total, d);
      if (total == kDyn)
        return setResult(ctx, out);
      if (total % known != 0)
        return failure();
      out.dims[inferred] = total / known;
    }
  }
  return setResult(ctx, out);
}

static LogicalResult expandDims(InferenceContext &ctx) {
  return changeRankAtAxis(ctx, /*insert=*/true);
}

static LogicalResult squeeze(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  if (!in.ranked)
    return setResult(ctx, Shape::unknown());
  SmallVector<int64_t> axes =
      ctx.intListAttr("squeeze_dims").value_or(SmallVector<int64_t>());
  SmallVector<bool> drop(in.rank(), false);
  if (axes.empty()) {
    for (int64_t i = 0; i < in.rank(); ++i) {
      if (in.dims[i] == kDyn)
        return setResult(ctx, Shape::unknown());
      drop[i] = in.dims[i] == 1;
    }
  } else {
    for (int64_t a : axes) {
      auto axis = normalizeAxis(a, in.rank());
      if (!axis || (in.dims[*axis] != 1 && in.dims[*axis] != kDyn))
        return failure();
      drop[*axis] = true;
    }
  }
  Shape out = Shape::scalar();
  for (int64_t i = 0; i < in.rank(); ++i)
    if (!drop[i])
      out.dims.push_back(in.dims[i]);
  return setResult(ctx, out);
}

static LogicalResult transpose(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto perm = ctx.listOperand(1);
  if (!perm) {
    if (std::optional<int64_t> rank = ctx.listLength(1))
      return setResult(ctx, Shape::ofRank(*rank));
    return setResult(ctx, in.ranked ? Shape::ofRank(in.rank()) : in);
  }
  if (!in.ranked)
    return setResult(ctx, Shape::ofRank(perm->size()));
  if (int64_t(perm->size()) != in.rank())
    return failure();
  Shape out = Shape::ofRank(in.rank());
  for (int64_t i = 0; i < in.rank(); ++i) {
    auto p = normalizeAxis((*perm)[i], in.rank());
    if (!p)
      return failure();
    out.dims[i] = in.dims[*p];
  }
  return setResult(ctx, out);
}

/// Concatenation of operands [first, first+n) along a constant axis.
static LogicalResult concatAlong(InferenceContext &ctx, unsigned first,
                                 unsigned n, unsigned axisOperand) {
  Shape out;
  int64_t rank = -1;
  for (unsigned i = 0; i < n; ++i)
    if (Shape s = ctx.input(first + i); s.ranked)
      rank = s.rank();
  if (rank < 0)
    return setResult(ctx, Shape::unknown());
  std::optional<int64_t> axisValue = constantScalar(ctx, axisOperand);
  if (!axisValue)
    return setResult(ctx, Shape::ofRank(rank));
  auto axis = normalizeAxis(*axisValue, rank);
  if (!axis)
    return failure();
  out = Shape::ofRank(rank);
  int64_t sum = 0;
  for (unsigned i = 0; i < n; ++i) {
    Shape s = ctx.input(first + i);
    if (!s.ranked) {
      sum = kDyn;
      continue;
    }
    if (s.rank() != rank)
      return failure();
    sum = addDims(sum, s.dims[*axis]);
    for (int64_t d = 0; d < rank; ++d) {
      if (d == *axis)
        continue;
      if (out.dims[d] == kDyn)
        out.dims[d] = s.dims[d];
      else if (s.dims[d] != kDyn && s.dims[d] != out.dims[d])
        return failure();
    }
  }
  out.dims[*axis] = sum;
  return setResult(ctx, out);
}

static LogicalResult concatV2(InferenceContext &ctx) {
  unsigned n = ctx.getNumInputs();
  if (n < 2)
    return failure();
  return concatAlong(ctx, 0, n - 1, n - 1);
}

static LogicalResult concat(InferenceContext &ctx) {
  unsigned n = ctx.getNumInputs();
  if (n < 2)
    return failure();
  return concatAlong(ctx, 1, n - 1, 0);
}

static LogicalResult pack(InferenceContext &ctx) {
  FailureOr<Shape> merged = mergedInputShape(ctx);
  if (failed(merged))
    return failure();
  Shape s = *merged;
  if (!s.ranked)
    return setResult(ctx, Shape::unknown());
  auto axis = normalizeAxis(ctx.intAttr("axis", 0), s.rank() + 1);
  if (!axis)
    return failure();
  s.dims.insert(s.dims.begin() + *axis, ctx.getNumInputs());
  return setResult(ctx, s);
}

static LogicalResult unpack(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  ctx.results.assign(ctx.getNumResults(), Shape::unknown());
  if (!in.ranked)
    return success();
  auto axis = normalizeAxis(ctx.intAttr("axis", 0), in.rank());
  if (!axis)
    return failure();
  in.dims.erase(in.dims.begin() + *axis);
  ctx.results.assign(ctx.getNumResults(), in);
  return success();
}

/// Split(axis, value): equal parts; SplitV(value, size_splits, axis): the
/// sizes given (-1: the rest, unknown here).
static LogicalResult splitAlong(InferenceContext &ctx, unsigned valueOperand,
                                unsigned axisOperand,
                                std::optional<unsigned> sizesOperand) {
  Shape in = ctx.input(valueOperand);
  unsigned n = ctx.getNumResults();
  ctx.results.assign(n, Shape::unknown());
  if (!in.ranked)
    return success();
  std::optional<int64_t> axisValue = constantScalar(ctx, axisOperand);
  if (!axisValue) {
    ctx.results.assign(n, Shape::ofRank(in.rank()));
    return success();
  }
  auto axis = normalizeAxis(*axisValue, in.rank());
  if (!axis || n == 0)
    return failure();
  std::optional<SmallVector<int64_t>> sizes;
  if (sizesOperand)
    sizes = ctx.constantInts(*sizesOperand, n);
  int64_t whole = in.dims[*axis];
  for (unsigned i = 0; i < n; ++i) {
    Shape part = in;
    int64_t &d = part.dims[*axis];
    if (sizesOperand) {
      d = sizes && sizes->size() == n && (*sizes)[i] >= 0 ? (*sizes)[i] : kDyn;
    } else if (whole != kDyn) {
      if (whole % n != 0)
        return failure();
      d = whole / n;
    }
    ctx.results[i] = part;
  }
  return success();
}

static LogicalResult split(InferenceContext &ctx) {
  return splitAlong(ctx, 1, 0, std::nullopt);
}

static LogicalResult splitV(InferenceContext &ctx) {
  return splitAlong(ctx, 0, 2, 1u);
}

/// Slice(input, begin, size).
static LogicalResult slice(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto begin = ctx.listOperand(1);
  auto size = ctx.listOperand(2);
  if (!size)
    return setResult(ctx, in.ranked ? Shape::ofRank(in.rank())
                                    : shapeFromOperand(ctx, 2));
  int64_t rank = size->size();
  bool known =
      begin && int64_t(begin->size()) == rank && in.ranked && in.rank() == rank;
  Shape out = Shape::ofRank(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t s = (*size)[i];
    if (s >= 0)
      out.dims[i] = s;
    else if (s == -1 && known && in.dims[i] != kDyn &&
             (*begin)[i] >= 0 && (*begin)[i] <= in.dims[i])
      out.dims[i] = in.dims[i] - (*begin)[i];
  }
  return setResult(ctx, out);
}

/// StridedSlice(input, begin, end, strides) with its five masks.
static LogicalResult stridedSlice(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto begin = ctx.listOperand(1);
  auto end = ctx.listOperand(2);
  auto strides = ctx.listOperand(3);
  int64_t beginMask = ctx.intAttr("begin_mask", 0);
  int64_t endMask = ctx.intAttr("end_mask", 0);
  int64_t ellipsisMask = ctx.intAttr("ellipsis_mask", 0);
  int64_t newAxisMask = ctx.intAttr("new_axis_mask", 0);
  int64_t shrinkMask = ctx.intAttr("shrink_axis_mask", 0);
  if (!in.ranked || !strides)
    return setResult(ctx, Shape::unknown());
  // The masks are int32 attributes: bit i of each, none past bit 31.
  auto bit = [](int64_t mask, int64_t i) {
    return i < 32 && ((uint64_t(mask) >> i) & 1);
  };
  int64_t n = strides->size();
  if ((begin && int64_t(begin->size()) != n) ||
      (end && int64_t(end->size()) != n))
    return failure();
  // Count the input dims the sparse spec covers outside the ellipsis.
  int64_t covered = 0;
  for (int64_t i = 0; i < n; ++i)
    if (!bit(ellipsisMask, i) && !bit(newAxisMask, i))
      ++covered;
  Shape out = Shape::scalar();
  int64_t dim = 0;
  bool sawEllipsis = false;
  for (int64_t i = 0; i < n; ++i) {
    if (bit(ellipsisMask, i)) {
      if (sawEllipsis)
        return failure();
      sawEllipsis = true;
      int64_t span = in.rank() - covered;
      for (int64_t k = 0; k < span; ++k)
        out.dims.push_back(in.dims[dim++]);
      continue;
    }
    if (bit(newAxisMask, i)) {
      out.dims.push_back(1);
      continue;
    }
    if (dim >= in.rank())
      return failure();
    int64_t size = in.dims[dim++];
    if (bit(shrinkMask, i))
      continue;
    int64_t stride = (*strides)[i];
    if (stride == 0)
      return failure();
    if (size == kDyn || !begin || !end) {
      out.dims.push_back(kDyn);
      continue;
    }
    auto clamp = [&](int64_t v, bool masked, bool isBegin) -> int64_t {
      if (masked)
        return stride > 0 ? (isBegin ? 0 : size) : (isBegin ? size - 1 : -1);
      if (v < 0)
        v = v < -size ? -1 : v + size;
      if (stride > 0)
        return std::clamp<int64_t>(v, 0, size);
      return std::clamp<int64_t>(v, -1, size - 1);
    };
    int64_t b = clamp((*begin)[i], bit(beginMask, i), true);
    int64_t e = clamp((*end)[i], bit(endMask, i), false);
    // In 128 bits: any stride, even INT64_MIN, is safe.
    __int128 st = stride;
    __int128 len = st > 0 ? (__int128(e) - b + st - 1) / st
                          : (__int128(b) - e - st - 1) / -st;
    out.dims.push_back(int64_t(std::max<__int128>(len, 0)));
  }
  // Dims after the spec are kept whole.
  while (dim < in.rank())
    out.dims.push_back(in.dims[dim++]);
  return setResult(ctx, out);
}

static LogicalResult tile(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto multiples = ctx.listOperand(1);
  if (!in.ranked)
    return setResult(ctx, multiples ? Shape::ofRank(multiples->size())
                                    : Shape::unknown());
  if (!multiples)
    return setResult(ctx, Shape::ofRank(in.rank()));
  if (int64_t(multiples->size()) != in.rank())
    return failure();
  for (int64_t i = 0; i < in.rank(); ++i) {
    if ((*multiples)[i] < 0)
      return failure();
    in.dims[i] = mulDims(in.dims[i], (*multiples)[i]);
  }
  return setResult(ctx, in);
}

/// Pad, PadV2, MirrorPad: (input, paddings [rank, 2], ...).
static LogicalResult pad(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto paddings = ctx.listOperand(1, /*perDim=*/2);
  if (!in.ranked)
    return setResult(ctx, Shape::unknown());
  if (!paddings)
    return setResult(ctx, Shape::ofRank(in.rank()));
  if (int64_t(paddings->size()) != 2 * in.rank())
    return failure();
  for (int64_t i = 0; i < in.rank(); ++i) {
    int64_t d = addDims(in.dims[i], addDims((*paddings)[2 * i],
                                            (*paddings)[2 * i + 1]));
    if (d != kDyn && d < 0)
      return failure();
    in.dims[i] = d;
  }
  return setResult(ctx, in);
}

static LogicalResult range(InferenceContext &ctx) {
  std::optional<int64_t> start = constantScalar(ctx, 0);
  std::optional<int64_t> limit = constantScalar(ctx, 1);
  std::optional<int64_t> delta = constantScalar(ctx, 2);
  if (!start || !limit || !delta || *delta == 0)
    return setResult(ctx, Shape::ofRank(1));
  // ceil((limit - start) / delta), in 128 bits: no input overflows it.
  __int128 span = __int128(*limit) - *start, d = *delta;
  if (d < 0)
    span = -span, d = -d;
  __int128 n = span <= 0 ? 0 : (span + d - 1) / d;
  return setResult(ctx, Shape::of({n > INT64_MAX ? kDyn : int64_t(n)}));
}

//===----------------------------------------------------------------------===//
// Sources
//===----------------------------------------------------------------------===//

static LogicalResult constOp(InferenceContext &ctx) {
  if (auto value = dyn_cast_if_present<TypedAttr>(ctx.attr("value")))
    return setResult(ctx, Shape::ofType(value.getType()));
  return failure();
}

/// Placeholder-like ops: the `shape` attribute.
static LogicalResult shapeAttr(InferenceContext &ctx) {
  auto shape = dyn_cast_if_present<tf_type::ShapeAttr>(ctx.attr("shape"));
  if (!shape)
    return setResult(ctx, ctx.getNumInputs() ? ctx.input(0) : Shape::unknown());
  Shape s = shapeOfAttr(shape);
  if (s.ranked && ctx.getNumInputs())
    if (FailureOr<Shape> m = mergeShapes(s, ctx.input(0)); succeeded(m))
      s = *m;
  return setResult(ctx, s);
}

//===----------------------------------------------------------------------===//
// Gather and friends
//===----------------------------------------------------------------------===//

/// Gather(params, indices) and GatherV2(params, indices, axis).
static LogicalResult gather(InferenceContext &ctx) {
  Shape params = ctx.input(0), indices = ctx.input(1);
  int64_t axis = 0;
  if (ctx.getNumInputs() > 2) {
    std::optional<int64_t> axisValue = constantScalar(ctx, 2);
    if (!axisValue)
      return setResult(ctx, Shape::unknown());
    axis = *axisValue;
  }
  if (!params.ranked || !indices.ranked)
    return setResult(ctx, Shape::unknown());
  auto a = normalizeAxis(axis, params.rank());
  int64_t batchDims = ctx.intAttr("batch_dims", 0);
  if (batchDims < 0)
    batchDims += indices.rank();
  if (!a || batchDims < 0 || batchDims > indices.rank())
    return failure();
  Shape out = Shape::scalar();
  out.dims.append(params.dims.begin(), params.dims.begin() + *a);
  out.dims.append(indices.dims.begin() + batchDims, indices.dims.end());
  out.dims.append(params.dims.begin() + *a + 1, params.dims.end());
  return setResult(ctx, out);
}

static LogicalResult gatherNd(InferenceContext &ctx) {
  Shape params = ctx.input(0), indices = ctx.input(1);
  if (!params.ranked || !indices.ranked || indices.rank() == 0)
    return setResult(ctx, Shape::unknown());
  int64_t k = indices.dims.back();
  if (k == kDyn)
    return setResult(ctx, Shape::unknown());
  if (k > params.rank())
    return failure();
  Shape out = Shape::scalar();
  out.dims.append(indices.dims.begin(), indices.dims.end() - 1);
  out.dims.append(params.dims.begin() + k, params.dims.end());
  return setResult(ctx, out);
}

static LogicalResult oneHot(InferenceContext &ctx) {
  Shape indices = ctx.input(0);
  if (!indices.ranked)
    return setResult(ctx, Shape::unknown());
  auto depth = ctx.constantInts(1, 1);
  auto axis = normalizeAxis(ctx.intAttr("axis", -1), indices.rank() + 1);
  if (!axis)
    return failure();
  indices.dims.insert(indices.dims.begin() + *axis,
                      depth && depth->size() == 1 ? (*depth)[0] : kDyn);
  return setResult(ctx, indices);
}

static LogicalResult where(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  return setResult(ctx, Shape::of({kDyn, in.ranked ? in.rank() : kDyn}));
}

static LogicalResult unknownLength(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::of({kDyn}));
  return success();
}

static LogicalResult unique(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::of({kDyn}));
  if (ctx.getNumResults() > 1)
    ctx.results[1] = ctx.input(0);
  return success();
}

static LogicalResult topK(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto k = ctx.constantInts(1, 1);
  if (in.ranked && in.rank() > 0)
    in.dims.back() = k && k->size() == 1 ? (*k)[0] : kDyn;
  ctx.results.assign(ctx.getNumResults(), in);
  return success();
}

static LogicalResult nonMaxSuppression(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::of({kDyn}));
  StringRef name = getTFOpName(ctx.getOp());
  // V4: (selected_indices, valid_outputs); V5: (indices, scores, valid).
  if (name == "NonMaxSuppressionV4" && ctx.getNumResults() == 2)
    ctx.results[1] = Shape::scalar();
  if (name == "NonMaxSuppressionV5" && ctx.getNumResults() == 3)
    ctx.results[2] = Shape::scalar();
  return success();
}

//===----------------------------------------------------------------------===//
// Linear algebra and convolutions
//===----------------------------------------------------------------------===//

static LogicalResult matMul(InferenceContext &ctx) {
  Shape a = ctx.input(0), b = ctx.input(1);
  bool ta = ctx.boolAttr("transpose_a", false);
  bool tb = ctx.boolAttr("transpose_b", false);
  int64_t m = a.ranked && a.rank() == 2 ? a.dims[ta ? 1 : 0] : kDyn;
  int64_t n = b.ranked && b.rank() == 2 ? b.dims[tb ? 0 : 1] : kDyn;
  if ((a.ranked && a.rank() != 2) || (b.ranked && b.rank() != 2))
    return failure();
  return setResult(ctx, Shape::of({m, n}));
}

static LogicalResult batchMatMul(InferenceContext &ctx) {
  Shape a = ctx.input(0), b = ctx.input(1);
  if (!a.ranked || !b.ranked || a.rank() < 2 || b.rank() < 2)
    return setResult(ctx, Shape::unknown());
  bool adjX = ctx.boolAttr("adj_x", false), adjY = ctx.boolAttr("adj_y", false);
  Shape batchA = Shape::of(ArrayRef<int64_t>(a.dims).drop_back(2));
  Shape batchB = Shape::of(ArrayRef<int64_t>(b.dims).drop_back(2));
  FailureOr<Shape> batch = broadcast(batchA, batchB);
  if (failed(batch))
    return failure();
  int64_t ra = a.rank(), rb = b.rank();
  batch->dims.push_back(a.dims[adjX ? ra - 1 : ra - 2]);
  batch->dims.push_back(b.dims[adjY ? rb - 2 : rb - 1]);
  return setResult(ctx, *batch);
}

/// Output size of a window over `in` (convolution or pooling).
static int64_t windowOutput(int64_t in, int64_t window, int64_t stride,
                            int64_t dilation, StringRef padding,
                            int64_t padBefore, int64_t padAfter) {
  if (in == kDyn || window == kDyn || stride <= 0 || dilation <= 0 ||
      window <= 0)
    return kDyn;
  // In 128 bits: attributes of any value cannot overflow it.
  __int128 effective = (__int128(window) - 1) * dilation + 1;
  __int128 size = in;
  if (padding == "SAME")
    return int64_t((size + stride - 1) / stride);
  if (padding == "EXPLICIT")
    size += __int128(padBefore) + padAfter;
  if (size < effective)
    return 0;
  __int128 out = (size - effective) / stride + 1;
  return out > INT64_MAX ? kDyn : int64_t(out);
}

/// Conv2D/Conv3D/DepthwiseConv2dNative (+ fused forms) and pooling.
/// `filterOperand` < 0 for pooling (window from `ksize`).
static LogicalResult windowed(InferenceContext &ctx, int filterOperand,
                              bool depthwise) {
  Shape in = ctx.input(0);
  StringRef format = ctx.strAttr("data_format", "");
  int64_t rank = in.ranked ? in.rank() : -1;
  if (rank < 0) {
    Shape f = filterOperand >= 0 ? ctx.input(filterOperand) : Shape::unknown();
    if (!f.ranked)
      return setResult(ctx, Shape::unknown());
    rank = f.rank();
    in = Shape::ofRank(rank);
  }
  if (rank < 3)
    return failure();
  bool channelsFirst = format.starts_with("NC");
  int64_t numSpatial = rank - 2;
  int64_t firstSpatial = channelsFirst ? 2 : 1;
  int64_t channelDim = channelsFirst ? 1 : rank - 1;
  auto strides = ctx.intListAttr("strides");
  auto dilations = ctx.intListAttr("dilations");
  auto explicitPads = ctx.intListAttr("explicit_paddings");
  StringRef padding = ctx.strAttr("padding", "VALID");
  SmallVector<int64_t> window(numSpatial, kDyn);
  int64_t outChannels = in.dims[channelDim];
  if (filterOperand >= 0) {
    Shape f = ctx.input(filterOperand);
    if (f.ranked) {
      if (f.rank() != rank)
        return failure();
      for (int64_t i = 0; i < numSpatial; ++i)
        window[i] = f.dims[i];
      int64_t a = f.dims[rank - 2], b = f.dims[rank - 1];
      outChannels = depthwise ? mulDims(a, b) : b;
    } else {
      outChannels = kDyn;
    }
  } else {
    auto ksize = ctx.intListAttr("ksize");
    if (!ksize || int64_t(ksize->size()) != rank)
      return setResult(ctx, Shape::ofRank(rank));
    for (int64_t i = 0; i < numSpatial; ++i)
      window[i] = (*ksize)[firstSpatial + i];
  }
  if (!strides || int64_t(strides->size()) != rank)
    return setResult(ctx, Shape::ofRank(rank));
  Shape out = Shape::ofRank(rank);
  out.dims[0] = in.dims[0];
  out.dims[channelDim] = outChannels;
  for (int64_t i = 0; i < numSpatial; ++i) {
    int64_t d = firstSpatial + i;
    int64_t dilation =
        dilations && int64_t(dilations->size()) == rank ? (*dilations)[d] : 1;
    int64_t before = 0, after = 0;
    if (explicitPads && int64_t(explicitPads->size()) == 2 * rank) {
      before = (*explicitPads)[2 * d];
      after = (*explicitPads)[2 * d + 1];
    }
    out.dims[d] = windowOutput(in.dims[d], window[i], (*strides)[d], dilation,
                               padding, before, after);
  }
  ctx.results.assign(ctx.getNumResults(), Shape::unknown());
  if (ctx.getNumResults() == 0)
    return failure();
  ctx.results[0] = out;
  return success();
}

static LogicalResult conv(InferenceContext &ctx) {
  return windowed(ctx, 1, false);
}
static LogicalResult depthwiseConv(InferenceContext &ctx) {
  return windowed(ctx, 1, true);
}
static LogicalResult pool(InferenceContext &ctx) {
  return windowed(ctx, -1, false);
}

/// FusedBatchNorm*: y like x, the statistics like the channel dimension.
static LogicalResult fusedBatchNorm(InferenceContext &ctx) {
  Shape x = ctx.input(0);
  Shape scale = ctx.input(1);
  Shape channels = scale.ranked ? scale : Shape::ofRank(1);
  if (x.ranked && x.rank() >= 2 && channels.dims[0] == kDyn) {
    bool first = ctx.strAttr("data_format", "NHWC").starts_with("NC");
    channels.dims[0] = x.dims[first ? 1 : x.rank() - 1];
  }
  ctx.results.assign(ctx.getNumResults(), channels);
  if (ctx.getNumResults() == 0)
    return failure();
  ctx.results[0] = x;
  // V3's reserve_space_3 is opaque.
  if (ctx.getNumResults() > 5)
    ctx.results[5] = Shape::unknown();
  return success();
}

/// Resize*(images [N,H,W,C], size [2]).
static LogicalResult resize(InferenceContext &ctx) {
  Shape in = ctx.input(0);
  auto size = ctx.constantInts(1, 2);
  if (in.ranked && in.rank() != 4)
    return failure();
  Shape out = in.ranked ? in : Shape::ofRank(4);
  out.dims[1] = size && size->size() == 2 ? (*size)[0] : kDyn;
  out.dims[2] = size && size->size() == 2 ? (*size)[1] : kDyn;
  return setResult(ctx, out);
}

/// SpaceToDepth / DepthToSpace (NHWC).
static LogicalResult spaceDepth(InferenceContext &ctx, bool toDepth) {
  Shape in = ctx.input(0);
  int64_t b = ctx.intAttr("block_size", 0);
  if (!in.ranked || in.rank() != 4 || b <= 0 ||
      ctx.strAttr("data_format", "NHWC") != "NHWC")
    return setResult(ctx, in.ranked ? Shape::ofRank(in.rank()) : in);
  auto scale = [&](int64_t d, bool up) {
    return d == kDyn ? kDyn : (up ? mulDims(d, b) : d / b);
  };
  in.dims[1] = scale(in.dims[1], !toDepth);
  in.dims[2] = scale(in.dims[2], !toDepth);
  int64_t area = mulDims(b, b);
  in.dims[3] = toDepth ? scale(scale(in.dims[3], true), true)
               : (in.dims[3] == kDyn || area == kDyn) ? kDyn
                                                      : in.dims[3] / area;
  return setResult(ctx, in);
}
static LogicalResult spaceToDepth(InferenceContext &ctx) {
  return spaceDepth(ctx, true);
}
static LogicalResult depthToSpace(InferenceContext &ctx) {
  return spaceDepth(ctx, false);
}

static LogicalResult softmaxCrossEntropy(InferenceContext &ctx) {
  Shape logits = ctx.input(0);
  ctx.results.assign(ctx.getNumResults(), Shape::unknown());
  if (ctx.getNumResults() != 2)
    return failure();
  ctx.results[0] =
      Shape::of({logits.ranked && logits.rank() == 2 ? logits.dims[0] : kDyn});
  ctx.results[1] = logits;
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow and TensorArrays
//===----------------------------------------------------------------------===//

static LogicalResult switchOp(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), ctx.input(0));
  return success();
}

static LogicalResult merge(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::scalar());
  if (ctx.getNumResults() == 0)
    return failure();
  // Merge's inputs may be back edges: only agree when all are known.
  Shape s = ctx.input(0);
  for (unsigned i = 1; i < ctx.getNumInputs(); ++i) {
    Shape other = ctx.input(i);
    if (!other.ranked || !s.ranked || other.dims != s.dims) {
      s = Shape::unknown();
      break;
    }
  }
  ctx.results[0] = s;
  return success();
}

/// TensorArrayV3(size): (handle [2], flow scalar).
static LogicalResult tensorArray(InferenceContext &ctx) {
  ctx.results.assign(ctx.getNumResults(), Shape::scalar());
  if (ctx.getNumResults() == 2)
    ctx.results[0] = Shape::of({2});
  return success();
}

/// The element shape of a TensorArray read, from `element_shape`.
static Shape elementShape(InferenceContext &ctx) {
  return shapeOfAttr(
      dyn_cast_if_present<tf_type::ShapeAttr>(ctx.attr("element_shape")));
}

static LogicalResult tensorArrayRead(InferenceContext &ctx) {
  return setResult(ctx, elementShape(ctx));
}

static LogicalResult tensorArrayGather(InferenceContext &ctx) {
  Shape element = elementShape(ctx);
  if (!element.ranked)
    return setResult(ctx, Shape::unknown());
  Shape indices = ctx.input(1);
  element.dims.insert(element.dims.begin(),
                      indices.ranked && indices.rank() == 1 ? indices.dims[0]
                                                            : kDyn);
  return setResult(ctx, element);
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

static const llvm::StringMap<ShapeFunction> &getTable() {
  static const llvm::StringMap<ShapeFunction> table = [] {
    llvm::StringMap<ShapeFunction> t;
    auto add = [&](std::initializer_list<const char *> names,
                   ShapeFunction fn) {
      for (const char *name : names)
        t[name] = fn;
    };
    // Elementwise: the result has the shape of the first operand.
    add({"Abs",
         "Acos",
         "Acosh",
         "Angle",
         "Asin",
         "Asinh",
         "Atan",
         "Atanh",
         "BesselI0e",
         "BesselI1e",
         "BiasAdd",
         "BiasAddV1",
         "Cast",
         "Ceil",
         "CheckNumerics",
         "ClipByValue",
         "ComplexAbs",
         "Conj",
         "Cos",
         "Cosh",
         "Cumprod",
         "Cumsum",
         "DebugIdentity",
         "Digamma",
         "Elu",
         "EluGrad",
         "Enter",
         "EnsureShape",
         "Erf",
         "Erfc",
         "Erfinv",
         "Exit",
         "Exp",
         "Expm1",
         "FakeQuantWithMinMaxArgs",
         "FakeQuantWithMinMaxVars",
         "FakeQuantWithMinMaxVarsPerChannel",
         "Floor",
         "Identity",
         "Imag",
         "Inv",
         "Invert",
         "InvertPermutation",
         "IsFinite",
         "IsInf",
         "IsNan",
         "LRN",
         "LeakyRelu",
         "LeakyReluGrad",
         "Lgamma",
         "Log",
         "Log1p",
         "LogSoftmax",
         "LogicalNot",
         "LoopCond",
         "MatrixBandPart",
         "Ndtri",
         "Neg",
         "NextIteration",
         "OnesLike",
         "PreventGradient",
         "Print",
         "Real",
         "Reciprocal",
         "ReciprocalGrad",
         "RefEnter",
         "RefExit",
         "RefIdentity",
         "RefNextIteration",
         "Relu",
         "Relu6",
         "Relu6Grad",
         "ReluGrad",
         "Reverse",
         "ReverseV2",
         "Rint",
         "Roll",
         "Round",
         "Rsqrt",
         "RsqrtGrad",
         "Selu",
         "SeluGrad",
         "Sigmoid",
         "SigmoidGrad",
         "Sign",
         "Sin",
         "Sinh",
         "Snapshot",
         "Softmax",
         "Softplus",
         "SoftplusGrad",
         "Softsign",
         "SoftsignGrad",
         "Sqrt",
         "SqrtGrad",
         "Square",
         "StopGradient",
         "Tan",
         "Tanh",
         "TanhGrad",
         "TensorScatterAdd",
         "TensorScatterMax",
         "TensorScatterMin",
         "TensorScatterSub",
         "TensorScatterUpdate",
         "ZerosLike",
         "_FusedBatchNormEx"},
        sameAsInput0);
    add({"IdentityN"}, sameAsInputs);
    // Broadcasting binary ops.
    add({"Add",
         "AddV2",
         "ApproximateEqual",
         "Atan2",
         "BitwiseAnd",
         "BitwiseOr",
         "BitwiseXor",
         "Complex",
         "Div",
         "DivNoNan",
         "Equal",
         "FloorDiv",
         "FloorMod",
         "Greater",
         "GreaterEqual",
         "Igamma",
         "Igammac",
         "LeftShift",
         "Less",
         "LessEqual",
         "LogicalAnd",
         "LogicalOr",
         "Maximum",
         "Minimum",
         "Mod",
         "Mul",
         "MulNoNan",
         "NextAfter",
         "NotEqual",
         "Polygamma",
         "Pow",
         "RealDiv",
         "RightShift",
         "SquaredDifference",
         "Sub",
         "TruncateDiv",
         "TruncateMod",
         "Xdivy",
         "Xlog1py",
         "Xlogy",
         "Zeta"},
        broadcastBinary);
    add({"SelectV2"}, selectV2);
    add({"AddN"}, mergeAllInputs);
    add({"Select"}, select);
    add({"Size", "Rank", "L2Loss", "TensorArraySizeV3", "TensorArrayWriteV3",
         "TensorArrayScatterV3"},
        scalarResult);
    // Reductions.
    add({"All", "Any", "EuclideanNorm", "Max", "Mean", "Min", "Prod", "Sum"},
        reduction);
    add({"ArgMax", "ArgMin"}, argReduction);
    // Shapes.
    add({"Shape"}, shapeOp);
    add({"ShapeN"}, shapeN);
    add({"Fill", "Empty", "RandomStandardNormal", "RandomUniform",
         "RandomUniformInt", "StatelessRandomNormal", "StatelessRandomUniform",
         "StatelessTruncatedNormal", "TruncatedNormal"},
        shapeFromOperand0);
    add({"BroadcastTo"}, shapeFromOperand1);
    add({"ScatterNd"}, shapeFromOperand2);
    add({"Conv2DBackpropInput"}, shapeFromOperand0);
    add({"Reshape"}, reshape);
    add({"ExpandDims"}, expandDims);
    add({"Squeeze"}, squeeze);
    add({"Transpose"}, transpose);
    add({"ConcatV2"}, concatV2);
    add({"Concat"}, concat);
    add({"Pack"}, pack);
    add({"Unpack"}, unpack);
    add({"Split"}, split);
    add({"SplitV"}, splitV);
    add({"Slice"}, slice);
    add({"StridedSlice"}, stridedSlice);
    add({"Tile"}, tile);
    add({"Pad", "PadV2", "MirrorPad"}, pad);
    add({"Range"}, range);
    // Sources.
    add({"Const"}, constOp);
    add({"Placeholder", "PlaceholderV2", "PlaceholderWithDefault"}, shapeAttr);
    // Gathers.
    add({"Gather", "GatherV2", "ResourceGather"}, gather);
    add({"GatherNd"}, gatherNd);
    add({"OneHot"}, oneHot);
    add({"Where"}, where);
    add({"Unique"}, unique);
    add({"TopKV2"}, topK);
    add({"NonMaxSuppression", "NonMaxSuppressionV2", "NonMaxSuppressionV3",
         "NonMaxSuppressionV4", "NonMaxSuppressionV5"},
        nonMaxSuppression);
    add({"ListDiff"}, unknownLength);
    // Linear algebra, convolutions and pooling.
    add({"MatMul", "_FusedMatMul"}, matMul);
    add({"BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"}, batchMatMul);
    add({"Conv2D", "Conv3D", "_FusedConv2D"}, conv);
    add({"DepthwiseConv2dNative", "FusedDepthwiseConv2dNative"}, depthwiseConv);
    add({"MaxPool", "AvgPool", "MaxPool3D", "AvgPool3D"}, pool);
    add({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"},
        fusedBatchNorm);
    add({"ResizeBilinear", "ResizeNearestNeighbor", "ResizeBicubic",
         "ResizeArea"},
        resize);
    add({"SpaceToDepth"}, spaceToDepth);
    add({"DepthToSpace"}, depthToSpace);
    add({"SoftmaxCrossEntropyWithLogits"}, softmaxCrossEntropy);
    // Control flow and TensorArrays.
    add({"Switch", "RefSwitch"}, switchOp);
    add({"Merge", "RefMerge"}, merge);
    add({"TensorArrayV3"}, tensorArray);
    add({"TensorArrayReadV3"}, tensorArrayRead);
    add({"TensorArrayGatherV3"}, tensorArrayGather);
    return t;
  }();
  return table;
}

ShapeFunction mlir::tfg::lookupShapeFunction(StringRef opName) {
  const auto &table = getTable();
  auto it = table.find(opName);
  return it == table.end() ? nullptr : it->second;
}

size_t mlir::tfg::getNumShapeFunctions() { return getTable().size(); }

bool mlir::tfg::hasShapeFunction(StringRef opName) {
  return lookupShapeFunction(opName) != nullptr;
}

std::vector<std::string> mlir::tfg::getOpsWithShapeFunctions() {
  std::vector<std::string> names;
  for (const auto &entry : getTable())
    names.push_back(entry.getKey().str());
  llvm::sort(names);
  return names;
}
