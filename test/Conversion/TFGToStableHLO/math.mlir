// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: MathRules.cpp. Each graph also runs through tfg-run and, legalized,
// COM: through the StableHLO interpreter: the NUM lines say that every output
// COM: agreed (utils/check-stablehlo-lowering.py).

// COM: Inverse trigonometric and hyperbolic functions: NaN outside their
// COM: domains, the textbook formulas' cancellations avoided.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.atan2
// CHECK: stablehlo.sqrt
// CHECK: stablehlo.log_plus_one
// NUM: graph 0: 5 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[-2.0, -1.0, -0.75, -1.0e-6, 0.0, 1.0e-6, 0.3, 0.999, 1.0, 2.5, 0x7FC00000]> : tensor<11xf32>} : () -> (tensor<11xf32>)
  %A, %c1 = Acos(%X) name("acos") {T = f32} : (tensor<11xf32>) -> (tensor<11xf32>)
  %B, %c2 = Asin(%X) name("asin") {T = f32} : (tensor<11xf32>) -> (tensor<11xf32>)
  %C, %c3 = Atanh(%X) name("atanh") {T = f32} : (tensor<11xf32>) -> (tensor<11xf32>)
  %D, %c4 = Asinh(%X) name("asinh") {T = f32} : (tensor<11xf32>) -> (tensor<11xf32>)
  %E, %c5 = Acosh(%X) name("acosh") {T = f32} : (tensor<11xf32>) -> (tensor<11xf32>)
}

// -----

// COM: Large arguments: acosh/asinh as log(2x), cosh/sinh overflowing only
// COM: where the function does (cosh(89) is below FLT_MAX).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.exponential
// NUM: graph 1: 4 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[1.0e10, 3.0e38]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %Y, %c1 = Const name("y") {dtype = f32, value = dense<[89.0, -89.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %A, %c2 = Acosh(%X) name("acosh") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %B, %c3 = Asinh(%X) name("asinh") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %C, %c4 = Cosh(%Y) name("cosh") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %D, %c5 = Sinh(%Y) name("sinh") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// COM: Cosh/Sinh near 0 (sinh through expm1), Erf (series below 0.5),
// COM: Erfc (relative accuracy in the tail), IsInf.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.exponential_minus_one
// CHECK: stablehlo.compare  EQ
// NUM: graph 2: 5 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[-3.0, -1.0, -0.4, -1.0e-5, 0.0, 1.0e-5, 0.2, 0.49, 0.5, 1.5, 4.0, 0x7F800000, 0xFF800000]> : tensor<13xf32>} : () -> (tensor<13xf32>)
  %A, %c1 = Sinh(%X) name("sinh") {T = f32} : (tensor<13xf32>) -> (tensor<13xf32>)
  %B, %c2 = Cosh(%X) name("cosh") {T = f32} : (tensor<13xf32>) -> (tensor<13xf32>)
  %C, %c3 = Erf(%X) name("erf") {T = f32} : (tensor<13xf32>) -> (tensor<13xf32>)
  %D, %c4 = Erfc(%X) name("erfc") {T = f32} : (tensor<13xf32>) -> (tensor<13xf32>)
  %E, %c5 = IsInf(%X) name("isinf") {T = f32} : (tensor<13xf32>) -> (tensor<13xi1>)
}

// -----

// COM: Erfc's tail: values far below 1, checked relative to their size.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.exponential
// NUM: graph 3: 1 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f64, value = dense<[3.0, 5.0, 8.0]> : tensor<3xf64>} : () -> (tensor<3xf64>)
  %M, %c1 = Const name("m") {dtype = f64, value = dense<[1.0e4, 1.0e10, 1.0e27]> : tensor<3xf64>} : () -> (tensor<3xf64>)
  %D, %c2 = Erfc(%X) name("erfc") {T = f64} : (tensor<3xf64>) -> (tensor<3xf64>)
  %S, %c3 = Mul(%D, %M) name("scaled") {T = f64} : (tensor<3xf64>, tensor<3xf64>) -> (tensor<3xf64>)
}

// -----

// COM: Xdivy/Xlogy/Xlog1py are 0 where x is 0 (even for y = 0 or NaN);
// COM: ApproximateEqual compares |x - y| with the tolerance.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.compare  EQ
// CHECK: stablehlo.select
// NUM: graph 4: 4 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[0.0, 0.0, 0.0, 2.0, -3.0, 1.5]> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %Y, %c1 = Const name("y") {dtype = f32, value = dense<[0.0, 0x7FC00000, -1.0, 4.0, 0.5, 1.5001]> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %A, %c2 = Xdivy(%X, %Y) name("xdivy") {T = f32} : (tensor<6xf32>, tensor<6xf32>) -> (tensor<6xf32>)
  %B, %c3 = Xlogy(%X, %Y) name("xlogy") {T = f32} : (tensor<6xf32>, tensor<6xf32>) -> (tensor<6xf32>)
  %C, %c4 = Xlog1py(%X, %Y) name("xlog1py") {T = f32} : (tensor<6xf32>, tensor<6xf32>) -> (tensor<6xf32>)
  %D, %c5 = ApproximateEqual(%X, %Y) name("approx") {T = f32, tolerance = 1.0e-3 : f32} : (tensor<6xf32>, tensor<6xf32>) -> (tensor<6xi1>)
}

// -----

// COM: NextAfter through the bits (toward and away from zero, from zero,
// COM: equal operands, NaN); checked exactly.
// NUMERIC-RTOL: 0
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.bitcast_convert
// NUM: graph 5: 1 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[1.0, 1.0, -1.0, 0.0, 0.0, 2.0, 0x7FC00000, 3.0]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %Y, %c1 = Const name("y") {dtype = f32, value = dense<[2.0, 0.0, -5.0, 1.0, -1.0, 2.0, 1.0, 0x7FC00000]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %N, %c2 = NextAfter(%X, %Y) name("next") {T = f32} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>)
}

// -----

// COM: Shifts clamp the amount to [0, width - 1] as TensorFlow does;
// COM: RightShift is arithmetic on signed and logical on unsigned types.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.clamp
// CHECK: stablehlo.shift_left
// CHECK: stablehlo.shift_right_arithmetic
// CHECK: stablehlo.shift_right_logical
// NUM: graph 6: 3 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = i32, value = dense<[1, -8, 255, -1, 7]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %S, %c1 = Const name("s") {dtype = i32, value = dense<[3, 1, 40, -2, 31]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %U, %c2 = Const name("u") {dtype = ui8, value = dense<[200, 1, 128, 255, 16]> : tensor<5xui8>} : () -> (tensor<5xui8>)
  %V, %c3 = Const name("v") {dtype = ui8, value = dense<[1, 0, 7, 9, 2]> : tensor<5xui8>} : () -> (tensor<5xui8>)
  %L, %c4 = LeftShift(%X, %S) name("shl") {T = i32} : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>)
  %R, %c5 = RightShift(%X, %S) name("shr") {T = i32} : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>)
  %Q, %c6 = RightShift(%U, %V) name("shru") {T = ui8} : (tensor<5xui8>, tensor<5xui8>) -> (tensor<5xui8>)
}

// -----

// COM: Complex numbers: Complex broadcasts its parts; Real, Imag, Angle,
// COM: Conj, ComplexAbs (without overflow of the squares).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.complex
// CHECK: stablehlo.real
// CHECK: stablehlo.imag
// NUM: graph 7: 5 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %R, %c0 = Const name("re") {dtype = f32, value = dense<[3.0, -1.0, 0.0, 2.0e30]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %I, %c1 = Const name("im") {dtype = f32, value = dense<-4.0> : tensor<f32>} : () -> (tensor<f32>)
  %Z, %c2 = Complex(%R, %I) name("z") {T = f32, Tout = complex<f32>} : (tensor<4xf32>, tensor<f32>) -> (tensor<4xcomplex<f32>>)
  %A, %c3 = Real(%Z) name("real") {T = complex<f32>, Tout = f32} : (tensor<4xcomplex<f32>>) -> (tensor<4xf32>)
  %B, %c4 = Imag(%Z) name("imag") {T = complex<f32>, Tout = f32} : (tensor<4xcomplex<f32>>) -> (tensor<4xf32>)
  %C, %c5 = Angle(%Z) name("angle") {T = complex<f32>, Tout = f32} : (tensor<4xcomplex<f32>>) -> (tensor<4xf32>)
  %D, %c6 = Conj(%Z) name("conj") {T = complex<f32>} : (tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>)
  %E, %c7 = ComplexAbs(%Z) name("abs") {T = complex<f32>, Tout = f32} : (tensor<4xcomplex<f32>>) -> (tensor<4xf32>)
}
