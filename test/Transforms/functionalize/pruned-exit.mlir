// RUN: tfg-opt %s --tfg-functionalize-control-flow | FileCheck %s
// RUN: tfg-run %s --input=x=zeros --fetch=out --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// SAME: check-pipeline: tfg-functionalize-control-flow
// SAME-NOT: MISMATCH
// COM: A loop variable whose Exit the converter pruned, control operands on
// COM: the loop's Consts (the pivot), a control edge into the first Enter.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %[[XC:.*]] = Placeholder name("x")
// CHECK: %[[W:.*]]:2, %{{.*}} = While(%[[X]], %[[X]]) [%[[XC]]] name("w")
// CHECK: %[[XB:.*]], %{{.*}} = Identity(%[[W]]#1) name("w/exit_b")
// CHECK: Identity(%[[XB]]) name("out")
// CHECK: tfg.func @w_cond(%[[A:[^:]*]]: tensor<f32> {tfg.name = "arg0"},
// CHECK: -> (tensor<i1> {tfg.name = "output0"})
// CHECK-NEXT: {
// CHECK-NEXT: %[[K:.*]], %{{.*}} = Const [%[[A]].ctl] name("w/limit")
// CHECK-NEXT: Less(%[[A]], %[[K]])
// CHECK: tfg.func @w_body(%[[B0:[^:]*]]: tensor<f32> {tfg.name = "arg0"},
// CHECK-NEXT: %[[B1:[^:]*]]: tensor<f32> {tfg.name = "arg1"})
// CHECK: tensor<f32> {tfg.name = "output1"})
// CHECK-NEXT: {
// CHECK-NEXT: %[[P:.*]], %[[PC:.*]] = Identity(%[[B0]]) name("w/pivot")
// CHECK-NEXT: %[[T:.*]], %{{.*}} = Const [%[[PC]]] name("w/two")
// CHECK-NEXT: %[[M:.*]], %{{.*}} = AddV2(%[[P]], %[[T]])
// CHECK-NEXT: %[[S:.*]], %{{.*}} = Sub(%[[B1]], %[[T]])
// CHECK-NEXT: return(%[[M]], %[[S]])
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %Ea, %c0 = Enter(%X) [%cx] name("w/enter_a") {T = f32, frame_name = "w", is_constant = false, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<f32>)
  %Eb, %c1 = Enter(%X) name("w/enter_b") {T = f32, frame_name = "w", is_constant = false, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<f32>)
  %Ma:2, %c2 = Merge(%Ea, %Na) name("w/merge_a") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %Mb:2, %c3 = Merge(%Eb, %Nb) name("w/merge_b") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %K, %c4 = Const [%c2] name("w/limit") {dtype = f32, value = dense<100.0> : tensor<f32>} : () -> (tensor<f32>)
  %L, %c5 = Less(%Ma#0, %K) name("w/less") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<i1>)
  %LC, %c6 = LoopCond(%L) name("w/cond") : (tensor<i1>) -> (tensor<i1>)
  %Sa:2, %c7 = Switch(%Ma#0, %LC) name("w/switch_a") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %Sb:2, %c8 = Switch(%Mb#0, %LC) name("w/switch_b") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %Xb, %c9 = Exit(%Sb#0) name("w/exit_b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %P, %c10 = Identity(%Sa#1) name("w/pivot") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %T, %c11 = Const [%c10] name("w/two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %Mul, %c12 = AddV2(%P, %T) name("w/add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %Sub, %c13 = Sub(%Sb#1, %T) name("w/sub") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %Na, %c14 = NextIteration(%Mul) [%c10] name("w/next_a") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %Nb, %c15 = NextIteration(%Sub) [%c10] name("w/next_b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %R, %c16 = Identity(%Xb) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
