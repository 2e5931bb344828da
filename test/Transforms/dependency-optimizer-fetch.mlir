// RUN: tfg-opt %s --split-input-file --tfg-dependency-optimizer=fetch=out | FileCheck %s --check-prefix=FETCH


// COM: With fetches, a stateless node whose result is unused becomes a NoOp
// COM: keeping its dependencies, and NoOps are bypassed when that does not
// COM: add edges. Without fetches nothing is deleted.
// FETCH-LABEL: tfg.graph
// FETCH-NOT: name("unused_neg")
// FETCH: %{{.*}}, %[[XCTL:.*]] = Placeholder name("x")
// FETCH: NoOp [%[[XCTL]]] name("out")
// CHECK-LABEL: tfg.graph
// CHECK: Neg({{.*}}) name("unused_neg")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %N, %ctl_0 = Neg(%X) name("unused_neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_1 = NoOp [%ctl_0] name("out")
}

// -----

// COM: A node reading a Switch output is not turned into a NoOp (its
// COM: control token would then fire on the dead branch).
// FETCH-LABEL: tfg.graph
// FETCH: Identity({{.*}}) name("id")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %P, %ctl_0 = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %S:2, %ctl_1 = Switch(%X, %P) name("s") {T = f32} : (tensor<*xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>)
  %I, %ctl_2 = Identity(%S#1) name("id") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_3 = NoOp [%ctl_2] name("out")
}

