// COM: Data movement compiled for the host CPU equals the StableHLO
// COM: interpreter exactly.
// RUN: tfg-run %s --backend=llvm --function=movement --check-interpreter | FileCheck %s
// CHECK: check-interpreter: compiled vs. StableHLO interpreter
// CHECK-COUNT-9: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=gathers --check-interpreter | FileCheck %s --check-prefix=GATHER
// GATHER-COUNT-2: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok

module {
func.func @movement(%x: tensor<2x3x4xf32>, %v: tensor<3xf32>, %s: tensor<i32>) -> (tensor<2x4x3xf32>, tensor<6x4xf32>, tensor<2x3x3xf32>, tensor<2x6x4xf32>, tensor<4x7x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x5x3xi32>, tensor<2x2x4xf32>) {
  %0 = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  %1 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %2 = stablehlo.slice %x [0:2, 0:3, 1:4] : (tensor<2x3x4xf32>) -> tensor<2x3x3xf32>
  %3 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  %zero = stablehlo.constant dense<-1.0> : tensor<f32>
  %4 = stablehlo.pad %x, %zero, low = [1, 0, -1], high = [0, 2, 2], interior = [1, 1, 1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<4x7x8xf32>
  %5 = stablehlo.reverse %x, dims = [0, 2] : tensor<2x3x4xf32>
  %6 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
  %7 = stablehlo.iota dim = 1 : tensor<2x5x3xi32>
  %8 = stablehlo.dynamic_slice %x, %s, %s, %s, sizes = [2, 2, 4] : (tensor<2x3x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x2x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2x4x3xf32>, tensor<6x4xf32>, tensor<2x3x3xf32>, tensor<2x6x4xf32>, tensor<4x7x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x5x3xi32>, tensor<2x2x4xf32>
}

// COM: Indices in [0, 10) exceed the operand's dimensions: both clamp.
func.func @gathers(%x: tensor<5x4xf32>, %i: tensor<3xi32>, %j: tensor<2x3x2xi32>) -> (tensor<3x4xf32>, tensor<2x3xf32>) {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %1 = "stablehlo.gather"(%x, %j) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>} : (tensor<5x4xf32>, tensor<2x3x2xi32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<2x3xf32>
}
}
