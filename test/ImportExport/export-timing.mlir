// tfg-translate --mlir-timing times each step of an export: the parse and
// the verification of the module, prepareForExport, the export, the
// encoding, the write, and freeing what the run built.
// RUN: tfg-translate --mlir-to-graphdef --binary %s --mlir-timing -o %t.pb 2>&1 | FileCheck %s
// RUN: tfg-translate --graphdef-to-mlir %t.pb | FileCheck %s --check-prefix=BACK
// A text export encodes in the same step.
// RUN: tfg-translate --mlir-to-graphdef %s --mlir-timing -o /dev/null 2>&1 | FileCheck %s

// CHECK: Execution time report
// CHECK-DAG: Read input
// CHECK-DAG: Parse input
// CHECK-DAG: Verify input
// CHECK-DAG: Prepare for export
// CHECK-DAG: Export
// CHECK-DAG: Serialize
// CHECK-DAG: Write output
// CHECK-DAG: Free GraphDef
// CHECK-DAG: Destroy module
// CHECK-DAG: Destroy context
// CHECK-DAG: Commit output
// CHECK: Total

// BACK: Const name("c")
// BACK: Identity(%{{.*}}) name("i")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %i, %ctl_0 = Identity(%c) name("i") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
