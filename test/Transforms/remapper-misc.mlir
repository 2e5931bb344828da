// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=tf-cpu fetch=out' | FileCheck %s --check-prefix=CPU
// RUN: tfg-opt %s --split-input-file --tfg-remapper='target=host fetch=out' | FileCheck %s --check-prefix=HOST

// COM: Conv2D + Squeeze + BiasAdd: the bias moves before the Squeeze, into
// COM: the convolution.
// CPU-LABEL: tfg.graph
// CPU: %[[FUSED:.*]], %{{.*}} = _FusedConv2D({{.*}}) name("root/_FusedConv2D") {{.*}}fused_ops = ["BiasAdd"]
// CPU: Squeeze(%[[FUSED]]) name("root") {T = f32, squeeze_dims = [1]}
// HOST-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x1x8x3>} : () -> (tensor<1x1x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x3x3x4xf32>} : () -> (tensor<1x3x3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x1x8x3xf32>, tensor<1x3x3x4xf32>) -> (tensor<1x1x8x4xf32>)
  %S, %ctl_3 = Squeeze(%C) name("sq") {T = f32, squeeze_dims = [1]} : (tensor<1x1x8x4xf32>) -> (tensor<1x8x4xf32>)
  %A, %ctl_4 = BiasAdd(%S, %B) name("root") {T = f32} : (tensor<1x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x4xf32>)
  %Out, %ctl_out = Identity(%A) name("out") {T = f32} : (tensor<1x8x4xf32>) -> (tensor<1x8x4xf32>)
}

// -----

// COM: A Squeeze of the channel dimension blocks it.
// CPU-LABEL: tfg.graph
// CPU-NOT: _Fused
// CPU: Squeeze
// HOST-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x8x3>} : () -> (tensor<1x2x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x3x3x1xf32>} : () -> (tensor<1x3x3x1xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x8x3xf32>, tensor<1x3x3x1xf32>) -> (tensor<1x2x8x1xf32>)
  %S, %ctl_3 = Squeeze(%C) name("sq") {T = f32, squeeze_dims = [-1]} : (tensor<1x2x8x1xf32>) -> (tensor<1x2x8xf32>)
  %A, %ctl_4 = BiasAdd(%S, %B) name("root") {T = f32} : (tensor<1x2x8xf32>, tensor<2xf32>) -> (tensor<1x2x8xf32>)
  %Out, %ctl_out = Identity(%A) name("out") {T = f32} : (tensor<1x2x8xf32>) -> (tensor<1x2x8xf32>)
}

// -----

// COM: SpaceToBatchND + Conv2D + BatchToSpaceND (an atrous convolution of
// COM: rate 2, 3x3 filter, on a 6x6 input): the paddings [[2, 4], [2, 4]]
// COM: less the crops [[0, 2], [0, 2]] are what SAME pads for a filter of
// COM: effective size 5, so this is a SAME Conv2D dilated by 2.
// CPU-LABEL: tfg.graph
// CPU: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CPU: Conv2D(%[[X]], %{{.*}}) name("root") {T = f32, data_format = "NHWC", dilations = [1, 2, 2, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]
// CPU-NOT: SpaceToBatchND
// CPU-NOT: BatchToSpaceND
// HOST-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x6x6x2>} : () -> (tensor<1x6x6x2xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x2x3xf32>} : () -> (tensor<3x3x2x3xf32>)
  %K, %ctl_1 = Const name("block") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %P, %ctl_2 = Const name("pads") {dtype = i32, value = dense<[[2, 4], [2, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %Cr, %ctl_3 = Const name("crops") {dtype = i32, value = dense<[[0, 2], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %S, %ctl_4 = SpaceToBatchND(%X, %K, %P) name("s2b") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<1x6x6x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<4x6x6x2xf32>)
  %C, %ctl_5 = Conv2D(%S, %F) name("c") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x6x6x2xf32>, tensor<3x3x2x3xf32>) -> (tensor<4x4x4x3xf32>)
  %B, %ctl_6 = BatchToSpaceND(%C, %K, %Cr) name("root") {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<4x4x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<1x6x6x3xf32>)
  %Out, %ctl_out = Identity(%B) name("out") {T = f32} : (tensor<1x6x6x3xf32>) -> (tensor<1x6x6x3xf32>)
}

// -----

// COM: Paddings that are not SAME's give an EXPLICIT dilated convolution;
// COM: with crops larger than the paddings nothing is done.
// CPU-LABEL: tfg.graph
// CPU: Conv2D({{.*}}) name("root") {{.*}}dilations = [1, 2, 2, 1], explicit_paddings = [0, 0, 1, 3, 2, 2, 0, 0], padding = "EXPLICIT"
// CPU: BatchToSpaceND({{.*}}) name("root2")
// HOST-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x6x6x2>} : () -> (tensor<1x6x6x2xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x2x3xf32>} : () -> (tensor<3x3x2x3xf32>)
  %K, %ctl_1 = Const name("block") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %P, %ctl_2 = Const name("pads") {dtype = i32, value = dense<[[2, 4], [2, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %Cr, %ctl_3 = Const name("crops") {dtype = i32, value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %Cr2, %ctl_3b = Const name("crops2") {dtype = i32, value = dense<[[3, 0], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %S, %ctl_4 = SpaceToBatchND(%X, %K, %P) name("s2b") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<1x6x6x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<4x6x6x2xf32>)
  %C, %ctl_5 = Conv2D(%S, %F) name("c") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x6x6x2xf32>, tensor<3x3x2x3xf32>) -> (tensor<4x4x4x3xf32>)
  %B, %ctl_6 = BatchToSpaceND(%C, %K, %Cr) name("root") {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<4x4x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<1x6x6x3xf32>)
  %S2, %ctl_7 = SpaceToBatchND(%X, %K, %P) name("s2b2") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<1x6x6x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<4x6x6x2xf32>)
  %C2, %ctl_8 = Conv2D(%S2, %F) name("c2") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x6x6x2xf32>, tensor<3x3x2x3xf32>) -> (tensor<4x4x4x3xf32>)
  %B2, %ctl_9 = BatchToSpaceND(%C2, %K, %Cr2) name("root2") {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<4x4x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %Out:2, %ctl_out = IdentityN(%B, %B2) name("out") {T = [f32, f32]} : (tensor<1x6x6x3xf32>, tensor<*xf32>) -> (tensor<1x6x6x3xf32>, tensor<*xf32>)
}

// -----

// COM: Contraction + BiasAdd + AddV2 (residual) + Relu: the evaluator runs
// COM: it fused; stock TensorFlow only with oneDNN.
// HOST-LABEL: tfg.graph
// HOST: %[[Y:.*]], %{{.*}} = Placeholder name("y")
// HOST: _FusedConv2D(%{{.*}}, %{{.*}}, %{{.*}}, %[[Y]]) name("root") {{.*}}fused_ops = ["BiasAdd", "Add", "Relu"], {{.*}}num_args = 2 : i64
// CPU-LABEL: tfg.graph
// CPU: _FusedConv2D({{.*}}) name("bias") {{.*}}fused_ops = ["BiasAdd"]
// CPU: AddV2
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %Y, %ctl_y = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x8x8x4>} : () -> (tensor<1x8x8x4xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) name("bias") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %S, %ctl_4 = AddV2(%A, %Y) name("add") {T = f32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %R, %ctl_5 = Relu(%S) name("root") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %Out, %ctl_out = Identity(%R) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}
