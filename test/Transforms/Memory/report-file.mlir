// RUN: tfg-opt %s --tfg-memory-report='output=%t.txt top=1' -o /dev/null
// RUN: FileCheck %s < %t.txt
// RUN: tfg-opt %s --tfg-memory-report='output=%t.nodir/x.txt' -o /dev/null --verify-diagnostics

// COM: The report written to a file; one that cannot be opened is an
// COM: error at the module.
// CHECK: memory estimate of tfg.graph: 1 steps, 1 tensors
// CHECK-NEXT: peak: 24 bytes at step 0 (x, Placeholder)
// expected-error@below {{tfg-memory-report: cannot open}}
module {
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
}
}
