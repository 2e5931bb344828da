func.func @mixed_types(%f: tensor<2xf32>, %d: tensor<?xf32>, %s: tensor<f32>, %p: tensor<i1>) {
  %0 = stablehlo.add %f, %d : (tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32>
  %1 = stablehlo.clamp %s, %f, %s : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = stablehlo.select %p, %f, %f : tensor<i1>, tensor<2xf32>
  %3 = stablehlo.complex %f, %f : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xcomplex<f32>>
  func.return
}
