func.func @convolution_30(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) {
  %result = "stablehlo.convolution"(%lhs, %rhs) {
    window_strides = array<i64: 4, 4>,
    padding = dense<0> : tensor<2x2xi64>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64,
    feature_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  func.return
}
