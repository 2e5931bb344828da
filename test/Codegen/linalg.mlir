// COM: dot_general, convolution, reduce and reduce_window compiled for the
// COM: host CPU equal the StableHLO interpreter (rtol 1e-4). The interpreter
// COM: runs no lhs_dilation or window_reversal: model-selfie.test checks
// COM: those (transposed convolutions) against TensorFlow.js.
// RUN: tfg-run %s --backend=llvm --function=dots --check-interpreter | FileCheck %s --check-prefix=DOT
// DOT-COUNT-3: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --function=dots_inner --check-interpreter | FileCheck %s --check-prefix=DOTI
// DOTI-COUNT-3: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --function=convs --check-interpreter | FileCheck %s --check-prefix=CONV
// CONV-COUNT-3: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --function=reductions --check-interpreter | FileCheck %s --check-prefix=RED
// RED-COUNT-5: result{{[0-9]}}: max_abs_diff={{.*}} ok

module {
func.func @dots(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<3x4x8xf32>, %d: tensor<3x8x2xf32>, %e: tensor<8x4xf32>) -> (tensor<4x5xf32>, tensor<3x4x2xf32>, tensor<5x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x4x8xf32>, tensor<3x8x2xf32>) -> tensor<3x4x2xf32>
  %2 = stablehlo.dot_general %b, %e, contracting_dims = [0] x [0] : (tensor<8x5xf32>, tensor<8x4xf32>) -> tensor<5x4xf32>
  return %0, %1, %2 : tensor<4x5xf32>, tensor<3x4x2xf32>, tensor<5x4xf32>
}

func.func @dots_inner(%a: tensor<1x16x8x4xf32>, %b: tensor<6x16xf32>, %c: tensor<5x2x3xf32>, %d: tensor<2x4x5xf32>, %i: tensor<8x5xi32>, %j: tensor<8x4xi32>) -> (tensor<1x8x4x6xf32>, tensor<2x3x4xf32>, tensor<5x4xi32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<1x16x8x4xf32>, tensor<6x16xf32>) -> tensor<1x8x4x6xf32>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [1] x [0], contracting_dims = [0] x [2] : (tensor<5x2x3xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  %2 = stablehlo.dot_general %i, %j, contracting_dims = [0] x [0] : (tensor<8x5xi32>, tensor<8x4xi32>) -> tensor<5x4xi32>
  return %0, %1, %2 : tensor<1x8x4x6xf32>, tensor<2x3x4xf32>, tensor<5x4xi32>
}

func.func @convs(%x: tensor<1x9x9x4xf32>, %k: tensor<3x3x4x6xf32>, %dw: tensor<3x3x1x8xf32>, %g: tensor<2x2x2x6xf32>) -> (tensor<1x4x4x6xf32>, tensor<1x9x9x8xf32>, tensor<1x8x8x6xf32>) {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x4x4x6xf32>
  %1 = stablehlo.convolution(%x, %dw) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x1x8xf32>) -> tensor<1x9x9x8xf32>
  %2 = stablehlo.convolution(%x, %g) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x9x9x4xf32>, tensor<2x2x2x6xf32>) -> tensor<1x8x8x6xf32>
  return %0, %1, %2 : tensor<1x4x4x6xf32>, tensor<1x9x9x8xf32>, tensor<1x8x8x6xf32>
}

func.func @reductions(%x: tensor<1x6x6x3xf32>, %i: tensor<4x5xi32>) -> (tensor<1x3xf32>, tensor<4xi32>, tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<4xi32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x6x6x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  %1 = stablehlo.reduce(%i init: %izero) applies stablehlo.maximum across dimensions = [1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %2 = "stablehlo.reduce_window"(%x, %ninf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x6x6x3xf32>, tensor<f32>) -> tensor<1x3x3x3xf32>
  %3 = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x6x6x3xf32>, tensor<f32>) -> tensor<1x3x3x3xf32>
  %4 = stablehlo.reduce(%i init: %izero) across dimensions = [1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<4xi32>
   reducer(%a: tensor<i32>, %b: tensor<i32>)  {
    %s = stablehlo.multiply %a, %b : tensor<i32>
    %t = stablehlo.add %a, %b : tensor<i32>
    %u = stablehlo.maximum %s, %t : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }
  return %0, %1, %2, %3, %4 : tensor<1x3xf32>, tensor<4xi32>, tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<4xi32>
}
}
