func.func @multiply_62(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.multiply"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}
