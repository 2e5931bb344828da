// RUN: tfg-opt %s --split-input-file --tfg-to-ml-program='fetch=read_w,read_n,read_u,init_w' | FileCheck %s

// COM: A SavedModel's variable values (tfg-translate --saved-model-variables
// COM: attaches them by bundle key) become the globals' initial values. The
// COM: keys are matched through the saver's restore graph: `w` is restored
// COM: from "a/float" (RestoreV2 output 0, through an Identity), `n` has no
// COM: restore and takes the value of its own name, `u` none: no value.
// COM: The restore graph itself is not fetched, so not lowered.
// COM: VarIsInitializedOp of a variable with a value is true.

// CHECK: ml_program.global private mutable @w(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) : tensor<2xf32>
// CHECK: ml_program.global private mutable @n(dense<7> : tensor<i32>) : tensor<i32>
// CHECK: ml_program.global private mutable @u : tensor<i32>
// CHECK-LABEL: func.func @main()
// CHECK: "tf.Const"() {_mlir_name = "init_w", device = "", dtype = i1, value = dense<true> : tensor<i1>}
// CHECK-NOT: RestoreV2
module attributes {tfg.saved_model_variables = {"a/float" = dense<[1.0, 2.0]> : tensor<2xf32>, "n" = dense<7> : tensor<i32>, "w" = dense<[5.0, 6.0]> : tensor<2xf32>}} {
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %W, %c0 = VarHandleOp name("w") {container = "", shared_name = "w", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %N, %c1 = VarHandleOp name("n") {container = "", shared_name = "n", dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %U, %c2 = VarHandleOp name("u") {container = "", shared_name = "u", dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %Prefix, %c3 = Const name("save/Const") {dtype = !tf_type.string, value = dense<"model"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %Names, %c4 = Const name("save/RestoreV2/tensor_names") {dtype = !tf_type.string, value = dense<["a/float"]> : tensor<1x!tf_type.string>} : () -> (tensor<1x!tf_type.string>)
  %Slices, %c5 = Const name("save/RestoreV2/shape_and_slices") {dtype = !tf_type.string, value = dense<[""]> : tensor<1x!tf_type.string>} : () -> (tensor<1x!tf_type.string>)
  %Restored, %c6 = RestoreV2(%Prefix, %Names, %Slices) name("save/RestoreV2") {dtypes = [f32]} : (tensor<!tf_type.string>, tensor<1x!tf_type.string>, tensor<1x!tf_type.string>) -> (tensor<2xf32>)
  %Id, %c7 = Identity(%Restored) name("save/Identity") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %c8 = AssignVariableOp(%W, %Id) name("save/Assign_w") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %RW, %c9 = ReadVariableOp(%W) name("read_w") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  %RN, %c10 = ReadVariableOp(%N) name("read_n") {dtype = i32} : (tensor<!tf_type.resource>) -> (tensor<i32>)
  %RU, %c11 = ReadVariableOp(%U) name("read_u") {dtype = i32} : (tensor<!tf_type.resource>) -> (tensor<i32>)
  %IW, %c12 = VarIsInitializedOp(%W) name("init_w") : (tensor<!tf_type.resource>) -> (tensor<i1>)
}
}

// -----

// COM: TF2's saver: the restore function, called with the variables'
// COM: handles, assigns RestoreV2's outputs to its arguments.

// CHECK: ml_program.global private mutable @w(dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>) : tensor<2xf32>
// CHECK: ml_program.global private mutable @n(dense<9> : tensor<i32>) : tensor<i32>
// CHECK-NOT: func.func @restore
module attributes {tfg.saved_model_variables = {"layer/kernel/.ATTRIBUTES/VARIABLE_VALUE" = dense<[3.0, 4.0]> : tensor<2xf32>, "step/.ATTRIBUTES/VARIABLE_VALUE" = dense<9> : tensor<i32>}} {
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %W, %c0 = VarHandleOp name("w") {container = "", shared_name = "w", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %N, %c1 = VarHandleOp name("n") {container = "", shared_name = "n", dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %U, %c2 = VarHandleOp name("u") {container = "", shared_name = "u", dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %Prefix, %c3 = Placeholder name("saver_filename") {dtype = !tf_type.string, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.string>)
  %Done, %c4 = StatefulPartitionedCall(%Prefix, %W, %N) name("restore_call") {Tin = [!tf_type.string, !tf_type.resource, !tf_type.resource], Tout = [!tf_type.string], f = #tf_type.func<@restore, {}>} : (tensor<!tf_type.string>, tensor<!tf_type.resource>, tensor<!tf_type.resource>) -> (tensor<!tf_type.string>)
  %RW, %c9 = ReadVariableOp(%W) name("read_w") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  %RN, %c10 = ReadVariableOp(%N) name("read_n") {dtype = i32} : (tensor<!tf_type.resource>) -> (tensor<i32>)
  %RU, %c11 = ReadVariableOp(%U) name("read_u") {dtype = i32} : (tensor<!tf_type.resource>) -> (tensor<i32>)
  %IW, %c12 = VarIsInitializedOp(%W) name("init_w") : (tensor<!tf_type.resource>) -> (tensor<i1>)
}
tfg.func @restore(%prefix: tensor<!tf_type.string> {tfg.name = "prefix"}, %w: tensor<!tf_type.resource> {tfg.name = "w"}, %n: tensor<!tf_type.resource> {tfg.name = "n"}) -> (tensor<!tf_type.string> {tfg.name = "done"}) {
  %Names, %c4 = Const name("names") {dtype = !tf_type.string, value = dense<["layer/kernel/.ATTRIBUTES/VARIABLE_VALUE", "step/.ATTRIBUTES/VARIABLE_VALUE"]> : tensor<2x!tf_type.string>} : () -> (tensor<2x!tf_type.string>)
  %Slices, %c5 = Const name("slices") {dtype = !tf_type.string, value = dense<["", ""]> : tensor<2x!tf_type.string>} : () -> (tensor<2x!tf_type.string>)
  %R:2, %c6 = RestoreV2(%prefix, %Names, %Slices) name("restore") {dtypes = [f32, i32]} : (tensor<!tf_type.string>, tensor<2x!tf_type.string>, tensor<2x!tf_type.string>) -> (tensor<2xf32>, tensor<i32>)
  %c7 = AssignVariableOp(%w, %R#0) name("assign_w") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %c8 = AssignVariableOp(%n, %R#1) name("assign_n") {dtype = i32} : tensor<!tf_type.resource>, tensor<i32>
  return(%prefix) [%c7, %c8] : tensor<!tf_type.string>
}
}
