// RUN: tfg-opt %s --stablehlo-to-linalg | FileCheck %s

// COM: sort: a merge sort of an index permutation (scf.while over the
// COM: widths, scf.for over the runs and within a merge), the comparator
// COM: inlined on the elements at the two entries, then each operand read
// COM: through the permutation.
// CHECK-LABEL: func.func @sort
// CHECK: linalg.generic
// CHECK: linalg.index 0
// CHECK: scf.while
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.minsi
// CHECK: arith.minsi
// CHECK: tensor.extract %{{.*}} : tensor<5xindex>
// CHECK: tensor.extract %{{.*}} : tensor<5xindex>
// CHECK: arith.cmpf ogt
// CHECK: tensor.insert %{{.*}} : tensor<5xindex>
// CHECK: linalg.generic
// CHECK: tensor.extract %arg0
// CHECK: linalg.generic
// CHECK: tensor.extract %arg1
// CHECK-NOT: stablehlo.
func.func @sort(%x: tensor<5xf32>, %y: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %r:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %r#0, %r#1 : tensor<5xf32>, tensor<5xi32>
}

// COM: sort of rank 3 along dimension 1: the sorted dimension moved last
// COM: (linalg.transpose) and the others collapsed into 6 rows, each row
// COM: sorted in an scf.for, then the results expanded and transposed back.
// CHECK-LABEL: func.func @sort_rows
// CHECK: linalg.transpose ins(%arg0 : tensor<2x5x3xf32>) outs(%{{.*}} : tensor<2x3x5xf32>) permutation = [0, 2, 1]
// CHECK: tensor.collapse_shape %{{.*}} : tensor<2x3x5xf32> into tensor<30xf32>
// CHECK: tensor.expand_shape %{{.*}} output_shape [6, 5] : tensor<30xf32> into tensor<6x5xf32>
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c6 step %c1 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<6x5xf32>, tensor<6x5xi32>)
// CHECK: tensor.extract_slice %{{.*}}[%[[ROW]], 0] [1, 5] [1, 1] : tensor<6x5xf32> to tensor<5xf32>
// CHECK: scf.while
// CHECK: arith.cmpf ogt
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%[[ROW]], 0] [1, 5] [1, 1] : tensor<5xf32> into tensor<6x5xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%[[ROW]], 0] [1, 5] [1, 1] : tensor<5xi32> into tensor<6x5xi32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3x5xf32>) outs(%{{.*}} : tensor<2x5x3xf32>) permutation = [0, 2, 1]
// CHECK-NOT: stablehlo.
func.func @sort_rows(%x: tensor<2x5x3xf32>, %y: tensor<2x5x3xi32>) -> (tensor<2x5x3xf32>, tensor<2x5x3xi32>) {
  %r:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x5x3xf32>, tensor<2x5x3xi32>) -> (tensor<2x5x3xf32>, tensor<2x5x3xi32>)
  return %r#0, %r#1 : tensor<2x5x3xf32>, tensor<2x5x3xi32>
}

// COM: scatter: an scf.for over the updates carrying the result, the
// COM: update skipped outside the result (scf.if), the update computation
// COM: inlined.
// CHECK-LABEL: func.func @scatter
// CHECK: scf.for %{{.*}} = %c0 to %c6 step %c1 iter_args(%[[ACC:.*]] = %arg0) -> (tensor<4x3xf32>)
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK: tensor.extract %arg1
// CHECK: arith.index_cast
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: tensor.extract %[[ACC]]
// CHECK: tensor.extract %arg2
// CHECK: arith.addf
// CHECK: tensor.insert
// CHECK: } else {
// CHECK: scf.yield %[[ACC]]
// CHECK-NOT: stablehlo.
func.func @scatter(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
