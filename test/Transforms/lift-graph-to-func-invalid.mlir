// RUN: tfg-opt %s --tfg-lift-graph-to-func='feed=y fetch=y' --verify-diagnostics -o /dev/null
// RUN: not tfg-opt %s --tfg-lift-graph-to-func 2>&1 | FileCheck %s --check-prefix=NOFETCH
// NOFETCH: lifting a graph needs at least one fetch

tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  // expected-error @below {{feed 'y' must be the output of a node without data inputs and with one output (a Placeholder)}}
  %N, %ctl_0 = Neg(%X) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}
