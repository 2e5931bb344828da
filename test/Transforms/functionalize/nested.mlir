// RUN: tfg-opt %s --tfg-functionalize-control-flow | FileCheck %s
// RUN: tfg-run %s --input=x=zeros --fetch=count,outer_i --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// SAME: check-pipeline: tfg-functionalize-control-flow
// SAME-NOT: MISMATCH
// COM: A loop nested in another (count = x + 3 * 4), its Enters taking the
// COM: outer loop's values and invariants. The inner frame becomes a While
// COM: first, in the outer body, which then becomes a While of its own.
// CHECK-LABEL: tfg.graph
// CHECK: %[[W:.*]]:5, %{{.*}} = While({{.*}}) name("outer") {T = [i32, i32, i32, i32, i32], body = #tf_type.func<@outer_body, {}>, cond = #tf_type.func<@outer_cond, {}>
// CHECK: %[[XI:.*]], %{{.*}} = Identity(%[[W]]#0) name("outer/exit_i")
// CHECK: %[[XC:.*]], %{{.*}} = Identity(%[[W]]#1) name("outer/exit_count")
// CHECK: Identity(%[[XC]]) name("count")
// CHECK: Identity(%[[XI]]) name("outer_i")
// CHECK: tfg.func @inner_cond(
// CHECK: tfg.func @inner_body(
// CHECK: tfg.func @outer_cond(
// CHECK: tfg.func @outer_body(
// CHECK: %[[IW:.*]]:4, %{{.*}} = While({{.*}}) name("inner") {T = [i32, i32, i32, i32], body = #tf_type.func<@inner_body, {}>, cond = #tf_type.func<@inner_cond, {}>
// CHECK: %[[IX:.*]], %{{.*}} = Identity(%[[IW]]#1) name("inner/exit_count")
// CHECK: return(%{{.*}}, %[[IX]], %{{.*}}, %{{.*}}, %{{.*}})
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c1 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Three, %c3 = Const name("three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %Four, %c4 = Const name("four") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %Ei, %c5 = Enter(%Zero) name("outer/enter_i") {T = i32, frame_name = "outer", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Ec, %c6 = Enter(%X) name("outer/enter_count") {T = i32, frame_name = "outer", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E3, %c7 = Enter(%Three) name("outer/enter_three") {T = i32, frame_name = "outer", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E1o, %c8 = Enter(%One) name("outer/enter_one") {T = i32, frame_name = "outer", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E4o, %c9 = Enter(%Four) name("outer/enter_four") {T = i32, frame_name = "outer", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mi:2, %c10 = Merge(%Ei, %Ni) name("outer/merge_i") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Mc:2, %c11 = Merge(%Ec, %Nc) name("outer/merge_count") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Lo, %c12 = Less(%Mi#0, %E3) name("outer/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LCo, %c13 = LoopCond(%Lo) name("outer/cond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c14 = Switch(%Mi#0, %LCo) name("outer/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Sc:2, %c15 = Switch(%Mc#0, %LCo) name("outer/switch_count") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xi, %c16 = Exit(%Si#0) name("outer/exit_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Xc, %c17 = Exit(%Sc#0) name("outer/exit_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ii, %c18 = Identity(%Si#1) name("outer/body_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ic, %c19 = Identity(%Sc#1) name("outer/body_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Z2, %c20 = Const [%c18] name("outer/zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Ej, %c21 = Enter(%Z2) name("inner/enter_j") {T = i32, frame_name = "inner", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Ecc, %c22 = Enter(%Ic) name("inner/enter_count") {T = i32, frame_name = "inner", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E4i, %c23 = Enter(%E4o) name("inner/enter_four") {T = i32, frame_name = "inner", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E1i, %c24 = Enter(%E1o) name("inner/enter_one") {T = i32, frame_name = "inner", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mj:2, %c25 = Merge(%Ej, %Nj) name("inner/merge_j") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Mcc:2, %c26 = Merge(%Ecc, %Ncc) name("inner/merge_count") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Li, %c27 = Less(%Mj#0, %E4i) name("inner/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LCi, %c28 = LoopCond(%Li) name("inner/cond") : (tensor<i1>) -> (tensor<i1>)
  %Sj:2, %c29 = Switch(%Mj#0, %LCi) name("inner/switch_j") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Scc:2, %c30 = Switch(%Mcc#0, %LCi) name("inner/switch_count") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xcc, %c31 = Exit(%Scc#0) name("inner/exit_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ij, %c32 = Identity(%Sj#1) name("inner/body_j") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Icc, %c33 = Identity(%Scc#1) name("inner/body_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Aj, %c34 = AddV2(%Ij, %E1i) name("inner/add_j") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Acc, %c35 = AddV2(%Icc, %E1i) name("inner/add_count") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Nj, %c36 = NextIteration(%Aj) name("inner/next_j") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ncc, %c37 = NextIteration(%Acc) name("inner/next_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ai, %c38 = AddV2(%Ii, %E1o) name("outer/add_i") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ni, %c39 = NextIteration(%Ai) name("outer/next_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Nc, %c40 = NextIteration(%Xcc) name("outer/next_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R, %c41 = Identity(%Xc) name("count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %RI, %c42 = Identity(%Xi) name("outer_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
