// RUN: tfg-opt %s --tfg-to-ml-program='fetch=r1,r2,after' | FileCheck %s

// COM: Which accesses take the `_graph` forms: an access ordered by a
// COM: control edge waits for every access that edge reaches backwards
// COM: through other nodes (a NoOp grouping assignments, an Identity of a
// COM: read), and those produce the tokens it consumes. Accesses no
// COM: control edge orders keep the plain forms; a control edge from a
// COM: node that reaches no access (the Placeholder) orders nothing. NoOps
// COM: are dropped: the function's order keeps theirs.

// CHECK-LABEL: func.func @main(%arg0: tensor<f32> {tfg.name = "x"})
// CHECK: %[[TA:.*]] = ml_program.global_store_graph @a = %arg0 ordering(() -> !ml_program.token) : tensor<f32>
// CHECK: %[[TB:.*]] = ml_program.global_store_graph @b = %arg0 ordering(() -> !ml_program.token) : tensor<f32>
// CHECK-NOT: NoOp
// CHECK: %[[R1:.*]], %[[TR1:.*]] = ml_program.global_load_graph @a ordering(%[[TA]], %[[TB]] -> !ml_program.token) : tensor<f32>
// CHECK: %[[Y:.*]] = "tf.Identity"(%[[R1]])
// CHECK: ml_program.global_store_graph @b = %[[Y]] ordering(%[[TR1]] -> !ml_program.token) : tensor<f32>
// CHECK-DAG: %[[R2:.*]] = ml_program.global_load @c : tensor<f32>
// CHECK-DAG: %[[AFTER:.*]] = "tf.Identity"(%arg0)
// CHECK: return %[[R1]], %[[R2]], %[[AFTER]]
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %A, %ca = VarHandleOp name("a") {container = "", shared_name = "", dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %B, %cb = VarHandleOp name("b") {container = "", shared_name = "", dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %C, %cc = VarHandleOp name("c") {container = "", shared_name = "", dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %c1 = AssignVariableOp(%A, %X) name("assign_a") {dtype = f32} : tensor<!tf_type.resource>, tensor<f32>
  %c2 = AssignVariableOp(%B, %X) name("assign_b") {dtype = f32} : tensor<!tf_type.resource>, tensor<f32>
  %c3 = NoOp [%c1, %c2] name("init")
  %R1, %c4 = ReadVariableOp(%A) [%c3] name("r1") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<f32>)
  %Y, %c5 = Identity(%R1) name("y") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %c6 = AssignVariableOp(%B, %Y) [%c5] name("assign_b_again") {dtype = f32} : tensor<!tf_type.resource>, tensor<f32>
  %R2, %c7 = ReadVariableOp(%C) [%cx] name("r2") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<f32>)
  %After, %c8 = Identity(%X) [%c6] name("after") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
