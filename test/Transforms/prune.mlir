// RUN: tfg-opt %s --split-input-file --tfg-prune=fetch=out --tfg-toposort | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-prune | FileCheck %s --check-prefix=NOFETCH

// COM: Nodes outside the fan-in of the fetch go; a trivial Identity is
// COM: bypassed and its control operand moves to its user.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: name("unused")
// CHECK-NOT: name("id")
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %{{.*}}, %[[C:.*]] = Const name("c")
// CHECK: Neg(%[[X]]) [%[[C]]] name("out")
// COM: Without a fetch nothing is deleted in a graph.
// NOFETCH-LABEL: tfg.graph
// NOFETCH-DAG: name("unused")
// NOFETCH-DAG: name("id")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Neg, %ctl = Neg(%Id) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Id, %ctl_0 = Identity(%P) [%ctl_2] name("id") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %P, %ctl_1 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_2 = Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %U, %ctl_3 = Const name("unused") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
}

// -----

// COM: Stateful nodes, _grappler_do_not_remove nodes and their fan-in stay.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: name("var")
// CHECK-DAG: name("keep")
// CHECK-DAG: name("keep_input")
// CHECK-DAG: name("assert")
// CHECK-NOT: name("dead")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %V, %ctl = VarHandleOp name("var") {container = "", dtype = f32, shape = #tf_type.shape<>, shared_name = "v"} : () -> (tensor<!tf_type.resource>)
  %K0, %ctl_0 = Const name("keep_input") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %K, %ctl_1 = Neg(%K0) name("keep") {T = f32, _grappler_do_not_remove = true} : (tensor<f32>) -> (tensor<f32>)
  %B, %ctl_2 = Const name("b") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %ctl_3 = Assert(%B) name("assert") {T = [], summarize = 3 : i64} : (tensor<i1>) -> ()
  %D, %ctl_4 = Neg(%K0) name("dead") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %O, %ctl_5 = Const name("out") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
}

// -----

// COM: Refusals: an Identity reading a Switch output with control users
// COM: stays (a control edge must not be anchored on a Switch), and so does
// COM: an Identity moving a value to another device.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: name("switch_id")
// CHECK-DAG: name("transfer")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %S:2, %ctl_1 = Switch(%P, %B) name("s") {T = f32} : (tensor<*xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>)
  %I, %ctl_2 = Identity(%S#1) name("switch_id") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %T, %ctl_3 = Identity(%P) device("/device:GPU:0") name("transfer") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %O, %ctl_4 = AddV2(%S#0, %T) [%ctl_2] name("out") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: A NoOp whose bypass would add edges stays (2 inputs x 3 users > 5).
// CHECK-LABEL: tfg.graph
// CHECK: %[[HUB:.*]] = NoOp [%{{.*}}, %{{.*}}] name("hub")
// CHECK-NOT: name("u1")
// CHECK: NoOp [%[[HUB]]] name("out")
// CHECK: NoOp [%[[HUB]]] name("keep")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32} : () -> (tensor<*xf32>)
  %ctl_1 = NoOp [%ctl, %ctl_0] name("hub")
  %ctl_2 = NoOp [%ctl_1] name("u1")
  %ctl_3 = NoOp [%ctl_1] name("u2")
  %ctl_4 = NoOp [%ctl_1] name("out")
  %ctl_5 = NoOp [%ctl_2, %ctl_3] name("keep") {_grappler_do_not_remove}
}

// -----

// COM: The same rule for an Identity, counting data and control edges as
// COM: Grappler does: with a control operand and three users (2 x 3 > 5) it
// COM: stays; with two users (2 x 2 <= 4) it is bypassed, its users reading
// COM: its input and waiting for its control operand.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %{{.*}}, %[[C:.*]] = Const name("c")
// CHECK-DAG: %[[ID3:.*]], %{{.*}} = Identity(%[[X]]) [%[[C]]] name("id3")
// CHECK-DAG: Neg(%[[ID3]]) name("n1")
// CHECK-DAG: Neg(%[[X]]) [%[[C]]] name("m1")
// CHECK-DAG: Neg(%[[X]]) [%[[C]]] name("m2")
// CHECK-NOT: name("id2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_0 = Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %I, %ctl_1 = Identity(%P) [%ctl_0] name("id3") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N1, %ctl_2 = Neg(%I) name("n1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N2, %ctl_3 = Neg(%I) name("n2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N3, %ctl_4 = Neg(%I) name("n3") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %J, %ctl_5 = Identity(%P) [%ctl_0] name("id2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %M1, %ctl_6 = Neg(%J) name("m1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %M2, %ctl_7 = Neg(%J) name("m2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %O, %ctl_8 = AddN(%N1, %N2, %N3, %M1, %M2) name("out") {N = 5 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: In functions the return is the fetch; unused library functions go
// COM: when a graph is present.
// CHECK-LABEL: tfg.graph
// CHECK-LABEL: tfg.func @used
// CHECK-NOT: name("dead")
// CHECK-NOT: tfg.func @unused
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %O, %ctl_0 = used(%P) name("out") {} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @used(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) name("n") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %D, %ctl_0 = Neg(%x) name("dead") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}
tfg.func @unused(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  return(%x) : tensor<*xf32>
}
