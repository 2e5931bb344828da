// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=host fetch=out' | FileCheck %s --check-prefix=HOST
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-cpu fetch=out' | FileCheck %s --check-prefix=CPU

// COM: MatMul + BiasAdd + GELU as tf.nn.gelu builds it, exact (Erf) form:
// COM: the evaluator runs it fused; stock TensorFlow and TF.js do not.
// HOST-LABEL: tfg.graph
// HOST: _FusedMatMul({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "GeluExact"]
// HOST-NOT: Erf
// CPU-LABEL: tfg.graph
// CPU: _FusedMatMul({{.*}}) name("bias") {{.*}}fused_ops = ["BiasAdd"]
// CPU: Erf
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<[[0.5, -1.0, 0.25, 2.0], [1.5, 0.5, -0.5, 1.0], [-0.25, 0.75, 1.0, -1.5]]> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %H, %ctl_2 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %O, %ctl_3 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %S, %ctl_4 = Const name("sqrt2") {dtype = f32, value = dense<1.41421354> : tensor<f32>} : () -> (tensor<f32>)
  %M, %ctl_5 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %A, %ctl_6 = BiasAdd(%M, %B) name("bias") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %HX, %ctl_7 = Mul(%H, %A) name("hx") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %D, %ctl_8 = RealDiv(%A, %S) name("div") {T = f32} : (tensor<2x4xf32>, tensor<f32>) -> (tensor<2x4xf32>)
  %E, %ctl_9 = Erf(%D) name("erf") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %P, %ctl_10 = AddV2(%O, %E) name("plus") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %R, %ctl_11 = Mul(%HX, %P) name("root") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
}

// -----

// COM: The approximate (Tanh) form.
// HOST-LABEL: tfg.graph
// HOST: _FusedMatMul({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "GeluApproximate"]
// HOST-NOT: Tanh
// CPU-LABEL: tfg.graph
// CPU: Tanh
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.5> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %H, %ctl_2 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %O, %ctl_3 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %K, %ctl_4 = Const name("coeff") {dtype = f32, value = dense<0.044715> : tensor<f32>} : () -> (tensor<f32>)
  %T3, %ctl_5 = Const name("three") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %RC, %ctl_6 = Const name("r") {dtype = f32, value = dense<0.797884583> : tensor<f32>} : () -> (tensor<f32>)
  %M, %ctl_7 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %A, %ctl_8 = BiasAdd(%M, %B) name("bias") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %HX, %ctl_9 = Mul(%H, %A) name("hx") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %PW, %ctl_10 = Pow(%A, %T3) name("pow") {T = f32} : (tensor<2x4xf32>, tensor<f32>) -> (tensor<2x4xf32>)
  %CU, %ctl_11 = Mul(%K, %PW) name("cubed") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %SU, %ctl_12 = AddV2(%A, %CU) name("sum") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %SC, %ctl_13 = Mul(%RC, %SU) name("scaled") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %TH, %ctl_14 = Tanh(%SC) name("tanh") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %P, %ctl_15 = AddV2(%O, %TH) name("plus") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %R, %ctl_16 = Mul(%HX, %P) name("root") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
}

// -----

// COM: Wrong constants (0.6 instead of 0.5), or a node of the subgraph with
// COM: another user: no fusion.
// HOST-LABEL: tfg.graph
// HOST-NOT: GeluExact
// HOST: Erf
// HOST: Erf
// CPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.5> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %H, %ctl_2 = Const name("half") {dtype = f32, value = dense<0.6> : tensor<f32>} : () -> (tensor<f32>)
  %H5, %ctl_2b = Const name("half5") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %O, %ctl_3 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %S, %ctl_4 = Const name("sqrt2") {dtype = f32, value = dense<1.41421354> : tensor<f32>} : () -> (tensor<f32>)
  %M, %ctl_5 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %A, %ctl_6 = BiasAdd(%M, %B) name("bias") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %HX, %ctl_7 = Mul(%H, %A) name("hx") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %D, %ctl_8 = RealDiv(%A, %S) name("div") {T = f32} : (tensor<2x4xf32>, tensor<f32>) -> (tensor<2x4xf32>)
  %E, %ctl_9 = Erf(%D) name("erf") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %P, %ctl_10 = AddV2(%O, %E) name("plus") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %R, %ctl_11 = Mul(%HX, %P) name("root") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %M2, %ctl_12 = MatMul(%X, %W) name("m2") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %A2, %ctl_13 = BiasAdd(%M2, %B) name("bias2") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %HX2, %ctl_14 = Mul(%H5, %A2) name("hx2") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %D2, %ctl_15 = RealDiv(%A2, %S) name("div2") {T = f32} : (tensor<2x4xf32>, tensor<f32>) -> (tensor<2x4xf32>)
  %E2, %ctl_16 = Erf(%D2) name("erf2") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %P2, %ctl_17 = AddV2(%O, %E2) name("plus2") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %R2, %ctl_18 = Mul(%HX2, %P2) name("root2") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %Out:3, %ctl_out = IdentityN(%R, %R2, %E2) name("out") {T = [f32, f32, f32]} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
}
