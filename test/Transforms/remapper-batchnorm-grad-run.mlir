// RUN: tfg-run %s --fetch=o1:0,o1:1,o1:2,o1:3,o2:0,o2:1,o2:2,o2:3 --check-pipeline='tfg-remapper{target=host fetch=o1,o2}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-remapper='target=host fetch=o1,o2' | FileCheck %s

// COM: The gradient of a training batch norm + Relu, without and with a
// COM: side input, run before and after the host remapper fuses it into
// COM: _FusedBatchNormEx and _FusedBatchNormGradEx (the evaluator's
// COM: gradient kernels): the backprops must agree.
// SAME-COUNT-8: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH
// CHECK-COUNT-2: _FusedBatchNormGradEx(
// CHECK-NOT: ReluGrad(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %Z, %c1 = Placeholder name("z") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %DY0, %c2 = Placeholder name("dy") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %H, %c3 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %DY, %c4 = Sub(%DY0, %H) name("dy_centered") {T = f32} : (tensor<2x3x2x4xf32>, tensor<f32>) -> (tensor<2x3x2x4xf32>)
  %S, %c5 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O, %c6 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, -0.3, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %E, %c7 = Const name("empty") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  %BN:6, %c8 = FusedBatchNormV3(%X, %S, %O, %E, %E) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %Y, %c9 = Relu(%BN#0) name("relu") {T = f32} : (tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %RG, %c10 = ReluGrad(%DY, %Y) name("rg") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %G:5, %c11 = FusedBatchNormGradV3(%RG, %X, %S, %BN#3, %BN#4, %BN#5) name("grad") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %O1:4, %c12 = IdentityN(%G#0, %G#1, %G#2, %Y) name("o1") {T = [f32, f32, f32, f32]} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>)
  %BN2:6, %c13 = FusedBatchNormV3(%Z, %S, %O, %E, %E) name("bn2") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %A, %c14 = AddV2(%BN2#0, %X) name("add2") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %Y2, %c15 = Relu(%A) name("relu2") {T = f32} : (tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %RG2, %c16 = ReluGrad(%DY, %Y2) name("rg2") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %G2:5, %c17 = FusedBatchNormGradV3(%RG2, %Z, %S, %BN2#3, %BN2#4, %BN2#5) name("grad2") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %SG, %c18 = Neg(%RG2) name("side_grad") {T = f32} : (tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %O2:4, %c19 = IdentityN(%G2#0, %G2#1, %G2#2, %SG) name("o2") {T = [f32, f32, f32, f32]} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>)
}
