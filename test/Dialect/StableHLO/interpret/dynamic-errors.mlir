// Run-time shapes that break the program's types or the interpreter's
// bounds are errors at the op.
// RUN: not tfg-translate --interpret %s 2>&1 | FileCheck %s

// CHECK-DAG: dynamic-errors.mlir:[[@LINE+5]]:8: error: 'stablehlo.dynamic_reshape': result 0 has shape [6] at run time, which its type 'tensor<5xi64>' does not admit
func.func @wrong_static_size() {
  %a = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
  %s = stablehlo.constant dense<[6]> : tensor<1xi64>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<6xi64>, tensor<1xi64>) -> tensor<?xi64>
  %b = stablehlo.dynamic_reshape %r, %s : (tensor<?xi64>, tensor<1xi64>) -> tensor<5xi64>
  func.return
}

// CHECK-DAG: dynamic-errors.mlir:[[@LINE+3]]:8: error: 'stablehlo.dynamic_iota': the result shape [-1] is negative or above the interpreter's element limit
func.func @negative_size() {
  %s = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xi64>
  func.return
}

// CHECK-DAG: dynamic-errors.mlir:[[@LINE+4]]:8: error: 'stablehlo.dynamic_broadcast_in_dim': the result shape [4611686018427387904, 4] is negative or above the interpreter's element limit
func.func @huge() {
  %x = stablehlo.constant dense<1> : tensor<i32>
  %s = stablehlo.constant dense<[4611686018427387904, 4]> : tensor<2xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [] : (tensor<i32>, tensor<2xi64>) -> tensor<?x?xi32>
  func.return
}

// CHECK-DAG: dynamic-errors.mlir:[[@LINE+6]]:8: error: 'stablehlo.dynamic_pad': pad: invalid padding of dimension 0
func.func @cut_too_much() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %cut = stablehlo.constant dense<[-3]> : tensor<1xi64>
  %none = stablehlo.constant dense<[0]> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %a, %z, %cut, %none, %none : (tensor<2xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  func.return
}
