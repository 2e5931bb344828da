// A generic node keeps its name as its properties: `<"name">` in generic
// form, `name("...")` in the custom form. Registered node ops keep it as the
// `_mlir_name` attribute (in their attribute dictionary, as TensorFlow
// prints region control flow). A generic node written with `_mlir_name` (as
// TensorFlow's tfg spells it) is read too and prints in the custom form,
// which parses back to properties.
// RUN: tfg-opt %s | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | FileCheck %s --check-prefixes=GENERIC,AS-WRITTEN
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt | FileCheck %s
// RUN: tfg-opt %s | tfg-opt --mlir-print-op-generic | FileCheck %s --check-prefixes=GENERIC,REPARSED
// RUN: tfg-opt %s --emit-bytecode | tfg-opt | FileCheck %s

// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x") {dtype = f32}
// CHECK: Neg(%[[X]]) name("neg") {T = f32}
// CHECK: Neg(%[[X]]) name("tf_style") {T = f32}
// CHECK: IfRegion
// CHECK: } {_mlir_name = "if"} : (tensor<i1>) -> ()
// GENERIC: "tfg.Placeholder"() <"x"> {dtype = f32}
// GENERIC: "tfg.Neg"(%{{.*}}) <"neg"> {T = f32}
// AS-WRITTEN: "tfg.Neg"(%{{.*}}) {T = f32, _mlir_name = "tf_style"}
// REPARSED: "tfg.Neg"(%{{.*}}) <"tf_style"> {T = f32}
// GENERIC: "tfg.IfRegion"
// GENERIC: {_mlir_name = "if"}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %n, %ctl_0 = "tfg.Neg"(%x) <"neg"> {T = f32} : (tensor<f32>) -> (tensor<f32>, !tf_type.control)
  %t, %ctl_1 = "tfg.Neg"(%x) {T = f32, _mlir_name = "tf_style"} : (tensor<f32>) -> (tensor<f32>, !tf_type.control)
  %c, %ctl_2 = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %ctl_3 = IfRegion %c then {
    yield
  } else {
    yield
  } {_mlir_name = "if"} : (tensor<i1>) -> ()
}
