func.func @compare_24(%lhs: tensor<2xf32>, %rhs: tensor<2xf32>) {
  %result = "stablehlo.compare"(%lhs, %rhs) {
    comparison_direction = #stablehlo<comparison_direction LT>,
    compare_type = #stablehlo<comparison_type FLOAT>
  } : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  func.return
}
