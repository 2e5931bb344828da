// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=host fetch=out' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=host fetch=out,bias' | FileCheck %s --check-prefix=FETCHED
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-cpu fetch=out' | FileCheck %s --check-prefix=CPU

// COM: What blocks a fusion. An intermediate with a second user: only the
// COM: contraction and the BiasAdd fuse, the activation stays.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[FUSED:.*]], %{{.*}} = _FusedConv2D({{.*}}) name("bias") {{.*}}fused_ops = ["BiasAdd"]
// CHECK-DAG: Relu(%[[FUSED]]) name("root")
// CHECK-DAG: Abs(%[[FUSED]]) name("other")
// COM: A fetched intermediate is never fused away.
// FETCHED-LABEL: tfg.graph
// FETCHED-NOT: _Fused
// FETCHED: BiasAdd
// CPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %O, %ctl_5 = Abs(%A) name("other") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: NCHW: the evaluator fuses it, TensorFlow's CPU kernels do not.
// CHECK-LABEL: tfg.graph
// CHECK: _FusedConv2D({{.*}}) name("root") {{.*}}data_format = "NCHW"{{.*}}fused_ops = ["BiasAdd", "Relu"]
// CPU-LABEL: tfg.graph
// CPU-NOT: _Fused
// CPU: Relu
// FETCHED-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x3x8x8>} : () -> (tensor<1x3x8x8xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NCHW", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x3x8x8xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x4x8x8xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32, data_format = "NCHW"} : (tensor<1x4x8x8xf32>, tensor<4xf32>) -> (tensor<1x4x8x8xf32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = f32} : (tensor<1x4x8x8xf32>) -> (tensor<1x4x8x8xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x4x8x8xf32>) -> (tensor<1x4x8x8xf32>)
}

// -----

// COM: A BiasAdd whose data format differs from the convolution's.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _Fused
// CHECK: Relu
// CPU-LABEL: tfg.graph
// FETCHED-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x4>} : () -> (tensor<1x8x8x4xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x1x4x4xf32>} : () -> (tensor<1x1x4x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x4xf32>, tensor<1x1x4x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32, data_format = "NCHW"} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: Integer products have no fused kernel.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _Fused
// CHECK: MatMul
// CPU-LABEL: tfg.graph
// FETCHED-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xi32>)
  %W, %ctl_0 = Const name("w") {dtype = i32, value = dense<2> : tensor<3x4xi32>} : () -> (tensor<3x4xi32>)
  %B, %ctl_1 = Const name("b") {dtype = i32, value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %M, %ctl_2 = MatMul(%X, %W) name("m") {T = i32} : (tensor<2x3xi32>, tensor<3x4xi32>) -> (tensor<2x4xi32>)
  %A, %ctl_3 = BiasAdd(%M, %B) name("bias") {T = i32} : (tensor<2x4xi32>, tensor<4xi32>) -> (tensor<2x4xi32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = i32} : (tensor<2x4xi32>) -> (tensor<2x4xi32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = i32} : (tensor<2x4xi32>) -> (tensor<2x4xi32>)
}

// -----

// COM: Control edges on an intermediate node block the fusion.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _Fused
// CHECK: Relu
// CPU-LABEL: tfg.graph
// FETCHED-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.25> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M, %ctl_2 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %A, %ctl_3 = BiasAdd(%M, %B) [%ctl_1] name("bias") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %R, %ctl_4 = Relu(%A) [%ctl_2] name("root") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
}

// -----

// COM: An Add is a bias addition only when its other operand is known to
// COM: be a vector of the output channels: an operand of unknown rank is
// COM: not (it could broadcast the product up).
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _Fused
// CHECK: AddV2
// CPU-LABEL: tfg.graph
// FETCHED-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.25> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Placeholder name("b") {dtype = f32} : () -> (tensor<*xf32>)
  %M, %ctl_2 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<*xf32>)
  %A, %ctl_3 = AddV2(%M, %B) name("bias") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: With a constant vector of the output channels it is one.
// CHECK-LABEL: tfg.graph
// CHECK: %[[B:.*]], %{{.*}} = Const name("b")
// CHECK: _FusedMatMul(%{{.*}}, %{{.*}}, %[[B]]) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu"]
// CPU-LABEL: tfg.graph
// FETCHED-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.25> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<*xf32>)
  %M, %ctl_2 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<*xf32>)
  %A, %ctl_3 = AddV2(%B, %M) name("bias") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Conv3D: only the evaluator (host) has a fused 3-D convolution;
// COM: stock TensorFlow's CPU kernels do not.
// CHECK-LABEL: tfg.graph
// CHECK: _FusedConv3D({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu"]
// CPU-LABEL: tfg.graph
// CPU-NOT: _Fused
// CPU: Conv3D
// FETCHED-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x4x2>} : () -> (tensor<1x4x4x4x2xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<2x2x2x2x3xf32>} : () -> (tensor<2x2x2x2x3xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %C, %ctl_2 = Conv3D(%X, %F) name("c") {T = f32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> (tensor<1x4x4x4x3xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32} : (tensor<1x4x4x4x3xf32>, tensor<3xf32>) -> (tensor<1x4x4x4x3xf32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = f32} : (tensor<1x4x4x4x3xf32>) -> (tensor<1x4x4x4x3xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x4x4x4x3xf32>) -> (tensor<1x4x4x4x3xf32>)
}
