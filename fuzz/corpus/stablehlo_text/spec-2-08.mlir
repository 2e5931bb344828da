func.func @tanh_101(%operand: tensor<3xf32>) {
  %result = "stablehlo.tanh"(%operand) : (tensor<3xf32>) -> tensor<3xf32>
  func.return
}
