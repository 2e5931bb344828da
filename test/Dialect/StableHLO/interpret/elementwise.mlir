// The elementwise ops: the specification's examples and the edge cases
// StableHLO defines (integer overflow wraps, division by zero, NaN,
// rounding, shifts out of range, signed zeros).
// RUN: tfg-translate --interpret %s | FileCheck %s

// CHECK-LABEL: Evaluated results of function: add
func.func @add() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %r = stablehlo.add %a, %b : tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[6, 8], [10, 12]]> : tensor<2x2xi32>
  %m = stablehlo.constant dense<2147483647> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %w = stablehlo.add %m, %one : tensor<i32>
  check.expect_eq_const %w, dense<-2147483648> : tensor<i32>
  %t = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %u = stablehlo.constant dense<[true, true]> : tensor<2xi1>
  %o = stablehlo.add %t, %u : tensor<2xi1>
  check.expect_eq_const %o, dense<[true, true]> : tensor<2xi1>
  func.return
}

// CHECK-LABEL: Evaluated results of function: arithmetic
func.func @arithmetic() {
  %a = stablehlo.constant dense<[17, -17, 17, -17]> : tensor<4xi64>
  %b = stablehlo.constant dense<[3, 3, -3, -3]> : tensor<4xi64>
  %d = stablehlo.divide %a, %b : tensor<4xi64>
  check.expect_eq_const %d, dense<[5, -5, -5, 5]> : tensor<4xi64>
  %r = stablehlo.remainder %a, %b : tensor<4xi64>
  check.expect_eq_const %r, dense<[2, -2, 2, -2]> : tensor<4xi64>
  %s = stablehlo.subtract %a, %b : tensor<4xi64>
  check.expect_eq_const %s, dense<[14, -20, 20, -14]> : tensor<4xi64>
  %m = stablehlo.multiply %a, %b : tensor<4xi64>
  check.expect_eq_const %m, dense<[51, -51, -51, 51]> : tensor<4xi64>
  %x = stablehlo.constant dense<[-2, -1, 0, 1, 2]> : tensor<5xi32>
  %e = stablehlo.constant dense<[-1, -2, 3, -7, 3]> : tensor<5xi32>
  %p = stablehlo.power %x, %e : tensor<5xi32>
  check.expect_eq_const %p, dense<[0, 1, 0, 1, 8]> : tensor<5xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %dz = stablehlo.divide %five, %zero : tensor<i32>
  check.expect_eq_const %dz, dense<-1> : tensor<i32>
  %rz = stablehlo.remainder %five, %zero : tensor<i32>
  check.expect_eq_const %rz, dense<5> : tensor<i32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: floats
func.func @floats() {
  %a = stablehlo.constant dense<[0.0, -0.0, 0x7FC00000, 1.0]> : tensor<4xf32>
  %b = stablehlo.constant dense<[-0.0, 0.0, 1.0, 0x7FC00000]> : tensor<4xf32>
  %mx = stablehlo.maximum %a, %b : tensor<4xf32>
  check.expect_eq_const %mx, dense<[0.0, 0.0, 0x7FC00000, 0x7FC00000]> : tensor<4xf32>
  %mn = stablehlo.minimum %a, %b : tensor<4xf32>
  check.expect_eq_const %mn, dense<[-0.0, -0.0, 0x7FC00000, 0x7FC00000]> : tensor<4xf32>
  %h = stablehlo.constant dense<[-2.5, 0.4, 0.5, 0.6, 2.5]> : tensor<5xf64>
  %re = stablehlo.round_nearest_even %h : tensor<5xf64>
  check.expect_eq_const %re, dense<[-2.0, 0.0, 0.0, 1.0, 2.0]> : tensor<5xf64>
  %ra = stablehlo.round_nearest_afz %h : tensor<5xf64>
  check.expect_eq_const %ra, dense<[-3.0, 0.0, 1.0, 1.0, 3.0]> : tensor<5xf64>
  %f = stablehlo.constant dense<[0x7FF0000000000000, -1.0, 0x7FF8000000000000]> : tensor<3xf64>
  %fin = stablehlo.is_finite %f : (tensor<3xf64>) -> tensor<3xi1>
  check.expect_eq_const %fin, dense<[false, true, false]> : tensor<3xi1>
  %z = stablehlo.constant dense<[-0.0, 0.0, -2.0]> : tensor<3xf32>
  %sg = stablehlo.sign %z : tensor<3xf32>
  check.expect_eq_const %sg, dense<[-0.0, 0.0, -1.0]> : tensor<3xf32>
  %sq = stablehlo.constant dense<[4.0, 9.0]> : tensor<2xf32>
  %sr = stablehlo.sqrt %sq : tensor<2xf32>
  check.expect_eq_const %sr, dense<[2.0, 3.0]> : tensor<2xf32>
  %ex = stablehlo.exponential %sq : tensor<2xf32>
  check.expect_almost_eq_const %ex, dense<[54.59815, 8103.0839]> : tensor<2xf32>, tolerance = 1.0e-2
  %ng = stablehlo.negate %sq : tensor<2xf32>
  %ab = stablehlo.abs %ng : tensor<2xf32>
  check.expect_eq %ab, %sq : tensor<2xf32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: bits
func.func @bits() {
  %a = stablehlo.constant dense<[12, -1]> : tensor<2xi8>
  %b = stablehlo.constant dense<[10, 15]> : tensor<2xi8>
  %and = stablehlo.and %a, %b : tensor<2xi8>
  check.expect_eq_const %and, dense<[8, 15]> : tensor<2xi8>
  %or = stablehlo.or %a, %b : tensor<2xi8>
  check.expect_eq_const %or, dense<[14, -1]> : tensor<2xi8>
  %xor = stablehlo.xor %a, %b : tensor<2xi8>
  check.expect_eq_const %xor, dense<[6, -16]> : tensor<2xi8>
  %not = stablehlo.not %a : tensor<2xi8>
  check.expect_eq_const %not, dense<[-13, 0]> : tensor<2xi8>
  %t = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %nt = stablehlo.not %t : tensor<2xi1>
  check.expect_eq_const %nt, dense<[false, true]> : tensor<2xi1>
  %bx = stablehlo.xor %t, %nt : tensor<2xi1>
  check.expect_eq_const %bx, dense<true> : tensor<2xi1>
  %x = stablehlo.constant dense<[-1, -8, 1]> : tensor<3xi8>
  %n = stablehlo.constant dense<[1, 2, 9]> : tensor<3xi8>
  %sl = stablehlo.shift_left %x, %n : tensor<3xi8>
  check.expect_eq_const %sl, dense<[-2, -32, 0]> : tensor<3xi8>
  %sra = stablehlo.shift_right_arithmetic %x, %n : tensor<3xi8>
  check.expect_eq_const %sra, dense<[-1, -2, 0]> : tensor<3xi8>
  %srl = stablehlo.shift_right_logical %x, %n : tensor<3xi8>
  check.expect_eq_const %srl, dense<[127, 62, 0]> : tensor<3xi8>
  func.return
}

// CHECK-LABEL: Evaluated results of function: compare_select_clamp
func.func @compare_select_clamp() {
  %a = stablehlo.constant dense<[1.0, 0x7FC00000, -0.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[2.0, 0x7FC00000, 0.0]> : tensor<3xf32>
  %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %lt, dense<[true, false, false]> : tensor<3xi1>
  %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %eq, dense<[false, false, true]> : tensor<3xi1>
  %to = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %to, dense<[true, false, true]> : tensor<3xi1>
  %t = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %f = stablehlo.constant dense<[false, false]> : tensor<2xi1>
  %gt = stablehlo.compare GT, %t, %f : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  check.expect_eq_const %gt, dense<[true, false]> : tensor<2xi1>
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %y = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %s = stablehlo.select %t, %x, %y : tensor<2xi1>, tensor<2xi32>
  check.expect_eq_const %s, dense<[1, 4]> : tensor<2xi32>
  %lo = stablehlo.constant dense<5> : tensor<i32>
  %hi = stablehlo.constant dense<10> : tensor<i32>
  %v = stablehlo.constant dense<[-1, 7, 20]> : tensor<3xi32>
  %c = stablehlo.clamp %lo, %v, %hi : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %c, dense<[5, 7, 10]> : tensor<3xi32>
  func.return
}

// CHECK-LABEL: Evaluated results of function: convert
func.func @convert() {
  %a = stablehlo.constant dense<[-1.5, 2.7, 300.0]> : tensor<3xf32>
  %i = stablehlo.convert %a : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %i, dense<[-1, 2, 300]> : tensor<3xi32>
  %w = stablehlo.constant dense<[255, 256, -1]> : tensor<3xi32>
  %n = stablehlo.convert %w : (tensor<3xi32>) -> tensor<3xi8>
  check.expect_eq_const %n, dense<[-1, 0, -1]> : tensor<3xi8>
  %b = stablehlo.convert %w : (tensor<3xi32>) -> tensor<3xi1>
  check.expect_eq_const %b, dense<true> : tensor<3xi1>
  %h = stablehlo.convert %w : (tensor<3xi32>) -> tensor<3xf16>
  check.expect_eq_const %h, dense<[255.0, 256.0, -1.0]> : tensor<3xf16>
  func.return
}
