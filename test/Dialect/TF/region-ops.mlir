// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --canonicalize | FileCheck %s --check-prefix=EFFECTS

// COM: Region control flow in TensorFlow's generic spelling: attributes in
// COM: the dictionary, regions ended by tf.Yield.

// CHECK-LABEL: func.func @if_region
// CHECK: %[[R:.*]] = "tf.IfRegion"(%arg0) ({
// CHECK-NEXT: %[[N:.*]] = "tf.Neg"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: "tf.Yield"(%[[N]]) : (tensor<2xf32>) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "tf.Yield"(%arg1) : (tensor<2xf32>) -> ()
// CHECK-NEXT: }) {_else_func_name = "e", _then_func_name = "t", is_stateless = true} : (tensor<i1>) -> tensor<?xf32>
func.func @if_region(%arg0: tensor<i1>, %arg1: tensor<2xf32>) -> tensor<?xf32> {
  %0 = "tf.IfRegion"(%arg0) ({
    %1 = "tf.Neg"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%1) : (tensor<2xf32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<2xf32>) -> ()
  }) {_else_func_name = "e", _then_func_name = "t", is_stateless = true} : (tensor<i1>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CHECK-LABEL: func.func @case_region
// CHECK: "tf.CaseRegion"(%arg0) ({
// CHECK: }, {
// CHECK: }, {
// CHECK: }) {is_stateless = false} : (tensor<i32>) -> tensor<f32>
func.func @case_region(%arg0: tensor<i32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = "tf.CaseRegion"(%arg0) ({
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }, {
    %1 = "tf.Neg"(%arg1) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%1) : (tensor<f32>) -> ()
  }, {
    %1 = "tf.Square"(%arg1) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%1) : (tensor<f32>) -> ()
  }) {is_stateless = false} : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @while_region
// CHECK: "tf.WhileRegion"(%arg0, %arg1) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: tensor<i32>, %[[X:.*]]: tensor<*xf32>):
// CHECK: "tf.Yield"(%{{.*}}) : (tensor<i1>) -> ()
// CHECK: }, {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<*xf32>):
// CHECK: }) {is_stateless = true, parallel_iterations = 10 : i64, shape_invariant} : (tensor<i32>, tensor<*xf32>) -> (tensor<i32>, tensor<*xf32>)
func.func @while_region(%arg0: tensor<i32>, %arg1: tensor<*xf32>) -> tensor<i32> {
  %limit = "tf.Const"() {dtype = i32, value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.WhileRegion"(%arg0, %arg1) ({
  ^bb0(%i: tensor<i32>, %x: tensor<*xf32>):
    %c = "tf.Less"(%i, %limit) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %x: tensor<*xf32>):
    %one = "tf.Const"() {dtype = i32, value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %j = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%j, %x) : (tensor<i32>, tensor<*xf32>) -> ()
  }) {is_stateless = true, parallel_iterations = 10 : i64, shape_invariant} : (tensor<i32>, tensor<*xf32>) -> (tensor<i32>, tensor<*xf32>)
  return %0#0 : tensor<i32>
}

// COM: A region op's effects are its ops': with only stateless ops it is
// COM: dead when unused; with a stateful one it stays.
// EFFECTS-LABEL: func.func @effects
// EFFECTS-NOT: tf.Neg
// EFFECTS: "tf.IfRegion"
// EFFECTS: "tf.AssignVariableOp"
// EFFECTS-NOT: tf.Neg
func.func @effects(%arg0: tensor<i1>, %arg1: tensor<f32>, %h: tensor<!tf_type.resource>) {
  %0 = "tf.IfRegion"(%arg0) ({
    %1 = "tf.Neg"(%arg1) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%1) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  "tf.IfRegion"(%arg0) ({
    "tf.AssignVariableOp"(%h, %arg1) {dtype = f32} : (tensor<!tf_type.resource>, tensor<f32>) -> ()
    "tf.Yield"() : () -> ()
  }, {
    "tf.Yield"() : () -> ()
  }) {is_stateless = false} : (tensor<i1>) -> ()
  return
}
