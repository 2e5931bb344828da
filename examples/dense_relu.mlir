// A small dense + ReLU classifier head as a tfg graph, written by hand for
// the demo until the GraphDef importer (issue #3) lands. It contains an
// unused StatelessIf that stock canonicalization removes.
tfg.graph #tf_type.version<producer = 1882, min_consumer = 12> {
  %input, %ctl = Placeholder name("input") {dtype = f32, shape = #tf_type.shape<?x4>} : () -> (tensor<?x4xf32>)
  %w, %ctl_0 = Const name("dense/kernel") {dtype = f32, value = dense<0.5> : tensor<4x3xf32>} : () -> (tensor<4x3xf32>)
  %b, %ctl_1 = Const name("dense/bias") {dtype = f32, value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %mm, %ctl_2 = MatMul(%input, %w) name("dense/MatMul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<?x4xf32>, tensor<4x3xf32>) -> (tensor<?x3xf32>)
  %add, %ctl_3 = BiasAdd(%mm, %b) name("dense/BiasAdd") {T = f32, data_format = "NHWC"} : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>)
  %relu, %ctl_4 = Relu(%add) name("dense/Relu") {T = f32} : (tensor<?x3xf32>) -> (tensor<?x3xf32>)
  %flag, %ctl_5 = Const name("flag") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %unused, %ctl_6 = StatelessIf(%flag, %relu) name("unused_branch") {then_branch = #tf_type.func<@identity, {}>, else_branch = #tf_type.func<@identity, {}>} : (tensor<i1>, tensor<?x3xf32>) -> (tensor<?x3xf32>)
  %out, %ctl_7 = Softmax(%relu) name("output") {T = f32} : (tensor<?x3xf32>) -> (tensor<?x3xf32>)
}
tfg.func @identity(%x: tensor<?x3xf32> {tfg.name = "x"}) -> (tensor<?x3xf32> {tfg.name = "y"}) {
  return(%x) : tensor<?x3xf32>
}
