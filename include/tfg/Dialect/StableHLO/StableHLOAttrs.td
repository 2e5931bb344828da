//===- StableHLOAttrs.td - stablehlo enums and attributes --*- tablegen -*-===//
//
// The enumerations and structured attributes of StableHLO with StableHLO's
// textual spelling: `#stablehlo<comparison_direction GT>`,
// `#stablehlo.dot<...>`, `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0,
// 1, f]>`, `#stablehlo.gather<...>`, `#stablehlo.scatter<...>`,
// `#stablehlo.channel_handle<...>`, `#stablehlo.output_operand_alias<...>`,
// `#stablehlo.dot_algorithm<...>`.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOATTRS_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOATTRS_TD

include "tfg/Dialect/StableHLO/StableHLODialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/CommonAttrConstraints.td"

//===----------------------------------------------------------------------===//
// Enumerations.
//===----------------------------------------------------------------------===//

def StableHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_ComparisonDirectionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonDirection, "comparison_direction">;

def StableHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_ComparisonTypeAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : I32EnumAttr<"Precision", "precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_PrecisionAttr : EnumAttr<StableHLO_Dialect, StableHLO_Precision,
                                       "precision">;
def StableHLO_PrecisionConfigAttr
    : TypedArrayAttrBase<StableHLO_PrecisionAttr, "precision config">;

def StableHLO_FftType : I32EnumAttr<"FftType", "fft type", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_FftTypeAttr : EnumAttr<StableHLO_Dialect, StableHLO_FftType,
                                     "fft_type">;

def StableHLO_Transpose : I32EnumAttr<"Transpose", "transpose", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>,
      I32EnumAttrCase<"NO_TRANSPOSE", 1>, I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_TransposeAttr : EnumAttr<StableHLO_Dialect, StableHLO_Transpose,
                                       "transpose">;

def StableHLO_RngDistribution : I32EnumAttr<"RngDistribution",
    "rng distribution", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_RngDistributionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngDistribution, "rng_distribution">;

def StableHLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm", "rng algorithm", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_RngAlgorithmAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngAlgorithm, "rng_algorithm">;

def StableHLO_ResultAccuracyMode : I32EnumAttr<"ResultAccuracyMode",
    "result accuracy mode", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tfg::stablehlo";
}
def StableHLO_ResultAccuracyModeAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Structured attributes.
//===----------------------------------------------------------------------===//

class StableHLO_Attr<string name, string attrMnemonic>
    : AttrDef<StableHLO_Dialect, name> {
  let mnemonic = attrMnemonic;
}

def StableHLO_DotDimensionNumbers
    : StableHLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "dimension numbers of dot_general";
  let description = [{
    `#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions =
    [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>`;
    empty lists may be left out.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsContractingDimensions);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_GatherDimensionNumbers
    : StableHLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "dimension numbers of gather and dynamic_gather";
  let description = [{
    `#stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0],
    operand_batching_dims = [], start_indices_batching_dims = [],
    start_index_map = [1, 0], index_vector_dim = 2>`.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$offsetDims,
    OptionalArrayRefParameter<"int64_t">:$collapsedSliceDims,
    OptionalArrayRefParameter<"int64_t">:$operandBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ScatterDimensionNumbers
    : StableHLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "dimension numbers of scatter";
  let description = [{
    `#stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims =
    [1], input_batching_dims = [0], scatter_indices_batching_dims = [1],
    scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>`.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$updateWindowDims,
    OptionalArrayRefParameter<"int64_t">:$insertedWindowDims,
    OptionalArrayRefParameter<"int64_t">:$inputBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ConvDimensionNumbers
    : StableHLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "dimension numbers of convolution";
  let description = [{
    `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`: the layout of
    the input, the kernel and the output, with `b`/`f` the batch and feature
    dimensions, `i`/`o` the kernel's input and output features and digits the
    spatial dimensions. The long form `#stablehlo.conv<raw
    input_batch_dimension = 0, ...>` parses too.
  }];
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    OptionalArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    OptionalArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    OptionalArrayRefParameter<"int64_t">:$outputSpatialDimensions);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ChannelHandle : StableHLO_Attr<"ChannelHandle", "channel_handle"> {
  let summary = "channel of a collective or point-to-point operation";
  let description = [{
    `#stablehlo.channel_handle<handle = 1, type = 0>`; `type` is 0 (invalid),
    1 (device to device), 2 (device to host) or 3 (host to device).
  }];
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_OutputOperandAlias
    : StableHLO_Attr<"OutputOperandAlias", "output_operand_alias"> {
  let summary = "an output of custom_call that aliases an operand";
  let description = [{
    `#stablehlo.output_operand_alias<output_tuple_indices = [],
    operand_index = 0, operand_tuple_indices = []>`.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$outputTupleIndices,
    "int64_t":$operandIndex,
    OptionalArrayRefParameter<"int64_t">:$operandTupleIndices);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_DotAlgorithm : StableHLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "algorithm of dot_general";
  let description = [{
    `#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type =
    tf32, accumulation_type = f32, lhs_component_count = 1,
    rhs_component_count = 1, num_primitive_operations = 1,
    allow_imprecise_accumulation = false>`.
  }];
  let parameters = (ins
    "::mlir::Type":$lhs_precision_type,
    "::mlir::Type":$rhs_precision_type,
    "::mlir::Type":$accumulation_type,
    "int64_t":$lhs_component_count,
    "int64_t":$rhs_component_count,
    "int64_t":$num_primitive_operations,
    "bool":$allow_imprecise_accumulation);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_ResultAccuracy : StableHLO_Attr<"ResultAccuracy", "result_accuracy"> {
  let summary = "requested accuracy of a transcendental operation";
  let description = [{
    `#stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00,
    ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>`.
  }];
  let parameters = (ins
    APFloatParameter<"absolute tolerance">:$atol,
    APFloatParameter<"relative tolerance">:$rtol,
    "int64_t":$ulps,
    "ResultAccuracyModeAttr":$mode);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_TypeExtensions
    : StableHLO_Attr<"TypeExtensions", "type_extensions"> {
  let summary = "bounds of the dynamic dimensions of a tensor type";
  let description = [{
    A tensor encoding: `tensor<?x3xf32, #stablehlo.type_extensions<bounds =
    [4, ?]>>`; `?` means unbounded. The short spelling
    `#stablehlo.bounds<4, ?>` parses too.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$bounds);
  let hasCustomAssemblyFormat = 1;
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOATTRS_TD
