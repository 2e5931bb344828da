//===- StableHLOElementwiseOps.cpp - elementwise ops ----------------------===//
//
// The generated code of StableHLOElementwiseOps.td, the result type
// inference of the elementwise ops, their verifiers (written from the
// spec's constraints), and the constant op's syntax and folder.
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"
#include "StableHLOVerify.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOElementwiseOps.cpp.inc"

void StableHLODialect::registerElementwiseOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/StableHLO/StableHLOElementwiseOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Type inference.
//===----------------------------------------------------------------------===//

/// The real type of complex element types, others unchanged.
static Type baseOfComplex(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type;
  if (auto complex = dyn_cast<ComplexType>(tensor.getElementType()))
    return tensor.clone(complex.getElementType());
  return type;
}

/// The same shape with another element type (or null for non-tensors).
static Type withElementType(Type type, Type element) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? tensor.clone(element) : Type();
}

#define STABLEHLO_COMPATIBLE(OP)                                               \
  bool OP::isCompatibleReturnTypes(TypeRange l, TypeRange r) {                 \
    return compatibleReturnTypes(l, r);                                        \
  }

// Unary ops whose result has the operand's type.
#define STABLEHLO_UNARY_SAME(OP)                                               \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location>,   \
                                     Adaptor adaptor,                          \
                                     SmallVectorImpl<Type> &types) {           \
    types.push_back(adaptor.getOperand().getType());                           \
    return success();                                                          \
  }                                                                            \
  STABLEHLO_COMPATIBLE(OP)

// Unary ops whose result is the real type of a complex operand.
#define STABLEHLO_UNARY_REAL(OP)                                               \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location>,   \
                                     Adaptor adaptor,                          \
                                     SmallVectorImpl<Type> &types) {           \
    types.push_back(baseOfComplex(adaptor.getOperand().getType()));            \
    return success();                                                          \
  }                                                                            \
  STABLEHLO_COMPATIBLE(OP)

/// Binary ops (C1): type(lhs) = type(rhs) = type(result), quantized
/// parameters aside.
static LogicalResult inferBinary(std::optional<Location> loc, Type lhs,
                                 Type rhs, SmallVectorImpl<Type> &types) {
  if (!compatibleReturnTypes(TypeRange(lhs), TypeRange(rhs))) {
    if (loc)
      emitError(*loc) << "operands have different types: " << lhs << " and "
                      << rhs;
    return failure();
  }
  types.push_back(lhs);
  return success();
}

#define STABLEHLO_BINARY_SAME(OP)                                              \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *, std::optional<Location> loc, Adaptor adaptor,             \
      SmallVectorImpl<Type> &types) {                                          \
    return inferBinary(loc, adaptor.getLhs().getType(),                        \
                       adaptor.getRhs().getType(), types);                     \
  }                                                                            \
  STABLEHLO_COMPATIBLE(OP)

STABLEHLO_UNARY_REAL(AbsOp)
STABLEHLO_UNARY_SAME(CbrtOp)
STABLEHLO_UNARY_SAME(CeilOp)
STABLEHLO_UNARY_SAME(CountLeadingZerosOp)
STABLEHLO_UNARY_SAME(CosineOp)
STABLEHLO_UNARY_SAME(ExponentialOp)
STABLEHLO_UNARY_SAME(ExponentialMinusOneOp)
STABLEHLO_UNARY_SAME(FloorOp)
STABLEHLO_UNARY_REAL(ImagOp)
STABLEHLO_UNARY_SAME(LogOp)
STABLEHLO_UNARY_SAME(LogPlusOneOp)
STABLEHLO_UNARY_SAME(LogisticOp)
STABLEHLO_UNARY_SAME(NegateOp)
STABLEHLO_UNARY_SAME(NotOp)
STABLEHLO_UNARY_SAME(PopcntOp)
STABLEHLO_UNARY_REAL(RealOp)
STABLEHLO_UNARY_SAME(RoundNearestAfzOp)
STABLEHLO_UNARY_SAME(RoundNearestEvenOp)
STABLEHLO_UNARY_SAME(RsqrtOp)
STABLEHLO_UNARY_SAME(SignOp)
STABLEHLO_UNARY_SAME(SineOp)
STABLEHLO_UNARY_SAME(SqrtOp)
STABLEHLO_UNARY_SAME(TanOp)
STABLEHLO_UNARY_SAME(TanhOp)
STABLEHLO_UNARY_SAME(ReducePrecisionOp)

STABLEHLO_BINARY_SAME(AddOp)
STABLEHLO_BINARY_SAME(AndOp)
STABLEHLO_BINARY_SAME(Atan2Op)
STABLEHLO_BINARY_SAME(DivideOp)
STABLEHLO_BINARY_SAME(MaximumOp)
STABLEHLO_BINARY_SAME(MinimumOp)
STABLEHLO_BINARY_SAME(MultiplyOp)
STABLEHLO_BINARY_SAME(OrOp)
STABLEHLO_BINARY_SAME(PowerOp)
STABLEHLO_BINARY_SAME(RemainderOp)
STABLEHLO_BINARY_SAME(ShiftLeftOp)
STABLEHLO_BINARY_SAME(ShiftRightArithmeticOp)
STABLEHLO_BINARY_SAME(ShiftRightLogicalOp)
STABLEHLO_BINARY_SAME(SubtractOp)
STABLEHLO_BINARY_SAME(XorOp)

LogicalResult ComplexOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  Type lhs = adaptor.getLhs().getType(), rhs = adaptor.getRhs().getType();
  if (lhs != rhs)
    return inferError(loc, "complex: lhs and rhs must have the same type");
  auto tensor = dyn_cast<RankedTensorType>(lhs);
  if (!tensor)
    return inferError(loc, "complex: operands must be ranked tensors");
  types.push_back(tensor.clone(ComplexType::get(tensor.getElementType())));
  return success();
}
STABLEHLO_COMPATIBLE(ComplexOp)

LogicalResult IsFiniteOp::inferReturnTypes(MLIRContext *ctx,
                                           std::optional<Location>,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  types.push_back(
      withElementType(adaptor.getX().getType(), IntegerType::get(ctx, 1)));
  return success(types.back() != nullptr);
}
STABLEHLO_COMPATIBLE(IsFiniteOp)

LogicalResult CompareOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  auto lhs = dyn_cast<RankedTensorType>(adaptor.getLhs().getType());
  if (!lhs)
    return inferError(loc, "compare: operands must be ranked tensors");
  types.push_back(lhs.clone(IntegerType::get(ctx, 1)));
  return success();
}
STABLEHLO_COMPATIBLE(CompareOp)

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  Type onTrue = adaptor.getOnTrue().getType();
  Type onFalse = adaptor.getOnFalse().getType();
  // (C2) baseline_type(on_true) = baseline_type(on_false).
  if (!compatibleReturnTypes(TypeRange(onTrue), TypeRange(onFalse)))
    return inferError(loc, "select: on_true and on_false must have the same "
                           "type");
  types.push_back(onTrue);
  return success();
}
STABLEHLO_COMPATIBLE(SelectOp)

LogicalResult ClampOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  // (C4) baseline_type(operand) = baseline_type(result).
  types.push_back(adaptor.getOperand().getType());
  return success();
}
STABLEHLO_COMPATIBLE(ClampOp)

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  auto value = dyn_cast_or_null<TypedAttr>(adaptor.getValueAttr());
  if (!value)
    return inferError(loc, "constant: missing value");
  types.push_back(value.getType());
  return success();
}
STABLEHLO_COMPATIBLE(ConstantOp)

//===----------------------------------------------------------------------===//
// Verifiers.
//===----------------------------------------------------------------------===//

/// The bit width of an element type, the storage type's for quantized ones,
/// twice the part's for complex ones.
static std::optional<unsigned> elementBits(Type type) {
  if (auto q = dyn_cast<quant::QuantizedType>(type))
    type = q.getStorageType();
  if (auto complex = dyn_cast<ComplexType>(type))
    if (auto part = elementBits(complex.getElementType()))
      return 2 * *part;
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return std::nullopt;
}

LogicalResult BitcastConvertOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  std::optional<unsigned> from = elementBits(operand.getElementType());
  std::optional<unsigned> to = elementBits(result.getElementType());
  if (!from || !to)
    return emitOpError("element types must have a bit width");
  // (C2)
  if (isa<ComplexType>(operand.getElementType()) !=
      isa<ComplexType>(result.getElementType()))
    return emitOpError("cannot convert between complex and other types");
  ArrayRef<int64_t> os = operand.getShape(), rs = result.getShape();
  int64_t rank = operand.getRank();
  auto prefixMatches = [&](int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      if (!compatibleDim(os[i], rs[i]))
        return false;
    return true;
  };
  // (C1)
  if (*from == *to) {
    if (result.getRank() != rank || !prefixMatches(rank))
      return emitOpError("result shape must equal the operand shape when the "
                         "bit widths are equal");
    return success();
  }
  if (*to < *from) {
    if (result.getRank() != rank + 1 || !prefixMatches(rank) ||
        !compatibleDim(rs[rank], *from / *to) || *from % *to != 0)
      return emitOpError("result shape must be the operand shape followed by ")
             << *from / *to;
    return success();
  }
  if (result.getRank() != rank - 1 || !prefixMatches(rank - 1) ||
      !compatibleDim(os[rank - 1], *to / *from) || *to % *from != 0)
    return emitOpError("operand shape must be the result shape followed by ")
           << *to / *from;
  return success();
}

LogicalResult ReducePrecisionOp::verify() {
  if (static_cast<int32_t>(getExponentBits()) < 1)
    return emitOpError("exponent_bits must be at least 1, is ")
           << static_cast<int32_t>(getExponentBits());
  if (static_cast<int32_t>(getMantissaBits()) < 0)
    return emitOpError("mantissa_bits must not be negative, is ")
           << static_cast<int32_t>(getMantissaBits());
  return success();
}

LogicalResult UniformDequantizeOp::verify() {
  auto quantType =
      cast<quant::QuantizedType>(getElementTypeOrSelf(getOperand().getType()));
  Type result = getElementTypeOrSelf(getResult().getType());
  if (quantType.getExpressedType() != result)
    return emitOpError("result element type must be the expressed type ")
           << quantType.getExpressedType() << ", is " << result;
  return success();
}

LogicalResult CompareOp::verify() {
  Type lhs = getElementTypeOrSelf(getLhs().getType());
  Type rhs = getElementTypeOrSelf(getRhs().getType());
  // (C1)
  if (!compatibleElementTypes(lhs, rhs))
    return emitOpError("operands must have the same element type, have ")
           << lhs << " and " << rhs;
  // (C3), when the type is given.
  std::optional<ComparisonType> given = getCompareType();
  if (!given || *given == ComparisonType::NOTYPE)
    return success();
  if (auto q = dyn_cast<quant::QuantizedType>(lhs))
    lhs = q.getStorageType();
  bool ok;
  if (isa<FloatType>(lhs))
    ok =
        *given == ComparisonType::FLOAT || *given == ComparisonType::TOTALORDER;
  else if (isa<ComplexType>(lhs))
    ok = *given == ComparisonType::FLOAT;
  else if (lhs.isInteger(1) || lhs.isUnsignedInteger())
    ok = *given == ComparisonType::UNSIGNED;
  else
    ok = *given == ComparisonType::SIGNED;
  if (!ok)
    return emitOpError("compare_type ")
           << stringifyComparisonType(*given)
           << " does not fit the element type " << lhs;
  return success();
}

LogicalResult SelectOp::verify() {
  auto pred = cast<RankedTensorType>(getPred().getType());
  auto onTrue = cast<RankedTensorType>(getOnTrue().getType());
  // (C1)
  if (pred.getRank() == 0)
    return success();
  if (pred.getRank() != onTrue.getRank() ||
      failed(verifyCompatibleShape(pred.getShape(), onTrue.getShape())))
    return emitOpError("pred must be a scalar or have the shape of on_true");
  return success();
}

LogicalResult ClampOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  for (auto [name, v] : {std::pair<StringRef, Value>{"min", getMin()},
                         std::pair<StringRef, Value>{"max", getMax()}}) {
    auto t = cast<RankedTensorType>(v.getType());
    // (C1), (C2)
    if (t.getRank() != 0 &&
        (t.getRank() != operand.getRank() ||
         failed(verifyCompatibleShape(t.getShape(), operand.getShape()))))
      return emitOpError() << name
                           << " must be a scalar or have the operand's shape";
    // (C3)
    if (!compatibleElementTypes(t.getElementType(), operand.getElementType()))
      return emitOpError() << name << " has element type " << t.getElementType()
                           << ", the operand " << operand.getElementType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// constant
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

// `stablehlo.constant dense<...> : tensor<...>`, or for a result type other
// than the value's (quantized tensors) `stablehlo.constant() <{value = ...}> :
// () -> type`.
ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    DictionaryAttr props;
    if (parser.parseRParen() || parser.parseLess() ||
        parser.parseAttribute(props) || parser.parseGreater() ||
        parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
      return failure();
    SMLoc loc = parser.getCurrentLocation();
    FunctionType fn;
    if (parser.parseType(fn))
      return failure();
    if (fn.getNumInputs() != 0 || fn.getNumResults() != 1)
      return parser.emitError(loc, "expected () -> result type");
    auto value = dyn_cast_or_null<ElementsAttr>(props.get("value"));
    if (!value)
      return parser.emitError(loc, "expected an elements attribute 'value'");
    result.getOrAddProperties<Properties>().value = value;
    result.addTypes(fn.getResult(0));
    return success();
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  auto value = dyn_cast<ElementsAttr>(attr);
  if (!value)
    return parser.emitError(loc, "expected an elements attribute");
  result.getOrAddProperties<Properties>().value = value;
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  if (getValue().getType() != getOutput().getType()) {
    p << "() <{value = ";
    p.printAttribute(getValue());
    p << "}>";
    p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
    p << " : ";
    p.printFunctionalType(TypeRange(), getOperation()->getResultTypes());
    return;
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  p << ' ';
  p.printAttribute(getValue());
}
