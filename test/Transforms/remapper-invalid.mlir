// RUN: tfg-opt %s --tfg-remapper='target=tpu fetch=x' --verify-diagnostics

// COM: An unknown target is an error.
// expected-error@+1 {{tfg-remapper: unknown target 'tpu' (expected tf-cpu, tf-gpu, tfjs, host or auto)}}
module {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  }
}
