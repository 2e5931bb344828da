// RUN: tfg-opt %s --stablehlo-to-linalg | FileCheck %s

// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1) -> (-d0 + 1, d1)>
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @movement
// CHECK: %[[W:.*]] = arith.constant dense_resource<w> : tensor<2x3xf32>
// CHECK: linalg.transpose ins(%arg0 : tensor<2x3xf32>) outs(%{{.*}} : tensor<3x2xf32>) permutation = [1, 0]
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.extract_slice %arg0[0, 1] [2, 1] [1, 2] : tensor<2x3xf32> to tensor<2x1xf32>
// CHECK: tensor.insert_slice %arg0 into %{{.*}}[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x6xf32>
// CHECK: tensor.insert_slice %[[W]] into %{{.*}}[0, 3] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x6xf32>
// COM: Interior padding: a strided insert into a filled tensor, then the
// COM: negative edge cut off.
// CHECK: linalg.fill
// CHECK: tensor.insert_slice %arg0 into %{{.*}}[1, 0] [2, 3] [2, 2] : tensor<2x3xf32> into tensor<4x6xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 1] [4, 5] [1, 1] : tensor<4x6xf32> to tensor<4x5xf32>
// CHECK: linalg.generic {indexing_maps = [#[[REV]], #{{.*}}]
// CHECK: linalg.broadcast ins(%arg1 : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>) dimensions = [0]
// CHECK: linalg.generic {indexing_maps = [#[[BCAST]], #{{.*}}]
// CHECK: linalg.index 1 : index
// CHECK: arith.index_cast
// COM: dynamic_slice clamps its start indices.
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract_slice %arg0[%{{.*}}, %{{.*}}] [1, 3] [1, 1]
// CHECK-NOT: stablehlo.
func.func @movement(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %r: tensor<1x3xf32>, %s: tensor<i32>) -> (tensor<3x2xf32>, tensor<6xf32>, tensor<2x1xf32>, tensor<2x6xf32>, tensor<4x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4x2xi32>, tensor<1x3xf32>) {
  %w = stablehlo.constant dense_resource<w> : tensor<2x3xf32>
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %2 = stablehlo.slice %x [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %3 = stablehlo.concatenate %x, %w, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %pv = stablehlo.constant dense<0.0> : tensor<f32>
  %4 = stablehlo.pad %x, %pv, low = [1, -1], high = [0, 1], interior = [1, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  %5 = stablehlo.reverse %x, dims = [0] : tensor<2x3xf32>
  %6 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %7 = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
  %8 = stablehlo.iota dim = 1 : tensor<4x2xi32>
  %9 = stablehlo.dynamic_slice %x, %s, %s, sizes = [1, 3] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<3x2xf32>, tensor<6xf32>, tensor<2x1xf32>, tensor<2x6xf32>, tensor<4x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4x2xi32>, tensor<1x3xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x04000000000080BF0000004000004040000080400000A0400000C040"
    }
  }
#-}

// COM: gather: a linalg.generic reading the start indices and the operand
// COM: with tensor.extract, start indices clamped.
// CHECK-LABEL: func.func @gather
// CHECK: linalg.generic
// CHECK: linalg.index 0
// CHECK: tensor.extract %arg1
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract %arg0
func.func @gather(%x: tensor<5x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
