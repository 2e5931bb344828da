// RUN: tfg-opt %s --tfg-prune=fetch=missing --verify-diagnostics -o /dev/null
// RUN: not tfg-opt %s --tfg-prune=fetch=missing 2>&1 | FileCheck %s

// The error is at the graph, without the graph printed after it.
// CHECK: error: fetch 'missing' names no node of the graph
// CHECK-NOT: see current operation

// expected-error @below {{fetch 'missing' names no node of the graph}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
}
