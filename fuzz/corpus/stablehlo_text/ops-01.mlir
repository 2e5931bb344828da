func.func @binary(%b: tensor<2xi1>, %i: tensor<2xi32>, %f: tensor<2xf32>) {
  %0 = stablehlo.add %b, %b : tensor<2xi1>
  %1 = stablehlo.and %b, %b : tensor<2xi1>
  %2 = stablehlo.atan2 %f, %f : tensor<2xf32>
  %3 = stablehlo.complex %f, %f : tensor<2xcomplex<f32>>
  %4 = stablehlo.divide %f, %f : tensor<2xf32>
  %5 = stablehlo.maximum %f, %f : tensor<2xf32>
  %6 = stablehlo.minimum %f, %f : tensor<2xf32>
  %7 = stablehlo.multiply %f, %f : tensor<2xf32>
  %8 = stablehlo.or %b, %b : tensor<2xi1>
  %9 = stablehlo.power %f, %f : tensor<2xf32>
  %10 = stablehlo.remainder %f, %f : tensor<2xf32>
  %11 = stablehlo.shift_left %i, %i : tensor<2xi32>
  %12 = stablehlo.shift_right_arithmetic %i, %i : tensor<2xi32>
  %13 = stablehlo.shift_right_logical %i, %i : tensor<2xi32>
  %14 = stablehlo.subtract %f, %f : tensor<2xf32>
  %15 = stablehlo.xor %b, %b : tensor<2xi1>
  %16 = stablehlo.compare LT, %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %17 = stablehlo.compare GT, %f, %f, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %18 = stablehlo.select %b, %f, %f : tensor<2xi1>, tensor<2xf32>
  %19 = stablehlo.clamp %f, %f, %f : tensor<2xf32>
  func.return
}
