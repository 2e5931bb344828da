// RUN: tfg-opt %s --tfg-drop-output-shapes | FileCheck %s

// CHECK-LABEL: tfg.graph
// CHECK: Placeholder name("x") {dtype = f32}
// CHECK-NOT: _output_shapes
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, _output_shapes = [#tf_type.shape<2>]} : () -> (tensor<2xf32>)
}
