//===- StableHLOElementwiseOps.td - elementwise ops -------*- tablegen -*-===//
//
// The elementwise operations of StableHLO: unary and binary math, logic and
// bit operations, compare, select, clamp, complex, conversions, constants and
// quantization. Their pretty form is StableHLO's: one type when every operand
// and the result share it, a function type otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOELEMENTWISEOPS_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOELEMENTWISEOPS_TD

include "tfg/Dialect/StableHLO/StableHLOBase.td"

//===----------------------------------------------------------------------===//
// Unary elementwise operations.
//===----------------------------------------------------------------------===//

def StableHLO_AbsOp : StableHLO_UnaryOp<"abs", StableHLO_SIntFpOrComplexTensor, StableHLO_Tensor> {
  let summary = "elementwise absolute value";
  let description = [{
    Spec: `abs`. Example:
    ```mlir
    %result = stablehlo.abs %operand : tensor<3xi32>
    ```
  }];
}

def StableHLO_CbrtOp : StableHLO_UnaryOp<"cbrt", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise cubic root";
  let description = [{
    Spec: `cbrt`. Example:
    ```mlir
    %result = stablehlo.cbrt %operand : tensor<4xf64>
    ```
  }];
}

def StableHLO_CeilOp : StableHLO_UnaryOp<"ceil", StableHLO_FpTensor> {
  let summary = "elementwise ceiling";
  let description = [{
    Spec: `ceil`. Example:
    ```mlir
    %result = stablehlo.ceil %operand : tensor<5xf32>
    ```
  }];
}

def StableHLO_CountLeadingZerosOp : StableHLO_UnaryOp<"count_leading_zeros", StableHLO_IntTensor> {
  let summary = "elementwise count of leading zero bits";
  let description = [{
    Spec: `count_leading_zeros`. Example:
    ```mlir
    %result = stablehlo.count_leading_zeros %operand : tensor<2x2xi64>
    ```
  }];
}

def StableHLO_CosineOp : StableHLO_UnaryOp<"cosine", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise cosine";
  let description = [{
    Spec: `cosine`. Example:
    ```mlir
    %result = stablehlo.cosine %operand : tensor<2xf32>
    ```
  }];
}

def StableHLO_ExponentialOp : StableHLO_UnaryOp<"exponential", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise exponential";
  let description = [{
    Spec: `exponential`. Example:
    ```mlir
    %result = stablehlo.exponential %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_ExponentialMinusOneOp : StableHLO_UnaryOp<"exponential_minus_one", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise exponential minus one";
  let description = [{
    Spec: `exponential_minus_one`. Example:
    ```mlir
    %result = stablehlo.exponential_minus_one %operand : tensor<2xf32>
    ```
  }];
}

def StableHLO_FloorOp : StableHLO_UnaryOp<"floor", StableHLO_FpTensor> {
  let summary = "elementwise floor";
  let description = [{
    Spec: `floor`. Example:
    ```mlir
    %result = stablehlo.floor %operand : tensor<2xf32>
    ```
  }];
}

def StableHLO_ImagOp : StableHLO_UnaryOp<"imag", StableHLO_FpOrComplexTensor, StableHLO_FpTensor> {
  let summary = "elementwise imaginary part";
  let description = [{
    Spec: `imag`. Example:
    ```mlir
    %result = stablehlo.imag %operand : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    ```
  }];
}

def StableHLO_LogOp : StableHLO_UnaryOp<"log", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise natural logarithm";
  let description = [{
    Spec: `log`. Example:
    ```mlir
    %result = stablehlo.log %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_LogPlusOneOp : StableHLO_UnaryOp<"log_plus_one", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise logarithm of one plus the operand";
  let description = [{
    Spec: `log_plus_one`. Example:
    ```mlir
    %result = stablehlo.log_plus_one %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_LogisticOp : StableHLO_UnaryOp<"logistic", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise logistic function";
  let description = [{
    Spec: `logistic`. Example:
    ```mlir
    %result = stablehlo.logistic %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_NegateOp : StableHLO_UnaryOp<"negate", StableHLO_IntFpOrComplexTensor> {
  let summary = "elementwise negation";
  let description = [{
    Spec: `negate`. Example:
    ```mlir
    %result = stablehlo.negate %operand : tensor<2x3xi32>
    ```
  }];
}

def StableHLO_NotOp : StableHLO_UnaryOp<"not", StableHLO_PredOrIntTensor> {
  let summary = "elementwise logical or bitwise NOT";
  let description = [{
    Spec: `not`. Example:
    ```mlir
    %result = stablehlo.not %operand : tensor<5x3x1xi1>
    ```
  }];
}

def StableHLO_PopcntOp : StableHLO_UnaryOp<"popcnt", StableHLO_IntTensor> {
  let summary = "elementwise count of set bits";
  let description = [{
    Spec: `popcnt`. Example:
    ```mlir
    %result = stablehlo.popcnt %operand : tensor<4xi64>
    ```
  }];
}

def StableHLO_RealOp : StableHLO_UnaryOp<"real", StableHLO_FpOrComplexTensor, StableHLO_FpTensor> {
  let summary = "elementwise real part";
  let description = [{
    Spec: `real`. Example:
    ```mlir
    %result = stablehlo.real %operand : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    ```
  }];
}

def StableHLO_RoundNearestAfzOp : StableHLO_UnaryOp<"round_nearest_afz", StableHLO_FpTensor> {
  let summary = "elementwise rounding to nearest, ties away from zero";
  let description = [{
    Spec: `round_nearest_afz`. Example:
    ```mlir
    %result = stablehlo.round_nearest_afz %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_RoundNearestEvenOp : StableHLO_UnaryOp<"round_nearest_even", StableHLO_FpTensor> {
  let summary = "elementwise rounding to nearest, ties to even";
  let description = [{
    Spec: `round_nearest_even`. Example:
    ```mlir
    %result = stablehlo.round_nearest_even %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_RsqrtOp : StableHLO_UnaryOp<"rsqrt", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise reciprocal square root";
  let description = [{
    Spec: `rsqrt`. Example:
    ```mlir
    %result = stablehlo.rsqrt %operand : tensor<2x2xf32>
    ```
  }];
}

def StableHLO_SignOp : StableHLO_UnaryOp<"sign", StableHLO_SIntFpOrComplexTensor> {
  let summary = "elementwise sign";
  let description = [{
    Spec: `sign`. Example:
    ```mlir
    %result = stablehlo.sign %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_SineOp : StableHLO_UnaryOp<"sine", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise sine";
  let description = [{
    Spec: `sine`. Example:
    ```mlir
    %result = stablehlo.sine %operand : tensor<2xf32>
    ```
  }];
}

def StableHLO_SqrtOp : StableHLO_UnaryOp<"sqrt", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise square root";
  let description = [{
    Spec: `sqrt`. Example:
    ```mlir
    %result = stablehlo.sqrt %operand : tensor<2x2xf32>
    ```
  }];
}

def StableHLO_TanOp : StableHLO_UnaryOp<"tan", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise tangent";
  let description = [{
    Spec: `tan`. Example:
    ```mlir
    %result = stablehlo.tan %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_TanhOp : StableHLO_UnaryOp<"tanh", StableHLO_FpOrComplexTensor> {
  let summary = "elementwise hyperbolic tangent";
  let description = [{
    Spec: `tanh`. Example:
    ```mlir
    %result = stablehlo.tanh %operand : tensor<2xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Binary elementwise operations.
//===----------------------------------------------------------------------===//

def StableHLO_AddOp : StableHLO_BinaryOp<"add", StableHLO_Tensor, StableHLO_Tensor, [Commutative]> {
  let summary = "elementwise addition (logical OR for booleans)";
  let description = [{
    Spec: `add`. Example:
    ```mlir
    %result = stablehlo.add %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_AndOp : StableHLO_BinaryOp<"and", StableHLO_PredOrIntTensor, StableHLO_PredOrIntTensor, [Commutative]> {
  let summary = "elementwise logical or bitwise AND";
  let description = [{
    Spec: `and`. Example:
    ```mlir
    %result = stablehlo.and %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_Atan2Op : StableHLO_BinaryOp<"atan2", StableHLO_FpOrComplexTensor, StableHLO_FpOrComplexTensor, []> {
  let summary = "elementwise two-argument arc tangent";
  let description = [{
    Spec: `atan2`. Example:
    ```mlir
    %result = stablehlo.atan2 %lhs, %rhs : tensor<3xf64>
    ```
  }];
}

def StableHLO_DivideOp : StableHLO_BinaryOp<"divide", StableHLO_IntFpOrComplexTensor, StableHLO_IntFpOrComplexTensor, []> {
  let summary = "elementwise division";
  let description = [{
    Spec: `divide`. Example:
    ```mlir
    %result = stablehlo.divide %lhs, %rhs : tensor<4xf32>
    ```
  }];
}

def StableHLO_MaximumOp : StableHLO_BinaryOp<"maximum", StableHLO_Tensor, StableHLO_Tensor, [Commutative]> {
  let summary = "elementwise maximum";
  let description = [{
    Spec: `maximum`. Example:
    ```mlir
    %result = stablehlo.maximum %lhs, %rhs : tensor<4xf32>
    ```
  }];
}

def StableHLO_MinimumOp : StableHLO_BinaryOp<"minimum", StableHLO_Tensor, StableHLO_Tensor, [Commutative]> {
  let summary = "elementwise minimum";
  let description = [{
    Spec: `minimum`. Example:
    ```mlir
    %result = stablehlo.minimum %lhs, %rhs : tensor<4xf32>
    ```
  }];
}

def StableHLO_MultiplyOp : StableHLO_BinaryOp<"multiply", StableHLO_Tensor, StableHLO_Tensor, [Commutative]> {
  let summary = "elementwise product (logical AND for booleans)";
  let description = [{
    Spec: `multiply`. Example:
    ```mlir
    %result = stablehlo.multiply %lhs, %rhs : tensor<2xi32>
    ```
  }];
}

def StableHLO_OrOp : StableHLO_BinaryOp<"or", StableHLO_PredOrIntTensor, StableHLO_PredOrIntTensor, [Commutative]> {
  let summary = "elementwise logical or bitwise OR";
  let description = [{
    Spec: `or`. Example:
    ```mlir
    %result = stablehlo.or %lhs, %rhs : tensor<2xi1>
    ```
  }];
}

def StableHLO_PowerOp : StableHLO_BinaryOp<"power", StableHLO_IntFpOrComplexTensor, StableHLO_IntFpOrComplexTensor, []> {
  let summary = "elementwise exponentiation";
  let description = [{
    Spec: `power`. Example:
    ```mlir
    %result = stablehlo.power %lhs, %rhs : tensor<6xf64>
    ```
  }];
}

def StableHLO_RemainderOp : StableHLO_BinaryOp<"remainder", StableHLO_IntFpOrComplexTensor, StableHLO_IntFpOrComplexTensor, []> {
  let summary = "elementwise remainder of division";
  let description = [{
    Spec: `remainder`. Example:
    ```mlir
    %result = stablehlo.remainder %lhs, %rhs : tensor<4xi64>
    ```
  }];
}

def StableHLO_ShiftLeftOp : StableHLO_BinaryOp<"shift_left", StableHLO_IntTensor, StableHLO_IntTensor, []> {
  let summary = "elementwise left shift";
  let description = [{
    Spec: `shift_left`. Example:
    ```mlir
    %result = stablehlo.shift_left %lhs, %rhs : tensor<3xi64>
    ```
  }];
}

def StableHLO_ShiftRightArithmeticOp : StableHLO_BinaryOp<"shift_right_arithmetic", StableHLO_IntTensor, StableHLO_IntTensor, []> {
  let summary = "elementwise arithmetic right shift";
  let description = [{
    Spec: `shift_right_arithmetic`. Example:
    ```mlir
    %result = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<3xi64>
    ```
  }];
}

def StableHLO_ShiftRightLogicalOp : StableHLO_BinaryOp<"shift_right_logical", StableHLO_IntTensor, StableHLO_IntTensor, []> {
  let summary = "elementwise logical right shift";
  let description = [{
    Spec: `shift_right_logical`. Example:
    ```mlir
    %result = stablehlo.shift_right_logical %lhs, %rhs : tensor<3xi64>
    ```
  }];
}

def StableHLO_SubtractOp : StableHLO_BinaryOp<"subtract", StableHLO_IntFpOrComplexTensor, StableHLO_IntFpOrComplexTensor, []> {
  let summary = "elementwise subtraction";
  let description = [{
    Spec: `subtract`. Example:
    ```mlir
    %result = stablehlo.subtract %lhs, %rhs : tensor<2xi32>
    ```
  }];
}

def StableHLO_XorOp : StableHLO_BinaryOp<"xor", StableHLO_PredOrIntTensor, StableHLO_PredOrIntTensor, [Commutative]> {
  let summary = "elementwise logical or bitwise XOR";
  let description = [{
    Spec: `xor`. Example:
    ```mlir
    %result = stablehlo.xor %lhs, %rhs : tensor<2xi32>
    ```
  }];
}
def StableHLO_ComplexOp : StableHLO_BinaryOp<"complex",
    RankedTensorOf<[F32, F64]>, RankedTensorOf<[StableHLO_Complex]>> {
  let summary = "elementwise complex number from real and imaginary parts";
  let description = [{
    Spec: `complex`. Example:
    ```mlir
    %result = stablehlo.complex %lhs, %rhs : tensor<2xcomplex<f64>>
    ```
  }];
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Other elementwise operations.
//===----------------------------------------------------------------------===//

def StableHLO_IsFiniteOp : StableHLO_Op<"is_finite", [Pure, Elementwise,
    SameOperandsAndResultShape, StableHLO_InferType]> {
  let summary = "elementwise check for finite values";
  let description = [{
    Spec: `is_finite`. Example:
    ```mlir
    %y = stablehlo.is_finite %x : (tensor<7xf64>) -> tensor<7xi1>
    ```
  }];
  let arguments = (ins StableHLO_FpTensor:$x);
  let results = (outs StableHLO_PredTensor:$y);
  let assemblyFormat = [{
    $x attr-dict `:` custom<SameOperandsAndResultType>(type($x), type($y))
  }];
}

def StableHLO_ConvertOp : StableHLO_Op<"convert", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "elementwise conversion of the element type";
  let description = [{
    Spec: `convert`. Example:
    ```mlir
    %result = stablehlo.convert %operand : (tensor<3xi64>) -> tensor<3xcomplex<f64>>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "reinterpretation of the bits of a tensor";
  let description = [{
    Spec: `bitcast_convert`. Example:
    ```mlir
    %result = stablehlo.bitcast_convert %operand : (tensor<f64>) -> tensor<4xf16>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def StableHLO_ReducePrecisionOp : StableHLO_Op<"reduce_precision", [Pure,
    Elementwise, SameOperandsAndResultShape, StableHLO_InferType]> {
  let summary = "elementwise rounding to a narrower floating-point format";
  let description = [{
    Spec: `reduce_precision`. Example:
    ```mlir
    %output = stablehlo.reduce_precision %operand, format = e5m10 : tensor<6xf64>
    ```
  }];
  let arguments = (ins StableHLO_FpTensor:$operand, I32Attr:$exponent_bits,
                       I32Attr:$mantissa_bits);
  let results = (outs StableHLO_FpTensor:$output);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
}

def StableHLO_UniformQuantizeOp : StableHLO_Op<"uniform_quantize", [Pure,
    Elementwise, SameOperandsAndResultShape]> {
  let summary = "elementwise quantization";
  let description = [{
    Spec: `uniform_quantize`. Example:
    ```mlir
    %result = stablehlo.uniform_quantize %operand : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
    ```
  }];
  let arguments = (ins RankedTensorOf<[StableHLO_Float, StableHLO_Quant]>:$operand);
  let results = (outs RankedTensorOf<[StableHLO_Quant]>:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def StableHLO_UniformDequantizeOp : StableHLO_Op<"uniform_dequantize", [Pure,
    Elementwise, SameOperandsAndResultShape]> {
  let summary = "elementwise dequantization";
  let description = [{
    Spec: `uniform_dequantize`. Example:
    ```mlir
    %result = stablehlo.uniform_dequantize %operand : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<[StableHLO_Quant]>:$operand);
  let results = (outs RankedTensorOf<[StableHLO_Float]>:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def StableHLO_CompareOp : StableHLO_Op<"compare", [Pure, Elementwise,
    SameOperandsAndResultShape, StableHLO_InferType]> {
  let summary = "elementwise comparison";
  let description = [{
    Spec: `compare`. `compare_type` may be left out. Example:
    ```mlir
    %result = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
                       StableHLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs StableHLO_PredTensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)?
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_SelectOp : StableHLO_Op<"select", [Pure, StableHLO_InferType]> {
  let summary = "elementwise choice between two tensors";
  let description = [{
    Spec: `select`. `pred` is a tensor of the result's shape or a scalar.
    Example:
    ```mlir
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<2x2xi1>, tensor<2x2xi32>
    ```
  }];
  let arguments = (ins StableHLO_PredTensor:$pred, StableHLO_Tensor:$on_true,
                       StableHLO_Tensor:$on_false);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
}

def StableHLO_ClampOp : StableHLO_Op<"clamp", [Pure, StableHLO_InferType]> {
  let summary = "elementwise clamp between a minimum and a maximum";
  let description = [{
    Spec: `clamp`. `min` and `max` are scalars or of the operand's shape.
    Example:
    ```mlir
    %result = stablehlo.clamp %min, %operand, %max : tensor<3xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$min, StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$max);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict
      `:` custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
}

def StableHLO_ConstantOp : StableHLO_Op<"constant", [ConstantLike, Pure,
    StableHLO_InferType]> {
  let summary = "constant tensor";
  let description = [{
    Spec: `constant`. Example:
    ```mlir
    %output = stablehlo.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs StableHLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOELEMENTWISEOPS_TD
