func.func @quantized(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  %2 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  func.return %1 : tensor<2xf32>
}
