// RUN: tfg-opt %s --tfg-to-ml-program='fetch=read,gathered,x_plus' | FileCheck %s

// COM: Resource variables: each VarHandleOp declares a mutable global named
// COM: by its shared_name (else its node name; nodes of one name share it),
// COM: typed by its dtype and shape; only the variables the fetches need.
// COM: The accesses of `v` are ordered by control edges, so they take the
// COM: `_graph` forms, each consuming the token of the access it follows;
// COM: `table` is read by nothing ordered: the plain form.

// CHECK: ml_program.global private mutable @v : tensor<2xf32>
// CHECK: ml_program.global private mutable @table : tensor<3x2xf32>
// CHECK-NOT: ml_program.global
// CHECK-LABEL: func.func @main(%arg0: tensor<2xf32> {tfg.name = "x"})
// CHECK-SAME: -> (tensor<2xf32> {tfg.name = "read"}, tensor<2x2xf32> {tfg.name = "gathered"}, tensor<2xf32> {tfg.name = "x_plus"})
// CHECK-SAME: tf.entry_function = {inputs = "x", outputs = "read,gathered,x_plus"}

// COM: AssignVariableOp: a store of the value.
// CHECK: %[[T0:.*]] = ml_program.global_store_graph @v = %arg0 ordering(() -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[TWO:.*]] = "tf.Const"() {_mlir_name = "two"
// COM: AssignAddVariableOp / AssignSubVariableOp: load, AddV2 / Sub, store.
// CHECK: %[[OLD:.*]], %[[T1:.*]] = ml_program.global_load_graph @v ordering(%[[T0]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[SUM:.*]] = "tf.AddV2"(%[[OLD]], %[[TWO]]) {T = f32, _mlir_name = "add", device = ""}
// CHECK: %[[T2:.*]] = ml_program.global_store_graph @v = %[[SUM]] ordering(%[[T1]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[OLD2:.*]], %[[T3:.*]] = ml_program.global_load_graph @v ordering(%[[T2]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[DIFF:.*]] = "tf.Sub"(%[[OLD2]], %[[TWO]]) {T = f32, _mlir_name = "sub", device = ""}
// CHECK: %[[T4:.*]] = ml_program.global_store_graph @v = %[[DIFF]] ordering(%[[T3]] -> !ml_program.token) : tensor<2xf32>
// COM: ReadVariableOp (through an Identity of the handle): a load.
// CHECK: %[[READ:.*]], %{{.*}} = ml_program.global_load_graph @v ordering(%[[T4]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[XP:.*]] = "tf.AddV2"(%arg0, %[[TWO]]) {T = f32, _mlir_name = "x_plus", device = ""}
// COM: ResourceGather: a load and a GatherV2 along batch_dims.
// CHECK: %[[TABLE:.*]] = ml_program.global_load @table : tensor<3x2xf32>
// CHECK: %[[AXIS:.*]] = "tf.Const"() {_mlir_name = "gather/axis", device = "", dtype = i32, value = dense<0> : tensor<i32>}
// CHECK: %[[G:.*]] = "tf.GatherV2"(%[[TABLE]], %{{.*}}, %[[AXIS]]) {Taxis = i32, Tindices = i32, Tparams = f32, _mlir_name = "gather", batch_dims = 0 : i64, device = ""} : (tensor<3x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x2xf32>
// CHECK: %[[GI:.*]] = "tf.Identity"(%[[G]])
// CHECK: return %[[READ]], %[[GI]], %[[XP]]
// CHECK-NOT: tfg.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %V, %c1 = VarHandleOp name("var") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>, allowed_devices = []} : () -> (tensor<!tf_type.resource>)
  %c2 = AssignVariableOp(%V, %X) name("assign") {dtype = f32, validate_shape = false} : tensor<!tf_type.resource>, tensor<2xf32>
  %Two, %c3 = Const name("two") {dtype = f32, value = dense<2.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %c4 = AssignAddVariableOp(%V, %Two) [%c2] name("add") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %c5 = AssignSubVariableOp(%V, %Two) [%c4] name("sub") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %VI, %c6 = Identity(%V) name("handle_copy") {T = !tf_type.resource} : (tensor<!tf_type.resource>) -> (tensor<!tf_type.resource>)
  %R, %c7 = ReadVariableOp(%VI) [%c5] name("read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  %T, %c8 = VarHandleOp name("table") {container = "", shared_name = "", dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<!tf_type.resource>)
  %I, %c9 = Const name("indices") {dtype = i32, value = dense<[2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %G, %c10 = ResourceGather(%T, %I) name("gather") {batch_dims = 0 : i64, dtype = f32, Tindices = i32, validate_indices = true} : (tensor<!tf_type.resource>, tensor<2xi32>) -> (tensor<2x2xf32>)
  %GI, %c11 = Identity(%G) name("gathered") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %XP, %c12 = AddV2(%X, %Two) name("x_plus") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %Unused, %c13 = VarHandleOp name("unused") {container = "", shared_name = "unused", dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
}
