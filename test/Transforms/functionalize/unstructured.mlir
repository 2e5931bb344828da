// RUN: tfg-opt %s --tfg-functionalize-control-flow --split-input-file --verify-diagnostics | FileCheck %s
// COM: What is not structured stays as it is, with a remark naming a node.

// COM: A loop Merge whose value_index is used.
// CHECK-LABEL: tfg.graph
// CHECK: Merge
// CHECK: LoopCond
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Ei, %c1 = Enter(%Zero) name("l/enter") {T = i32, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  // expected-remark@+1 {{node 'l/merge' (Merge): is a loop Merge whose value_index is used; loop frame 'l' is not functionalized}}
  %Mi:2, %c2 = Merge(%Ei, %Ni) name("l/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %c3 = Less(%Mi#0, %Mi#1) name("l/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %c4 = LoopCond(%L) name("l/cond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c5 = Switch(%Mi#0, %LC) name("l/switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xi, %c6 = Exit(%Si#0) name("l/exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ni, %c7 = NextIteration(%Si#1) name("l/next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

// -----

// COM: A node taking a loop body value (without an Exit) and a value
// COM: from outside the loop.
// CHECK-LABEL: tfg.graph
// CHECK: LoopCond
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Ei, %c1 = Enter(%Zero) name("l/enter") {T = i32, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mi:2, %c2 = Merge(%Ei, %Ni) name("l/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %LC, %c4 = LoopCond(%Mi#0) name("l/cond") : (tensor<i32>) -> (tensor<i1>)
  %Si:2, %c5 = Switch(%Mi#0, %LC) name("l/switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xi, %c6 = Exit(%Si#0) name("l/exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %B, %c7 = Neg(%Si#1) name("l/neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ni, %c8 = NextIteration(%B) name("l/next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  // expected-remark@+1 {{node 'leak' (AddV2): takes inputs from different loop frames; loop frame 'l' is not functionalized}}
  %Leak, %c9 = AddV2(%B, %Zero) name("leak") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
}

// -----

// COM: Two LoopConds in one frame; the outer frame holding it stays too.
// CHECK-LABEL: tfg.graph
// CHECK-COUNT-2: LoopCond
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %Ei, %c1 = Enter(%Zero) name("l/enter") {T = i1, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i1>) -> (tensor<i1>)
  %Mi:2, %c2 = Merge(%Ei, %Ni) name("l/merge") {N = 2 : i64, T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
  %LC, %c3 = LoopCond(%Mi#0) name("l/cond") : (tensor<i1>) -> (tensor<i1>)
  // expected-remark@+1 {{node 'l/cond2' (LoopCond): is a second LoopCond of its frame; loop frame 'l' is not functionalized}}
  %LC2, %c4 = LoopCond(%Mi#0) name("l/cond2") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c5 = Switch(%Mi#0, %LC) name("l/switch") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
  %Xi, %c6 = Exit(%Si#0) name("l/exit") {T = i1} : (tensor<i1>) -> (tensor<i1>)
  %Ni, %c7 = NextIteration(%Si#1) [%c4] name("l/next") {T = i1} : (tensor<i1>) -> (tensor<i1>)
}

// -----

// COM: A non-constant Enter no Merge takes: its value is there in the first
// COM: iteration only, so it is no loop invariant.
// CHECK-LABEL: tfg.graph
// CHECK: LoopCond
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Ei, %c1 = Enter(%Zero) name("l/enter") {T = i32, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  // expected-remark@+1 {{node 'l/enter_x' (Enter): is an Enter that is neither constant nor a loop variable (no Merge takes it); loop frame 'l' is not functionalized}}
  %Ex, %c2 = Enter(%Zero) name("l/enter_x") {T = i32, frame_name = "l", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Mi:2, %c3 = Merge(%Ei, %Ni) name("l/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %c4 = Less(%Mi#0, %Ex) name("l/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %c5 = LoopCond(%L) name("l/cond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c6 = Switch(%Mi#0, %LC) name("l/switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Xi, %c7 = Exit(%Si#0) name("l/exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ni, %c8 = NextIteration(%Si#1) name("l/next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

// -----

// COM: A Merge joining a branch with a value from outside the conditional.
// CHECK-LABEL: tfg.graph
// CHECK: Switch
// CHECK: Merge
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %c0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %X, %c1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  // expected-remark@+1 {{node 'c/switch' (Switch): has no Merge joining the outputs of its conditional; the conditional is not functionalized}}
  %S:2, %c2 = Switch(%X, %P) name("c/switch") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %N, %c3 = Neg(%S#1) name("c/neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c4 = Merge(%N, %X) name("c/merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
}

// -----

// COM: A function returning a branch value no Merge joins.
// CHECK-LABEL: tfg.func @leak
// CHECK: Switch
tfg.func @leak(%p: tensor<i1> {tfg.name = "p"}, %x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "o"}, tensor<f32> {tfg.name = "l"}) {
  %S:2, %c2 = Switch(%x, %p) name("c/switch") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %N, %c3 = Neg(%S#1) name("c/neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c4 = Merge(%S#0, %N) name("c/merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  // expected-remark@+1 {{returns a value of a conditional branch no Merge joins; the conditional is not functionalized}}
  return(%M#0, %N) : tensor<f32>, tensor<f32>
}
