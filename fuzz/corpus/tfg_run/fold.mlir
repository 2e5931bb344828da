// RUN: tfg-opt %s --split-input-file --tfg-constant-folding | FileCheck %s

// COM: A chain of nodes with constant operands folds in one run; each
// COM: folded node becomes a Const of its name on its device.
// CHECK-LABEL: tfg.graph
// CHECK: Const name("a")
// CHECK: %[[B:.*]], %{{.*}} = Const device("/CPU:0") name("b") {dtype = f32, value = dense<-2.000000e+00> : tensor<f32>}
// CHECK: Const name("c") {dtype = f32, value = dense<-4.000000e+00> : tensor<f32>}
// CHECK: Const name("d") {dtype = i32, value = dense<[3, 5]> : tensor<2xi32>}
// CHECK-NOT: Neg
// CHECK-NOT: AddV2
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Const name("a") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %B, %ctl_0 = Neg(%A) device("/CPU:0") name("b") {T = f32} : (tensor<f32>) -> (tensor<*xf32>)
  %C, %ctl_1 = AddV2(%B, %B) name("c") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %I, %ctl_2 = Const name("i") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %J, %ctl_3 = Const name("j") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %D, %ctl_4 = AddV2(%I, %J) name("d") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<*xi32>)
}

// -----

// COM: Control operands move to the Const, which also waits for the Consts
// COM: it read that wait for something (and only for those); users of the
// COM: folded node's control token wait for the Const.
// CHECK-LABEL: tfg.graph
// CHECK: %{{.*}}, %[[P:.*]] = Placeholder name("p")
// CHECK: %{{.*}}, %[[Q:.*]] = Placeholder name("q")
// CHECK: %{{.*}}, %[[A:.*]] = Const [%[[Q]]] name("a")
// CHECK: %{{.*}}, %[[N:.*]] = Const [%[[P]], %[[A]]] name("n") {dtype = f32, value = dense<2.000000e+00> : tensor<f32>}
// CHECK: NoOp [%[[N]]] name("sink")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("p") {dtype = f32} : () -> (tensor<*xf32>)
  %Q, %ctl_0 = Placeholder name("q") {dtype = f32} : () -> (tensor<*xf32>)
  %A, %ctl_1 = Const [%ctl_0] name("a") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %B, %ctl_2 = Const name("b") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %N, %ctl_3 = Mul(%A, %B) [%ctl] name("n") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %ctl_4 = NoOp [%ctl_3] name("sink")
}

// -----

// COM: Several results: one Const per used result, named <node>/_<i>; the
// COM: node is kept in a bare graph (no fetch given). CustomSink, an unknown op,
// COM: is never folded.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[U1:.*]], %{{.*}} = Const name("u/_1") {dtype = i32, value = dense<[3, 4]> : tensor<2xi32>}
// CHECK-DAG: %[[U0:.*]], %{{.*}} = Const name("u/_0") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>}
// CHECK-DAG: Unpack
// CHECK: CustomSink(%[[U0]]) name("i0")
// CHECK: CustomSink(%[[U1]]) name("i1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %U:2, %ctl_0 = Unpack(%C) name("u") {T = i32, axis = 0 : i64, num = 2 : i64} : (tensor<2x2xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %I0, %ctl_1 = CustomSink(%U#0) name("i0") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %I1, %ctl_2 = CustomSink(%U#1) name("i1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// COM: In a function the node with several results is erased; users of
// COM: its control token wait for every Const; a folded node returned by
// COM: the function keeps its name.
// CHECK-LABEL: tfg.func @f
// CHECK-NOT: Unpack
// CHECK-DAG: %{{.*}}, %[[C0:.*]] = Const name("u/_0")
// CHECK-DAG: %{{.*}}, %[[C1:.*]] = Const name("u/_1")
// CHECK: NoOp [%[[C0]], %[[C1]]] name("after")
// CHECK: %[[S:.*]], %{{.*}} = Const name("sum") {dtype = i32, value = dense<[4, 6]> : tensor<2xi32>}
// CHECK: return(%[[S]])
tfg.func @f() -> (tensor<*xi32> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %U:2, %ctl_0 = Unpack(%C) name("u") {T = i32, axis = 0 : i64, num = 2 : i64} : (tensor<2x2xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %ctl_1 = NoOp [%ctl_0] name("after")
  %S, %ctl_2 = AddV2(%U#0, %U#1) name("sum") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  return(%S) : tensor<*xi32>
}

// -----

// COM: A node with several results named by a function's control return is
// COM: kept (its users read the Consts).
// CHECK-LABEL: tfg.func @g
// CHECK: %[[U0:.*]], %{{.*}} = Const name("u/_0")
// CHECK: %{{.*}}, %[[UC:.*]] = Unpack
// CHECK: return(%[[U0]]) [%[[UC]] {tfg.name = "u"}]
tfg.func @g() -> (tensor<*xi32> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %U:2, %ctl_0 = Unpack(%C) name("u") {T = i32, axis = 0 : i64, num = 2 : i64} : (tensor<2x2xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  return(%U#0) [%ctl_0 {tfg.name = "u"}] : tensor<*xi32>
}
