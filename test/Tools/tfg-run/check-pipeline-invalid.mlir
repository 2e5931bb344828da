// COM: tfg-run verifies an MLIR model as it reads it: a function that
// COM: returns fewer values than it declares fails with the verifier's
// COM: diagnostic at its location, before the model or the checked pipeline
// COM: runs (the pipeline itself starts with tfg-verify).
// RUN: not tfg-run %s --fetch=y --check-pipeline='builtin.module(tfg-toposort)' 2>&1 | FileCheck %s
// RUN: not tfg-run %s --fetch=y --check-pipeline='tfg.func(tfg-cse)' 2>&1 | FileCheck %s
// CHECK-NOT: check-pipeline:
// CHECK: check-pipeline-invalid.mlir:[[# @LINE + 4]]:3: error: 'tfg.return' op returns 1 values but the function has 2 results
// CHECK-NOT: check-pipeline:

tfg.func @bad_return(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32>, tensor<f32>) {
  return(%x) : tensor<f32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Const name("x") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %y, %ctl_0 = Neg(%x) name("y") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
