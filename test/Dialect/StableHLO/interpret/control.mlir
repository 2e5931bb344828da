// Functions, calls and the region ops: while, if, case (an index out of
// range takes the last branch), and bodies that run per element.
// RUN: tfg-translate --interpret %s | FileCheck %s

// spec.md's "while" example: nine iterations from i = 1 (the spec's
// comment says 10 for the sum, one more than the program computes).
// CHECK-LABEL: Evaluated results of function: while_sum
func.func @while_sum() {
  %init_i = stablehlo.constant dense<1> : tensor<i64>
  %init_sum = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %r0, %r1 = "stablehlo.while"(%init_i, %init_sum) ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %cond = "stablehlo.compare"(%arg0, %ten) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %cond : tensor<i1>
  }, {
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %new_sum = stablehlo.add %arg1, %one : tensor<i64>
    %new_i = stablehlo.add %arg0, %one : tensor<i64>
    stablehlo.return %new_i, %new_sum : tensor<i64>, tensor<i64>
  }) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  check.expect_eq_const %r0, dense<10> : tensor<i64>
  check.expect_eq_const %r1, dense<9> : tensor<i64>
  func.return
}

// CHECK-LABEL: Evaluated results of function: if_case
func.func @if_case() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %b0 = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %b1 = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
  %r = "stablehlo.if"(%t) ({
    "stablehlo.return"(%b0) : (tensor<2xi64>) -> ()
  }, {
    "stablehlo.return"(%b1) : (tensor<2xi64>) -> ()
  }) : (tensor<i1>) -> tensor<2xi64>
  check.expect_eq_const %r, dense<0> : tensor<2xi64>
  %index = stablehlo.constant dense<-1> : tensor<i32>
  %c0, %c1 = "stablehlo.case"(%index) ({
    "stablehlo.return"(%b0, %b0) : (tensor<2xi64>, tensor<2xi64>) -> ()
  }, {
    "stablehlo.return"(%b1, %b1) : (tensor<2xi64>, tensor<2xi64>) -> ()
  }) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %c0, dense<1> : tensor<2xi64>
  check.expect_eq_const %c1, dense<1> : tensor<2xi64>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %d = "stablehlo.case"(%zero) ({
    "stablehlo.return"(%b0) : (tensor<2xi64>) -> ()
  }, {
    "stablehlo.return"(%b1) : (tensor<2xi64>) -> ()
  }) : (tensor<i32>) -> tensor<2xi64>
  check.expect_eq_const %d, dense<0> : tensor<2xi64>
  func.return
}

func.func private @square(%x: tensor<3xf32>) -> tensor<3xf32> {
  %r = stablehlo.multiply %x, %x : tensor<3xf32>
  func.return %r : tensor<3xf32>
}

// A function with arguments only runs when called.
// CHECK-NOT: Evaluated results of function: square
// CHECK-LABEL: Evaluated results of function: call
// CHECK-NEXT: dense<[1.000000e+00, 4.000000e+00, 9.000000e+00]> : tensor<3xf32>
func.func @call() -> tensor<3xf32> {
  %a = stablehlo.constant dense<[1.0, -2.0, 3.0]> : tensor<3xf32>
  %r = func.call @square(%a) : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[1.0, 4.0, 9.0]> : tensor<3xf32>
  func.return %r : tensor<3xf32>
}

// CHECK-LABEL: Evaluated results of function: reduce
func.func @reduce() {
  %input = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5]]> : tensor<1x6xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  check.expect_eq_const %r, dense<15> : tensor<1xi64>
  // A body that is not one op: runs per element, in row-major order.
  %s = "stablehlo.reduce"(%input, %init) ({
  ^bb0(%acc: tensor<i64>, %x: tensor<i64>):
    %sq = stablehlo.multiply %x, %x : tensor<i64>
    %sum = stablehlo.add %acc, %sq : tensor<i64>
    stablehlo.return %sum : tensor<i64>
  }) {dimensions = array<i64: 0, 1>} : (tensor<1x6xi64>, tensor<i64>) -> tensor<i64>
  check.expect_eq_const %s, dense<55> : tensor<i64>
  %m = stablehlo.constant dense<[[1.0, 5.0], [3.0, 2.0]]> : tensor<2x2xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %mx = stablehlo.reduce(%m init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %mx, dense<[3.0, 5.0]> : tensor<2xf32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: reduce_window
func.func @reduce_window() {
  %input = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.reduce_window"(%input, %init) ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    window_dimensions = array<i64: 2, 1>,
    window_strides = array<i64: 4, 1>,
    base_dilations = array<i64: 2, 1>,
    window_dilations = array<i64: 3, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[0, 0], [3, 4]]> : tensor<2x2xi64>
  func.return
}

// CHECK-LABEL: Evaluated results of function: map
func.func @map() {
  %a = stablehlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>
  %b = stablehlo.constant dense<[[4, 5], [6, 7]]> : tensor<2x2xi64>
  %r = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %0 = stablehlo.multiply %x, %y : tensor<i64>
    stablehlo.return %0 : tensor<i64>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[0, 5], [12, 21]]> : tensor<2x2xi64>
  func.return
}

// CHECK-LABEL: Evaluated results of function: dot
func.func @dot() {
  %lhs = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
  %rhs = stablehlo.constant dense<[[[1, 0], [0, 1]], [[1, 0], [0, 1]]]> : tensor<2x2x2xi64>
  %r = "stablehlo.dot_general"(%lhs, %rhs) {
    dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>
  } : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  check.expect_eq_const %r, dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %v = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %d = "stablehlo.dot"(%a, %v) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %d, dense<[3.0, 7.0]> : tensor<2xf32>
  func.return
}

// An update whose index is out of bounds is skipped; duplicates combine.
// CHECK-LABEL: Evaluated results of function: scatter
func.func @scatter() {
  %input = stablehlo.constant dense<0> : tensor<4xi64>
  %idx = stablehlo.constant dense<[[1], [5], [1], [-1]]> : tensor<4x1xi64>
  %upd = stablehlo.constant dense<[10, 20, 30, 40]> : tensor<4xi64>
  %r = "stablehlo.scatter"(%input, %idx, %upd) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<4xi64>, tensor<4x1xi64>, tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq_const %r, dense<[0, 40, 0, 0]> : tensor<4xi64>
  func.return
}

// Gather clamps its start indices.
// CHECK-LABEL: Evaluated results of function: gather_clamps
func.func @gather_clamps() {
  %operand = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %idx = stablehlo.constant dense<[[-5], [3], [100]]> : tensor<3x1xi32>
  %r = "stablehlo.gather"(%operand, %idx) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 2>
  } : (tensor<4xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [3, 4]]> : tensor<3x2xi32>
  func.return
}
