// RUN: tfg-opt %s --tfg-to-tf-executor | FileCheck %s
// RUN: tfg-opt %s --tfg-to-tf-executor | tfg-opt --tf-executor-to-tfg | FileCheck %s --check-prefix=BACK

// COM: One island per node, in an order where every value is defined
// COM: before its uses; names as _mlir_name, devices as device; the
// COM: NextIteration cycle split into a Source and a Sink.

// CHECK: module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 27 : i32}}
// CHECK-LABEL: func.func @main()
// CHECK-SAME: tf.entry_function = {control_outputs = "", inputs = "", outputs = ""}
// CHECK: tf_executor.graph {
// CHECK: %[[SRC:.*]], %[[TOKEN:.*]], %{{.*}} = tf_executor.NextIteration.Source : tensor<f32> {T = f32, _mlir_name = "next", device = ""}
// CHECK: %[[X:.*]], %[[XCTL:.*]] = tf_executor.island wraps "tf.Placeholder"() {_mlir_name = "x", device = "/CPU:0", dtype = f32, shape = #tf_type.shape<>} : () -> tensor<f32>
// CHECK: %[[NEG:.*]], %{{.*}} = tf_executor.island(%[[XCTL]]) wraps "tf.Neg"(%[[X]]) {T = f32, _mlir_name = "neg", device = ""} : (tensor<f32>) -> tensor<f32>
// CHECK: tf_executor.Merge %[[NEG]], %[[SRC]] : tensor<f32> {N = 2 : i64, T = f32, _mlir_name = "merge", device = ""}
// CHECK: tf_executor.NextIteration.Sink [%[[TOKEN]]] %{{.*}} : tensor<f32>
// CHECK: tf_executor.fetch

// BACK: tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
// BACK-DAG: Placeholder device("/CPU:0") name("x")
// BACK-DAG: Neg(%{{.*}}) [%{{.*}}] name("neg") {T = f32}
// BACK-DAG: Merge(%{{.*}}, %{{.*}}) name("merge")
// BACK-DAG: NextIteration(%{{.*}}) name("next") {T = f32}
tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
  %Merge:2, %ctl_m = Merge(%Neg, %Next) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %Next, %ctl_n = NextIteration(%Merge#0) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %Neg, %ctl = Neg(%X) [%ctl_x] name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %X, %ctl_x = Placeholder device("/CPU:0") name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
}

// COM: A function: its arguments' control tokens have no tf_executor value
// COM: and are kept as (position, argument) pairs.
// CHECK-LABEL: func.func @f(%arg0: tensor<f32> {tfg.name = "a"}) -> (tensor<f32> {tfg.name = "r"})
// CHECK: %[[G:.*]] = tf_executor.graph {
// CHECK: %[[I:.*]], %[[ICTL:.*]] = tf_executor.island wraps "tf.Identity"(%arg0) {T = f32, _mlir_name = "id", device = "", tfg.arg_controls = array<i32: 0, 0>}
// CHECK: tf_executor.fetch %[[I]], %[[ICTL]] : tensor<f32>, !tf_executor.control {tfg.control_ret_attrs = [{tfg.name = "done"}]}
// CHECK: return %[[G]] : tensor<f32>

// BACK-LABEL: tfg.func @f(
// BACK: Identity(%[[A:.*]]) [%[[A]].ctl] name("id")
// BACK: return(%{{.*}}) [%{{.*}} {tfg.name = "done"}]
tfg.func @f(%a: tensor<f32> {tfg.name = "a"}) -> (tensor<f32> {tfg.name = "r"}) {
  %Identity, %ctl = Identity(%a) [%a.ctl] name("id") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  return(%Identity) [%ctl {tfg.name = "done"}] : tensor<f32>
}
