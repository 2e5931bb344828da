// RUN: tfg-opt %s --tfg-remapper='target=host fetch=out,s,c,c3' | FileCheck %s
// RUN: tfg-opt %s --tfg-remapper='target=host fetch=out' | FileCheck %s --check-prefix=FUSED

// COM: A fetched intermediate (the Sigmoid of a swish, the comparison
// COM: under a Cast, the Conv3D under a BiasAdd) is never fused away; a
// COM: protected one (_grappler_do_not_remove) neither.
// CHECK-NOT: _MklSwish
// CHECK-NOT: WithCast
// CHECK-NOT: _FusedConv3D
// CHECK: Sigmoid({{.*}}) name("s")
// CHECK: Equal({{.*}}) name("c")
// CHECK: Conv3D({{.*}}) name("c3")
// CHECK: Sigmoid({{.*}}) name("sp")
// FUSED-DAG: _MklSwish({{.*}}) name("m")
// FUSED-DAG: _EqualWithCast({{.*}}) name("cast")
// FUSED-DAG: _FusedConv3D({{.*}}) name("bias")
// FUSED-DAG: Sigmoid({{.*}}) name("sp")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %ctl_y = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %S, %ctl_0 = Sigmoid(%X) name("s") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M, %ctl_1 = Mul(%S, %X) name("m") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %C, %ctl_2 = Equal(%X, %Y) name("c") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %K, %ctl_3 = Cast(%C) name("cast") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %X5, %ctl_4 = Placeholder name("x5") {dtype = f32, shape = #tf_type.shape<1x2x2x2x2>} : () -> (tensor<1x2x2x2x2xf32>)
  %F, %ctl_5 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x1x1x2x2xf32>} : () -> (tensor<1x1x1x2x2xf32>)
  %B, %ctl_6 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %C3, %ctl_7 = Conv3D(%X5, %F) name("c3") {T = f32, padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x2x2x2xf32>, tensor<1x1x1x2x2xf32>) -> (tensor<1x2x2x2x2xf32>)
  %A, %ctl_8 = BiasAdd(%C3, %B) name("bias") {T = f32} : (tensor<1x2x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2x2xf32>)
  %SP, %ctl_9 = Sigmoid(%Y) name("sp") {T = f32, _grappler_do_not_remove = true} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %MP, %ctl_10 = Mul(%Y, %SP) name("mp") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Out:4, %ctl_out = IdentityN(%M, %K, %A, %MP) name("out") {T = [f32, f32, f32, f32]} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x2x2xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x2x2xf32>, tensor<2x3xf32>)
}
