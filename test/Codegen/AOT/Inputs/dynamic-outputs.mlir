// Outputs of `?` size for test/Codegen/AOT/dynamic-outputs.test: the first
// `n` (clamped into [0, 6]) elements of `buf`, and `buf` padded by `n - 3`
// at its end (bound 6, the buffer's size: past it for n > 3).
module {
func.func @cut(%n: tensor<i64>, %buf: tensor<6xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %six = stablehlo.constant dense<6> : tensor<i64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %k = stablehlo.clamp %z, %n, %six : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %h0 = stablehlo.subtract %k, %six : tensor<i64>
  %h = stablehlo.reshape %h0 : (tensor<i64>) -> tensor<1xi64>
  %cut = stablehlo.dynamic_pad %buf, %fz, %lo, %h, %lo : (tensor<6xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %g0 = stablehlo.subtract %n, %three : tensor<i64>
  %g = stablehlo.reshape %g0 : (tensor<i64>) -> tensor<1xi64>
  %grown = stablehlo.dynamic_pad %buf, %fz, %lo, %g, %lo : (tensor<6xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %cut, %grown : tensor<?xf32>, tensor<?xf32>
}
}
