// COM: TensorFlow's tfg-drop-unregistered-output-shapes (with its `skip` of
// COM: full op names) is tfg-drop-output-shapes; both take `skip`.
// RUN: tfg-opt %s --tfg-drop-unregistered-output-shapes=skip=tfg.placeholder | FileCheck %s
// RUN: tfg-opt %s --tfg-drop-output-shapes=skip=tfg.placeholder | FileCheck %s
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg.graph(tfg-drop-unregistered-output-shapes))' | FileCheck %s --check-prefix=ALL

// CHECK-LABEL: tfg.graph
// CHECK: placeholder
// CHECK-SAME: _output_shapes
// CHECK: AddV2
// CHECK-NOT: _output_shapes
// ALL-NOT: _output_shapes
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %arg0, %ctl = placeholder name("p0") {_output_shapes = [#tf_type.shape<1>]} : () -> (tensor<*xi32>)
  %add, %ctl3 = AddV2(%arg0, %arg1) name("add") {T = i32, _output_shapes = [#tf_type.shape<1>]} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %arg1, %ctl2 = placeholder name("p1") : () -> (tensor<*xi32>)
}
