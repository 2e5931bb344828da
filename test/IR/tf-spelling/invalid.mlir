// RUN: tfg-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{unknown tf_type type 'f16'}}
module attributes {tfg.t = !tf_type.f16} {}

// -----

// expected-error@+1 {{expected a symbol or "" as the function name}}
module attributes {tfg.f = #tf_type.func<"f", {}>} {}

// -----

// expected-error@+1 {{expected a hexadecimal string "0x..."}}
module attributes {tfg.t = #tf_type<tensor_proto : "12"> : tensor<i32>} {}

// -----

tfg.func generic @f(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "r"}) {
  %Op, %ctl = Op(%x) name("op") : (!tf_type.tensor) -> (!tf_type.tensor)
  // expected-error@+1 {{'tfg.get_result' op output index must not be negative, got -1}}
  %r = get_result(%Op) "out" : -1
  return(%r) : !tf_type.tensor
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Op, %ctl = Op name("op") : () -> (tensor<f32>)
  // expected-error@+1 {{'tfg.get_result' op takes a node's control token, or its !tf_type.tensor result and returns a !tf_type.tensor}}
  %r = "tfg.get_result"(%Op) {name = "out", number = 0 : i32} : (tensor<f32>) -> !tf_type.tensor
}

// -----

// Region edges take compatible types only: an i32 result for f32 values is
// not one.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Op, %ctl = Op : () -> (tensor<*xf32>)
  // expected-error@+1 {{'tfg.WhileRegion' op region 'cond' passes value #0 of type 'tensor<*xf32>' is not compatible with the op's result #0 of type 'tensor<i32>'}}
  %WhileRegion, %ctl_0 = WhileRegion(%Op) {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    %Less, %ctl_0 = Less(%arg0) : (tensor<*xf32>) -> (tensor<*xi1>)
    condition %Less : tensor<*xi1> (%arg0) : tensor<*xf32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<*xf32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>) -> tensor<i32>
}

// -----

// A ForRegion's bounds and loop values need types.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Index:3, %ctl = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  // expected-error@+1 {{expected 4 operand types, got 0}}
  %For, %ctl_0 = ForRegion(%Index#0, %Index#0, %Index#1, %Index#2) {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) : tensor<i32>
  }
}

// -----

// expected-error@+1 {{expected an integer type, got 'f32'}}
module attributes {tfg.f = #tf_type.full_type<literal 3 : f32>} {}
