// sort, the bit counts, bitcasts and complex parts: the specification's
// examples and edge cases.
// RUN: tfg-translate --interpret %s | FileCheck %s

// CHECK-LABEL: Evaluated results of function: sort
func.func @sort() {
  %input0 = stablehlo.constant dense<[[1, 2, 3], [3, 2, 1]]> : tensor<2x3xi64>
  %input1 = stablehlo.constant dense<[[3, 2, 1], [1, 2, 3]]> : tensor<2x3xi64>
  %r0, %r1 = "stablehlo.sort"(%input0, %input1) ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>):
    %p = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  check.expect_eq_const %r0, dense<[[3, 2, 3], [1, 2, 1]]> : tensor<2x3xi64>
  check.expect_eq_const %r1, dense<[[1, 2, 1], [3, 2, 3]]> : tensor<2x3xi64>
  // Along the last dimension, stable: equal keys keep their order.
  %k = stablehlo.constant dense<[3, 1, 2, 1, 3, 0]> : tensor<6xi32>
  %v = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %s0, %s1 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = -1 : i64, is_stable = true} : (tensor<6xi32>, tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>)
  check.expect_eq_const %s0, dense<[0, 1, 1, 2, 3, 3]> : tensor<6xi32>
  check.expect_eq_const %s1, dense<[5, 1, 3, 2, 0, 4]> : tensor<6xi32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: bit_counts
func.func @bit_counts() {
  %a = stablehlo.constant dense<[0, 1, 2, 127]> : tensor<4xi64>
  %p = stablehlo.popcnt %a : tensor<4xi64>
  check.expect_eq_const %p, dense<[0, 1, 1, 7]> : tensor<4xi64>
  %b = stablehlo.constant dense<[[0, 1], [128, -1]]> : tensor<2x2xi64>
  %c = stablehlo.count_leading_zeros %b : tensor<2x2xi64>
  check.expect_eq_const %c, dense<[[64, 63], [56, 0]]> : tensor<2x2xi64>
  %n = stablehlo.constant dense<[-1, 0, 1]> : tensor<3xi8>
  %pn = stablehlo.popcnt %n : tensor<3xi8>
  check.expect_eq_const %pn, dense<[8, 0, 1]> : tensor<3xi8>
  %cn = stablehlo.count_leading_zeros %n : tensor<3xi8>
  check.expect_eq_const %cn, dense<[0, 8, 7]> : tensor<3xi8>
  func.return
}

// CHECK-LABEL: Evaluated results of function: bitcast
func.func @bitcast() {
  %a = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %b = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2xi32>
  check.expect_eq_const %b, dense<[1065353216, -1073741824]> : tensor<2xi32>
  %c = stablehlo.bitcast_convert %b : (tensor<2xi32>) -> tensor<2xf32>
  check.expect_eq %c, %a : tensor<2xf32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: complex_parts
func.func @complex_parts() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %re = stablehlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %re, dense<[1.0, 3.0]> : tensor<2xf32>
  %im = stablehlo.imag %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %im, dense<[2.0, 4.0]> : tensor<2xf32>
  %l = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf64>
  %r = stablehlo.constant dense<[2.0, 4.0]> : tensor<2xf64>
  %c = stablehlo.complex %l, %r : tensor<2xcomplex<f64>>
  check.expect_eq_const %c, dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  func.return
}
