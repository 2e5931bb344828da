// RUN: tfg-opt %s --stablehlo-to-linalg --split-input-file --verify-diagnostics

// COM: An op without a lowering is an error naming it, never a pass-through.
func.func @unsupported(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{stablehlo-to-linalg: 'stablehlo.cholesky' is not supported}}
  %0 = "stablehlo.cholesky"(%x) {lower = true} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @unsigned(%x: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{stablehlo-to-linalg: operand type 'tensor<4xui32>' has an element type the lowering does not support (floats and signless integers; unsigned ones only moved and converted)}}
  %0 = stablehlo.add %x, %x : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// COM: A convert reads unsigned elements but does not make them.
func.func @to_unsigned(%x: tensor<4xf32>) -> tensor<4xui8> {
  // expected-error @+1 {{stablehlo-to-linalg: result type 'tensor<4xui8>' has an element type the lowering does not support (floats and signless integers; unsigned ones only moved and converted)}}
  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// COM: `?` sizes at an op whose lowering does not take them.
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{stablehlo-to-linalg: operand type 'tensor<?xf32>' is not a static ranked tensor without bounds}}
  %0 = stablehlo.reverse %x, dims = [0] : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @total_order(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{stablehlo-to-linalg: TOTALORDER comparisons of floats are not supported}}
  %0 = stablehlo.compare LT, %x, %x, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @batch_groups(%x: tensor<2x4x4x1xf32>, %k: tensor<1x1x1x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{stablehlo-to-linalg: 'stablehlo.convolution' with batch_group_count > 1 is not supported}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x4x4x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @body(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    // expected-error @+1 {{stablehlo-to-linalg: 'stablehlo.reduce_precision' is not supported on 'f32'}}
    %c = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<f32>) -> tensor<f32>
    stablehlo.return %c : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// COM: Every buffer of the compiled program is bounded (1 GiB).
func.func @huge(%x: tensor<65536x65536xf32>) -> tensor<65536x65536xf32> {
  // expected-error @+1 {{stablehlo-to-linalg: operand type 'tensor<65536x65536xf32>' holds more than 1073741824 bytes}}
  %0 = stablehlo.add %x, %x : tensor<65536x65536xf32>
  return %0 : tensor<65536x65536xf32>
}

// -----

// COM: sort takes `?` sizes at rank 1 only.
func.func @sort_rank2(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{stablehlo-to-linalg: 'stablehlo.sort' of rank 2 with a `?` size is not supported (rank 1 only)}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// COM: An op in a while body without a lowering is an error at that op.
func.func @in_loop(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = stablehlo.while(%a = %x) : tensor<4x4xf32>
  cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    // expected-error @+1 {{stablehlo-to-linalg: 'stablehlo.cholesky' is not supported}}
    %c = "stablehlo.cholesky"(%a) {lower = true} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    stablehlo.return %c : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}
