// Graphs whose shapes depend on values, for tfg-run --stage=stablehlo
// (stage-stablehlo-dynamic.test): Where on a 2-D mask and on numbers, the
// faceboxes chain (Where, Squeeze, GatherV2, NonMaxSuppressionV3, GatherV2,
// Shape, StridedSlice, Sub, Pack, Pad by computed paddings), the other
// NonMaxSuppression versions, and elementwise and shape ops on `?` sizes.
// `t` is the threshold of the masks and the score threshold.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %B, %c1 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<6x4>} : () -> (tensor<6x4xf32>)
  %S, %c2 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<6>} : () -> (tensor<6xf32>)
  %T, %c3 = Placeholder name("t") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %Z, %c4 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c5 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %M3, %c6 = Const name("max3") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %M8, %c7 = Const name("max8") {dtype = i32, value = dense<8> : tensor<i32>} : () -> (tensor<i32>)
  %Iou, %c8 = Const name("iou") {dtype = f32, value = dense<0.3> : tensor<f32>} : () -> (tensor<f32>)
  %Sg, %c9 = Const name("sigma") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %S0, %c10 = Const name("s0") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %S1, %c11 = Const name("s1") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %Zr, %c12 = Const name("zeros2") {dtype = i32, value = dense<0> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Flat, %c13 = Const name("flat") {dtype = i32, value = dense<[-1]> : tensor<1xi32>} : () -> (tensor<1xi32>)

  %G, %c20 = Greater(%X, %T) name("gt") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xi1>)
  %W, %c21 = Where(%G) name("where") {T = i1} : (tensor<2x3xi1>) -> (tensor<?x2xi64>)
  %Xm, %c22 = Mul(%X, %X) name("xsq") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Xs, %c23 = Sub(%Xm, %T) name("xs") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>)
  %Xr, %c24 = Relu(%Xs) name("xr") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %WN, %c25 = Where(%Xr) name("where_num") {T = f32} : (tensor<2x3xf32>) -> (tensor<?x2xi64>)

  %GE, %c30 = GreaterEqual(%S, %T) name("ge") {T = f32} : (tensor<6xf32>, tensor<f32>) -> (tensor<6xi1>)
  %W1, %c31 = Where(%GE) name("w1") {T = i1} : (tensor<6xi1>) -> (tensor<?x1xi64>)
  %Sq, %c32 = Squeeze(%W1) name("sq") {T = i64, squeeze_dims = [1]} : (tensor<?x1xi64>) -> (tensor<?xi64>)
  %GB, %c33 = GatherV2(%B, %Sq, %Z) name("gb") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<6x4xf32>, tensor<?xi64>, tensor<i32>) -> (tensor<?x4xf32>)
  %GS, %c34 = GatherV2(%S, %Sq, %Z) name("gs") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<6xf32>, tensor<?xi64>, tensor<i32>) -> (tensor<?xf32>)
  %N3, %c35 = NonMaxSuppressionV3(%GB, %GS, %M3, %Iou, %T) name("nms3") {T = f32, T_threshold = f32} : (tensor<?x4xf32>, tensor<?xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>)
  %SB, %c36 = GatherV2(%GB, %N3, %Z) name("sel_boxes") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<?x4xf32>, tensor<?xi32>, tensor<i32>) -> (tensor<?x4xf32>)
  %Sh, %c37 = Shape(%SB) name("shape") {T = f32, out_type = i32} : (tensor<?x4xf32>) -> (tensor<2xi32>)
  %Nb, %c38 = StridedSlice(%Sh, %S0, %S1, %S1) name("n") {T = i32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<i32>)
  %Rest, %c39 = Sub(%M3, %Nb) name("rest") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %P0, %c40 = Pack(%Z, %Rest) name("p0") {T = i32, N = 2 : i64, axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<2xi32>)
  %Pd, %c41 = Pack(%P0, %Zr) name("paddings") {T = i32, N = 2 : i64, axis = 0 : i64} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2x2xi32>)
  %Pad, %c42 = Pad(%SB, %Pd) name("padded") {T = f32, Tpaddings = i32} : (tensor<?x4xf32>, tensor<2x2xi32>) -> (tensor<?x?xf32>)

  %N4:2, %c50 = NonMaxSuppressionV4(%B, %S, %M8, %Iou, %T) name("nms4") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<8xi32>, tensor<i32>)
  %N5:3, %c51 = NonMaxSuppressionV5(%B, %S, %M3, %Iou, %T, %Sg) name("nms5") {T = f32, pad_to_max_output_size = false} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)
  %N2, %c52 = NonMaxSuppressionV2(%B, %S, %M8, %Iou) name("nms2") {T = f32, T_threshold = f32} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>) -> (tensor<?xi32>)

  %WC, %c60 = Cast(%W) name("wc") {SrcT = i64, DstT = i32, Truncate = false} : (tensor<?x2xi64>) -> (tensor<?x2xi32>)
  %WA, %c61 = AddV2(%WC, %One) name("wa") {T = i32} : (tensor<?x2xi32>, tensor<i32>) -> (tensor<?x2xi32>)
  %WR, %c62 = Reshape(%WA, %Flat) name("wr") {T = i32, Tshape = i32} : (tensor<?x2xi32>, tensor<1xi32>) -> (tensor<?xi32>)
  %WZ, %c63 = Size(%WR) name("wsize") {T = i32, out_type = i32} : (tensor<?xi32>) -> (tensor<i32>)
  %WE, %c64 = ExpandDims(%WR, %Z) name("we") {T = i32, Tdim = i32} : (tensor<?xi32>, tensor<i32>) -> (tensor<1x?xi32>)
  %WK, %c65 = ConcatV2(%WR, %WR, %Z) name("wk") {T = i32, N = 2 : i64, Tidx = i32} : (tensor<?xi32>, tensor<?xi32>, tensor<i32>) -> (tensor<?xi32>)
  %WL, %c66 = Less(%WK, %WZ) name("wl") {T = i32} : (tensor<?xi32>, tensor<i32>) -> (tensor<?xi1>)
  %WS, %c67 = Select(%WL, %WK, %WK) name("wsel") {T = i32} : (tensor<?xi1>, tensor<?xi32>, tensor<?xi32>) -> (tensor<?xi32>)
  %Fl, %c68 = Fill(%P0, %T) name("fill") {T = f32, index_type = i32} : (tensor<2xi32>, tensor<f32>) -> (tensor<?x?xf32>)
  %Sz, %c69 = Reshape(%Nb, %S1) name("nb1") {T = i32, Tshape = i32} : (tensor<i32>, tensor<1xi32>) -> (tensor<1xi32>)
  %Sl, %c70 = Slice(%S, %S1, %Sz) name("slice") {T = f32, Index = i32} : (tensor<6xf32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<?xf32>)
}
