// COM: Sorts of rank > 1 (each row along the sorted dimension sorted on its
// COM: own, as TopKV2's sort of a score matrix) compiled for the host CPU
// COM: equal the StableHLO interpreter exactly: the last dimension of a
// COM: matrix with its positions (TopK's form, descending), the first
// COM: dimension of a matrix, the middle dimension of a rank-3 tensor of
// COM: integers in [0, 10) with many equal keys (stability), and a sort
// COM: along a dimension of size 1.
// RUN: tfg-run %s --backend=llvm --no-cache --function=rows --check-interpreter | FileCheck %s
// CHECK: check-interpreter: compiled vs. StableHLO interpreter
// CHECK-COUNT-5: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok

module {
func.func @rows(%x: tensor<3x37xf32>, %m: tensor<6x4xf32>, %k: tensor<2x9x3xi32>, %v: tensor<2x9x3xf32>, %u: tensor<4x1xf32>) -> (tensor<3x37xf32>, tensor<3x37xi32>, tensor<6x4xf32>, tensor<2x9x3xf32>, tensor<4x1xf32>) {
  %pos = stablehlo.iota dim = 1 : tensor<3x37xi32>
  %r:2 = "stablehlo.sort"(%x, %pos) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x37xf32>, tensor<3x37xi32>) -> (tensor<3x37xf32>, tensor<3x37xi32>)
  %s = "stablehlo.sort"(%m) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<6x4xf32>) -> tensor<6x4xf32>
  %t:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x9x3xi32>, tensor<2x9x3xf32>) -> (tensor<2x9x3xi32>, tensor<2x9x3xf32>)
  %w = "stablehlo.sort"(%u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<4x1xf32>) -> tensor<4x1xf32>
  return %r#0, %r#1, %s, %t#1, %w : tensor<3x37xf32>, tensor<3x37xi32>, tensor<6x4xf32>, tensor<2x9x3xf32>, tensor<4x1xf32>
}
}
