// RUN: tfg-opt %s --tfg-functionalize-control-flow | FileCheck %s
// COM: Every path: p and q are Consts, false here, flipped by sed.
// RUN: tfg-run %s --input=x=random:1 --fetch=out --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// RUN: sed '/name("p")/s/false/true/' %s > %t.p
// RUN: tfg-run %t.p --input=x=random:1 --fetch=out --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// RUN: sed '/name("[pq]")/s/false/true/' %s > %t.pq
// RUN: tfg-run %t.pq --input=x=random:1 --fetch=out --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// SAME: check-pipeline: tfg-functionalize-control-flow
// SAME-NOT: MISMATCH
// COM: A conditional in the then branch of another: the inner one becomes
// COM: an If first, in the outer then branch, whose function calls it.
// CHECK-LABEL: tfg.graph
// CHECK: %[[IF:.*]], %{{.*}} = If({{.*}}) name("outer") {{.*}}else_branch = #tf_type.func<@outer_else, {}>, {{.*}}then_branch = #tf_type.func<@outer_then, {}>}
// CHECK-NOT: Switch
// CHECK: %[[M:.*]], %{{.*}} = Identity(%[[IF]]) name("outer/merge")
// CHECK: Identity(%[[M]]) name("out")
// CHECK: tfg.func @outer_inner_then(
// CHECK: AddV2
// CHECK: tfg.func @outer_inner_else(
// CHECK: Sub
// CHECK: tfg.func @outer_then(
// CHECK: %[[I:.*]], %{{.*}} = If({{.*}}) name("outer/inner")
// CHECK: %[[IM:.*]], %{{.*}} = Identity(%[[I]]) name("outer/inner/merge")
// CHECK: return(%[[IM]])
// CHECK: tfg.func @outer_else(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %c0 = Const name("p") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %Q, %c1 = Const name("q") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %X, %c2 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %One, %c3 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %Sx:2, %c4 = Switch(%X, %P) name("outer/switch_x") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %Sq:2, %c5 = Switch(%Q, %P) name("outer/switch_q") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
  %So:2, %c6 = Switch(%One, %P) name("outer/switch_one") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %D, %c7 = Mul(%Sx#1, %Sx#1) name("outer/square") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %Ia:2, %c8 = Switch(%D, %Sq#1) name("outer/inner/switch_d") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %Ib:2, %c9 = Switch(%So#1, %Sq#1) name("outer/inner/switch_one") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %Add, %c10 = AddV2(%Ia#1, %Ib#1) name("outer/inner/add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %Sub, %c11 = Sub(%Ia#0, %Ib#0) name("outer/inner/sub") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %IM:2, %c12 = Merge(%Sub, %Add) name("outer/inner/merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %Neg, %c13 = Neg(%Sx#0) name("outer/neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c14 = Merge(%Neg, %IM#0) name("outer/merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %Out, %c15 = Identity(%M#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
