// DEFINE: %{ports} = o1:0,o1:1,o1:2,o1:3,o1:4,o1:5,o2,o3,o4,o5,o6,o7,o8,o9:0,o9:1,o9:2,o9:3,o9:4,o9:5,o9:6,o10:0,o10:1,o10:2,o11,o12,o13,o14,o15,o16,o17:0,o17:1,o18,o19,o20,o21
// DEFINE: %{nodes} = o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16,o17,o18,o19,o20,o21
// RUN: tfg-run %s --fetch=%{ports} --check-pipeline='tfg-layout{assume-gpu=true fetch=%{nodes}}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --fetch=%{ports} --check-pipeline='tfg-layout{assume-gpu=true fetch=%{nodes}},tfg-layout{reverse=true fetch=%{nodes}}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=%{nodes}' | FileCheck %s --check-prefix=GPU

// COM: The transposers beyond the convolutions, pools and elementwise ops,
// COM: run before and after by tfg-run on the same random input: the
// COM: fetches must agree, NHWC -> NCHW with every node taken as
// COM: GPU-placed, and back (reverse) on the NCHW graph that makes. The
// COM: GPU lines show what was converted: each agnostic node reads the
// COM: NCHW value (a type 1x4x8x6) or keeps its NHWC operand.
// SAME-COUNT-35: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH

// COM: Layout-sensitive.
// GPU-DAG: DepthToSpace({{.*}}) name("d2s") {{.*}}data_format = "NCHW"{{.*}} -> (tensor<1x1x16x12xf32>)
// GPU-DAG: SpaceToDepth({{.*}}) name("s2d") {{.*}}data_format = "NCHW"{{.*}} -> (tensor<1x16x4x3xf32>)
// GPU-DAG: %[[KS:.*]], %{{.*}} = Const name("mp2-1-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<[1, 1, 2, 3]> : tensor<4xi32>
// GPU-DAG: %[[ST:.*]], %{{.*}} = Const name("mp2-2-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<[1, 1, 2, 1]> : tensor<4xi32>
// GPU-DAG: MaxPoolV2({{.*}}, %[[KS]], %[[ST]]) name("mp2") {{.*}}data_format = "NCHW"
// GPU-DAG: BiasAddGrad({{.*}}) name("bgrad") {{.*}}data_format = "NCHW"{{.*}} : (tensor<1x4x8x6xf32>) -> (tensor<4xf32>)
// GPU-DAG: _FusedBatchNormEx({{.*}}) name("bnex") {{.*}}data_format = "NCHW"{{.*}} : (tensor<1x4x8x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4x8x6xf32>)
// GPU-DAG: %[[SZ:.*]], %{{.*}} = Const name("bpi-0-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<[1, 4, 8, 6]> : tensor<4xi32>
// GPU-DAG: Conv2DBackpropInput(%[[SZ]], {{.*}}) name("bpi") {{.*}}data_format = "NCHW"{{.*}} -> (tensor<1x4x8x6xf32>)
// COM: Layout-agnostic.
// GPU-DAG: Mul({{.*}}) name("mul_scalar") {T = f32} : (tensor<1x4x8x6xf32>, tensor<f32>)
// GPU-DAG: %[[VR:.*]], %{{.*}} = Reshape({{.*}}) name("mul_vector-1-ReshapeNHWCToNCHW-LayoutOptimizer") {{.*}} -> (tensor<1x4x1x1xf32>)
// GPU-DAG: Mul({{.*}}, %[[VR]]) name("mul_vector") {T = f32} : (tensor<1x4x8x6xf32>, tensor<1x4x1x1xf32>)
// GPU-DAG: %[[AX:.*]], %{{.*}} = Const name("sum_keep-1-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<[2, 3]> : tensor<2xi32>
// GPU-DAG: Sum({{.*}}, %[[AX]]) name("sum_keep") {{.*}} -> (tensor<1x4x1x1xf32>)
// GPU-DAG: Sum({{.*}}) name("sum_hw") {{.*}} : (tensor<1x4x8x6xf32>, tensor<2xi32>) -> (tensor<1x4xf32>)
// GPU-DAG: Mean({{.*}}) name("mean_c") {{.*}} : (tensor<1x4x8x6xf32>, tensor<i32>) -> (tensor<1x8x6xf32>)
// GPU-DAG: Max({{.*}}) name("max_w") {{.*}} : (tensor<1x8x6x4xf32>, tensor<i32>) -> (tensor<1x8x4xf32>)
// GPU-DAG: Squeeze({{.*}}) name("squeeze") {T = f32, squeeze_dims = [2, 3]} : (tensor<1x4x1x1xf32>) -> (tensor<1x4xf32>)
// GPU-DAG: Squeeze({{.*}}) name("squeeze_all") {T = f32, squeeze_dims = [0, 2, 3]} : (tensor<1x4x1x1xf32>) -> (tensor<4xf32>)
// GPU-DAG: ReverseV2({{.*}}) name("reverse") {{.*}} : (tensor<1x4x8x6xf32>, tensor<2xi32>)
// GPU-DAG: Tile({{.*}}) name("tile") {{.*}} -> (tensor<1x12x16x6xf32>)
// GPU-DAG: Slice({{.*}}) name("slice") {{.*}} -> (tensor<1x3x4x3xf32>)
// GPU-DAG: Split({{.*}}) name("split") {{.*}} -> (tensor<1x2x8x6xf32>, tensor<1x2x8x6xf32>)
// GPU-DAG: SplitV({{.*}}) name("splitv") {{.*}} -> (tensor<1x4x8x2xf32>, tensor<1x4x8x4xf32>)
// GPU-DAG: StridedSlice({{.*}}) name("strided") {{.*}}begin_mask = 8 : i64{{.*}}end_mask = 2 : i64{{.*}} -> (tensor<1x2x3x6xf32>)
// GPU-DAG: StridedSlice({{.*}}) name("strided_shrink") {{.*}}shrink_axis_mask = 12 : i64{{.*}} : (tensor<1x4x8x6xf32>, {{.*}}) -> (tensor<1x2xf32>)
// GPU-DAG: StridedSlice({{.*}}) name("strided_shrink_n") {{.*}}shrink_axis_mask = 1 : i64{{.*}} : (tensor<1x8x6x4xf32>, {{.*}}) -> (tensor<8x6x4xf32>)
// GPU-DAG: Select({{.*}}) name("select") {T = f32} : (tensor<1x4x8x6xi1>, tensor<1x4x8x6xf32>, tensor<1x4x8x6xf32>)
// GPU-DAG: SelectV2({{.*}}) name("select_v2") {T = f32} : (tensor<i1>, tensor<1x4x8x6xf32>, tensor<1x4x1x1xf32>)
// GPU-DAG: IdentityN({{.*}}) name("identity_n") {{.*}} : (tensor<1x4x8x6xf32>, tensor<4xf32>)
// GPU-DAG: %[[SH:.*]], %{{.*}} = Shape({{.*}}) name("shape") {{.*}} : (tensor<1x4x8x6xf32>) -> (tensor<4xi32>)
// GPU-DAG: Fill(%[[SH]], {{.*}}) name("fill") {{.*}} -> (tensor<1x4x8x6xf32>)
// GPU-DAG: ShapeN({{.*}}) name("shape_n") {{.*}} : (tensor<1x4x8x6xf32>, tensor<1x8x6x4xf32>)
// GPU-DAG: GatherV2(%{{.*}}#0, {{.*}}) name("shape_n-0-0-DataFormatVecPermuteNCHWToNHWC-LayoutOptimizer")
// GPU-DAG: Switch({{.*}}) name("switch") {{.*}} : (tensor<1x4x8x6xf32>, tensor<i1>)
// GPU-DAG: Merge({{.*}}) name("merge") {{.*}} : (tensor<1x4x8x6xf32>, tensor<1x4x8x6xf32>)
// GPU-DAG: ReluGrad({{.*}}) name("relu_grad") {T = f32} : (tensor<1x4x8x6xf32>, tensor<1x4x8x6xf32>)
// GPU-DAG: SigmoidGrad({{.*}}) name("sigmoid_grad") {T = f32} : (tensor<1x4x8x6xf32>, tensor<1x4x8x6xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xf32>)
  %F, %c1 = Const name("f") {dtype = f32, value = dense<[[[[0.5], [-0.25], [0.125], [1.0]], [[0.2], [0.1], [-0.3], [0.4]]], [[[1.0], [0.9], [-0.8], [0.7]], [[-0.2], [0.1], [0.0], [0.1]]]]> : tensor<2x2x4x1xf32>} : () -> (tensor<2x2x4x1xf32>)
  %C, %c2 = DepthwiseConv2dNative(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x6x4xf32>, tensor<2x2x4x1xf32>) -> (tensor<1x8x6x4xf32>)
  %V, %c3 = Const name("v") {dtype = f32, value = dense<[0.5, -1.0, 2.0, 0.25]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %S, %c4 = Const name("s") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %Zero, %c5 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // Layout-sensitive.
  %D2S, %c6 = DepthToSpace(%C) name("d2s") {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<1x8x6x4xf32>) -> (tensor<1x16x12x1xf32>)
  %S2D, %c7 = SpaceToDepth(%C) name("s2d") {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<1x8x6x4xf32>) -> (tensor<1x4x3x16xf32>)
  %KS, %c8 = Const name("ksize") {dtype = i32, value = dense<[1, 2, 3, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %ST, %c9 = Const name("pstrides") {dtype = i32, value = dense<[1, 2, 1, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %MP2, %c10 = MaxPoolV2(%C, %KS, %ST) name("mp2") {T = f32, data_format = "NHWC", padding = "VALID"} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x4x4x4xf32>)
  %BG, %c11 = BiasAddGrad(%C) name("bgrad") {T = f32, data_format = "NHWC"} : (tensor<1x8x6x4xf32>) -> (tensor<4xf32>)
  %Sc, %c12 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %Of, %c13 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, -0.3, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %Mn, %c14 = Const name("mean") {dtype = f32, value = dense<[0.0, 0.1, -0.1, 0.2]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %Vr, %c15 = Const name("var") {dtype = f32, value = dense<[1.0, 2.0, 0.5, 1.5]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %BN:6, %c16 = _FusedBatchNormEx(%C, %Sc, %Of, %Mn, %Vr, %C) name("bnex") {T = f32, U = f32, activation_mode = "Relu", data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false, num_side_inputs = 1 : i64} : (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %Sizes, %c17 = Const name("sizes") {dtype = i32, value = dense<[1, 8, 6, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %F2, %c18 = Const name("f2") {dtype = f32, value = dense<[[[[0.5, -0.25, 0.125, 1.0], [0.2, 0.1, -0.3, 0.4], [1.0, 0.9, -0.8, 0.7], [-0.2, 0.1, 0.0, 0.1]]]]> : tensor<1x1x4x4xf32>} : () -> (tensor<1x1x4x4xf32>)
  %BPI, %c19 = Conv2DBackpropInput(%Sizes, %F2, %C) name("bpi") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<1x1x4x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O1:6, %c20 = IdentityN(%D2S, %S2D, %MP2, %BG, %BN#0, %BPI) name("o1") {T = [f32, f32, f32, f32, f32, f32]} : (tensor<1x16x12x1xf32>, tensor<1x4x3x16xf32>, tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x16x12x1xf32>, tensor<1x4x3x16xf32>, tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>)
  // Binary ops with a scalar and a vector of channels.
  %MS, %c21 = Mul(%C, %S) name("mul_scalar") {T = f32} : (tensor<1x8x6x4xf32>, tensor<f32>) -> (tensor<1x8x6x4xf32>)
  %MV, %c22 = Mul(%MS, %V) name("mul_vector") {T = f32} : (tensor<1x8x6x4xf32>, tensor<4xf32>) -> (tensor<1x8x6x4xf32>)
  %O2, %c23 = Identity(%MV) name("o2") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  // Reductions: kept dimensions, or the dimensions left in order (H, W
  // reduced leaves N, C; C reduced leaves N, H, W); W reduced leaves N, H,
  // C, which NCHW orders N, C, H: not converted.
  %A12, %c24 = Const name("a12") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %A3, %c25 = Const name("a3") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %A2, %c26 = Const name("a2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %SK, %c27 = Sum(%C, %A12) name("sum_keep") {T = f32, Tidx = i32, keep_dims = true} : (tensor<1x8x6x4xf32>, tensor<2xi32>) -> (tensor<1x1x1x4xf32>)
  %SHW, %c28 = Sum(%C, %A12) name("sum_hw") {T = f32, Tidx = i32, keep_dims = false} : (tensor<1x8x6x4xf32>, tensor<2xi32>) -> (tensor<1x4xf32>)
  %MC, %c29 = Mean(%C, %A3) name("mean_c") {T = f32, Tidx = i32, keep_dims = false} : (tensor<1x8x6x4xf32>, tensor<i32>) -> (tensor<1x8x6xf32>)
  %MW, %c30 = Max(%C, %A2) name("max_w") {T = f32, Tidx = i32, keep_dims = false} : (tensor<1x8x6x4xf32>, tensor<i32>) -> (tensor<1x8x4xf32>)
  %O3, %c31 = Identity(%SK) name("o3") {T = f32} : (tensor<1x1x1x4xf32>) -> (tensor<1x1x1x4xf32>)
  %O4, %c32 = Identity(%SHW) name("o4") {T = f32} : (tensor<1x4xf32>) -> (tensor<1x4xf32>)
  %O5, %c33 = Identity(%MC) name("o5") {T = f32} : (tensor<1x8x6xf32>) -> (tensor<1x8x6xf32>)
  %O6, %c34 = Identity(%MW) name("o6") {T = f32} : (tensor<1x8x4xf32>) -> (tensor<1x8x4xf32>)
  // Squeeze: of H and W, of every dimension of 1.
  %SQ, %c35 = Squeeze(%SK) name("squeeze") {T = f32, squeeze_dims = [1, 2]} : (tensor<1x1x1x4xf32>) -> (tensor<1x4xf32>)
  %SQA, %c36 = Squeeze(%SK) name("squeeze_all") {T = f32, squeeze_dims = []} : (tensor<1x1x1x4xf32>) -> (tensor<4xf32>)
  %O7, %c37 = Identity(%SQ) name("o7") {T = f32} : (tensor<1x4xf32>) -> (tensor<1x4xf32>)
  %O8, %c38 = Identity(%SQA) name("o8") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
  // ReverseV2, Tile, Slice, Split, SplitV.
  %A13, %c39 = Const name("a13") {dtype = i32, value = dense<[1, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %RV, %c40 = ReverseV2(%C, %A13) name("reverse") {T = f32, Tidx = i32} : (tensor<1x8x6x4xf32>, tensor<2xi32>) -> (tensor<1x8x6x4xf32>)
  %Mult, %c41 = Const name("multiples") {dtype = i32, value = dense<[1, 2, 1, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %TL, %c42 = Tile(%C, %Mult) name("tile") {T = f32, Tmultiples = i32} : (tensor<1x8x6x4xf32>, tensor<4xi32>) -> (tensor<1x16x6x12xf32>)
  %Bg, %c43 = Const name("begin") {dtype = i32, value = dense<[0, 1, 2, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %Sz, %c44 = Const name("size") {dtype = i32, value = dense<[1, 4, 3, -1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %SL, %c45 = Slice(%C, %Bg, %Sz) name("slice") {Index = i32, T = f32} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x4x3x3xf32>)
  %SP:2, %c46 = Split(%A3, %C) name("split") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x2xf32>, tensor<1x8x6x2xf32>)
  %Sizes2, %c47 = Const name("sizes2") {dtype = i32, value = dense<[2, 4]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %SV:2, %c48 = SplitV(%C, %Sizes2, %A2) name("splitv") {T = f32, Tlen = i32, num_split = 2 : i64} : (tensor<1x8x6x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<1x8x2x4xf32>, tensor<1x8x4x4xf32>)
  %O9:7, %c49 = IdentityN(%RV, %TL, %SL, %SP#0, %SP#1, %SV#0, %SV#1) name("o9") {T = [f32, f32, f32, f32, f32, f32, f32]} : (tensor<1x8x6x4xf32>, tensor<1x16x6x12xf32>, tensor<1x4x3x3xf32>, tensor<1x8x6x2xf32>, tensor<1x8x6x2xf32>, tensor<1x8x2x4xf32>, tensor<1x8x4x4xf32>) -> (tensor<1x8x6x4xf32>, tensor<1x16x6x12xf32>, tensor<1x4x3x3xf32>, tensor<1x8x6x2xf32>, tensor<1x8x6x2xf32>, tensor<1x8x2x4xf32>, tensor<1x8x4x4xf32>)
  // StridedSlice: masks; shrinking H and W keeps N, C in order, shrinking
  // N keeps H, W, C, which NCHW orders C, H, W: not converted.
  %SB, %c50 = Const name("sbegin") {dtype = i32, value = dense<[0, 1, 0, 0]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %SE, %c51 = Const name("send") {dtype = i32, value = dense<[1, 7, 6, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %SS, %c52 = Const name("sstrides") {dtype = i32, value = dense<[1, 2, 1, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %STR, %c53 = StridedSlice(%C, %SB, %SE, %SS) name("strided") {Index = i32, T = f32, begin_mask = 4 : i64, ellipsis_mask = 0 : i64, end_mask = 8 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x3x6x2xf32>)
  %STS, %c54 = StridedSlice(%C, %SB, %SE, %SS) name("strided_shrink") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 6 : i64} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x2xf32>)
  %SS1, %c90 = Const name("sstrides1") {dtype = i32, value = dense<1> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %STN, %c55 = StridedSlice(%C, %SB, %SE, %SS1) name("strided_shrink_n") {Index = i32, T = f32, begin_mask = 14 : i64, ellipsis_mask = 0 : i64, end_mask = 14 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<8x6x4xf32>)
  %O10:3, %c56 = IdentityN(%STR, %STS, %STN) name("o10") {T = [f32, f32, f32]} : (tensor<1x3x6x2xf32>, tensor<1x2xf32>, tensor<8x6x4xf32>) -> (tensor<1x3x6x2xf32>, tensor<1x2xf32>, tensor<8x6x4xf32>)
  // Select on a transposed condition; SelectV2 with a scalar condition and
  // a vector of channels.
  %G, %c57 = Greater(%C, %Zero) name("greater") {T = f32} : (tensor<1x8x6x4xf32>, tensor<f32>) -> (tensor<1x8x6x4xi1>)
  %NG, %c58 = Neg(%C) name("neg") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %SEL, %c59 = Select(%G, %C, %NG) name("select") {T = f32} : (tensor<1x8x6x4xi1>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %Tr, %c60 = Const name("pred") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %SEL2, %c61 = SelectV2(%Tr, %C, %V) name("select_v2") {T = f32} : (tensor<i1>, tensor<1x8x6x4xf32>, tensor<4xf32>) -> (tensor<1x8x6x4xf32>)
  %O11, %c62 = Identity(%SEL) name("o11") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O12, %c63 = Identity(%SEL2) name("o12") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  // IdentityN moves its transposed operands only.
  %IN:2, %c64 = IdentityN(%C, %V) name("identity_n") {T = [f32, f32]} : (tensor<1x8x6x4xf32>, tensor<4xf32>) -> (tensor<1x8x6x4xf32>, tensor<4xf32>)
  %O13, %c65 = Relu(%IN#0) name("o13") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O14, %c66 = Identity(%IN#1) name("o14") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
  // Shape put back in NHWC order; Fill of it reads the NCHW shape.
  %SH, %c67 = Shape(%C) name("shape") {T = f32, out_type = i32} : (tensor<1x8x6x4xf32>) -> (tensor<4xi32>)
  %Half, %c68 = Const name("half") {dtype = f32, value = dense<1.5> : tensor<f32>} : () -> (tensor<f32>)
  %FL, %c69 = Fill(%SH, %Half) name("fill") {T = f32, index_type = i32} : (tensor<4xi32>, tensor<f32>) -> (tensor<1x8x6x4xf32>)
  %FA, %c70 = AddV2(%FL, %C) name("fill_add") {T = f32} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O15, %c71 = Identity(%FA) name("o15") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O16, %c72 = Identity(%SH) name("o16") {T = i32} : (tensor<4xi32>) -> (tensor<4xi32>)
  %SN:2, %c73 = ShapeN(%C, %X) name("shape_n") {N = 2 : i64, T = f32, out_type = i32} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<4xi32>, tensor<4xi32>)
  %O17:2, %c74 = IdentityN(%SN#0, %SN#1) name("o17") {T = [i32, i32]} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  // Switch and Merge.
  %SW:2, %c75 = Switch(%C, %Tr) name("switch") {T = f32} : (tensor<1x8x6x4xf32>, tensor<i1>) -> (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>)
  %R0, %c76 = Relu(%SW#0) name("relu_false") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %R1, %c77 = Neg(%SW#1) name("neg_true") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %MG:2, %c78 = Merge(%R0, %R1) name("merge") {N = 2 : i64, T = f32} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>, tensor<i32>)
  %O18, %c79 = Identity(%MG#0) name("o18") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O19, %c80 = Identity(%MG#1) name("o19") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  // The unary grads.
  %RG, %c81 = ReluGrad(%C, %NG) name("relu_grad") {T = f32} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %SG0, %c82 = Sigmoid(%C) name("sigmoid") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %SG, %c83 = SigmoidGrad(%SG0, %C) name("sigmoid_grad") {T = f32} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O20, %c84 = Identity(%RG) name("o20") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %O21, %c85 = Identity(%SG) name("o21") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
}
