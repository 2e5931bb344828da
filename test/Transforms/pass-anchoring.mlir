// COM: Body-local passes are anchored on no op: the pass manager schedules
// COM: them on functions and graphs (in parallel over a library), as
// COM: TensorFlow's pipelines do (builtin.module(tfg.func(tfg-cse))).
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg.func(tfg-cse))' | FileCheck %s --check-prefix=FUNC
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg.graph(tfg-cse{fetch=call}))' | FileCheck %s --check-prefix=GRAPH
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg.func(tfg-toposort,tfg-prune,tfg-cse,tfg-dependency-optimizer,tfg-shape-inference,tfg-debug-stripper,tfg-name-compress,tfg-add-default-attrs,tfg-strip-default-attrs,tfg-drop-output-shapes,tfg-drop-unregistered-output-shapes),tfg.graph(tfg-toposort,tfg-prune{fetch=call},tfg-cse{fetch=call},tfg-dependency-optimizer{fetch=call},tfg-shape-inference,tfg-name-compress{fetch=call}))' | FileCheck %s --check-prefix=ALL
// COM: The functions run in parallel: MLIR's timing report has a user time
// COM: column (time summed over threads) only for multi-threaded runs.
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg.func(tfg-cse))' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg.func(tfg-cse))' --mlir-timing --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=SERIAL
// COM: tfg-grappler runs its optimizers through the pass manager: each is
// COM: timed, and body-local ones run on every function and graph.
// RUN: tfg-opt %s --tfg-grappler=fetch=call --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=GRAPPLER
// RUN: tfg-opt %s --tfg-grappler=fetch=call --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMPS

// FUNC: tfg.graph
// FUNC-DAG: name("a")
// FUNC-DAG: name("b")
// FUNC-LABEL: tfg.func @f
// FUNC: Neg(%x) name("a")
// FUNC-NOT: name("b")
// FUNC: AddV2(%[[N:.*]], %[[N]]) name("s")
// FUNC-LABEL: tfg.func @g
// FUNC-NOT: name("b")

// GRAPH: tfg.graph
// GRAPH-NOT: name("b")
// GRAPH: PartitionedCall(%[[N:.*]], %[[N]]) name("call")
// GRAPH-LABEL: tfg.func @f
// GRAPH: name("b")
// GRAPH-LABEL: tfg.func @g
// GRAPH: name("b")

// ALL: tfg.graph
// ALL: PartitionedCall
// ALL: tfg.func @f
// ALL: tfg.func @g

// TIMING: User Time
// TIMING: 'tfg.func' Pipeline
// TIMING-NEXT: CSEPass
// SERIAL-NOT: User Time
// SERIAL: 'tfg.func' Pipeline

// GRAPPLER: GrapplerPass
// GRAPPLER: PrunePass
// GRAPPLER: InlinePass
// GRAPPLER: Pipeline Collection : ['tfg.func', 'tfg.graph']
// GRAPPLER-DAG: 'tfg.graph' Pipeline
// GRAPPLER-DAG: 'tfg.func' Pipeline
// GRAPPLER: CSEPass
// GRAPPLER: ShapeInferencePass
// GRAPPLER: DependencyOptimizerPass

// DUMPS: IR Dump After PrunePass (tfg-prune)
// DUMPS: IR Dump After InlinePass (tfg-inline)
// DUMPS: IR Dump After CSEPass (tfg-cse)
// DUMPS: IR Dump After CSEPass (tfg-cse)
// DUMPS: IR Dump After DependencyOptimizerPass (tfg-dependency-optimizer)

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %a, %ctl_0 = Neg(%x) name("a") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %b, %ctl_1 = Neg(%x) name("b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %c, %ctl_2 = PartitionedCall(%a, %b) name("call") {Tin = [f32, f32], Tout = [f32], f = #tf_type.func<@f, {}>} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
}
tfg.func @f(%x: tensor<f32> {tfg.name = "x"}, %y: tensor<f32> {tfg.name = "y"}) -> (tensor<f32> {tfg.name = "r"}) {
  %a, %ctl = Neg(%x) name("a") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %b, %ctl_0 = Neg(%x) name("b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %s, %ctl_1 = AddV2(%a, %b) name("s") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  return(%s) : tensor<f32>
}
tfg.func @g(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "r"}) {
  %a, %ctl = Neg(%x) name("a") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %b, %ctl_0 = Neg(%x) name("b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %s, %ctl_1 = AddV2(%a, %b) name("s") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  return(%s) : tensor<f32>
}
