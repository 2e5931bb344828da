// COM: Anchored on one graph or function (a nested pipeline, whose passes
// COM: run in parallel on the siblings), shape inference stays inside it: the
// COM: called function keeps its signature and the calls their unknown
// COM: result shapes, while nodes local to each body are still refined.
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg.graph(tfg-shape-inference),tfg.func(tfg-shape-inference))' | FileCheck %s
// COM: Anchored on the module, the same input is refined through the calls.
// RUN: tfg-opt %s --tfg-shape-inference | FileCheck %s --check-prefix=MODULE

// CHECK-LABEL: tfg.graph
// CHECK: name("call_a"){{.*}} -> (tensor<*xf32>)
// CHECK: name("local"){{.*}} -> (tensor<2x3xf32>)
// CHECK: tfg.func @neg(%{{.*}}: tensor<*xf32> {tfg.name = "x"})
// CHECK-NEXT: -> (tensor<*xf32> {tfg.name = "y"})
// CHECK: name("n"){{.*}} -> (tensor<*xf32>)
// CHECK: name("c"){{.*}} -> (tensor<4xf32>)
// MODULE-LABEL: tfg.graph
// MODULE: name("call_a"){{.*}} -> (tensor<2x3xf32>)
// MODULE: tfg.func @neg(%{{.*}}: tensor<2x3xf32> {tfg.name = "x"})
// MODULE-NEXT: -> (tensor<2x3xf32> {tfg.name = "y"})
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %CA, %c2 = PartitionedCall(%A) name("call_a") {Tin = [f32], Tout = [f32], f = #tf_type.func<@neg, {}>, config = "", config_proto = "", executor_type = ""} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %L, %c3 = Relu(%A) name("local") {T = f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
}
tfg.func @neg(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %Y, %c = Neg(%x) name("n") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %C, %c1 = Const name("c") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}
