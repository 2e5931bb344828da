// RUN: tfg-opt %s --tfg-functional-to-region | FileCheck %s

// An If on a condition that is not boolean (TensorFlow tests its truth)
// stays functional: IfRegion takes an i1 tensor. The boolean one converts.

tfg.func @then_fn(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}
tfg.func @else_fn(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  return(%x) : tensor<*xf32>
}

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %C, %ctl = Placeholder name("c") {dtype = i32} : () -> (tensor<i32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = i1} : () -> (tensor<i1>)
  %X, %ctl_1 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  // CHECK: If(%{{.*}}, %{{.*}}) name("int_if")
  %If, %ctl_2 = If(%C, %X) name("int_if") {Tcond = i32, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@then_fn, {}>, else_branch = #tf_type.func<@else_fn, {}>} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: IfRegion %{{.*}} then
  // CHECK: _mlir_name = "bool_if"
  %If2, %ctl_3 = If(%B, %X) name("bool_if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@then_fn, {}>, else_branch = #tf_type.func<@else_fn, {}>} : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)
}
