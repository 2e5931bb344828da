// The data movement ops, from the specification's examples (spec.md,
// "Examples") and their edge cases: indices out of range clamp.
// RUN: tfg-translate --interpret --split-input-file %s | FileCheck %s

// CHECK-LABEL: Evaluated results of function: concatenate
func.func @concatenate() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %b = stablehlo.constant dense<[[7, 8]]> : tensor<1x2xi64>
  %r = "stablehlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi64>
  %c = "stablehlo.concatenate"(%a, %a) {dimension = 1 : i64} : (tensor<3x2xi64>, tensor<3x2xi64>) -> tensor<3x4xi64>
  check.expect_eq_const %c, dense<[[1, 2, 1, 2], [3, 4, 3, 4], [5, 6, 5, 6]]> : tensor<3x4xi64>
  func.return
}

// CHECK-LABEL: Evaluated results of function: reverse
func.func @reverse() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %r = "stablehlo.reverse"(%a) {dimensions = array<i64: 1>} : (tensor<3x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[2, 1], [4, 3], [6, 5]]> : tensor<3x2xi32>
  %s = "stablehlo.reverse"(%a) {dimensions = array<i64: 0, 1>} : (tensor<3x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %s, dense<[[6, 5], [4, 3], [2, 1]]> : tensor<3x2xi32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: iota
func.func @iota() {
  %a = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x5xi32>
  check.expect_eq_const %a, dense<[[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [2, 2, 2, 2, 2], [3, 3, 3, 3, 3]]> : tensor<4x5xi32>
  %b = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x5xi32>
  check.expect_eq_const %b, dense<[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]> : tensor<4x5xi32>
  %c = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<3xf32>
  check.expect_eq_const %c, dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: reshape_transpose
func.func @reshape_transpose() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = stablehlo.reshape %a : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %t, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  %s = stablehlo.constant dense<7> : tensor<2x3xi32>
  %sr = stablehlo.reshape %s : (tensor<2x3xi32>) -> tensor<6xi32>
  check.expect_eq_const %sr, dense<7> : tensor<6xi32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: broadcast_in_dim
func.func @broadcast_in_dim() {
  %a = stablehlo.constant dense<[[1], [2], [3]]> : tensor<3x1xi32>
  %r = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1, 1], [2, 2], [3, 3]]> : tensor<3x2xi32>
  %b = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %s = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %s, dense<[[1, 2], [1, 2], [1, 2]]> : tensor<3x2xi32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: pad_slice
func.func @pad_slice() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.pad %a, %z, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
  check.expect_eq_const %p, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi32>
  %n = stablehlo.pad %a, %z, low = [0, -1], high = [0, -1], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x1xi32>
  check.expect_eq_const %n, dense<[[2], [5]]> : tensor<2x1xi32>
  %s = stablehlo.slice %p [0:5:2, 1:9:3] : (tensor<5x9xi32>) -> tensor<3x3xi32>
  check.expect_eq_const %s, dense<[[1, 2, 3], [4, 5, 6], [0, 0, 0]]> : tensor<3x3xi32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: dynamic_slice_clamps
func.func @dynamic_slice_clamps() {
  %a = stablehlo.constant dense<[[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<4x4xi32>
  %i0 = stablehlo.constant dense<-1> : tensor<i64>
  %i1 = stablehlo.constant dense<3> : tensor<i64>
  %r = "stablehlo.dynamic_slice"(%a, %i0, %i1) {slice_sizes = array<i64: 2, 2>} : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[1, 1, 0, 0], [1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1]]> : tensor<4x4xi32>
  %u = stablehlo.constant dense<1> : tensor<2x2xi32>
  %d = stablehlo.dynamic_update_slice %b, %u, %i0, %i1 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  check.expect_eq_const %d, dense<1> : tensor<4x4xi32>
  func.return
}

// -----

// CHECK-LABEL: Evaluated results of function: gather
func.func @gather() {
  %operand = stablehlo.constant dense<[[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]], [[[25, 26], [27, 28], [29, 30], [31, 32]], [[33, 34], [35, 36], [37, 38], [39, 40]], [[41, 42], [43, 44], [45, 46], [47, 48]]]]> : tensor<2x3x4x2xi32>
  %idx = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]], [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
  %r = "stablehlo.gather"(%operand, %idx) {
    dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>,
    slice_sizes = array<i64: 1, 1, 2, 2>, indices_are_sorted = false
  } : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  check.expect_eq_const %r, dense<[[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]], [[[33, 34], [35, 36]], [[35, 36], [37, 38]], [[41, 42], [43, 44]]]], [[[[1, 2], [3, 4]], [[13, 14], [15, 16]], [[21, 22], [23, 24]]], [[[43, 44], [45, 46]], [[33, 34], [35, 36]], [[27, 28], [29, 30]]]]]> : tensor<2x2x3x2x2xi32>
  func.return
}
