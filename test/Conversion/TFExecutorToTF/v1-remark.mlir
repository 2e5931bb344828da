// RUN: tfg-opt %s --tfg-to-tf-executor --tf-executor-to-tf --verify-diagnostics | FileCheck %s

// COM: v1 control flow that is not structured (here a Merge's value_index
// COM: is used) is not functionalized: the graph stays a tf_executor graph
// COM: (its feeds and fetches converted), with remarks naming the node that
// COM: stopped the functionalization and the first v1 node.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<f32>, %{{.*}}: tensor<i1>) -> (tensor<f32>, tensor<i32>)
// CHECK: tf_executor.graph
// CHECK: tf_executor.Switch
// CHECK: tf_executor.Merge
module attributes {tfg.fetches = ["merge", "index"]} {
  tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
    %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
    %P, %cp = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
    // expected-remark@+1 {{node 'sw' (tf_executor.Switch) is v1 control flow that is not functionalized: function 'main' stays a tf_executor graph}}
    %S:2, %cs = Switch(%X, %P) name("sw") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
    %N, %cn = Neg(%S#1) name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    // expected-remark@+1 {{node 'merge' (Merge): is a conditional's Merge whose value_index is used; the conditional is not functionalized}}
    %M:2, %cm = Merge(%S#0, %N) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
    %I, %ci = Identity(%M#1) name("index") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  }
}
