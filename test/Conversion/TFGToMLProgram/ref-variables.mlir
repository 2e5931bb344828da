// RUN: tfg-opt %s --tfg-to-ml-program='fetch=w/read,after_inc,scaled,after_dec' | FileCheck %s

// COM: Ref variables (VariableV2): Assign is a store whose output is the
// COM: value assigned, AssignAdd/AssignSub a load, an AddV2/Sub and a
// COM: store whose output is the new value, and any other op taking the
// COM: reference as a value (Identity, Mul) reads it as it runs: a load
// COM: before the op. The control edges order them: `_graph` forms.

// CHECK: ml_program.global private mutable @w : tensor<2xf32>
// CHECK-LABEL: func.func @main()
// CHECK-SAME: -> (tensor<2xf32> {tfg.name = "w/read"}, tensor<2xf32> {tfg.name = "after_inc"}, tensor<2xf32> {tfg.name = "scaled"}, tensor<2xf32> {tfg.name = "after_dec"})
// CHECK: %[[INIT:.*]] = "tf.Const"() {_mlir_name = "init"
// CHECK: %[[T0:.*]] = ml_program.global_store_graph @w = %[[INIT]] ordering(() -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[V:.*]], %[[T1:.*]] = ml_program.global_load_graph @w ordering(%[[T0]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[READ:.*]] = "tf.Identity"(%[[V]]) {T = f32, _mlir_name = "w/read", device = ""} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK: %[[OLD:.*]], %[[T2:.*]] = ml_program.global_load_graph @w ordering(%[[T1]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[NEW:.*]] = "tf.AddV2"(%[[OLD]], %[[INIT]]) {T = f32, _mlir_name = "inc", device = ""}
// CHECK: %[[T3:.*]] = ml_program.global_store_graph @w = %[[NEW]] ordering(%[[T2]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[V2:.*]], %[[T4:.*]] = ml_program.global_load_graph @w ordering(%[[T3]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[SCALED:.*]] = "tf.Mul"(%[[V2]], %[[INIT]]) {T = f32, _mlir_name = "scaled", device = ""}
// CHECK: %[[OLD2:.*]], %[[T5:.*]] = ml_program.global_load_graph @w ordering(%[[T4]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[DEC:.*]] = "tf.Sub"(%[[OLD2]], %[[INIT]]) {T = f32, _mlir_name = "dec", device = ""}
// CHECK: ml_program.global_store_graph @w = %[[DEC]] ordering(%[[T5]] -> !ml_program.token) : tensor<2xf32>
// CHECK: %[[AD:.*]] = "tf.Identity"(%[[DEC]])
// COM: AssignAdd's output is the new value.
// CHECK: %[[AFTER:.*]] = "tf.AddV2"(%[[NEW]], %[[INIT]]) {T = f32, _mlir_name = "after_inc", device = ""}
// CHECK: return %[[READ]], %[[AFTER]], %[[SCALED]], %[[AD]]
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %V, %c0 = VariableV2 name("w") {container = "", shared_name = "", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2x!tf_type.f32ref>)
  %Init, %c1 = Const name("init") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %A, %c2 = Assign(%V, %Init) name("w/Assign") {T = f32, use_locking = true, validate_shape = true} : (tensor<2x!tf_type.f32ref>, tensor<2xf32>) -> (tensor<2x!tf_type.f32ref>)
  %R, %c3 = Identity(%V) [%c2] name("w/read") {T = f32} : (tensor<2x!tf_type.f32ref>) -> (tensor<2xf32>)
  %D, %c4 = AssignAdd(%V, %Init) [%c3] name("inc") {T = f32, use_locking = false} : (tensor<2x!tf_type.f32ref>, tensor<2xf32>) -> (tensor<2x!tf_type.f32ref>)
  %After, %c5 = AddV2(%D, %Init) name("after_inc") {T = f32} : (tensor<2x!tf_type.f32ref>, tensor<2xf32>) -> (tensor<2xf32>)
  %M, %c6 = Mul(%V, %Init) [%c4] name("scaled") {T = f32} : (tensor<2x!tf_type.f32ref>, tensor<2xf32>) -> (tensor<2xf32>)
  %S, %c7 = AssignSub(%V, %Init) [%c6] name("dec") {T = f32, use_locking = false} : (tensor<2x!tf_type.f32ref>, tensor<2xf32>) -> (tensor<2x!tf_type.f32ref>)
  %AfterDec, %c8 = Identity(%S) name("after_dec") {T = f32} : (tensor<2x!tf_type.f32ref>) -> (tensor<2xf32>)
}
