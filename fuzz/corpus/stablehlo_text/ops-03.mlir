func.func @constants() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %2 = stablehlo.constant {attr = 1 : i64} dense<true> : tensor<i1>
  func.return
}
