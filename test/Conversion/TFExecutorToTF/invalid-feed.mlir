// RUN: tfg-opt %s --tfg-to-tf-executor --tf-executor-to-tf='feeds=x:3' --verify-diagnostics

// COM: A feed that names no output of a node is an error at the entry
// COM: function.
module {
  // expected-error@+1 {{tensor 'x:3' is no output of a node of the graph}}
  tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
    %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  }
}
