// COM: tfg-compile refuses an entry point the C ABI cannot describe: an
// COM: argument or result that is not a static tensor of an ABI element type.
// RUN: tfg-compile %s -o %t.o --function=dynamic --verify-diagnostics
// RUN: not tfg-compile %s -o %t.o --function=dynamic 2>&1 | FileCheck %s
// CHECK: error: argument 0 is a 'tensor<?xf32>'
// CHECK: tfg-compile: error: function 'dynamic' cannot be compiled
// RUN: not tfg-compile %s -o %t.o --function=missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: the module has no function 'missing' with a body

module {
// expected-error @below {{argument 0 is a 'tensor<?xf32>': a compiled function takes and returns static tensors}}
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
}
