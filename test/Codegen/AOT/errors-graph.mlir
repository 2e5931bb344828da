// COM: A graph tfg-compile cannot legalize is an error at its node (here an
// COM: unknown dimension --input-shape did not pin), and no file is written;
// COM: pinned, the same graph compiles.
// RUN: rm -f %t.o
// RUN: tfg-compile %s -o %t.o --verify-diagnostics
// RUN: not tfg-compile %s -o %t.o 2>&1 | FileCheck %s
// CHECK: tfg-compile: error: legalizing the graph to StableHLO failed
// RUN: not ls %t.o
// RUN: tfg-compile %s -o %t.o --input-shape=x=2x3 --fetch=r --header %t.h
// RUN: FileCheck %s --check-prefix=HEADER < %t.h
// HEADER: /* input 0: x, float32 {2, 3} */
// HEADER: /* output 0: r, float32 {2, 3} */
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-to-stablehlo: node 'x' (Placeholder): output 0 has unknown dimensions ('tensor<?x3xf32>'): pin them with tfg-set-input-shapes}}
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<?x3xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32} : (tensor<?x3xf32>) -> (tensor<?x3xf32>)
}
