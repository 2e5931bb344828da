// COM: An op the CPU pipeline cannot lower fails the compilation with the
// COM: lowering's error at the op, and no file is written.
// RUN: rm -f %t.o %t.h
// RUN: tfg-compile %s -o %t.o --header %t.h --verify-diagnostics
// RUN: not tfg-compile %s -o %t.o --header %t.h 2>&1 | FileCheck %s
// CHECK: tfg-compile: error: lowering function 'main' to the LLVM dialect failed
// RUN: not ls %t.o
// RUN: not ls %t.h

module {
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{stablehlo-to-linalg: 'stablehlo.cholesky' is not supported}}
  %0 = "stablehlo.cholesky"(%x) {lower = true} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
}
