//===- TFTypeAttrs.cpp - tf_type attributes -------------------------------===//
//
// Custom syntax of the shape, full type and tensor_proto attributes.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tf_type;

#include "tfg/IR/TFTypeEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tfg/IR/TFTypeAttrs.cpp.inc"

void TFTypeDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tfg/IR/TFTypeAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// VersionAttr
//===----------------------------------------------------------------------===//

// `<producer = P, min_consumer = M[, bad_consumers = [a, b]]>`
Attribute VersionAttr::parse(AsmParser &parser, Type) {
  int32_t producer, minConsumer;
  SmallVector<int32_t> bad;
  if (parser.parseLess() || parser.parseKeyword("producer") ||
      parser.parseEqual() || parser.parseInteger(producer) ||
      parser.parseComma() || parser.parseKeyword("min_consumer") ||
      parser.parseEqual() || parser.parseInteger(minConsumer))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("bad_consumers") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          return parser.parseInteger(bad.emplace_back());
        }))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), producer, minConsumer, bad);
}

void VersionAttr::print(AsmPrinter &printer) const {
  printer << "<producer = " << getProducer()
          << ", min_consumer = " << getMinConsumer();
  if (!getBadConsumers().empty()) {
    printer << ", bad_consumers = [";
    llvm::interleaveComma(getBadConsumers(), printer);
    printer << ']';
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// FuncAttr
//===----------------------------------------------------------------------===//

// `<@name, {attrs}>`, or `<"", {attrs}>` for an empty name.
Attribute FuncAttr::parse(AsmParser &parser, Type) {
  MLIRContext *ctx = parser.getContext();
  SymbolRefAttr name;
  DictionaryAttr attrs;
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  std::string empty;
  if (succeeded(parser.parseOptionalString(&empty))) {
    if (!empty.empty()) {
      parser.emitError(loc, "expected a symbol or \"\" as the function name");
      return {};
    }
    name = SymbolRefAttr::get(ctx, "");
  } else if (parser.parseAttribute(name)) {
    return {};
  }
  if (parser.parseComma() || parser.parseAttribute(attrs) ||
      parser.parseGreater())
    return {};
  return get(ctx, name, attrs);
}

void FuncAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (getName().getRootReference().getValue().empty())
    printer << "\"\"";
  else
    printer.printAttribute(getName());
  printer << ", ";
  printer.printAttribute(getAttrs());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// ShapeAttr
//===----------------------------------------------------------------------===//

ShapeAttr ShapeAttr::get(MLIRContext *context, ArrayRef<int64_t> shape) {
  return get(context, shape, /*unranked=*/false);
}

ShapeAttr ShapeAttr::getNamed(MLIRContext *context, ArrayRef<int64_t> shape,
                              ArrayRef<StringAttr> names) {
  if (llvm::all_of(names, [](StringAttr name) { return name.empty(); }))
    names = {};
  return get(context, shape, /*unranked=*/false, names);
}

ShapeAttr ShapeAttr::getUnranked(MLIRContext *context) {
  return get(context, {}, /*unranked=*/true);
}

LogicalResult ShapeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, bool unranked,
                                ArrayRef<StringAttr> names) {
  if (unranked && !shape.empty())
    return emitError() << "an unranked shape has no dimensions";
  if (!names.empty() && names.size() != shape.size())
    return emitError() << "a shape of " << shape.size() << " dimension(s) has "
                       << names.size() << " dimension name(s)";
  for (int64_t d : shape)
    if (d < 0 && !ShapedType::isDynamic(d))
      return emitError() << "invalid dimension size " << d;
  return success();
}

int64_t ShapeAttr::getRank() const {
  assert(hasRank() && "unranked shape has no rank");
  return getShape().size();
}

bool ShapeAttr::hasStaticShape() const {
  return hasRank() && llvm::none_of(getShape(), ShapedType::isDynamic);
}

// `<*>`, `<>`, `<2x?>`, `<2x?, names = ["a", ""]>`.
Attribute ShapeAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalStar())) {
    if (parser.parseGreater())
      return {};
    return getUnranked(parser.getContext());
  }
  SmallVector<int64_t> dims;
  SmallVector<StringAttr> names;
  if (failed(parser.parseOptionalGreater())) {
    if (parser.parseDimensionList(dims, /*allowDynamic=*/true,
                                  /*withTrailingX=*/false))
      return {};
    if (succeeded(parser.parseOptionalComma())) {
      SMLoc loc = parser.getCurrentLocation();
      if (parser.parseKeyword("names") || parser.parseEqual() ||
          parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                std::string name;
                if (parser.parseString(&name))
                  return failure();
                names.push_back(StringAttr::get(parser.getContext(), name));
                return success();
              }))
        return {};
      if (names.size() != dims.size()) {
        parser.emitError(loc) << "expected " << dims.size()
                              << " dimension name(s), got " << names.size();
        return {};
      }
    }
    if (parser.parseGreater())
      return {};
  }
  return getNamed(parser.getContext(), dims, names);
}

void ShapeAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (!hasRank()) {
    printer << '*';
  } else {
    llvm::interleave(
        getShape(), printer,
        [&](int64_t d) {
          if (ShapedType::isDynamic(d))
            printer << '?';
          else
            printer << d;
        },
        "x");
    if (!getNames().empty()) {
      printer << ", names = [";
      llvm::interleaveComma(getNames(), printer, [&](StringAttr name) {
        printer.printString(name.getValue());
      });
      printer << ']';
    }
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// FullTypeAttr
//===----------------------------------------------------------------------===//

LogicalResult FullTypeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   uint32_t typeId, ArrayRef<FullTypeAttr> args,
                                   Attribute attr) {
  if (attr && !llvm::isa<StringAttr, IntegerAttr>(attr))
    return emitError() << "full type attribute must be a string or an integer";
  return success();
}

// Full types nest only a few levels in practice; the limit keeps hostile input
// from exhausting the stack of this recursive-descent parser.
static constexpr unsigned kMaxFullTypeDepth = 256;

static FullTypeAttr parseFullTypeBody(AsmParser &parser, unsigned depth) {
  if (depth > kMaxFullTypeDepth) {
    parser.emitError(parser.getCurrentLocation(),
                     "full type nested too deeply");
    return {};
  }
  MLIRContext *ctx = parser.getContext();
  uint32_t typeId;
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    std::optional<FullTypeId> id = symbolizeFullTypeId(keyword);
    if (!id) {
      parser.emitError(loc, "unknown full type id '") << keyword << "'";
      return {};
    }
    typeId = static_cast<uint32_t>(*id);
  } else {
    int64_t number;
    OptionalParseResult r = parser.parseOptionalInteger(number);
    if (!r.has_value() || failed(*r) || number < 0 || number > UINT32_MAX) {
      parser.emitError(loc, "expected a full type id");
      return {};
    }
    typeId = static_cast<uint32_t>(number);
  }
  SmallVector<FullTypeAttr> args;
  if (succeeded(parser.parseOptionalLess())) {
    do {
      FullTypeAttr arg = parseFullTypeBody(parser, depth + 1);
      if (!arg)
        return {};
      args.push_back(arg);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
  }
  Attribute attr;
  std::string str;
  if (succeeded(parser.parseOptionalString(&str))) {
    attr = StringAttr::get(ctx, str);
  } else {
    int64_t value;
    OptionalParseResult r = parser.parseOptionalInteger(value);
    if (r.has_value()) {
      if (failed(*r))
        return {};
      attr = IntegerAttr::get(IntegerType::get(ctx, 64), value);
      // TensorFlow's tfg also reads a typed integer (`0 : i64`).
      if (succeeded(parser.parseOptionalColon())) {
        SMLoc typeLoc = parser.getCurrentLocation();
        Type type;
        if (parser.parseType(type))
          return {};
        if (!llvm::isa<IntegerType>(type)) {
          parser.emitError(typeLoc, "expected an integer type, got ") << type;
          return {};
        }
      }
    }
  }
  return FullTypeAttr::get(ctx, typeId, args, attr);
}

Attribute FullTypeAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FullTypeAttr result = parseFullTypeBody(parser, 0);
  if (!result || parser.parseGreater())
    return {};
  return result;
}

static void printFullTypeBody(AsmPrinter &printer, FullTypeAttr type) {
  std::optional<FullTypeId> id = symbolizeFullTypeId(type.getTypeId());
  if (id)
    printer << stringifyFullTypeId(*id);
  else
    printer << type.getTypeId();
  if (!type.getArgs().empty()) {
    printer << '<';
    llvm::interleaveComma(type.getArgs(), printer, [&](FullTypeAttr arg) {
      printFullTypeBody(printer, arg);
    });
    printer << '>';
  }
  if (Attribute attr = type.getAttr()) {
    if (auto str = llvm::dyn_cast<StringAttr>(attr)) {
      printer << ' ';
      printer.printString(str.getValue());
    } else if (auto integer = llvm::dyn_cast<IntegerAttr>(attr)) {
      printer << ' ' << integer.getValue().getSExtValue();
    }
  }
}

void FullTypeAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printFullTypeBody(printer, *this);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// TensorProtoAttr
//===----------------------------------------------------------------------===//

// TensorFlow's `#tf_type<tensor_proto : "0x...">`, or earlier tfg's
// `#tf_type.tensor_proto<"0x...">`; the tensor type follows either.
Attribute TensorProtoAttr::parse(AsmParser &parser, Type type) {
  std::string bytes;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseString(&bytes))
      return {};
  } else if (parser.parseLess() || parser.parseString(&bytes) ||
             parser.parseGreater()) {
    return {};
  }
  StringRef hex(bytes);
  if (!hex.consume_front("0x") || !llvm::all_of(hex, llvm::isHexDigit) ||
      hex.size() % 2) {
    parser.emitError(loc, "expected a hexadecimal string \"0x...\"");
    return {};
  }
  auto shaped = llvm::dyn_cast_if_present<ShapedType>(type);
  if (!shaped) {
    parser.emitError(loc, "expected a shaped type after the tensor_proto");
    return {};
  }
  return get(parser.getContext(), shaped, llvm::fromHex(hex));
}

void TensorProtoAttr::print(AsmPrinter &printer) const {
  // Not of the `mnemonic<...>` form: prints as `#tf_type<tensor_proto : ..>`.
  printer << " : \"0x" << llvm::toHex(getValue()) << '"';
}
