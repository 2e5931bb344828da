func.func @power_71(%lhs: tensor<6xf64>, %rhs: tensor<6xf64>) {
  %result = "stablehlo.power"(%lhs, %rhs) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  func.return
}
