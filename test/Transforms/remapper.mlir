// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-cpu fetch=out' | FileCheck %s --check-prefix=CPU
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-gpu fetch=out' | FileCheck %s --check-prefix=GPU
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tfjs fetch=out' | FileCheck %s --check-prefix=TFJS
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=host fetch=out' | FileCheck %s --check-prefix=HOST

// COM: Contraction + BiasAdd + activation, per target. Conv2D + BiasAdd +
// COM: Relu: every target fuses it (the GPU because the filter is 3x3).
// CPU-LABEL: tfg.graph
// CPU: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CPU-DAG: %[[F:.*]], %{{.*}} = Const name("f")
// CPU-DAG: %[[B:.*]], %{{.*}} = Const name("b")
// CPU-DAG: _FusedConv2D(%[[X]], %[[F]], %[[B]]) name("root") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], {{.*}}fused_ops = ["BiasAdd", "Relu"], {{.*}}num_args = 1 : i64, padding = "SAME", strides = [1, 1, 1, 1]
// CPU-NOT: Conv2D(
// CPU-NOT: BiasAdd
// CPU-NOT: Relu(
// GPU-LABEL: tfg.graph
// GPU: _FusedConv2D({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu"]
// TFJS-LABEL: tfg.graph
// TFJS: _FusedConv2D({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu"]
// HOST-LABEL: tfg.graph
// HOST: _FusedConv2D({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu"]
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32, data_format = "NHWC"} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %R, %ctl_4 = Relu(%A) name("root") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: MatMul + BiasAdd + LeakyRelu: the alpha goes to leakyrelu_alpha.
// COM: TensorFlow's GPU kernels fuse only Conv2D (cuBLASLt is opt-in).
// CPU-LABEL: tfg.graph
// CPU: _FusedMatMul({{.*}}) name("root") {T = f32, {{.*}}fused_ops = ["BiasAdd", "LeakyRelu"], leakyrelu_alpha = 3.000000e-01 : f32, num_args = 1 : i64, {{.*}}transpose_b = true}
// GPU-LABEL: tfg.graph
// GPU-NOT: _Fused
// GPU: LeakyRelu
// TFJS-LABEL: tfg.graph
// TFJS: _FusedMatMul({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "LeakyRelu"], leakyrelu_alpha = 3.000000e-01 : f32
// HOST-LABEL: tfg.graph
// HOST: _FusedMatMul({{.*}}) name("root")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.25> : tensor<4x3xf32>} : () -> (tensor<4x3xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M, %ctl_2 = MatMul(%X, %W) name("m") {T = f32, transpose_a = false, transpose_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> (tensor<2x4xf32>)
  %A, %ctl_3 = BiasAdd(%M, %B) name("bias") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %R, %ctl_4 = LeakyRelu(%A) name("root") {T = f32, alpha = 3.000000e-01 : f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
}

// -----

// COM: DepthwiseConv2dNative + BiasAdd + Relu6: TF.js's
// COM: FusedDepthwiseConv2dNative; stock TensorFlow has no fused depthwise
// COM: kernel (oneDNN only).
// CPU-LABEL: tfg.graph
// CPU-NOT: Fused
// CPU: Relu6
// TFJS-LABEL: tfg.graph
// TFJS: FusedDepthwiseConv2dNative({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu6"]
// HOST-LABEL: tfg.graph
// HOST: _FusedDepthwiseConv2dNative({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu6"]
// GPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x2xf32>} : () -> (tensor<3x3x3x2xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %C, %ctl_2 = DepthwiseConv2dNative(%X, %F) name("c") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x2xf32>) -> (tensor<1x6x6x6xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32} : (tensor<1x6x6x6xf32>, tensor<6xf32>) -> (tensor<1x6x6x6xf32>)
  %R, %ctl_4 = Relu6(%A) name("root") {T = f32} : (tensor<1x6x6x6xf32>) -> (tensor<1x6x6x6xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x6x6x6xf32>) -> (tensor<1x6x6x6xf32>)
}

// -----

// COM: Prelu (TF.js): fused with its alpha as the second argument.
// CPU-LABEL: tfg.graph
// CPU: _FusedConv2D({{.*}}) name("bias") {{.*}}fused_ops = ["BiasAdd"]
// CPU: Prelu
// TFJS-LABEL: tfg.graph
// TFJS: %[[B:.*]], %{{.*}} = Const name("b")
// TFJS: %[[AL:.*]], %{{.*}} = Const name("alpha")
// TFJS: _FusedConv2D(%{{.*}}, %{{.*}}, %[[B]], %[[AL]]) name("root") {{.*}}fused_ops = ["BiasAdd", "Prelu"], {{.*}}num_args = 2 : i64
// GPU-LABEL: tfg.graph
// HOST-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x1x3x4xf32>} : () -> (tensor<1x1x3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %AL, %ctl_2 = Const name("alpha") {dtype = f32, value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_3 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<1x1x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_4 = BiasAdd(%C, %B) name("bias") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %R, %ctl_5 = Prelu(%A, %AL) name("root") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: Tanh and Sigmoid: TF.js fuses Sigmoid, not Tanh; TensorFlow neither
// COM: (oneDNN only); the evaluator both.
// CPU-LABEL: tfg.graph
// CPU-DAG: _FusedMatMul({{.*}}) name("bias") {{.*}}fused_ops = ["BiasAdd"]
// CPU-DAG: Tanh({{.*}}) name("root")
// TFJS-LABEL: tfg.graph
// TFJS-DAG: _FusedMatMul({{.*}}) name("bias") {{.*}}fused_ops = ["BiasAdd"]
// TFJS-DAG: Tanh({{.*}}) name("root")
// HOST-LABEL: tfg.graph
// HOST: _FusedMatMul({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Tanh"]
// GPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.25> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M, %ctl_2 = MatMul(%X, %W) name("m") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %A, %ctl_3 = BiasAdd(%M, %B) name("bias") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %R, %ctl_4 = Tanh(%A) name("root") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
}
