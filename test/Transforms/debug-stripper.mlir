// RUN: tfg-opt %s --tfg-debug-stripper | FileCheck %s

// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %[[XCTL:.*]] = Placeholder name("x")
// CHECK-DAG: %{{.*}}, %[[PCTL:.*]] = Placeholder name("p")
// COM: Assert: its data operands become control operands.
// CHECK-DAG: %[[ASSERT:.*]] = NoOp [%[[PCTL]], %[[XCTL]]] device("/CPU:0") name("assert")
// COM: PrintV2 likewise.
// CHECK-DAG: %{{.*}}, %[[SCTL:.*]] = AsString
// CHECK-DAG: NoOp [%[[SCTL]], %[[XCTL]]] name("print_v2")
// COM: Print forwards its first operand; the others become control operands.
// CHECK-DAG: %[[PRINT:.*]], %{{.*}} = Identity(%[[X]]) [%[[PCTL]]] name("print") {T = f32}
// CHECK-DAG: %[[CHECK:.*]], %{{.*}} = Identity(%[[PRINT]]) [%[[ASSERT]]] name("check") {T = f32}
// CHECK-DAG: Neg(%[[CHECK]]) name("out")
// CHECK-NOT: Assert
// CHECK-NOT: CheckNumerics
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %P, %ctl_0 = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %ctl_1 = Assert(%P, %X) device("/CPU:0") name("assert") {T = [f32], summarize = 3 : i64} : (tensor<i1>, tensor<*xf32>) -> ()
  %S, %ctl_2 = AsString(%X) name("str") {T = f32, fill = "", precision = -1 : i64, scientific = false, shortest = false, width = -1 : i64} : (tensor<*xf32>) -> (tensor<*x!tf_type.string>)
  %ctl_3 = PrintV2(%S) [%ctl] name("print_v2") {end = "\0A", output_stream = "stderr"} : (tensor<*x!tf_type.string>) -> ()
  %Pr, %ctl_4 = Print(%X, %P) name("print") {T = f32, U = [i1], first_n = -1 : i64, message = "", summarize = 3 : i64} : (tensor<*xf32>, tensor<i1>) -> (tensor<*xf32>)
  %C, %ctl_5 = CheckNumerics(%Pr) [%ctl_1] name("check") {T = f32, message = "bad"} : (tensor<*xf32>) -> (tensor<*xf32>)
  %O, %ctl_6 = Neg(%C) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
