// A failed check, an op that does not run and the interpreter's bounds are
// errors at their locations; the other functions still run, and the
// translation fails.
// RUN: not tfg-translate --interpret --interpret-max-while-iterations=5 %s 2>&1 | FileCheck %s

// CHECK-DAG: errors.mlir:[[@LINE+4]]:3: error: 'check.expect_eq_const' failed:
func.func @failing_check() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %b, dense<[2, 5]> : tensor<2xi32>
  func.return
}

// CHECK-DAG: errors.mlir:[[@LINE+4]]:3: error: 'check.expect_almost_eq_const' failed:
func.func @failing_almost_eq() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.add %a, %a : tensor<2xf32>
  check.expect_almost_eq_const %b, dense<[2.0, 4.1]> : tensor<2xf32>
  func.return
}

// CHECK-DAG: errors.mlir:[[@LINE+3]]:8: error: 'stablehlo.cholesky' is not supported by the interpreter
func.func @unsupported() {
  %a = stablehlo.constant dense<[[4.0, 2.0], [2.0, 3.0]]> : tensor<2x2xf32>
  %b = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// CHECK-DAG: errors.mlir:[[@LINE+4]]:8: error: the interpreter's while iteration limit (5) is reached
func.func @endless() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.while"(%z) ({
  ^bb0(%x: tensor<i64>):
    stablehlo.return %t : tensor<i1>
  }, {
  ^bb0(%x: tensor<i64>):
    stablehlo.return %x : tensor<i64>
  }) : (tensor<i64>) -> tensor<i64>
  func.return
}

func.func private @self(%x: tensor<i64>) -> tensor<i64> {
  %r = func.call @self(%x) : (tensor<i64>) -> tensor<i64>
  func.return %r : tensor<i64>
}

// CHECK-DAG: error: the interpreter's call depth limit (64) is reached
func.func @recursion() {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %r = func.call @self(%z) : (tensor<i64>) -> tensor<i64>
  func.return
}

// CHECK-DAG: Evaluated results of function: passing
func.func @passing() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %a, dense<1> : tensor<i32>
  func.return
}

// Batch groups do not run yet.
// CHECK-DAG: errors.mlir:[[@LINE+4]]:8: error: the interpreter runs 'stablehlo.convolution' with two spatial dimensions and batch_group_count 1 only
func.func @conv_batch_groups() {
  %lhs = stablehlo.constant dense<1.0> : tensor<2x1x1x1xf32>
  %rhs = stablehlo.constant dense<1.0> : tensor<1x1x1x2xf32>
  %r = "stablehlo.convolution"(%lhs, %rhs) {
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 2 : i64, feature_group_count = 1 : i64
  } : (tensor<2x1x1x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  func.return
}
