// A reproducer's pipeline (--run-reproducer) runs behind tfg-verify too:
// the function returns one value where it declares two.
// RUN: not tfg-opt --run-reproducer %s --mlir-print-ir-before=tfg-toposort \
// RUN:   2>&1 | FileCheck %s
// CHECK-NOT: IR Dump Before
// CHECK: verify-first-reproducer.mlir:[[# @LINE + 4]]:3: error: 'tfg.return' op returns 1 values but the function has 2 results
// CHECK-NOT: IR Dump Before

tfg.func @bad_return(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  return(%x) : tensor<i32>
}

{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(tfg-toposort)",
      disable_threading: true,
      verify_each: true
    }
  }
#-}
