func.func @unary(%i: tensor<2xi32>, %f: tensor<2xf32>, %c: tensor<2xcomplex<f32>>) {
  %0 = stablehlo.abs %i : tensor<2xi32>
  %1 = stablehlo.abs %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %2 = stablehlo.cbrt %f : tensor<2xf32>
  %3 = stablehlo.ceil %f : tensor<2xf32>
  %4 = stablehlo.count_leading_zeros %i : tensor<2xi32>
  %5 = stablehlo.convert %i : (tensor<2xi32>) -> tensor<2xf32>
  %6 = stablehlo.convert %f : tensor<2xf32>
  %7 = stablehlo.cosine %f : tensor<2xf32>
  %8 = stablehlo.exponential %f : tensor<2xf32>
  %9 = stablehlo.exponential_minus_one %f : tensor<2xf32>
  %10 = stablehlo.floor %f : tensor<2xf32>
  %11 = stablehlo.imag %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %12 = stablehlo.is_finite %f : (tensor<2xf32>) -> tensor<2xi1>
  %13 = stablehlo.log %f : tensor<2xf32>
  %14 = stablehlo.log_plus_one %f : tensor<2xf32>
  %15 = stablehlo.logistic %f : tensor<2xf32>
  %16 = stablehlo.not %i : tensor<2xi32>
  %17 = stablehlo.negate %f : tensor<2xf32>
  %18 = stablehlo.popcnt %i : tensor<2xi32>
  %19 = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %20 = stablehlo.round_nearest_afz %f : tensor<2xf32>
  %21 = stablehlo.round_nearest_even %f : tensor<2xf32>
  %22 = stablehlo.rsqrt %f : tensor<2xf32>
  %23 = stablehlo.sign %f : tensor<2xf32>
  %24 = stablehlo.sine %f : tensor<2xf32>
  %25 = stablehlo.sqrt %f : tensor<2xf32>
  %26 = stablehlo.tan %f : tensor<2xf32>
  %27 = stablehlo.tanh %f : tensor<2xf32>
  %28 = stablehlo.reduce_precision %f, format = e5m10 : tensor<2xf32>
  %29 = stablehlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<2xi32>
  func.return
}
