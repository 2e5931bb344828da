func.func @numerics(%c: tensor<4xcomplex<f32>>, %a: tensor<3x3xf32>, %lo: tensor<f32>, %shape: tensor<2xi64>, %state: tensor<2xui64>) {
  %0 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  %2 = stablehlo.cholesky %a : tensor<3x3xf32>
  %3 = stablehlo.rng %lo, %lo, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %4:2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)
  func.return
}
