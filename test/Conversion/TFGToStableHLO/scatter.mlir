// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: ScatterRules.cpp; the NUM lines: tfg-run and the StableHLO
// COM: interpreter agree on every output (utils/check-stablehlo-lowering.py).

// COM: ScatterNd adds into zeros (the repeated index 1 accumulates);
// COM: TensorScatter* update a tensor, slices of rows included.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.scatter"
// CHECK: stablehlo.add
// CHECK: update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1
// NUM: graph 0: 6 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %c0 = Const name("i") {dtype = i32, value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> (tensor<3x1xi32>)
  %U, %c1 = Const name("u") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %S, %c2 = Const name("shape") {dtype = i32, value = dense<[4, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %T, %c3 = Const name("t") {dtype = f32, value = dense<[[1.0, -1.0], [2.0, -2.0], [3.0, -3.0], [4.0, -4.0]]> : tensor<4x2xf32>} : () -> (tensor<4x2xf32>)
  %J, %c4 = Const name("j") {dtype = i64, value = dense<[[0], [2]]> : tensor<2x1xi64>} : () -> (tensor<2x1xi64>)
  %V, %c5 = Const name("v") {dtype = f32, value = dense<[[10.0, 0.5], [-7.0, 9.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %A, %c6 = ScatterNd(%I, %U, %S) name("nd") {T = f32, Tindices = i32} : (tensor<3x1xi32>, tensor<3x2xf32>, tensor<2xi32>) -> (tensor<4x2xf32>)
  %B, %c7 = TensorScatterUpdate(%T, %J, %V) name("upd") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> (tensor<4x2xf32>)
  %C, %c8 = TensorScatterAdd(%T, %J, %V) name("add") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> (tensor<4x2xf32>)
  %D, %c9 = TensorScatterSub(%T, %J, %V) name("sub") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> (tensor<4x2xf32>)
  %E, %c10 = TensorScatterMax(%T, %J, %V) name("max") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> (tensor<4x2xf32>)
  %F, %c11 = TensorScatterMin(%T, %J, %V) name("min") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> (tensor<4x2xf32>)
}

// -----

// COM: Full index vectors (scalars scattered), integers.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.scatter"
// NUM: graph 1: 1 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %c0 = Const name("i") {dtype = i32, value = dense<[[0, 1], [2, 0], [0, 1]]> : tensor<3x2xi32>} : () -> (tensor<3x2xi32>)
  %U, %c1 = Const name("u") {dtype = i32, value = dense<[5, 7, 11]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %S, %c2 = Const name("shape") {dtype = i32, value = dense<[3, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %A, %c3 = ScatterNd(%I, %U, %S) name("nd") {T = i32, Tindices = i32} : (tensor<3x2xi32>, tensor<3xi32>, tensor<2xi32>) -> (tensor<3x2xi32>)
}

// -----

// COM: Unsorted segment reductions: segment 2 is empty (0, 1, the lowest
// COM: and highest float), the id -1 drops its row.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.constant dense<-3.40282347E+38>
// CHECK: "stablehlo.scatter"
// CHECK: stablehlo.maximum
// NUM: graph 2: 4 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %D, %c0 = Const name("d") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, -4.0], [5.0, 6.0], [-7.0, 8.0]]> : tensor<4x2xf32>} : () -> (tensor<4x2xf32>)
  %I, %c1 = Const name("ids") {dtype = i32, value = dense<[0, 3, 0, -1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %N, %c2 = Const name("n") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %A, %c3 = UnsortedSegmentSum(%D, %I, %N) name("sum") {T = f32, Tindices = i32, Tnumsegments = i32} : (tensor<4x2xf32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
  %B, %c4 = UnsortedSegmentProd(%D, %I, %N) name("prod") {T = f32, Tindices = i32, Tnumsegments = i32} : (tensor<4x2xf32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
  %C, %c5 = UnsortedSegmentMax(%D, %I, %N) name("max") {T = f32, Tindices = i32, Tnumsegments = i32} : (tensor<4x2xf32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
  %E, %c6 = UnsortedSegmentMin(%D, %I, %N) name("min") {T = f32, Tindices = i32, Tnumsegments = i32} : (tensor<4x2xf32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
}

// -----

// COM: Sorted segment reductions: the empty segment 1 is 0 (1 for Prod);
// COM: Mean of integers truncates.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.scatter"
// CHECK: stablehlo.divide
// NUM: graph 3: 6 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %D, %c0 = Const name("d") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, -4.0], [5.0, 6.0], [-7.0, 8.0]]> : tensor<4x2xf32>} : () -> (tensor<4x2xf32>)
  %K, %c1 = Const name("k") {dtype = i32, value = dense<[7, -2, 4, 9]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %I, %c2 = Const name("ids") {dtype = i64, value = dense<[0, 0, 2, 2]> : tensor<4xi64>} : () -> (tensor<4xi64>)
  %A, %c3 = SegmentSum(%D, %I) name("sum") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<4xi64>) -> (tensor<3x2xf32>)
  %B, %c4 = SegmentProd(%D, %I) name("prod") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<4xi64>) -> (tensor<3x2xf32>)
  %C, %c5 = SegmentMax(%D, %I) name("max") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<4xi64>) -> (tensor<3x2xf32>)
  %E, %c6 = SegmentMin(%D, %I) name("min") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<4xi64>) -> (tensor<3x2xf32>)
  %F, %c7 = SegmentMean(%D, %I) name("mean") {T = f32, Tindices = i64} : (tensor<4x2xf32>, tensor<4xi64>) -> (tensor<3x2xf32>)
  %G, %c8 = SegmentMean(%K, %I) name("imean") {T = i32, Tindices = i64} : (tensor<4xi32>, tensor<4xi64>) -> (tensor<3xi32>)
}

// -----

// COM: Sparse segment reductions: rows picked by indices, then summed
// COM: into segments (Mean and SqrtN divide; the empty segment 1 is 0).
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.gather"
// CHECK: "stablehlo.scatter"
// NUM: graph 4: 6 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %D, %c0 = Const name("d") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, -4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %I, %c1 = Const name("idx") {dtype = i32, value = dense<[2, 0, 1, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %S, %c2 = Const name("seg") {dtype = i32, value = dense<[0, 0, 2, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %N, %c3 = Const name("n") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %A, %c4 = SparseSegmentSum(%D, %I, %S) name("sum") {T = f32, Tidx = i32, Tsegmentids = i32} : (tensor<3x2xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<3x2xf32>)
  %B, %c5 = SparseSegmentMean(%D, %I, %S) name("mean") {T = f32, Tidx = i32, Tsegmentids = i32} : (tensor<3x2xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<3x2xf32>)
  %C, %c6 = SparseSegmentSqrtN(%D, %I, %S) name("sqrtn") {T = f32, Tidx = i32, Tsegmentids = i32} : (tensor<3x2xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<3x2xf32>)
  %E, %c7 = SparseSegmentSumWithNumSegments(%D, %I, %S, %N) name("sumn") {T = f32, Tidx = i32, Tnumsegments = i32, Tsegmentids = i32} : (tensor<3x2xf32>, tensor<4xi32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
  %F, %c8 = SparseSegmentMeanWithNumSegments(%D, %I, %S, %N) name("meann") {T = f32, Tidx = i32, Tnumsegments = i32, Tsegmentids = i32} : (tensor<3x2xf32>, tensor<4xi32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
  %G, %c9 = SparseSegmentSqrtNWithNumSegments(%D, %I, %S, %N) name("sqrtnn") {T = f32, Tidx = i32, Tnumsegments = i32, Tsegmentids = i32} : (tensor<3x2xf32>, tensor<4xi32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
}
