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

// COM: Outside graphs and functions nothing checks that a `tfg.` op has a
// COM: node's shape; ops the custom form cannot spell whole (no control
// COM: result, a region, a control operand before a data operand,
// COM: properties) print in
// COM: generic form too.
// CHECK-LABEL: "tfg.holder"
// CHECK: "tfg.no_results"() {con = []} : () -> ()
// CHECK: "tfg.with_region"() ({
// CHECK: "tfg.control_first"(%{{.*}}, %{{.*}}) : (!tf_type.control, tensor<f32>) -> !tf_type.control
// CHECK: "tfg.with_properties"() <{x = 1 : i64}> : () -> !tf_type.control
"tfg.holder"() ({
  "tfg.no_results"() {con = []} : () -> ()
  %c = "tfg.with_region"() ({
    "tfg.yield"() : () -> ()
  }) : () -> (!tf_type.control)
  %t, %c2 = "tfg.make"() : () -> (tensor<f32>, !tf_type.control)
  %c3 = "tfg.control_first"(%c, %t) : (!tf_type.control, tensor<f32>) -> !tf_type.control
  %c4 = "tfg.with_properties"() <{x = 1 : i64}> : () -> !tf_type.control
}) : () -> ()
