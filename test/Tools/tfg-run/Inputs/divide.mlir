// y = x / 3 on 64 floats: constant folding multiplies by the reciprocal
// instead, which rounds differently from the division for some x.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<64>} : () -> (tensor<64xf32>)
  %Three, %c1 = Const name("three") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %Y, %c2 = RealDiv(%X, %Three) name("y") {T = f32} : (tensor<64xf32>, tensor<f32>) -> (tensor<64xf32>)
}
