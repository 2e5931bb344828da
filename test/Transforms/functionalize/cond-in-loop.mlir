// RUN: tfg-opt %s --tfg-functionalize-control-flow | FileCheck %s
// RUN: tfg-run %s --fetch=sum --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// SAME: check-pipeline: tfg-functionalize-control-flow
// SAME-NOT: MISMATCH
// COM: A conditional in a loop body: sum += i < 2 ? i : -1 for i in 0..4.
// COM: The loop becomes a While, then the conditional in its body an If.
// CHECK-LABEL: tfg.graph
// CHECK: While({{.*}}) name("loop")
// CHECK: tfg.func @loop_body(
// CHECK: %[[IF:.*]], %{{.*}} = If({{.*}}) name("loop/cond")
// CHECK: %[[M:.*]], %{{.*}} = Identity(%[[IF]]) name("loop/cond/merge")
// CHECK: AddV2(%{{.*}}, %[[M]]) name("loop/add_sum")
// CHECK: tfg.func @loop_cond_then(
// CHECK: tfg.func @loop_cond_else(
// CHECK-NOT: Switch
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Lim, %c1 = Const name("limit") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Ei, %c3 = Enter(%Zero) name("loop/enter_i") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Es, %c4 = Enter(%Zero) name("loop/enter_sum") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %El, %c5 = Enter(%Lim) name("loop/enter_limit") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E1, %c6 = Enter(%One) name("loop/enter_one") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mi:2, %c7 = Merge(%Ei, %Ni) name("loop/merge_i") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Ms:2, %c8 = Merge(%Es, %Ns) name("loop/merge_sum") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %c9 = Less(%Mi#0, %El) name("loop/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %c10 = LoopCond(%L) name("loop/loopcond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c11 = Switch(%Mi#0, %LC) name("loop/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Ss:2, %c12 = Switch(%Ms#0, %LC) name("loop/switch_sum") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xs, %c13 = Exit(%Ss#0) name("loop/exit_sum") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %I, %c14 = Identity(%Si#1) name("loop/i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Two, %c15 = Const [%c14] name("loop/two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %P, %c16 = Less(%I, %Two) name("loop/p") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %Ci:2, %c17 = Switch(%I, %P) name("loop/cond/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Fi, %c19 = Identity(%Ci#0) name("loop/cond/pivot_f") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Negf, %c20 = Neg(%E1) [%c19] name("loop/cond/else_value") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %CM:2, %c21 = Merge(%Negf, %Ci#1) name("loop/cond/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %As, %c22 = AddV2(%Ss#1, %CM#0) name("loop/add_sum") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ai, %c23 = AddV2(%I, %E1) name("loop/add_i") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ni, %c24 = NextIteration(%Ai) name("loop/next_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ns, %c25 = NextIteration(%As) name("loop/next_sum") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R, %c26 = Identity(%Xs) name("sum") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
