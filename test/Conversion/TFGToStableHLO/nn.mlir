// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s

// COM: Conv2D (SAME padding computed from the static shapes), the TF.js
// COM: converter's _FusedConv2D with BiasAdd+Relu6, the depthwise forms.
// CHECK-LABEL: func.func @main
// CHECK: %[[K:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<3x3x2x4xf32>
// CHECK: %[[C:.*]] = stablehlo.convolution(%arg0, %[[K]]) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[}}[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
// CHECK: %[[F:.*]] = stablehlo.convolution(%arg0, %[[K]]) {{.*}}stride = [2, 2], pad = {{\[}}[0, 1], [0, 1]]{{.*}} -> tensor<1x2x2x4xf32>
// CHECK: %[[BB:.*]] = stablehlo.broadcast_in_dim %{{.*}}, dims = [3] : (tensor<4xf32>) -> tensor<1x2x2x4xf32>
// CHECK: %[[A:.*]] = stablehlo.add %[[F]], %[[BB]]
// CHECK: stablehlo.clamp %{{.*}}, %[[A]], %{{.*}} : tensor<1x2x2x4xf32>
// CHECK: %[[DK:.*]] = stablehlo.reshape %{{.*}} : (tensor<3x3x2x1xf32>) -> tensor<3x3x1x2xf32>
// CHECK: stablehlo.convolution(%arg0, %[[DK]]) {{.*}}feature_group_count = 2 : i64{{.*}} -> tensor<1x4x4x2xf32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x2>} : () -> (tensor<1x4x4x2xf32>)
  %K, %c1 = Const name("k") {dtype = f32, value = dense<1.0> : tensor<3x3x2x4xf32>} : () -> (tensor<3x3x2x4xf32>)
  %B, %c2 = Const name("b") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %D, %c3 = Const name("dk") {dtype = f32, value = dense<2.0> : tensor<3x3x2x1xf32>} : () -> (tensor<3x3x2x1xf32>)
  %C, %c4 = Conv2D(%X, %K) name("conv") {T = f32, strides = [1, 1, 1, 1], padding = "SAME", data_format = "NHWC", dilations = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x4xf32>) -> (tensor<1x4x4x4xf32>)
  %F, %c5 = _FusedConv2D(%X, %K, %B) name("fused") {T = f32, strides = [1, 2, 2, 1], padding = "SAME", num_args = 1 : i64, fused_ops = ["BiasAdd", "Relu6"], epsilon = 0.0 : f32} : (tensor<1x4x4x2xf32>, tensor<3x3x2x4xf32>, tensor<4xf32>) -> (tensor<1x2x2x4xf32>)
  %W, %c6 = DepthwiseConv2dNative(%X, %D) name("dw") {T = f32, strides = [1, 1, 1, 1], padding = "SAME"} : (tensor<1x4x4x2xf32>, tensor<3x3x2x1xf32>) -> (tensor<1x4x4x2xf32>)
}

// -----

// COM: MatMul and _FusedMatMul as dot_general; BatchMatMulV2 broadcasts the
// COM: batch dimensions.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
// CHECK: %[[S:.*]] = stablehlo.logistic
// CHECK: %[[L:.*]] = stablehlo.broadcast_in_dim %arg3, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<5x2x3xf32>
// CHECK: stablehlo.dot_general %[[L]], %arg4, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %B, %c1 = Placeholder name("b") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<3x4xf32>)
  %BT, %c2 = Placeholder name("bt") {dtype = f32, shape = #tf_type.shape<4x3>} : () -> (tensor<4x3xf32>)
  %M, %c3 = MatMul(%A, %B) name("m") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %Bias, %c4 = Const name("bias") {dtype = f32, value = dense<0.5> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %F, %c5 = _FusedMatMul(%A, %BT, %Bias) name("f") {T = f32, transpose_a = false, transpose_b = true, num_args = 1 : i64, fused_ops = ["BiasAdd", "Sigmoid"]} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %X, %c6 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %c7 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<5x3x4>} : () -> (tensor<5x3x4xf32>)
  %BM, %c8 = BatchMatMulV2(%X, %Y) name("bm") {T = f32, adj_x = false, adj_y = false} : (tensor<2x3xf32>, tensor<5x3x4xf32>) -> (tensor<5x2x4xf32>)
}

// -----

// COM: Pools as reduce_window; AvgPool divides by the count of input
// COM: elements in each window; Mean reduces then divides.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.reduce_window"(%arg0, %{{.*}}) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}>
// CHECK: stablehlo.maximum
// CHECK: -> tensor<1x2x2x3xf32>
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x4x4x3xf32>, tensor<f32>) -> tensor<1x3xf32>
// CHECK: %[[N:.*]] = stablehlo.constant dense<1.600000e+01> : tensor<1x3xf32>
// CHECK: stablehlo.divide %{{.*}}, %[[N]] : tensor<1x3xf32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x3>} : () -> (tensor<1x4x4x3xf32>)
  %P, %c1 = MaxPool(%X) name("p") {T = f32, ksize = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = "VALID", data_format = "NHWC"} : (tensor<1x4x4x3xf32>) -> (tensor<1x2x2x3xf32>)
  %Ax, %c2 = Const name("axes") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %M, %c3 = Mean(%X, %Ax) name("mean") {T = f32, Tidx = i32, keep_dims = false} : (tensor<1x4x4x3xf32>, tensor<2xi32>) -> (tensor<1x3xf32>)
  %G, %c4 = AvgPool(%X) name("avg") {T = f32, ksize = [1, 3, 3, 1], strides = [1, 1, 1, 1], padding = "SAME", data_format = "NHWC"} : (tensor<1x4x4x3xf32>) -> (tensor<1x4x4x3xf32>)
  %S, %c5 = Softmax(%M) name("sm") {T = f32} : (tensor<1x3xf32>) -> (tensor<1x3xf32>)
  %Am, %c6 = Const name("dim") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %AM, %c7 = ArgMax(%M, %Am) name("am") {T = f32, Tidx = i32, output_type = i64} : (tensor<1x3xf32>, tensor<i32>) -> (tensor<1xi64>)
}
