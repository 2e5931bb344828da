// RUN: tfg-opt %s --tfg-to-tf-executor --tf-executor-to-tf='feeds=x,p fetches=merge' --verify-diagnostics | FileCheck %s

// COM: A fed node's control edges move to the feed, as in TensorFlow: the
// COM: nodes that waited for the fed Placeholder's control token wait for
// COM: nothing, and the Placeholder's island goes (it would fail, unfed).
// COM: A graph that stays in tf_executor (a conditional whose Merge's
// COM: value_index is used is not functionalized) shows it.
// CHECK: func.func @main(%[[X:.*]]: tensor<f32>, %[[P:.*]]: tensor<i1>) -> tensor<f32>
// CHECK-NOT: tf.Placeholder
// CHECK: tf.Const{{.*}}_mlir_name = "one"
// CHECK: tf_executor.Switch %[[X]], %[[P]] : tensor<f32>
// CHECK-NOT: tf.Placeholder
module {
  tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
    %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
    %P, %cp = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
    %One, %c1 = Const [%cx] name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    // expected-remark@+1 {{node 'sw' (tf_executor.Switch) is v1 control flow that is not functionalized}}
    %S:2, %cs = Switch(%X, %P) [%cp] name("sw") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
    %N, %cn = AddV2(%S#1, %One) name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    // expected-remark@+1 {{node 'merge' (Merge): is a conditional's Merge whose value_index is used}}
    %M:2, %cm = Merge(%S#0, %N) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
    %I, %ci = Cast(%M#1) name("index") {SrcT = i32, DstT = f32, Truncate = false} : (tensor<i32>) -> (tensor<f32>)
  }
}
