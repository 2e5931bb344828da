//===- ShapeFunctions.cpp - TensorFlow shape functions on tfg -------------===//
//
// Shape functions for the common TensorFlow ops, written from the ops'
// documented semantics: elementwise, broadcasting, reductions, shape
// manipulation and sources, and the table of every op's shape function
// (the others are in ShapeFunctionsNN.cpp). Which ops are elementwise,
// broadcasting or reductions comes from the op classes
// (tfg/IR/OpClassification.h).
//
//===----------------------------------------------------------------------===//

#include "ShapeFunctions.h"

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#include <cmath>

#define DEBUG_TYPE "tfg-shape-inference"

using namespace mlir;
using namespace mlir::tfg;

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
  FailureOr<Shape> s = broadcastShapes(ctx.input(0), ctx.input(1));
  return failed(s) ? failure() : setResult(ctx, *s);
}

static LogicalResult selectV2(InferenceContext &ctx) {
  FailureOr<Shape> s = broadcastShapes(ctx.input(1), ctx.input(2));
  if (failed(s))
    return failure();
  s = broadcastShapes(ctx.input(0), *s);
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
    else if (s == -1 && known && in.dims[i] != kDyn && (*begin)[i] >= 0 &&
             (*begin)[i] <= in.dims[i])
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
    int64_t d = addDims(in.dims[i],
                        addDims((*paddings)[2 * i], (*paddings)[2 * i + 1]));
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
  if (!start || !limit || !delta) {
    // Float bounds: ceil(|(limit - start) / delta|), as TensorFlow sizes a
    // float Range.
    std::optional<double> s = ctx.constantReal(0), l = ctx.constantReal(1),
                          d = ctx.constantReal(2);
    if (!s || !l || !d || *d == 0)
      return setResult(ctx, Shape::ofRank(1));
    double n = std::ceil(std::fabs((*l - *s) / *d));
    if (!std::isfinite(n) || n >= 9.0e18)
      return setResult(ctx, Shape::ofRank(1));
    bool empty = (*d > 0) ? *l <= *s : *l >= *s;
    return setResult(ctx, Shape::of({empty ? 0 : int64_t(n)}));
  }
  if (*delta == 0)
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

/// Placeholder-like ops and EnsureShape: the `shape` attribute, merged
/// with operand 0's shape when there is one.
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
    // The op classes of OpClasses.def: result 0 shaped like operand 0
    // (elementwise unary ops and the like), broadcasting binary ops and
    // reductions.
    for (const OpClassEntry &row : getOpClassTable()) {
      if (row.classes & op_class::SameShape)
        t[row.name] = sameAsInput0;
      if (row.classes & op_class::ElementwiseBinary)
        t[row.name] = broadcastBinary;
      if (row.classes & op_class::Reduction)
        t[row.name] = reduction;
    }
    // Elementwise, but TensorFlow requires x and y to have the same shape.
    add({"ApproximateEqual"}, mergeAllInputs);
    add({"IdentityN"}, sameAsInputs);
    // TF.js's Prelu (no OpDef): alpha broadcast to x, the result x's shape.
    add({"Prelu"}, sameAsInput0);
    // The memory optimizer's swap copies (tfg-memory-optimizer).
    add({"_CopyFromGpuToHost", "_CopyFromHostToGpu"}, sameAsInput0);
    // The remapper's Sigmoid(x) * x and comparison + Cast fusions.
    add({"_MklSwish"}, sameAsInput0);
    add({"_EqualWithCast", "_NotEqualWithCast", "_LessWithCast",
         "_LessEqualWithCast", "_GreaterWithCast", "_GreaterEqualWithCast"},
        broadcastBinary);
    add({"SelectV2"}, selectV2);
    add({"AddN"}, mergeAllInputs);
    add({"Select"}, select);
    add({"Size", "Rank", "L2Loss", "TensorArraySizeV3", "TensorArrayWriteV3",
         "TensorArrayScatterV3"},
        scalarResult);
    add({"ArgMax", "ArgMin"}, argReduction);
    // Shapes.
    add({"Shape"}, shapeOp);
    add({"ShapeN"}, shapeN);
    add({"Fill", "Empty", "RandomStandardNormal", "RandomUniform",
         "RandomUniformInt", "StatelessRandomNormal", "StatelessRandomUniform",
         "StatelessTruncatedNormal", "TruncatedNormal"},
        shapeFromOperand0);
    add({"BroadcastTo", "SparseToDense"}, shapeFromOperand1);
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
    // EnsureShape: its input's shape merged with the `shape` attribute.
    add({"EnsureShape"}, shapeAttr);
    addNNShapeFunctions(t);
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
