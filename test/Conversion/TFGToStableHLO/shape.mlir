// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s

// COM: Reshape-like ops take the node's static output type; index inputs
// COM: (perm, axis, begin, paddings, multiples) become attributes.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[P0:.*]] = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
// CHECK: %[[P1:.*]] = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
// CHECK: stablehlo.concatenate %[[P0]], %[[P1]], dim = 1 : (tensor<2x1x3xf32>, tensor<2x1x3xf32>) -> tensor<2x2x3xf32>
// CHECK: stablehlo.slice %arg0 [1:2, 0:3:2]
// CHECK: stablehlo.pad %arg0, %{{.*}}, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>
// CHECK: %[[T:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<2x2x1x3xf32>
// CHECK: stablehlo.reshape %[[T]] : (tensor<2x2x1x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[SH:.*]] = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
// CHECK: "stablehlo.gather"(%arg0, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x2xf32>
// CHECK: return {{.*}}, %[[SH]], 
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %S, %c1 = Const name("shape") {dtype = i32, value = dense<[3, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %R, %c2 = Reshape(%X, %S) name("r") {T = f32, Tshape = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
  %Pm, %c3 = Const name("perm") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %T, %c4 = Transpose(%X, %Pm) name("t") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
  %Z, %c5 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %C, %c6 = ConcatV2(%X, %X, %Z) name("c") {T = f32, N = 2 : i64, Tidx = i32} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> (tensor<4x3xf32>)
  %Pk, %c7 = Pack(%X, %X) name("pk") {T = f32, N = 2 : i64, axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x2x3xf32>)
  %Bg, %c8 = Const name("begin") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %En, %c9 = Const name("end") {dtype = i32, value = dense<[0, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %St, %c10 = Const name("strides") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %SS, %c11 = StridedSlice(%X, %Bg, %En, %St) name("ss") {T = f32, Index = i32, begin_mask = 0 : i64, end_mask = 1 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<1x2xf32>)
  %Pd, %c12 = Const name("pads") {dtype = i32, value = dense<[[1, 0], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %PD, %c13 = Pad(%X, %Pd) name("pad") {T = f32, Tpaddings = i32} : (tensor<2x3xf32>, tensor<2x2xi32>) -> (tensor<3x5xf32>)
  %Mu, %c14 = Const name("mult") {dtype = i32, value = dense<[2, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %TL, %c15 = Tile(%X, %Mu) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<4x3xf32>)
  %SH, %c16 = Shape(%X) name("sh") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<2xi32>)
  %Ix, %c17 = Const name("idx") {dtype = i32, value = dense<[2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %One, %c18 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %G, %c19 = GatherV2(%X, %Ix, %One) name("g") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<2x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x2xf32>)
}

// -----

// COM: Unpack and Range; Fill broadcasts its value.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.slice %arg0 [0:2, 0:1] : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK: stablehlo.slice %arg0 [0:2, 1:2]
// CHECK: stablehlo.iota dim = 0 : tensor<5xi32>
// CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %U:3, %c1 = Unpack(%X) name("u") {T = f32, num = 3 : i64, axis = 1 : i64} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %A, %c2 = Const name("start") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %L, %c3 = Const name("limit") {dtype = i32, value = dense<11> : tensor<i32>} : () -> (tensor<i32>)
  %D, %c4 = Const name("delta") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %R, %c5 = Range(%A, %L, %D) name("range") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<5xi32>)
  %Dm, %c6 = Const name("dims") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %V, %c7 = Const name("v") {dtype = f32, value = dense<7.0> : tensor<f32>} : () -> (tensor<f32>)
  %F, %c8 = Fill(%Dm, %V) name("fill") {T = f32, index_type = i32} : (tensor<2xi32>, tensor<f32>) -> (tensor<2x2xf32>)
}
