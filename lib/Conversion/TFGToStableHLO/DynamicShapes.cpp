//===- DynamicShapes.cpp - Rules for values of run-time shape -------------===//
//
// The dynamic rule table (DynamicShapes.h) and its helpers: elementwise ops
// with NumPy broadcasting through dynamic_broadcast_in_dim, Cast, Identity,
// Shape/Size through get_dimension_size, Squeeze/ExpandDims/Reshape through
// dynamic_reshape, GatherV2 (gather, whose slice sizes stay static), ConcatV2,
// Pad by computed paddings and Slice by computed bounds through dynamic_pad
// (negative edges cut), Fill through dynamic_broadcast_in_dim. Where and
// NonMaxSuppression are in DataDependentRules.cpp.
//
//===----------------------------------------------------------------------===//

#include "DynamicShapes.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/IR/Block.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

RankedTensorType tohlo::getRankedHLOType(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t)
    return {};
  Type e = t.getElementType();
  if (auto c = dyn_cast<ComplexType>(e))
    e = c.getElementType();
  return isa<FloatType, IntegerType>(e) ? t : RankedTensorType();
}

Value dyn::i64Scalar(Lowering &l, int64_t value) {
  auto t = RankedTensorType::get({}, l.b.getI64Type());
  return l.constant(DenseElementsAttr::get(t, APInt(64, value, true)));
}

Value dyn::dimSize(Lowering &l, Value v, int64_t d) {
  RankedTensorType t = l.type(v);
  if (!t.isDynamicDim(d))
    return i64Scalar(l, t.getDimSize(d));
  Value s =
      l.op("get_dimension_size", v, RankedTensorType::get({}, l.b.getI32Type()),
           {l.named("dimension", l.b.getI64IntegerAttr(d))});
  return l.convert(s, l.b.getI64Type());
}

Value dyn::shapeTensor(Lowering &l, ArrayRef<Value> sizes) {
  Type i64 = l.b.getI64Type();
  if (sizes.empty())
    return l.constant(DenseElementsAttr::get(RankedTensorType::get({0}, i64),
                                             ArrayRef<APInt>{}));
  SmallVector<Value> parts;
  for (Value s : sizes)
    parts.push_back(l.reshape(l.convert(s, i64), {1}));
  if (parts.size() == 1)
    return parts[0];
  return l.op("concatenate", parts,
              RankedTensorType::get({(int64_t)parts.size()}, i64),
              {l.named("dimension", l.b.getI64IntegerAttr(0))});
}

Value dyn::shapeOf(Lowering &l, Value v) {
  SmallVector<Value> sizes;
  for (int64_t d = 0, e = l.type(v).getRank(); d < e; ++d)
    sizes.push_back(dimSize(l, v, d));
  return shapeTensor(l, sizes);
}

Value dyn::broadcastTo(Lowering &l, Value v, Value shape, RankedTensorType type,
                       ArrayRef<int64_t> dims) {
  if (l.type(v) == type)
    return v;
  return l.op("dynamic_broadcast_in_dim", {v, shape}, type,
              {l.named("broadcast_dimensions", l.i64s(dims))});
}

Value dyn::takeFirst(Lowering &l, Value v, Value count) {
  RankedTensorType t = l.type(v);
  int64_t rank = t.getRank();
  Type i64 = l.b.getI64Type();
  Value capacity = dimSize(l, v, 0);
  Value cut = l.op("subtract", {l.convert(count, i64), capacity},
                   RankedTensorType::get({}, i64));
  SmallVector<Value> high = {cut};
  for (int64_t d = 1; d < rank; ++d)
    high.push_back(i64Scalar(l, 0));
  auto vecType = RankedTensorType::get({rank}, i64);
  Value zeros = l.constant(DenseElementsAttr::get(vecType, APInt(64, 0)));
  SmallVector<int64_t> shape(t.getShape());
  shape[0] = ShapedType::kDynamic;
  Value pad = l.splat(RankedTensorType::get({}, t.getElementType()), 0);
  return l.op("dynamic_pad", {v, pad, zeros, shapeTensor(l, high), zeros},
              RankedTensorType::get(shape, t.getElementType()));
}

Value dyn::refineTo(Lowering &l, Value v, RankedTensorType type) {
  RankedTensorType actual = l.type(v);
  bool lessStatic = false;
  for (int64_t d = 0; d < type.getRank(); ++d)
    lessStatic |= actual.isDynamicDim(d) && !type.isDynamicDim(d);
  if (!lessStatic)
    return v;
  return l.op("dynamic_reshape", {v, shapeOf(l, v)}, type);
}

FailureOr<double> dyn::constFloat(Lowering &l, unsigned i) {
  if (i >= l.node.operands.size())
    return failure();
  Operation *def = l.node.operands[i].getDefiningOp();
  if (!def || def->getName().getStringRef() != "stablehlo.constant")
    return failure();
  auto value = dyn_cast_or_null<DenseElementsAttr>(def->getAttr("value"));
  if (!value || value.getNumElements() != 1)
    return failure();
  if (isa<FloatType>(value.getElementType()))
    return (*value.value_begin<APFloat>()).convertToDouble();
  if (isa<IntegerType>(value.getElementType()))
    return (double)(*value.value_begin<APInt>()).getSExtValue();
  return failure();
}

namespace {
using namespace dyn;

/// NumPy broadcasting of `operands` at run time: the result's rank is the
/// largest; a size is static where an operand has a static size other
/// than 1, else the run-time size (an operand's `?` size, taken unless it
/// is 1). Each operand not of the result's shape is broadcast
/// (dynamic_broadcast_in_dim). Returns the broadcast operands' shape.
FailureOr<SmallVector<int64_t>>
broadcastOperands(Lowering &l, SmallVectorImpl<Value> &operands) {
  int64_t rank = 0;
  for (Value v : operands)
    rank = std::max(rank, l.type(v).getRank());
  SmallVector<int64_t> shape(rank, 1);
  SmallVector<Value> sizes(rank);
  for (int64_t j = 0; j < rank; ++j) {
    for (Value v : operands) {
      RankedTensorType t = l.type(v);
      int64_t d = j - (rank - t.getRank());
      if (d < 0)
        continue;
      int64_t s = t.getDimSize(d);
      if (s == 1)
        continue;
      if (!ShapedType::isDynamic(s)) {
        if (!ShapedType::isDynamic(shape[j]) && shape[j] != 1 && shape[j] != s)
          return l.error() << "operand shapes do not broadcast: " << t;
        shape[j] = s;
        sizes[j] = i64Scalar(l, s);
        continue;
      }
      if (!ShapedType::isDynamic(shape[j]) && shape[j] != 1)
        continue; // A static size wins; the run time must agree.
      Value size = dimSize(l, v, d);
      if (sizes[j]) {
        // The broadcast of a size with another: the other where one is 1.
        Value one = i64Scalar(l, 1);
        Value isOne = l.compare(sizes[j], one, "EQ");
        size = l.op("select", {isOne, size, sizes[j]}, l.type(size));
      }
      shape[j] = ShapedType::kDynamic;
      sizes[j] = size;
    }
    if (!sizes[j])
      sizes[j] = i64Scalar(l, 1);
  }
  Value shapeValue;
  for (Value &v : operands) {
    RankedTensorType t = l.type(v);
    auto target = RankedTensorType::get(shape, t.getElementType());
    if (t == target)
      continue;
    if (!shapeValue)
      shapeValue = shapeTensor(l, sizes);
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < t.getRank(); ++d)
      dims.push_back(rank - t.getRank() + d);
    v = broadcastTo(l, v, shapeValue, target, dims);
  }
  return shape;
}

/// The elementwise ops: TensorFlow op type, StableHLO op, and whether the
/// result is boolean.
struct Elementwise {
  StringRef tf, hlo;
  bool compare;
};
const Elementwise kElementwise[] = {
    {"Add", "add", false},         {"AddV2", "add", false},
    {"Sub", "subtract", false},    {"Mul", "multiply", false},
    {"RealDiv", "divide", false},  {"Maximum", "maximum", false},
    {"Minimum", "minimum", false}, {"LogicalAnd", "and", false},
    {"LogicalOr", "or", false},    {"Less", "LT", true},
    {"LessEqual", "LE", true},     {"Greater", "GT", true},
    {"GreaterEqual", "GE", true},  {"Equal", "EQ", true},
    {"NotEqual", "NE", true},      {"Neg", "negate", false},
    {"Exp", "exponential", false}, {"Sigmoid", "logistic", false},
    {"Sqrt", "sqrt", false},       {"Abs", "abs", false},
    {"Floor", "floor", false},     {"Ceil", "ceil", false},
    {"LogicalNot", "not", false},  {"Log", "log", false},
    {"Tanh", "tanh", false},       {"Rsqrt", "rsqrt", false},
};

const Elementwise *findElementwise(StringRef opType) {
  for (const Elementwise &e : kElementwise)
    if (e.tf == opType)
      return &e;
  return nullptr;
}

LogicalResult elementwise(Lowering &l, SmallVectorImpl<Value> &results) {
  const Elementwise *e = findElementwise(l.node.opType);
  unsigned arity = l.node.operands.size();
  if (!e || arity < 1 || arity > 2 || failed(l.expectArity(arity, 1)))
    return l.error() << "expects one or two inputs";
  SmallVector<Value> operands(l.node.operands.begin(), l.node.operands.end());
  if (operands.size() == 2 && l.type(operands[0]).getElementType() !=
                                  l.type(operands[1]).getElementType())
    return l.error() << "operand element types differ";
  FailureOr<SmallVector<int64_t>> shape = broadcastOperands(l, operands);
  if (failed(shape))
    return failure();
  if (e->compare) {
    results.push_back(l.compare(operands[0], operands[1], e->hlo));
    return success();
  }
  results.push_back(l.op(e->hlo, operands, l.type(operands[0])));
  return success();
}

LogicalResult identity(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  results.push_back(l.operand(0));
  return success();
}

LogicalResult cast(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  results.push_back(l.convert(l.operand(0), l.resultType().getElementType()));
  return success();
}

/// Select(cond, t, e): cond of t's shape, or (Select) a vector choosing
/// rows; SelectV2 broadcasts the three.
LogicalResult select(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  SmallVector<Value> operands(l.node.operands.begin(), l.node.operands.end());
  RankedTensorType c = l.type(operands[0]), t = l.type(operands[1]);
  if (l.node.opType == "Select" && c.getRank() == 1 && t.getRank() > 1) {
    // A row selector: its dimension is the rows'.
    auto target = RankedTensorType::get(t.getShape(), c.getElementType());
    operands[0] =
        broadcastTo(l, operands[0], shapeOf(l, operands[1]), target, {0});
  }
  if (failed(broadcastOperands(l, operands)))
    return failure();
  results.push_back(l.op("select", operands, l.type(operands[1])));
  return success();
}

/// Shape(x) and Size(x) from the run-time sizes.
LogicalResult shapeOrSize(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  Type elem = l.resultType().getElementType();
  if (l.node.opType == "Shape") {
    results.push_back(l.convert(shapeOf(l, x), elem));
    return success();
  }
  Value n = i64Scalar(l, 1);
  for (int64_t d = 0, e = l.type(x).getRank(); d < e; ++d)
    n = l.op("multiply", {n, dimSize(l, x, d)}, l.type(n));
  results.push_back(l.convert(n, elem));
  return success();
}

/// Squeeze, ExpandDims and Reshape: a dynamic_reshape to the node's output
/// rank. A size the output type leaves `?` comes from the operand where the
/// op keeps a dimension (Squeeze, ExpandDims); Reshape's from its shape
/// input, -1 being the element count over the product of the others.
LogicalResult reshapeLike(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType in = l.type(x), out = l.resultType();
  Type i64 = l.b.getI64Type();
  auto scalar = RankedTensorType::get({}, i64);
  Value shape;
  if (l.node.opType == "Reshape") {
    if (failed(l.expectArity(2, 1)))
      return failure();
    Value s = l.convert(l.operand(1), i64);
    RankedTensorType st = l.type(s);
    if (st.getRank() != 1 || st.getDimSize(0) != out.getRank())
      return l.error() << "the shape input must hold " << out.getRank()
                       << " sizes";
    Value count = i64Scalar(l, 1);
    for (int64_t d = 0; d < in.getRank(); ++d)
      count = l.op("multiply", {count, dimSize(l, x, d)}, scalar);
    // -1 stands for count / product(other sizes).
    Value minusOne = l.splat(st, -1);
    Value isMissing = l.compare(s, minusOne, "EQ");
    Value known = l.op("select", {isMissing, l.splat(st, 1), s}, st);
    Value product = l.reduce(known, {0}, "multiply", 1);
    Value safe = l.op("maximum", {product, i64Scalar(l, 1)}, scalar);
    Value missing = l.op("divide", {count, safe}, scalar);
    Value fill = l.op("broadcast_in_dim", missing, st,
                      {l.named("broadcast_dimensions", l.i64s({}))});
    shape = l.op("select", {isMissing, fill, s}, st);
  } else {
    // The output's sizes: static ones as they are, `?` ones from the
    // operand's dimensions in order, skipping the 1s Squeeze removes and
    // the dimension ExpandDims inserts (a 1).
    SmallVector<Value> sizes;
    SmallVector<int64_t> keep;
    for (int64_t d = 0; d < in.getRank(); ++d)
      if (in.getDimSize(d) != 1)
        keep.push_back(d);
    unsigned next = 0;
    for (int64_t d = 0; d < out.getRank(); ++d) {
      if (!out.isDynamicDim(d)) {
        sizes.push_back(i64Scalar(l, out.getDimSize(d)));
        if (out.getDimSize(d) != 1 && next < keep.size())
          ++next;
        continue;
      }
      if (next >= keep.size())
        return l.error() << "cannot tell the sizes of " << out << " from "
                         << in;
      sizes.push_back(dimSize(l, x, keep[next++]));
    }
    shape = shapeTensor(l, sizes);
  }
  results.push_back(
      l.op("dynamic_reshape", {x, shape},
           RankedTensorType::get(out.getShape(), in.getElementType())));
  return success();
}

/// GatherV2(params, indices, axis) with batch_dims 0: a gather whose slice
/// sizes are the params' sizes but along the axis (they must be static).
LogicalResult gatherV2(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value params = l.operand(0), indices = l.operand(1);
  RankedTensorType pt = l.type(params), it = l.type(indices);
  FailureOr<int64_t> batchDims = l.intAttr("batch_dims", 0);
  if (failed(batchDims))
    return failure();
  if (*batchDims != 0)
    return l.error() << "batch_dims " << *batchDims
                     << " with dynamic shapes is not legalized";
  FailureOr<SmallVector<int64_t>> axisValues = l.constInts(2);
  if (failed(axisValues) || axisValues->size() != 1)
    return l.error() << "the axis must be a scalar constant";
  FailureOr<int64_t> axis = l.normalizeAxis((*axisValues)[0], pt.getRank());
  if (failed(axis))
    return failure();
  SmallVector<int64_t> sliceSizes, offsetDims, shape;
  for (int64_t d = 0; d < pt.getRank(); ++d) {
    if (d == *axis) {
      sliceSizes.push_back(1);
      continue;
    }
    if (pt.isDynamicDim(d))
      return l.error() << "gathers from " << pt
                       << ": a `?` size off the axis is not legalized";
    sliceSizes.push_back(pt.getDimSize(d));
  }
  if (pt.isDynamicDim(*axis)) {
    // gather takes slices no larger than the operand: a `?` axis may be
    // empty, so one row of zeros follows (an index past the end reads it;
    // TensorFlow reports such an index).
    SmallVector<int64_t> rowShape(pt.getShape());
    rowShape[*axis] = 1;
    Value row =
        l.splat(RankedTensorType::get(rowShape, pt.getElementType()), 0);
    params = l.op("concatenate", {params, row}, pt,
                  {l.named("dimension", l.b.getI64IntegerAttr(*axis))});
  }
  for (int64_t d = 0; d < *axis; ++d) {
    offsetDims.push_back(shape.size());
    shape.push_back(pt.getDimSize(d));
  }
  shape.append(it.getShape().begin(), it.getShape().end());
  for (int64_t d = *axis + 1; d < pt.getRank(); ++d) {
    offsetDims.push_back(shape.size());
    shape.push_back(pt.getDimSize(d));
  }
  auto dims = stablehlo::GatherDimensionNumbersAttr::get(
      l.b.getContext(), offsetDims, {*axis}, {}, {}, {*axis}, it.getRank());
  results.push_back(l.op("gather", {params, indices},
                         RankedTensorType::get(shape, pt.getElementType()),
                         {l.named("dimension_numbers", dims),
                          l.named("slice_sizes", l.i64s(sliceSizes))}));
  return success();
}

/// ConcatV2(values..., axis).
LogicalResult concat(Lowering &l, SmallVectorImpl<Value> &results) {
  unsigned n = l.node.operands.size();
  if (n < 2 || failed(l.expectArity(n, 1)))
    return l.error() << "expects values and an axis";
  RankedTensorType first = l.type(l.operand(0));
  FailureOr<SmallVector<int64_t>> axisValues = l.constInts(n - 1);
  if (failed(axisValues) || axisValues->size() != 1)
    return l.error() << "the axis must be a scalar constant";
  FailureOr<int64_t> axis = l.normalizeAxis((*axisValues)[0], first.getRank());
  if (failed(axis))
    return failure();
  SmallVector<Value> values(l.node.operands.begin(), l.node.operands.end() - 1);
  SmallVector<int64_t> shape(first.getShape());
  shape[*axis] = 0;
  for (Value v : values) {
    RankedTensorType t = l.type(v);
    if (t.getRank() != first.getRank() ||
        t.getElementType() != first.getElementType())
      return l.error() << "concatenates " << t << " with " << first;
    int64_t s = t.getDimSize(*axis);
    shape[*axis] =
        ShapedType::isDynamic(s) || ShapedType::isDynamic(shape[*axis])
            ? ShapedType::kDynamic
            : shape[*axis] + s;
    for (int64_t d = 0; d < t.getRank(); ++d)
      if (d != *axis && ShapedType::isDynamic(shape[d]))
        shape[d] = t.getDimSize(d);
  }
  results.push_back(l.op("concatenate", values,
                         RankedTensorType::get(shape, first.getElementType()),
                         {l.named("dimension", l.b.getI64IntegerAttr(*axis))}));
  return success();
}

/// The low and high edges of paddings input `i` ([rank, 2]) as
/// tensor<rank x i64> each.
std::pair<Value, Value> edges(Lowering &l, Value paddings, int64_t rank) {
  Value p = l.convert(paddings, l.b.getI64Type());
  auto column = [&](int64_t c) {
    Value s =
        l.op("slice", p, RankedTensorType::get({rank, 1}, l.b.getI64Type()),
             {l.named("start_indices", l.i64s({0, c})),
              l.named("limit_indices", l.i64s({rank, c + 1})),
              l.named("strides", l.i64s({1, 1}))});
    return l.reshape(s, {rank});
  };
  return {column(0), column(1)};
}

/// Pad/PadV2(x, paddings[, value]) by paddings known at run time.
LogicalResult pad(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  RankedTensorType pt = l.type(l.operand(1));
  if (pt.getShape() != ArrayRef<int64_t>{rank, 2})
    return l.error() << "paddings must be [" << rank << ", 2], not " << pt;
  auto scalar = RankedTensorType::get({}, t.getElementType());
  Value value = l.splat(scalar, 0);
  if (l.node.opType == "PadV2" && l.node.operands.size() > 2)
    value = l.reshape(l.operand(2), {});
  auto [low, high] = edges(l, l.operand(1), rank);
  auto vecType = RankedTensorType::get({rank}, l.b.getI64Type());
  Value zeros = l.constant(DenseElementsAttr::get(vecType, APInt(64, 0)));
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  results.push_back(l.op("dynamic_pad", {x, value, low, high, zeros},
                         RankedTensorType::get(shape, t.getElementType())));
  return success();
}

/// Slice(x, begin, size) by bounds known at run time (size -1: to the
/// end): dynamic_pad with the negative edges -begin and
/// -(dim - begin - size). Bounds out of range are an error when run.
LogicalResult slice(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(3, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  auto vecType = RankedTensorType::get({rank}, l.b.getI64Type());
  Value begin = l.convert(l.operand(1), l.b.getI64Type());
  Value size = l.convert(l.operand(2), l.b.getI64Type());
  if (l.type(begin) != vecType || l.type(size) != vecType)
    return l.error() << "begin and size must hold " << rank << " values";
  Value dims = shapeOf(l, x);
  Value rest = l.op("subtract", {dims, begin}, vecType);
  Value toEnd = l.compare(size, l.splat(vecType, -1), "EQ");
  size = l.op("select", {toEnd, rest, size}, vecType);
  Value low = l.op("negate", begin, vecType);
  Value high = l.op("subtract", {size, rest}, vecType);
  Value zeros = l.constant(DenseElementsAttr::get(vecType, APInt(64, 0)));
  Value value = l.splat(RankedTensorType::get({}, t.getElementType()), 0);
  SmallVector<int64_t> shape(l.resultType().getShape());
  results.push_back(l.op("dynamic_pad", {x, value, low, high, zeros},
                         RankedTensorType::get(shape, t.getElementType())));
  return success();
}

/// Fill(dims, value): the value broadcast to the run-time dims.
LogicalResult fill(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value dims = l.convert(l.operand(0), l.b.getI64Type());
  RankedTensorType out = l.resultType();
  if (l.type(dims).getRank() != 1 ||
      l.type(dims).getDimSize(0) != out.getRank())
    return l.error() << "dims must hold " << out.getRank() << " sizes";
  Value value = l.reshape(l.operand(1), {});
  results.push_back(broadcastTo(
      l, value, dims,
      RankedTensorType::get(out.getShape(), l.type(value).getElementType()),
      {}));
  return success();
}

const RuleTable &getDynamicRuleTable() {
  static const RuleTable table = [] {
    RuleTable t;
    for (const Elementwise &e : kElementwise)
      t[e.tf] = elementwise;
    for (StringRef name : {"Identity", "Snapshot", "StopGradient"})
      t[name] = identity;
    t["Cast"] = cast;
    t["Select"] = select;
    t["SelectV2"] = select;
    t["Shape"] = shapeOrSize;
    t["Size"] = shapeOrSize;
    t["Squeeze"] = reshapeLike;
    t["ExpandDims"] = reshapeLike;
    t["Reshape"] = reshapeLike;
    t["GatherV2"] = gatherV2;
    t["ConcatV2"] = concat;
    t["Pad"] = pad;
    t["PadV2"] = pad;
    t["Slice"] = slice;
    t["Fill"] = fill;
    addDataDependentRules(t);
    addDynamicArrayRules(t);
    return t;
  }();
  return table;
}
} // namespace

bool tohlo::hasDynamicRule(StringRef opType) {
  return getDynamicRuleTable().count(opType);
}

std::vector<StringRef> tohlo::getDynamicRuleOpTypes() {
  std::vector<StringRef> names;
  for (const auto &entry : getDynamicRuleTable())
    names.push_back(entry.getKey());
  return names;
}

bool tohlo::hasComputedSizeOperand(StringRef opType, ValueRange operands,
                                   llvm::function_ref<bool(unsigned)> known) {
  struct SizeOperands {
    StringRef opType;
    unsigned first, last;
  };
  // The static rules of Reshape, Fill and Range take their sizes from the
  // output type, so only these read constants.
  static const SizeOperands kSizeOperands[] = {
      {"Pad", 1, 1}, {"PadV2", 1, 1}, {"Slice", 1, 2}, {"TopKV2", 1, 1}};
  for (const SizeOperands &s : kSizeOperands) {
    if (s.opType != opType)
      continue;
    for (unsigned i = s.first; i <= s.last && i < operands.size(); ++i) {
      Operation *def = operands[i].getDefiningOp();
      if ((!def || def->getName().getStringRef() != "stablehlo.constant") &&
          !known(i))
        return true;
    }
  }
  return false;
}

/// Whether `actual` may stand for a node output of type `expected`: same
/// rank and element type, equal sizes where both are static.
static bool isCompatible(RankedTensorType actual, RankedTensorType expected) {
  if (actual.getRank() != expected.getRank() ||
      actual.getElementType() != expected.getElementType())
    return false;
  for (int64_t d = 0; d < actual.getRank(); ++d)
    if (!actual.isDynamicDim(d) && !expected.isDynamicDim(d) &&
        actual.getDimSize(d) != expected.getDimSize(d))
      return false;
  return true;
}

LogicalResult tohlo::legalizeDynamicNode(OpBuilder &b, const TFNode &node,
                                         SmallVectorImpl<Value> &results) {
  const RuleTable &table = getDynamicRuleTable();
  auto it = table.find(node.opType);
  Lowering l(b, node);
  if (it == table.end())
    return l.error() << "no StableHLO legalization for op type '" << node.opType
                     << "' with dynamic shapes";
  if (failed(it->second(l, results)))
    return failure();
  if (results.size() != node.resultTypes.size())
    return l.error() << "produced " << results.size() << " results for "
                     << node.resultTypes.size() << " outputs";
  for (auto [v, t] : llvm::zip(results, node.resultTypes)) {
    RankedTensorType actual = l.type(v);
    if (!isCompatible(actual, t))
      return l.error() << "lowered to " << actual
                       << " where the node's output is " << t;
    // Where the node's type knows a size the value's leaves `?`, the value
    // takes the node's type (the interpreter checks the sizes).
    v = refineTo(l, v, t);
  }
  return success();
}
