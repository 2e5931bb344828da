//===- StableHLOAsm.cpp - custom directives of the op syntax --------------===//
//
// The pieces of StableHLO's pretty syntax that declarative formats cannot
// say by themselves: compact types (`: tensor<2xf32>` for same-typed ops),
// dimension lists, slice ranges, dot and convolution dimension numbers,
// convolution windows, precision configs and custom_call targets.
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

//===----------------------------------------------------------------------===//
// Types.
//===----------------------------------------------------------------------===//

ParseResult mlir::tfg::stablehlo::parseSameOperandsAndResultTypeImpl(
    OpAsmParser &parser, ArrayRef<Type *> operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != operands.size() || fn.getNumResults() != 1)
      return parser.emitError(loc, "expected ")
             << operands.size() << " operand types and 1 result type";
    for (auto [slot, input] : llvm::zip_equal(operands, fn.getInputs()))
      *slot = input;
    result = fn.getResult(0);
    return success();
  }
  for (Type *slot : operands)
    *slot = type;
  result = type;
  return success();
}

void mlir::tfg::stablehlo::printSameOperandsAndResultTypeImpl(
    OpAsmPrinter &p, Operation *, TypeRange operands, Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    p << result;
    return;
  }
  p.printFunctionalType(operands, TypeRange(result));
}

ParseResult mlir::tfg::stablehlo::parseVariadicSameOperandsAndResultType(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    SmallVectorImpl<Type> &operandTypes, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != operands.size() || fn.getNumResults() != 1)
      return parser.emitError(loc, "expected ")
             << operands.size() << " operand types and 1 result type";
    llvm::append_range(operandTypes, fn.getInputs());
    result = fn.getResult(0);
    return success();
  }
  operandTypes.assign(operands.size(), type);
  result = type;
  return success();
}

void mlir::tfg::stablehlo::printVariadicSameOperandsAndResultType(
    OpAsmPrinter &p, Operation *op, OperandRange, TypeRange operandTypes,
    Type result) {
  printSameOperandsAndResultTypeImpl(p, op, operandTypes, result);
}

/// The real type of a complex tensor type, or null.
static Type realOfComplexTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  auto complex = dyn_cast<ComplexType>(tensor.getElementType());
  if (!complex)
    return {};
  return tensor.clone(complex.getElementType());
}

ParseResult mlir::tfg::stablehlo::parseComplexOpType(OpAsmParser &parser,
                                                     Type &lhs, Type &rhs,
                                                     Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 2 || fn.getNumResults() != 1)
      return parser.emitError(loc,
                              "expected 2 operand types and 1 result type");
    lhs = fn.getInput(0);
    rhs = fn.getInput(1);
    result = fn.getResult(0);
    return success();
  }
  Type real = realOfComplexTensor(type);
  if (!real)
    return parser.emitError(loc, "expected a tensor of complex type, got ")
           << type;
  lhs = rhs = real;
  result = type;
  return success();
}

void mlir::tfg::stablehlo::printComplexOpType(OpAsmPrinter &p, Operation *op,
                                              Type lhs, Type rhs, Type result) {
  Type real = realOfComplexTensor(result);
  if (real && lhs == real && rhs == real) {
    p << result;
    return;
  }
  p.printFunctionalType(TypeRange{lhs, rhs}, TypeRange(result));
}

ParseResult mlir::tfg::stablehlo::parseSelectOpType(OpAsmParser &parser,
                                                    Type &pred, Type &onTrue,
                                                    Type &onFalse,
                                                    Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 3 || fn.getNumResults() != 1)
      return parser.emitError(loc,
                              "expected 3 operand types and 1 result type");
    pred = fn.getInput(0);
    onTrue = fn.getInput(1);
    onFalse = fn.getInput(2);
    result = fn.getResult(0);
    return success();
  }
  pred = type;
  if (parser.parseComma() || parser.parseType(result))
    return failure();
  onTrue = onFalse = result;
  return success();
}

void mlir::tfg::stablehlo::printSelectOpType(OpAsmPrinter &p, Operation *,
                                             Type pred, Type onTrue,
                                             Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    p << pred << ", " << result;
    return;
  }
  p.printFunctionalType(TypeRange{pred, onTrue, onFalse}, TypeRange(result));
}

ParseResult mlir::tfg::stablehlo::parseTupleOpType(
    OpAsmParser &parser, SmallVectorImpl<Type> &operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc, "expected a tuple type, got ") << result;
  llvm::append_range(operands, tuple.getTypes());
  return success();
}

void mlir::tfg::stablehlo::printTupleOpType(OpAsmPrinter &p, Operation *,
                                            TypeRange, Type result) {
  p << result;
}

ParseResult
mlir::tfg::stablehlo::parsePairwiseOpType(OpAsmParser &parser,
                                          SmallVectorImpl<Type> &operands,
                                          SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

void mlir::tfg::stablehlo::printPairwiseOpType(OpAsmPrinter &p, Operation *,
                                               TypeRange operands, TypeRange) {
  llvm::interleaveComma(operands, p);
}

//===----------------------------------------------------------------------===//
// Operands and attributes.
//===----------------------------------------------------------------------===//

ParseResult mlir::tfg::stablehlo::parseVariadicOperandWithAttribute(
    OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ops) {
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed) || parser.parseComma())
      return failure();
    ops.push_back(operand);
  }
}

void mlir::tfg::stablehlo::printVariadicOperandWithAttribute(
    OpAsmPrinter &p, Operation *, OperandRange operands) {
  // `%a, %b,`: the format puts a space before the keyword that follows.
  llvm::interleave(
      operands, p,
      [&](Value v) {
        p.printOperand(v);
        p << ',';
      },
      " ");
}

ParseResult mlir::tfg::stablehlo::parseIntList(AsmParser &parser,
                                               SmallVectorImpl<int64_t> &out) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        [&]() -> ParseResult {
                                          int64_t v;
                                          if (parser.parseInteger(v))
                                            return failure();
                                          out.push_back(v);
                                          return success();
                                        });
}

void mlir::tfg::stablehlo::printIntList(AsmPrinter &p,
                                        ArrayRef<int64_t> values) {
  p << '[';
  llvm::interleaveComma(values, p);
  p << ']';
}

ParseResult mlir::tfg::stablehlo::parseDims(OpAsmParser &parser,
                                            DenseI64ArrayAttr &dims) {
  SmallVector<int64_t> values;
  if (parseIntList(parser, values))
    return failure();
  dims = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

void mlir::tfg::stablehlo::printDims(OpAsmPrinter &p, Operation *,
                                     DenseI64ArrayAttr dims) {
  printIntList(p, dims ? dims.asArrayRef() : ArrayRef<int64_t>());
}

ParseResult mlir::tfg::stablehlo::parseSliceRanges(OpAsmParser &parser,
                                                   DenseI64ArrayAttr &start,
                                                   DenseI64ArrayAttr &limit,
                                                   DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  auto parseRange = [&]() -> ParseResult {
    int64_t s, l, st = 1;
    if (parser.parseInteger(s) || parser.parseColon() || parser.parseInteger(l))
      return failure();
    if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(st))
      return failure();
    starts.push_back(s);
    limits.push_back(l);
    steps.push_back(st);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseRange))
    return failure();
  MLIRContext *ctx = parser.getContext();
  start = DenseI64ArrayAttr::get(ctx, starts);
  limit = DenseI64ArrayAttr::get(ctx, limits);
  strides = DenseI64ArrayAttr::get(ctx, steps);
  return success();
}

void mlir::tfg::stablehlo::printSliceRanges(OpAsmPrinter &p, Operation *,
                                            DenseI64ArrayAttr start,
                                            DenseI64ArrayAttr limit,
                                            DenseI64ArrayAttr strides) {
  // Lists of different lengths fail verification, and invalid ops print in
  // the generic form; print the common prefix all the same.
  size_t n = 0;
  if (start && limit && strides)
    n = std::min({start.size(), limit.size(), strides.size()});
  p << '[';
  for (size_t i = 0; i < n; ++i) {
    if (i)
      p << ", ";
    p << start[i] << ':' << limit[i];
    if (strides[i] != 1)
      p << ':' << strides[i];
  }
  p << ']';
}

ParseResult mlir::tfg::stablehlo::parseExponentMantissa(OpAsmParser &parser,
                                                        IntegerAttr &exponent,
                                                        IntegerAttr &mantissa) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  // eNmM with N and M decimal.
  size_t m = keyword.find('m');
  int64_t e = 0, mm = 0;
  if (!keyword.starts_with("e") || m == StringRef::npos ||
      keyword.substr(1, m - 1).getAsInteger(10, e) ||
      keyword.substr(m + 1).getAsInteger(10, mm) || e > INT32_MAX ||
      mm > INT32_MAX)
    return parser.emitError(loc, "expected a format like e5m10, got '")
           << keyword << "'";
  Builder b(parser.getContext());
  exponent = b.getI32IntegerAttr(e);
  mantissa = b.getI32IntegerAttr(mm);
  return success();
}

void mlir::tfg::stablehlo::printExponentMantissa(OpAsmPrinter &p, Operation *,
                                                 IntegerAttr exponent,
                                                 IntegerAttr mantissa) {
  p << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

ParseResult mlir::tfg::stablehlo::parseCustomCallTarget(OpAsmParser &parser,
                                                        StringAttr &target) {
  return parser.parseSymbolName(target);
}

void mlir::tfg::stablehlo::printCustomCallTarget(OpAsmPrinter &p, Operation *,
                                                 StringAttr target) {
  p.printSymbolName(target.getValue());
}

/// Parses `[DEFAULT, HIGH, ...]` into an array of PrecisionAttr.
static ParseResult parsePrecisionList(AsmParser &parser, ArrayAttr &config) {
  SmallVector<Attribute> values;
  MLIRContext *ctx = parser.getContext();
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            StringRef word;
            if (parser.parseKeyword(&word))
              return failure();
            std::optional<Precision> value = symbolizePrecision(word);
            if (!value)
              return parser.emitError(loc, "unknown precision '")
                     << word << "'";
            values.push_back(PrecisionAttr::get(ctx, *value));
            return success();
          }))
    return failure();
  config = ArrayAttr::get(ctx, values);
  return success();
}

ParseResult mlir::tfg::stablehlo::parsePrecisionConfig(OpAsmParser &parser,
                                                       ArrayAttr &config) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision") || parser.parseEqual())
    return failure();
  return parsePrecisionList(parser, config);
}

void mlir::tfg::stablehlo::printPrecisionConfig(OpAsmPrinter &p, Operation *,
                                                ArrayAttr config) {
  if (!config)
    return;
  // Entries that are not precisions cannot use the short spelling; the
  // verifier rejects them, and the printer keeps the attribute form.
  p << ", precision = [";
  llvm::interleaveComma(config, p, [&](Attribute a) {
    if (auto precision = dyn_cast<PrecisionAttr>(a))
      p << stringifyPrecision(precision.getValue());
    else
      p << a;
  });
  p << ']';
}

ParseResult mlir::tfg::stablehlo::parsePrecisionConfigAndAlgorithm(
    OpAsmParser &parser, ArrayAttr &config, DotAlgorithmAttr &algorithm) {
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key == "precision" && !config) {
      if (parsePrecisionList(parser, config))
        return failure();
    } else if (key == "algorithm" && !algorithm) {
      if (parser.parseCustomAttributeWithFallback(algorithm))
        return failure();
    } else {
      return parser.emitError(loc, "unexpected '") << key << "'";
    }
  }
  return success();
}

void mlir::tfg::stablehlo::printPrecisionConfigAndAlgorithm(
    OpAsmPrinter &p, Operation *op, ArrayAttr config,
    DotAlgorithmAttr algorithm) {
  printPrecisionConfig(p, op, config);
  if (algorithm) {
    p << ", algorithm = ";
    p.printStrippedAttrOrType(algorithm);
  }
}

ParseResult
mlir::tfg::stablehlo::parseDotDimensionNumbers(OpAsmParser &parser,
                                               DotDimensionNumbersAttr &dims) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parser.parseEqual() || parseIntList(parser, lhsBatch) ||
        parser.parseKeyword("x") || parseIntList(parser, rhsBatch) ||
        parser.parseComma())
      return failure();
  }
  if (parser.parseKeyword("contracting_dims") || parser.parseEqual() ||
      parseIntList(parser, lhsContract) || parser.parseKeyword("x") ||
      parseIntList(parser, rhsContract))
    return failure();
  dims = DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
  return success();
}

void mlir::tfg::stablehlo::printDotDimensionNumbers(
    OpAsmPrinter &p, Operation *, DotDimensionNumbersAttr dims) {
  if (!dims.getLhsBatchingDimensions().empty() ||
      !dims.getRhsBatchingDimensions().empty()) {
    p << "batching_dims = ";
    printIntList(p, dims.getLhsBatchingDimensions());
    p << " x ";
    printIntList(p, dims.getRhsBatchingDimensions());
    p << ", ";
  }
  p << "contracting_dims = ";
  printIntList(p, dims.getLhsContractingDimensions());
  p << " x ";
  printIntList(p, dims.getRhsContractingDimensions());
}

//===----------------------------------------------------------------------===//
// Convolution windows.
//===----------------------------------------------------------------------===//

ParseResult mlir::tfg::stablehlo::parseWindowAttributes(
    OpAsmParser &parser, DenseI64ArrayAttr &strides,
    DenseIntElementsAttr &padding, DenseI64ArrayAttr &lhsDilation,
    DenseI64ArrayAttr &rhsDilation, DenseBoolArrayAttr &reversal) {
  MLIRContext *ctx = parser.getContext();
  auto parseEntry = [&](StringRef key, SMLoc loc) -> ParseResult {
    if (parser.parseEqual())
      return failure();
    if (key == "pad") {
      if (padding)
        return parser.emitError(loc, "'pad' given twice");
      SmallVector<int64_t> flat;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SmallVector<int64_t> pair;
                SMLoc pairLoc = parser.getCurrentLocation();
                if (parseIntList(parser, pair))
                  return failure();
                if (pair.size() != 2)
                  return parser.emitError(pairLoc,
                                          "expected [low, high] padding");
                llvm::append_range(flat, pair);
                ++rows;
                return success();
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, IntegerType::get(ctx, 64));
      padding = DenseIntElementsAttr::get(type, flat);
      return success();
    }
    SmallVector<int64_t> values;
    if (key == "reverse") {
      if (reversal)
        return parser.emitError(loc, "'reverse' given twice");
      // 0/1 as StableHLO prints them, or true/false.
      SmallVector<bool> flags;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                int64_t v = 0;
                OptionalParseResult n = parser.parseOptionalInteger(v);
                if (n.has_value()) {
                  if (failed(*n))
                    return failure();
                  flags.push_back(v != 0);
                  return success();
                }
                if (succeeded(parser.parseOptionalKeyword("true"))) {
                  flags.push_back(true);
                  return success();
                }
                if (parser.parseKeyword("false"))
                  return failure();
                flags.push_back(false);
                return success();
              }))
        return failure();
      reversal = DenseBoolArrayAttr::get(ctx, flags);
      return success();
    }
    DenseI64ArrayAttr *slot = key == "stride"       ? &strides
                              : key == "lhs_dilate" ? &lhsDilation
                              : key == "rhs_dilate" ? &rhsDilation
                                                    : nullptr;
    if (!slot)
      return parser.emitError(loc, "unknown window attribute '") << key << "'";
    if (*slot)
      return parser.emitError(loc, "'") << key << "' given twice";
    if (parseIntList(parser, values))
      return failure();
    *slot = DenseI64ArrayAttr::get(ctx, values);
    return success();
  };
  StringRef key;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&key)))
    return success();
  if (parseEntry(key, loc))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parseEntry(key, loc))
      return failure();
  }
  return success();
}

void mlir::tfg::stablehlo::printWindowAttributes(OpAsmPrinter &p, Operation *,
                                                 DenseI64ArrayAttr strides,
                                                 DenseIntElementsAttr padding,
                                                 DenseI64ArrayAttr lhsDilation,
                                                 DenseI64ArrayAttr rhsDilation,
                                                 DenseBoolArrayAttr reversal) {
  bool first = true;
  auto sep = [&] {
    if (!first)
      p << ", ";
    first = false;
  };
  if (strides) {
    sep();
    p << "stride = ";
    printIntList(p, strides.asArrayRef());
  }
  // Padding of another shape than [N, 2] has no short spelling; it fails
  // verification and the op prints in the generic form.
  if (padding) {
    sep();
    p << "pad = [";
    auto shape = padding.getType().getShape();
    SmallVector<int64_t> flat;
    for (const APInt &v : padding.getValues<APInt>())
      flat.push_back(v.getSExtValue());
    int64_t rows = shape.size() == 2 && shape[1] == 2 ? shape[0] : 0;
    for (int64_t r = 0; r < rows; ++r) {
      if (r)
        p << ", ";
      printIntList(p, ArrayRef<int64_t>(flat).slice(2 * r, 2));
    }
    p << ']';
  }
  if (lhsDilation) {
    sep();
    p << "lhs_dilate = ";
    printIntList(p, lhsDilation.asArrayRef());
  }
  if (rhsDilation) {
    sep();
    p << "rhs_dilate = ";
    printIntList(p, rhsDilation.asArrayRef());
  }
  if (reversal) {
    sep();
    p << "reverse = [";
    llvm::interleaveComma(reversal.asArrayRef(), p,
                          [&](bool b) { p << (b ? 1 : 0); });
    p << ']';
  }
}
