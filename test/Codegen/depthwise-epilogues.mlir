// COM: Depthwise convolutions (tfg_rt_depthwise_f32, with their zero fills,
// COM: input padding and epilogues folded into the call: bias, relu6, a
// COM: residual add, relu) equal the StableHLO interpreter (rtol 1e-4) on
// COM: channel counts that are not multiples of 8, strides 1 and 2, a
// COM: multiplier of 2 and asymmetric padding.
// RUN: tfg-run %s --backend=llvm --function=depthwise --check-interpreter | FileCheck %s
// CHECK-COUNT-4: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// LLVM-COUNT-4: llvm.call @tfg_rt_depthwise_f32(
// LLVM-NOT: llvm.call @tfg_rt_depthwise_conv2d_nhwc_hwcm_f32
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline --mlir-print-ir-after=tfg-linalg-to-ukernels -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOLDED
// COM: The fills, the padded copies and the epilogues are gone: the
// COM: function is the four calls and the copies to its results.
// FOLDED-LABEL: func.func @depthwise
// FOLDED-NOT: linalg.
// FOLDED-NOT: memref.subview
// FOLDED-COUNT-4: call @tfg_rt_depthwise_f32(
// FOLDED-NOT: linalg.
// FOLDED-NOT: memref.subview

module {
func.func @depthwise(%x: tensor<1x9x11x13xf32>, %k1: tensor<3x3x1x13xf32>, %b1: tensor<13xf32>, %k2: tensor<3x3x1x26xf32>, %b2: tensor<26xf32>, %y: tensor<1x8x8x16xf32>, %k3: tensor<3x3x1x16xf32>, %b3: tensor<16xf32>) -> (tensor<1x5x6x13xf32>, tensor<1x9x11x26xf32>, tensor<1x8x8x16xf32>, tensor<1x5x4x13xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<1x5x6x13xf32>
  %six = stablehlo.constant dense<6.0> : tensor<1x5x6x13xf32>
  // 3x3 stride 2, padded: bias, relu6.
  %c1 = stablehlo.convolution(%x, %k1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 13 : i64} : (tensor<1x9x11x13xf32>, tensor<3x3x1x13xf32>) -> tensor<1x5x6x13xf32>
  %bb1 = stablehlo.broadcast_in_dim %b1, dims = [3] : (tensor<13xf32>) -> tensor<1x5x6x13xf32>
  %a1 = stablehlo.add %c1, %bb1 : tensor<1x5x6x13xf32>
  %r1 = stablehlo.clamp %zero, %a1, %six : tensor<1x5x6x13xf32>
  // A multiplier of 2, stride 1, padded 2 on the left only: bias, relu.
  %c2 = stablehlo.convolution(%x, %k2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [2, 0]]} {batch_group_count = 1 : i64, feature_group_count = 13 : i64} : (tensor<1x9x11x13xf32>, tensor<3x3x1x26xf32>) -> tensor<1x9x11x26xf32>
  %bb2 = stablehlo.broadcast_in_dim %b2, dims = [3] : (tensor<26xf32>) -> tensor<1x9x11x26xf32>
  %a2 = stablehlo.add %c2, %bb2 : tensor<1x9x11x26xf32>
  %zero2 = stablehlo.constant dense<0.0> : tensor<1x9x11x26xf32>
  %r2 = stablehlo.maximum %a2, %zero2 : tensor<1x9x11x26xf32>
  // Bias, a residual add, relu.
  %c3 = stablehlo.convolution(%y, %k3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 16 : i64} : (tensor<1x8x8x16xf32>, tensor<3x3x1x16xf32>) -> tensor<1x8x8x16xf32>
  %bb3 = stablehlo.broadcast_in_dim %b3, dims = [3] : (tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %a3 = stablehlo.add %c3, %bb3 : tensor<1x8x8x16xf32>
  %s3 = stablehlo.add %a3, %y : tensor<1x8x8x16xf32>
  %zero3 = stablehlo.constant dense<0.0> : tensor<1x8x8x16xf32>
  %r3 = stablehlo.maximum %s3, %zero3 : tensor<1x8x8x16xf32>
  // Asymmetric padding (0 above and left, 2 below, 1 right), stride 2, no
  // epilogue.
  %c4 = stablehlo.convolution(%x, %k1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 3], pad = [[0, 2], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 13 : i64} : (tensor<1x9x11x13xf32>, tensor<3x3x1x13xf32>) -> tensor<1x5x4x13xf32>
  return %r1, %r2, %r3, %c4 : tensor<1x5x6x13xf32>, tensor<1x9x11x26xf32>, tensor<1x8x8x16xf32>, tensor<1x5x4x13xf32>
}
}
