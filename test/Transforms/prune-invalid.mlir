// RUN: tfg-opt %s --tfg-prune=fetch=missing --verify-diagnostics -o /dev/null

// expected-error @below {{fetch 'missing' names no node of the graph}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
}
