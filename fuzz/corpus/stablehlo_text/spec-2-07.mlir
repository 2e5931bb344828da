func.func @sine_95(%operand: tensor<2x2xf32>) {
  %result = "stablehlo.sine"(%operand) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}
