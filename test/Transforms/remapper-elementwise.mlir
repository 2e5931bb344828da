// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=host fetch=out' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-cpu fetch=out' | FileCheck %s --check-prefix=OTHER
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-gpu fetch=out' | FileCheck %s --check-prefix=OTHER
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tfjs fetch=out' | FileCheck %s --check-prefix=OTHER

// COM: Sigmoid(x) * x becomes _MklSwish(x) on the host target (the
// COM: Mul's name); x keeps its other users. No other target has the
// COM: kernel.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-NOT: Sigmoid
// CHECK: _MklSwish(%[[X]]) name("m") {T = f32}
// CHECK: Abs(%[[X]])
// OTHER-LABEL: tfg.graph
// OTHER-NOT: _MklSwish
// OTHER: Sigmoid
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %S, %ctl_0 = Sigmoid(%X) name("s") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M, %ctl_1 = Mul(%S, %X) name("m") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %A, %ctl_2 = Abs(%X) name("a") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Out, %ctl_out = AddN(%M, %A) name("out") {N = 2 : i64, T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// COM: Not a swish: the Sigmoid has a second user, the Mul multiplies
// COM: another value, or the Sigmoid waits for a control edge.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _MklSwish
// CHECK: Sigmoid({{.*}}) name("s1")
// CHECK: Sigmoid({{.*}}) name("s2")
// CHECK: Sigmoid({{.*}} name("s3")
// OTHER-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %ctl_y = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %S1, %ctl_0 = Sigmoid(%X) name("s1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M1, %ctl_1 = Mul(%S1, %X) name("m1") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %A1, %ctl_2 = Abs(%S1) name("a1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %S2, %ctl_3 = Sigmoid(%X) name("s2") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M2, %ctl_4 = Mul(%S2, %Y) name("m2") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %S3, %ctl_5 = Sigmoid(%X) [%ctl_y] name("s3") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M3, %ctl_6 = Mul(%X, %S3) name("m3") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Out, %ctl_out = AddN(%M1, %A1, %M2, %M3) name("out") {N = 4 : i64, T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// COM: Conv2D + BiasAdd + Sigmoid(x) * x: the swish joins the fused
// COM: convolution's epilogue on the host target.
// CHECK-LABEL: tfg.graph
// CHECK: _FusedConv2D({{.*}}) name("m") {{.*}}fused_ops = ["BiasAdd", "_MklSwish"]
// CHECK-NOT: Sigmoid
// OTHER-LABEL: tfg.graph
// OTHER-NOT: _MklSwish
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("conv") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %S, %ctl_4 = Sigmoid(%A) name("sig") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %M, %ctl_5 = Mul(%A, %S) name("m") {T = f32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%M) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: Cast(Equal(x, y)) of floats becomes _EqualWithCast on the host
// COM: target, the Cast's name kept; every comparison has its kernel.
// CHECK-LABEL: tfg.graph
// CHECK: _EqualWithCast({{.*}}) name("cast") {DstT = f32, T = f32}
// CHECK-NOT: Cast(
// OTHER-LABEL: tfg.graph
// OTHER-NOT: WithCast
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %ctl_y = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %C, %ctl_0 = Equal(%X, %Y) name("c") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %K, %ctl_1 = Cast(%C) name("cast") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Out, %ctl_out = Identity(%K) name("out") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// CHECK-LABEL: tfg.graph
// CHECK-DAG: _NotEqualWithCast({{.*}}) name("c1")
// CHECK-DAG: _LessWithCast({{.*}}) name("c2")
// CHECK-DAG: _LessEqualWithCast({{.*}}) name("c3")
// CHECK-DAG: _GreaterWithCast({{.*}}) name("c4")
// CHECK-DAG: _GreaterEqualWithCast({{.*}}) name("c5")
// OTHER-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %ctl_y = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Q1, %k1 = NotEqual(%X, %Y) name("q1") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C1, %l1 = Cast(%Q1) name("c1") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Q2, %k2 = Less(%X, %Y) name("q2") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C2, %l2 = Cast(%Q2) name("c2") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Q3, %k3 = LessEqual(%X, %Y) name("q3") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C3, %l3 = Cast(%Q3) name("c3") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Q4, %k4 = Greater(%X, %Y) name("q4") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C4, %l4 = Cast(%Q4) name("c4") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Q5, %k5 = GreaterEqual(%X, %Y) name("q5") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C5, %l5 = Cast(%Q5) name("c5") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Out, %ctl_out = AddN(%C1, %C2, %C3, %C4, %C5) name("out") {N = 5 : i64, T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// COM: No fusion: integer operands, an integer destination, a comparison
// COM: with a second user, Equal with incompatible_shape_error = false.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: WithCast
// OTHER-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("i") {dtype = i32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xi32>)
  %X, %ctl_x = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %ctl_y = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Q1, %k1 = Less(%I, %I) name("q1") {T = i32} : (tensor<2x3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi1>)
  %C1, %l1 = Cast(%Q1) name("c1") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Q2, %k2 = Less(%X, %Y) name("q2") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C2, %l2 = Cast(%Q2) name("c2") {SrcT = i1, DstT = i32} : (tensor<2x3xi1>) -> (tensor<2x3xi32>)
  %Q3, %k3 = Greater(%X, %Y) name("q3") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C3, %l3 = Cast(%Q3) name("c3") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %N3, %l4 = LogicalNot(%Q3) name("n3") : (tensor<2x3xi1>) -> (tensor<2x3xi1>)
  %Q4, %k4 = Equal(%X, %Y) name("q4") {T = f32, incompatible_shape_error = false} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi1>)
  %C4, %l5 = Cast(%Q4) name("c4") {SrcT = i1, DstT = f32} : (tensor<2x3xi1>) -> (tensor<2x3xf32>)
  %Out:5, %ctl_out = IdentityN(%C1, %C2, %C3, %N3, %C4) name("out") {T = [f32, i32, f32, i1, f32]} : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>)
}

// -----

// COM: Conv3D + BiasAdd + Relu: _FusedConv3D on the host target only.
// CHECK-LABEL: tfg.graph
// CHECK: _FusedConv3D(%{{.*}}, %{{.*}}, %{{.*}}) name("relu") {T = f32, data_format = "NDHWC", {{.*}}fused_ops = ["BiasAdd", "Relu"], {{.*}}num_args = 1 : i64, padding = "SAME", padding_list = [], strides = [1, 1, 1, 1, 1]
// OTHER-LABEL: tfg.graph
// OTHER-NOT: _Fused
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x4x2>} : () -> (tensor<1x4x4x4x2xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<2x2x2x2x3xf32>} : () -> (tensor<2x2x2x2x3xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %C, %ctl_2 = Conv3D(%X, %F) name("c") {T = f32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> (tensor<1x4x4x4x3xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32} : (tensor<1x4x4x4x3xf32>, tensor<3xf32>) -> (tensor<1x4x4x4x3xf32>)
  %R, %ctl_4 = Relu(%A) name("relu") {T = f32} : (tensor<1x4x4x4x3xf32>) -> (tensor<1x4x4x4x3xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x4x4x4x3xf32>) -> (tensor<1x4x4x4x3xf32>)
}

// -----

// COM: Not fused: a BiasAdd of the other data format (NCHW: channels
// COM: first) after an NDHWC Conv3D, and a Conv3D with a second user.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _FusedConv3D
// OTHER-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x3x3x3x3>} : () -> (tensor<1x3x3x3x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x1x1x3x3xf32>} : () -> (tensor<1x1x1x3x3xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %C, %ctl_2 = Conv3D(%X, %F) name("c") {T = f32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x3x3x3x3xf32>, tensor<1x1x1x3x3xf32>) -> (tensor<1x3x3x3x3xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32, data_format = "NCHW"} : (tensor<1x3x3x3x3xf32>, tensor<3xf32>) -> (tensor<1x3x3x3x3xf32>)
  %C2, %ctl_4 = Conv3D(%X, %F) name("c2") {T = f32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x3x3x3x3xf32>, tensor<1x1x1x3x3xf32>) -> (tensor<1x3x3x3x3xf32>)
  %A2, %ctl_5 = BiasAdd(%C2, %B) name("bias2") {T = f32} : (tensor<1x3x3x3x3xf32>, tensor<3xf32>) -> (tensor<1x3x3x3x3xf32>)
  %N2, %ctl_6 = Neg(%C2) name("n2") {T = f32} : (tensor<1x3x3x3x3xf32>) -> (tensor<1x3x3x3x3xf32>)
  %Out:3, %ctl_out = IdentityN(%A, %A2, %N2) name("out") {T = [f32, f32, f32]} : (tensor<1x3x3x3x3xf32>, tensor<1x3x3x3x3xf32>, tensor<1x3x3x3x3xf32>) -> (tensor<1x3x3x3x3xf32>, tensor<1x3x3x3x3xf32>, tensor<1x3x3x3x3xf32>)
}
