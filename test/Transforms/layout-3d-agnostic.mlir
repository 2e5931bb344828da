// DEFINE: %{ports} = o1,o2,o3,o4,o5,o6,o7,o8,o9,o10:0,o10:1,o11:0,o11:1,o12,o13:0,o13:1,n1,n2,n3,n4,n5
// DEFINE: %{nodes} = o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,n1,n2,n3,n4,n5
// RUN: tfg-run %s --fetch=%{ports} --check-pipeline='tfg-layout{assume-gpu=true fetch=%{nodes}}' --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --fetch=%{ports} --check-pipeline='tfg-layout{assume-gpu=true fetch=%{nodes}},tfg-layout{reverse=true fetch=%{nodes}}' --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=%{nodes}' | FileCheck %s --check-prefix=GPU
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=%{nodes}' --tfg-layout='reverse=true fetch=%{nodes}' | FileCheck %s --check-prefix=BACK

// COM: The layout-agnostic kinds that permute a constant operand or an
// COM: attribute follow a 3-D op on rank-5 data as they follow a 2-D one on
// COM: rank-4 data (NDHWC -> NCDHW): Pad's [5, 2] paddings (rows
// COM: permuted), ConcatV2's axis, the reductions' axes (without keep_dims
// COM: the dimensions left must keep their order), ReverseV2's axes, Tile's
// COM: multiples, Slice's begin and size, StridedSlice's begin, end,
// COM: strides and masks, Split's and SplitV's axis, Squeeze's dimensions,
// COM: Shape's and ShapeN's vectors (put back in NDHWC order by a GatherV2
// COM: of 5 indices) and a Fill of such a shape. Run before and after (and
// COM: back with `reverse`), the fetches agree.
// SAME-COUNT-21: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH
// GPU-DAG: Conv3D({{.*}}) name("conv") {{.*}}data_format = "NCDHW"{{.*}} -> (tensor<1x2x4x6x6xf32>)
// GPU-DAG: %[[PP:.*]], %{{.*}} = Const name("pad-1-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<{{\[}}[0, 0], [0, 0], [1, 1], [0, 0], [2, 0]]> : tensor<5x2xi32>
// GPU-DAG: Pad(%{{.*}}, %[[PP]]) name("pad") {{.*}} : (tensor<1x2x4x6x6xf32>, tensor<5x2xi32>) -> (tensor<1x2x6x6x8xf32>)
// GPU-DAG: %[[CA:.*]], %{{.*}} = Const name("concat-2-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<1> : tensor<i32>
// GPU-DAG: ConcatV2(%{{.*}}, %{{.*}}, %[[CA]]) name("concat") {{.*}} -> (tensor<1x4x4x6x6xf32>)
// GPU-DAG: %[[SA:.*]], %{{.*}} = Const name("sum-1-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<[2, 3, 4]> : tensor<3xi32>
// GPU-DAG: Sum(%{{.*}}, %[[SA]]) name("sum") {{.*}} : (tensor<1x2x4x6x6xf32>, tensor<3xi32>) -> (tensor<1x2xf32>)
// GPU-DAG: %[[MN:.*]], %{{.*}} = Mean(%{{.*}}, %{{.*}}) name("mean") {{.*}} : (tensor<1x2x4x6x6xf32>, tensor<1xi32>) -> (tensor<1x1x4x6x6xf32>)
// GPU-DAG: Squeeze(%[[MN]]) name("squeeze") {T = f32, squeeze_dims = [1]} : (tensor<1x1x4x6x6xf32>) -> (tensor<1x4x6x6xf32>)
// GPU-DAG: %[[RA:.*]], %{{.*}} = Const name("reverse-1-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<1> : tensor<1xi32>
// GPU-DAG: ReverseV2(%{{.*}}, %[[RA]]) name("reverse") {{.*}} : (tensor<1x2x4x6x6xf32>, tensor<1xi32>)
// GPU-DAG: %[[TM:.*]], %{{.*}} = Const name("tile-1-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<[1, 3, 2, 1, 1]> : tensor<5xi32>
// GPU-DAG: Tile(%{{.*}}, %[[TM]]) name("tile") {{.*}} -> (tensor<1x6x8x6x6xf32>)
// GPU-DAG: %[[BG:.*]], %{{.*}} = Const name("slice-1-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<[0, 0, 1, 0, 2]> : tensor<5xi32>
// GPU-DAG: %[[SZ:.*]], %{{.*}} = Const name("slice-2-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<[1, 2, 2, 6, 3]> : tensor<5xi32>
// GPU-DAG: Slice(%{{.*}}, %[[BG]], %[[SZ]]) name("slice") {{.*}} -> (tensor<1x2x2x6x3xf32>)
// GPU-DAG: StridedSlice({{.*}}) name("strided") {{.*}}begin_mask = 3 : i64{{.*}}end_mask = 2 : i64{{.*}} : (tensor<1x2x4x6x6xf32>, {{.*}}) -> (tensor<1x2x2x3x6xf32>)
// GPU-DAG: StridedSlice({{.*}}) name("strided_shrink") {{.*}}shrink_axis_mask = 2 : i64{{.*}} : (tensor<1x2x4x6x6xf32>, {{.*}}) -> (tensor<1x4x6x6xf32>)
// GPU-DAG: Split({{.*}}) name("split") {{.*}} -> (tensor<1x1x4x6x6xf32>, tensor<1x1x4x6x6xf32>)
// GPU-DAG: SplitV({{.*}}) name("splitv") {{.*}} -> (tensor<1x2x1x6x6xf32>, tensor<1x2x3x6x6xf32>)
// GPU-DAG: %[[SH:.*]], %{{.*}} = Shape({{.*}}) name("shape") {{.*}} : (tensor<1x2x4x6x6xf32>) -> (tensor<5xi32>)
// GPU-DAG: Fill(%[[SH]], {{.*}}) name("fill") {{.*}} -> (tensor<1x2x4x6x6xf32>)
// GPU-DAG: %[[SN:.*]]:2, %{{.*}} = ShapeN({{.*}}) name("shape_n") {{.*}} : (tensor<1x2x4x6x6xf32>, tensor<1x4x6x6x2xf32>)
// GPU-DAG: %[[GI:.*]], %{{.*}} = Const name("shape_n-0-0-DataFormatVecPermuteNCDHWToNDHWC-LayoutOptimizer-indices") {{.*}}dense<[0, 2, 3, 4, 1]> : tensor<5xi32>
// GPU-DAG: GatherV2(%[[SN]]#0, %[[GI]], {{.*}}) name("shape_n-0-0-DataFormatVecPermuteNCDHWToNDHWC-LayoutOptimizer")
// COM: Not converted: the dimensions a reduction leaves change order (D
// COM: reduced leaves N, H, W, C; NCDHW orders them N, C, H, W), paddings,
// COM: multiples or an axis that are not constants, a squeeze of D (N, H, W,
// COM: C left).
// GPU-DAG: Max({{.*}}) name("max_d") {{.*}} : (tensor<1x4x6x6x2xf32>, tensor<i32>) -> (tensor<1x6x6x2xf32>)
// GPU-DAG: Pad({{.*}}) name("pad_var") {{.*}} : (tensor<1x4x6x6x2xf32>, tensor<5x2xi32>)
// GPU-DAG: Tile({{.*}}) name("tile_var") {{.*}} : (tensor<1x4x6x6x2xf32>, tensor<5xi32>)
// GPU-DAG: ConcatV2({{.*}}) name("concat_var") {{.*}} : (tensor<1x4x6x6x2xf32>, tensor<1x4x6x6x2xf32>, tensor<i32>)
// GPU-DAG: Squeeze({{.*}}) name("squeeze_d") {{.*}} : (tensor<1x1x6x6x2xf32>) -> (tensor<1x6x6x2xf32>)
// BACK-NOT: data_format = "NCDHW"
// BACK: Conv3D({{.*}}) name("conv") {{.*}}data_format = "NDHWC"
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x6x6x2>} : () -> (tensor<1x4x6x6x2xf32>)
  %F, %c1 = Const name("f") {dtype = f32, value = dense<[[[[[0.5, -1.0], [0.25, 2.0]]]]]> : tensor<1x1x1x2x2xf32>} : () -> (tensor<1x1x1x2x2xf32>)
  %C, %c2 = Conv3D(%X, %F) name("conv") {T = f32, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x4x6x6x2xf32>, tensor<1x1x1x2x2xf32>) -> (tensor<1x4x6x6x2xf32>)
  // Pad: rows of the paddings permuted.
  %PP, %c3 = Const name("pp") {dtype = i32, value = dense<[[0, 0], [1, 1], [0, 0], [2, 0], [0, 0]]> : tensor<5x2xi32>} : () -> (tensor<5x2xi32>)
  %P, %c4 = Pad(%C, %PP) name("pad") {T = f32, Tpaddings = i32} : (tensor<1x4x6x6x2xf32>, tensor<5x2xi32>) -> (tensor<1x6x6x8x2xf32>)
  %O1, %c5 = Identity(%P) name("o1") {T = f32} : (tensor<1x6x6x8x2xf32>) -> (tensor<1x6x6x8x2xf32>)
  // ConcatV2 along C.
  %A4, %c6 = Const name("a4") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %CC, %c7 = ConcatV2(%C, %C, %A4) name("concat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<1x4x6x6x2xf32>, tensor<1x4x6x6x2xf32>, tensor<i32>) -> (tensor<1x4x6x6x4xf32>)
  %O2, %c8 = Identity(%CC) name("o2") {T = f32} : (tensor<1x4x6x6x4xf32>) -> (tensor<1x4x6x6x4xf32>)
  // Sum over D, H, W leaves N, C in both formats; Mean over C kept.
  %A123, %c9 = Const name("a123") {dtype = i32, value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %S, %c10 = Sum(%C, %A123) name("sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<1x4x6x6x2xf32>, tensor<3xi32>) -> (tensor<1x2xf32>)
  %O3, %c11 = Identity(%S) name("o3") {T = f32} : (tensor<1x2xf32>) -> (tensor<1x2xf32>)
  %A4v, %c12 = Const name("a4v") {dtype = i32, value = dense<[4]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %MN, %c13 = Mean(%C, %A4v) name("mean") {T = f32, Tidx = i32, keep_dims = true} : (tensor<1x4x6x6x2xf32>, tensor<1xi32>) -> (tensor<1x4x6x6x1xf32>)
  // Squeeze of C: N, D, H, W keep their order.
  %SQ, %c14 = Squeeze(%MN) name("squeeze") {T = f32, squeeze_dims = [4]} : (tensor<1x4x6x6x1xf32>) -> (tensor<1x4x6x6xf32>)
  %O4, %c15 = Identity(%SQ) name("o4") {T = f32} : (tensor<1x4x6x6xf32>) -> (tensor<1x4x6x6xf32>)
  // ReverseV2, Tile, Slice.
  %RV, %c16 = ReverseV2(%C, %A4v) name("reverse") {T = f32, Tidx = i32} : (tensor<1x4x6x6x2xf32>, tensor<1xi32>) -> (tensor<1x4x6x6x2xf32>)
  %O5, %c17 = Identity(%RV) name("o5") {T = f32} : (tensor<1x4x6x6x2xf32>) -> (tensor<1x4x6x6x2xf32>)
  %MU, %c18 = Const name("mult") {dtype = i32, value = dense<[1, 2, 1, 1, 3]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %TL, %c19 = Tile(%C, %MU) name("tile") {T = f32, Tmultiples = i32} : (tensor<1x4x6x6x2xf32>, tensor<5xi32>) -> (tensor<1x8x6x6x6xf32>)
  %O6, %c20 = Identity(%TL) name("o6") {T = f32} : (tensor<1x8x6x6x6xf32>) -> (tensor<1x8x6x6x6xf32>)
  %BG, %c21 = Const name("begin") {dtype = i32, value = dense<[0, 1, 0, 2, 0]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %SZ, %c22 = Const name("size") {dtype = i32, value = dense<[1, 2, 6, 3, 2]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %SL, %c23 = Slice(%C, %BG, %SZ) name("slice") {Index = i32, T = f32} : (tensor<1x4x6x6x2xf32>, tensor<5xi32>, tensor<5xi32>) -> (tensor<1x2x6x3x2xf32>)
  %O7, %c24 = Identity(%SL) name("o7") {T = f32} : (tensor<1x2x6x3x2xf32>) -> (tensor<1x2x6x3x2xf32>)
  // StridedSlice: masks of N and C; shrinking C leaves N, D, H, W in order.
  %SB, %c25 = Const name("sb") {dtype = i32, value = dense<[0, 1, 0, 0, 1]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %SE, %c26 = Const name("se") {dtype = i32, value = dense<[1, 3, 6, 6, 2]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %SS, %c27 = Const name("ss") {dtype = i32, value = dense<[1, 1, 2, 1, 1]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %ST, %c28 = StridedSlice(%C, %SB, %SE, %SS) name("strided") {Index = i32, T = f32, begin_mask = 17 : i64, ellipsis_mask = 0 : i64, end_mask = 16 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<1x4x6x6x2xf32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>) -> (tensor<1x2x3x6x2xf32>)
  %O8, %c29 = Identity(%ST) name("o8") {T = f32} : (tensor<1x2x3x6x2xf32>) -> (tensor<1x2x3x6x2xf32>)
  %SS1, %c30 = Const name("ss1") {dtype = i32, value = dense<1> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %SE1, %c31 = Const name("se1") {dtype = i32, value = dense<[1, 4, 6, 6, 2]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %STS, %c32 = StridedSlice(%C, %SB, %SE1, %SS1) name("strided_shrink") {Index = i32, T = f32, begin_mask = 15 : i64, ellipsis_mask = 0 : i64, end_mask = 15 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 16 : i64} : (tensor<1x4x6x6x2xf32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>) -> (tensor<1x4x6x6xf32>)
  %O9, %c33 = Identity(%STS) name("o9") {T = f32} : (tensor<1x4x6x6xf32>) -> (tensor<1x4x6x6xf32>)
  // Split along C, SplitV along D.
  %SP:2, %c34 = Split(%A4, %C) name("split") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<1x4x6x6x2xf32>) -> (tensor<1x4x6x6x1xf32>, tensor<1x4x6x6x1xf32>)
  %O10:2, %c35 = IdentityN(%SP#0, %SP#1) name("o10") {T = [f32, f32]} : (tensor<1x4x6x6x1xf32>, tensor<1x4x6x6x1xf32>) -> (tensor<1x4x6x6x1xf32>, tensor<1x4x6x6x1xf32>)
  %A1, %c36 = Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %SZS, %c37 = Const name("sizes") {dtype = i32, value = dense<[1, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %SV:2, %c38 = SplitV(%C, %SZS, %A1) name("splitv") {T = f32, Tlen = i32, num_split = 2 : i64} : (tensor<1x4x6x6x2xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<1x1x6x6x2xf32>, tensor<1x3x6x6x2xf32>)
  %O11:2, %c39 = IdentityN(%SV#0, %SV#1) name("o11") {T = [f32, f32]} : (tensor<1x1x6x6x2xf32>, tensor<1x3x6x6x2xf32>) -> (tensor<1x1x6x6x2xf32>, tensor<1x3x6x6x2xf32>)
  // Shape put back in NDHWC order; Fill of it reads the NCDHW shape.
  %SH, %c40 = Shape(%C) name("shape") {T = f32, out_type = i32} : (tensor<1x4x6x6x2xf32>) -> (tensor<5xi32>)
  %Half, %c41 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %FL, %c42 = Fill(%SH, %Half) name("fill") {T = f32, index_type = i32} : (tensor<5xi32>, tensor<f32>) -> (tensor<1x4x6x6x2xf32>)
  %Sum2, %c43 = AddV2(%FL, %X) name("o12") {T = f32} : (tensor<1x4x6x6x2xf32>, tensor<1x4x6x6x2xf32>) -> (tensor<1x4x6x6x2xf32>)
  %SN:2, %c44 = ShapeN(%C, %X) name("shape_n") {N = 2 : i64, T = f32, out_type = i32} : (tensor<1x4x6x6x2xf32>, tensor<1x4x6x6x2xf32>) -> (tensor<5xi32>, tensor<5xi32>)
  %O13:2, %c45 = IdentityN(%SN#0, %SN#1) name("o13") {T = [i32, i32]} : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>)
  // Not converted.
  %MD, %c46 = Max(%C, %A1) name("max_d") {T = f32, Tidx = i32, keep_dims = false} : (tensor<1x4x6x6x2xf32>, tensor<i32>) -> (tensor<1x6x6x2xf32>)
  %N1, %c47 = Identity(%MD) name("n1") {T = f32} : (tensor<1x6x6x2xf32>) -> (tensor<1x6x6x2xf32>)
  // Operands computed (an Identity of a constant is not a Const).
  %PV, %c48 = Identity(%PP) name("pv") {T = i32} : (tensor<5x2xi32>) -> (tensor<5x2xi32>)
  %PD, %c49 = Pad(%C, %PV) name("pad_var") {T = f32, Tpaddings = i32} : (tensor<1x4x6x6x2xf32>, tensor<5x2xi32>) -> (tensor<1x6x6x8x2xf32>)
  %N2, %c50 = Identity(%PD) name("n2") {T = f32} : (tensor<1x6x6x8x2xf32>) -> (tensor<1x6x6x8x2xf32>)
  %MV, %c51 = Identity(%MU) name("mv") {T = i32} : (tensor<5xi32>) -> (tensor<5xi32>)
  %TV, %c52 = Tile(%C, %MV) name("tile_var") {T = f32, Tmultiples = i32} : (tensor<1x4x6x6x2xf32>, tensor<5xi32>) -> (tensor<1x8x6x6x6xf32>)
  %N3, %c53 = Identity(%TV) name("n3") {T = f32} : (tensor<1x8x6x6x6xf32>) -> (tensor<1x8x6x6x6xf32>)
  %AV, %c54 = Identity(%A4) name("av") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %CV, %c55 = ConcatV2(%C, %C, %AV) name("concat_var") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<1x4x6x6x2xf32>, tensor<1x4x6x6x2xf32>, tensor<i32>) -> (tensor<1x4x6x6x4xf32>)
  %N4, %c56 = Identity(%CV) name("n4") {T = f32} : (tensor<1x4x6x6x4xf32>) -> (tensor<1x4x6x6x4xf32>)
  %A1v, %c57 = Const name("a1v") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %MD1, %c58 = Mean(%C, %A1v) name("mean_d") {T = f32, Tidx = i32, keep_dims = true} : (tensor<1x4x6x6x2xf32>, tensor<1xi32>) -> (tensor<1x1x6x6x2xf32>)
  %SQD, %c59 = Squeeze(%MD1) name("squeeze_d") {T = f32, squeeze_dims = [1]} : (tensor<1x1x6x6x2xf32>) -> (tensor<1x6x6x2xf32>)
  %N5, %c60 = Identity(%SQD) name("n5") {T = f32} : (tensor<1x6x6x2xf32>) -> (tensor<1x6x6x2xf32>)
}
