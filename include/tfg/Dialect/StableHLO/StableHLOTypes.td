//===- StableHLOTypes.td - stablehlo types and constraints -*- tablegen -*-===//
//
// The token and future types of StableHLO, and the type constraints the
// operations use. Tensors are builtin ranked tensors, tuples builtin tuples.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOTYPES_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOTYPES_TD

include "tfg/Dialect/StableHLO/StableHLODialect.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class StableHLO_Type<string name, string typeMnemonic>
    : TypeDef<StableHLO_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def StableHLO_Token : StableHLO_Type<"Token", "token"> {
  let summary = "token";
  let description = [{
    An opaque value that orders side effects: `!stablehlo.token`.
  }];
}

def StableHLO_Future : StableHLO_Type<"Future", "future"> {
  let summary = "future of the results of an asynchronous operation";
  let description = [{
    The values an `async_start` produces once its `async_done` completes:
    `!stablehlo.future<tensor<8x8xf32>>`.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let assemblyFormat = "`<` $types `>`";
}

//===----------------------------------------------------------------------===//
// Element and tensor constraints.
//===----------------------------------------------------------------------===//

// Integer element types of the spec: si/ui 2..64 (signless integers as
// StableHLO's text spells signed ones), excluding i1.
def StableHLO_Int : Type<CPred<"::mlir::tfg::stablehlo::isIntegerElement($_self)">,
                         "integer">;
def StableHLO_Pred : TypeAlias<I1, "pred (i1)">;
def StableHLO_Float : Type<CPred<"::llvm::isa<::mlir::FloatType>($_self)">,
                           "floating-point">;
def StableHLO_Complex : Type<CPred<"::mlir::tfg::stablehlo::isComplexElement($_self)">,
                             "complex">;
// Quantized element types (`!quant.uniform`) are accepted wherever the spec
// allows a quantized tensor; their parameters are the quant dialect's.
def StableHLO_Quant : Type<CPred<"::mlir::tfg::stablehlo::isQuantElement($_self)">,
                           "quantized">;

def StableHLO_Tensor : RankedTensorOf<[AnyType]>;
def StableHLO_TensorOrToken : AnyTypeOf<[StableHLO_Tensor, StableHLO_Token]>;
def StableHLO_Value : AnyTypeOf<[StableHLO_Tensor, StableHLO_Token, AnyTuple,
                                 StableHLO_Future]>;
def StableHLO_AnyValue : TypeAlias<AnyType, "any type">;
def StableHLO_PredTensor : RankedTensorOf<[I1]>;
def StableHLO_IntTensor : RankedTensorOf<[StableHLO_Int]>;
def StableHLO_PredOrIntTensor : RankedTensorOf<[I1, StableHLO_Int]>;
def StableHLO_FpTensor : RankedTensorOf<[StableHLO_Float, StableHLO_Quant]>;
def StableHLO_FpOrComplexTensor
    : RankedTensorOf<[StableHLO_Float, StableHLO_Complex, StableHLO_Quant]>;
def StableHLO_IntFpOrComplexTensor
    : RankedTensorOf<[StableHLO_Int, StableHLO_Float, StableHLO_Complex,
                      StableHLO_Quant]>;
def StableHLO_SIntFpOrComplexTensor
    : RankedTensorOf<[StableHLO_Int, StableHLO_Float, StableHLO_Complex,
                      StableHLO_Quant]>;
def StableHLO_ScalarIntTensor : 0DTensorOf<[StableHLO_Int]>;
def StableHLO_DimensionTensor : 1DTensorOf<[StableHLO_Int, Index]>;

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOTYPES_TD
