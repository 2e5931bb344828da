// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: Index operands that the graph computes from constants and static
// COM: shapes (Shape, StridedSlice, Pack, Sub, Rank, ...) become attributes
// COM: as Const operands do: shape inference's known values, evaluated on
// COM: demand (KnownValueEvaluator).
// CHECK-LABEL: func.func @main
// CHECK: %[[T:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<2x2x1x3xf32>
// CHECK: stablehlo.reshape %[[T]] : (tensor<2x2x1x3xf32>) -> tensor<4x3xf32>
// CHECK: stablehlo.pad %arg0, %{{.*}}, low = [1, 1], high = [0, 1], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>
// CHECK: stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK: stablehlo.concatenate %arg0, %arg0, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
// CHECK: stablehlo.slice %arg0 [0:1, 1:3] : (tensor<2x3xf32>) -> tensor<1x2xf32>
// NUM: graph 0: 6 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %S, %c1 = Shape(%X) name("shape") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<2xi32>)
  %B0, %c2 = Const name("b0") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %B1, %c3 = Const name("b1") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %D0, %c4 = StridedSlice(%S, %B0, %B1, %B1) name("d0") {T = i32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<i32>)
  %One, %c5 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  // multiples [2, 1]
  %M, %c6 = Pack(%D0, %One) name("mult") {T = i32, N = 2 : i64, axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<2xi32>)
  %TL, %c7 = Tile(%X, %M) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<4x3xf32>)
  // paddings [[1, 0], [1, 1]]: Pack(shape - [1, 2], [0, 1]) on axis 1
  %K, %c8 = Const name("k") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Lo, %c9 = Sub(%S, %K) name("lo") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %Hi, %c10 = Const name("hi") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Pd, %c11 = Pack(%Lo, %Hi) name("pads") {T = i32, N = 2 : i64, axis = 1 : i64} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2x2xi32>)
  %PD, %c12 = Pad(%X, %Pd) name("pad") {T = f32, Tpaddings = i32} : (tensor<2x3xf32>, tensor<2x2xi32>) -> (tensor<3x5xf32>)
  // perm [1, 0]: Sub of two Consts
  %Pa, %c13 = Const name("pa") {dtype = i32, value = dense<[2, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Pm, %c14 = Sub(%Pa, %B1) name("perm") {T = i32} : (tensor<2xi32>, tensor<1xi32>) -> (tensor<2xi32>)
  %T, %c15 = Transpose(%X, %Pm) name("t") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
  // axis 1 = Rank(x) - 1, for a reduction and a concatenation
  %Rk, %c16 = Rank(%X) name("rank") {T = f32} : (tensor<2x3xf32>) -> (tensor<i32>)
  %Ax, %c17 = Sub(%Rk, %One) name("axis") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Sm, %c18 = Sum(%X, %Ax) name("sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2xf32>)
  %C, %c19 = ConcatV2(%X, %X, %Ax) name("concat") {T = f32, N = 2 : i64, Tidx = i32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> (tensor<2x6xf32>)
  // Slice begin [0, 1] = [0, rank - 1], size [1, 2] = shape - [1, 1]
  %Z, %c20 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Bg, %c21 = Pack(%Z, %Ax) name("begin") {T = i32, N = 2 : i64, axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<2xi32>)
  %Sz, %c22 = Sub(%S, %B1) name("size") {T = i32} : (tensor<2xi32>, tensor<1xi32>) -> (tensor<2xi32>)
  %Sl, %c23 = Slice(%X, %Bg, %Sz) name("slice") {T = f32, Index = i32} : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<1x2xf32>)
}

// -----

// COM: In a function body (an If's branch), from a static argument's shape.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.if"
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<2x2x1x3xf32>
// CHECK: }, {
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<1x2x2x3xf32>
// NUM: graph 1: 1 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %K, %c1 = Placeholder name("k") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %I, %c2 = If(%K, %X) name("if") {then_branch = #tf_type.func<@rows, {}>, else_branch = #tf_type.func<@cols, {}>, Tcond = i1, Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<i1>, tensor<2x3xf32>) -> (tensor<4x3xf32>)
}
// Tile(x, [rows, 1])
tfg.func @rows(%x: tensor<2x3xf32> {tfg.name = "x"}) -> (tensor<4x3xf32> {tfg.name = "y"}) {
  %S, %c1 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<2xi32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<[0, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %M, %c3 = Sub(%S, %One) name("mult") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %Y, %c4 = Tile(%x, %M) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<4x3xf32>)
  return(%Y) : tensor<4x3xf32>
}
// Reshape(Tile(x, [1, rows]), [4, 3])
tfg.func @cols(%x: tensor<2x3xf32> {tfg.name = "x"}) -> (tensor<4x3xf32> {tfg.name = "y"}) {
  %S, %c1 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<2xi32>)
  %R, %c2 = Const name("rev") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %V, %c3 = ReverseV2(%S, %R) name("rev_shape") {T = i32, Tidx = i32} : (tensor<2xi32>, tensor<1xi32>) -> (tensor<2xi32>)
  %One, %c4 = Const name("one") {dtype = i32, value = dense<[2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %M, %c5 = Sub(%V, %One) name("mult") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %T, %c6 = Tile(%x, %M) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<2x6xf32>)
  %Sh, %c7 = Const name("shape43") {dtype = i32, value = dense<[4, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Y, %c8 = Reshape(%T, %Sh) name("r") {T = f32, Tshape = i32} : (tensor<2x6xf32>, tensor<2xi32>) -> (tensor<4x3xf32>)
  return(%Y) : tensor<4x3xf32>
}
