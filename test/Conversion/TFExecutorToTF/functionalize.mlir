// RUN: tfg-opt %s --tfg-to-tf-executor --tf-executor-to-tf | FileCheck %s

// COM: v1 control flow is functionalized (--tfg-functionalize-control-flow
// COM: on the graph taken back to tfg): the structured conditional becomes
// COM: tf.If, the loop tf.While, each calling new func.funcs of tf ops; the
// COM: Merge and the Exit are Identities of their names.
// CHECK: func.func @main(%[[X:[^:]*]]: tensor<f32>, %[[P:[^:]*]]: tensor<i1>) -> (tensor<f32>, tensor<i32>)
// CHECK-SAME: inputs = "x,p", outputs = "c/merge,l/exit"
// CHECK-DAG: %[[IF:.*]] = "tf.If"(%[[P]], %[[X]]) {{.*}}else_branch = #tf_type.func<@c_else, {}>{{.*}}then_branch = #tf_type.func<@c_then, {}>
// CHECK-DAG: %[[M:.*]] = "tf.Identity"(%[[IF]]) {{.*}}_mlir_name = "c/merge"
// CHECK-DAG: %[[W:.*]]:2 = "tf.While"({{.*}}) {{.*}}body = #tf_type.func<@l_body, {}>, cond = #tf_type.func<@l_cond, {}>
// CHECK-DAG: %[[E:.*]] = "tf.Identity"(%[[W]]#0) {{.*}}_mlir_name = "l/exit"
// CHECK: return %[[M]], %[[E]]
// CHECK-NOT: tf_executor
// CHECK: func.func @l_cond(
// CHECK: "tf.Less"
// CHECK: func.func @l_body(
// CHECK: "tf.AddV2"
// CHECK: func.func @c_then(
// CHECK: "tf.Neg"
// CHECK: func.func @c_else(
module attributes {tfg.fetches = ["c/merge", "l/exit"]} {
  tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
    %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
    %P, %cp = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
    %S:2, %cs = Switch(%X, %P) name("c/sw") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
    %N, %cn = Neg(%S#1) name("c/neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %M:2, %cm = Merge(%S#0, %N) name("c/merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
    %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %Lim, %c1 = Const name("limit") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %Ei, %c2 = Enter(%Zero) name("l/enter") {T = i32, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
    %El, %c3 = Enter(%Lim) name("l/enter_limit") {T = i32, frame_name = "l", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
    %Mi:2, %c4 = Merge(%Ei, %Ni) name("l/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %L, %c5 = Less(%Mi#0, %El) name("l/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    %LC, %c6 = LoopCond(%L) name("l/cond") : (tensor<i1>) -> (tensor<i1>)
    %Si:2, %c7 = Switch(%Mi#0, %LC) name("l/switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
    %Xi, %c8 = Exit(%Si#0) name("l/exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    %One, %c9 = Const [%c7] name("l/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %A, %c10 = AddV2(%Si#1, %One) name("l/add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Ni, %c11 = NextIteration(%A) name("l/next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  }
}
