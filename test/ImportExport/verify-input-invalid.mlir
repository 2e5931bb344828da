// tfg-translate verifies the module it reads before any translation sees
// it: a function that returns fewer values than it declares fails with the
// verifier's diagnostic at its location, and nothing is written.
// RUN: not tfg-translate --mlir-to-graphdef %s -o %t.pbtxt 2>&1 | FileCheck %s
// RUN: not test -e %t.pbtxt
// RUN: not tfg-translate --mlir-to-tfjs %s -o %t.json 2>&1 | FileCheck %s
// RUN: not tfg-translate --mlir-to-dot %s 2>&1 | FileCheck %s
// CHECK: verify-input-invalid.mlir:[[# @LINE + 4]]:3: error: 'tfg.return' op returns 1 values but the function has 2 results

tfg.func @bad_return(%x: tensor<i32> {tfg.name = "x"})
    -> (tensor<i32> {tfg.name = "a"}, tensor<i32> {tfg.name = "b"}) {
  return(%x) : tensor<i32>
}
