func.func @uniform_quantize_106_1(%operand: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) {
  %result = "stablehlo.uniform_quantize"(%operand) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
  func.return
}
