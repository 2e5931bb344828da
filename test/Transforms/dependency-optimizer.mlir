// RUN: tfg-opt %s --split-input-file --tfg-dependency-optimizer | FileCheck %s

// COM: A control operand duplicated by a data operand or listed twice goes;
// COM: ^a on c is implied by the path a -> b -> c.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[A:.*]], %[[ACTL:.*]] = Placeholder name("a")
// CHECK-DAG: %{{.*}}, %[[BCTL:.*]] = Identity(%[[A]]) name("b")
// CHECK-DAG: NoOp [%[[BCTL]]] name("c")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Identity(%A) [%ctl, %ctl] name("b") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_1 = NoOp [%ctl, %ctl_0] name("c")
}

// -----

// COM: A path through a Merge implies nothing (it fires on any input), and
// COM: the control inputs of a Merge are left alone.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %{{.*}}, %[[ACTL:.*]] = Placeholder name("a")
// CHECK-DAG: %{{.*}}, %[[MCTL:.*]] = Merge({{.*}}) name("m")
// CHECK-DAG: NoOp [%[[ACTL]], %[[MCTL]]] name("c")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<*xf32>)
  %X, %ctl_0 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %M:2, %ctl_1 = Merge(%A, %X) name("m") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
  %ctl_2 = NoOp [%ctl, %ctl_1] name("c")
}

// -----

// COM: A longer chain: every shortcut control edge goes.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[N1:.*]] = NoOp name("n1")
// CHECK-DAG: %[[N2:.*]] = NoOp [%[[N1]]] name("n2")
// CHECK-DAG: %[[N3:.*]] = NoOp [%[[N2]]] name("n3")
// CHECK-DAG: NoOp [%[[N3]]] name("n4")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("n1")
  %ctl_0 = NoOp [%ctl] name("n2")
  %ctl_1 = NoOp [%ctl_0, %ctl] name("n3")
  %ctl_2 = NoOp [%ctl, %ctl_1, %ctl_0] name("n4")
}

// -----

// COM: With fetches, a stateless node whose result is unused becomes a NoOp
// COM: keeping its dependencies, and NoOps are bypassed when that does not
// COM: add edges. Without fetches nothing is deleted.
// FETCH-LABEL: tfg.graph
// FETCH-NOT: name("unused_neg")
// FETCH: %{{.*}}, %[[XCTL:.*]] = Placeholder name("x")
// FETCH: NoOp [%[[XCTL]]] name("out")
// CHECK-LABEL: tfg.graph
// CHECK: Neg({{.*}}) name("unused_neg")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %N, %ctl_0 = Neg(%X) name("unused_neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_1 = NoOp [%ctl_0] name("out")
}

// -----

// COM: Three control operands from nodes on another device are routed
// COM: through one NoOp on that device.
// CHECK-LABEL: tfg.graph
// CHECK: %[[G:.*]] = NoOp [%{{.*}}, %{{.*}}, %{{.*}}] device("/GPU:0") name("out/control_dependency")
// CHECK: NoOp [%[[G]]] device("/CPU:0") name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder device("/GPU:0") name("a") {dtype = f32} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder device("/GPU:0") name("b") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_1 = Placeholder device("/GPU:0") name("c") {dtype = f32} : () -> (tensor<*xf32>)
  %ctl_2 = NoOp [%ctl, %ctl_0, %ctl_1] device("/CPU:0") name("out")
}

// -----

// COM: A node without a name: the NoOp is named after its op type.
// CHECK-LABEL: tfg.graph
// CHECK: %[[G:.*]] = NoOp [%{{.*}}, %{{.*}}, %{{.*}}] device("/GPU:0") name("NoOp/control_dependency")
// CHECK: NoOp [%[[G]]] device("/CPU:0"){{$}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder device("/GPU:0") name("a") {dtype = f32} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder device("/GPU:0") name("b") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_1 = Placeholder device("/GPU:0") name("c") {dtype = f32} : () -> (tensor<*xf32>)
  %ctl_2 = NoOp [%ctl, %ctl_0, %ctl_1] device("/CPU:0")
}

// -----

// COM: Control returns of a function are kept; a control operand of a node
// COM: implied by a data path from an argument goes.
// CHECK-LABEL: tfg.func @f
// CHECK: %[[N:.*]], %[[NCTL:.*]] = Neg(%[[X:.*]]) name("n")
// CHECK: return(%[[N]]) [%[[X]].ctl {tfg.name = "x_ready"}, %[[NCTL]] {tfg.name = "n_done"}]
tfg.func @f(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) [%x.ctl] name("n") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N) [%x.ctl {tfg.name = "x_ready"}, %ctl {tfg.name = "n_done"}] : tensor<*xf32>
}
