//===- StableHLOLinalgOps.td - contractions and numerics ---*- tablegen -*-===//
//
// Dot products, convolutions, FFT, linear algebra, batch normalization and
// random number generation.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOLINALGOPS_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOLINALGOPS_TD

include "tfg/Dialect/StableHLO/StableHLOBase.td"

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure]> {
  let summary = "generalized dot product";
  let description = [{
    Spec: `dot_general`. Example:
    ```mlir
    %result = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
                       StableHLO_DotDimensionNumbers:$dot_dimension_numbers,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config,
                       OptionalAttr<StableHLO_DotAlgorithm>:$algorithm);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers) ``
      custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DotOp : StableHLO_Op<"dot", [Pure]> {
  let summary = "dot product of vectors and matrices (legacy)";
  let description = [{
    Not in the specification any more; StableHLO's tools still write it.
    Vector-vector, matrix-vector and matrix-matrix products. Example:
    ```mlir
    %0 = stablehlo.dot %arg0, %arg1 : (tensor<1x2xi32>, tensor<2x1xi32>) -> tensor<1x1xi32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
}

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure]> {
  let summary = "convolution";
  let description = [{
    Spec: `convolution`. Missing strides and dilations are 1, missing padding
    0, missing reversal false. Example:
    ```mlir
    %result = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [0, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
    ```
  }];
  let arguments = (ins
    StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
    OptionalAttr<DenseI64ArrayAttr>:$window_strides,
    OptionalAttr<I64ElementsAttr>:$padding,
    OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
    OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
    OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
    StableHLO_ConvDimensionNumbers:$dimension_numbers,
    I64Attr:$feature_group_count,
    I64Attr:$batch_group_count,
    OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    `(` operands `)`
      `dim_numbers` `=` custom<ConvDimensions>($dimension_numbers) `,`
      `window` `=` `{` custom<WindowAttributes>($window_strides, $padding,
                                                $lhs_dilation, $rhs_dilation,
                                                $window_reversal) `}`
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution with padding given at run time";
  let description = [{
    Spec: `dynamic_conv`. `padding` is an operand. Example:
    ```mlir
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
      window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>,
      rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>,
      dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
      feature_group_count = 1 : i64, batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
    ```
  }];
  let arguments = (ins
    StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
    RankedTensorOf<[StableHLO_Int]>:$padding,
    OptionalAttr<DenseI64ArrayAttr>:$window_strides,
    OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
    OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
    OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
    StableHLO_ConvDimensionNumbers:$dimension_numbers,
    I64Attr:$feature_group_count,
    I64Attr:$batch_group_count,
    OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_FftOp : StableHLO_Op<"fft", [Pure]> {
  let summary = "fast Fourier transform";
  let description = [{
    Spec: `fft`. Example:
    ```mlir
    %result = stablehlo.fft %operand, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    ```
  }];
  let arguments = (ins StableHLO_FpOrComplexTensor:$operand,
                       StableHLO_FftTypeAttr:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs StableHLO_FpOrComplexTensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=` custom<Dims>($fft_length)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_CholeskyOp : StableHLO_Op<"cholesky", [Pure,
    StableHLO_InferType]> {
  let summary = "Cholesky decomposition of a batch of matrices";
  let description = [{
    Spec: `cholesky`. Example:
    ```mlir
    %result = stablehlo.cholesky %a, lower = true : tensor<3x3xf64>
    ```
  }];
  let arguments = (ins StableHLO_FpOrComplexTensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs StableHLO_FpOrComplexTensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict `:` custom<SameOperandsAndResultType>(type($a), type($result))
  }];
}

def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve", [Pure,
    StableHLO_InferType]> {
  let summary = "solution of triangular systems of linear equations";
  let description = [{
    Spec: `triangular_solve`. Example:
    ```mlir
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true, lower = true, unit_diagonal = false,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>
    } : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins StableHLO_FpOrComplexTensor:$a,
                       StableHLO_FpOrComplexTensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower,
                       BoolAttr:$unit_diagonal,
                       StableHLO_TransposeAttr:$transpose_a);
  let results = (outs StableHLO_FpOrComplexTensor:$result);
  let hasVerifier = 1;
}

def StableHLO_BatchNormGradOp : StableHLO_Op<"batch_norm_grad", [Pure,
    StableHLO_InferType]> {
  let summary = "gradients of batch normalization";
  let description = [{
    Spec: `batch_norm_grad`. Example:
    ```mlir
    %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
    ```
  }];
  let arguments = (ins StableHLO_FpTensor:$operand, StableHLO_FpTensor:$scale,
                       StableHLO_FpTensor:$mean, StableHLO_FpTensor:$variance,
                       StableHLO_FpTensor:$grad_output, F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs StableHLO_FpTensor:$grad_operand,
                      StableHLO_FpTensor:$grad_scale,
                      StableHLO_FpTensor:$grad_offset);
  let hasVerifier = 1;
}

def StableHLO_BatchNormInferenceOp : StableHLO_Op<"batch_norm_inference", [
    Pure, StableHLO_InferType]> {
  let summary = "batch normalization with given mean and variance";
  let description = [{
    Spec: `batch_norm_inference`. Example:
    ```mlir
    %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
    ```
  }];
  let arguments = (ins StableHLO_FpTensor:$operand, StableHLO_FpTensor:$scale,
                       StableHLO_FpTensor:$offset, StableHLO_FpTensor:$mean,
                       StableHLO_FpTensor:$variance, F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs StableHLO_FpTensor:$result);
  let hasVerifier = 1;
}

def StableHLO_BatchNormTrainingOp : StableHLO_Op<"batch_norm_training", [
    Pure, StableHLO_InferType]> {
  let summary = "batch normalization with the batch's mean and variance";
  let description = [{
    Spec: `batch_norm_training`. Example:
    ```mlir
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
    ```
  }];
  let arguments = (ins StableHLO_FpTensor:$operand, StableHLO_FpTensor:$scale,
                       StableHLO_FpTensor:$offset, F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs StableHLO_FpTensor:$output,
                      StableHLO_FpTensor:$batch_mean,
                      StableHLO_FpTensor:$batch_var);
  let hasVerifier = 1;
}

def StableHLO_RngOp : StableHLO_Op<"rng", []> {
  let summary = "random numbers of a distribution";
  let description = [{
    Spec: `rng`. Example:
    ```mlir
    %result = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I1, StableHLO_Int, StableHLO_Float]>:$a,
                       0DTensorOf<[I1, StableHLO_Int, StableHLO_Float]>:$b,
                       StableHLO_DimensionTensor:$shape,
                       StableHLO_RngDistributionAttr:$rng_distribution);
  let results = (outs RankedTensorOf<[I1, StableHLO_Int, StableHLO_Float]>:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "random bits and the next generator state";
  let description = [{
    Spec: `rng_bit_generator`. Example:
    ```mlir
    %output_state, %output = stablehlo.rng_bit_generator %initial_state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
    ```
  }];
  let arguments = (ins StableHLO_RngAlgorithmAttr:$rng_algorithm,
                       StableHLO_Tensor:$initial_state);
  let results = (outs StableHLO_Tensor:$output_state,
                      StableHLO_Tensor:$output);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict
      `:` functional-type(operands, results)
  }];
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOLINALGOPS_TD
