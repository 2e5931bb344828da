// tfg-opt verifies its input before any pass runs, whichever way the
// pipeline is given: the pass list, a `--pass-pipeline` or its alias `-p`
// (which replace the pipeline), or a reproducer's pipeline. The function
// below returns one value where it declares two.

// RUN: not tfg-opt --pass-pipeline='builtin.module(tfg-toposort)' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: not tfg-opt -p 'builtin.module(tfg-toposort)' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: not tfg-opt --tfg-toposort %s 2>&1 | FileCheck %s --check-prefix=ERROR

// No pass runs on the invalid module: tfg-verify fails before tfg-toposort
// or tfg-cse on a function would see it.
// RUN: not tfg-opt --pass-pipeline='builtin.module(tfg-toposort)' %s \
// RUN:   --mlir-print-ir-before=tfg-toposort 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPASS
// RUN: not tfg-opt --pass-pipeline='builtin.module(tfg.func(tfg-cse))' %s \
// RUN:   --mlir-print-ir-before=tfg-cse 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPASS
// NOPASS-NOT: IR Dump Before
// NOPASS: error: 'tfg.return' op returns 1 values
// NOPASS-NOT: IR Dump Before

// The pipeline run is the user's behind tfg-verify, on the same anchor.
// RUN: echo "" | tfg-opt --pass-pipeline='builtin.module(tfg-toposort,tfg.func(tfg-cse{fetch=a,b}))' \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: echo "" | tfg-opt -p 'any(tfg-toposort)' \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANY
// PIPELINE: builtin.module(
// PIPELINE-NEXT: tfg-verify,
// PIPELINE-NEXT: tfg-toposort,
// PIPELINE-NEXT: tfg.func(
// PIPELINE-NEXT: tfg-cse{ fetch={a,b}}
// ANY: any(
// ANY-NEXT: tfg-verify,
// ANY-NEXT: tfg-toposort

tfg.func @bad_return(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  // ERROR: verify-first.mlir:[[# @LINE + 1]]:3: error: 'tfg.return' op returns 1 values but the function has 2 results
  return(%x) : tensor<i32>
}
