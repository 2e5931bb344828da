// COM: An Identity holding a control operand (a v1 cond's branch pivot) and
// COM: feeding a Merge is not bypassed: the Merge would take over the
// COM: control operand, and a dead control input kills a Merge that a dead
// COM: data input leaves alive (found on a real TF.js model, whose output
// COM: changed shape after tfg-grappler).
// RUN: tfg-opt %s --tfg-prune=fetch=out | FileCheck %s
// RUN: tfg-opt %s --tfg-grappler=fetch=out | FileCheck %s

// CHECK: %[[PIVOT:.*]], %[[PCTL:.*]] = Identity(%{{.*}}#1) name("pivot_t")
// CHECK: %[[IN:.*]], %{{.*}} = Identity(%{{.*}}#1) [%[[PCTL]]] name("then/input")
// CHECK: Merge(%{{.*}}, %[[IN]]) name("merge")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %p, %ctl = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %x, %ctl_0 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %ps:2, %ctl_1 = Switch(%p, %p) name("pred_switch") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<*xi1>, tensor<*xi1>)
  %pivot, %ctl_2 = Identity(%ps#1) name("pivot_t") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
  %sw:2, %ctl_3 = Switch(%x, %p) name("switch") {T = f32} : (tensor<*xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>)
  %in, %ctl_4 = Identity(%sw#1) [%ctl_2] name("then/input") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %neg, %ctl_5 = Neg(%sw#0) name("else/neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %m:2, %ctl_6 = Merge(%neg, %in) name("merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
  %out, %ctl_7 = Identity(%m#0) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
