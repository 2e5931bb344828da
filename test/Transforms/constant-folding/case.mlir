// RUN: tfg-opt %s --tfg-constant-folding | FileCheck %s
// RUN: tfg-opt %s --tfg-constant-folding='feed=i0' | FileCheck %s --check-prefix=FED
// RUN: tfg-run %s --input=x=zeros --fetch=case,stateless,oob --check-pipeline=tfg-constant-folding | FileCheck %s --check-prefix=RUNOUT

// COM: Case with a constant branch index calls that branch (the last one
// COM: for an index out of range, as TensorFlow runs it): Case becomes a
// COM: StatefulPartitionedCall (its branches may have side effects),
// COM: StatelessCase a PartitionedCall; the node keeps its name and waits
// COM: for the index it no longer reads only if the index had control
// COM: operands. A fed index is not folded.
// CHECK-LABEL: tfg.graph
// CHECK: StatefulPartitionedCall(%{{.*}}) name("case") {Tin = [i32], Tout = [i32], f = #tf_type.func<@twenty, {}>}
// CHECK: PartitionedCall(%{{.*}}) name("stateless") {Tin = [i32], Tout = [i32], f = #tf_type.func<@ten, {}>}
// CHECK: StatefulPartitionedCall(%{{.*}}) [%{{.*}}] name("oob") {Tin = [i32], Tout = [i32], f = #tf_type.func<@twenty, {}>}
// CHECK: Case(%{{.*}}, %{{.*}}) name("dynamic")
// FED: StatelessCase(%{{.*}}, %{{.*}}) name("stateless")
// RUNOUT: check-pipeline: tfg-constant-folding
// RUNOUT-NEXT: case: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: stateless: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: oob: max_abs_diff=0 max_rel_diff=0 ok
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %One, %c1 = Const name("i1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Zero, %c2 = Const name("i0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Nine, %c3 = Const [%c1] name("nine") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
  %Case, %c4 = Case(%One, %X) name("case") {branches = [#tf_type.func<@ten, {}>, #tf_type.func<@twenty, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %SCase, %c5 = StatelessCase(%Zero, %X) name("stateless") {branches = [#tf_type.func<@ten, {}>, #tf_type.func<@twenty, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Oob, %c6 = Case(%Nine, %X) name("oob") {branches = [#tf_type.func<@ten, {}>, #tf_type.func<@twenty, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Dyn, %c7 = Case(%X, %X) name("dynamic") {branches = [#tf_type.func<@ten, {}>, #tf_type.func<@twenty, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
}
tfg.func @ten(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%v, %C) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @twenty(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<20> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%v, %C) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
