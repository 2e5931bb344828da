// COM: Shape functions of linear algebra, convolutions, pooling, batch
// COM: normalization and the other neural-network ops.
// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// COM: MatMul with transposes, _FusedMatMul, BatchMatMul* (broadcast batch
// COM: dims, adjoints).
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<*xf32>)
  %X, %ctl_1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<5x1x2x3>} : () -> (tensor<*xf32>)
  %Y, %ctl_2 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<7x4x3>} : () -> (tensor<*xf32>)
  %Bias, %ctl_3 = Placeholder name("bias") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("matmul"){{.*}} -> (tensor<2x4xf32>)
  %M0, %ctl_4 = MatMul(%A, %B) name("matmul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("matmul_t"){{.*}} -> (tensor<3x3xf32>)
  %M1, %ctl_5 = MatMul(%A, %A) name("matmul_t") {T = f32, transpose_a = true, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("fused_matmul"){{.*}} -> (tensor<2x4xf32>)
  %M2, %ctl_6 = _FusedMatMul(%A, %B, %Bias) name("fused_matmul") {T = f32, fused_ops = ["BiasAdd"], num_args = 1 : i64, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // COM: A rank other than 2 is invalid.
  // CHECK-DAG: name("matmul_bad"){{.*}} -> (tensor<*xf32>)
  %M3, %ctl_7 = MatMul(%X, %B) name("matmul_bad") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("batch_matmul_v2"){{.*}} -> (tensor<5x7x2x4xf32>)
  %M4, %ctl_8 = BatchMatMulV2(%X, %Y) name("batch_matmul_v2") {T = f32, adj_x = false, adj_y = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("batch_matmul_v3"){{.*}} -> (tensor<5x7x3x4xf32>)
  %M5, %ctl_9 = BatchMatMulV3(%X, %Y) name("batch_matmul_v3") {Ta = f32, Tb = f32, Tout = f32, adj_x = true, adj_y = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("batch_matmul"){{.*}} -> (tensor<5x1x2x2xf32>)
  %M6, %ctl_10 = BatchMatMul(%X, %X) name("batch_matmul") {T = f32, adj_x = false, adj_y = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Conv2D: SAME gives ceil(in / stride), VALID
// COM: floor((in - (k - 1) * dilation - 1) / stride) + 1, EXPLICIT adds the
// COM: paddings first; NCHW reads the spatial dims at 2 and 3.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("input") {dtype = f32, shape = #tf_type.shape<1x10x11x3>} : () -> (tensor<*xf32>)
  %IC, %ctl_0 = Placeholder name("input_nchw") {dtype = f32, shape = #tf_type.shape<1x3x10x11>} : () -> (tensor<*xf32>)
  %F, %ctl_1 = Placeholder name("filter") {dtype = f32, shape = #tf_type.shape<3x3x3x8>} : () -> (tensor<*xf32>)
  %Bias, %ctl_2 = Placeholder name("bias") {dtype = f32, shape = #tf_type.shape<8>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("conv_same"){{.*}} -> (tensor<1x5x6x8xf32>)
  %C0, %ctl_3 = Conv2D(%I, %F) name("conv_same") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("conv_valid"){{.*}} -> (tensor<1x4x5x8xf32>)
  %C1, %ctl_4 = Conv2D(%I, %F) name("conv_valid") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("conv_dilated"){{.*}} -> (tensor<1x6x7x8xf32>)
  %C2, %ctl_5 = Conv2D(%I, %F) name("conv_dilated") {T = f32, data_format = "NHWC", dilations = [1, 2, 2, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("conv_explicit"){{.*}} -> (tensor<1x11x10x8xf32>)
  %C3, %ctl_6 = Conv2D(%I, %F) name("conv_explicit") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [0, 0, 1, 2, 0, 1, 0, 0], padding = "EXPLICIT", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("conv_nchw"){{.*}} -> (tensor<1x8x10x11xf32>)
  %C4, %ctl_7 = Conv2D(%IC, %F) name("conv_nchw") {T = f32, data_format = "NCHW", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("fused_conv"){{.*}} -> (tensor<1x5x6x8xf32>)
  %C5, %ctl_8 = _FusedConv2D(%I, %F, %Bias) name("fused_conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], fused_ops = ["BiasAdd", "Relu"], num_args = 1 : i64, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // COM: Depthwise: channels times the multiplier (3 * 8).
  // CHECK-DAG: name("depthwise"){{.*}} -> (tensor<1x10x11x24xf32>)
  %C6, %ctl_9 = DepthwiseConv2dNative(%I, %F) name("depthwise") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("fused_depthwise"){{.*}} -> (tensor<1x8x9x24xf32>)
  %C7, %ctl_10 = FusedDepthwiseConv2dNative(%I, %F, %Bias) name("fused_depthwise") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], fused_ops = ["BiasAdd"], num_args = 1 : i64, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // COM: Conv2DBackpropInput: the shape is the input_sizes operand.
  %Sz, %ctl_11 = Const name("input_sizes") {dtype = i32, value = dense<[1, 10, 11, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  // CHECK-DAG: name("conv_backprop_input"){{.*}} -> (tensor<1x10x11x3xf32>)
  %C8, %ctl_12 = Conv2DBackpropInput(%Sz, %F, %C0) name("conv_backprop_input") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<4xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Conv3D and pooling (window from ksize).
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("input") {dtype = f32, shape = #tf_type.shape<2x9x9x4>} : () -> (tensor<*xf32>)
  %IC, %ctl_0 = Placeholder name("input_nchw") {dtype = f32, shape = #tf_type.shape<2x4x9x9>} : () -> (tensor<*xf32>)
  %V, %ctl_1 = Placeholder name("volume") {dtype = f32, shape = #tf_type.shape<1x8x8x8x2>} : () -> (tensor<*xf32>)
  %F3, %ctl_2 = Placeholder name("filter3d") {dtype = f32, shape = #tf_type.shape<3x3x3x2x5>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("conv3d"){{.*}} -> (tensor<1x6x6x6x5xf32>)
  %C0, %ctl_3 = Conv3D(%V, %F3) name("conv3d") {T = f32, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("max_pool"){{.*}} -> (tensor<2x4x4x4xf32>)
  %P0, %ctl_4 = MaxPool(%I) name("max_pool") {T = f32, data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("avg_pool"){{.*}} -> (tensor<2x5x5x4xf32>)
  %P1, %ctl_5 = AvgPool(%I) name("avg_pool") {T = f32, data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("max_pool_nchw"){{.*}} -> (tensor<2x4x4x4xf32>)
  %P2, %ctl_6 = MaxPool(%IC) name("max_pool_nchw") {T = f32, data_format = "NCHW", explicit_paddings = [], ksize = [1, 1, 2, 2], padding = "VALID", strides = [1, 1, 2, 2]} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("max_pool3d"){{.*}} -> (tensor<1x4x4x4x2xf32>)
  %P3, %ctl_7 = MaxPool3D(%V) name("max_pool3d") {T = f32, data_format = "NDHWC", ksize = [1, 2, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("avg_pool3d"){{.*}} -> (tensor<1x8x8x8x2xf32>)
  %P4, %ctl_8 = AvgPool3D(%V) name("avg_pool3d") {T = f32, data_format = "NDHWC", ksize = [1, 3, 3, 3, 1], padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Batch normalization (y like x, the statistics like the channels),
// COM: BiasAdd, Softmax, LRN and the softmax cross entropy.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5x5x3>} : () -> (tensor<*xf32>)
  %XC, %ctl_0 = Placeholder name("x_nchw") {dtype = f32, shape = #tf_type.shape<2x3x5x5>} : () -> (tensor<*xf32>)
  %S, %ctl_1 = Placeholder name("scale") {dtype = f32} : () -> (tensor<*xf32>)
  %L, %ctl_2 = Placeholder name("logits") {dtype = f32, shape = #tf_type.shape<4x10>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("fbn"){{.*}} -> (tensor<2x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %B0:5, %ctl_3 = FusedBatchNorm(%X, %S, %S, %S, %S) name("fbn") {T = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // CHECK-DAG: name("fbn_v2"){{.*}} -> (tensor<2x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %B1:5, %ctl_4 = FusedBatchNormV2(%XC, %S, %S, %S, %S) name("fbn_v2") {T = f32, U = f32, data_format = "NCHW", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // COM: V3's reserve_space_3 is opaque.
  // CHECK-DAG: name("fbn_v3"){{.*}} -> (tensor<2x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<*xf32>)
  %B2:6, %ctl_5 = FusedBatchNormV3(%X, %S, %S, %S, %S) name("fbn_v3") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // COM: _FusedBatchNormEx has the results of FusedBatchNormV3.
  // CHECK-DAG: name("fbn_ex"){{.*}} -> (tensor<2x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<*xf32>)
  %B3:6, %ctl_6 = _FusedBatchNormEx(%X, %S, %S, %S, %S) name("fbn_ex") {T = f32, U = f32, activation_mode = "Relu", data_format = "NHWC", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false, num_side_inputs = 0 : i64} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // CHECK-DAG: name("bias_add"){{.*}} -> (tensor<2x5x5x3xf32>)
  %N0, %ctl_7 = BiasAdd(%X, %S) name("bias_add") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("bias_add_v1"){{.*}} -> (tensor<2x5x5x3xf32>)
  %N1, %ctl_8 = BiasAddV1(%X, %S) name("bias_add_v1") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("softmax"){{.*}} -> (tensor<4x10xf32>)
  %N2, %ctl_9 = Softmax(%L) name("softmax") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("log_softmax"){{.*}} -> (tensor<4x10xf32>)
  %N3, %ctl_10 = LogSoftmax(%L) name("log_softmax") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("lrn"){{.*}} -> (tensor<2x5x5x3xf32>)
  %N4, %ctl_11 = LRN(%X) name("lrn") {T = f32, alpha = 1.000000e+00 : f32, beta = 5.000000e-01 : f32, bias = 1.000000e+00 : f32, depth_radius = 5 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  // COM: (loss [batch], backprop [batch, classes]).
  // CHECK-DAG: name("xent"){{.*}} -> (tensor<4xf32>, tensor<4x10xf32>)
  %N5:2, %ctl_12 = SoftmaxCrossEntropyWithLogits(%L, %L) name("xent") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
}
