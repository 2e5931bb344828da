func.func @abs_0(%operand: tensor<3xi32>) {
  %result = "stablehlo.abs"(%operand) : (tensor<3xi32>) -> tensor<3xi32>
  func.return
}
