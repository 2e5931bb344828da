// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: ArrayRules.cpp; the NUM lines: tfg-run and the StableHLO
// COM: interpreter agree on every output (utils/check-stablehlo-lowering.py).

// COM: OneHot (indices out of range give off_value), on the last axis and
// COM: on axis 0.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.iota dim = 1
// CHECK: stablehlo.compare  EQ
// NUM: graph 0: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %c0 = Const name("i") {dtype = i32, value = dense<[0, 2, -1, 5]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %D, %c1 = Const name("depth") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %On, %c2 = Const name("on") {dtype = f32, value = dense<5.0> : tensor<f32>} : () -> (tensor<f32>)
  %Off, %c3 = Const name("off") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %A, %c4 = OneHot(%I, %D, %On, %Off) name("last") {T = f32, TI = i32, axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<4x3xf32>)
  %B, %c5 = OneHot(%I, %D, %On, %Off) name("first") {T = f32, TI = i32, axis = 0 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3x4xf32>)
}

// -----

// COM: Reverse (a bool per dimension), ReverseSequence (lengths 0, 2, 3
// COM: along seq_dim 1 of batches along dim 0), MirrorPad REFLECT and
// COM: SYMMETRIC.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.reverse
// CHECK: "stablehlo.gather"
// CHECK: stablehlo.concatenate
// NUM: graph 1: 4 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = i32, value = dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>} : () -> (tensor<3x3xi32>)
  %F, %c1 = Const name("flags") {dtype = i1, value = dense<[true, false]> : tensor<2xi1>} : () -> (tensor<2xi1>)
  %L, %c2 = Const name("len") {dtype = i64, value = dense<[0, 2, 3]> : tensor<3xi64>} : () -> (tensor<3xi64>)
  %P, %c3 = Const name("pads") {dtype = i32, value = dense<[[1, 2], [2, 0]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %R, %c4 = Reverse(%X, %F) name("rev") {T = i32} : (tensor<3x3xi32>, tensor<2xi1>) -> (tensor<3x3xi32>)
  %S, %c5 = ReverseSequence(%X, %L) name("seq") {T = i32, Tlen = i64, seq_dim = 1 : i64, batch_dim = 0 : i64} : (tensor<3x3xi32>, tensor<3xi64>) -> (tensor<3x3xi32>)
  %M, %c6 = MirrorPad(%X, %P) name("reflect") {T = i32, Tpaddings = i32, mode = "REFLECT"} : (tensor<3x3xi32>, tensor<2x2xi32>) -> (tensor<6x5xi32>)
  %N, %c7 = MirrorPad(%X, %P) name("symmetric") {T = i32, Tpaddings = i32, mode = "SYMMETRIC"} : (tensor<3x3xi32>, tensor<2x2xi32>) -> (tensor<6x5xi32>)
}

// -----

// COM: LinSpace (the last value exactly stop), Cross, PlaceholderWithDefault
// COM: (its default), BroadcastArgs and BroadcastGradientArgs of constants.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.iota
// CHECK: stablehlo.select
// CHECK: stablehlo.constant dense<[2, 3, 4]> : tensor<3xi32>
// CHECK: stablehlo.constant dense<[0, 2]> : tensor<2xi32>
// CHECK: stablehlo.constant dense<1> : tensor<1xi32>
// NUM: graph 2: 6 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Const name("start") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %B, %c1 = Const name("stop") {dtype = f32, value = dense<0.7> : tensor<f32>} : () -> (tensor<f32>)
  %N, %c2 = Const name("num") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %U, %c3 = Const name("u") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %V, %c4 = Const name("v") {dtype = f32, value = dense<[[4.0, 5.0, 6.0], [3.0, -2.0, 1.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %S0, %c5 = Const name("s0") {dtype = i32, value = dense<[1, 3, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %S1, %c6 = Const name("s1") {dtype = i32, value = dense<[2, 1, 4]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %L, %c7 = LinSpace(%A, %B, %N) name("lin") {T = f32, Tidx = i32} : (tensor<f32>, tensor<f32>, tensor<i32>) -> (tensor<7xf32>)
  %C, %c8 = Cross(%U, %V) name("cross") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %P, %c9 = PlaceholderWithDefault(%U) name("p") {dtype = f32, shape = #tf_type.shape<2x3>} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %PO, %c12 = Identity(%P) name("p_out") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %BA, %c10 = BroadcastArgs(%S0, %S1) name("bargs") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>)
  %R0, %R1, %c11 = BroadcastGradientArgs(%S0, %S1) name("bgrad") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<2xi32>, tensor<1xi32>)
}

// -----

// COM: SpaceToBatchND with padding, BatchToSpaceND with crops: inverse
// COM: of each other here.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.pad
// CHECK: stablehlo.transpose
// CHECK: stablehlo.slice
// NUM: graph 3: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]]]]> : tensor<1x2x3x1xf32>} : () -> (tensor<1x2x3x1xf32>)
  %B, %c1 = Const name("block") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %P, %c2 = Const name("pads") {dtype = i32, value = dense<[[0, 0], [1, 0]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %S, %c3 = SpaceToBatchND(%X, %B, %P) name("s2b") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<1x2x3x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<4x1x2x1xf32>)
  %Y, %c4 = Identity(%S) name("y") {T = f32} : (tensor<4x1x2x1xf32>) -> (tensor<4x1x2x1xf32>)
  %Z, %c5 = BatchToSpaceND(%S, %B, %P) name("b2s") {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<4x1x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<1x2x3x1xf32>)
}
