// RUN: tfg-opt %s --tfg-loop-optimizer='fetch=missing' --verify-diagnostics

// COM: A fetch that names no node of the graph is an error, not a silent
// COM: no-op.
module {
  // expected-error@+1 {{fetch 'missing' names no node of the graph}}
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  }
}
