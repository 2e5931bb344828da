func.func @log_56(%operand: tensor<2x2xf64>) {
  %result = "stablehlo.log"(%operand) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  func.return
}
