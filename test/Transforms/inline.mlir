// RUN: tfg-opt %s --split-input-file --tfg-inline=fetch=fetched_call | FileCheck %s

// COM: PartitionedCall and a legacy call are inlined: nodes are renamed
// COM: `<call>/<node>`, take the call's device, wait for the call's control
// COM: operands through input_control_node, and control users of the call
// COM: wait for the results and control returns through output_control_node.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[GATE:.*]] = NoOp name("gate")
// CHECK-DAG: %[[IN:.*]] = NoOp [%[[GATE]]] device("/CPU:0") name("call/input_control_node")
// CHECK-DAG: %[[ADD:.*]], %[[ADDCTL:.*]] = AddV2(%[[X]], %[[X]]) [%[[IN]]] device("/CPU:0") name("call/add")
// CHECK-DAG: %[[SIDE:.*]] = NoOp [%[[IN]]] device("/CPU:0") name("call/side")
// CHECK-DAG: %[[OUT:.*]] = NoOp [%[[ADDCTL]], %[[SIDE]], %[[IN]]] device("/CPU:0") name("call/output_control_node")
// CHECK-DAG: Neg(%[[ADD]]) [%[[OUT]]] name("user")
// CHECK-DAG: %[[LEG:.*]], %{{.*}} = AddV2(%[[X]], %[[X]]) name("legacy/add")
// CHECK-DAG: Neg(%[[LEG]]) name("legacy_user")
// COM: A fetched call is not inlined.
// CHECK-DAG: PartitionedCall(%[[X]]) name("fetched_call")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %ctl_0 = NoOp name("gate")
  %C, %ctl_1 = PartitionedCall(%X) [%ctl_0] device("/CPU:0") name("call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@double, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  %U, %ctl_2 = Neg(%C) [%ctl_1] name("user") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %L, %ctl_3 = double(%X) name("legacy") : (tensor<*xf32>) -> (tensor<*xf32>)
  %LU, %ctl_4 = Neg(%L) name("legacy_user") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %F, %ctl_5 = PartitionedCall(%X) name("fetched_call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@double, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @double(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %A, %ctl = AddV2(%x, %x) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_0 = NoOp name("side")
  return(%A) [%ctl_0 {tfg.name = "side"}] : tensor<*xf32>
}

// -----

// COM: Refusals: _noinline callees, recursive callees, generic callees.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: PartitionedCall({{.*}}) name("noinline")
// CHECK-DAG: PartitionedCall({{.*}}) name("recursive")
// CHECK-DAG: PartitionedCall({{.*}}) name("generic")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %A, %ctl_0 = PartitionedCall(%X) name("noinline") {Tin = [f32], Tout = [f32], f = #tf_type.func<@pinned, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  %B, %ctl_1 = PartitionedCall(%X) name("recursive") {Tin = [f32], Tout = [f32], f = #tf_type.func<@self, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Fetched, %ctl_3 = Placeholder name("fetched_call") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_2 = PartitionedCall(%X) name("generic") {Tin = [f32], Tout = [f32], f = #tf_type.func<@poly, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @pinned(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) attributes {_noinline = true} {
  return(%x) : tensor<*xf32>
}
tfg.func @self(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %S, %ctl = PartitionedCall(%x) name("again") {Tin = [f32], Tout = [f32], f = #tf_type.func<@self, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%S) : tensor<*xf32>
}
tfg.func generic @poly(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  return(%x) : !tf_type.tensor
}

// -----

// COM: A call without a name: the nodes it brings in are named after the
// COM: call's op type; its unnamed nodes stay unnamed.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: NoOp [%{{.*}}] name("PartitionedCall/input_control_node")
// CHECK-DAG: AddV2(%{{.*}}, %{{.*}}) [%{{.*}}] name("PartitionedCall/add")
// CHECK-DAG: Neg(%{{.*}}) {T = f32}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %ctl_0 = NoOp name("gate")
  %C, %ctl_1 = PartitionedCall(%X) [%ctl_0] {Tin = [f32], Tout = [f32], f = #tf_type.func<@unnamed_inside, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  %U, %ctl_2 = Identity(%C) name("fetched_call") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @unnamed_inside(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %A, %ctl = AddV2(%x, %x) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %N, %ctl_0 = Neg(%A) {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}
