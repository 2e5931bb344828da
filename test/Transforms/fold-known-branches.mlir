// RUN: tfg-opt %s --split-input-file --tfg-shape-inference --tfg-fold-known-branches | FileCheck %s

// COM: The condition is computed by the graph from a static shape (the
// COM: rank-1 size of x is 4, not 1): the If takes its else branch, whose
// COM: body is inlined (nodes `<if>/<node>`, waiting for the If's control
// COM: operands); an IdentityN of the If's name takes its outputs and
// COM: control users, with the taken branch's static shape rather than the
// COM: join of both branches (8 and 4).
// CHECK-LABEL: tfg.graph
// CHECK-NOT: If(
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[GATE:.*]] = NoOp name("gate")
// CHECK-DAG: %[[IN:.*]] = NoOp [%[[GATE]]] name("cond/input_control_node")
// CHECK-DAG: %[[NEG:.*]], %{{.*}} = Neg(%[[X]]) [%[[IN]]] name("cond/neg") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
// CHECK-DAG: %[[ID:.*]], %[[IDCTL:.*]] = IdentityN(%[[NEG]]) [%{{.*}}] name("cond") {T = [f32]} : (tensor<4xf32>) -> (tensor<4xf32>)
// CHECK-DAG: Relu(%[[ID]]) [%[[IDCTL]]] name("user") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
// CHECK-NOT: If(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %S, %ctl_0 = Shape(%X) name("shape") {T = f32, out_type = i32} : (tensor<4xf32>) -> (tensor<*xi32>)
  %One, %ctl_1 = Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %E, %ctl_2 = Equal(%S, %One) name("is_one") {T = i32} : (tensor<*xi32>, tensor<1xi32>) -> (tensor<*xi1>)
  %Z, %ctl_3 = Const name("axis") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %P, %ctl_4 = All(%E, %Z) name("pred") {Tidx = i32, keep_dims = false} : (tensor<*xi1>, tensor<1xi32>) -> (tensor<*xi1>)
  %ctl_5 = NoOp name("gate")
  %If, %ctl_6 = If(%P, %X) [%ctl_5] name("cond") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@grow, {}>, else_branch = #tf_type.func<@negate, {}>, output_shapes = [#tf_type.shape<*>]} : (tensor<*xi1>, tensor<4xf32>) -> (tensor<*xf32>)
  %U, %ctl_7 = Relu(%If) [%ctl_6] name("user") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @grow(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %M, %ctl = Const name("mult") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %T, %ctl_1 = Tile(%x, %M) name("t") {T = f32, Tmultiples = i32} : (tensor<*xf32>, tensor<1xi32>) -> (tensor<*xf32>)
  return(%T) : tensor<*xf32>
}
tfg.func @negate(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}

// -----

// COM: Case on a constant index out of range takes the last branch; a
// COM: StatelessIf on a constant true takes then; one without outputs
// COM: becomes a NoOp of its name.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: Case(
// CHECK-NOT: StatelessIf(
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[NEG:.*]], %{{.*}} = Neg(%[[X]]) name("case/neg")
// CHECK-DAG: IdentityN(%[[NEG]]) name("case") {T = [f32]}
// CHECK-DAG: IdentityN(%[[X]]) name("if") {T = [f32]}
// CHECK-DAG: NoOp [{{.*}}] name("effect")
// CHECK-DAG: NoOp name("effect/side")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %I, %ctl_0 = Const name("index") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %C, %ctl_1 = Case(%I, %X) name("case") {Tin = [f32], Tout = [f32], branches = [#tf_type.func<@same, {}>, #tf_type.func<@negate, {}>], output_shapes = [#tf_type.shape<*>]} : (tensor<i32>, tensor<3xf32>) -> (tensor<*xf32>)
  %T, %ctl_2 = Const name("flag") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %If, %ctl_3 = StatelessIf(%T, %X) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@same, {}>, else_branch = #tf_type.func<@negate, {}>, output_shapes = [#tf_type.shape<*>]} : (tensor<i1>, tensor<3xf32>) -> (tensor<*xf32>)
  %ctl_4 = If(%T, %X) name("effect") {Tcond = i1, Tin = [f32], Tout = [], then_branch = #tf_type.func<@sink, {}>, else_branch = #tf_type.func<@sink, {}>, output_shapes = []} : (tensor<i1>, tensor<3xf32>) -> ()
}
tfg.func @same(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  return(%x) : tensor<*xf32>
}
tfg.func @negate(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}
tfg.func @sink(%x: tensor<*xf32> {tfg.name = "x"}) -> () {
  %ctl = NoOp name("side")
  return [%ctl {tfg.name = "side"}]
}

// -----

// COM: Negative: a condition the graph does not fix (a fed Placeholder)
// COM: keeps the If, as does a selector in a function body computed from
// COM: the function's argument.
// CHECK-LABEL: tfg.graph
// CHECK: If(%{{.*}}, %{{.*}}) name("cond")
// CHECK-LABEL: tfg.func @inner
// CHECK: StatelessIf(%{{.*}}, %{{.*}}) name("inner_if")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %X, %ctl_0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %If, %ctl_1 = If(%P, %X) name("cond") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@inner, {}>, else_branch = #tf_type.func<@inner, {}>, output_shapes = [#tf_type.shape<*>]} : (tensor<i1>, tensor<3xf32>) -> (tensor<*xf32>)
}
tfg.func @inner(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %Z, %ctl = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %G, %ctl_0 = Greater(%x, %Z) name("gt") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xi1>)
  %Ax, %ctl_3 = Const name("axis") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %A, %ctl_1 = Any(%G, %Ax) name("any") {Tidx = i32, keep_dims = false} : (tensor<*xi1>, tensor<1xi32>) -> (tensor<*xi1>)
  %If, %ctl_2 = StatelessIf(%A, %x) name("inner_if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@leaf, {}>, else_branch = #tf_type.func<@leaf, {}>, output_shapes = [#tf_type.shape<*>]} : (tensor<*xi1>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%If) : tensor<*xf32>
}
tfg.func @leaf(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  return(%x) : tensor<*xf32>
}
