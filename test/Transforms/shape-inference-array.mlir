// COM: Shape functions of the shape ops, sources, and the ops that build,
// COM: reshape, slice and join arrays. Constant operands (shapes, axes,
// COM: permutations, paddings) are read from Const nodes and from the shape
// COM: ops of static tensors, which TFGEval evaluates.
// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// COM: Shape ops and their values flowing into shape operands.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %U, %ctl_0 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  %Z, %ctl_1 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // CHECK-DAG: name("shape"){{.*}} -> (tensor<2xi64>)
  %S0, %ctl_2 = Shape(%X) name("shape") {T = f32, out_type = i64} : (tensor<*xf32>) -> (tensor<*xi64>)
  // CHECK-DAG: name("shape_unranked"){{.*}} -> (tensor<?xi32>)
  %S1, %ctl_3 = Shape(%U) name("shape_unranked") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("shape_n"){{.*}} -> (tensor<2xi32>, tensor<?xi32>)
  %S2:2, %ctl_4 = ShapeN(%X, %U) name("shape_n") {N = 2 : i64, T = f32, out_type = i32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xi32>)
  // CHECK-DAG: name("size"){{.*}} -> (tensor<i32>)
  %S3, %ctl_5 = Size(%X) name("size") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("rank"){{.*}} -> (tensor<i32>)
  %S4, %ctl_6 = Rank(%U) name("rank") {T = f32} : (tensor<*xf32>) -> (tensor<*xi32>)
  // COM: The value of Shape, ShapeN, Size or Rank of a static tensor is a
  // COM: constant.
  // CHECK-DAG: name("fill_shape"){{.*}} -> (tensor<2x3xf32>)
  %F0, %ctl_7 = Fill(%S0, %Z) name("fill_shape") {T = f32, index_type = i64} : (tensor<*xi64>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("fill_shape_n"){{.*}} -> (tensor<2x3xf32>)
  %F1, %ctl_8 = Fill(%S2#0, %Z) name("fill_shape_n") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("fill_unknown"){{.*}} -> (tensor<*xf32>)
  %F2, %ctl_9 = Fill(%S2#1, %Z) name("fill_unknown") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<f32>) -> (tensor<*xf32>)
  %Rk, %ctl_10 = Rank(%X) name("rank_x") {T = f32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %Sz, %ctl_11 = Size(%X) name("size_x") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %One, %ctl_12 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Zi, %ctl_13 = Const name("zero_i") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  // CHECK-DAG: name("range_rank"){{.*}} -> (tensor<2xi32>)
  %R0, %ctl_14 = Range(%Zi, %Rk, %One) name("range_rank") {Tidx = i32} : (tensor<i32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("range_size"){{.*}} -> (tensor<6xi32>)
  %R1, %ctl_15 = Range(%Zi, %Sz, %One) name("range_size") {Tidx = i32} : (tensor<i32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
}

// -----

// COM: Sources: Const, the placeholders (the `shape` attribute, merged with
// COM: the default's shape), random ops and Empty/Fill/BroadcastTo/ScatterNd
// COM: (a shape operand).
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // CHECK-DAG: name("const"){{.*}} -> (tensor<2x2xf32>)
  %C, %ctl = Const name("const") {dtype = f32, value = dense<1.0> : tensor<2x2xf32>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("placeholder_v2"){{.*}} -> (tensor<?x5xf32>)
  %P0, %ctl_0 = PlaceholderV2 name("placeholder_v2") {dtype = f32, shape = #tf_type.shape<?x5>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("with_default"){{.*}} -> (tensor<2x2xf32>)
  %P1, %ctl_1 = PlaceholderWithDefault(%C) name("with_default") {dtype = f32, shape = #tf_type.shape<?x2>} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("unknown_rank"){{.*}} -> (tensor<*xf32>)
  %P2, %ctl_2 = Placeholder name("unknown_rank") {dtype = f32, shape = #tf_type.shape<*>} : () -> (tensor<*xf32>)
  %Sh, %ctl_3 = Const name("dims") {dtype = i32, value = dense<[4, -1, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %Z, %ctl_4 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %Seed, %ctl_5 = Const name("seed") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %UD, %ctl_6 = Placeholder name("unknown_dims") {dtype = i32, shape = #tf_type.shape<2>} : () -> (tensor<*xi32>)
  // CHECK-DAG: name("fill"){{.*}} -> (tensor<4x?x2xf32>)
  %F0, %ctl_7 = Fill(%Sh, %Z) name("fill") {T = f32, index_type = i32} : (tensor<3xi32>, tensor<f32>) -> (tensor<*xf32>)
  // COM: Values unknown, length known: the rank.
  // CHECK-DAG: name("fill_rank"){{.*}} -> (tensor<?x?xf32>)
  %F1, %ctl_8 = Fill(%UD, %Z) name("fill_rank") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("empty"){{.*}} -> (tensor<4x?x2xf32>)
  %F2, %ctl_9 = Empty(%Sh) name("empty") {dtype = f32, init = false} : (tensor<3xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("broadcast_to"){{.*}} -> (tensor<4x?x2xf32>)
  %F3, %ctl_10 = BroadcastTo(%Z, %Sh) name("broadcast_to") {T = f32, Tidx = i32} : (tensor<f32>, tensor<3xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("scatter_nd"){{.*}} -> (tensor<4x?x2xf32>)
  %F4, %ctl_11 = ScatterNd(%Seed, %Z, %Sh) name("scatter_nd") {T = f32, Tindices = i32} : (tensor<2xi32>, tensor<f32>, tensor<3xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("random_uniform"){{.*}} -> (tensor<4x?x2xf32>)
  %G0, %ctl_12 = RandomUniform(%Sh) name("random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<3xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("random_normal"){{.*}} -> (tensor<4x?x2xf32>)
  %G1, %ctl_13 = RandomStandardNormal(%Sh) name("random_normal") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<3xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("random_int"){{.*}} -> (tensor<4x?x2xi32>)
  %G2, %ctl_14 = RandomUniformInt(%Sh, %Seed, %Seed) name("random_int") {T = i32, Tout = i32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<3xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("truncated_normal"){{.*}} -> (tensor<4x?x2xf32>)
  %G3, %ctl_15 = TruncatedNormal(%Sh) name("truncated_normal") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<3xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("stateless_normal"){{.*}} -> (tensor<4x?x2xf32>)
  %G4, %ctl_16 = StatelessRandomNormal(%Sh, %Seed) name("stateless_normal") {T = i32, Tseed = i32, dtype = f32} : (tensor<3xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("stateless_uniform"){{.*}} -> (tensor<4x?x2xf32>)
  %G5, %ctl_17 = StatelessRandomUniform(%Sh, %Seed) name("stateless_uniform") {T = i32, Tseed = i32, dtype = f32} : (tensor<3xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("stateless_truncated"){{.*}} -> (tensor<4x?x2xf32>)
  %G6, %ctl_18 = StatelessTruncatedNormal(%Sh, %Seed) name("stateless_truncated") {T = i32, Tseed = i32, dtype = f32} : (tensor<3xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// COM: Reshape (one -1 inferred from a static input), ExpandDims, Squeeze
// COM: (all size-1 dims, or the listed ones), Transpose.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x1x6>} : () -> (tensor<*xf32>)
  %D, %ctl_0 = Placeholder name("d") {dtype = f32, shape = #tf_type.shape<?x1x6>} : () -> (tensor<*xf32>)
  %S0, %ctl_1 = Const name("s0") {dtype = i32, value = dense<[3, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %S1, %ctl_2 = Const name("s1") {dtype = i32, value = dense<[5, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Am1, %ctl_3 = Const name("am1") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %Pm, %ctl_4 = Const name("perm") {dtype = i32, value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  // CHECK-DAG: name("reshape"){{.*}} -> (tensor<3x4xf32>)
  %R0, %ctl_5 = Reshape(%X, %S0) name("reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("reshape_dynamic"){{.*}} -> (tensor<3x?xf32>)
  %R1, %ctl_6 = Reshape(%D, %S0) name("reshape_dynamic") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // COM: 12 elements do not divide into rows of 5: nothing is inferred.
  // CHECK-DAG: name("reshape_bad"){{.*}} -> (tensor<*xf32>)
  %R2, %ctl_7 = Reshape(%X, %S1) name("reshape_bad") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("expand_dims"){{.*}} -> (tensor<2x1x6x1xf32>)
  %R3, %ctl_8 = ExpandDims(%X, %Am1) name("expand_dims") {T = f32, Tdim = i32} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("squeeze_all"){{.*}} -> (tensor<2x6xf32>)
  %R4, %ctl_9 = Squeeze(%X) name("squeeze_all") {T = f32, squeeze_dims = []} : (tensor<*xf32>) -> (tensor<*xf32>)
  // COM: Squeezing all dims of a shape with an unknown dim: rank unknown.
  // CHECK-DAG: name("squeeze_unknown"){{.*}} -> (tensor<*xf32>)
  %R5, %ctl_10 = Squeeze(%D) name("squeeze_unknown") {T = f32, squeeze_dims = []} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("squeeze_dims"){{.*}} -> (tensor<?x6xf32>)
  %R6, %ctl_11 = Squeeze(%D) name("squeeze_dims") {T = f32, squeeze_dims = [-2]} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("transpose"){{.*}} -> (tensor<6x?x1xf32>)
  %R7, %ctl_12 = Transpose(%D, %Pm) name("transpose") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<3xi32>) -> (tensor<*xf32>)
}

// -----

// COM: ConcatV2 (axis last), Concat (axis first), Pack, Unpack, Split,
// COM: SplitV.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32, shape = #tf_type.shape<?x5>} : () -> (tensor<*xf32>)
  %C, %ctl_1 = Placeholder name("c") {dtype = f32, shape = #tf_type.shape<4x6>} : () -> (tensor<*xf32>)
  %A1, %ctl_2 = Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %A0, %ctl_3 = Const name("a0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %AU, %ctl_4 = Placeholder name("axis") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<*xi32>)
  %Sz, %ctl_5 = Const name("sizes") {dtype = i32, value = dense<[1, -1, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  // CHECK-DAG: name("concat_v2"){{.*}} -> (tensor<2x8xf32>)
  %R0, %ctl_6 = ConcatV2(%A, %B, %A1) name("concat_v2") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("concat"){{.*}} -> (tensor<?x5xf32>)
  %R1, %ctl_7 = Concat(%A0, %B, %B) name("concat") {N = 2 : i64, T = f32} : (tensor<i32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("concat_unknown_axis"){{.*}} -> (tensor<?x?xf32>)
  %R2, %ctl_8 = ConcatV2(%A, %B, %AU) name("concat_unknown_axis") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // COM: Dims other than the axis must agree: 3 and 5 do not.
  // CHECK-DAG: name("concat_bad"){{.*}} -> (tensor<*xf32>)
  %R3, %ctl_9 = ConcatV2(%A, %B, %A0) name("concat_bad") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("pack"){{.*}} -> (tensor<2x2x3xf32>)
  %R4, %ctl_10 = Pack(%A, %A) name("pack") {N = 2 : i64, T = f32, axis = 0 : i64} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("pack_last"){{.*}} -> (tensor<2x3x2xf32>)
  %R5, %ctl_11 = Pack(%A, %A) name("pack_last") {N = 2 : i64, T = f32, axis = -1 : i64} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("unpack"){{.*}} -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %R6:3, %ctl_12 = Unpack(%A) name("unpack") {T = f32, axis = 1 : i64, num = 3 : i64} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // CHECK-DAG: name("split"){{.*}} -> (tensor<2x6xf32>, tensor<2x6xf32>)
  %R7:2, %ctl_13 = Split(%A0, %C) name("split") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  // CHECK-DAG: name("split_v"){{.*}} -> (tensor<4x1xf32>, tensor<4x?xf32>, tensor<4x3xf32>)
  %R8:3, %ctl_14 = SplitV(%C, %Sz, %A1) name("split_v") {T = f32, Tlen = i32, num_split = 3 : i64} : (tensor<*xf32>, tensor<3xi32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
}

// -----

// COM: Slice, StridedSlice (masks), Tile, Pad/PadV2/MirrorPad, Range.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x6>} : () -> (tensor<*xf32>)
  %Bg, %ctl_0 = Const name("begin") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Sz, %ctl_1 = Const name("size") {dtype = i32, value = dense<[2, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %En, %ctl_2 = Const name("end") {dtype = i32, value = dense<[3, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %St, %ctl_3 = Const name("strides") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Mu, %ctl_4 = Const name("multiples") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Pd, %ctl_5 = Const name("paddings") {dtype = i32, value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %Z, %ctl_6 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %R0i, %ctl_7 = Const name("start") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %R1i, %ctl_8 = Const name("limit") {dtype = i32, value = dense<18> : tensor<i32>} : () -> (tensor<i32>)
  %R2i, %ctl_9 = Const name("delta") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  // CHECK-DAG: name("slice"){{.*}} -> (tensor<2x4xf32>)
  %S0, %ctl_10 = Slice(%X, %Bg, %Sz) name("slice") {Index = i32, T = f32} : (tensor<*xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  // COM: x[1:3, 2:-1:2]
  // CHECK-DAG: name("strided_slice"){{.*}} -> (tensor<2x2xf32>)
  %S1, %ctl_11 = StridedSlice(%X, %Bg, %En, %St) name("strided_slice") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  // COM: x[1, ::2] (shrink axis 0, begin and end masks on axis 1).
  // CHECK-DAG: name("strided_slice_masks"){{.*}} -> (tensor<3xf32>)
  %S2, %ctl_12 = StridedSlice(%X, %Bg, %En, %St) name("strided_slice_masks") {Index = i32, T = f32, begin_mask = 2 : i64, ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  // COM: x[tf.newaxis, 2:-1:2] (new axis 0; the second spec is axis 0 of x).
  // CHECK-DAG: name("strided_slice_new_axis"){{.*}} -> (tensor<1x1x6xf32>)
  %S3, %ctl_13 = StridedSlice(%X, %Bg, %En, %St) name("strided_slice_new_axis") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("tile"){{.*}} -> (tensor<8x18xf32>)
  %S4, %ctl_14 = Tile(%X, %Mu) name("tile") {T = f32, Tmultiples = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("pad"){{.*}} -> (tensor<6x8xf32>)
  %S5, %ctl_15 = Pad(%X, %Pd) name("pad") {T = f32, Tpaddings = i32} : (tensor<*xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("pad_v2"){{.*}} -> (tensor<6x8xf32>)
  %S6, %ctl_16 = PadV2(%X, %Pd, %Z) name("pad_v2") {T = f32, Tpaddings = i32} : (tensor<*xf32>, tensor<2x2xi32>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("mirror_pad"){{.*}} -> (tensor<6x8xf32>)
  %S7, %ctl_17 = MirrorPad(%X, %Pd) name("mirror_pad") {T = f32, Tpaddings = i32, mode = "REFLECT"} : (tensor<*xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  // COM: ceil((18 - 3) / 4) = 4 elements.
  // CHECK-DAG: name("range"){{.*}} -> (tensor<4xi32>)
  %S8, %ctl_18 = Range(%R0i, %R1i, %R2i) name("range") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("range_empty"){{.*}} -> (tensor<0xi32>)
  %S9, %ctl_19 = Range(%R1i, %R0i, %R2i) name("range_empty") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
}

// -----

// COM: Gather, GatherV2 (axis, batch_dims), ResourceGather, GatherNd,
// COM: OneHot, Where, Unique, TopKV2, ListDiff, Cast.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("params") {dtype = f32, shape = #tf_type.shape<5x6x7>} : () -> (tensor<*xf32>)
  %I, %ctl_0 = Placeholder name("indices") {dtype = i32, shape = #tf_type.shape<5x3>} : () -> (tensor<*xi32>)
  %I2, %ctl_1 = Placeholder name("indices_nd") {dtype = i32, shape = #tf_type.shape<4x2>} : () -> (tensor<*xi32>)
  %H, %ctl_2 = Placeholder name("handle") {dtype = !tf_type.resource} : () -> (tensor<*x!tf_type.resource>)
  %A1, %ctl_3 = Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %K, %ctl_4 = Const name("k") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %V, %ctl_5 = Placeholder name("v") {dtype = i32, shape = #tf_type.shape<9>} : () -> (tensor<*xi32>)
  %On, %ctl_6 = Const name("on") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %AU, %ctl_20 = Placeholder name("axis") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<*xi32>)
  // CHECK-DAG: name("gather"){{.*}} -> (tensor<5x3x6x7xf32>)
  %G0, %ctl_7 = Gather(%P, %I) name("gather") {Tindices = i32, Tparams = f32, validate_indices = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("gather_v2"){{.*}} -> (tensor<5x5x3x7xf32>)
  %G1, %ctl_8 = GatherV2(%P, %I, %A1) name("gather_v2") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
  // COM: batch_dims 1: the batch dim of indices is dropped after params'.
  // CHECK-DAG: name("gather_batch"){{.*}} -> (tensor<5x3x7xf32>)
  %G2, %ctl_9 = GatherV2(%P, %I, %A1) name("gather_batch") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 1 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
  // COM: An unknown axis: the rank, 3 + 2 - 1.
  // CHECK-DAG: name("gather_unknown_axis"){{.*}} -> (tensor<?x?x?x?xf32>)
  %G12, %ctl_19 = GatherV2(%P, %I, %AU) name("gather_unknown_axis") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("gather_nd"){{.*}} -> (tensor<4x7xf32>)
  %G3, %ctl_10 = GatherNd(%P, %I2) name("gather_nd") {Tindices = i32, Tparams = f32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("resource_gather"){{.*}} -> (tensor<*xf32>)
  %G4, %ctl_11 = ResourceGather(%H, %I) name("resource_gather") {Tindices = i32, dtype = f32, batch_dims = 0 : i64, validate_indices = true} : (tensor<*x!tf_type.resource>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("one_hot"){{.*}} -> (tensor<5x3x2xf32>)
  %G5, %ctl_12 = OneHot(%I, %K, %On, %On) name("one_hot") {T = f32, TI = i32, axis = -1 : i64} : (tensor<*xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("one_hot_axis0"){{.*}} -> (tensor<2x5x3xf32>)
  %G6, %ctl_13 = OneHot(%I, %K, %On, %On) name("one_hot_axis0") {T = f32, TI = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("where"){{.*}} -> (tensor<?x3xi64>)
  %G7, %ctl_14 = Where(%P) name("where") {T = f32} : (tensor<*xf32>) -> (tensor<*xi64>)
  // CHECK-DAG: name("unique"){{.*}} -> (tensor<?xi32>, tensor<9xi32>)
  %G8:2, %ctl_15 = Unique(%V) name("unique") {T = i32, out_idx = i32} : (tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  // CHECK-DAG: name("top_k"){{.*}} -> (tensor<5x6x2xf32>, tensor<5x6x2xi32>)
  %G9:2, %ctl_16 = TopKV2(%P, %K) name("top_k") {T = f32, Tk = i32, sorted = true} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  // CHECK-DAG: name("list_diff"){{.*}} -> (tensor<?xi32>, tensor<?xi32>)
  %G10:2, %ctl_17 = ListDiff(%V, %V) name("list_diff") {T = i32, out_idx = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  // CHECK-DAG: name("cast"){{.*}} -> (tensor<5x6x7xi32>)
  %G11, %ctl_18 = Cast(%P) name("cast") {DstT = i32, SrcT = f32, Truncate = false} : (tensor<*xf32>) -> (tensor<*xi32>)
}
