// RUN: tfg-opt %s --split-input-file --tfg-set-input-shapes='shapes=x=2x3,s=scalar' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-set-input-shapes='shapes=x=2x3,s=scalar' --tfg-grappler=fetch=n | FileCheck %s --check-prefix=FOLD
// RUN: not tfg-opt %s --split-input-file --tfg-set-input-shapes='shapes=x=2x4' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DISAGREE
// RUN: not tfg-opt %s --split-input-file --tfg-set-input-shapes='shapes=y=2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tfg-opt %s --split-input-file --tfg-set-input-shapes='shapes=x=2xa' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MALFORMED

// COM: The Placeholders get the static shapes (attribute and result type);
// COM: with them, grappler's constant folding materializes Size.
// CHECK-LABEL: tfg.graph
// CHECK: Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
// CHECK: Placeholder name("s") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
// FOLD: Const [%{{.*}}] name("n") {dtype = i32, value = dense<6> : tensor<i32>}
// DISAGREE: error: tfg-set-input-shapes: shape #tf_type.shape<2x4> disagrees with the Placeholder's #tf_type.shape<?x3>
// MISSING: error: tfg-set-input-shapes: no Placeholder named 'y'
// MALFORMED: error: tfg-set-input-shapes: 'x=2xa' is not NAME=D0xD1x... (or NAME=scalar)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<?x3xf32>)
  %S, %ctl_0 = Placeholder name("s") {dtype = i32} : () -> (tensor<*xi32>)
  %N, %ctl_1 = Size(%X) name("n") {T = f32, out_type = i32} : (tensor<?x3xf32>) -> (tensor<*xi32>)
}
