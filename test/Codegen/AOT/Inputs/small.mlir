// A StableHLO function with a constant of 24 bytes, compiled by the AOT tests.
module {
func.func @main(%x: tensor<2x3xf32> {tfg.name = "x"}, %y: tensor<3xi32> {tfg.name = "y"}) -> (tensor<2x3xf32>, tensor<3xi32>) {
  %c = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %s = stablehlo.add %x, %c : tensor<2x3xf32>
  %m = stablehlo.multiply %y, %y : tensor<3xi32>
  return %s, %m : tensor<2x3xf32>, tensor<3xi32>
}
}
