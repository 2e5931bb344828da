// The ops whose result shape an operand gives (spec.md, "dynamic_pad",
// "dynamic_reshape", "dynamic_broadcast_in_dim", "dynamic_iota",
// "get_dimension_size"), on `?` types: the interpreter computes the shapes
// when it runs, and checks every result against its type.
// RUN: tfg-translate --interpret %s | FileCheck %s

// CHECK-LABEL: Evaluated results of function: dynamic_pad
func.func @dynamic_pad() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %low = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %interior = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_pad %a, %z, %low, %high, %interior : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
  check.expect_eq_const %r, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi64>
  // Negative edges cut: the first row and the last column, to a `?` type.
  %cutLow = stablehlo.constant dense<[-1, 0]> : tensor<2xi64>
  %cutHigh = stablehlo.constant dense<[0, -1]> : tensor<2xi64>
  %none = stablehlo.constant dense<0> : tensor<2xi64>
  %c = stablehlo.dynamic_pad %a, %z, %cutLow, %cutHigh, %none : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %cs = stablehlo.reshape %c : (tensor<?x?xi64>) -> tensor<1x2xi64>
  check.expect_eq_const %cs, dense<[[4, 5]]> : tensor<1x2xi64>
  // Cut to nothing.
  %all = stablehlo.constant dense<[-2, 0]> : tensor<2xi64>
  %e = stablehlo.dynamic_pad %a, %z, %all, %none, %none : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x3xi64>
  %n = stablehlo.get_dimension_size %e, dim = 0 : (tensor<?x3xi64>) -> tensor<i32>
  check.expect_eq_const %n, dense<0> : tensor<i32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: dynamic_reshape
func.func @dynamic_reshape() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %t = stablehlo.constant dense<[6]> : tensor<1xi32>
  %f = stablehlo.dynamic_reshape %a, %t : (tensor<2x3xi64>, tensor<1xi32>) -> tensor<?xi64>
  %g = stablehlo.add %f, %f : tensor<?xi64>
  %gs = stablehlo.reshape %g : (tensor<?xi64>) -> tensor<6xi64>
  check.expect_eq_const %gs, dense<[2, 4, 6, 8, 10, 12]> : tensor<6xi64>
  func.return
}

// CHECK-LABEL: Evaluated results of function: dynamic_broadcast_in_dim
func.func @dynamic_broadcast_in_dim() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi64>
  %s = stablehlo.constant dense<[2, 3, 2]> : tensor<3xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2, 1] : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  check.expect_eq_const %r, dense<[[[1, 1], [2, 2], [3, 3]], [[1, 1], [2, 2], [3, 3]]]> : tensor<2x3x2xi64>
  %x = stablehlo.constant dense<7> : tensor<i32>
  %t = stablehlo.constant dense<[3]> : tensor<1xi64>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %t, dims = [] : (tensor<i32>, tensor<1xi64>) -> tensor<?xi32>
  %bs = stablehlo.reshape %b : (tensor<?xi32>) -> tensor<3xi32>
  check.expect_eq_const %bs, dense<7> : tensor<3xi32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: dynamic_iota
func.func @dynamic_iota() {
  %s = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<4x5xi64>
  check.expect_eq_const %r, dense<[[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [2, 2, 2, 2, 2], [3, 3, 3, 3, 3]]> : tensor<4x5xi64>
  %t = stablehlo.constant dense<[3]> : tensor<1xi64>
  %i = stablehlo.dynamic_iota %t, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %is = stablehlo.reshape %i : (tensor<?xf32>) -> tensor<3xf32>
  check.expect_eq_const %is, dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  func.return
}

// COM: `?` sizes flow through elementwise ops, gather, sort, reduce, slices
// COM: and function calls; the sizes are the values'.
func.func private @count_positive(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<i64>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %n64 = stablehlo.convert %n : (tensor<i32>) -> tensor<i64>
  %shape = stablehlo.reshape %n64 : (tensor<i64>) -> tensor<1xi64>
  %zs = stablehlo.dynamic_broadcast_in_dim %z, %shape, dims = [] : (tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  %p = stablehlo.compare GT, %x, %zs : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
  %one = stablehlo.convert %p : (tensor<?xi1>) -> tensor<?xi64>
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %count = stablehlo.reduce(%one init: %c0) applies stablehlo.add across dimensions = [0] : (tensor<?xi64>, tensor<i64>) -> tensor<i64>
  %sorted = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<?xf32>) -> tensor<?xf32>
  %low = stablehlo.constant dense<[0]> : tensor<1xi64>
  %cut = stablehlo.subtract %count, %n64 : tensor<i64>
  %high = stablehlo.reshape %cut : (tensor<i64>) -> tensor<1xi64>
  %top = stablehlo.dynamic_pad %sorted, %z, %low, %high, %low : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  func.return %top, %count : tensor<?xf32>, tensor<i64>
}

// CHECK-LABEL: Evaluated results of function: flow
func.func @flow() {
  %a = stablehlo.constant dense<[-1.0, 3.0, 0.0, 2.0, 5.0]> : tensor<5xf32>
  %low = stablehlo.constant dense<[0]> : tensor<1xi64>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %x = stablehlo.dynamic_pad %a, %z, %low, %low, %low : (tensor<5xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %top, %count = func.call @count_positive(%x) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<i64>)
  check.expect_eq_const %count, dense<3> : tensor<i64>
  %t = stablehlo.reshape %top : (tensor<?xf32>) -> tensor<3xf32>
  check.expect_eq_const %t, dense<[5.0, 3.0, 2.0]> : tensor<3xf32>
  func.return
}
