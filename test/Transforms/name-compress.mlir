// RUN: tfg-opt %s --split-input-file --tfg-name-compress=fetch=keep_me | FileCheck %s

// COM: Short unique names; fetched, stateful and do-not-remove nodes keep
// COM: theirs, and no new name collides with a kept one.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: Placeholder name("input")
// CHECK-DAG: Const name("b")
// CHECK-DAG: Neg({{.*}}) name("c")
// CHECK-DAG: Neg({{.*}}) name("keep_me")
// CHECK-DAG: Neg({{.*}}) name("a")
// CHECK-DAG: name("pinned")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("input") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_0 = Const name("a_long_constant_name") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %N, %ctl_1 = Neg(%X) name("model/layer_1/negative") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %K, %ctl_2 = Neg(%N) name("keep_me") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %A, %ctl_3 = Neg(%N) name("a") {T = f32, _grappler_do_not_remove} : (tensor<*xf32>) -> (tensor<*xf32>)
  %P, %ctl_4 = Neg(%N) name("pinned") {T = f32, _grappler_do_not_remove} : (tensor<*xf32>) -> (tensor<*xf32>)
}
