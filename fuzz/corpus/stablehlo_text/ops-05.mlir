func.func @contractions(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<3x4xf32>, %v: tensor<4xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = stablehlo.dot_general %m, %v, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %3 = stablehlo.dot %m, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %4 = stablehlo.dot %v, %v, precision = [] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  func.return
}
