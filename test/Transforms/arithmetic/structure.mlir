// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out remove-stack-slice-same-axis=false simplify-embedding-lookup=false remove-cast-into-segment-reduction=false reorder-cast-like-and-value-preserving=false hoist-cwise-unary-chains=false' | FileCheck %s --check-prefix=OFF
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out replace-mul-with-broadcast-by-tile=true' | FileCheck %s --check-prefix=TILE

// COM: RemoveStackSliceSameAxis: a StridedSlice shrinking the packing axis
// COM: -> the packed input; a Slice keeping it -> ExpandDims(input, axis);
// COM: a slice of two elements, or not along the axis, is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[A:.*]], %{{.*}} = Placeholder name("a")
// CHECK-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK-DAG: %[[AX:.*]], %{{.*}} = Const name("sl/Const") {dtype = i32, value = dense<1> : tensor<i32>}
// CHECK-DAG: ExpandDims(%[[B]], %[[AX]]) name("sl") {T = f32, Tdim = i32} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x1x3xf32>)
// CHECK-DAG: StridedSlice(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("two")
// CHECK-DAG: IdentityN(%[[B]], %{{.*}}, %{{.*}}) name("out")
// OFF-LABEL: tfg.graph
// OFF: StridedSlice(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("ss")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<2x3xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32} : () -> (tensor<2x3xf32>)
  %P, %ctl_1 = Pack(%A, %B) name("p") {N = 2 : i64, T = f32, axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x2x3xf32>)
  %Begin, %ctl_2 = Const name("begin") {dtype = i32, value = dense<[0, 1, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %End, %ctl_3 = Const name("end") {dtype = i32, value = dense<[0, 2, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %Strides, %ctl_4 = Const name("strides") {dtype = i32, value = dense<1> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %SS, %ctl_5 = StridedSlice(%P, %Begin, %End, %Strides) name("ss") {Index = i32, T = f32, begin_mask = 5 : i64, end_mask = 5 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64} : (tensor<2x2x3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<2x3xf32>)
  %Size, %ctl_6 = Const name("size") {dtype = i32, value = dense<[-1, 1, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %SL, %ctl_7 = Slice(%P, %Begin, %Size) name("sl") {Index = i32, T = f32} : (tensor<2x2x3xf32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<2x1x3xf32>)
  %Begin0, %ctl_8 = Const name("begin0") {dtype = i32, value = dense<0> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %End2, %ctl_9 = Const name("end2") {dtype = i32, value = dense<[2, 2, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %Two, %ctl_10 = StridedSlice(%P, %Begin0, %End2, %Strides) name("two") {Index = i32, T = f32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x2x3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<2x2x3xf32>)
  %O:3, %ctl_11 = IdentityN(%SS, %SL, %Two) name("out") {T = [f32, f32, f32]} : (tensor<2x3xf32>, tensor<2x1x3xf32>, tensor<2x2x3xf32>) -> (tensor<2x3xf32>, tensor<2x1x3xf32>, tensor<2x2x3xf32>)
}

// -----

// COM: SimplifyEmbeddingLookup: SparseSegmentSum(Gather(params, Unique(ids).y),
// COM: Unique(ids).idx, seg) -> SparseSegmentSum(params, ids, seg); a gather
// COM: of other indices is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[PARAMS:.*]], %{{.*}} = Placeholder name("params")
// CHECK-DAG: %[[IDS:.*]], %{{.*}} = Placeholder name("ids")
// CHECK-DAG: %[[SEG:.*]], %{{.*}} = Placeholder name("seg")
// CHECK-DAG: SparseSegmentSum(%[[PARAMS]], %[[IDS]], %[[SEG]]) name("sum") {T = f32, Tidx = i64, Tsegmentids = i32
// CHECK-DAG: SparseSegmentSum(%{{.*}}, %{{.*}}, %[[SEG]]) name("other") {T = f32, Tidx = i32
// OFF-LABEL: tfg.graph
// OFF: SparseSegmentSum(%{{.*}}, %{{.*}}, %{{.*}}) name("sum") {T = f32, Tidx = i32
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Params, %ctl = Placeholder name("params") {dtype = f32} : () -> (tensor<10x4xf32>)
  %Ids, %ctl_0 = Placeholder name("ids") {dtype = i64} : () -> (tensor<6xi64>)
  %Seg, %ctl_1 = Placeholder name("seg") {dtype = i32} : () -> (tensor<6xi32>)
  %Y, %Idx, %ctl_2 = Unique(%Ids) name("u") {T = i64, out_idx = i32} : (tensor<6xi64>) -> (tensor<?xi64>, tensor<6xi32>)
  %G, %ctl_3 = Gather(%Params, %Y) name("g") {Tindices = i64, Tparams = f32, validate_indices = true} : (tensor<10x4xf32>, tensor<?xi64>) -> (tensor<?x4xf32>)
  %S, %ctl_4 = SparseSegmentSum(%G, %Idx, %Seg) name("sum") {T = f32, Tidx = i32, Tsegmentids = i32, sparse_gradient = false} : (tensor<?x4xf32>, tensor<6xi32>, tensor<6xi32>) -> (tensor<?x4xf32>)
  %G2, %ctl_5 = Gather(%Params, %Ids) name("g2") {Tindices = i64, Tparams = f32, validate_indices = true} : (tensor<10x4xf32>, tensor<6xi64>) -> (tensor<6x4xf32>)
  %S2, %ctl_6 = SparseSegmentSum(%G2, %Idx, %Seg) name("other") {T = f32, Tidx = i32, Tsegmentids = i32, sparse_gradient = false} : (tensor<6x4xf32>, tensor<6xi32>, tensor<6xi32>) -> (tensor<?x4xf32>)
  %O:2, %ctl_7 = IdentityN(%S, %S2) name("out") {T = [f32, f32]} : (tensor<?x4xf32>, tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>)
}

// -----

// COM: RemoveCastIntoSegmentReduction: a widening int32 -> int64 cast of
// COM: the segment ids is dropped; a narrowing int64 -> int32 cast (it
// COM: changes ids beyond int32) is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[D:.*]], %{{.*}} = Placeholder name("d")
// CHECK-DAG: %[[S32:.*]], %{{.*}} = Placeholder name("s32")
// CHECK-DAG: SegmentSum(%[[D]], %[[S32]]) name("sum") {T = f32, Tindices = i32}
// CHECK-DAG: SegmentSum(%[[D]], %{{.*}}) name("narrow") {T = f32, Tindices = i32}
// OFF-LABEL: tfg.graph
// OFF: SegmentSum(%{{.*}}, %{{.*}}) name("sum") {T = f32, Tindices = i64}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %D, %ctl = Placeholder name("d") {dtype = f32} : () -> (tensor<4xf32>)
  %S32, %ctl_0 = Placeholder name("s32") {dtype = i32} : () -> (tensor<4xi32>)
  %S64, %ctl_1 = Placeholder name("s64") {dtype = i64} : () -> (tensor<4xi64>)
  %C, %ctl_2 = Cast(%S32) name("c") {DstT = i64, SrcT = i32, Truncate = false} : (tensor<4xi32>) -> (tensor<4xi64>)
  %Sum, %ctl_3 = SegmentSum(%D, %C) name("sum") {T = f32, Tindices = i64} : (tensor<4xf32>, tensor<4xi64>) -> (tensor<?xf32>)
  %C2, %ctl_4 = Cast(%S64) name("c2") {DstT = i32, SrcT = i64, Truncate = false} : (tensor<4xi64>) -> (tensor<4xi32>)
  %Narrow, %ctl_5 = SegmentSum(%D, %C2) name("narrow") {T = f32, Tindices = i32} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<?xf32>)
  %O:2, %ctl_6 = IdentityN(%Sum, %Narrow) name("out") {T = [f32, f32]} : (tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
}

// -----

// COM: ReorderCastLikeAndValuePreserving: a narrowing Cast after a
// COM: Transpose moves before it (the Transpose then moves half the
// COM: bytes); a widening Cast is kept after it.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[P:.*]], %{{.*}} = Const name("p")
// CHECK-DAG: %[[C:.*]], %{{.*}} = Cast(%[[X]]) name("c/Cast") {DstT = f16, SrcT = f32, Truncate = false} : (tensor<2x3xf32>) -> (tensor<2x3xf16>)
// CHECK-DAG: Transpose(%[[C]], %[[P]]) name("c") {T = f16, Tperm = i32} : (tensor<2x3xf16>, tensor<2xi32>) -> (tensor<3x2xf16>)
// CHECK-DAG: Cast(%{{.*}}) name("w") {DstT = f64
// OFF-LABEL: tfg.graph
// OFF: Cast(%{{.*}}) name("c")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3xf32>)
  %P, %ctl_0 = Const name("p") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %T, %ctl_1 = Transpose(%X, %P) name("t") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
  %C, %ctl_2 = Cast(%T) name("c") {DstT = f16, SrcT = f32, Truncate = false} : (tensor<3x2xf32>) -> (tensor<3x2xf16>)
  %T2, %ctl_3 = Transpose(%X, %P) name("t2") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
  %W, %ctl_4 = Cast(%T2) name("w") {DstT = f64, SrcT = f32, Truncate = false} : (tensor<3x2xf32>) -> (tensor<3x2xf64>)
  %O:2, %ctl_5 = IdentityN(%C, %W) name("out") {T = [f16, f64]} : (tensor<3x2xf16>, tensor<3x2xf64>) -> (tensor<3x2xf16>, tensor<3x2xf64>)
}

// -----

// COM: HoistCWiseUnaryChains: ConcatV2(Exp(Relu(a)), Exp(Relu(b)), axis) ->
// COM: Exp(Relu(ConcatV2(a, b, axis))); inputs ending in different ops are
// COM: kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[A:.*]], %{{.*}} = Placeholder name("a")
// CHECK-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK-DAG: %[[AX:.*]], %{{.*}} = Const name("axis")
// CHECK-DAG: %[[CAT:.*]], %{{.*}} = ConcatV2(%[[A]], %[[B]], %[[AX]]) name("cat/ConcatV2") {N = 2 : i64, T = f32, Tidx = i32}
// CHECK-DAG: %[[R:.*]], %{{.*}} = Relu(%[[CAT]]) name("cat/Relu")
// CHECK-DAG: Exp(%[[R]]) name("cat") {T = f32} : (tensor<*xf32>) -> (tensor<4x3xf32>)
// CHECK-DAG: ConcatV2(%{{.*}}, %{{.*}}, %[[AX]]) name("mixed")
// OFF-LABEL: tfg.graph
// OFF: ConcatV2(%{{.*}}, %{{.*}}, %{{.*}}) name("cat")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<2x3xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32} : () -> (tensor<2x3xf32>)
  %AX, %ctl_1 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %RA, %ctl_2 = Relu(%A) name("ra") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %EA, %ctl_3 = Exp(%RA) name("ea") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %RB, %ctl_4 = Relu(%B) name("rb") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %EB, %ctl_5 = Exp(%RB) name("eb") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Cat, %ctl_6 = ConcatV2(%EA, %EB, %AX) name("cat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> (tensor<4x3xf32>)
  %XA, %ctl_7 = Exp(%A) name("xa") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %XB, %ctl_8 = Log(%B) name("xb") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Mixed, %ctl_9 = ConcatV2(%XA, %XB, %AX) name("mixed") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> (tensor<4x3xf32>)
  %O:2, %ctl_10 = IdentityN(%Cat, %Mixed) name("out") {T = [f32, f32]} : (tensor<4x3xf32>, tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
}

// -----

// COM: ReplaceMulWithBroadcastByTile (off by default): Mul(x, ones) that
// COM: only broadcasts x -> Tile(x, multiples); ones that are not all 1,
// COM: or x not of size 1 where it grows, are kept.
// CHECK-LABEL: tfg.graph
// CHECK: Mul(%{{.*}}, %{{.*}}) name("m")
// TILE-LABEL: tfg.graph
// TILE-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// TILE-DAG: %[[M:.*]], %{{.*}} = Const name("m/Const") {dtype = i32, value = dense<[1, 3]> : tensor<2xi32>}
// TILE-DAG: Tile(%[[X]], %[[M]]) name("m") {T = f32, Tmultiples = i32} : (tensor<2x1xf32>, tensor<2xi32>) -> (tensor<2x3xf32>)
// TILE-DAG: Mul(%{{.*}}, %{{.*}}) name("twos")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x1xf32>)
  %Ones, %ctl_0 = Const name("ones") {dtype = f32, value = dense<1.0> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %Twos, %ctl_1 = Const name("twoc") {dtype = f32, value = dense<2.0> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %M, %ctl_2 = Mul(%X, %Ones) name("m") {T = f32} : (tensor<2x1xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M2, %ctl_3 = Mul(%X, %Twos) name("twos") {T = f32} : (tensor<2x1xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O:2, %ctl_4 = IdentityN(%M, %M2) name("out") {T = [f32, f32]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
}
