// RUN: tfg-opt %s --stablehlo-to-linalg | FileCheck %s

// COM: The Where/NMS form: a buffer cut by dynamic_pad to a computed count,
// COM: its size read back, the cut buffer gathered from, compared and
// COM: sorted, then padded back to a static buffer.
// CHECK-LABEL: func.func @cut
// COM: dynamic_pad: the size computed and clamped, a generic over it.
// CHECK: tensor.extract %{{.*}} : tensor<1xi64>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: %[[PADDED:.*]] = tensor.empty(%{{.*}}) : tensor<?xi64>
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[PADDED]] : tensor<?xi64>)
// CHECK: arith.remui
// CHECK: tensor.extract %arg0
// CHECK: arith.select
// COM: get_dimension_size: tensor.dim.
// CHECK: tensor.dim %{{.*}}, %{{.*}} : tensor<?xi64>
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: tensor.from_elements %{{.*}} : tensor<i32>
// COM: gather by `?` indices: the result has their size.
// CHECK: tensor.dim %{{.*}} : tensor<?xi64>
// CHECK: tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK: scf.if
// CHECK: tensor.extract %{{.*}} : tensor<?xi64>
// CHECK: } else {
// CHECK: tensor.extract %arg2
// COM: sort of a `?` size.
// CHECK: tensor.empty(%{{.*}}) : tensor<?xindex>
// CHECK: scf.while
// COM: dynamic_reshape back to a static buffer, read by clamped positions.
// CHECK: tensor.empty() : tensor<4xf32>
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK-NOT: stablehlo.
func.func @cut(%x: tensor<4xi64>, %count: tensor<i64>, %v: tensor<6xf32>) -> (tensor<i32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %four = stablehlo.constant dense<4> : tensor<i64>
  %cut = stablehlo.subtract %count, %four : tensor<i64>
  %hi = stablehlo.reshape %cut : (tensor<i64>) -> tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %z, %lo, %hi, %lo : (tensor<4xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  %n = stablehlo.get_dimension_size %r, dim = 0 : (tensor<?xi64>) -> tensor<i32>
  %g = "stablehlo.gather"(%v, %r) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<6xf32>, tensor<?xi64>) -> tensor<?xf32>
  %s = "stablehlo.sort"(%g) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<?xf32>) -> tensor<?xf32>
  %four1 = stablehlo.constant dense<[4]> : tensor<1xi64>
  %back = stablehlo.dynamic_reshape %s, %four1 : (tensor<?xf32>, tensor<1xi64>) -> tensor<4xf32>
  return %n, %back : tensor<i32>, tensor<4xf32>
}

// COM: Elementwise ops on `?` sizes read their operands with clamped
// COM: positions over the smallest of their sizes; dynamic_iota and
// COM: dynamic_broadcast_in_dim take their sizes from the shape operand;
// COM: concatenate inserts at computed offsets.
// CHECK-LABEL: func.func @elementwise
// CHECK: linalg.index 0
// CHECK: arith.sitofp
// CHECK: tensor.extract %arg1[] : tensor<f32>
// CHECK: %[[N:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK: tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK: scf.if
// CHECK: scf.if
// CHECK: arith.addf
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [%{{.*}}] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] : tensor<1xf32> into tensor<?xf32>
// CHECK-NOT: stablehlo.
func.func @elementwise(%shape: tensor<1xi64>, %x: tensor<f32>) -> tensor<?xf32> {
  %i = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [] : (tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  %s = stablehlo.add %i, %b : tensor<?xf32>
  %one = stablehlo.constant dense<[1.0]> : tensor<1xf32>
  %c = stablehlo.concatenate %s, %one, dim = 0 : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}
