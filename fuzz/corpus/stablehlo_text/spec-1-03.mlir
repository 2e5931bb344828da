func.func @cholesky_18(%a: tensor<3x3xf32>) {
  %result = "stablehlo.cholesky"(%a) {
    lower = true
  } : (tensor<3x3xf32>) -> tensor<3x3xf32>
  func.return
}
