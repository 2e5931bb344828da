// RUN: tfg-opt %s --tfg-functionalize-control-flow='fetch=l/add,c/merge:1' --split-input-file --verify-diagnostics | FileCheck %s
// RUN: tfg-opt %s --tfg-functionalize-control-flow --split-input-file | FileCheck %s --check-prefix=FREE
// COM: A fetched node that would move into a function keeps its loop or
// COM: conditional as it is (without the fetch, both are converted).

// CHECK-LABEL: tfg.graph
// CHECK: LoopCond
// FREE-LABEL: tfg.graph
// FREE: While
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Ei, %c1 = Enter(%Zero) name("l/enter") {T = i32, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mi:2, %c2 = Merge(%Ei, %Ni) name("l/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %c3 = Less(%Mi#0, %Mi#0) name("l/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %c4 = LoopCond(%L) name("l/cond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c5 = Switch(%Mi#0, %LC) name("l/switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xi, %c6 = Exit(%Si#0) name("l/exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  // expected-remark@+1 {{node 'l/add' (AddV2): is fetched or fed, and would move into the loop's functions; loop frame 'l' is not functionalized}}
  %A, %c7 = AddV2(%Si#1, %Si#1) name("l/add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ni, %c8 = NextIteration(%A) name("l/next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

// -----

// CHECK-LABEL: tfg.graph
// CHECK: Merge
// FREE-LABEL: tfg.graph
// FREE: If
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %c0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %X, %c1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %S:2, %c2 = Switch(%X, %P) name("c/switch") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %N, %c3 = Neg(%S#1) name("c/neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  // expected-remark@+1 {{node 'c/merge' (Merge): is a Merge whose value_index is fetched; the conditional is not functionalized}}
  %M:2, %c4 = Merge(%S#0, %N) name("c/merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
}
