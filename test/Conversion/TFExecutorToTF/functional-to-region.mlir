// RUN: tfg-opt %s --tf-functional-to-region | FileCheck %s
// RUN: tfg-opt %s --tf-functional-to-region --tf-region-to-functional | FileCheck %s --check-prefix=BACK
// RUN: tfg-opt %s --tf-functional-to-region --tf-region-to-functional --tf-functional-to-region | FileCheck %s --check-prefix=AGAIN

// COM: tf.If, tf.Case and tf.While become their region forms holding copies
// COM: of their functions' bodies; nested functional ops (the If in the
// COM: loop body) convert where they land; a non-bool condition goes
// COM: through tf.ToBool. The functions nothing refers to any more go.
// CHECK-LABEL: func.func @main
// CHECK: %[[IF:.*]] = "tf.IfRegion"(%arg1) ({
// CHECK-NEXT: %[[N:.*]] = "tf.Neg"(%arg0)
// CHECK-NEXT: "tf.Yield"(%[[N]]) : (tensor<f32>) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %[[S:.*]] = "tf.Square"(%arg0)
// CHECK-NEXT: "tf.Yield"(%[[S]]) : (tensor<f32>) -> ()
// CHECK-NEXT: }) {Tcond = i1, {{.*}}_else_func_name = "square", _mlir_name = "if", _then_func_name = "neg", device = "", is_stateless = true{{.*}}} : (tensor<i1>) -> tensor<f32>
// CHECK: %[[CASE:.*]] = "tf.CaseRegion"(%arg2) ({
// CHECK: "tf.Neg"(%arg0)
// CHECK: }, {
// CHECK: "tf.Square"(%arg0)
// CHECK: }) {{{.*}}_branch_func_names = ["neg", "square"]{{.*}}is_stateless = false{{.*}}} : (tensor<i32>) -> tensor<f32>
// CHECK: %[[W:.*]]:2 = "tf.WhileRegion"(%arg2, %arg0) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: tensor<i32>, %[[X:.*]]: tensor<f32>):
// CHECK: "tf.Less"(%[[I]]
// CHECK: "tf.Yield"(%{{.*}}) : (tensor<i1>) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%[[I2:.*]]: tensor<i32>, %[[X2:.*]]: tensor<f32>):
// CHECK: "tf.IfRegion"
// CHECK: "tf.Neg"(%[[X2]])
// CHECK: "tf.Yield"
// CHECK: }) {{{.*}}_body_func_name = "step", _cond_func_name = "below3", is_stateless = false, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
// CHECK: %[[B:.*]] = "tf.ToBool"(%arg0) {T = f32} : (tensor<f32>) -> tensor<i1>
// CHECK: "tf.IfRegion"(%[[B]])
// CHECK-NOT: func.func @neg
// CHECK-NOT: func.func @square
// CHECK-NOT: func.func @below3
// CHECK-NOT: func.func @step

// COM: And to regions again: the same ops (the functions' names uniqued).
// AGAIN-LABEL: func.func @main
// AGAIN: "tf.IfRegion"(%arg1)
// AGAIN: "tf.CaseRegion"(%arg2)
// AGAIN: "tf.WhileRegion"(%arg2, %arg0)
// AGAIN: "tf.IfRegion"
// AGAIN: "tf.ToBool"(%arg0)
// AGAIN: "tf.IfRegion"
// AGAIN-NOT: func.func

// COM: Back: each region a new function (its old name when free) taking
// COM: the values the regions read; tf.If or tf.StatelessIf by
// COM: is_stateless; Tin/Tout/T match the new operands.
// BACK-LABEL: func.func @main
// BACK: "tf.StatelessIf"(%arg1, %arg0) {Tcond = i1, Tin = [f32], Tout = [f32], _mlir_name = "if", device = "", else_branch = #tf_type.func<@square, {}>, output_shapes = [], then_branch = #tf_type.func<@neg, {}>}
// BACK: "tf.Case"(%arg2, %arg0) {Tin = [f32], Tout = [f32], branches = [#tf_type.func<@[[NEG:neg_.*]], {}>, #tf_type.func<@[[SQ:square_.*]], {}>], output_shapes = []}
// BACK: "tf.While"(%arg2, %arg0) {T = [i32, f32], body = #tf_type.func<@step, {}>, cond = #tf_type.func<@below3, {}>, output_shapes = [], parallel_iterations = 10 : i64}
// BACK: "tf.If"(%{{.*}}, %arg0)
// BACK-DAG: func.func @neg(%{{.*}}: tensor<f32>) -> tensor<f32>
// BACK-DAG: func.func @square(%{{.*}}: tensor<f32>) -> tensor<f32>
// BACK-DAG: func.func @[[NEG]](%{{.*}}: tensor<f32>) -> tensor<f32>
// BACK-DAG: func.func @[[SQ]](%{{.*}}: tensor<f32>) -> tensor<f32>
// BACK-DAG: func.func @below3(%{{.*}}: tensor<i32>, %{{.*}}: tensor<f32>) -> tensor<i1>
// BACK-DAG: func.func @step(%{{.*}}: tensor<i32>, %{{.*}}: tensor<f32>) -> (tensor<i32>, tensor<f32>)
func.func @main(%x: tensor<f32>, %p: tensor<i1>, %i: tensor<i32>) -> (tensor<f32>, tensor<f32>, tensor<i32>, tensor<f32>) {
  %0 = "tf.StatelessIf"(%p, %x) {Tcond = i1, Tin = [f32], Tout = [f32], _mlir_name = "if", device = "", else_branch = #tf_type.func<@square, {}>, output_shapes = [], then_branch = #tf_type.func<@neg, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  %1 = "tf.Case"(%i, %x) {Tin = [f32], Tout = [f32], branches = [#tf_type.func<@neg, {}>, #tf_type.func<@square, {}>], output_shapes = []} : (tensor<i32>, tensor<f32>) -> tensor<f32>
  %2:2 = "tf.While"(%i, %x) {T = [i32, f32], body = #tf_type.func<@step, {}>, cond = #tf_type.func<@below3, {}>, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  %3 = "tf.If"(%x, %x) {Tcond = f32, Tin = [f32], Tout = [f32], else_branch = #tf_type.func<@square, {}>, output_shapes = [], then_branch = #tf_type.func<@neg, {}>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0, %1, %2#0, %3 : tensor<f32>, tensor<f32>, tensor<i32>, tensor<f32>
}
func.func @neg(%a: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Neg"(%a) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @square(%a: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Square"(%a) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @below3(%n: tensor<i32>, %a: tensor<f32>) -> tensor<i1> {
  %limit = "tf.Const"() {dtype = i32, value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Less"(%n, %limit) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func @step(%n: tensor<i32>, %a: tensor<f32>) -> (tensor<i32>, tensor<f32>) {
  %one = "tf.Const"() {dtype = i32, value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %m = "tf.AddV2"(%n, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %t = "tf.Const"() {dtype = i1, value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %b = "tf.StatelessIf"(%t, %a) {Tcond = i1, Tin = [f32], Tout = [f32], else_branch = #tf_type.func<@square, {}>, output_shapes = [], then_branch = #tf_type.func<@neg, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return %m, %b : tensor<i32>, tensor<f32>
}
