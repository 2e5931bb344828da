// RUN: tfg-opt %s --tfg-remapper='target=host' | FileCheck %s

// COM: A graph without fetches: any node may be an output the user fetches
// COM: later, so nothing vanishes into a fusion.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _Fused
// CHECK: BiasAdd
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.25> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M, %ctl_2 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %A, %ctl_3 = BiasAdd(%M, %B) name("bias") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %R, %ctl_4 = Relu(%A) name("notfetched") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
}
