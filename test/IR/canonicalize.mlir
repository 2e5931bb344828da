// RUN: tfg-opt %s --canonicalize --cse --split-input-file | FileCheck %s
// RUN: tfg-opt %s --canonicalize --split-input-file | FileCheck %s --check-prefix=DEAD
// RUN: tfg-opt %s --symbol-dce --split-input-file | FileCheck %s --check-prefix=SYM

// COM: Stock MLIR passes must never drop a stateful op, an op the registry
// COM: does not know, a graph input, or a control dependency; and must not
// COM: merge stateful ops.

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // CHECK-DAG: Placeholder name("x")
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  // COM: Unused stateless generic node: MLIR never deletes unregistered ops
  // COM: (they might be terminators), so it stays; removing it is the job
  // COM: of the fetch-aware pruning pass.
  // CHECK-DAG: Neg(%{{.*}}) name("dead")
  %dead, %ctl_0 = Neg(%x) name("dead") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  // COM: Registered control-flow ops are nodes like any other: an unused
  // COM: StatelessIf or StatelessIfRegion (even one whose branches only
  // COM: yield) is kept, as TensorFlow keeps it in a graph without fetches,
  // COM: and so is an unused (stateful) If.
  // CHECK-DAG: StatelessIf(%{{.*}}, %{{.*}}) name("sif")
  // CHECK-DAG: StatelessIfRegion %{{.*}} then
  // CHECK-DAG: If(%{{.*}}, %{{.*}}) name("if")
  // DEAD-DAG: StatelessIf(%{{.*}}, %{{.*}}) name("sif")
  // DEAD-DAG: _mlir_name = "sifr"
  %c, %ctl_c = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %sif, %ctl_s = StatelessIf(%c, %x) name("sif") {then_branch = #tf_type.func<@f, {}>, else_branch = #tf_type.func<@f, {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)
  %sifr, %ctl_r = StatelessIfRegion %c then {
    yield(%x) : tensor<f32>
  } else {
    yield(%x) : tensor<f32>
  } {_mlir_name = "sifr"} : (tensor<i1>) -> tensor<f32>
  %if, %ctl_i = If(%c, %x) name("if") {then_branch = #tf_type.func<@f, {}>, else_branch = #tf_type.func<@f, {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)
  // COM: Unused stateful nodes: kept, and not merged with each other.
  // CHECK-DAG: RandomUniform(%{{.*}}) name("r1")
  // CHECK-DAG: RandomUniform(%{{.*}}) name("r2")
  %r1, %ctl_1 = RandomUniform(%x) name("r1") {T = f32, dtype = f32} : (tensor<f32>) -> (tensor<f32>)
  %r2, %ctl_2 = RandomUniform(%x) name("r2") {T = f32, dtype = f32} : (tensor<f32>) -> (tensor<f32>)
  // COM: Side-effecting ops: kept.
  // CHECK-DAG: Assert({{.*}}) name("assert")
  %ctl_3 = Assert(%x, %x) name("assert") {T = [f32]} : (tensor<f32>, tensor<f32>) -> ()
  // COM: An op unknown to the registry (a function call, a custom op): kept.
  // CHECK-DAG: MyCustomOp name("custom")
  %ctl_4 = MyCustomOp name("custom")
  // COM: A control dependency keeps its producer alive and is not dropped.
  // CHECK-DAG: %{{.*}}, %[[C:.*]] = Neg(%{{.*}}) name("ctl_src")
  // CHECK-DAG: Print [%[[C]]] name("sink")
  // CHECK-DAG: Assert(%{{.*}}) [%[[C]]] name("sink_assert")
  %n, %ctl_5 = Neg(%x) name("ctl_src") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %ctl_6 = Assert(%x) [%ctl_5] name("sink_assert") {T = []} : (tensor<f32>) -> ()
  %ctl_7 = Print [%ctl_5] name("sink")
}
tfg.func @f(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32>) {
  return(%x) : tensor<f32>
}

// -----

// COM: Identical stateless nodes with different names are distinct nodes:
// COM: cse does not merge them.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: name("a1")
// CHECK-DAG: name("a2")
// CHECK-DAG: name("p")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %a1, %ctl_0 = Neg(%x) name("a1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %a2, %ctl_1 = Neg(%x) name("a2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %ctl_2 = Print(%a1, %a2) name("p") : (tensor<f32>, tensor<f32>) -> ()
}

// -----

// COM: Functions referenced from a graph survive symbol-dce; private
// COM: unreferenced ones go.
// SYM-LABEL: tfg.func @used
// SYM-NOT: @unused
tfg.func @used(%x: tensor<i1> {tfg.name = "x"}) -> (tensor<i1>) {
  return(%x) : tensor<i1>
}
tfg.func @unused(%x: tensor<i1> {tfg.name = "x"}) -> (tensor<i1>) attributes {sym_visibility = "private"} {
  return(%x) : tensor<i1>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %If, %ctl_0 = If(%c, %c) name("if") {then_branch = #tf_type.func<@used, {}>, else_branch = #tf_type.func<@used, {}>} : (tensor<i1>, tensor<i1>) -> (tensor<i1>)
}
