tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<2x3x4xf32>)
  %B1, %c1 = Const name("b1") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %E1, %c2 = Const name("e1") {dtype = i32, value = dense<[0, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %S1, %c3 = Const name("s1") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // x[..., 1:3]
  %A, %c4 = StridedSlice(%X, %B1, %E1, %S1) name("ellipsis") {T = f32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %B3, %c5 = Const name("b3") {dtype = i32, value = dense<[1, 0, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %E3, %c6 = Const name("e3") {dtype = i32, value = dense<[2, 0, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %S3, %c7 = Const name("s3") {dtype = i32, value = dense<[1, 1, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  // x[1, tf.newaxis, ...]
  %N, %c8 = StridedSlice(%X, %B3, %E3, %S3) name("new_axis") {T = f32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 4 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<*xf32>)
  %BR, %c9 = Const name("br") {dtype = i32, value = dense<[0, -1, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %ER, %c10 = Const name("er") {dtype = i32, value = dense<[2, -10, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %SR, %c11 = Const name("sr") {dtype = i32, value = dense<[1, -1, -2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  // x[:, ::-1, 3:0:-2]
  %R, %c12 = StridedSlice(%X, %BR, %ER, %SR) name("reversed") {T = f32, Index = i32, begin_mask = 0 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<*xf32>)
  %BS, %c13 = Const name("bs") {dtype = i32, value = dense<[-1, 0, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %ES, %c14 = Const name("es") {dtype = i32, value = dense<[0, 0, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %SS, %c15 = Const name("ss") {dtype = i32, value = dense<[-1, 1, -1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  // x[-1, tf.newaxis, ::-1] with a negative shrink stride
  %K, %c16 = StridedSlice(%X, %BS, %ES, %SS) name("shrink_reversed") {T = f32, Index = i32, begin_mask = 4 : i64, end_mask = 4 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<*xf32>)
  %B0, %c17 = Const name("b0") {dtype = i32, value = dense<[0, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // x[tf.newaxis, ..., tf.newaxis]
  %W, %c18 = StridedSlice(%X, %BS, %ES, %S3) name("both_ends") {T = f32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 2 : i64, new_axis_mask = 5 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<*xf32>)
}
