// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=host fetch=out' | FileCheck %s --check-prefix=HOST
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-cpu fetch=out' | FileCheck %s --check-prefix=CPU
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-gpu fetch=out' | FileCheck %s --check-prefix=GPU

// COM: A training FusedBatchNormV3 + Relu and its gradient: the forward
// COM: chain becomes _FusedBatchNormEx (host), then FusedBatchNormGradV3
// COM: over ReluGrad(dy, y) becomes _FusedBatchNormGradEx, which reads dy,
// COM: the forward's offset and y. tf-cpu has neither kernel; tf-gpu only
// COM: for half. remapper-batchnorm-grad-run.mlir runs them.
// HOST-LABEL: tfg.graph
// HOST: %[[FWD:.*]]:6, %{{.*}} = _FusedBatchNormEx(%[[X:.*]], %[[S:.*]], %[[O:.*]], %{{.*}}, %{{.*}}) name("relu") {{.*}}activation_mode = "Relu"
// HOST: _FusedBatchNormGradEx(%[[DY:.*]], %[[X]], %[[S]], %[[FWD]]#3, %[[FWD]]#4, %[[FWD]]#5, %[[O]], %[[FWD]]#0) name("grad") {{.*}}activation_mode = "Relu"{{.*}}num_side_inputs = 0
// HOST-NOT: ReluGrad
// CPU-LABEL: tfg.graph
// CPU: ReluGrad
// CPU: FusedBatchNormGradV3
// GPU-LABEL: tfg.graph
// GPU: ReluGrad
// GPU: FusedBatchNormGradV3
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %DY, %c1 = Placeholder name("dy") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %S, %c2 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O, %c3 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, -0.3, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %E, %c4 = Const name("empty") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  %BN:6, %c5 = FusedBatchNormV3(%X, %S, %O, %E, %E) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %Y, %c6 = Relu(%BN#0) name("relu") {T = f32} : (tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %RG, %c7 = ReluGrad(%DY, %Y) name("rg") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %G:5, %c8 = FusedBatchNormGradV3(%RG, %X, %S, %BN#3, %BN#4, %BN#5) name("grad") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %Out:4, %c9 = IdentityN(%G#0, %G#1, %G#2, %Y) name("out") {T = [f32, f32, f32, f32]} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>)
}

// -----

// COM: With a side input (AddV2 before the Relu): the ReluGrad's other user,
// COM: the side input's gradient, reads side_input_backprop.
// HOST-LABEL: tfg.graph
// HOST: %[[FWD:.*]]:6, %{{.*}} = _FusedBatchNormEx({{.*}}, %[[SIDE:.*]]) name("relu") {{.*}}num_side_inputs = 1
// HOST: %[[GX:.*]]:6, %{{.*}} = _FusedBatchNormGradEx({{.*}}, %[[FWD]]#0, %[[SIDE]]) name("grad") {{.*}}num_side_inputs = 1
// HOST: Identity(%[[GX]]#3) name("side_grad")
// HOST-NOT: ReluGrad
// CPU-LABEL: tfg.graph
// GPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %Z, %c1 = Placeholder name("z") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %DY, %c2 = Placeholder name("dy") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %S, %c3 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O, %c4 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, -0.3, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %E, %c5 = Const name("empty") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  %BN:6, %c6 = FusedBatchNormV3(%X, %S, %O, %E, %E) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %A, %c7 = AddV2(%BN#0, %Z) name("add") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %Y, %c8 = Relu(%A) name("relu") {T = f32} : (tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %RG, %c9 = ReluGrad(%DY, %Y) name("rg") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %G:5, %c10 = FusedBatchNormGradV3(%RG, %X, %S, %BN#3, %BN#4, %BN#5) name("grad") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %SG, %c11 = Identity(%RG) name("side_grad") {T = f32} : (tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %Out:4, %c12 = IdentityN(%G#0, %G#1, %G#2, %SG) name("out") {T = [f32, f32, f32, f32]} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf32>)
}

// -----

// COM: Not fused: a ReluGrad with a second user and no side input; a
// COM: gradient of another x; an inference gradient.
// HOST-LABEL: tfg.graph
// HOST-NOT: _FusedBatchNormGradEx
// HOST-DAG: FusedBatchNormGradV3({{.*}}) name("grad_two_users")
// HOST-DAG: FusedBatchNormGradV3({{.*}}) name("grad_other_x")
// HOST-DAG: FusedBatchNormGradV3({{.*}}) name("grad_inference")
// CPU-LABEL: tfg.graph
// GPU-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %X2, %c1 = Placeholder name("x2") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %DY, %c2 = Placeholder name("dy") {dtype = f32, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf32>)
  %S, %c3 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O, %c4 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, -0.3, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %E, %c5 = Const name("empty") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  %BN:6, %c6 = FusedBatchNormV3(%X, %S, %O, %E, %E) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %Y, %c7 = Relu(%BN#0) name("relu") {T = f32} : (tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %RG, %c8 = ReluGrad(%DY, %Y) name("rg") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %G1:5, %c9 = FusedBatchNormGradV3(%RG, %X, %S, %BN#3, %BN#4, %BN#5) name("grad_two_users") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %RG2, %c10 = ReluGrad(%DY, %Y) name("rg2") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %G2:5, %c11 = FusedBatchNormGradV3(%RG2, %X2, %S, %BN#3, %BN#4, %BN#5) name("grad_other_x") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %RG3, %c12 = ReluGrad(%DY, %Y) name("rg3") {T = f32} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>)
  %G3:5, %c13 = FusedBatchNormGradV3(%RG3, %X, %S, %BN#3, %BN#4, %BN#5) name("grad_inference") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %Out:4, %c14 = IdentityN(%G1#0, %RG, %G2#0, %G3#0) name("out") {T = [f32, f32, f32, f32]} : (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>) -> (tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>, tensor<2x3x2x4xf32>)
}

// -----

// COM: tf-gpu fuses the half-precision form (cuDNN's kernel).
// GPU-LABEL: tfg.graph
// GPU: _FusedBatchNormGradEx({{.*}}) name("grad")
// GPU-NOT: ReluGrad
// HOST-LABEL: tfg.graph
// CPU-LABEL: tfg.graph
// CPU: FusedBatchNormGradV3
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f16, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf16>)
  %DY, %c1 = Placeholder name("dy") {dtype = f16, shape = #tf_type.shape<2x3x2x4>} : () -> (tensor<2x3x2x4xf16>)
  %S, %c2 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O, %c3 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, -0.3, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %E, %c4 = Const name("empty") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  %BN:6, %c5 = FusedBatchNormV3(%X, %S, %O, %E, %E) name("bn") {T = f16, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf16>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<2x3x2x4xf16>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %Y, %c6 = Relu(%BN#0) name("relu") {T = f16} : (tensor<2x3x2x4xf16>) -> (tensor<2x3x2x4xf16>)
  %RG, %c7 = ReluGrad(%DY, %Y) name("rg") {T = f16} : (tensor<2x3x2x4xf16>, tensor<2x3x2x4xf16>) -> (tensor<2x3x2x4xf16>)
  %G:5, %c8 = FusedBatchNormGradV3(%RG, %X, %S, %BN#3, %BN#4, %BN#5) name("grad") {T = f16, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<2x3x2x4xf16>, tensor<2x3x2x4xf16>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<2x3x2x4xf16>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %Out:4, %c9 = IdentityN(%G#0, %G#1, %G#2, %Y) name("out") {T = [f16, f32, f32, f16]} : (tensor<2x3x2x4xf16>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf16>) -> (tensor<2x3x2x4xf16>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x2x4xf16>)
}
