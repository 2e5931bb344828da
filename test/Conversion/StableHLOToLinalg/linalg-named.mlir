// RUN: tfg-opt %s --stablehlo-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x5xf32>) outs(%[[F]] : tensor<4x5xf32>)
// CHECK: linalg.batch_matmul ins(%arg2, %arg3 : tensor<3x4x8xf32>, tensor<3x8x2xf32>)
// COM: Other dimension numbers (floats): the lhs transposed, then a matmul.
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg1 : tensor<8x5xf32>) outs(%{{.*}} : tensor<5x8xf32>) permutation = [1, 0]
// CHECK: linalg.matmul ins(%[[T]], %arg4 : tensor<5x8xf32>, tensor<8x4xf32>)
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<3x4x8xf32>, %d: tensor<3x8x2xf32>, %e: tensor<8x4xf32>) -> (tensor<4x5xf32>, tensor<3x4x2xf32>, tensor<5x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x4x8xf32>, tensor<3x8x2xf32>) -> tensor<3x4x2xf32>
  %2 = stablehlo.dot_general %b, %e, contracting_dims = [0] x [0] : (tensor<8x5xf32>, tensor<8x4xf32>) -> tensor<5x4xf32>
  return %0, %1, %2 : tensor<4x5xf32>, tensor<3x4x2xf32>, tensor<5x4xf32>
}

// -----

// COM: A float dot_general contracting an inner dimension (selfie's resize):
// COM: lhs transposed to [free..., contracting] and reshaped, one matmul,
// COM: the result expanded back. Integers keep the linalg.generic.
// CHECK-LABEL: func.func @dot_inner
// CHECK: linalg.transpose ins(%arg0 : tensor<1x16x8x4xf32>) outs(%{{.*}} : tensor<1x8x4x16xf32>) permutation = [0, 2, 3, 1]
// CHECK: tensor.expand_shape {{.*}} into tensor<32x16xf32>
// CHECK: linalg.transpose ins(%arg1 : tensor<6x16xf32>) outs(%{{.*}} : tensor<16x6xf32>) permutation = [1, 0]
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<32x16xf32>, tensor<16x6xf32>) outs(%{{.*}} : tensor<32x6xf32>)
// CHECK: tensor.expand_shape {{.*}} into tensor<1x8x4x6xf32>
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x3x5xf32>, tensor<2x5x4xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.muli
// CHECK: arith.addi
func.func @dot_inner(%a: tensor<1x16x8x4xf32>, %b: tensor<6x16xf32>, %c: tensor<5x2x3xf32>, %d: tensor<2x4x5xf32>, %i: tensor<8x5xi32>, %j: tensor<8x4xi32>) -> (tensor<1x8x4x6xf32>, tensor<2x3x4xf32>, tensor<5x4xi32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<1x16x8x4xf32>, tensor<6x16xf32>) -> tensor<1x8x4x6xf32>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [1] x [0], contracting_dims = [0] x [2] : (tensor<5x2x3xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  %2 = stablehlo.dot_general %i, %j, contracting_dims = [0] x [0] : (tensor<8x5xi32>, tensor<8x4xi32>) -> tensor<5x4xi32>
  return %0, %1, %2 : tensor<1x8x4x6xf32>, tensor<2x3x4xf32>, tensor<5x4xi32>
}

// -----

// COM: NHWC/HWIO convolutions: padding with tensor.pad, then the named op.
// CHECK-LABEL: func.func @convs
// CHECK: tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// COM: Depthwise: the kernel [3, 3, 1, 8] seen as [3, 3, 4, 2].
// CHECK: tensor.expand_shape {{.*}} into tensor<3x3x4x2xf32>
// CHECK: linalg.depthwise_conv_2d_nhwc_hwcm
// CHECK: tensor.expand_shape {{.*}} into tensor<1x9x9x8xf32>
// COM: Two feature groups: a linalg.generic over the groups.
// CHECK: linalg.generic
// CHECK-SAME: "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"
func.func @convs(%x: tensor<1x9x9x4xf32>, %k: tensor<3x3x4x6xf32>, %dw: tensor<3x3x1x8xf32>, %g: tensor<2x2x2x6xf32>) -> (tensor<1x5x5x6xf32>, tensor<1x9x9x8xf32>, tensor<1x8x8x6xf32>) {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x5x5x6xf32>
  %1 = stablehlo.convolution(%x, %dw) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x1x8xf32>) -> tensor<1x9x9x8xf32>
  %2 = stablehlo.convolution(%x, %g) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x9x9x4xf32>, tensor<2x2x2x6xf32>) -> tensor<1x8x8x6xf32>
  return %0, %1, %2 : tensor<1x5x5x6xf32>, tensor<1x9x9x8xf32>, tensor<1x8x8x6xf32>
}

// -----

// COM: Max and sum pooling in NHWC are the named pooling ops; other
// COM: windows a linalg.generic whose window loops reduce.
// CHECK-LABEL: func.func @pools
// CHECK: %[[NINF:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: tensor.pad %arg0 low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK: linalg.pooling_nhwc_sum
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK: arith.maxsi
func.func @pools(%x: tensor<1x6x6x3xf32>, %i: tensor<4x6xi32>) -> (tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<2x3xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x6x6x3xf32>, tensor<f32>) -> tensor<1x3x3x3xf32>
  %1 = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x6x6x3xf32>, tensor<f32>) -> tensor<1x3x3x3xf32>
  %2 = "stablehlo.reduce_window"(%i, %izero) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %m = stablehlo.maximum %a, %b : tensor<i32>
      stablehlo.return %m : tensor<i32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xi32>, tensor<i32>) -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<2x3xi32>
}

// -----

// COM: reduce: parallel over the kept dimensions, the body inlined with
// COM: the accumulators first; two inputs give two outputs.
// CHECK-LABEL: func.func @reduces
// CHECK: linalg.fill
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf %out, %in
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xi32>)
// CHECK: arith.cmpf oge
// CHECK: arith.select
func.func @reduces(%x: tensor<4x5xf32>, %idx: tensor<4x5xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  %1:2 = stablehlo.reduce(%x init: %ninf), (%idx init: %izero) across dimensions = [1] : (tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %ge = stablehlo.compare GE, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %ge, %a, %c : tensor<i1>, tensor<f32>
    %i = stablehlo.select %ge, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %0, %1#0, %1#1 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}
