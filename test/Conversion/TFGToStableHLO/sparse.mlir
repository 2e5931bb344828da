// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: SparseRules.cpp and EinsumRules.cpp; the NUM lines: tfg-run and the
// COM: StableHLO interpreter agree on every output
// COM: (utils/check-stablehlo-lowering.py).

// COM: SparseToDense (scalar and vector values), SparseTensorDenseMatMul
// COM: (adjoint_a), SparseReduceSum (one axis, keep_dims), and
// COM: InvertPermutation.
// CHECK-LABEL: func.func @main
// CHECK: "stablehlo.scatter"
// CHECK: stablehlo.dot_general
// NUM: graph 0: 5 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %c0 = Const name("i") {dtype = i64, value = dense<[[0, 1], [1, 0], [2, 2]]> : tensor<3x2xi64>} : () -> (tensor<3x2xi64>)
  %S, %c1 = Const name("shape") {dtype = i64, value = dense<[3, 3]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %V, %c2 = Const name("v") {dtype = f32, value = dense<[1.5, -2.0, 4.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %One, %c3 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %Dflt, %c4 = Const name("dflt") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %B, %c5 = Const name("b") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %Ax, %c6 = Const name("axis") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %P, %c7 = Const name("perm") {dtype = i32, value = dense<[2, 0, 3, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %A, %c8 = SparseToDense(%I, %S, %V, %Dflt) name("dense") {T = f32, Tindices = i64, validate_indices = true} : (tensor<3x2xi64>, tensor<2xi64>, tensor<3xf32>, tensor<f32>) -> (tensor<3x3xf32>)
  %A2, %c9 = SparseToDense(%I, %S, %One, %Dflt) name("dense1") {T = f32, Tindices = i64, validate_indices = true} : (tensor<3x2xi64>, tensor<2xi64>, tensor<f32>, tensor<f32>) -> (tensor<3x3xf32>)
  %M, %c10 = SparseTensorDenseMatMul(%I, %V, %S, %B) name("mm") {T = f32, Tindices = i64, adjoint_a = true, adjoint_b = false} : (tensor<3x2xi64>, tensor<3xf32>, tensor<2xi64>, tensor<3x2xf32>) -> (tensor<3x2xf32>)
  %R, %c11 = SparseReduceSum(%I, %V, %S, %Ax) name("sum") {T = f32, keep_dims = true} : (tensor<3x2xi64>, tensor<3xf32>, tensor<2xi64>, tensor<1xi32>) -> (tensor<3x1xf32>)
  %Q, %c12 = InvertPermutation(%P) name("inv") {T = i32} : (tensor<4xi32>) -> (tensor<4xi32>)
}

// -----

// COM: Einsum: a batched matmul, a contraction with a transposed output,
// COM: a label summed out of one operand, one operand (transpose and sum),
// COM: the implicit output.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.dot_general
// CHECK-SAME: batching_dims = [0] x [0], contracting_dims = [2] x [1]
// NUM: graph 1: 5 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<2x3x4xf32>)
  %Y, %c1 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2x4x5>} : () -> (tensor<2x4x5xf32>)
  %A, %c2 = Einsum(%X, %Y) name("bmm") {N = 2 : i64, T = f32, equation = "bij,bjk->bik"} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> (tensor<2x3x5xf32>)
  %B, %c3 = Einsum(%X, %Y) name("tr") {N = 2 : i64, T = f32, equation = "bij,bjk->kib"} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> (tensor<5x3x2xf32>)
  %C, %c4 = Einsum(%X, %Y) name("sumout") {N = 2 : i64, T = f32, equation = "bij,cjk->ik"} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> (tensor<3x5xf32>)
  %D, %c5 = Einsum(%X) name("one") {N = 1 : i64, T = f32, equation = "bij->jb"} : (tensor<2x3x4xf32>) -> (tensor<4x2xf32>)
  %E, %c6 = Einsum(%X, %Y) name("implicit") {N = 2 : i64, T = f32, equation = "bij,bjk"} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> (tensor<3x5xf32>)
}
