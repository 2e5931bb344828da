// COM: `?` sizes inside a compiled function (the Where/NonMaxSuppression
// COM: form of the models: a buffer cut to a computed count, gathered
// COM: from, sorted, padded back to its static size) equal the StableHLO
// COM: interpreter exactly. The count is a generated integer in [0, 10),
// COM: clamped to [0, 6]: empty, partial and whole cuts.
// RUN: tfg-run %s --backend=llvm --function=cut --check-interpreter | FileCheck %s
// CHECK: check-interpreter: compiled vs. StableHLO interpreter
// CHECK-COUNT-3: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=cut --input=arg1=zeros --check-interpreter | FileCheck %s
// RUN: tfg-run %s --backend=llvm --function=cut --input=arg1=random:5 --check-interpreter | FileCheck %s
// RUN: tfg-run %s --backend=llvm --function=cut --input=arg1=random:9 --check-interpreter | FileCheck %s
// RUN: tfg-run %s --backend=llvm --function=iota --check-interpreter | FileCheck %s --check-prefix=IOTA
// IOTA-COUNT-2: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok

module {
func.func @cut(%idx: tensor<6xi64>, %count: tensor<i64>, %v: tensor<10xf32>) -> (tensor<i32>, tensor<6xf32>, tensor<6xi32>) {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %six = stablehlo.constant dense<6> : tensor<i64>
  %n = stablehlo.clamp %z, %count, %six : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %cut = stablehlo.subtract %n, %six : tensor<i64>
  %hi = stablehlo.reshape %cut : (tensor<i64>) -> tensor<1xi64>
  %r = stablehlo.dynamic_pad %idx, %z, %lo, %hi, %lo : (tensor<6xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  %size = stablehlo.get_dimension_size %r, dim = 0 : (tensor<?xi64>) -> tensor<i32>
  %g = "stablehlo.gather"(%v, %r) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<10xf32>, tensor<?xi64>) -> tensor<?xf32>
  %size64 = stablehlo.convert %size : (tensor<i32>) -> tensor<i64>
  %shape = stablehlo.reshape %size64 : (tensor<i64>) -> tensor<1xi64>
  %pos = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  %half = stablehlo.constant dense<0.5> : tensor<f32>
  %halves = stablehlo.dynamic_broadcast_in_dim %half, %shape, dims = [] : (tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  %g2 = stablehlo.add %g, %halves : tensor<?xf32>
  %s:2 = "stablehlo.sort"(%g2, %pos) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<?xf32>, tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>)
  %rest = stablehlo.subtract %six, %size64 : tensor<i64>
  %rest1 = stablehlo.reshape %rest : (tensor<i64>) -> tensor<1xi64>
  %fz = stablehlo.constant dense<-1.0> : tensor<f32>
  %iz = stablehlo.constant dense<-1> : tensor<i32>
  %pf = stablehlo.dynamic_pad %s#0, %fz, %lo, %rest1, %lo : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %pi = stablehlo.dynamic_pad %s#1, %iz, %lo, %rest1, %lo : (tensor<?xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi32>
  %six1 = stablehlo.constant dense<[6]> : tensor<1xi64>
  %of = stablehlo.dynamic_reshape %pf, %six1 : (tensor<?xf32>, tensor<1xi64>) -> tensor<6xf32>
  %oi = stablehlo.dynamic_reshape %pi, %six1 : (tensor<?xi32>, tensor<1xi64>) -> tensor<6xi32>
  return %size, %of, %oi : tensor<i32>, tensor<6xf32>, tensor<6xi32>
}

// COM: A `?` concatenation and a reduction over a `?` size.
func.func @iota(%count: tensor<i64>, %x: tensor<f32>) -> (tensor<f32>, tensor<i64>) {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %nine = stablehlo.constant dense<9> : tensor<i64>
  %n = stablehlo.clamp %z, %count, %nine : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %shape = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
  %i = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %one = stablehlo.reshape %x : (tensor<f32>) -> tensor<1xf32>
  %c = stablehlo.concatenate %i, %one, dim = 0 : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%c init: %fz) applies stablehlo.add across dimensions = [0] : (tensor<?xf32>, tensor<f32>) -> tensor<f32>
  %ii = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xi64>
  %isum = stablehlo.reduce(%ii init: %z) applies stablehlo.add across dimensions = [0] : (tensor<?xi64>, tensor<i64>) -> tensor<i64>
  return %sum, %isum : tensor<f32>, tensor<i64>
}
}
