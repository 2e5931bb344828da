// Soft NMS (NonMaxSuppressionV5 with soft_nms_sigma > 0) and
// CombinedNonMaxSuppression, for tfg-run --stage=stablehlo
// (stage-stablehlo-nms.test). `t` is the score threshold; `cboxes` shares
// its boxes among the classes (q = 1), `cboxes3` has one per class; `fixed`
// runs CombinedNonMaxSuppression on `boxes` and `scores` (one batch, one
// class).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %c0 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<6x4>} : () -> (tensor<6x4xf32>)
  %S, %c1 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<6>} : () -> (tensor<6xf32>)
  %T, %c2 = Placeholder name("t") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %CB, %c3 = Placeholder name("cboxes") {dtype = f32, shape = #tf_type.shape<2x6x1x4>} : () -> (tensor<2x6x1x4xf32>)
  %CB3, %c4 = Placeholder name("cboxes3") {dtype = f32, shape = #tf_type.shape<2x6x3x4>} : () -> (tensor<2x6x3x4xf32>)
  %CS, %c5 = Placeholder name("cscores") {dtype = f32, shape = #tf_type.shape<2x6x3>} : () -> (tensor<2x6x3xf32>)
  %M2, %c10 = Const name("max2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %M3, %c11 = Const name("max3") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %M4, %c12 = Const name("max4") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %M8, %c13 = Const name("max8") {dtype = i32, value = dense<8> : tensor<i32>} : () -> (tensor<i32>)
  %M20, %c14 = Const name("max20") {dtype = i32, value = dense<20> : tensor<i32>} : () -> (tensor<i32>)
  %Iou, %c15 = Const name("iou") {dtype = f32, value = dense<0.3> : tensor<f32>} : () -> (tensor<f32>)
  %Sg, %c16 = Const name("sigma") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %Sg2, %c17 = Const name("sigma2") {dtype = f32, value = dense<0.05> : tensor<f32>} : () -> (tensor<f32>)
  %Sh1, %c18 = Const name("shape1") {dtype = i32, value = dense<[1, 6, 1, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %Sh2, %c19 = Const name("shape2") {dtype = i32, value = dense<[1, 6, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)

  %N5:3, %c20 = NonMaxSuppressionV5(%B, %S, %M3, %Iou, %T, %Sg) name("soft") {T = f32, pad_to_max_output_size = false} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)
  %P5:3, %c21 = NonMaxSuppressionV5(%B, %S, %M8, %Iou, %T, %Sg2) name("soft_pad") {T = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<8xi32>, tensor<8xf32>, tensor<i32>)

  %C:4, %c30 = CombinedNonMaxSuppression(%CB, %CS, %M2, %M4, %Iou, %T) name("comb") {pad_per_class = false, clip_boxes = true} : (tensor<2x6x1x4xf32>, tensor<2x6x3xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<2x4x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xi32>)
  %C3:4, %c31 = CombinedNonMaxSuppression(%CB3, %CS, %M3, %M8, %Iou, %T) name("comb3") {pad_per_class = true, clip_boxes = false} : (tensor<2x6x3x4xf32>, tensor<2x6x3xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<2x8x4xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2xi32>)
  %CW:4, %c32 = CombinedNonMaxSuppression(%CB, %CS, %M2, %M20, %Iou, %T) name("comb_wide") {pad_per_class = false, clip_boxes = true} : (tensor<2x6x1x4xf32>, tensor<2x6x3xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<2x20x4xf32>, tensor<2x20xf32>, tensor<2x20xf32>, tensor<2xi32>)
  %RB, %c33 = Reshape(%B, %Sh1) name("rb") {T = f32, Tshape = i32} : (tensor<6x4xf32>, tensor<4xi32>) -> (tensor<1x6x1x4xf32>)
  %RS, %c34 = Reshape(%S, %Sh2) name("rs") {T = f32, Tshape = i32} : (tensor<6xf32>, tensor<3xi32>) -> (tensor<1x6x1xf32>)
  %F:4, %c35 = CombinedNonMaxSuppression(%RB, %RS, %M3, %M4, %Iou, %T) name("fixed") {pad_per_class = false, clip_boxes = false} : (tensor<1x6x1x4xf32>, tensor<1x6x1xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<1x4x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xi32>)
}
