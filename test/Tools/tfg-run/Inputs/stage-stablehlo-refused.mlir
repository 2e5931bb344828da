// A graph the StableHLO lowering refuses: Unique has a data-dependent shape
// and no rule.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %U:2, %c1 = Unique(%X) name("w") {T = f32, out_idx = i32} : (tensor<4xf32>) -> (tensor<?xf32>, tensor<4xi32>)
}
