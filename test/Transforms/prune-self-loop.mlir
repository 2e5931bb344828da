// RUN: tfg-opt %s --tfg-prune=fetch=keep | FileCheck %s
// COM: A NoOp taking its own control token (a cycle graph regions allow)
// COM: is not bypassed: bypassing hands its users its own token, which then
// COM: outlives it (a use after free found by the pipeline fuzzer).

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<*xf32>)
  %ctl_1 = NoOp [%ctl] name("hub")
  %ctl_2 = NoOp [%ctl_2] name("u1")
  %ctl_3 = NoOp [%ctl_1] name("u2")
  %ctl_5 = NoOp [%ctl_2, %ctl_3] name("keep") {_grappler_do_not_remove}
}
// CHECK: %[[U1:.*]] = NoOp [%[[U1]]] name("u1")
// CHECK: NoOp [%[[U1]], %{{.*}}] name("keep")
