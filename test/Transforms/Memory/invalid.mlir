// RUN: tfg-opt %s --tfg-memory-optimizer='fetch=x budget=-1' --verify-diagnostics
// RUN: tfg-opt %s --tfg-memory-optimizer='fetch=x max-swaps=-5' --verify-diagnostics

// COM: A negative budget or swap limit is an error at the module.
// expected-error@below {{tfg-memory-optimizer: budget and max-swaps must not be negative}}
module {
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
}
}
