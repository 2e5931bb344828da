//===- TFTypeDialect.cpp - tf_type dialect and types ----------------------===//
//
// Registration of the tf_type dialect, the custom syntax of the subtyped
// resource/variant types, and the reference-type mapping.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tf_type;

#include "tfg/IR/TFTypeDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tfg/IR/TFTypeTypes.cpp.inc"

void TFTypeDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tfg/IR/TFTypeTypes.cpp.inc"
      >();
  registerAttributes();
}

//===----------------------------------------------------------------------===//
// Type syntax
//===----------------------------------------------------------------------===//

Type TFTypeDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  OptionalParseResult result = generatedTypeParser(parser, &mnemonic, type);
  if (result.has_value())
    return succeeded(*result) ? type : Type();
  // Spellings of earlier tfg versions (TensorFlow spells these `halfref`
  // and `bfloat16ref`, which is what prints).
  if (mnemonic == "f16ref")
    return F16RefType::get(getContext());
  if (mnemonic == "bf16ref")
    return Bf16RefType::get(getContext());
  parser.emitError(loc, "unknown tf_type type '") << mnemonic << "'";
  return {};
}

void TFTypeDialect::printType(Type type, DialectAsmPrinter &printer) const {
  // Every type of the dialect has a generated printer.
  (void)generatedTypePrinter(type, printer);
}

//===----------------------------------------------------------------------===//
// Resource and variant types
//===----------------------------------------------------------------------===//

/// Resources and variants hold tensors of TensorFlow element types.
static LogicalResult
verifySubtypes(function_ref<InFlightDiagnostic()> emitError,
               ArrayRef<TensorType> subtypes) {
  for (TensorType t : subtypes)
    if (!t || !isValidTFElementType(t.getElementType()))
      return emitError() << "invalid subtype " << t
                         << ": not a tensor of a TensorFlow element type";
  return success();
}

LogicalResult ResourceType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<TensorType> subtypes) {
  return verifySubtypes(emitError, subtypes);
}

LogicalResult VariantType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<TensorType> subtypes) {
  return verifySubtypes(emitError, subtypes);
}

static LogicalResult parseSubtypes(AsmParser &parser,
                                   SmallVectorImpl<TensorType> &subtypes) {
  if (failed(parser.parseOptionalLess()))
    return success();
  do {
    TensorType t;
    SMLoc loc = parser.getCurrentLocation();
    Type type;
    if (parser.parseType(type))
      return failure();
    t = llvm::dyn_cast<TensorType>(type);
    if (!t)
      return parser.emitError(loc, "expected a tensor type, got ") << type;
    subtypes.push_back(t);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseGreater();
}

static void printSubtypes(AsmPrinter &printer, ArrayRef<TensorType> subtypes) {
  if (subtypes.empty())
    return;
  printer << '<';
  llvm::interleaveComma(subtypes, printer);
  printer << '>';
}

Type ResourceType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<TensorType> subtypes;
  if (failed(parseSubtypes(parser, subtypes)))
    return {};
  return ResourceType::getChecked([&] { return parser.emitError(loc); },
                                  parser.getContext(), subtypes);
}
void ResourceType::print(AsmPrinter &printer) const {
  printSubtypes(printer, getSubtypes());
}
Type VariantType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<TensorType> subtypes;
  if (failed(parseSubtypes(parser, subtypes)))
    return {};
  return VariantType::getChecked([&] { return parser.emitError(loc); },
                                 parser.getContext(), subtypes);
}
void VariantType::print(AsmPrinter &printer) const {
  printSubtypes(printer, getSubtypes());
}

//===----------------------------------------------------------------------===//
// Reference types
//===----------------------------------------------------------------------===//

bool mlir::tf_type::isRefType(Type type) {
  return type.hasTrait<RefTypeTrait>();
}

namespace {
// One entry per reference type: how to build it and its element type.
struct RefMapping {
  Type (*ref)(MLIRContext *);
  Type (*element)(MLIRContext *);
};
} // namespace

template <typename T> static Type getT(MLIRContext *ctx) { return T::get(ctx); }
template <unsigned W, bool Unsigned> static Type getInt(MLIRContext *ctx) {
  return IntegerType::get(
      ctx, W, Unsigned ? IntegerType::Unsigned : IntegerType::Signless);
}
static Type getC64(MLIRContext *ctx) {
  return ComplexType::get(Float32Type::get(ctx));
}
static Type getC128(MLIRContext *ctx) {
  return ComplexType::get(Float64Type::get(ctx));
}
static Type getResource(MLIRContext *ctx) { return ResourceType::get(ctx); }
static Type getVariant(MLIRContext *ctx) { return VariantType::get(ctx); }

static const RefMapping kRefMappings[] = {
    {getT<F16RefType>, getT<Float16Type>},
    {getT<F32RefType>, getT<Float32Type>},
    {getT<F64RefType>, getT<Float64Type>},
    {getT<Bf16RefType>, getT<BFloat16Type>},
    {getT<BoolRefType>, getInt<1, false>},
    {getT<Int2RefType>, getInt<2, false>},
    {getT<Int4RefType>, getInt<4, false>},
    {getT<Int8RefType>, getInt<8, false>},
    {getT<Int16RefType>, getInt<16, false>},
    {getT<Int32RefType>, getInt<32, false>},
    {getT<Int64RefType>, getInt<64, false>},
    {getT<Uint2RefType>, getInt<2, true>},
    {getT<Uint4RefType>, getInt<4, true>},
    {getT<Uint8RefType>, getInt<8, true>},
    {getT<Uint16RefType>, getInt<16, true>},
    {getT<Uint32RefType>, getInt<32, true>},
    {getT<Uint64RefType>, getInt<64, true>},
    {getT<Complex64RefType>, getC64},
    {getT<Complex128RefType>, getC128},
    {getT<StringRefType>, getT<StringType>},
    {getT<ResourceRefType>, getResource},
    {getT<VariantRefType>, getVariant},
    {getT<Qint8RefType>, getT<Qint8Type>},
    {getT<Qint16RefType>, getT<Qint16Type>},
    {getT<Qint32RefType>, getT<Qint32Type>},
    {getT<Quint8RefType>, getT<Quint8Type>},
    {getT<Quint16RefType>, getT<Quint16Type>},
    {getT<Float8E5M2RefType>, getT<Float8E5M2Type>},
    {getT<Float8E4M3FNRefType>, getT<Float8E4M3FNType>},
    {getT<Float8E4M3FNUZRefType>, getT<Float8E4M3FNUZType>},
    {getT<Float8E4M3B11FNUZRefType>, getT<Float8E4M3B11FNUZType>},
    {getT<Float8E5M2FNUZRefType>, getT<Float8E5M2FNUZType>},
};

Type mlir::tf_type::getRefElementType(Type type) {
  if (!isRefType(type))
    return {};
  MLIRContext *ctx = type.getContext();
  for (const RefMapping &m : kRefMappings)
    if (m.ref(ctx) == type)
      return m.element(ctx);
  return {};
}

Type mlir::tf_type::getRefTypeFor(Type elementType) {
  if (!elementType)
    return {};
  MLIRContext *ctx = elementType.getContext();
  // Resource and variant refs ignore subtypes.
  if (llvm::isa<ResourceType>(elementType))
    return ResourceRefType::get(ctx);
  if (llvm::isa<VariantType>(elementType))
    return VariantRefType::get(ctx);
  for (const RefMapping &m : kRefMappings)
    if (m.element(ctx) == elementType)
      return m.ref(ctx);
  return {};
}

bool mlir::tf_type::isValidTFElementType(Type type) {
  if (llvm::isa<FloatType, ComplexType>(type))
    return true;
  if (auto it = llvm::dyn_cast<IntegerType>(type))
    return !it.isSigned();
  return llvm::isa<StringType, ResourceType, VariantType, Qint8Type, Qint16Type,
                   Qint32Type, Quint8Type, Quint16Type>(type) ||
         isRefType(type);
}

Type mlir::tf_type::getElementTypeOrSelf(Type type) {
  if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  if (llvm::isa<OpaqueTensorType>(type))
    return {};
  return type;
}

bool mlir::tf_type::areCastCompatible(Type a, Type b) {
  if (a == b || llvm::isa<OpaqueTensorType>(a) ||
      llvm::isa<OpaqueTensorType>(b))
    return true;
  auto ta = llvm::dyn_cast<TensorType>(a), tb = llvm::dyn_cast<TensorType>(b);
  if (!ta || !tb)
    return false;
  Type ea = ta.getElementType(), eb = tb.getElementType();
  // Resources and variants are compatible whatever their subtypes.
  if (ea != eb &&
      !(llvm::isa<ResourceType>(ea) && llvm::isa<ResourceType>(eb)) &&
      !(llvm::isa<VariantType>(ea) && llvm::isa<VariantType>(eb)))
    return false;
  if (!ta.hasRank() || !tb.hasRank())
    return true;
  if (ta.getRank() != tb.getRank())
    return false;
  for (auto [da, db] : llvm::zip(ta.getShape(), tb.getShape()))
    if (da != db && !ShapedType::isDynamic(da) && !ShapedType::isDynamic(db))
      return false;
  return true;
}

/// `type` with a reference element type replaced by the type it refers to.
static Type dropRef(Type type) {
  auto tensor = llvm::dyn_cast<TensorType>(type);
  if (!tensor || !isRefType(tensor.getElementType()))
    return type;
  Type element = getRefElementType(tensor.getElementType());
  return element ? tensor.clone(element) : type;
}

bool mlir::tf_type::areValueTypesCompatible(Type a, Type b) {
  return areCastCompatible(a, b) || areCastCompatible(dropRef(a), dropRef(b));
}

bool mlir::tf_type::holdsDataType(Type type, Type dtype) {
  Type element = tf_type::getElementTypeOrSelf(type);
  if (!element || element == dtype)
    return true;
  if (isRefType(element))
    element = getRefElementType(element);
  if (isRefType(dtype))
    dtype = getRefElementType(dtype);
  return element == dtype ||
         (llvm::isa<ResourceType>(element) && llvm::isa<ResourceType>(dtype)) ||
         (llvm::isa<VariantType>(element) && llvm::isa<VariantType>(dtype));
}
