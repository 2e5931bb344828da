// RUN: tfg-opt %s --split-input-file --tfg-lift-graph-to-func='feed=x fetch=out:1' --verify-diagnostics

tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  // expected-error @below {{fetch 'out:1' names output 1 of node 'out', which has 1 output}}
  %N, %ctl_0 = Neg(%X) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// expected-error @below {{fetch 'out:1' names no node}}
tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
}

// -----

// expected-error @below {{feed 'x' names no node}}
tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  %X, %ctl = Placeholder name("y") {dtype = f32} : () -> (tensor<2xf32>)
}

// -----

// expected-error @below {{expected exactly one tfg.graph to lift, found 2}}
module {
  tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  }
  tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  }
}

// -----

// expected-error @below {{a symbol named 'main' exists}}
tfg.graph #tf_type.version<producer = 3, min_consumer = 1> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
}
tfg.func @main() -> () {
  return
}
