// RUN: tfg-opt %s --split-input-file --tfg-layout='assume-gpu=true fetch=out' | FileCheck %s

// COM: Layout-sensitive nodes left alone: MaxPoolV2 with a ksize that is
// COM: not a constant, Conv2DBackpropInput with input_sizes that are not a
// COM: constant, BiasAddGrad of unknown rank, _FusedBatchNormEx with a side
// COM: input of unknown rank, DepthToSpace already NCHW, AvgPoolGrad whose
// COM: orig_input_shape is not a constant, Conv2DBackpropFilter and
// COM: FusedBatchNormGradV3 with an operand of unknown rank.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: = Transpose(
// CHECK-DAG: MaxPoolV2({{.*}}) name("mp2") {{.*}}data_format = "NHWC"
// CHECK-DAG: Conv2DBackpropInput({{.*}}) name("bpi") {{.*}}data_format = "NHWC"
// CHECK-DAG: BiasAddGrad({{.*}}) name("bgrad") {{.*}}data_format = "NHWC"
// CHECK-DAG: _FusedBatchNormEx({{.*}}) name("bnex") {{.*}}data_format = "NHWC"
// CHECK-DAG: DepthToSpace({{.*}}) name("d2s") {{.*}}data_format = "NCHW"
// CHECK-DAG: AvgPoolGrad({{.*}}) name("apg") {{.*}}data_format = "NHWC"
// CHECK-DAG: Conv2DBackpropFilter({{.*}}) name("bpf") {{.*}}data_format = "NHWC"
// CHECK-DAG: FusedBatchNormGradV3({{.*}}) name("bng") {{.*}}data_format = "NHWC"
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xf32>)
  %U, %c1 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  %K, %c2 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<4>} : () -> (tensor<4xi32>)
  %ST, %c3 = Const name("pstrides") {dtype = i32, value = dense<[1, 2, 1, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %MP2, %c4 = MaxPoolV2(%X, %K, %ST) name("mp2") {T = f32, data_format = "NHWC", padding = "VALID"} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<*xf32>)
  %F2, %c5 = Const name("f2") {dtype = f32, value = dense<0.5> : tensor<1x1x4x4xf32>} : () -> (tensor<1x1x4x4xf32>)
  %BPI, %c6 = Conv2DBackpropInput(%K, %F2, %X) name("bpi") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<1x1x4x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<*xf32>)
  %BG, %c7 = BiasAddGrad(%U) name("bgrad") {T = f32, data_format = "NHWC"} : (tensor<*xf32>) -> (tensor<*xf32>)
  %V, %c8 = Const name("v") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %BN:6, %c9 = _FusedBatchNormEx(%X, %V, %V, %V, %V, %U) name("bnex") {T = f32, U = f32, activation_mode = "Relu", data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false, num_side_inputs = 1 : i64} : (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %D2S, %c10 = DepthToSpace(%X) name("d2s") {T = f32, block_size = 2 : i64, data_format = "NCHW"} : (tensor<1x8x6x4xf32>) -> (tensor<*xf32>)
  %APG, %c12 = AvgPoolGrad(%K, %X) name("apg") {T = f32, data_format = "NHWC", ksize = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<1x8x6x4xf32>) -> (tensor<*xf32>)
  %FS, %c13 = Const name("fsizes") {dtype = i32, value = dense<[1, 1, 4, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %BPF, %c14 = Conv2DBackpropFilter(%X, %FS, %U) name("bpf") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<*xf32>) -> (tensor<1x1x4x4xf32>)
  %BNG:5, %c15 = FusedBatchNormGradV3(%U, %X, %V, %V, %V, %V) name("bng") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<*xf32>, tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %O:8, %c11 = IdentityN(%MP2, %BPI, %BG, %BN#0, %D2S, %APG, %BPF, %BNG#0) name("out") {T = [f32, f32, f32, f32, f32, f32, f32, f32]} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<1x8x6x4xf32>, tensor<*xf32>, tensor<*xf32>, tensor<1x1x4x4xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<1x8x6x4xf32>, tensor<*xf32>, tensor<*xf32>, tensor<1x1x4x4xf32>, tensor<*xf32>)
}

// -----

// COM: Layout-agnostic nodes after a converted Conv2D that keep NHWC: an
// COM: axis, multiples, begin or size that is not a constant; a binary op
// COM: with a rank-2 operand; a reduction whose remaining dimensions change
// COM: order (W reduced: N, H, C); Squeeze of every dimension of 1 of an
// COM: unknown shape; StridedSlice with a new axis or an ellipsis; Select
// COM: with a rank-4 condition that is not transposed; Merge with an input
// COM: that is not transposed; Fill of constant dimensions.
// CHECK-LABEL: tfg.graph
// CHECK: %[[T:.*]], %{{.*}} = Transpose({{.*}}) name("c-0-0-TransposeNCHWToNHWC-LayoutOptimizer")
// CHECK-DAG: Sum(%[[T]], %{{.*}}) name("sum_var")
// CHECK-DAG: Tile(%[[T]], %{{.*}}) name("tile_var")
// CHECK-DAG: Slice(%[[T]], %{{.*}}, %{{.*}}) name("slice_var")
// CHECK-DAG: Split(%{{.*}}, %[[T]]) name("split_var")
// CHECK-DAG: Mul(%[[T]], %{{.*}}) name("mul_rank2")
// CHECK-DAG: Sum(%[[T]], %{{.*}}) name("sum_w")
// CHECK-DAG: %[[TQ:.*]], %{{.*}} = Transpose({{.*}}) name("cq-0-0-TransposeNCHWToNHWC-LayoutOptimizer")
// CHECK-DAG: Squeeze(%[[TQ]]) name("squeeze_unknown") {T = f32, squeeze_dims = []}
// CHECK-DAG: StridedSlice(%[[T]], {{.*}}) name("strided_new_axis")
// CHECK-DAG: StridedSlice(%[[T]], {{.*}}) name("strided_ellipsis")
// CHECK-DAG: Select(%{{.*}}, %[[T]], %[[T]]) name("select_cond")
// CHECK-DAG: Merge(%[[T]], %{{.*}}) name("merge_mixed")
// CHECK-DAG: Fill({{.*}}) name("fill_const") {{.*}} -> (tensor<1x8x6x4xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xf32>)
  %Y, %c1 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xf32>)
  %Q, %c2 = Placeholder name("q") {dtype = f32, shape = #tf_type.shape<?x?x?x?>} : () -> (tensor<?x?x?x?xf32>)
  %A, %c3 = Placeholder name("a") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %A4, %c4 = Placeholder name("a4") {dtype = i32, shape = #tf_type.shape<4>} : () -> (tensor<4xi32>)
  %M2, %c5 = Placeholder name("m2") {dtype = f32, shape = #tf_type.shape<6x4>} : () -> (tensor<6x4xf32>)
  %B, %c6 = Placeholder name("b") {dtype = i1, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xi1>)
  %F, %c7 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<1x1x4x4xf32>} : () -> (tensor<1x1x4x4xf32>)
  %C, %c8 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x6x4xf32>, tensor<1x1x4x4xf32>) -> (tensor<1x8x6x4xf32>)
  %S1, %c9 = Sum(%C, %A) name("sum_var") {T = f32, Tidx = i32, keep_dims = true} : (tensor<1x8x6x4xf32>, tensor<i32>) -> (tensor<?x?x?x?xf32>)
  %S2, %c10 = Tile(%C, %A4) name("tile_var") {T = f32, Tmultiples = i32} : (tensor<1x8x6x4xf32>, tensor<4xi32>) -> (tensor<?x?x?x?xf32>)
  %S3, %c11 = Slice(%C, %A4, %A4) name("slice_var") {Index = i32, T = f32} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<?x?x?x?xf32>)
  %S4:2, %c12 = Split(%A, %C) name("split_var") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<1x8x6x4xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>)
  %S5, %c13 = Mul(%C, %M2) name("mul_rank2") {T = f32} : (tensor<1x8x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %Ax2, %c14 = Const name("ax2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %S6, %c15 = Sum(%C, %Ax2) name("sum_w") {T = f32, Tidx = i32, keep_dims = false} : (tensor<1x8x6x4xf32>, tensor<i32>) -> (tensor<1x8x4xf32>)
  %QC, %c16 = Conv2D(%Q, %F) name("cq") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<1x1x4x4xf32>) -> (tensor<?x?x?x?xf32>)
  %S7, %c17 = Squeeze(%QC) name("squeeze_unknown") {T = f32, squeeze_dims = []} : (tensor<?x?x?x?xf32>) -> (tensor<*xf32>)
  %Z, %c18 = Const name("z4") {dtype = i32, value = dense<0> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %One, %c19 = Const name("one4") {dtype = i32, value = dense<1> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %S8, %c20 = StridedSlice(%C, %Z, %One, %One) name("strided_new_axis") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 0 : i64} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<*xf32>)
  %S9, %c21 = StridedSlice(%C, %Z, %One, %One) name("strided_ellipsis") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 2 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<*xf32>)
  %S10, %c22 = Select(%B, %C, %C) name("select_cond") {T = f32} : (tensor<1x8x6x4xi1>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %S11:2, %c23 = Merge(%C, %Y) name("merge_mixed") {N = 2 : i64, T = f32} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>, tensor<i32>)
  %Dims, %c24 = Const name("dims") {dtype = i32, value = dense<[1, 8, 6, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %Half, %c25 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %S12, %c26 = Fill(%Dims, %Half) name("fill_const") {T = f32, index_type = i32} : (tensor<4xi32>, tensor<f32>) -> (tensor<1x8x6x4xf32>)
  %S13, %c27 = AddV2(%S12, %C) name("fill_add") {T = f32} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O:13, %c28 = IdentityN(%S1, %S2, %S3, %S4#0, %S5, %S6, %S7, %S8, %S9, %S10, %S11#0, %S13, %C) name("out") {T = [f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<1x8x6x4xf32>, tensor<1x8x4xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<1x8x6x4xf32>, tensor<1x8x4xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>)
}
