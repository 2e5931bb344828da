// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: WindowRules.cpp; the NUM lines: tfg-run and the StableHLO
// COM: interpreter agree on every output (utils/check-stablehlo-lowering.py).

// COM: MaxPool3D and AvgPool3D (SAME: the average excludes the padding),
// COM: NDHWC.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.reduce_window"
// CHECK: stablehlo.maximum
// CHECK: stablehlo.divide
// NUM: graph 0: 3 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x3x4x5x2>} : () -> (tensor<1x3x4x5x2xf32>)
  %A, %c1 = MaxPool3D(%X) name("max") {T = f32, data_format = "NDHWC", ksize = [1, 2, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<1x3x4x5x2xf32>) -> (tensor<1x2x2x3x2xf32>)
  %B, %c2 = AvgPool3D(%X) name("avg") {T = f32, data_format = "NDHWC", ksize = [1, 2, 3, 2, 1], padding = "SAME", strides = [1, 1, 2, 2, 1]} : (tensor<1x3x4x5x2xf32>) -> (tensor<1x3x2x3x2xf32>)
  %C, %c3 = AvgPool3D(%X) name("valid") {T = f32, data_format = "NDHWC", ksize = [1, 2, 2, 2, 1], padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x3x4x5x2xf32>) -> (tensor<1x2x3x4x2xf32>)
}

// -----

// COM: MaxPoolV2 (ksize and strides as constant inputs), NCHW.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.reduce_window"
// CHECK: window_dimensions = array<i64: 1, 1, 3, 3>
// NUM: graph 1: 1 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x5x5>} : () -> (tensor<1x2x5x5xf32>)
  %K, %c1 = Const name("k") {dtype = i32, value = dense<[1, 1, 3, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %S, %c2 = Const name("s") {dtype = i32, value = dense<[1, 1, 2, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %A, %c3 = MaxPoolV2(%X, %K, %S) name("max") {T = f32, data_format = "NCHW", padding = "SAME"} : (tensor<1x2x5x5xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x2x3x3xf32>)
}

// -----

// COM: LRN over the channels (depth_radius 2 of 5 channels).
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.reduce_window"
// CHECK: stablehlo.power
// NUM: graph 2: 1 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x5>} : () -> (tensor<1x2x2x5xf32>)
  %A, %c1 = LRN(%X) name("lrn") {T = f32, depth_radius = 2 : i64, bias = 0.5 : f32, alpha = 0.25 : f32, beta = 0.75 : f32} : (tensor<1x2x2x5xf32>) -> (tensor<1x2x2x5xf32>)
}

// -----

// COM: Other names of rules registered elsewhere: BiasAddV1, TF.js's
// COM: DepthwiseConv2d, FusedConv2D and _FusedDepthwiseConv2dNative.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.add
// CHECK: stablehlo.convolution
// NUM: graph 3: 4 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x2>} : () -> (tensor<1x4x4x2xf32>)
  %W, %c1 = Const name("w") {dtype = f32, value = dense<[[[[1.0, -1.0], [0.5, 2.0]], [[0.0, 1.0], [1.0, 0.0]]], [[[2.0, 0.5], [-1.0, 1.0]], [[0.25, 0.25], [3.0, -2.0]]]]> : tensor<2x2x2x2xf32>} : () -> (tensor<2x2x2x2xf32>)
  %B, %c2 = Const name("b") {dtype = f32, value = dense<[0.5, -0.25]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %B4, %c7 = Const name("b4") {dtype = f32, value = dense<[0.5, -0.25, 1.0, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %A, %c3 = BiasAddV1(%X, %B) name("bias") {T = f32} : (tensor<1x4x4x2xf32>, tensor<2xf32>) -> (tensor<1x4x4x2xf32>)
  %D, %c4 = DepthwiseConv2d(%X, %W) name("dw") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2x2xf32>) -> (tensor<1x4x4x4xf32>)
  %F, %c5 = FusedConv2D(%X, %W, %B) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], epsilon = 0.0 : f32, fused_ops = ["BiasAdd", "Relu"], num_args = 1 : i64, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x3x3x2xf32>)
  %G, %c6 = _FusedDepthwiseConv2dNative(%X, %W, %B4) name("fdw") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], epsilon = 0.0 : f32, fused_ops = ["BiasAdd"], num_args = 1 : i64, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2x2xf32>, tensor<4xf32>) -> (tensor<1x3x3x4xf32>)
}
