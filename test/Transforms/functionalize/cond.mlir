// RUN: tfg-opt %s --tfg-functionalize-control-flow | FileCheck %s
// COM: Both branches taken: p is a Const, false here and true in %t.
// RUN: tfg-run %s --input=x=random:1 --fetch=out --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// RUN: sed '/name("p")/s/false/true/' %s > %t
// RUN: tfg-run %t --input=x=random:1 --fetch=out --check-pipeline=tfg-functionalize-control-flow | FileCheck %s --check-prefix=SAME
// SAME: check-pipeline: tfg-functionalize-control-flow
// SAME-NOT: MISMATCH
// COM: tf.cond in v1 form: Switches on `p` for the predicate itself (the
// COM: pivots) and for `x`, a Const of the then branch ordered after its
// COM: pivot, one Merge joining x * 2 (then) and -x (else).
// CHECK-LABEL: tfg.graph
// CHECK: %[[P:.*]], %{{.*}} = Const name("p")
// CHECK: %[[IF:.*]], %{{.*}} = If(%[[P]], {{.*}}) name("cond") {Tcond = i1, Tin = [{{.*}}], Tout = [f32], else_branch = #tf_type.func<@cond_else, {}>, output_shapes = [], then_branch = #tf_type.func<@cond_then, {}>}
// CHECK-NOT: Switch
// CHECK-NOT: Merge
// CHECK: %[[M:.*]], %{{.*}} = Identity(%[[IF]]) name("cond/merge")
// CHECK: Identity(%[[M]]) name("out")
// CHECK: tfg.func @cond_then(
// CHECK: Identity({{.*}}) name("cond/switch_t")
// CHECK: Const [{{.*}}] name("cond/two")
// CHECK: %[[M:.*]], %{{.*}} = Mul(
// CHECK: return(%[[M]]) : tensor<f32>
// CHECK: tfg.func @cond_else(
// CHECK: Identity({{.*}}) name("cond/switch_f")
// CHECK: %[[N:.*]], %{{.*}} = Neg(
// CHECK: return(%[[N]]) : tensor<f32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %c0 = Const name("p") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %X, %c1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %Sp:2, %c2 = Switch(%P, %P) name("cond/switch_pred") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
  %Pt, %c3 = Identity(%Sp#1) name("cond/switch_t") {T = i1} : (tensor<i1>) -> (tensor<i1>)
  %Pf, %c4 = Identity(%Sp#0) name("cond/switch_f") {T = i1} : (tensor<i1>) -> (tensor<i1>)
  %Sx:2, %c5 = Switch(%X, %P) name("cond/switch_x") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %Two, %c6 = Const [%c3] name("cond/two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %Mul, %c7 = Mul(%Sx#1, %Two) name("cond/mul") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %Neg, %c8 = Neg(%Sx#0) name("cond/neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %M:2, %c9 = Merge(%Neg, %Mul) name("cond/merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %Out, %c10 = Identity(%M#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
