func.func @batch_norm_training_12(%operand: tensor<2x2x2xf64>, %scale: tensor<2xf64>, %offset: tensor<2xf64>) {
  %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) ->
      (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  func.return
}
