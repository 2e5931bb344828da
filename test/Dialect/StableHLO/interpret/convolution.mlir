// 2-D convolutions in several layouts, with padding, strides, kernel
// dilation and feature groups.
// RUN: tfg-translate --interpret %s | FileCheck %s

// CHECK-LABEL: Evaluated results of function: conv_nchw
func.func @conv_nchw() {
  %lhs = stablehlo.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>
  %rhs = stablehlo.constant dense<1.0> : tensor<1x1x2x2xf32>
  %r = "stablehlo.convolution"(%lhs, %rhs) {
    window_strides = array<i64: 1, 1>,
    padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>,
    dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x3x2xf32>
  check.expect_eq_const %r, dense<[[[[3.0, 5.0], [12.0, 16.0], [24.0, 28.0]]]]> : tensor<1x1x3x2xf32>
  // Stride 2 and a dilated kernel: the window reads rows and columns 0 and 2.
  %s = "stablehlo.convolution"(%lhs, %rhs) {
    window_strides = array<i64: 2, 2>,
    rhs_dilation = array<i64: 2, 2>,
    dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  check.expect_eq_const %s, dense<20.0> : tensor<1x1x1x1xf32>
  func.return
}

// Two feature groups (a depthwise convolution), NHWC with HWIO kernels.
// CHECK-LABEL: Evaluated results of function: conv_groups
func.func @conv_groups() {
  %lhs = stablehlo.constant dense<[[[[1.0, 10.0], [2.0, 20.0]]]]> : tensor<1x1x2x2xf32>
  %rhs = stablehlo.constant dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>
  %r = "stablehlo.convolution"(%lhs, %rhs) {
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 2 : i64
  } : (tensor<1x1x2x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x2x2xf32>
  check.expect_eq_const %r, dense<[[[[1.0, 20.0], [2.0, 40.0]]]]> : tensor<1x1x2x2xf32>
  func.return
}
