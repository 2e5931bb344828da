// COM: A function TensorFlow's tfg-lift-graph-to-func wrote (its arguments
// COM: name the node results they stand for) lowers back to the graph.
// RUN: tfg-opt %s --tfg-lower-func-to-graph | FileCheck %s

// CHECK: tfg.graph #tf_type.version<producer = 34, min_consumer = 5> {
// CHECK-NEXT: %[[FOO:.*]], %[[CTL:.*]] = Foo name("Foo")
// CHECK-NEXT: Bar(%[[FOO]]) [%[[CTL]]] name("Bar")
// CHECK-NEXT: }
// CHECK-NOT: tfg.func
tfg.func @_mlir_lifted_graph(%Foo_0: tensor<*xf32> {tfg.lifted_value_attr = ["Foo", 0 : index], tfg.name = "Foo_0"})
     -> (tensor<*xf32> {tfg.name = "Bar_0"})
 attributes {tfg.lifted_graph_version = #tf_type.version<producer = 34, min_consumer = 5>} {
  %Foo, %ctl = Foo name("Foo") {dtype = i32} : () -> (tensor<*xf32>)
  %Bar, %ctl_1 = Bar(%Foo_0) [%Foo_0.ctl] name("Bar") : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%Bar) [%ctl] : tensor<*xf32>
}
