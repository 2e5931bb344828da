func.func @and_6(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.and"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}
