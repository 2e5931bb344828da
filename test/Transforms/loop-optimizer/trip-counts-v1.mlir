// RUN: tfg-opt %s --tfg-loop-optimizer='fetch=count,count2,count3' | FileCheck %s
// RUN: tfg-opt %s --tfg-loop-optimizer='fetch=count,count2,count3 simplify-trip-counts=false' | FileCheck %s --check-prefix=OFF
// RUN: tfg-run %s --input=x=random:1 --fetch=count,count2,count3 --check-pipeline='tfg-loop-optimizer{fetch=count,count2,count3}' --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME

// COM: A v1 loop whose condition is false on the values it enters with
// COM: (i = 7, i < 5) runs no iteration: its Exit outputs what the loop
// COM: variable entered with, so the Exit's users read x directly (the
// COM: frame is left without users). A loop that runs (i = 0) and one whose
// COM: start is unknown keep their Exits.
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-NOT: name("never/exit_count")
// CHECK: Identity(%[[X]]) name("count")
// CHECK: Exit({{.*}}) name("runs/exit_count")
// CHECK: Exit({{.*}}) name("unknown/exit_count")
// OFF: Exit({{.*}}) name("never/exit_count")
// SAME: count: max_abs_diff=0 max_rel_diff=0 ok
// SAME: count2: max_abs_diff=0 max_rel_diff=0 ok
// SAME: count3: max_abs_diff=0 max_rel_diff=0 ok
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Seven, %c1 = Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %Zero, %c2 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c3 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Five, %c4 = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  // never: i from 7 while i < 5.
  %Ei, %d0 = Enter(%Seven) name("never/enter_i") {T = i32, frame_name = "never", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Ec, %d1 = Enter(%X) name("never/enter_count") {T = i32, frame_name = "never", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E5, %d2 = Enter(%Five) name("never/enter_five") {T = i32, frame_name = "never", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E1, %d3 = Enter(%One) name("never/enter_one") {T = i32, frame_name = "never", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mi:2, %d4 = Merge(%Ei, %Ni) name("never/merge_i") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Mc:2, %d5 = Merge(%Ec, %Nc) name("never/merge_count") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %d6 = Less(%Mi#0, %E5) name("never/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %d7 = LoopCond(%L) name("never/cond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %d8 = Switch(%Mi#0, %LC) name("never/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Sc:2, %d9 = Switch(%Mc#0, %LC) name("never/switch_count") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xc, %d10 = Exit(%Sc#0) name("never/exit_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ai, %d11 = AddV2(%Si#1, %E1) name("never/add_i") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ac, %d12 = AddV2(%Sc#1, %E1) name("never/add_count") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ni, %d13 = NextIteration(%Ai) name("never/next_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Nc, %d14 = NextIteration(%Ac) name("never/next_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R, %d15 = Identity(%Xc) name("count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  // runs: i from 0 while i < 5.
  %Fi, %e0 = Enter(%Zero) name("runs/enter_i") {T = i32, frame_name = "runs", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Fc, %e1 = Enter(%X) name("runs/enter_count") {T = i32, frame_name = "runs", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %F5, %e2 = Enter(%Five) name("runs/enter_five") {T = i32, frame_name = "runs", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %F1, %e3 = Enter(%One) name("runs/enter_one") {T = i32, frame_name = "runs", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Pi:2, %e4 = Merge(%Fi, %Qi) name("runs/merge_i") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Pc:2, %e5 = Merge(%Fc, %Qc) name("runs/merge_count") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L2, %e6 = Less(%Pi#0, %F5) name("runs/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC2, %e7 = LoopCond(%L2) name("runs/cond") : (tensor<i1>) -> (tensor<i1>)
  %Ti:2, %e8 = Switch(%Pi#0, %LC2) name("runs/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Tc:2, %e9 = Switch(%Pc#0, %LC2) name("runs/switch_count") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Yc, %e10 = Exit(%Tc#0) name("runs/exit_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Bi, %e11 = AddV2(%Ti#1, %F1) name("runs/add_i") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Bc, %e12 = AddV2(%Tc#1, %F1) name("runs/add_count") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Qi, %e13 = NextIteration(%Bi) name("runs/next_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Qc, %e14 = NextIteration(%Bc) name("runs/next_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R2, %e15 = Identity(%Yc) name("count2") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  // unknown: i from x while i < 5.
  %Gi, %f0 = Enter(%X) name("unknown/enter_i") {T = i32, frame_name = "unknown", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %G5, %f2 = Enter(%Five) name("unknown/enter_five") {T = i32, frame_name = "unknown", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %G1, %f3 = Enter(%One) name("unknown/enter_one") {T = i32, frame_name = "unknown", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Hi:2, %f4 = Merge(%Gi, %Ki) name("unknown/merge_i") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L3, %f6 = Less(%Hi#0, %G5) name("unknown/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC3, %f7 = LoopCond(%L3) name("unknown/cond") : (tensor<i1>) -> (tensor<i1>)
  %Ui:2, %f8 = Switch(%Hi#0, %LC3) name("unknown/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Zc, %f10 = Exit(%Ui#0) name("unknown/exit_count") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ci, %f11 = AddV2(%Ui#1, %G1) name("unknown/add_i") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ki, %f13 = NextIteration(%Ci) name("unknown/next_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R3, %f15 = Identity(%Zc) name("count3") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
