//===- TFOps.td - tf dialect: the ops defined in ODS -------*- tablegen -*-===//
//
// The few tf ops that earn an ODS definition: region control flow as
// TensorFlow's tf dialect spells it (tf.IfRegion, tf.WhileRegion,
// tf.CaseRegion, their regions ended by tf.Yield), with verifiers written
// from their semantics. Every other tf op is a dynamic op per OpDef
// (TFDialect.td). They print in generic form, as TensorFlow's tools print
// tf ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_TF_TFOPS_TD
#define TFG_DIALECT_TF_TFOPS_TD

include "tfg/Dialect/TF/TFDialect.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class TF_Op<string mnemonic, list<Trait> traits = []>
    : Op<TF_Dialect, mnemonic, traits>;

def TF_YieldOp : TF_Op<"Yield", [Pure, Terminator,
    ParentOneOf<["IfRegionOp", "WhileRegionOp", "CaseRegionOp"]>]> {
  let summary = "Ends a region of tf.IfRegion, tf.WhileRegion, tf.CaseRegion";
  let description = [{
    Yields the values of the region: a branch's results, a loop condition
    (one `i1` scalar) or a loop body's next values.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
}

def TF_IfRegionOp : TF_Op<"IfRegion", [RecursiveMemoryEffects,
    NoRegionArguments]> {
  let summary = "Runs `then_branch` if `cond` is true, else `else_branch`";
  let description = [{
    The region form of `tf.If`/`tf.StatelessIf`: each branch is a region
    without arguments reading values from above, ended by `tf.Yield` of
    the results. `is_stateless` says which functional op it stands for;
    `_then_func_name`/`_else_func_name` name the functions it came from.

    ```mlir
    %0 = "tf.IfRegion"(%cond) ({
      %1 = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
      "tf.Yield"(%1) : (tensor<f32>) -> ()
    }, {
      "tf.Yield"(%x) : (tensor<f32>) -> ()
    }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
    ```
  }];
  let arguments = (ins AnyTensor:$cond, BoolAttr:$is_stateless);
  let results = (outs Variadic<AnyType>:$output);
  let regions = (region SizedRegion<1>:$then_branch,
                        SizedRegion<1>:$else_branch);
  let hasVerifier = 1;
}

def TF_CaseRegionOp : TF_Op<"CaseRegion", [RecursiveMemoryEffects,
    NoRegionArguments]> {
  let summary = "Runs branch `branch_index` (the last one if out of range)";
  let description = [{
    The region form of `tf.Case`/`tf.StatelessCase`: one region per
    branch, without arguments, ended by `tf.Yield` of the results.
  }];
  let arguments = (ins AnyTensor:$branch_index, BoolAttr:$is_stateless);
  let results = (outs Variadic<AnyType>:$output);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def TF_WhileRegionOp : TF_Op<"WhileRegion", [RecursiveMemoryEffects]> {
  let summary = "Runs `body` while `cond` yields true, threading the values";
  let description = [{
    The region form of `tf.While`/`tf.StatelessWhile`. Both regions take
    the loop values as block arguments; `cond` yields one `i1` scalar,
    `body` the next values. The results are the values when `cond` first
    yields false.

    ```mlir
    %0 = "tf.WhileRegion"(%n) ({
    ^bb0(%i: tensor<i32>):
      %c = "tf.Less"(%i, %limit) : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "tf.Yield"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%i: tensor<i32>):
      %j = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "tf.Yield"(%j) : (tensor<i32>) -> ()
    }) {is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$input, BoolAttr:$is_stateless,
                       DefaultValuedOptionalAttr<I64Attr, "10">:$parallel_iterations,
                       UnitAttr:$shape_invariant);
  let results = (outs Variadic<AnyType>:$output);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasVerifier = 1;
}

#endif // TFG_DIALECT_TF_TFOPS_TD
