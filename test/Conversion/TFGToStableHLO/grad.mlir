// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: GradRules.cpp; the NUM lines: tfg-run and the StableHLO interpreter
// COM: agree on every output (utils/check-stablehlo-lowering.py).

// COM: The activation gradients (g, features or outputs), at the
// COM: branches' edges (0, 6, negative outputs).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.compare  GT
// CHECK: stablehlo.select
// NUM: graph 0: 7 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %G, %c0 = Const name("g") {dtype = f32, value = dense<[1.0, -2.0, 0.5, 3.0, -1.5, 2.0, 4.0]> : tensor<7xf32>} : () -> (tensor<7xf32>)
  %F, %c1 = Const name("f") {dtype = f32, value = dense<[-1.0, 0.0, 0.5, 6.0, 7.0, -0.25, 2.0]> : tensor<7xf32>} : () -> (tensor<7xf32>)
  %A, %c2 = ReluGrad(%G, %F) name("relu") {T = f32} : (tensor<7xf32>, tensor<7xf32>) -> (tensor<7xf32>)
  %B, %c3 = Relu6Grad(%G, %F) name("relu6") {T = f32} : (tensor<7xf32>, tensor<7xf32>) -> (tensor<7xf32>)
  %C, %c4 = LeakyReluGrad(%G, %F) name("leaky") {T = f32, alpha = 0.1 : f32} : (tensor<7xf32>, tensor<7xf32>) -> (tensor<7xf32>)
  %D, %c5 = EluGrad(%G, %F) name("elu") {T = f32} : (tensor<7xf32>, tensor<7xf32>) -> (tensor<7xf32>)
  %E, %c6 = SeluGrad(%G, %F) name("selu") {T = f32} : (tensor<7xf32>, tensor<7xf32>) -> (tensor<7xf32>)
  %H, %c7 = SoftplusGrad(%G, %F) name("softplus") {T = f32} : (tensor<7xf32>, tensor<7xf32>) -> (tensor<7xf32>)
  %I, %c8 = SoftsignGrad(%G, %F) name("softsign") {T = f32} : (tensor<7xf32>, tensor<7xf32>) -> (tensor<7xf32>)
}

// -----

// COM: The gradients of the unary math ops (y, dy).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.multiply
// NUM: graph 1: 6 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Y, %c0 = Const name("y") {dtype = f64, value = dense<[0.25, 0.5, 0.9, 2.0]> : tensor<4xf64>} : () -> (tensor<4xf64>)
  %D, %c1 = Const name("dy") {dtype = f64, value = dense<[1.0, -3.0, 0.5, 2.0]> : tensor<4xf64>} : () -> (tensor<4xf64>)
  %A, %c2 = SigmoidGrad(%Y, %D) name("sigmoid") {T = f64} : (tensor<4xf64>, tensor<4xf64>) -> (tensor<4xf64>)
  %B, %c3 = TanhGrad(%Y, %D) name("tanh") {T = f64} : (tensor<4xf64>, tensor<4xf64>) -> (tensor<4xf64>)
  %C, %c4 = RsqrtGrad(%Y, %D) name("rsqrt") {T = f64} : (tensor<4xf64>, tensor<4xf64>) -> (tensor<4xf64>)
  %E, %c5 = SqrtGrad(%Y, %D) name("sqrt") {T = f64} : (tensor<4xf64>, tensor<4xf64>) -> (tensor<4xf64>)
  %F, %c6 = ReciprocalGrad(%Y, %D) name("reciprocal") {T = f64} : (tensor<4xf64>, tensor<4xf64>) -> (tensor<4xf64>)
  %G, %c7 = InvGrad(%Y, %D) name("inv") {T = f64} : (tensor<4xf64>, tensor<4xf64>) -> (tensor<4xf64>)
}
