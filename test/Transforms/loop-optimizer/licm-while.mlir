// RUN: tfg-opt %s --tfg-loop-optimizer='fetch=out loop-invariant-node-motion=true' | FileCheck %s
// RUN: tfg-opt %s --tfg-loop-optimizer='fetch=out' | FileCheck %s --check-prefix=OFF
// RUN: tfg-run %s --input=x=random:1 --fetch=out:0,out:1,out:2 --check-pipeline='tfg-loop-optimizer{fetch=out loop-invariant-node-motion=true}' --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME

// COM: Invariant motion out of a functional While body: the body returns x
// COM: unchanged, so x * x * k (k a Const of the body) and its negation are
// COM: computed once before the loop (k copied, waiting for the loop's
// COM: control operand), and the negation enters the loop as a new loop
// COM: value: a new argument of the body (returned unchanged) and of the
// COM: condition. The counter's update and a stateful node stay.
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[GO:.*]] = NoOp name("go")
// CHECK-DAG: %[[K:.*]], %{{.*}} = Const [%[[GO]]] name("while/k")
// CHECK-DAG: %[[SQ:.*]], %{{.*}} = Mul(%[[X]], %[[X]]) name("while/sq")
// CHECK-DAG: %[[SQK:.*]], %{{.*}} = Mul(%[[SQ]], %[[K]]) name("while/sqk")
// CHECK-DAG: %[[NEG:.*]], %{{.*}} = Neg(%[[SQK]]) name("while/neg")
// CHECK-DAG: While(%{{.*}}, %[[X]], %{{.*}}, %[[NEG]]) [%[[GO]]] name("while") {T = [i32, i32, i32, i32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, output_shapes = [#tf_type.shape<>, #tf_type.shape<>, #tf_type.shape<>, #tf_type.shape<>], parallel_iterations = 10 : i64}
// COM: A StatelessWhile with an empty output_shapes (kept empty).
// CHECK-DAG: %[[P1:.*]], %{{.*}} = AddV2(%{{.*}}, %{{.*}}) name("stateless/plus1")
// CHECK-DAG: StatelessWhile(%{{.*}}, %[[X]], %[[P1]]) name("stateless") {T = [i32, i32, i32], {{.*}}output_shapes = []
// COM: A body and a condition shared by two loops: the first loop gets
// COM: copies of its own (@cond_shared_licm, @body_shared_licm), then the
// COM: second changes the functions only it names now; x * x leaves both.
// CHECK-DAG: %[[SQ1:.*]], %{{.*}} = Mul(%[[X]], %[[X]]) name("shared1/sq")
// CHECK-DAG: While(%{{.*}}, %[[X]], %{{.*}}, %[[SQ1]]) name("shared1") {T = [i32, i32, i32, i32], body = #tf_type.func<@body_shared_licm, {}>, cond = #tf_type.func<@cond_shared_licm, {}>
// CHECK-DAG: %[[SQ2:.*]], %{{.*}} = Mul(%[[X]], %[[X]]) name("shared2/sq")
// CHECK-DAG: While(%{{.*}}, %[[X]], %{{.*}}, %[[SQ2]]) name("shared2") {T = [i32, i32, i32, i32], body = #tf_type.func<@body_shared, {}>, cond = #tf_type.func<@cond_shared, {}>
// CHECK-LABEL: tfg.func @cond
// CHECK: %{{.*}}: tensor<i32> {tfg.name = "licm_3"})
// CHECK-NEXT: -> (tensor<i1> {tfg.name = "out"})
// CHECK-LABEL: tfg.func @body
// CHECK: %[[ARG:.*]]: tensor<i32> {tfg.name = "licm_3"})
// CHECK-NEXT: -> (tensor<i32> {tfg.name = "i"},
// CHECK-NEXT: tensor<i32> {tfg.name = "x"},
// CHECK-NEXT: tensor<i32> {tfg.name = "acc"},
// CHECK-NEXT: tensor<i32> {tfg.name = "licm_3"})
// CHECK-NOT: name("k")
// CHECK-NOT: Mul
// CHECK: AddV2(%{{.*}}, %[[ARG]]) name("acc_add")
// CHECK: RandomUniform
// CHECK: return(%{{.*}}, %{{.*}}, %{{.*}}, %[[ARG]])
// CHECK-LABEL: tfg.func @cond_shared_licm(
// CHECK-LABEL: tfg.func @body_shared(
// CHECK-NOT: Mul
// CHECK: return
// CHECK-LABEL: tfg.func @body_shared_licm(
// CHECK-NOT: Mul
// CHECK: return
// OFF: While(%{{.*}}, %{{.*}}, %{{.*}}) [%{{.*}}] name("while")
// OFF-LABEL: tfg.func @body
// OFF: Mul
// SAME: check-pipeline: tfg-loop-optimizer
// SAME-NEXT: out:0: max_abs_diff=0 max_rel_diff=0
// SAME-NEXT: out:1: max_abs_diff=0 max_rel_diff=0
// SAME-NEXT: out:2: max_abs_diff=0 max_rel_diff=0
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c1 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %c2 = NoOp name("go") : () -> ()
  %W:3, %c3 = While(%Zero, %X, %Zero) [%c2] name("while") {cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>, T = [i32, i32, i32], parallel_iterations = 10 : i64, output_shapes = [#tf_type.shape<>, #tf_type.shape<>, #tf_type.shape<>]} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %S1:3, %c4 = While(%Zero, %X, %Zero) name("shared1") {cond = #tf_type.func<@cond_shared, {}>, body = #tf_type.func<@body_shared, {}>, T = [i32, i32, i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %S2:3, %c5 = While(%Zero, %X, %Zero) name("shared2") {cond = #tf_type.func<@cond_shared, {}>, body = #tf_type.func<@body_shared, {}>, T = [i32, i32, i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %A, %c6 = AddV2(%S1#2, %S2#2) name("shared_sum") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %V:2, %c8 = StatelessWhile(%Zero, %X) name("stateless") {cond = #tf_type.func<@cond2, {}>, body = #tf_type.func<@body2, {}>, T = [i32, i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %O:3, %c7 = IdentityN(%W#2, %A, %V#0) name("out") {T = [i32, i32, i32]} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
}
tfg.func @cond(%i: tensor<i32> {tfg.name = "i"}, %x: tensor<i32> {tfg.name = "x"}, %acc: tensor<i32> {tfg.name = "acc"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %L, %ctl_0 = Less(%i, %C) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @body(%i: tensor<i32> {tfg.name = "i"}, %x: tensor<i32> {tfg.name = "x"}, %acc: tensor<i32> {tfg.name = "acc"}) -> (tensor<i32> {tfg.name = "i"}, tensor<i32> {tfg.name = "x"}, tensor<i32> {tfg.name = "acc"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %K, %ctl_k = Const name("k") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %Shape, %ctl_s = Const name("shape") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %N, %ctl_0 = AddV2(%i, %One) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Sq, %ctl_1 = Mul(%x, %x) name("sq") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %SqK, %ctl_2 = Mul(%Sq, %K) name("sqk") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ng, %ctl_3 = Neg(%SqK) name("neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %A, %ctl_4 = AddV2(%acc, %Ng) name("acc_add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %R, %ctl_5 = RandomUniform(%Shape) name("random") {T = i32, dtype = f32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
  return(%N, %x, %A) : tensor<i32>, tensor<i32>, tensor<i32>
}
tfg.func @cond_shared(%i: tensor<i32> {tfg.name = "i"}, %x: tensor<i32> {tfg.name = "x"}, %acc: tensor<i32> {tfg.name = "acc"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %L, %ctl_0 = Less(%i, %C) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @body_shared(%i: tensor<i32> {tfg.name = "i"}, %x: tensor<i32> {tfg.name = "x"}, %acc: tensor<i32> {tfg.name = "acc"}) -> (tensor<i32> {tfg.name = "i"}, tensor<i32> {tfg.name = "x"}, tensor<i32> {tfg.name = "acc"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %N, %ctl_0 = AddV2(%i, %One) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Sq, %ctl_1 = Mul(%x, %x) name("sq") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %A, %ctl_2 = AddV2(%acc, %Sq) name("acc_add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%N, %x, %A) : tensor<i32>, tensor<i32>, tensor<i32>
}
tfg.func @cond2(%i: tensor<i32> {tfg.name = "i"}, %x: tensor<i32> {tfg.name = "x"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("limit") {dtype = i32, value = dense<20> : tensor<i32>} : () -> (tensor<i32>)
  %L, %ctl_0 = Less(%i, %C) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @body2(%i: tensor<i32> {tfg.name = "i"}, %x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32> {tfg.name = "i"}, tensor<i32> {tfg.name = "x"}) {
  %Ng, %ctl = Neg(%x) name("neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Ab, %ctl_0 = Abs(%Ng) name("abs") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %One, %ctl_2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %P, %ctl_3 = AddV2(%Ab, %One) name("plus1") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %N, %ctl_1 = AddV2(%i, %P) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%N, %x) : tensor<i32>, tensor<i32>
}
