tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c1, %ctl = Const name("c1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %c2, %ctl_0 = Const name("c2") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %add, %ctl_1 = AddV2(%c1, %c2) name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %unused, %ctl_2 = Neg(%c1) name("unused") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
