func.func @dynamic_slice_42(%operand: tensor<4x4xi32>, %start_indices0: tensor<i64>, %start_indices1: tensor<i64>) {
  %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
    slice_sizes = array<i64: 2, 2>
  } : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  func.return
}
