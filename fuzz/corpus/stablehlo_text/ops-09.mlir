func.func @reductions(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>, %f: tensor<f32>, %i: tensor<i32>) {
  %0 = stablehlo.reduce(%x init: %f) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = stablehlo.reduce(%x init: %f) across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %m = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  %2:2 = stablehlo.reduce(%x init: %f), (%y init: %i) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %s = stablehlo.add %a, %c : tensor<f32>
    %t = stablehlo.add %b, %d : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  func.return
}
