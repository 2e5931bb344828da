// RUN: tfg-opt %s --tfg-region-to-functional | FileCheck %s

// COM: An outlined region capturing opaque tensors (in a generic function)
// COM: keeps its Tin: opaque values have no data type (found by fuzzing).
// CHECK-LABEL: tfg.func generic @g
// CHECK: If(%{{.*}}, %{{.*}}) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], else_branch = #tf_type.func<@if_1, {}>, then_branch = #tf_type.func<@if_0, {}>}
tfg.func generic @g(%c: tensor<i1> {tfg.name = "c"}, %x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %If, %ctl = IfRegion %c then {
    yield(%x) : !tf_type.tensor
  } else {
    yield(%x) : !tf_type.tensor
  } name("if") {Tcond = i1, Tin = [f32], Tout = [f32]} : (tensor<i1>) -> (!tf_type.tensor)
  return(%If) : !tf_type.tensor
}
