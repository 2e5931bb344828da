// COM: Shape functions of the image ops: resizes, SpaceToDepth,
// COM: DepthToSpace, SpaceToBatchND, BatchToSpaceND and non-max
// COM: suppression.
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

// -----

// COM: SpaceToBatchND and BatchToSpaceND: the batch times (divided by) the
// COM: block's product, the spatial dimensions padded and divided
// COM: (multiplied and cropped), the rest kept; paddings computed from a
// COM: Shape are known values. Unknown blocks or paddings keep the rank; a
// COM: size that does not divide stays unknown.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("input") {dtype = f32, shape = #tf_type.shape<2x5x6x3>} : () -> (tensor<2x5x6x3xf32>)
  %B, %ctl_0 = Const name("block") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %P, %ctl_1 = Const name("pad") {dtype = i32, value = dense<[[1, 2], [0, 0]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %Z, %ctl_2 = Const name("zero") {dtype = i32, value = dense<0> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %C, %ctl_3 = Const name("crop") {dtype = i32, value = dense<[[1, 2], [0, 1]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  // CHECK-DAG: name("s2b"){{.*}} -> (tensor<8x4x3x3xf32>)
  %S, %ctl_4 = SpaceToBatchND(%I, %B, %P) name("s2b") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<2x5x6x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("b2s"){{.*}} -> (tensor<2x5x5x3xf32>)
  %T, %ctl_5 = BatchToSpaceND(%S, %B, %C) name("b2s") {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<*xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("odd"){{.*}} -> (tensor<8x?x3x3xf32>)
  %O, %ctl_6 = SpaceToBatchND(%I, %B, %Z) name("odd") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<2x5x6x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %Q, %ctl_7 = Placeholder name("fed_pad") {dtype = i32, shape = #tf_type.shape<2x2>} : () -> (tensor<2x2xi32>)
  // CHECK-DAG: name("fed"){{.*}} -> (tensor<?x?x?x?xf32>)
  %F, %ctl_8 = SpaceToBatchND(%I, %B, %Q) name("fed") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<2x5x6x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %Sh, %ctl_9 = Shape(%I) name("shape") {T = f32, out_type = i32} : (tensor<2x5x6x3xf32>) -> (tensor<4xi32>)
  %Sl, %ctl_10 = Const name("slice") {dtype = i32, value = dense<[1, 1, 6, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %Sh2, %ctl_11 = Const name("shape22") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Sub, %ctl_12 = Sub(%Sh, %Sl) name("sub") {T = i32} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>)
  %Pc, %ctl_13 = Reshape(%Sub, %Sh2) name("computed_pad") {T = i32, Tshape = i32} : (tensor<4xi32>, tensor<2xi32>) -> (tensor<2x2xi32>)
  // CHECK-DAG: name("computed"){{.*}} -> (tensor<8x5x3x3xf32>)
  %K, %ctl_14 = SpaceToBatchND(%I, %B, %Pc) name("computed") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<2x5x6x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<*xf32>)
}
