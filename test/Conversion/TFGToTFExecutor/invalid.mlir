// RUN: tfg-opt %s --split-input-file --tfg-to-tf-executor --verify-diagnostics

tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
  // expected-error @+1 {{node is on a cycle that does not pass through a NextIteration}}
  %A, %ctl = Identity(%B) name("a") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %B, %ctl_0 = Identity(%A) name("b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 27, min_consumer = 0> {
  %C, %ctl = Const name("c") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  // expected-error @+1 {{region control flow has no tf_executor form}}
  %If, %ctl_0 = IfRegion %C then {
    yield(%C) : tensor<i1>
  } else {
    yield(%C) : tensor<i1>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i1>)
}
