// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: Ops whose result shapes depend on the values (DataDependentRules.cpp)
// COM: and the dynamic rule table (DynamicShapes.cpp, DynamicArrayRules.cpp).
// COM: Each graph also runs through tfg-run and, legalized, through the
// COM: StableHLO interpreter; every `?` size and every value agree.

// COM: Where: a stable sort of (x == 0, iota) puts the nonzero elements'
// COM: flat indices first, unraveled by remainder/divide, cut to the count
// COM: by dynamic_pad.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> (tensor<?x2xi64>, tensor<?x1xi64>)
// CHECK: stablehlo.compare  NE
// CHECK: "stablehlo.sort"
// CHECK: stablehlo.reduce
// CHECK: stablehlo.remainder
// CHECK: stablehlo.divide
// CHECK: stablehlo.dynamic_pad %{{.*}} : (tensor<6x2xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x2xi64>
// CHECK: stablehlo.dynamic_pad %{{.*}} : (tensor<4x1xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x1xi64>
// NUM: graph 0: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %H, %c1 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %G, %c2 = Greater(%X, %H) name("gt") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xi1>)
  %W, %c3 = Where(%G) name("where") {T = i1} : (tensor<2x3xi1>) -> (tensor<?x2xi64>)
  %V, %c4 = Const name("v") {dtype = i32, value = dense<[0, 3, 0, -1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %W1, %c5 = Where(%V) name("where_int") {T = i32} : (tensor<4xi32>) -> (tensor<?x1xi64>)
}

// -----

// COM: NonMaxSuppressionV3 as a stablehlo.while over the candidates sorted
// COM: by score, into max_output_size slots; the selection gathered.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.sort"
// CHECK: stablehlo.while
// CHECK: stablehlo.dynamic_slice
// CHECK: stablehlo.divide
// CHECK: stablehlo.dynamic_update_slice
// CHECK: stablehlo.dynamic_pad %{{.*}} -> tensor<?xi32>
// CHECK: "stablehlo.gather"
// CHECK-SAME: -> tensor<?x4xf32>
// NUM: graph 1: 1 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %c0 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<8x4>} : () -> (tensor<8x4xf32>)
  %S, %c1 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<8>} : () -> (tensor<8xf32>)
  %M, %c2 = Const name("max") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %I, %c3 = Const name("iou") {dtype = f32, value = dense<0.1> : tensor<f32>} : () -> (tensor<f32>)
  %T, %c4 = Const name("thr") {dtype = f32, value = dense<0.2> : tensor<f32>} : () -> (tensor<f32>)
  %N, %c5 = NonMaxSuppressionV3(%B, %S, %M, %I, %T) name("nms") {T = f32, T_threshold = f32} : (tensor<8x4xf32>, tensor<8xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>)
  %Z, %c6 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %G, %c7 = GatherV2(%B, %N, %Z) name("picked") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<8x4xf32>, tensor<?xi32>, tensor<i32>) -> (tensor<?x4xf32>)
}

// -----

// COM: NonMaxSuppressionV5 padded to max_output_size (static results), and
// COM: V4 with max_output_size above the box count (K = 8 slots, padded).
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> (tensor<6xi32>, tensor<6xf32>, tensor<i32>, tensor<12xi32>, tensor<i32>)
// CHECK: stablehlo.while
// CHECK: stablehlo.while
// CHECK: stablehlo.pad %{{.*}}, low = [0], high = [4], interior = [0] : (tensor<8xi32>, tensor<i32>) -> tensor<12xi32>
// NUM: graph 2: 5 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %c0 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<8x4>} : () -> (tensor<8x4xf32>)
  %S, %c1 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<8>} : () -> (tensor<8xf32>)
  %M, %c2 = Const name("max") {dtype = i32, value = dense<6> : tensor<i32>} : () -> (tensor<i32>)
  %M12, %c3 = Const name("max12") {dtype = i32, value = dense<12> : tensor<i32>} : () -> (tensor<i32>)
  %I, %c4 = Const name("iou") {dtype = f32, value = dense<0.2> : tensor<f32>} : () -> (tensor<f32>)
  %T, %c5 = Const name("thr") {dtype = f32, value = dense<0.3> : tensor<f32>} : () -> (tensor<f32>)
  %Sg, %c6 = Const name("sigma") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %N5:3, %c7 = NonMaxSuppressionV5(%B, %S, %M, %I, %T, %Sg) name("nms5") {T = f32, pad_to_max_output_size = true} : (tensor<8x4xf32>, tensor<8xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<6xi32>, tensor<6xf32>, tensor<i32>)
  %N4:2, %c8 = NonMaxSuppressionV4(%B, %S, %M12, %I, %T) name("nms4") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<8x4xf32>, tensor<8xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<12xi32>, tensor<i32>)
}

// -----

// COM: Ops on `?` sizes: Split, TopKV2, Range, Sum, Select, Slice, Fill.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.dynamic_pad
// CHECK: stablehlo.dynamic_iota
// CHECK: stablehlo.dynamic_broadcast_in_dim
// NUM: graph 3: 4 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<6x4>} : () -> (tensor<6x4xf32>)
  %H, %c1 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %Z, %c2 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c3 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Col, %c4 = Const name("col") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %C0, %c5 = GatherV2(%X, %Col, %One) name("c0") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<6x4xf32>, tensor<1xi32>, tensor<i32>) -> (tensor<6x1xf32>)
  %Sq0, %c6 = Squeeze(%C0) name("first") {T = f32, squeeze_dims = [1]} : (tensor<6x1xf32>) -> (tensor<6xf32>)
  %G, %c7 = Greater(%Sq0, %H) name("gt") {T = f32} : (tensor<6xf32>, tensor<f32>) -> (tensor<6xi1>)
  %W, %c8 = Where(%G) name("w") {T = i1} : (tensor<6xi1>) -> (tensor<?x1xi64>)
  %Sq, %c9 = Squeeze(%W) name("rows") {T = i64, squeeze_dims = [1]} : (tensor<?x1xi64>) -> (tensor<?xi64>)
  %R, %c10 = GatherV2(%X, %Sq, %Z) name("kept") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<6x4xf32>, tensor<?xi64>, tensor<i32>) -> (tensor<?x4xf32>)
  %Sp:4, %c11 = Split(%One, %R) name("split") {T = f32, num_split = 4 : i64} : (tensor<i32>, tensor<?x4xf32>) -> (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  %Sum, %c12 = Sum(%R, %One) name("sum") {T = f32, Tidx = i32, keep_dims = true} : (tensor<?x4xf32>, tensor<i32>) -> (tensor<?x1xf32>)
  %Sh, %c13 = Shape(%Sq) name("shape") {T = i64, out_type = i32} : (tensor<?xi64>) -> (tensor<1xi32>)
  %E, %c21 = Const name("scalar") {dtype = i32, value = dense<> : tensor<0xi32>} : () -> (tensor<0xi32>)
  %N, %c14 = Reshape(%Sh, %E) name("n") {T = i32, Tshape = i32} : (tensor<1xi32>, tensor<0xi32>) -> (tensor<i32>)
  %Rg, %c15 = Range(%Z, %N, %One) name("range") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<?xi32>)
  %Sq3, %c16 = Squeeze(%Sp#3) name("last") {T = f32, squeeze_dims = [1]} : (tensor<?x1xf32>) -> (tensor<?xf32>)
  %Tk:2, %c17 = TopKV2(%Sq3, %N) name("topk") {T = f32, sorted = true} : (tensor<?xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xi32>)
  %L, %c18 = Less(%Sq3, %H) name("less") {T = f32} : (tensor<?xf32>, tensor<f32>) -> (tensor<?xi1>)
  %Sel, %c19 = Select(%L, %Sq3, %Tk#0) name("sel") {T = f32} : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>)
  %F, %c20 = Fill(%Sh, %H) name("fill") {T = f32, index_type = i32} : (tensor<1xi32>, tensor<f32>) -> (tensor<?xf32>)
}
