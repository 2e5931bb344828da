// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-cpu fetch=out' | FileCheck %s --check-prefix=CPU
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-gpu fetch=out' | FileCheck %s --check-prefix=GPU
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tfjs fetch=out' | FileCheck %s --check-prefix=TFJS

// COM: Conv2D + inference FusedBatchNormV3 with constants: the statistics
// COM: fold into the filter (each output channel c scaled by
// COM: scale[c] / sqrt(variance[c] + epsilon)) and a bias, which the target
// COM: then fuses with the activation. Here the scales are 1 / sqrt(1 +
// COM: 0.001) times 1, 2, 3, 4 and the bias offset - mean * scale.
// CPU-LABEL: tfg.graph
// CPU-DAG: %[[F:.*]], %{{.*}} = Const name("bn/Const") {{.*}}value = dense<{{\[\[\[\[}}0.49975{{[0-9]*}}, 0.9995{{[0-9]*}}, 1.4992{{[0-9]*}}, 1.999{{[0-9]*}}]]]]> : tensor<1x1x1x4xf32>
// CPU-DAG: %[[B:.*]], %{{.*}} = Const name("bn/Const/1") {{.*}}value = dense<[1.000000e-01, -0.7995{{[0-9]*}}, -2.6985{{[0-9]*}}, -5.597{{[0-9]*}}]> : tensor<4xf32>
// CPU-DAG: _FusedConv2D(%{{.*}}, %[[F]], %[[B]]) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu"]
// CPU-NOT: FusedBatchNormV3
// TFJS-LABEL: tfg.graph
// TFJS: _FusedConv2D({{.*}}) name("root") {{.*}}fused_ops = ["BiasAdd", "Relu"]
// TFJS-NOT: FusedBatchNormV3
// GPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x1>} : () -> (tensor<1x8x8x1xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x1x1x4xf32>} : () -> (tensor<1x1x1x4xf32>)
  %S, %ctl_1 = Const name("scale") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O, %ctl_2 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M, %ctl_3 = Const name("mean") {dtype = f32, value = dense<[0.0, 0.5, 1.0, 1.5]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %V, %ctl_4 = Const name("var") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_5 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x1xf32>, tensor<1x1x1x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Y:6, %ctl_6 = FusedBatchNormV3(%C, %S, %O, %M, %V) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %R, %ctl_7 = Relu(%Y#0) name("root") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: Statistics that are not constants: TensorFlow's CPU kernel fuses the
// COM: batch norm itself (fused_ops FusedBatchNorm, four arguments, its
// COM: epsilon); TF.js has no such kernel.
// CPU-LABEL: tfg.graph
// CPU: _FusedConv2D(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("root") {{.*}}epsilon = 1.000000e-03 : f32{{.*}}fused_ops = ["FusedBatchNorm", "Relu6"], {{.*}}num_args = 4 : i64
// TFJS-LABEL: tfg.graph
// TFJS-NOT: _Fused
// TFJS: FusedBatchNormV3
// GPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %S, %ctl_1 = Placeholder name("scale") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %O, %ctl_2 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M, %ctl_3 = Const name("mean") {dtype = f32, value = dense<[0.0, 0.5, 1.0, 1.5]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %V, %ctl_4 = Const name("var") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_5 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Y:6, %ctl_6 = FusedBatchNormV3(%C, %S, %O, %M, %V) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %R, %ctl_7 = Relu6(%Y#0) name("root") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: A training batch norm never folds; its statistics in use keep it.
// CPU-LABEL: tfg.graph
// CPU-NOT: _Fused
// CPU: FusedBatchNormV3
// GPU-LABEL: tfg.graph
// TFJS-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %S, %ctl_1 = Const name("scale") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O, %ctl_2 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M, %ctl_3 = Const name("mean") {dtype = f32, value = dense<[0.0, 0.5, 1.0, 1.5]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %V, %ctl_4 = Const name("var") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_5 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Y:6, %ctl_6 = FusedBatchNormV3(%C, %S, %O, %M, %V) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %R, %ctl_7 = Relu(%Y#0) name("root") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Z, %ctl_8 = Identity(%Y#1) name("stat") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
}

// -----

// COM: FusedBatchNormV3 (half) + side input + Relu: cuDNN's
// COM: _FusedBatchNormEx on the GPU, with the training statistics moved
// COM: to it; TensorFlow's CPU kernels have none.
// GPU-LABEL: tfg.graph
// GPU: %[[EX:.*]]:6, %{{.*}} = _FusedBatchNormEx(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("root") {T = f16, U = f32, activation_mode = "Relu", data_format = "NHWC", epsilon = 1.000000e-03 : f32, {{.*}}is_training = true, num_side_inputs = 1 : i64
// GPU: Identity(%[[EX]]#1) name("stat")
// CPU-LABEL: tfg.graph
// CPU-NOT: _Fused
// CPU: FusedBatchNormV3
// TFJS-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f16, shape = #tf_type.shape<1x4x4x8>} : () -> (tensor<1x4x4x8xf16>)
  %SI, %ctl_0 = Placeholder name("side") {dtype = f16, shape = #tf_type.shape<1x4x4x8>} : () -> (tensor<1x4x4x8xf16>)
  %S, %ctl_1 = Const name("scale") {dtype = f32, value = dense<1.0> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %O, %ctl_2 = Const name("offset") {dtype = f32, value = dense<0.5> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %M, %ctl_3 = Const name("mean") {dtype = f32, value = dense<0.0> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %V, %ctl_4 = Const name("var") {dtype = f32, value = dense<1.0> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %Y:6, %ctl_5 = FusedBatchNormV3(%X, %S, %O, %M, %V) name("bn") {T = f16, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<1x4x4x8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x4x4x8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<*xf32>)
  %A, %ctl_6 = AddV2(%Y#0, %SI) name("add") {T = f16} : (tensor<1x4x4x8xf16>, tensor<1x4x4x8xf16>) -> (tensor<1x4x4x8xf16>)
  %R, %ctl_7 = Relu(%A) name("root") {T = f16} : (tensor<1x4x4x8xf16>) -> (tensor<1x4x4x8xf16>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f16} : (tensor<1x4x4x8xf16>) -> (tensor<1x4x4x8xf16>)
  %Z, %ctl_8 = Identity(%Y#1) name("stat") {T = f32} : (tensor<8xf32>) -> (tensor<8xf32>)
}

// -----

// COM: cuDNN wants the channels a multiple of 4 (here 6), and Relu only.
// GPU-LABEL: tfg.graph
// GPU-NOT: _Fused
// GPU: FusedBatchNormV3
// CPU-LABEL: tfg.graph
// TFJS-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f16, shape = #tf_type.shape<1x4x4x6>} : () -> (tensor<1x4x4x6xf16>)
  %S, %ctl_1 = Const name("scale") {dtype = f32, value = dense<1.0> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %O, %ctl_2 = Const name("offset") {dtype = f32, value = dense<0.5> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %M, %ctl_3 = Const name("mean") {dtype = f32, value = dense<0.0> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %V, %ctl_4 = Const name("var") {dtype = f32, value = dense<1.0> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %Y:6, %ctl_5 = FusedBatchNormV3(%X, %S, %O, %M, %V) name("bn") {T = f16, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x4x4x6xf16>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<1x4x4x6xf16>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<*xf32>)
  %R, %ctl_7 = Relu(%Y#0) name("root") {T = f16} : (tensor<1x4x4x6xf16>) -> (tensor<1x4x4x6xf16>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f16} : (tensor<1x4x4x6xf16>) -> (tensor<1x4x4x6xf16>)
}

// -----

// COM: An inference batch norm alone: TensorFlow's CPU runs it faster as
// COM: primitives (constant folding folds the per-channel factors later).
// CPU-LABEL: tfg.graph
// CPU-DAG: %[[EPS:.*]], %{{.*}} = Const {{.*}}value = dense<1.000000e-03> : tensor<f32>
// CPU-DAG: %[[VE:.*]], %{{.*}} = AddV2(%{{.*}}, %[[EPS]])
// CPU-DAG: %[[RS:.*]], %{{.*}} = Rsqrt(%[[VE]])
// CPU-DAG: %[[S:.*]], %{{.*}} = Mul(%[[RS]], %{{.*}})
// CPU-DAG: %[[XS:.*]], %{{.*}} = Mul(%{{.*}}, %[[S]])
// CPU-DAG: %[[MS:.*]], %{{.*}} = Mul(%{{.*}}, %[[S]])
// CPU-DAG: %[[SH:.*]], %{{.*}} = Sub(%{{.*}}, %[[MS]])
// CPU-DAG: AddV2(%[[XS]], %[[SH]]) name("root")
// CPU-NOT: FusedBatchNorm
// GPU-LABEL: tfg.graph
// GPU: FusedBatchNorm(
// TFJS-LABEL: tfg.graph
// TFJS: FusedBatchNorm(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x3>} : () -> (tensor<1x4x4x3xf32>)
  %S, %ctl_1 = Const name("scale") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %O, %ctl_2 = Const name("offset") {dtype = f32, value = dense<0.5> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %M, %ctl_3 = Const name("mean") {dtype = f32, value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %V, %ctl_4 = Const name("var") {dtype = f32, value = dense<[1.0, 2.0, 4.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %Y:5, %ctl_5 = FusedBatchNorm(%X, %S, %O, %M, %V) name("root") {T = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %Out, %ctl_out = Identity(%Y#0) name("out") {T = f32} : (tensor<1x4x4x3xf32>) -> (tensor<1x4x4x3xf32>)
}

// -----

// COM: A filter of more than 2^26 elements (here a splat) is not folded:
// COM: the folded filter would be a new constant of that size.
// CPU-LABEL: tfg.graph
// CPU-NOT: bn/Const
// CPU: _FusedConv2D({{.*}}) name("root") {{.*}}fused_ops = ["FusedBatchNorm", "Relu"]
// GPU-LABEL: tfg.graph
// TFJS-LABEL: tfg.graph
// TFJS-NOT: bn/Const
// TFJS: FusedBatchNormV3
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<8193x8193x1x1xf32>} : () -> (tensor<8193x8193x1x1xf32>)
  %S, %ctl_1 = Const name("scale") {dtype = f32, value = dense<1.0> : tensor<1xf32>} : () -> (tensor<1xf32>)
  %O, %ctl_2 = Const name("offset") {dtype = f32, value = dense<0.1> : tensor<1xf32>} : () -> (tensor<1xf32>)
  %M, %ctl_3 = Const name("mean") {dtype = f32, value = dense<0.0> : tensor<1xf32>} : () -> (tensor<1xf32>)
  %V, %ctl_4 = Const name("var") {dtype = f32, value = dense<1.0> : tensor<1xf32>} : () -> (tensor<1xf32>)
  %C, %ctl_5 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<8193x8193x1x1xf32>) -> (tensor<*xf32>)
  %Y:6, %ctl_6 = FusedBatchNormV3(%C, %S, %O, %M, %V) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<*xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<*xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<*xf32>)
  %R, %ctl_7 = Relu(%Y#0) name("root") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
