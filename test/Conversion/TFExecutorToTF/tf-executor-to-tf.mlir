// RUN: tfg-opt %s --tfg-to-tf-executor --tf-executor-to-tf | FileCheck %s --implicit-check-not=unused
// RUN: tfg-opt %s --tfg-to-tf-executor --tf-executor-to-tf='feeds=x fetches=neg,add:0' | FileCheck %s --check-prefix=GIVEN

// COM: The islands are merged into the function in the graph's order; the
// COM: Placeholders become the entry function's arguments and the recorded
// COM: fetches (tfg.fetches) its results, named in tf.entry_function. Nodes
// COM: the fetches do not need are pruned; the variable's assignment stays,
// COM: before its read, as its control edge ordered it.
// CHECK: func.func @main(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>) -> (tensor<f32>, tensor<f32>)
// CHECK-SAME: tf.entry_function = {control_outputs = "", inputs = "x,y", outputs = "add,if"}
// CHECK-NOT: tf_executor
// CHECK: %[[NEG:.*]] = "tf.Neg"(%[[X]]) {T = f32, _mlir_name = "neg", device = ""}
// CHECK: %[[ADD:.*]] = "tf.AddV2"(%[[NEG]], %[[Y]])
// CHECK: "tf.AssignVariableOp"
// CHECK: "tf.ReadVariableOp"
// CHECK: %[[IF:.*]] = "tf.If"
// CHECK: return %[[ADD]], %[[IF]] : tensor<f32>, tensor<f32>

// COM: Functions: their graph's fetch becomes the return; functional
// COM: control flow stays, calling them.
// CHECK-LABEL: func.func @inc(%arg0: tensor<f32> {tfg.name = "v"}) -> (tensor<f32> {tfg.name = "out"})
// CHECK-NEXT: %[[ONE:.*]] = "tf.Const"()
// CHECK-NEXT: %[[SUM:.*]] = "tf.AddV2"(%arg0, %[[ONE]])
// CHECK-NEXT: return %[[SUM]] : tensor<f32>

// GIVEN: func.func @main(%[[X:.*]]: tensor<f32>) -> (tensor<f32>, tensor<f32>)
// GIVEN-SAME: inputs = "x", outputs = "neg,add:0"
// GIVEN: "tf.Placeholder"() {_mlir_name = "y"
// GIVEN: return %{{.*}}, %{{.*}} : tensor<f32>, tensor<f32>
module attributes {tfg.fetches = ["add", "if"]} {
  tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
    %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
    %Y, %cy = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
    %Neg, %cn = Neg(%X) name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %Add, %ca = AddV2(%Neg, %Y) name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %Unused, %cu = Neg(%Y) name("unused") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %H, %ch = VarHandleOp name("v") {dtype = f32, shape = #tf_type.shape<>, container = "", shared_name = "v"} : () -> (tensor<!tf_type.resource>)
    %ct = AssignVariableOp(%H, %Add) name("assign") {dtype = f32} : (tensor<!tf_type.resource>, tensor<f32>) -> ()
    %R, %cr = ReadVariableOp(%H) [%ct] name("read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<f32>)
    %If, %ci = If(%Y, %R) name("if") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@inc, {}>, Tcond = f32, Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  }
  tfg.func @inc(%v: tensor<f32> {tfg.name = "v"}) -> (tensor<f32> {tfg.name = "out"}) {
    %One, %c1 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %Sum, %c2 = AddV2(%v, %One) name("sum") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
    return(%Sum) : tensor<f32>
  }
}
