//===- StableHLOBase.td - shared pieces of the op files ----*- tablegen -*-===//
//
// Included by every StableHLO*Ops.td: the dialect, its types and attributes,
// the interfaces the operations use and the base classes they share.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOBASE_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOBASE_TD

include "tfg/Dialect/StableHLO/StableHLODialect.td"
include "tfg/Dialect/StableHLO/StableHLOTypes.td"
include "tfg/Dialect/StableHLO/StableHLOAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// An op whose result types follow from its operands and attributes as the
// spec defines them. `inferReturnTypes` is written in C++; results whose
// shapes differ from the inferred ones only where one side is dynamic, or
// whose quantized element types differ in their parameters, are accepted.
defvar StableHLO_InferType = InferTypeOpAdaptorWithIsCompatible;

// Spec: "Elementwise unary" ops take `operand` and produce `result`.
class StableHLO_UnaryOp<string mnemonic, Type operandType,
                        Type resultType = operandType,
                        list<Trait> traits = []>
    : StableHLO_Op<mnemonic, traits # [Pure, Elementwise,
                                      SameOperandsAndResultShape,
                                      StableHLO_InferType]> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

// Spec: elementwise binary ops take `lhs` and `rhs` and produce `result`.
class StableHLO_BinaryOp<string mnemonic, Type operandType,
                         Type resultType = operandType,
                         list<Trait> traits = []>
    : StableHLO_Op<mnemonic, traits # [Pure, Elementwise,
                                      SameOperandsAndResultShape,
                                      StableHLO_InferType]> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOBASE_TD
