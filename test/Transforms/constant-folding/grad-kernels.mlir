// RUN: tfg-opt %s --tfg-constant-folding | FileCheck %s

// COM: TFGEval's activation-gradient kernels (GradKernels.cpp) fold with
// COM: TensorFlow's definitions, values worked out by hand: g = 2 and
// COM: features or outputs f = [-1, 0, 3, 7] (y = [0.5, 0.5, 0.5, 0.5] and
// COM: dy = 2 for the unary-math gradients).
// CHECK-DAG: name("relu") {{.*}}dense<[0.000000e+00, 0.000000e+00, 2.000000e+00, 2.000000e+00]>
// CHECK-DAG: name("relu6") {{.*}}dense<[0.000000e+00, 0.000000e+00, 2.000000e+00, 0.000000e+00]>
// CHECK-DAG: name("leaky") {{.*}}dense<[5.000000e-01, 5.000000e-01, 2.000000e+00, 2.000000e+00]>
// CHECK-DAG: name("elu") {{.*}}dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, 2.000000e+00]>
// CHECK-DAG: name("softsign") {{.*}}dense<[5.000000e-01, 2.000000e+00, 1.250000e-01, 3.125000e-02]>
// CHECK-DAG: name("sigmoid") {{.*}}dense<5.000000e-01>
// CHECK-DAG: name("tanh") {{.*}}dense<1.500000e+00>
// CHECK-DAG: name("rsqrt") {{.*}}dense<-1.250000e-01>
// CHECK-DAG: name("sqrt") {{.*}}dense<2.000000e+00>
// CHECK-DAG: name("inv") {{.*}}dense<-5.000000e-01>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %G, %c0 = Const name("g") {dtype = f32, value = dense<2.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %F, %c1 = Const name("f") {dtype = f32, value = dense<[-1.0, 0.0, 3.0, 7.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %Y, %c2 = Const name("y") {dtype = f32, value = dense<0.5> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %A, %c3 = ReluGrad(%G, %F) name("relu") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %B, %c4 = Relu6Grad(%G, %F) name("relu6") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %C, %c5 = LeakyReluGrad(%G, %F) name("leaky") {T = f32, alpha = 0.25 : f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %D, %c6 = EluGrad(%G, %F) name("elu") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %E, %c7 = SoftsignGrad(%G, %F) name("softsign") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %H, %c8 = SigmoidGrad(%Y, %G) name("sigmoid") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %I, %c9 = TanhGrad(%Y, %G) name("tanh") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %J, %c10 = RsqrtGrad(%Y, %G) name("rsqrt") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %K, %c11 = SqrtGrad(%Y, %G) name("sqrt") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %L, %c12 = InvGrad(%Y, %G) name("inv") {T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
}
