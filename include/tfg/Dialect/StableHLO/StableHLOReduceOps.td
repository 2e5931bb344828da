//===- StableHLOReduceOps.td - ops with computation regions -*- tablegen -*-===//
//
// The operations of StableHLO that apply a region to elements: reduce,
// reduce_window, select_and_scatter, scatter, sort and map.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOREDUCEOPS_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOREDUCEOPS_TD

include "tfg/Dialect/StableHLO/StableHLOBase.td"

def StableHLO_ReduceOp : StableHLO_Op<"reduce", [RecursiveMemoryEffects,
    SameVariadicOperandSize]> {
  let summary = "reduction along dimensions";
  let description = [{
    Spec: `reduce`. When the body is one binary StableHLO operation on its
    arguments the compact form is printed:
    ```mlir
    %result = stablehlo.reduce(%input init: %init_value) applies stablehlo.add across dimensions = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
    %r = stablehlo.reduce(%input init: %init_value) across dimensions = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
     reducer(%a: tensor<i64>, %b: tensor<i64>)  {
      %0 = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %0 : tensor<i64>
    }
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       Variadic<StableHLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduction over sliding windows";
  let description = [{
    Spec: `reduce_window`. Missing strides and dilations are 1, missing
    padding 0. Example:
    ```mlir
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {
      window_dimensions = array<i64: 2, 1>,
      window_strides = array<i64: 4, 1>,
      base_dilations = array<i64: 2, 1>,
      window_dilations = array<i64: 3, 1>,
      padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
    } : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       Variadic<StableHLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter", [
    RecursiveMemoryEffects]> {
  let summary = "scatter of source values to the windows' selected elements";
  let description = [{
    Spec: `select_and_scatter`. Example:
    ```mlir
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      window_dimensions = array<i64: 3, 1>,
      window_strides = array<i64: 2, 1>,
      padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
    } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand, StableHLO_Tensor:$source,
                       StableHLO_Tensor:$init_value,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter", [RecursiveMemoryEffects,
    SameVariadicOperandSize]> {
  let summary = "update of slices at indices";
  let description = [{
    Spec: `scatter`. Example:
    ```mlir
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [3, 4], inserted_window_dims = [1],
        input_batching_dims = [0], scatter_indices_batching_dims = [1],
        scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>,
      indices_are_sorted = false, unique_indices = false
    } : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
    ```
  }];
  let arguments = (ins
    Variadic<StableHLO_Tensor>:$inputs,
    StableHLO_IntTensor:$scatter_indices,
    Variadic<StableHLO_Tensor>:$updates,
    StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let regions = (region SizedRegion<1>:$update_computation);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort", [RecursiveMemoryEffects]> {
  let summary = "sort of tensors along a dimension by a comparator";
  let description = [{
    Spec: `sort`. Example:
    ```mlir
    %result0, %result1 = "stablehlo.sort"(%input0, %input1) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>):
        %predicate = stablehlo.compare GT, %arg0, %arg1 : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %predicate : tensor<i1>
    }) {dimension = 0 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let regions = (region SizedRegion<1>:$comparator);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_MapOp : StableHLO_Op<"map", [RecursiveMemoryEffects]> {
  let summary = "elementwise application of a computation";
  let description = [{
    Spec: `map`. Example:
    ```mlir
    %result = "stablehlo.map"(%input0, %input1) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.multiply %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       DenseI64ArrayAttr:$dimensions);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOREDUCEOPS_TD
