// RUN: tfg-opt %s --split-input-file --tf-functional-to-region --verify-diagnostics | FileCheck %s

// COM: What stays functional, with a remark at the op.

// COM: A recursive function: its call inside its own copy stays a call.
// CHECK-LABEL: func.func @main
// CHECK: "tf.IfRegion"
// CHECK: "tf.If"
// CHECK: func.func @rec
func.func @main(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@rec, {}>, else_branch = #tf_type.func<@rec, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @rec(%x: tensor<f32>) -> tensor<f32> {
  %p = "tf.Const"() {dtype = i1, value = dense<false> : tensor<i1>} : () -> tensor<i1>
  // COM: In @rec, and in each copy in @main's branches.
  // expected-remark @+1 {{stays functional: rec calls itself through it}}
  %0 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@rec, {}>, else_branch = #tf_type.func<@rec, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// COM: A function attribute with attributes (a generic instantiation).
func.func @main(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  // expected-remark @+1 {{stays functional: a function attribute is not a plain #tf_type.func<@name, {}>}}
  %0 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@f, {T = f32}>, else_branch = #tf_type.func<@f, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @f(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

// COM: A function of another arity, and one missing.
func.func @main(%p: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  // expected-remark @+1 {{stays functional: @two takes 2 values, not 1}}
  %0 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@two, {}>, else_branch = #tf_type.func<@two, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  // expected-remark @+1 {{stays functional: @missing is no func.func with a body of one block}}
  %1 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@two, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @two(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
