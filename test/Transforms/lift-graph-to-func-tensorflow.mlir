// COM: tfg-lift-graph-to-func with TensorFlow's options (feeds, fetches,
// COM: control_rets: node names) lifts as TensorFlow's pass does, and
// COM: tfg-lower-func-to-graph lowers the result back to the same graph.
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg-lift-graph-to-func{feeds=Placeholder1,Placeholder2 fetches=SomeAdd3 control_rets=SomeAdd4})' | FileCheck %s --check-prefix=LIFT
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg-lift-graph-to-func{feeds=Placeholder1,Placeholder2 fetches=SomeAdd3 control_rets=SomeAdd4},tfg-lower-func-to-graph)' | FileCheck %s
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg-lift-graph-to-func{fetches=SomeAdd3 control_rets=SomeAdd4},tfg-lower-func-to-graph)' | FileCheck %s
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg-lift-graph-to-func{feeds=Placeholder1,Placeholder2 control_rets=SomeAdd4},tfg-lower-func-to-graph)' | FileCheck %s
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg-lift-graph-to-func{feeds=Placeholder1,Placeholder2},tfg-lower-func-to-graph)' | FileCheck %s
// RUN: tfg-opt %s --tfg-lift-graph-to-func="feeds=Placeholder1 fetches=Placeholder1" | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-lift-graph-to-func="feeds=Placeholder1 func-name=lifted" | FileCheck %s --check-prefix=NAME

// LIFT: tfg.func @_mlir_lifted_graph(%Placeholder1_0: tensor<*xf32> {tfg.lifted_value_attr = ["Placeholder1", 0 : index], tfg.name = "Placeholder1_0"}
// LIFT-NEXT: %Placeholder2_0: tensor<*xf32> {tfg.lifted_value_attr = ["Placeholder2", 0 : index], tfg.name = "Placeholder2_0"}
// LIFT-NEXT: -> (tensor<*xf32> {tfg.name = "SomeAdd3_0"})
// LIFT-NEXT: attributes {tfg.lifted_graph_version = #tf_type.version<producer = 34, min_consumer = 5>}
// COM: The fed nodes stay; their users read the arguments.
// LIFT: Placeholder name("Placeholder1")
// LIFT: Add(%Placeholder1_0, %Placeholder2_0) name("SomeAdd1")
// LIFT: %[[FETCH:.*]], %ctl_{{[0-9]+}} = Add{{.*}} name("SomeAdd3")
// LIFT: %{{.*}}, %[[CTL:.*]] = Add{{.*}} name("SomeAdd4")
// LIFT: return(%[[FETCH]]) [%[[CTL]]]

// CHECK: tfg.graph #tf_type.version<producer = 34, min_consumer = 5>
// CHECK: %[[P1:.*]], %{{.*}} = Placeholder name("Placeholder1")
// CHECK: %[[P2:.*]], %{{.*}} = Placeholder name("Placeholder2")
// CHECK: %[[A1:.*]], %{{.*}} = Add(%[[P1]], %[[P2]]) name("SomeAdd1")
// CHECK: %[[A2:.*]], %{{.*}} = Add(%[[A1]], %[[P2]]) name("SomeAdd2")
// CHECK: %[[A3:.*]], %{{.*}} = Add(%[[P1]], %[[A2]]) name("SomeAdd3")
// CHECK: %[[A4:.*]], %{{.*}} = Add(%[[A3]], %[[A1]]) name("SomeAdd4")
// CHECK: Add(%[[P1]], %[[A4]]) name("SomeAdd5")
// CHECK-NOT: return

// COM: A fed node also fetched returns its argument.
// SAME: tfg.func @_mlir_lifted_graph(%Placeholder1_0: tensor<*xf32> {tfg.lifted_value_attr = ["Placeholder1", 0 : index], tfg.name = "Placeholder1_0"})
// SAME-NEXT: -> (tensor<*xf32> {tfg.name = "Placeholder1_0"})
// SAME: return(%Placeholder1_0)

// NAME: tfg.func @lifted(

tfg.graph #tf_type.version<producer = 34, min_consumer = 5> {
  %Placeholder, %ctl_0 = Placeholder name("Placeholder1") {dtype = i32} : () -> (tensor<*xf32>)
  %Placeholder_1, %ctl_1 = Placeholder name("Placeholder2") {dtype = i32} : () -> (tensor<*xf32>)
  %add1, %ctl2 = Add(%Placeholder, %Placeholder_1) name("SomeAdd1") {T = i32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %add2, %ctl3 = Add(%add1, %Placeholder_1) name("SomeAdd2") {T = i32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %add3, %ctl4 = Add(%Placeholder, %add2) name("SomeAdd3") {T = i32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %add4, %ctl5 = Add(%add3, %add1) name("SomeAdd4") {T = i32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %add5, %ctl6 = Add(%Placeholder, %add4) name("SomeAdd5") {T = i32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
