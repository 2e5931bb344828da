// RUN: tfg-opt %s --tfg-to-ml-program='fetch=out' | FileCheck %s

// COM: The functions the graph's nodes call (by op name or through
// COM: function attributes, transitively) become func.funcs of tf ops; the
// COM: others are dropped. A variable node inside a function declares the
// COM: same global as one of its shared_name in the graph.

// CHECK: ml_program.global private mutable @counter : tensor<i32>
// CHECK-NOT: ml_program.global
// CHECK-LABEL: func.func @main(%arg0: tensor<i32> {tfg.name = "x"}) -> (tensor<i32> {tfg.name = "out"})
// CHECK: %[[C:.*]] = "tf.StatefulPartitionedCall"(%arg0) {Tin = [i32], Tout = [i32], _mlir_name = "call", device = "", f = #tf_type.func<@bump, {}>}
// CHECK: %[[T:.*]] = "tf.twice"(%[[C]]) {_mlir_name = "out", device = ""}
// CHECK: return %[[T]]
// CHECK-LABEL: func.func @bump(%arg0: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "r"})
// CHECK: %[[OLD:.*]], %[[T0:.*]] = ml_program.global_load_graph @counter ordering(() -> !ml_program.token) : tensor<i32>
// CHECK: %[[NEW:.*]] = "tf.AddV2"(%[[OLD]], %arg0)
// CHECK: %[[T1:.*]] = ml_program.global_store_graph @counter = %[[NEW]] ordering(%[[T0]] -> !ml_program.token) : tensor<i32>
// CHECK: %[[R:.*]], %{{.*}} = ml_program.global_load_graph @counter ordering(%[[T1]] -> !ml_program.token) : tensor<i32>
// CHECK: return %[[R]] : tensor<i32>
// CHECK-LABEL: func.func @twice(%arg0: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"})
// CHECK: "tf.AddV2"(%arg0, %arg0)
// CHECK-NOT: func.func @unused
// CHECK-NOT: tfg.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %cx = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Call, %c1 = StatefulPartitionedCall(%X) name("call") {Tin = [i32], Tout = [i32], f = #tf_type.func<@bump, {}>} : (tensor<i32>) -> (tensor<i32>)
  %Out, %c2 = twice(%Call) name("out") : (tensor<i32>) -> (tensor<i32>)
}
tfg.func @bump(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "r"}) {
  %H, %c0 = VarHandleOp name("h") {container = "", shared_name = "counter", dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %c1 = AssignAddVariableOp(%H, %v) name("add") {dtype = i32} : tensor<!tf_type.resource>, tensor<i32>
  %R, %c2 = ReadVariableOp(%H) [%c1] name("read") {dtype = i32} : (tensor<!tf_type.resource>) -> (tensor<i32>)
  return(%R) : tensor<i32>
}
tfg.func @twice(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"}) {
  %S, %c0 = AddV2(%a, %a) name("sum") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%S) : tensor<i32>
}
tfg.func @unused(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"}) {
  return(%a) : tensor<i32>
}
