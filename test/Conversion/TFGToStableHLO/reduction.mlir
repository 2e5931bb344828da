// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: ReductionRules.cpp; the NUM lines: tfg-run and the StableHLO
// COM: interpreter agree on every output (utils/check-stablehlo-lowering.py).

// COM: EuclideanNorm (keep_dims, a negative axis) and L2Loss.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.multiply
// CHECK: stablehlo.reduce
// CHECK: stablehlo.sqrt
// NUM: graph 0: 3 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[3.0, -4.0, 1.0], [0.5, 2.0, -2.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %A, %c1 = Const name("a") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %B, %c2 = Const name("b") {dtype = i64, value = dense<[0, 1]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %N, %c3 = EuclideanNorm(%X, %A) name("norm") {T = f32, Tidx = i32, keep_dims = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x1xf32>)
  %M, %c4 = EuclideanNorm(%X, %B) name("all") {T = f32, Tidx = i64, keep_dims = false} : (tensor<2x3xf32>, tensor<2xi64>) -> (tensor<f32>)
  %L, %c5 = L2Loss(%X) name("l2") {T = f32} : (tensor<2x3xf32>) -> (tensor<f32>)
}

// -----

// COM: Cumsum/Cumprod: inclusive, exclusive, reverse, both, on floats and
// COM: integers, along either axis.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.reduce_window"
// CHECK: padding = dense<{{\[\[}}0, 0], [2, 0]]>
// CHECK: stablehlo.concatenate
// CHECK: stablehlo.reverse
// NUM: graph 1: 5 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [4.0, -5.0, 0.5]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %K, %c1 = Const name("k") {dtype = i32, value = dense<[[1, 2, 3], [4, -5, 6]]> : tensor<2x3xi32>} : () -> (tensor<2x3xi32>)
  %A1, %c2 = Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %A0, %c3 = Const name("a0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %S, %c4 = Cumsum(%X, %A1) name("sum") {T = f32, Tidx = i32, exclusive = false, reverse = false} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x3xf32>)
  %E, %c5 = Cumsum(%X, %A1) name("excl") {T = f32, Tidx = i32, exclusive = true, reverse = false} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x3xf32>)
  %R, %c6 = Cumsum(%X, %A0) name("rev") {T = f32, Tidx = i32, exclusive = false, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x3xf32>)
  %P, %c7 = Cumprod(%K, %A1) name("prod") {T = i32, Tidx = i32, exclusive = true, reverse = true} : (tensor<2x3xi32>, tensor<i32>) -> (tensor<2x3xi32>)
  %Q, %c8 = Cumprod(%X, %A1) name("fprod") {T = f32, Tidx = i32, exclusive = false, reverse = false} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x3xf32>)
}

// -----

// COM: CumulativeLogsumexp: values far apart (no underflow to -inf), -inf
// COM: entries, exclusive (starting from -inf) and reverse.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.iota
// CHECK: stablehlo.exponential
// CHECK: stablehlo.log
// NUM: graph 2: 3 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[-200.0, 1.0, 0.5, 300.0], [0xFF800000, 0xFF800000, 2.0, -1.0]]> : tensor<2x4xf32>} : () -> (tensor<2x4xf32>)
  %A, %c1 = Const name("a") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %S, %c2 = CumulativeLogsumexp(%X, %A) name("lse") {T = f32, Tidx = i32, exclusive = false, reverse = false} : (tensor<2x4xf32>, tensor<i32>) -> (tensor<2x4xf32>)
  %E, %c3 = CumulativeLogsumexp(%X, %A) name("excl") {T = f32, Tidx = i32, exclusive = true, reverse = false} : (tensor<2x4xf32>, tensor<i32>) -> (tensor<2x4xf32>)
  %R, %c4 = CumulativeLogsumexp(%X, %A) name("rev") {T = f32, Tidx = i32, exclusive = true, reverse = true} : (tensor<2x4xf32>, tensor<i32>) -> (tensor<2x4xf32>)
}

// -----

// COM: Bucketize: the number of boundaries <= x (ints compare as float).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.compare  GE
// NUM: graph 3: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[-5.0, 0.0, 0.5, 1.0, 9.99, 10.0, 1.0e3]> : tensor<7xf32>} : () -> (tensor<7xf32>)
  %K, %c1 = Const name("k") {dtype = i32, value = dense<[[-1, 0], [5, 10]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %B, %c2 = Bucketize(%X) name("b") {T = f32, boundaries = [0.0 : f32, 1.0 : f32, 10.0 : f32]} : (tensor<7xf32>) -> (tensor<7xi32>)
  %C, %c3 = Bucketize(%K) name("c") {T = i32, boundaries = [0.0 : f32, 1.0 : f32, 10.0 : f32]} : (tensor<2x2xi32>) -> (tensor<2x2xi32>)
}

// -----

// COM: TopKV2: descending, ties keep the lower index first.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.sort"
// CHECK: stablehlo.compare  GT
// NUM: graph 4: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[3.0, 1.0, 3.0, 7.0, -2.0], [0.0, 0.0, 1.0, -1.0, 0.0]]> : tensor<2x5xf32>} : () -> (tensor<2x5xf32>)
  %K, %c1 = Const name("k") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %V, %I, %c2 = TopKV2(%X, %K) name("top") {T = f32, Tk = i32, index_type = i32, sorted = true} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
}
