//===- StableHLOControlOps.td - control flow and calls ----*- tablegen -*-===//
//
// Region terminator, structured control flow (while, if, case), calls out of
// StableHLO (custom_call, composite), ordering (after_all,
// optimization_barrier) and asynchronous execution (async_start/done).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOCONTROLOPS_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOCONTROLOPS_TD

include "tfg/Dialect/StableHLO/StableHLOBase.td"

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator,
    ReturnLike]> {
  let summary = "terminator of the regions of StableHLO operations";
  let description = [{
    Yields `results` from a region of `while`, `if`, `case`, `reduce` and
    the other region-holding operations. Example:
    ```mlir
    stablehlo.return %sum : tensor<i64>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_AnyValue>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

def StableHLO_WhileOp : StableHLO_Op<"while", [RecursiveMemoryEffects,
    StableHLO_InferType, OpAsmOpInterface]> {
  let summary = "loop";
  let description = [{
    Spec: `while`. Runs `body` while `cond` yields true; both regions take
    the loop-carried values. Example:
    ```mlir
    %results0, %results1 = stablehlo.while(%arg0 = %init_i, %arg1 = %init_sum) : tensor<i64>, tensor<i64>
     cond {
      %cond = stablehlo.compare LT, %arg0, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %cond : tensor<i1>
    } do {
      %new_sum = stablehlo.add %arg1, %one : tensor<i64>
      %new_i = stablehlo.add %arg0, %one : tensor<i64>
      stablehlo.return %new_i, %new_sum : tensor<i64>, tensor<i64>
    }
    ```
  }];
  let arguments = (ins Variadic<StableHLO_AnyValue>:$operand);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let results = (outs Variadic<StableHLO_AnyValue>:$results);
  let hasVerifier = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    void getAsmBlockArgumentNames(::mlir::Region &region,
                                  ::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

def StableHLO_IfOp : StableHLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "two-way conditional";
  let description = [{
    Spec: `if`. Example:
    ```mlir
    %result = "stablehlo.if"(%pred) ({
      "stablehlo.return"(%result_true_branch) : (tensor<i32>) -> ()
    }, {
      "stablehlo.return"(%result_false_branch) : (tensor<i32>) -> ()
    }) : (tensor<i1>) -> tensor<i32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I1]>:$pred);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let results = (outs Variadic<StableHLO_AnyValue>:$results);
  let hasVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "n-way conditional";
  let description = [{
    Spec: `case`. An out-of-range `index` runs the last branch. Example:
    ```mlir
    %result0, %result1 = "stablehlo.case"(%index) ({
      stablehlo.return %result_branch0, %result_branch0 : tensor<2xi64>, tensor<2xi64>
    }, {
      stablehlo.return %result_branch1, %result_branch1 : tensor<2xi64>, tensor<2xi64>
    }) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
    ```
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let results = (outs Variadic<StableHLO_AnyValue>:$results);
  let hasVerifier = 1;
}

def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier", [
    Pure, StableHLO_InferType]> {
  let summary = "identity that stops optimizations across it";
  let description = [{
    Spec: `optimization_barrier`. Example:
    ```mlir
    %result0, %result1 = stablehlo.optimization_barrier %operand0, %operand1 : tensor<f32>, tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_TensorOrToken>:$operand);
  let results = (outs Variadic<StableHLO_TensorOrToken>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?
  }];
}

def StableHLO_AfterAllOp : StableHLO_Op<"after_all", [Pure]> {
  let summary = "token that depends on other tokens";
  let description = [{
    Spec: `after_all`. Example:
    ```mlir
    %result = stablehlo.after_all %input0, %input1 : !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Token>:$inputs);
  let results = (outs StableHLO_Token:$result);
  let assemblyFormat = [{
    $inputs attr-dict `:` custom<VariadicSameOperandsAndResultType>(ref($inputs), type($inputs), type($result))
  }];
}

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call", []> {
  let summary = "implementation-defined operation";
  let description = [{
    Spec: `custom_call`. Example:
    ```mlir
    %results = stablehlo.custom_call @foo(%input0) {backend_config = {bar = 42 : i32}, api_version = 4 : i32, called_computations = [@foo]} : (tensor<f64>) -> tensor<f64>
    ```
  }];
  let arguments = (ins
    Variadic<StableHLO_AnyValue>:$inputs,
    StrAttr:$call_target_name,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
    OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
    DefaultValuedOptionalAttr<I32Attr, "1">:$api_version,
    OptionalAttr<FlatSymbolRefArrayAttr>:$called_computations,
    OptionalAttr<ArrayAttr>:$operand_layouts,
    OptionalAttr<ArrayAttr>:$result_layouts,
    DefaultValuedOptionalAttr<TypedArrayAttrBase<StableHLO_OutputOperandAlias,
        "output operand aliases">, "{}">:$output_operand_aliases);
  let results = (outs Variadic<StableHLO_AnyValue>:$results);
  let hasVerifier = 1;
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)`
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "operation defined by a decomposition function";
  let description = [{
    Spec: `composite`. Example:
    ```mlir
    %results = stablehlo.composite "my_namespace.my_op" %input0, %input1 {composite_attributes = {my_attribute = "my_value"}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    ```
  }];
  let arguments = (ins
    Variadic<StableHLO_AnyValue>:$inputs,
    StrAttr:$name,
    DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
    FlatSymbolRefAttr:$decomposition,
    DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<StableHLO_AnyValue>:$results);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_AsyncStartOp : StableHLO_Op<"async_start", []> {
  let summary = "start of an asynchronous operation";
  let description = [{
    Spec: `async_start`. `body` holds one collective or slice operation and
    a return. Example:
    ```mlir
    %0 = "stablehlo.async_start"(%arg0) ({
      %1 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>
      "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
    }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands);
  let regions = (region SizedRegion<1>:$body);
  let results = (outs StableHLO_Future:$result);
  let hasVerifier = 1;
}

def StableHLO_AsyncDoneOp : StableHLO_Op<"async_done", [StableHLO_InferType]> {
  let summary = "completion of an asynchronous operation";
  let description = [{
    Spec: `async_done`. Example:
    ```mlir
    %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
    ```
  }];
  let arguments = (ins StableHLO_Future:$operand);
  let results = (outs Variadic<StableHLO_Tensor>:$result);
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOCONTROLOPS_TD
