// REQUIRES: llvm-dylib
// COM: tfg's verifiers report through stock mlir-opt, at the operation, for
// COM: graphs and functions alike.
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s --split-input-file \
// RUN:   --verify-diagnostics
// COM: mlir-opt verifies what it parses before any pass runs: an invalid
// COM: function never reaches the pipeline.
// RUN: not mlir-opt --load-dialect-plugin=%tfg_plugin %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(tfg.func(tfg-cse))' \
// RUN:   --mlir-print-ir-before-all 2>&1 | FileCheck %s
// CHECK-NOT: IR Dump Before
// CHECK: plugin-invalid.mlir:[[# @LINE + 11]]:{{[0-9]+}}: error: 'tfg.Foo' op control operands must come after data operands
// CHECK-NOT: IR Dump Before
// CHECK: plugin-invalid.mlir:[[# @LINE + 16]]:3: error: 'tfg.return' op returns 1 values but the function has 2 results
// CHECK-NOT: IR Dump Before
// CHECK: plugin-invalid.mlir:[[# @LINE + 20]]:1: error: 'tfg.func' op body must end with a tfg.return
// CHECK-NOT: IR Dump Before

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("a")
  %x, %ctl_0 = Placeholder name("x") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{control operands must come after data operands}}
  %1:2 = "tfg.Foo"(%ctl, %x) {_mlir_name = "foo"} : (!tf_type.control, tensor<i32>) -> (tensor<i32>, !tf_type.control)
}

// -----

tfg.func @bad_return(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32>, tensor<i32>) {
  // expected-error@+1 {{returns 1 values but the function has 2 results}}
  return(%x) : tensor<i32>
}

// -----

// expected-error@+1 {{body must end with a tfg.return}}
tfg.func @no_return(%x: tensor<i32> {tfg.name = "x"}) -> () {
  %ctl = NoOp name("n")
}
