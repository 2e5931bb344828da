func.func @or_66(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.or"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}
