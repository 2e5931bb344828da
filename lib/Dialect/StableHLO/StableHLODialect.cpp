//===- StableHLODialect.cpp - stablehlo dialect, types and attributes -----===//
//
// Registration of the stablehlo dialect's types, attributes and operations,
// the element-type predicates the op constraints use, and the attribute
// syntaxes that are not per-field structures (result accuracy, bounds).
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"
#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

#include "tfg/Dialect/StableHLO/StableHLODialect.cpp.inc"
#include "tfg/Dialect/StableHLO/StableHLOEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOAttrs.cpp.inc"

void StableHLODialect::initialize() {
  registerTypes();
  registerAttributes();
  registerElementwiseOps();
  registerShapeOps();
  registerControlOps();
  registerReduceOps();
  registerLinalgOps();
  registerCommOps();
}

void StableHLODialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tfg/Dialect/StableHLO/StableHLOTypes.cpp.inc"
      >();
}

void StableHLODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tfg/Dialect/StableHLO/StableHLOAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Element type predicates.
//===----------------------------------------------------------------------===//

bool mlir::tfg::stablehlo::isIntegerElement(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() > 1;
}

bool mlir::tfg::stablehlo::isComplexElement(Type type) {
  auto complex = dyn_cast<ComplexType>(type);
  return complex &&
         (complex.getElementType().isF32() || complex.getElementType().isF64());
}

bool mlir::tfg::stablehlo::isQuantElement(Type type) {
  return isa<quant::QuantizedType>(type);
}

//===----------------------------------------------------------------------===//
// #stablehlo.result_accuracy
//===----------------------------------------------------------------------===//

Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  double atol = 0, rtol = 0;
  int64_t ulps = 0;
  ResultAccuracyModeAttr mode;
  bool seen[4] = {false, false, false, false};
  auto parseField = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name) || parser.parseEqual())
      return failure();
    int index = llvm::StringSwitch<int>(name)
                    .Case("atol", 0)
                    .Case("rtol", 1)
                    .Case("ulps", 2)
                    .Case("mode", 3)
                    .Default(-1);
    if (index < 0)
      return parser.emitError(loc, "unknown field '") << name << "'";
    if (seen[index])
      return parser.emitError(loc, "field '") << name << "' given twice";
    seen[index] = true;
    switch (index) {
    case 0:
      return parser.parseFloat(atol);
    case 1:
      return parser.parseFloat(rtol);
    case 2:
      return parser.parseInteger(ulps);
    default:
      return parser.parseAttribute(mode);
    }
  };
  if (parser.parseLess() || parser.parseCommaSeparatedList(parseField) ||
      parser.parseGreater())
    return {};
  if (!mode)
    mode = ResultAccuracyModeAttr::get(parser.getContext(),
                                       ResultAccuracyMode::DEFAULT);
  return get(parser.getContext(), APFloat(atol), APFloat(rtol), ulps, mode);
}

void ResultAccuracyAttr::print(AsmPrinter &p) const {
  p << "<atol = ";
  p.printFloat(getAtol());
  p << ", rtol = ";
  p.printFloat(getRtol());
  p << ", ulps = " << getUlps() << ", mode = ";
  p.printAttribute(getMode());
  p << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.type_extensions and #stablehlo.bounds
//===----------------------------------------------------------------------===//

/// Parses bounds (integers or `?`) separated by commas, up to `>`.
static ParseResult parseBounds(AsmParser &parser,
                               SmallVectorImpl<int64_t> &bounds) {
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          bounds.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        bounds.push_back(v);
        return success();
      }))
    return failure();
  return parser.parseGreater();
}

static void printBounds(AsmPrinter &p, ArrayRef<int64_t> bounds) {
  llvm::interleaveComma(bounds, p, [&](int64_t b) {
    if (ShapedType::isDynamic(b))
      p << '?';
    else
      p << b;
  });
}

Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> bounds;
  if (parser.parseLess() || parser.parseKeyword("bounds") ||
      parser.parseEqual() || parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          if (succeeded(parser.parseOptionalQuestion())) {
            bounds.push_back(ShapedType::kDynamic);
            return success();
          }
          int64_t v;
          if (parser.parseInteger(v))
            return failure();
          bounds.push_back(v);
          return success();
        }) ||
        parser.parseRSquare())
      return {};
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), bounds);
}

void TypeExtensionsAttr::print(AsmPrinter &p) const {
  p << "<bounds = [";
  printBounds(p, getBounds());
  p << "]>";
}

//===----------------------------------------------------------------------===//
// Dialect attribute hooks.
//===----------------------------------------------------------------------===//

Attribute StableHLODialect::parseAttribute(DialectAsmParser &parser,
                                           Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult parsed =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (parsed.has_value())
    return succeeded(*parsed) ? attr : Attribute();
  if (mnemonic == "bounds") {
    SmallVector<int64_t> bounds;
    if (parser.parseLess() || parseBounds(parser, bounds))
      return {};
    return TypeExtensionsAttr::get(getContext(), bounds);
  }
  parser.emitError(loc, "unknown stablehlo attribute '") << mnemonic << "'";
  return {};
}

void StableHLODialect::printAttribute(Attribute attr,
                                      DialectAsmPrinter &p) const {
  if (auto ext = dyn_cast<TypeExtensionsAttr>(attr)) {
    p << "bounds<";
    printBounds(p, ext.getBounds());
    p << '>';
    return;
  }
  (void)generatedAttributePrinter(attr, p);
}
