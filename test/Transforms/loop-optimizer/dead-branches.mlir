// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer='fetch=out' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer='fetch=out remove-dead-branches=false' | FileCheck %s --check-prefix=OFF

// COM: A Switch on a constant true predicate: its false output is dead, so
// COM: the false branch goes and the Merge forwards the true branch.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: name("f_neg")
// CHECK-NOT: Merge
// CHECK: Identity(%{{.*}}) name("out")
// OFF-LABEL: tfg.graph
// OFF: name("f_neg")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %P, %c1 = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %S:2, %c2 = Switch(%X, %P) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %F, %c3 = Neg(%S#0) name("f_neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %T, %c4 = Abs(%S#1) name("t_abs") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c5 = Merge(%F, %T) name("m") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %O, %c6 = Identity(%M#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: A false predicate kills the true output; the Merge's value_index
// COM: becomes the constant index of the input left (0), and its control
// COM: users wait for the Identity taking the Merge's place.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: name("t_abs")
// CHECK: %[[ID:.*]], %[[CTL:.*]] = Identity(%{{.*}}) name("m")
// CHECK: Const [%[[CTL]]] name("m/value_index") {{.*}}value = dense<0> : tensor<i32>
// CHECK: name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %P, %c1 = Const name("p") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %S:2, %c2 = Switch(%X, %P) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %F, %c3 = Neg(%S#0) name("f_neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %T, %c4 = Abs(%S#1) name("t_abs") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c5 = Merge(%F, %T) name("m") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %O:2, %c6 = IdentityN(%M#0, %M#1) [%c5] name("out") {T = [f32, i32]} : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
}

// -----

// COM: Deadness flows through control edges too: the node waiting for a
// COM: dead node is dead. A Merge of three keeps its two live inputs.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: name("f_neg")
// CHECK-NOT: name("f_wait")
// CHECK: Merge(%{{.*}}, %{{.*}}) name("m") {N = 2 : i64
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %Y, %cy = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %P, %c1 = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %S:2, %c2 = Switch(%X, %P) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %F, %c3 = Neg(%S#0) name("f_neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %W, %c4 = Abs(%Y) [%c3] name("f_wait") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c5 = Merge(%W, %S#1, %Y) name("m") {N = 3 : i64, T = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %O, %c6 = Identity(%M#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Negative: an unknown predicate changes nothing.
// CHECK-LABEL: tfg.graph
// CHECK: name("f_neg")
// CHECK: Merge
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %P, %c1 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %S:2, %c2 = Switch(%X, %P) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %F, %c3 = Neg(%S#0) name("f_neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %T, %c4 = Abs(%S#1) name("t_abs") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c5 = Merge(%F, %T) name("m") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %O, %c6 = Identity(%M#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Negative: a node with side effects in the dead branch keeps it.
// CHECK-LABEL: tfg.graph
// CHECK: name("f_neg")
// CHECK: AssignVariableOp
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %V, %cv = VarHandleOp name("v") {container = "", dtype = f32, shape = #tf_type.shape<>, shared_name = "v"} : () -> (tensor<!tf_type.resource>)
  %P, %c1 = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %S:2, %c2 = Switch(%X, %P) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %F, %c3 = Neg(%S#0) name("f_neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %c4 = AssignVariableOp(%V, %F) name("assign") {dtype = f32} : (tensor<!tf_type.resource>, tensor<f32>) -> ()
  %T, %c5 = Abs(%S#1) name("t_abs") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %O, %c6 = Identity(%T) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Negative: a fetched node in the dead branch keeps it (fetch=out
// COM: names it here).
// CHECK-LABEL: tfg.graph
// CHECK: Neg(%{{.*}}) name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %P, %c1 = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %S:2, %c2 = Switch(%X, %P) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %F, %c3 = Neg(%S#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Negative: the dead fanout reaches a frame (an Enter into a loop):
// COM: v1 loops are left as they are.
// CHECK-LABEL: tfg.graph
// CHECK: name("enter")
// CHECK: name("body")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %Q, %cq = Placeholder name("q") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %P, %c1 = Const name("p") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %D:2, %cd = Switch(%X, %P) name("d") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %E, %ce = Enter(%D#1) name("enter") {T = f32, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %cm = Merge(%E, %N) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %LC, %clc = LoopCond(%Q) name("cond") : (tensor<i1>) -> (tensor<i1>)
  %S:2, %cs = Switch(%M#0, %LC) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %B, %cb = Identity(%S#1) name("body") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %N, %cn = NextIteration(%B) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %Xt, %cx = Exit(%S#0) name("exit") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %O, %c6 = Identity(%Xt) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Negative: a graph without fetches keeps its nodes (any of them may
// COM: be fetched later): no fetch option, no recorded fetches.
// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer | FileCheck %s --check-prefix=NOFETCH
// NOFETCH-COUNT-8: tfg.graph
// NOFETCH: name("f_neg")
// COM: With the fetch, the branch goes.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: name("f_neg")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %P, %c1 = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %S:2, %c2 = Switch(%X, %P) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %F, %c3 = Neg(%S#0) name("f_neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %O, %c6 = Identity(%S#1) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
