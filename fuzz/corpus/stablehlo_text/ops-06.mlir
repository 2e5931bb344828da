func.func @convolutions(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %nchw: tensor<1x3x8x8xf32>, %oihw: tensor<16x3x3x3xf32>) {
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [0, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x4x16xf32>
  %1 = stablehlo.convolution(%nchw, %oihw)
      dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
  func.return
}
