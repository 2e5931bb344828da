// COM: Two convolutions of the same output shape, each followed by a bias add
// COM: and relu: CSE merges their zero fills, the pipeline gives each its own
// COM: again (tfg-unshare-fills), and both become fused kernel calls.
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline | FileCheck %s
// CHECK-LABEL: llvm.func @main(
// CHECK-COUNT-2: llvm.call @tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(
// CHECK-NOT: llvm.call @tfg_rt_conv2d_nhwc_hwcf_f32(
func.func @main(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x4xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<1x6x6x4xf32>
  %zero2 = stablehlo.constant dense<0.0> : tensor<1x4x4x4xf32>
  %c1 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32>
  %bb1 = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<4xf32>) -> tensor<1x6x6x4xf32>
  %a1 = stablehlo.add %c1, %bb1 : tensor<1x6x6x4xf32>
  %r1 = stablehlo.maximum %a1, %zero : tensor<1x6x6x4xf32>
  %c2 = stablehlo.convolution(%r1, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x4x4x4xf32>
  %bb2 = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %a2 = stablehlo.add %c2, %bb2 : tensor<1x4x4x4xf32>
  %r2 = stablehlo.maximum %a2, %zero2 : tensor<1x4x4x4xf32>
  return %r2 : tensor<1x4x4x4xf32>
}
