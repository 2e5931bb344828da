// RUN: tfg-opt %s --tfg-region-to-functional --verify-diagnostics | FileCheck %s
// COM: A region using its own node's result (graph regions let the verifier
// COM: accept it) cannot become a function called with that result: it
// COM: stays in region form, with a remark, and export refuses it instead of
// COM: writing functions whose arguments do not match their calls (found by
// COM: the pipeline fuzzer).

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %p, %cp = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %x, %cx = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  // CHECK: IfRegion
  // expected-remark@+1 {{node 'outer': regions using the node's own results are not converted}}
  %r0, %c0 = IfRegion %p then {
    %r1, %c1 = IfRegion %p then {
      yield(%r0) : tensor<f32>
    } else {
      yield(%x) : tensor<f32>
    } name("inner") {Tcond = i1, Tin = [], Tout = [f32]} : (tensor<i1>) -> (tensor<f32>)
    yield(%r1) : tensor<f32>
  } else {
    yield(%x) : tensor<f32>
  } name("outer") {Tcond = i1, Tin = [], Tout = [f32]} : (tensor<i1>) -> (tensor<f32>)
}
