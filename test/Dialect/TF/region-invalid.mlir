// RUN: tfg-opt %s --split-input-file --verify-diagnostics

func.func @if_cond_not_bool(%arg0: tensor<i32>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.IfRegion' op the condition must be a scalar tensor of i1, got 'tensor<i32>'}}
  %0 = "tf.IfRegion"(%arg0) ({
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @if_cond_not_scalar(%arg0: tensor<2xi1>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.IfRegion' op the condition must be a scalar tensor of i1, got 'tensor<2xi1>'}}
  %0 = "tf.IfRegion"(%arg0) ({
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<2xi1>) -> tensor<f32>
  return
}

// -----

func.func @if_yield_count(%arg0: tensor<i1>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.IfRegion' op branch 1 yields 0 values, but the op has 1}}
  %0 = "tf.IfRegion"(%arg0) ({
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"() : () -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_yield_type(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<i32>) {
  // expected-error @+1 {{'tf.IfRegion' op branch 0 yields value #0 of type 'tensor<i32>', incompatible with its result type 'tensor<f32>'}}
  %0 = "tf.IfRegion"(%arg0) ({
    "tf.Yield"(%arg2) : (tensor<i32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_no_yield(%arg0: tensor<i1>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.IfRegion' op branch 0 must end with tf.Yield}}
  %0 = "tf.IfRegion"(%arg0) ({
    %1 = "tf.Neg"(%arg1) : (tensor<f32>) -> tensor<f32>
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_missing_is_stateless(%arg0: tensor<i1>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.IfRegion' op requires attribute 'is_stateless'}}
  %0 = "tf.IfRegion"(%arg0) ({
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_region_args(%arg0: tensor<i1>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.IfRegion' op region #0 should have no arguments}}
  %0 = "tf.IfRegion"(%arg0) ({
  ^bb0(%x: tensor<f32>):
    "tf.Yield"(%x) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @yield_outside(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.Yield' op expects parent op to be one of 'tf.IfRegion, tf.WhileRegion, tf.CaseRegion'}}
  "tf.Yield"(%arg0) : (tensor<f32>) -> ()
  return
}

// -----

func.func @case_index_type(%arg0: tensor<i64>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.CaseRegion' op the branch index must be a scalar tensor of i32, got 'tensor<i64>'}}
  %0 = "tf.CaseRegion"(%arg0) ({
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i64>) -> tensor<f32>
  return
}

// -----

func.func @case_no_branch(%arg0: tensor<i32>) {
  // expected-error @+1 {{'tf.CaseRegion' op needs at least one branch}}
  "tf.CaseRegion"(%arg0) {is_stateless = true} : (tensor<i32>) -> ()
  return
}

// -----

func.func @while_results(%arg0: tensor<i32>) {
  // expected-error @+1 {{'tf.WhileRegion' op returns 2 values, but it takes 1}}
  %0:2 = "tf.WhileRegion"(%arg0) ({
  ^bb0(%i: tensor<i32>):
    %c = "tf.Const"() {dtype = i1, value = dense<false> : tensor<i1>} : () -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }) {is_stateless = true} : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
  return
}

// -----

func.func @while_cond_args(%arg0: tensor<i32>) {
  // expected-error @+1 {{'tf.WhileRegion' op the condition region takes value #0 of type 'tensor<f32>', incompatible with the loop value type 'tensor<i32>'}}
  %0 = "tf.WhileRegion"(%arg0) ({
  ^bb0(%i: tensor<f32>):
    %c = "tf.Const"() {dtype = i1, value = dense<false> : tensor<i1>} : () -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }) {is_stateless = true} : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @while_cond_yield(%arg0: tensor<i32>) {
  // expected-error @+1 {{'tf.WhileRegion' op the condition region must yield one value, got 2}}
  %0 = "tf.WhileRegion"(%arg0) ({
  ^bb0(%i: tensor<i32>):
    %c = "tf.Const"() {dtype = i1, value = dense<false> : tensor<i1>} : () -> tensor<i1>
    "tf.Yield"(%c, %i) : (tensor<i1>, tensor<i32>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }) {is_stateless = true} : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @while_cond_not_bool(%arg0: tensor<i32>) {
  // expected-error @+1 {{'tf.WhileRegion' op the condition must be a scalar tensor of i1, got 'tensor<i32>'}}
  %0 = "tf.WhileRegion"(%arg0) ({
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }) {is_stateless = true} : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @while_body_yield(%arg0: tensor<i32>, %arg1: tensor<f32>) {
  // expected-error @+1 {{'tf.WhileRegion' op the body region yields value #0 of type 'tensor<f32>', incompatible with the loop value type 'tensor<i32>'}}
  %0 = "tf.WhileRegion"(%arg0) ({
  ^bb0(%i: tensor<i32>):
    %c = "tf.Const"() {dtype = i1, value = dense<false> : tensor<i1>} : () -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i32>) -> tensor<i32>
  return
}
