// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s

// COM: ResizeBilinear is two dot_generals with constant interpolation
// COM: matrices; with half_pixel_centers 2 -> 4 rows weigh the inputs
// COM: (1, 0), (3/4, 1/4), (1/4, 3/4), (0, 1) as TensorFlow does.
// CHECK-LABEL: func.func @main
// CHECK: %[[H:.*]] = stablehlo.constant dense<{{\[}}[1.000000e+00, 0.000000e+00], [7.500000e-01, 2.500000e-01], [2.500000e-01, 7.500000e-01], [0.000000e+00, 1.000000e+00]]> : tensor<4x2xf32>
// CHECK: %[[R:.*]] = stablehlo.dot_general %arg0, %[[H]], contracting_dims = [1] x [1] : (tensor<1x2x3x1xf32>, tensor<4x2xf32>) -> tensor<1x3x1x4xf32>
// CHECK: %[[W:.*]] = stablehlo.constant dense<{{\[}}[1.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<3x3xf32>
// CHECK: %[[C:.*]] = stablehlo.dot_general %[[R]], %[[W]], contracting_dims = [1] x [1] : (tensor<1x3x1x4xf32>, tensor<3x3xf32>) -> tensor<1x1x4x3xf32>
// CHECK: stablehlo.transpose %[[C]], dims = [0, 2, 3, 1] : (tensor<1x1x4x3xf32>) -> tensor<1x4x3x1xf32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x3x1>} : () -> (tensor<1x2x3x1xf32>)
  %S, %c1 = Const name("size") {dtype = i32, value = dense<[4, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %R, %c2 = ResizeBilinear(%X, %S) name("r") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> (tensor<1x4x3x1xf32>)
}

// -----

// COM: Conv2DBackpropInput: the gradient dilated by the strides, the filter
// COM: reversed, padding so that the output has input_sizes' shape.
// CHECK-LABEL: func.func @main
// CHECK: %[[K:.*]] = stablehlo.reverse %{{.*}}, dims = [0, 1] : tensor<3x3x1x2xf32>
// CHECK: stablehlo.convolution(%arg0, %[[K]]) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {pad = {{\[}}[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {{.*}} : (tensor<1x2x2x2xf32>, tensor<3x3x1x2xf32>) -> tensor<1x4x4x1xf32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %G, %c0 = Placeholder name("g") {dtype = f32, shape = #tf_type.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
  %Sz, %c1 = Const name("sizes") {dtype = i32, value = dense<[1, 4, 4, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %K, %c2 = Const name("k") {dtype = f32, value = dense<1.0> : tensor<3x3x1x2xf32>} : () -> (tensor<3x3x1x2xf32>)
  %D, %c3 = Conv2DBackpropInput(%Sz, %K, %G) name("d") {T = f32, strides = [1, 2, 2, 1], padding = "SAME"} : (tensor<4xi32>, tensor<3x3x1x2xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x4x4x1xf32>)
}

// -----

// COM: Integer FloorDiv rounds toward negative infinity; ReverseV2,
// COM: DepthToSpace, GatherNd.
// CHECK-LABEL: func.func @main
// CHECK: %[[Q:.*]] = stablehlo.divide %arg0, %arg1 : tensor<4xi32>
// CHECK: %[[Q1:.*]] = stablehlo.subtract %[[Q]], %{{.*}} : tensor<4xi32>
// CHECK: stablehlo.select %{{.*}}, %[[Q1]], %[[Q]] : tensor<4xi1>, tensor<4xi32>
// CHECK: stablehlo.reverse %arg0, dims = [0] : tensor<4xi32>
// CHECK: stablehlo.reshape %arg2 : (tensor<1x1x1x8xf32>) -> tensor<1x1x1x2x2x2xf32>
// CHECK: stablehlo.transpose %{{.*}}, dims = [0, 1, 3, 2, 4, 5]
// CHECK: "stablehlo.gather"(%arg3, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<2x3x4xf32>, tensor<2x2xi32>) -> tensor<2x4xf32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Placeholder name("a") {dtype = i32, shape = #tf_type.shape<4>} : () -> (tensor<4xi32>)
  %B, %c1 = Placeholder name("b") {dtype = i32, shape = #tf_type.shape<4>} : () -> (tensor<4xi32>)
  %F, %c2 = FloorDiv(%A, %B) name("f") {T = i32} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>)
  %Ax, %c3 = Const name("axis") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %R, %c4 = ReverseV2(%A, %Ax) name("rev") {T = i32, Tidx = i32} : (tensor<4xi32>, tensor<1xi32>) -> (tensor<4xi32>)
  %X, %c5 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x1x1x8>} : () -> (tensor<1x1x1x8xf32>)
  %D, %c6 = DepthToSpace(%X) name("d2s") {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<1x1x1x8xf32>) -> (tensor<1x2x2x2xf32>)
  %P, %c7 = Placeholder name("p") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<2x3x4xf32>)
  %I, %c8 = Const name("idx") {dtype = i32, value = dense<[[0, 1], [1, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %G, %c9 = GatherNd(%P, %I) name("gnd") {Tparams = f32, Tindices = i32} : (tensor<2x3x4xf32>, tensor<2x2xi32>) -> (tensor<2x4xf32>)
}

// -----

// COM: FusedBatchNormV3 in inference mode; Softplus, LeakyRelu.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.rsqrt
// CHECK: stablehlo.subtract
// CHECK: stablehlo.multiply
// CHECK: stablehlo.add
// CHECK: stablehlo.log_plus_one
// CHECK: %[[AL:.*]] = stablehlo.constant dense<1.000000e-01> : tensor<1x2x2x2xf32>
// CHECK: stablehlo.multiply %arg0, %[[AL]]
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
  %S, %c1 = Const name("scale") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %O, %c2 = Const name("offset") {dtype = f32, value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %M, %c3 = Const name("mean") {dtype = f32, value = dense<[0.5, 0.5]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %V, %c4 = Const name("var") {dtype = f32, value = dense<[1.0, 4.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %Y:6, %c5 = FusedBatchNormV3(%X, %S, %O, %M, %V) name("bn") {T = f32, U = f32, epsilon = 0.001 : f32, is_training = false, data_format = "NHWC"} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %Sp, %c6 = Softplus(%Y#0) name("sp") {T = f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
  %L, %c7 = LeakyRelu(%X) name("lr") {T = f32, alpha = 0.1 : f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
}
