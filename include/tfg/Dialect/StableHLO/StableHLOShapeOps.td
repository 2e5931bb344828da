//===- StableHLOShapeOps.td - data movement ops -----------*- tablegen -*-===//
//
// The operations of StableHLO that move data without computing on it:
// broadcasts, reshapes, transpose, reverse, slices, concatenate, pad, iota,
// gather, tuples and dimension queries, static and dynamic.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOSHAPEOPS_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOSHAPEOPS_TD

include "tfg/Dialect/StableHLO/StableHLOBase.td"

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast of a tensor into a larger shape";
  let description = [{
    Spec: `broadcast_in_dim`. Example:
    ```mlir
    %result = stablehlo.broadcast_in_dim %operand, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DynamicBroadcastInDimOp
    : StableHLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast into a shape given at run time";
  let description = [{
    Spec: `dynamic_broadcast_in_dim`. Example:
    ```mlir
    %result = stablehlo.dynamic_broadcast_in_dim %operand, %output_dimensions, dims = [2, 1] : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_DimensionTensor:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` custom<Dims>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "reshape";
  let description = [{
    Spec: `reshape`. Example:
    ```mlir
    %result = stablehlo.reshape %operand : (tensor<2xf32>) -> tensor<1x2xf32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape to a shape given at run time";
  let description = [{
    Spec: `dynamic_reshape`. Example:
    ```mlir
    %result = stablehlo.dynamic_reshape %operand, %output_shape : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_DimensionTensor:$output_shape);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [Pure,
    StableHLO_InferType]> {
  let summary = "permutation of the dimensions";
  let description = [{
    Spec: `transpose`. Example:
    ```mlir
    %result = stablehlo.transpose %operand, dims = [2, 1, 0] : (tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($permutation)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse", [Pure, StableHLO_InferType]> {
  let summary = "reversal along dimensions";
  let description = [{
    Spec: `reverse`. Example:
    ```mlir
    %result = stablehlo.reverse %operand, dims = [1] : tensor<3x2xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($dimensions)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def StableHLO_SliceOp : StableHLO_Op<"slice", [Pure, StableHLO_InferType]> {
  let summary = "static slice";
  let description = [{
    Spec: `slice`. The pretty form lists `start:limit[:stride]` per
    dimension. Example:
    ```mlir
    %result = stablehlo.slice %operand [1:3, 4:8:2] : (tensor<3x8xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [Pure,
    StableHLO_InferType]> {
  let summary = "slice at offsets given at run time";
  let description = [{
    Spec: `dynamic_slice`. Example:
    ```mlir
    %result = stablehlo.dynamic_slice %operand, %i0, %i1, sizes = [2, 3] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x3xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       Variadic<StableHLO_ScalarIntTensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` custom<Dims>($slice_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DynamicUpdateSliceOp : StableHLO_Op<"dynamic_update_slice", [Pure,
    StableHLO_InferType]> {
  let summary = "update of a slice at offsets given at run time";
  let description = [{
    Spec: `dynamic_update_slice`. Example:
    ```mlir
    %result = stablehlo.dynamic_update_slice %operand, %update, %i0, %i1 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand, StableHLO_Tensor:$update,
                       Variadic<StableHLO_ScalarIntTensor>:$start_indices);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [Pure,
    StableHLO_InferType]> {
  let summary = "concatenation along a dimension";
  let description = [{
    Spec: `concatenate`. Example:
    ```mlir
    %result = stablehlo.concatenate %input0, %input1, dim = 0 : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_PadOp : StableHLO_Op<"pad", [Pure, StableHLO_InferType]> {
  let summary = "edge and interior padding";
  let description = [{
    Spec: `pad`. Example:
    ```mlir
    %result = stablehlo.pad %operand, %padding_value, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi64>, tensor<i64>) -> tensor<5x9xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,`
      `low` `=` custom<Dims>($edge_padding_low) `,`
      `high` `=` custom<Dims>($edge_padding_high) `,`
      `interior` `=` custom<Dims>($interior_padding)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "padding by amounts given at run time";
  let description = [{
    Spec: `dynamic_pad`. Example:
    ```mlir
    %result = stablehlo.dynamic_pad %operand, %padding_value, %low, %high, %interior : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$padding_value,
                       StableHLO_DimensionTensor:$edge_padding_low,
                       StableHLO_DimensionTensor:$edge_padding_high,
                       StableHLO_DimensionTensor:$interior_padding);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "tensor of increasing indices along a dimension";
  let description = [{
    Spec: `iota`. Example:
    ```mlir
    %output = stablehlo.iota dim = 0 : tensor<4x5xi32>
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs StableHLO_Tensor:$output);
  let hasVerifier = 1;
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
}

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota of a shape given at run time";
  let description = [{
    Spec: `dynamic_iota`. Example:
    ```mlir
    %result = stablehlo.dynamic_iota %output_shape, dim = 0 : (tensor<2xi64>) -> tensor<4x5xf64>
    ```
  }];
  let arguments = (ins StableHLO_DimensionTensor:$output_shape,
                       I64Attr:$iota_dimension);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_GetDimensionSizeOp : StableHLO_Op<"get_dimension_size", [Pure,
    StableHLO_InferType]> {
  let summary = "size of a dimension";
  let description = [{
    Spec: `get_dimension_size`. Example:
    ```mlir
    %result = stablehlo.get_dimension_size %operand, dim = 1 : (tensor<2x3xi64>) -> tensor<i32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_GatherOp : StableHLO_Op<"gather", [Pure]> {
  let summary = "gather of slices at indices";
  let description = [{
    Spec: `gather`. Printed in the generic form, as StableHLO does:
    ```mlir
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<offset_dims = [3, 4],
        collapsed_slice_dims = [1], operand_batching_dims = [0],
        start_indices_batching_dims = [1], start_index_map = [2, 1],
        index_vector_dim = 3>,
      slice_sizes = array<i64: 1, 1, 2, 2>,
      indices_are_sorted = false
    } : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_IntTensor:$start_indices,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicGatherOp : StableHLO_Op<"dynamic_gather", [Pure]> {
  let summary = "gather with slice sizes given at run time";
  let description = [{
    Spec: `dynamic_gather`. Printed in the generic form:
    ```mlir
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
      dimension_numbers = #stablehlo.gather<offset_dims = [2, 3],
        collapsed_slice_dims = [0], start_index_map = [1, 0],
        index_vector_dim = 2>,
      indices_are_sorted = false
    } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_IntTensor:$start_indices,
                       StableHLO_DimensionTensor:$slice_sizes,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_TupleOp : StableHLO_Op<"tuple", [Pure, StableHLO_InferType]> {
  let summary = "tuple of values";
  let description = [{
    Spec: `tuple`. Example:
    ```mlir
    %result = stablehlo.tuple %val0, %val1 : tuple<tensor<2xf64>, tuple<tensor<i64>>>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_AnyValue>:$val);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
}

def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [Pure,
    StableHLO_InferType]> {
  let summary = "element of a tuple";
  let description = [{
    Spec: `get_tuple_element`. Example:
    ```mlir
    %result = stablehlo.get_tuple_element %operand[0] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tensor<2xf64>
    ```
  }];
  let arguments = (ins AnyTuple:$operand, I32Attr:$index);
  let results = (outs StableHLO_AnyValue:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOSHAPEOPS_TD
