// RUN: tfg-opt %s --tfg-grappler='print-statistics' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s

// COM: Without fetches, the fetches an importer recorded with the model
// COM: (`tfg.fetches`: a TF.js model's signature outputs) are fetched.
// CHECK: remark: fetching the outputs recorded with the model: out:0
// CHECK-LABEL: tfg.graph
// CHECK-NOT: name("dead")
// CHECK: name("out")
module attributes {tfg.fetches = ["out:0"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
    %D, %ctl_0 = Neg(%X) name("dead") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %O, %ctl_1 = Neg(%X) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  }
}
