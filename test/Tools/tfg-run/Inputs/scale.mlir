// y = x * 2 for a Placeholder of unknown batch size.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<?x3xf32>)
  %Two, %c1 = Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %Y, %c2 = Mul(%X, %Two) name("y") {T = f32} : (tensor<?x3xf32>, tensor<f32>) -> (tensor<?x3xf32>)
  %Z, %c3 = Cast(%Y) name("z") {SrcT = f32, DstT = i32, Truncate = false} : (tensor<?x3xf32>) -> (tensor<?x3xi32>)
}
