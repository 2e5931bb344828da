// RUN: tfg-opt %s --tfg-functionalize-control-flow | FileCheck %s
// COM: The functionalized graph computes what the v1 graph computes.
// RUN: tfg-run %s --fetch=sum,count --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// SAME: check-pipeline: tfg-functionalize-control-flow
// SAME-NOT: MISMATCH

// COM: One loop: a counter and a sum (its Merge takes the NextIteration
// COM: first), the limit and the increment constant Enters, two Exits.
// CHECK-LABEL: tfg.graph
// CHECK: %[[W:.*]]:4, %{{.*}} = While(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("loop") {T = [i32, i32, i32, i32], body = #tf_type.func<@loop_body, {}>, cond = #tf_type.func<@loop_cond, {}>, output_shapes = [], parallel_iterations = 10 : i64}
// CHECK-NOT: Enter
// CHECK-NOT: Merge
// CHECK-NOT: Exit
// COM: Each Exit is an Identity of its name now.
// CHECK: %[[XI:.*]], %{{.*}} = Identity(%[[W]]#0) name("loop/exit_i")
// CHECK: %[[XS:.*]], %{{.*}} = Identity(%[[W]]#1) name("loop/exit_sum")
// CHECK: Identity(%[[XS]]) name("sum")
// CHECK: Identity(%[[XI]]) name("count")
// CHECK: tfg.func @loop_cond(%[[A0:[^:]*]]: tensor<i32> {tfg.name = "arg0"},
// CHECK-NEXT: %{{.*}}: tensor<i32> {tfg.name = "arg1"},
// CHECK-NEXT: %[[A2:[^:]*]]: tensor<i32> {tfg.name = "arg2"},
// CHECK-NEXT: %{{.*}}: tensor<i32> {tfg.name = "arg3"})
// CHECK-NEXT: -> (tensor<i1> {tfg.name = "output0"})
// CHECK-NEXT: {
// CHECK-NEXT: %[[L:.*]], %{{.*}} = Less(%[[A0]], %[[A2]]) name("loop/less")
// CHECK-NEXT: return(%[[L]]) : tensor<i1>
// CHECK: tfg.func @loop_body(%[[B0:[^:]*]]: tensor<i32> {tfg.name = "arg0"},
// CHECK-NEXT: %[[B1:[^:]*]]: tensor<i32> {tfg.name = "arg1"},
// CHECK-NEXT: %[[B2:[^:]*]]: tensor<i32> {tfg.name = "arg2"},
// CHECK-NEXT: %[[B3:[^:]*]]: tensor<i32> {tfg.name = "arg3"})
// CHECK: tensor<i32> {tfg.name = "output3"})
// CHECK-NEXT: {
// CHECK-DAG: %[[I:.*]], %{{.*}} = AddV2(%[[B0]], %[[B3]]) name("loop/add_i")
// CHECK-DAG: %[[S:.*]], %{{.*}} = AddV2(%[[B1]], %[[B0]]) name("loop/add_sum")
// CHECK: return(%[[I]], %[[S]], %[[B2]], %[[B3]]) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Lim, %c1 = Const name("limit") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Ei, %c3 = Enter(%Zero) name("loop/enter_i") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Es, %c4 = Enter(%Zero) name("loop/enter_sum") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %El, %c5 = Enter(%Lim) name("loop/enter_limit") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E1, %c6 = Enter(%One) name("loop/enter_one") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mi:2, %c7 = Merge(%Ei, %Ni) name("loop/merge_i") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Ms:2, %c8 = Merge(%Ns, %Es) name("loop/merge_sum") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %c9 = Less(%Mi#0, %El) name("loop/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %c10 = LoopCond(%L) name("loop/cond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c11 = Switch(%Mi#0, %LC) name("loop/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Ss:2, %c12 = Switch(%Ms#0, %LC) name("loop/switch_sum") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xi, %c13 = Exit(%Si#0) name("loop/exit_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Xs, %c14 = Exit(%Ss#0) name("loop/exit_sum") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ai, %c15 = AddV2(%Si#1, %E1) name("loop/add_i") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %As, %c16 = AddV2(%Ss#1, %Si#1) name("loop/add_sum") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ni, %c17 = NextIteration(%Ai) name("loop/next_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ns, %c18 = NextIteration(%As) name("loop/next_sum") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R, %c19 = Identity(%Xs) name("sum") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %RI, %c20 = Identity(%Xi) name("count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

