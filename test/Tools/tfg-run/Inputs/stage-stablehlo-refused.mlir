// A graph the StableHLO lowering refuses: Where has a data-dependent shape.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %W, %c1 = Where(%X) name("w") {T = f32} : (tensor<4xf32>) -> (tensor<?x1xi64>)
}
