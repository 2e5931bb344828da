// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: MatrixRules.cpp; the NUM lines: tfg-run and the StableHLO
// COM: interpreter agree on every output (utils/check-stablehlo-lowering.py).

// COM: MatrixBandPart (a negative bound keeps everything on its side),
// COM: on a batch of non-square matrices.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.iota dim = 1
// CHECK: stablehlo.iota dim = 2
// CHECK: stablehlo.select
// NUM: graph 0: 3 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]], [[-1.0, -2.0, -3.0, -4.0], [-5.0, -6.0, -7.0, -8.0], [-9.0, -10.0, -11.0, -12.0]]]> : tensor<2x3x4xf32>} : () -> (tensor<2x3x4xf32>)
  %Z, %c1 = Const name("zero") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<i64>)
  %O, %c2 = Const name("one") {dtype = i64, value = dense<1> : tensor<i64>} : () -> (tensor<i64>)
  %M, %c3 = Const name("m") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<i64>)
  %A, %c4 = MatrixBandPart(%X, %Z, %M) name("upper") {T = f32, Tindex = i64} : (tensor<2x3x4xf32>, tensor<i64>, tensor<i64>) -> (tensor<2x3x4xf32>)
  %B, %c5 = MatrixBandPart(%X, %M, %Z) name("lower") {T = f32, Tindex = i64} : (tensor<2x3x4xf32>, tensor<i64>, tensor<i64>) -> (tensor<2x3x4xf32>)
  %C, %c6 = MatrixBandPart(%X, %O, %O) name("tri") {T = f32, Tindex = i64} : (tensor<2x3x4xf32>, tensor<i64>, tensor<i64>) -> (tensor<2x3x4xf32>)
}

// -----

// COM: MatrixDiag and MatrixDiagPart (V1: the main diagonal).
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.gather"
// NUM: graph 1: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %D, %c0 = Const name("d") {dtype = i32, value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> (tensor<2x3xi32>)
  %X, %c1 = Const name("x") {dtype = i32, value = dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>} : () -> (tensor<3x4xi32>)
  %A, %c2 = MatrixDiag(%D) name("diag") {T = i32} : (tensor<2x3xi32>) -> (tensor<2x3x3xi32>)
  %B, %c3 = MatrixDiagPart(%X) name("part") {T = i32} : (tensor<3x4xi32>) -> (tensor<3xi32>)
}

// -----

// COM: V2/V3 with a band of diagonals k = [-1, 1] and each alignment:
// COM: MatrixDiagPart pads short diagonals with padding_value where the
// COM: alignment says, MatrixDiag puts them back; a single
// COM: superdiagonal k = 1 with num_rows/num_cols.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.gather"
// NUM: graph 2: 7 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = i32, value = dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>} : () -> (tensor<3x4xi32>)
  %K, %c1 = Const name("k") {dtype = i32, value = dense<[-1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %K1, %c2 = Const name("k1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %P, %c3 = Const name("pad") {dtype = i32, value = dense<-9> : tensor<i32>} : () -> (tensor<i32>)
  %R, %c4 = Const name("rows") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %C, %c5 = Const name("cols") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %V, %c6 = Const name("v") {dtype = i32, value = dense<[7, 8, 9]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %A, %c7 = MatrixDiagPartV2(%X, %K, %P) name("v2") {T = i32} : (tensor<3x4xi32>, tensor<2xi32>, tensor<i32>) -> (tensor<3x3xi32>)
  %B, %c8 = MatrixDiagPartV3(%X, %K, %P) name("rl") {T = i32, align = "RIGHT_LEFT"} : (tensor<3x4xi32>, tensor<2xi32>, tensor<i32>) -> (tensor<3x3xi32>)
  %B2, %c9 = MatrixDiagPartV3(%X, %K, %P) name("rr") {T = i32, align = "RIGHT_RIGHT"} : (tensor<3x4xi32>, tensor<2xi32>, tensor<i32>) -> (tensor<3x3xi32>)
  %B3, %c10 = MatrixDiagPartV3(%X, %K1, %P) name("one") {T = i32, align = "LEFT_RIGHT"} : (tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>)
  %D, %c11 = MatrixDiagV3(%B, %K, %R, %C, %P) name("back") {T = i32, align = "RIGHT_LEFT"} : (tensor<3x3xi32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<3x4xi32>)
  %E, %c12 = MatrixDiagV2(%A, %K, %R, %C, %P) name("back2") {T = i32} : (tensor<3x3xi32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<3x4xi32>)
  %IA, %c14 = Identity(%A) name("v2_out") {T = i32} : (tensor<3x3xi32>) -> (tensor<3x3xi32>)
  %IB, %c15 = Identity(%B) name("rl_out") {T = i32} : (tensor<3x3xi32>) -> (tensor<3x3xi32>)
  %F, %c13 = MatrixDiagV3(%V, %K1, %R, %C, %P) name("super") {T = i32, align = "RIGHT_LEFT"} : (tensor<3xi32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<3x4xi32>)
}

// -----

// COM: TensorFlow's deprecated names of the V1 ops (WindowRules.cpp's
// COM: aliases).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.select
// CHECK: "stablehlo.gather"
// NUM: graph 3: 3 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %Z, %c1 = Const name("zero") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<i64>)
  %M, %c2 = Const name("m") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<i64>)
  %A, %c3 = BatchMatrixBandPart(%X, %M, %Z) name("band") {T = f32} : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> (tensor<2x3xf32>)
  %B, %c4 = BatchMatrixDiag(%X) name("diag") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3x3xf32>)
  %C, %c5 = BatchMatrixDiagPart(%X) name("part") {T = f32} : (tensor<2x3xf32>) -> (tensor<2xf32>)
}
