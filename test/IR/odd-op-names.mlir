// RUN: tfg-opt %s | tfg-opt | FileCheck %s

// COM: MLIR prints a dialect-printed op's name unquoted, without the `tfg.`
// COM: prefix inside graphs: nodes whose op name is not then a bare
// COM: identifier print in generic form, name quoted, and parse back.
// CHECK-LABEL: tfg.graph
// CHECK: %[[A:.*]], %{{.*}} = "tfg.$odd"() {_mlir_name = "a"} : () -> (tensor<f32>, !tf_type.control)
// CHECK: "tfg.my-op"(%[[A]]) {_mlir_name = "b"} : (tensor<f32>) -> (tensor<f32>, !tf_type.control)
// CHECK: Neg(%[[A]]) name("n") {T = f32} : (tensor<f32>) -> (tensor<f32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = "tfg.$odd"() {_mlir_name = "a"} : () -> (tensor<f32>, !tf_type.control)
  %b, %ctl_0 = "tfg.my-op"(%a) {_mlir_name = "b"} : (tensor<f32>) -> (tensor<f32>, !tf_type.control)
  %n, %ctl_1 = Neg(%a) name("n") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
