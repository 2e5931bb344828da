//===- CheckOps.td - StableHLO's check dialect -------------*- tablegen -*-===//
//
// The `check` dialect as StableHLO's interpreter tests write it
// (reference.md, "Testing the StableHLO interpreter"): ops that compare a
// value with an expected one while a program is interpreted. Its text is
// StableHLO's: the same op names, operands, attributes and assembly. The
// ops take builtin tensors, so the dialect needs no other dialect; an
// interpreter evaluates them with tfg/Eval/Compute/TensorCompare.h.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_CHECK_CHECKOPS_TD
#define TFG_DIALECT_CHECK_CHECKOPS_TD

include "mlir/IR/OpBase.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::mlir::tfg::check";
  let summary = "Checks of interpreted values (StableHLO's check dialect)";
  let description = [{
    Ops that an interpreter evaluates to compare a value with an expected
    one, failing the run with a message that names the check and the first
    differing element. tfg's reimplementation of the dialect StableHLO's
    interpreter tests use; the ops parse and print as StableHLO writes them.
  }];
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

def Check_ExpectEqOp : Check_Op<"expect_eq", [SameTypeOperands]> {
  let summary = "Checks that two tensors are equal, bit for bit";
  let description = [{
    Succeeds when every element of `lhs` equals the element of `rhs` bit
    for bit (floats and complex numbers included).

    ```mlir
    check.expect_eq %result, %expected : tensor<2xi32>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp
    : Check_Op<"expect_eq_const", [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "Checks that a tensor equals a constant, bit for bit";
  let description = [{
    Succeeds when every element of `lhs` equals the element of the constant
    `value` bit for bit; the constant has the operand's type.

    ```mlir
    check.expect_eq_const %result, dense<[1, 2]> : tensor<2xi32>
    ```
  }];
  let arguments = (ins AnyTensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "$lhs `,` $value attr-dict";
}

def Check_ExpectAlmostEqOp
    : Check_Op<"expect_almost_eq", [SameTypeOperands]> {
  let summary = "Checks that two float tensors are equal within a tolerance";
  let description = [{
    Succeeds when every element of `lhs` lies within `tolerance` (0.0001 by
    default) of the element of `rhs`: |lhs - rhs| <= tolerance, each part of
    a complex number; NaN matches NaN, an infinity only itself.

    ```mlir
    check.expect_almost_eq %result, %expected, tolerance = 1.0e-03 : tensor<2xf32>
    ```
  }];
  let arguments = (ins
    TensorOf<[AnyFloat, AnyComplex]>:$lhs,
    TensorOf<[AnyFloat, AnyComplex]>:$rhs,
    DefaultValuedOptionalAttr<F64Attr, "1e-4">:$tolerance
  );
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)
  }];
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqConstOp
    : Check_Op<"expect_almost_eq_const", [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "Checks that a float tensor equals a constant within a "
                "tolerance";
  let description = [{
    The comparison of `check.expect_almost_eq` against the constant `value`,
    which has the operand's type.

    ```mlir
    check.expect_almost_eq_const %result, dense<0.19999> : tensor<f32>
    ```
  }];
  let arguments = (ins
    TensorOf<[AnyFloat, AnyComplex]>:$lhs,
    ElementsAttr:$value,
    DefaultValuedOptionalAttr<F64Attr, "1e-4">:$tolerance
  );
  let assemblyFormat = [{
    $lhs `,` $value (`,` `tolerance` `=` $tolerance^)? attr-dict
  }];
  let hasVerifier = 1;
}

def Check_ExpectCloseOp
    : Check_Op<"expect_close", [AllTypesMatch<["actual", "expected"]>,
                                AllShapesMatch<["actual", "expected"]>]> {
  let summary = "Checks that two float tensors are close in ULPs";
  let description = [{
    Succeeds when, for every element, `min_ulp_difference` <= the number of
    representable values between `actual` and `expected` <=
    `max_ulp_difference` (complex: the larger of the parts'). When either
    value is not finite, the two must be equal or both NaN.

    ```mlir
    check.expect_close %actual, %expected, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
    ```
  }];
  let arguments = (ins
    TensorOf<[AnyFloat, AnyComplex]>:$actual,
    TensorOf<[AnyFloat, AnyComplex]>:$expected,
    DefaultValuedAttr<UI64Attr, "1">:$max_ulp_difference,
    DefaultValuedOptionalAttr<UI64Attr, "0">:$min_ulp_difference
  );
  let assemblyFormat = [{
    $actual `,` $expected `,` `max_ulp_difference` `=` $max_ulp_difference
    (`,` `min_ulp_difference` `=` $min_ulp_difference^)?
    `:` attr-dict type($actual) `,` type($expected)
  }];
  let hasVerifier = 1;
}

def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "Checks a tensor against one a probe serialized";
  let description = [{
    Succeeds when `expected` equals the value that the probe `probe_id`
    serialized at its `iteration` (0 by default), as StableHLO's
    instrumented interpreter records it.

    ```mlir
    check.expect_serialized_eq %value, probe_id = "probe0", iter = 1 : tensor<2xi32>
    ```
  }];
  let arguments = (ins
    AnyTensor:$expected,
    StrAttr:$probe_id,
    DefaultValuedOptionalAttr<UI32Attr, "0">:$iteration
  );
  let assemblyFormat = [{
    $expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iteration^)?
    attr-dict `:` type($expected)
  }];
  let hasVerifier = 1;
}

#endif // TFG_DIALECT_CHECK_CHECKOPS_TD
