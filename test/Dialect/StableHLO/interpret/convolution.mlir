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

// The specification's example (in f32: the interpreter convolves floats):
// the input dilated by 2 (zeros between its
// elements), then windows of 3x3 at stride 4.
// CHECK-LABEL: Evaluated results of function: conv_lhs_dilation
func.func @conv_lhs_dilation() {
  %lhs = stablehlo.constant dense<[[[[1.0], [2.0], [5.0], [6.0]], [[3.0], [4.0], [7.0], [8.0]], [[10.0], [11.0], [14.0], [15.0]], [[12.0], [13.0], [16.0], [17.0]]]]> : tensor<1x4x4x1xf32>
  %rhs = stablehlo.constant dense<1.0> : tensor<3x3x1x1xf32>
  %r = "stablehlo.convolution"(%lhs, %rhs) {
    window_strides = array<i64: 4, 4>,
    padding = dense<0> : tensor<2x2xi64>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  check.expect_eq_const %r, dense<[[[[10.0], [26.0]], [[46.0], [62.0]]]]> : tensor<1x2x2x1xf32>
  // With padding after the dilation (a transposed
  // convolution as Conv2DBackpropInput lowers to): [1, 0, 2] padded by one
  // zero each side, windows of 2.
  %a = stablehlo.constant dense<[[[[1.0], [2.0]]]]> : tensor<1x1x2x1xf32>
  %k = stablehlo.constant dense<[[[[1.0]], [[10.0]]]]> : tensor<1x2x1x1xf32>
  %t = "stablehlo.convolution"(%a, %k) {
    padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>,
    lhs_dilation = array<i64: 1, 2>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x1x2x1xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x4x1xf32>
  check.expect_eq_const %t, dense<[[[[10.0], [1.0], [20.0], [2.0]]]]> : tensor<1x1x4x1xf32>
  func.return
}

// window_reversal reverses the kernel along the marked spatial dimensions.
// CHECK-LABEL: Evaluated results of function: conv_window_reversal
func.func @conv_window_reversal() {
  %lhs = stablehlo.constant dense<[[[[1.0], [2.0], [3.0]]]]> : tensor<1x1x3x1xf32>
  %rhs = stablehlo.constant dense<[[[[1.0]], [[10.0]]]]> : tensor<1x2x1x1xf32>
  %r = "stablehlo.convolution"(%lhs, %rhs) {
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x1x3x1xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x1xf32>
  check.expect_eq_const %r, dense<[[[[21.0], [32.0]]]]> : tensor<1x1x2x1xf32>
  %s = "stablehlo.convolution"(%lhs, %rhs) {
    window_reversal = array<i1: false, true>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x1x3x1xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x1xf32>
  check.expect_eq_const %s, dense<[[[[12.0], [23.0]]]]> : tensor<1x1x2x1xf32>
  func.return
}
