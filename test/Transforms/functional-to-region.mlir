// RUN: tfg-opt %s --tfg-functional-to-region | FileCheck %s
// RUN: tfg-opt %s --tfg-functional-to-region --tfg-region-to-functional > %t.back
// RUN: tfg-opt %s > %t.orig
// RUN: diff %t.orig %t.back

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %C, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %X, %ctl_0 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %I, %ctl_1 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // CHECK: %[[IF:.*]], %{{.*}} = IfRegion %{{.*}} [%{{.*}}] then {
  // CHECK-NEXT: %[[N:.*]], %[[NCTL:.*]] = Neg(%[[X:.*]]) name("neg")
  // CHECK-NEXT: yield(%[[N]]) [%[[NCTL]]] : tensor<*xf32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: yield(%[[X]]) : tensor<*xf32>
  // CHECK-NEXT: } {Tcond = i1, Tin = [f32], Tout = [f32], _mlir_name = "if",
  // CHECK-SAME: else_attrs = {}, else_region_attrs = #tfg.region_attrs<{sym_name = "else_fn"} [{tfg.name = "x"}] [{tfg.name = "y"}]>,
  // CHECK-SAME: output_shapes = [],
  // CHECK-SAME: then_attrs = {T = f32}, then_region_attrs = #tfg.region_attrs<{sym_name = "then_fn"}
  // CHECK-SAME: : (tensor<i1>) -> tensor<*xf32>
  %If, %ctl_2 = If(%C, %X) [%ctl_1] name("if") {Tcond = i1, Tin = [f32], Tout = [f32], output_shapes = [], then_branch = #tf_type.func<@then_fn, {T = f32}>, else_branch = #tf_type.func<@else_fn, {}>} : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: CaseRegion %{{.*}} {
  // CHECK: yield
  // CHECK: }, {
  // CHECK: } {Tin = [f32], Tout = [f32], _mlir_name = "case",
  %Case, %ctl_3 = Case(%I, %X) name("case") {Tin = [f32], Tout = [f32], output_shapes = [], branches = [#tf_type.func<@then_fn, {}>, #tf_type.func<@else_fn, {}>]} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: WhileRegion(%[[INIT:.*]]) {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i32>, %[[ACTL:.*]]: !tf_type.control):
  // CHECK: Less(%[[A]], %{{.*}})
  // CHECK: condition %{{.*}} : tensor<i1> (%[[A]]) : tensor<i32>
  // CHECK-NEXT: } do {
  // CHECK: yield(%{{.*}}) : tensor<i32>
  // CHECK-NEXT: } {T = [i32], _mlir_name = "while", body_attrs = {}, body_region_attrs = {{.*}}, cond_attrs = {}, cond_region_attrs
  %While, %ctl_4 = While(%I) name("while") {T = [i32], parallel_iterations = 10 : i64, output_shapes = [], cond = #tf_type.func<@cond_fn, {}>, body = #tf_type.func<@body_fn, {}>} : (tensor<i32>) -> (tensor<i32>)
  // CHECK: ForRegion(%[[V:.*]]) from %[[V]] to %[[V]] by %[[V]] {
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>, %{{.*}}: !tf_type.control, %{{.*}}: !tf_type.control):
  %For, %ctl_5 = For(%I, %I, %I, %I) name("for") {T = [i32], body = #tf_type.func<@for_body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  // COM: A call to a missing function stays functional.
  // CHECK: If(%{{.*}}, %{{.*}}) name("missing")
  %M, %ctl_6 = If(%C, %X) name("missing") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@nowhere, {}>, else_branch = #tf_type.func<@else_fn, {}>} : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @then_fn(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N) [%ctl {tfg.name = "done"}] : tensor<*xf32>
}
tfg.func @else_fn(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  return(%x) : tensor<*xf32>
}
tfg.func @cond_fn(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i1> {tfg.name = "r"}) {
  %L, %ctl = Const name("limit") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %Less, %ctl_0 = Less(%a, %L) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%Less) : tensor<i1>
}
tfg.func @body_fn(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%a, %One) [%a.ctl] name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @for_body(%i: tensor<i32> {tfg.name = "i"}, %v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "r"}) {
  %Add, %ctl = AddV2(%i, %v) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
