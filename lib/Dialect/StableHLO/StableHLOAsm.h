//===- StableHLOAsm.h - custom directives of the op syntax ------*- C++ -*-===//
//
// The parse/print pairs that the declarative assembly formats of the
// StableHLO ops call (`custom<Name>(...)`), and helpers shared by the custom
// attribute syntaxes. Private to lib/Dialect/StableHLO.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_DIALECT_STABLEHLO_STABLEHLOASM_H
#define TFG_LIB_DIALECT_STABLEHLO_STABLEHLOASM_H

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/IR/OpImplementation.h"

namespace mlir::tfg::stablehlo {

//===----------------------------------------------------------------------===//
// Types.
//===----------------------------------------------------------------------===//

/// `T` when every operand type and the result type are `T`, else
/// `(T0, T1, ...) -> R`. The last type is the result's.
ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result);
void printSameOperandsAndResultTypeImpl(OpAsmPrinter &p, Operation *op,
                                        TypeRange operands, Type result);

template <typename... Ts>
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &first,
                                           Ts &...rest) {
  SmallVector<Type *> all{&first, &rest...};
  Type *result = all.pop_back_val();
  return parseSameOperandsAndResultTypeImpl(parser, all, *result);
}
template <typename... Ts>
void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *op, Type first,
                                    Ts... rest) {
  SmallVector<Type> all{first, rest...};
  Type result = all.pop_back_val();
  printSameOperandsAndResultTypeImpl(p, op, all, result);
}

/// after_all: one type when every operand and the result share it.
ParseResult parseVariadicSameOperandsAndResultType(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    SmallVectorImpl<Type> &operandTypes, Type &result);
void printVariadicSameOperandsAndResultType(OpAsmPrinter &p, Operation *op,
                                            OperandRange operands,
                                            TypeRange operandTypes,
                                            Type result);

/// complex: the result type alone when the operand types follow from it.
ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result);
void printComplexOpType(OpAsmPrinter &p, Operation *op, Type lhs, Type rhs,
                        Type result);

/// select: `pred_type, result_type` when both branches have the result type.
ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result);
void printSelectOpType(OpAsmPrinter &p, Operation *op, Type pred, Type onTrue,
                       Type onFalse, Type result);

/// tuple: the tuple type alone.
ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result);
void printTupleOpType(OpAsmPrinter &p, Operation *op, TypeRange operands,
                      Type result);

/// optimization_barrier: the operand types, which are the result types.
ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operands,
                                SmallVectorImpl<Type> &results);
void printPairwiseOpType(OpAsmPrinter &p, Operation *op, TypeRange operands,
                         TypeRange results);

//===----------------------------------------------------------------------===//
// Operands and attributes.
//===----------------------------------------------------------------------===//

/// `%a, %b, ` before a keyword: operands each followed by a comma.
ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ops);
void printVariadicOperandWithAttribute(OpAsmPrinter &p, Operation *op,
                                       OperandRange operands);

/// `[1, 2]` as a DenseI64ArrayAttr.
ParseResult parseDims(OpAsmParser &parser, DenseI64ArrayAttr &dims);
void printDims(OpAsmPrinter &p, Operation *op, DenseI64ArrayAttr dims);

/// `[0:2, 1:8:2]`: start, limit and optional stride per dimension.
ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides);
void printSliceRanges(OpAsmPrinter &p, Operation *op, DenseI64ArrayAttr start,
                      DenseI64ArrayAttr limit, DenseI64ArrayAttr strides);

/// `e5m10`: exponent and mantissa bits of reduce_precision.
ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa);
void printExponentMantissa(OpAsmPrinter &p, Operation *op, IntegerAttr exponent,
                           IntegerAttr mantissa);

/// `@name` or `@"name"`: the call target of custom_call.
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target);
void printCustomCallTarget(OpAsmPrinter &p, Operation *op, StringAttr target);

/// `, precision = [DEFAULT, HIGH]`, absent when the attribute is.
ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &config);
void printPrecisionConfig(OpAsmPrinter &p, Operation *op, ArrayAttr config);

/// dot_general: `, precision = [...]` and `, algorithm = <...>`, each
/// absent when its attribute is.
ParseResult parsePrecisionConfigAndAlgorithm(OpAsmParser &parser,
                                             ArrayAttr &config,
                                             DotAlgorithmAttr &algorithm);
void printPrecisionConfigAndAlgorithm(OpAsmPrinter &p, Operation *op,
                                      ArrayAttr config,
                                      DotAlgorithmAttr algorithm);

/// `batching_dims = [0] x [0], contracting_dims = [2] x [1]`.
ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &dims);
void printDotDimensionNumbers(OpAsmPrinter &p, Operation *op,
                              DotDimensionNumbersAttr dims);

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
ParseResult parseConvDimensions(AsmParser &parser,
                                ConvDimensionNumbersAttr &dims);
void printConvDimensions(AsmPrinter &p, ConvDimensionNumbersAttr dims);
inline void printConvDimensions(OpAsmPrinter &p, Operation *,
                                ConvDimensionNumbersAttr dims) {
  printConvDimensions(p, dims);
}

/// `stride = [..], pad = [[l, h], ..], lhs_dilate = [..], rhs_dilate = [..],
/// reverse = [..]`, each optional.
ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &strides,
                                  DenseIntElementsAttr &padding,
                                  DenseI64ArrayAttr &lhsDilation,
                                  DenseI64ArrayAttr &rhsDilation,
                                  DenseBoolArrayAttr &reversal);
void printWindowAttributes(OpAsmPrinter &p, Operation *op,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal);

//===----------------------------------------------------------------------===//
// Attribute syntax helpers.
//===----------------------------------------------------------------------===//

/// Parses `[a, b, ...]` of integers (possibly empty).
ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &out);
/// Prints `[a, b, ...]`.
void printIntList(AsmPrinter &p, ArrayRef<int64_t> values);

/// One `name = value` field of a structured attribute: a list of integers or
/// one integer.
struct StructField {
  StringRef name;
  SmallVector<int64_t> *list = nullptr;
  int64_t *scalar = nullptr;
  bool required = false;
  bool seen = false;
};

/// Parses `name = value, ...>` (the caller has consumed `<`) with the fields
/// in any order, each at most once; unknown, repeated or missing required
/// fields are errors.
ParseResult parseStructFields(AsmParser &parser, MutableArrayRef<StructField>);

} // namespace mlir::tfg::stablehlo

#endif // TFG_LIB_DIALECT_STABLEHLO_STABLEHLOASM_H
