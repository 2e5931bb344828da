// COM: Shape functions of the image ops: resizes, SpaceToDepth,
// COM: DepthToSpace and non-max suppression.
// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// COM: Resize*(images [N, H, W, C], size [2]): [N, size[0], size[1], C].
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("images") {dtype = f32, shape = #tf_type.shape<2x8x8x3>} : () -> (tensor<*xf32>)
  %S, %ctl_0 = Const name("size") {dtype = i32, value = dense<[16, 12]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %SU, %ctl_1 = Placeholder name("size_unknown") {dtype = i32, shape = #tf_type.shape<2>} : () -> (tensor<*xi32>)
  // CHECK-DAG: name("bilinear"){{.*}} -> (tensor<2x16x12x3xf32>)
  %R0, %ctl_2 = ResizeBilinear(%I, %S) name("bilinear") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("nearest"){{.*}} -> (tensor<2x16x12x3xf32>)
  %R1, %ctl_3 = ResizeNearestNeighbor(%I, %S) name("nearest") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("bicubic"){{.*}} -> (tensor<2x16x12x3xf32>)
  %R2, %ctl_4 = ResizeBicubic(%I, %S) name("bicubic") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("area"){{.*}} -> (tensor<2x16x12x3xf32>)
  %R3, %ctl_5 = ResizeArea(%I, %S) name("area") {T = f32, align_corners = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("unknown_size"){{.*}} -> (tensor<2x?x?x3xf32>)
  %R4, %ctl_6 = ResizeBilinear(%I, %SU) name("unknown_size") {T = f32, align_corners = false, half_pixel_centers = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// -----

// COM: SpaceToDepth and DepthToSpace (NHWC) with block size 2.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("input") {dtype = f32, shape = #tf_type.shape<1x4x6x3>} : () -> (tensor<*xf32>)
  %D, %ctl_0 = Placeholder name("deep") {dtype = f32, shape = #tf_type.shape<1x2x3x12>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("space_to_depth"){{.*}} -> (tensor<1x2x3x12xf32>)
  %R0, %ctl_1 = SpaceToDepth(%I) name("space_to_depth") {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("depth_to_space"){{.*}} -> (tensor<1x4x6x3xf32>)
  %R1, %ctl_2 = DepthToSpace(%D) name("depth_to_space") {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Non-max suppression selects an unknown number of boxes, exactly
// COM: max_output_size when V4 or V5 pads to it; V4 adds the scalar
// COM: valid_outputs, V5 the selected scores before it.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %ctl = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<10x4>} : () -> (tensor<*xf32>)
  %S, %ctl_0 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<10>} : () -> (tensor<*xf32>)
  %M, %ctl_1 = Const name("max") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %T, %ctl_2 = Const name("threshold") {dtype = f32, value = dense<5.000000e-01> : tensor<f32>} : () -> (tensor<f32>)
  // CHECK-DAG: name("nms"){{.*}} -> (tensor<?xi32>)
  %N0, %ctl_3 = NonMaxSuppression(%B, %S, %M) name("nms") {iou_threshold = 5.000000e-01 : f32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("nms_v2"){{.*}} -> (tensor<?xi32>)
  %N1, %ctl_4 = NonMaxSuppressionV2(%B, %S, %M, %T) name("nms_v2") {T = f32, T_threshold = f32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("nms_v3"){{.*}} -> (tensor<?xi32>)
  %N2, %ctl_5 = NonMaxSuppressionV3(%B, %S, %M, %T, %T) name("nms_v3") {T = f32, T_threshold = f32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("nms_v4"){{.*}} -> (tensor<?xi32>, tensor<i32>)
  %N3:2, %ctl_6 = NonMaxSuppressionV4(%B, %S, %M, %T, %T) name("nms_v4") {T = f32, T_threshold = f32, pad_to_max_output_size = false} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  // CHECK-DAG: name("nms_v5"){{.*}} -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)
  %N4:3, %ctl_7 = NonMaxSuppressionV5(%B, %S, %M, %T, %T, %T) name("nms_v5") {T = f32, pad_to_max_output_size = false} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  // CHECK-DAG: name("nms_v4_padded"){{.*}} -> (tensor<5xi32>, tensor<i32>)
  %N5:2, %ctl_8 = NonMaxSuppressionV4(%B, %S, %M, %T, %T) name("nms_v4_padded") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  // CHECK-DAG: name("nms_v5_padded"){{.*}} -> (tensor<5xi32>, tensor<5xf32>, tensor<i32>)
  %N6:3, %ctl_9 = NonMaxSuppressionV5(%B, %S, %M, %T, %T, %T) name("nms_v5_padded") {T = f32, pad_to_max_output_size = true} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
}
