//===- Lowering.cpp - Shared helpers of the StableHLO rules ---------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

InFlightDiagnostic Lowering::error() {
  return mlir::emitError(loc) << "tfg-to-stablehlo: node '" << node.name
                              << "' (" << node.opType << "): ";
}

LogicalResult Lowering::expectArity(unsigned operands, unsigned results) {
  if (node.operands.size() < operands || node.resultTypes.size() < results)
    return error() << "expects " << operands << " data inputs and " << results
                   << " data outputs, has " << node.operands.size() << " and "
                   << node.resultTypes.size();
  return success();
}

Value Lowering::op(StringRef name, ValueRange operands, Type result,
                   ArrayRef<NamedAttribute> attrs) {
  OperationState state(loc, ("stablehlo." + name).str());
  state.addOperands(operands);
  state.addTypes(result);
  state.addAttributes(attrs);
  return b.create(state)->getResult(0);
}

Value Lowering::constant(DenseElementsAttr value) {
  return op("constant", {}, value.getType(), {named("value", value)});
}

Value Lowering::splat(RankedTensorType type, double value) {
  Type elem = type.getElementType();
  DenseElementsAttr attr;
  if (auto ft = dyn_cast<FloatType>(elem)) {
    attr = DenseElementsAttr::get(type, b.getFloatAttr(ft, value));
  } else if (auto it = dyn_cast<IntegerType>(elem)) {
    // Saturate into the type's range (the extremes of max/min inits).
    unsigned width = it.getWidth();
    APInt v;
    if (width == 1) {
      v = APInt(1, value != 0);
    } else if (it.isUnsigned()) {
      v = value <= 0                        ? APInt(width, 0)
          : value >= std::ldexp(1.0, width) ? APInt::getMaxValue(width)
                                            : APInt(width, (uint64_t)value);
    } else {
      double hi = std::ldexp(1.0, width - 1);
      v = value >= hi ? APInt::getSignedMaxValue(width)
          : value < -hi
              ? APInt::getSignedMinValue(width)
              : APInt(width, (uint64_t)(int64_t)value, /*isSigned=*/true);
    }
    attr = DenseElementsAttr::get(type, IntegerAttr::get(it, v));
  } else if (auto ct = dyn_cast<ComplexType>(elem)) {
    if (auto ft = dyn_cast<FloatType>(ct.getElementType())) {
      APFloat re(value), im(0.0);
      bool lost;
      re.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      im.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      attr = DenseElementsAttr::get(type, std::complex<APFloat>(re, im));
    }
  }
  if (!attr) // Unreachable for the element types the pass admits.
    attr = DenseElementsAttr::get(
        RankedTensorType::get(type.getShape(), b.getF32Type()),
        b.getF32FloatAttr(value));
  return constant(attr);
}

double Lowering::lowest(Type elem) const {
  if (isa<FloatType>(elem))
    return -std::numeric_limits<double>::infinity();
  return -std::numeric_limits<double>::max();
}

double Lowering::highest(Type elem) const {
  if (isa<FloatType>(elem))
    return std::numeric_limits<double>::infinity();
  return std::numeric_limits<double>::max();
}

FailureOr<Value> Lowering::broadcastTo(Value v, ArrayRef<int64_t> shape) {
  RankedTensorType t = type(v);
  if (t.getShape() == shape)
    return v;
  int64_t rank = t.getRank(), outRank = shape.size();
  if (rank > outRank)
    return error() << "cannot broadcast " << t << " to rank " << outRank;
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = outRank - rank + i;
    if (t.getDimSize(i) != 1 && t.getDimSize(i) != shape[d])
      return error() << "cannot broadcast " << t << " to the shape of "
                     << RankedTensorType::get(shape, t.getElementType());
    dims.push_back(d);
  }
  return op("broadcast_in_dim", v,
            RankedTensorType::get(shape, t.getElementType()),
            {named("broadcast_dimensions", i64s(dims))});
}

Value Lowering::convert(Value v, Type elementType) {
  RankedTensorType t = type(v);
  if (t.getElementType() == elementType)
    return v;
  return op("convert", v, RankedTensorType::get(t.getShape(), elementType));
}

Value Lowering::reshape(Value v, ArrayRef<int64_t> shape) {
  RankedTensorType t = type(v);
  if (t.getShape() == shape)
    return v;
  return op("reshape", v, RankedTensorType::get(shape, t.getElementType()));
}

Value Lowering::transpose(Value v, ArrayRef<int64_t> perm) {
  RankedTensorType t = type(v);
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(t.getDimSize(p));
  return op("transpose", v, RankedTensorType::get(shape, t.getElementType()),
            {named("permutation", i64s(perm))});
}

Value Lowering::reduce(Value v, ArrayRef<int64_t> dims, StringRef body,
                       double init) {
  RankedTensorType t = type(v);
  SmallVector<int64_t> shape;
  for (int64_t i = 0, e = t.getRank(); i < e; ++i)
    if (!llvm::is_contained(dims, i))
      shape.push_back(t.getDimSize(i));
  return withBody("reduce", v, init, body,
                  RankedTensorType::get(shape, t.getElementType()),
                  {named("dimensions", i64s(dims))});
}

Value Lowering::withBody(StringRef name, Value input, double init,
                         StringRef body, Type result,
                         ArrayRef<NamedAttribute> attrs) {
  RankedTensorType t = type(input);
  auto scalar = RankedTensorType::get({}, t.getElementType());
  Value initValue = splat(scalar, init);
  OperationState state(loc, ("stablehlo." + name).str());
  state.addOperands({input, initValue});
  state.addTypes(result);
  state.addAttributes(attrs);
  Region *region = state.addRegion();
  Block *block = new Block();
  region->push_back(block);
  Value a = block->addArgument(scalar, loc);
  Value c = block->addArgument(scalar, loc);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(block);
    Value r = op(body, {a, c}, scalar);
    OperationState ret(loc, "stablehlo.return");
    ret.addOperands(r);
    b.create(ret);
  }
  return b.create(state)->getResult(0);
}

Value Lowering::compare(Value lhs, Value rhs, StringRef dir) {
  RankedTensorType t = type(lhs);
  auto direction = stablehlo::symbolizeComparisonDirection(dir);
  SmallVector<NamedAttribute> attrs;
  attrs.push_back(
      named("comparison_direction",
            stablehlo::ComparisonDirectionAttr::get(
                b.getContext(),
                direction.value_or(stablehlo::ComparisonDirection::EQ))));
  return op("compare", {lhs, rhs},
            RankedTensorType::get(t.getShape(), b.getI1Type()), attrs);
}

FailureOr<Value> Lowering::broadcastBinary(StringRef name, Value lhs,
                                           Value rhs) {
  ArrayRef<int64_t> shape = resultType().getShape();
  FailureOr<Value> l = broadcastTo(lhs, shape);
  if (failed(l))
    return failure();
  FailureOr<Value> r = broadcastTo(rhs, shape);
  if (failed(r))
    return failure();
  if (type(*l).getElementType() != type(*r).getElementType())
    return error() << "operand element types differ: " << type(*l) << " and "
                   << type(*r);
  return op(name, {*l, *r}, type(*l));
}

FailureOr<SmallVector<int64_t>> Lowering::constInts(unsigned i) {
  if (i >= node.operands.size())
    return error() << "missing input " << i;
  Operation *def = node.operands[i].getDefiningOp();
  DenseElementsAttr value;
  if (def && def->getName().getStringRef() == "stablehlo.constant")
    value = dyn_cast_or_null<DenseElementsAttr>(def->getAttr("value"));
  if (!value && node.knownOperand)
    value = node.knownOperand(i);
  if (!value || !isa<IntegerType>(value.getElementType()))
    return error() << "input " << i
                   << " must be an integer constant (a Const node, or "
                      "computed from constants and static shapes)";
  SmallVector<int64_t> out;
  for (const APInt &v : value.getValues<APInt>())
    out.push_back(v.getBitWidth() == 1 ? v.getZExtValue() : v.getSExtValue());
  return out;
}

FailureOr<int64_t> Lowering::normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    return error() << "axis " << axis << " is out of range for rank " << rank;
  return axis < 0 ? axis + rank : axis;
}

FailureOr<int64_t> Lowering::intAttr(StringRef name,
                                     std::optional<int64_t> dflt) {
  if (auto a = dyn_cast_or_null<IntegerAttr>(node.attr(name)))
    return a.getValue().getSExtValue();
  if (!node.attr(name) && dflt)
    return *dflt;
  return error() << "attribute '" << name << "' must be an integer";
}

FailureOr<double> Lowering::floatAttr(StringRef name,
                                      std::optional<double> dflt) {
  if (auto a = dyn_cast_or_null<FloatAttr>(node.attr(name)))
    return a.getValueAsDouble();
  if (!node.attr(name) && dflt)
    return *dflt;
  return error() << "attribute '" << name << "' must be a float";
}

FailureOr<bool> Lowering::boolAttr(StringRef name, std::optional<bool> dflt) {
  if (auto a = dyn_cast_or_null<BoolAttr>(node.attr(name)))
    return a.getValue();
  if (!node.attr(name) && dflt)
    return *dflt;
  return error() << "attribute '" << name << "' must be a bool";
}

FailureOr<StringRef> Lowering::strAttr(StringRef name,
                                       std::optional<StringRef> dflt) {
  if (auto a = dyn_cast_or_null<StringAttr>(node.attr(name)))
    return a.getValue();
  if (!node.attr(name) && dflt)
    return *dflt;
  return error() << "attribute '" << name << "' must be a string";
}

FailureOr<SmallVector<int64_t>> Lowering::intsAttr(StringRef name) {
  auto a = dyn_cast_or_null<ArrayAttr>(node.attr(name));
  if (!a)
    return error() << "attribute '" << name << "' must be a list of integers";
  SmallVector<int64_t> out;
  for (Attribute e : a) {
    auto i = dyn_cast<IntegerAttr>(e);
    if (!i)
      return error() << "attribute '" << name << "' must be a list of integers";
    out.push_back(i.getValue().getSExtValue());
  }
  return out;
}

FailureOr<SmallVector<StringRef>> Lowering::strsAttr(StringRef name) {
  SmallVector<StringRef> out;
  Attribute raw = node.attr(name);
  if (!raw)
    return out;
  auto a = dyn_cast<ArrayAttr>(raw);
  if (!a)
    return error() << "attribute '" << name << "' must be a list of strings";
  for (Attribute e : a) {
    auto s = dyn_cast<StringAttr>(e);
    if (!s)
      return error() << "attribute '" << name << "' must be a list of strings";
    out.push_back(s.getValue());
  }
  return out;
}

const RuleTable &tohlo::getRuleTable() {
  static const RuleTable table = [] {
    RuleTable t;
    addElementwiseRules(t);
    addShapeRules(t);
    addNNRules(t);
    addImageRules(t);
    addMathRules(t);
    addRandomRules(t);
    addGradRules(t);
    addEinsumRules(t);
    addSparseRules(t);
    addColorRules(t);
    addWindowRules(t);
    addMatrixRules(t);
    addArrayRules(t);
    addReductionRules(t);
    addScatterRules(t);
    return t;
  }();
  return table;
}

LogicalResult tohlo::legalizeNode(OpBuilder &b, const TFNode &node,
                                  SmallVectorImpl<Value> &results) {
  const RuleTable &table = getRuleTable();
  auto it = table.find(node.opType);
  Lowering lowering(b, node);
  if (it == table.end())
    return lowering.error()
           << "no StableHLO legalization for op type '" << node.opType << "'";
  if (failed(it->second(lowering, results)))
    return failure();
  if (results.size() != node.resultTypes.size())
    return lowering.error() << "produced " << results.size() << " results for "
                            << node.resultTypes.size() << " outputs";
  for (auto [v, t] : llvm::zip(results, node.resultTypes))
    if (v.getType() != t)
      return lowering.error() << "lowered to " << v.getType()
                              << " where the node's output is " << t;
  return success();
}

SmallVector<Value, 2> tohlo::sortBy(Lowering &l, ValueRange operands,
                                    StringRef dir, int64_t dimension) {
  OperationState state(l.loc, "stablehlo.sort");
  state.addOperands(operands);
  for (Value v : operands)
    state.addTypes(v.getType());
  state.addAttribute("dimension", l.b.getI64IntegerAttr(dimension));
  state.addAttribute("is_stable", l.b.getBoolAttr(true));
  Region *region = state.addRegion();
  Block *block = new Block();
  region->push_back(block);
  SmallVector<Value, 2> firsts;
  for (Value v : operands) {
    auto scalar = RankedTensorType::get({}, l.type(v).getElementType());
    firsts.push_back(block->addArgument(scalar, l.loc));
    firsts.push_back(block->addArgument(scalar, l.loc));
  }
  {
    OpBuilder::InsertionGuard guard(l.b);
    l.b.setInsertionPointToStart(block);
    OperationState ret(l.loc, "stablehlo.return");
    ret.addOperands(l.compare(firsts[0], firsts[1], dir));
    l.b.create(ret);
  }
  Operation *sort = l.b.create(state);
  return SmallVector<Value, 2>(sort->getResults());
}
