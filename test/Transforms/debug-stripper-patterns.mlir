// RUN: tfg-opt %s --split-input-file --tfg-debug-stripper | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-debug-stripper --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// COM: The PDLL patterns of lib/Transforms/patterns/DebugStripper.pdll, run
// COM: by the graph rewrite driver: each replacement keeps the stripped
// COM: node's name, device, full type and control operands, and control
// COM: users wait for it.

// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %[[XCTL:.*]] = Placeholder name("x")
// CHECK-DAG: %[[C:.*]] = NoOp name("c")
// CHECK-DAG: %[[V2:.*]], %[[V2CTL:.*]] = Identity(%[[X]]) [%[[C]]] device("/GPU:0") name("v2") {T = f32}
// CHECK-DAG: NoOp [%[[V2CTL]]] name("after")
// CHECK-DAG: Abs(%[[V2]]) name("use")
// CHECK-NOT: CheckNumericsV2
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %ctl_0 = NoOp name("c")
  %C, %ctl_1 = CheckNumericsV2(%X) [%ctl_0] device("/GPU:0") name("v2") {T = f32, message = "m"} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_2 = NoOp [%ctl_1] name("after")
  %U, %ctl_3 = Abs(%C) name("use") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: A node written without T strips to an Identity without T; the full
// COM: type goes with the name.
// CHECK-LABEL: tfg.graph
// CHECK: Identity(%{{.*}}) name("untyped") :
// GENERIC-LABEL: "tfg.graph"
// GENERIC: "tfg.Identity"(%{{.*}}) <"typed"> {T = f32, _mlir_fulltype = #tf_type.full_type<tensor<float>>}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_0 = CheckNumerics(%X) name("untyped") : (tensor<*xf32>) -> (tensor<*xf32>)
  %D, %ctl_1 = CheckNumerics(%C) name("typed") {T = f32, _mlir_fulltype = #tf_type.full_type<tensor<float>>, message = ""} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Function bodies too; a control return keeps its node's name.
// CHECK-LABEL: tfg.func @f
// CHECK: %[[A:.*]] = NoOp [%x.ctl] name("assert")
// CHECK: return(%x) [%[[A]] {tfg.name = "a"}]
tfg.func @f(%x: tensor<*xi1> {tfg.name = "x"}) -> (tensor<*xi1> {tfg.name = "y"}) {
  %ctl = Assert(%x) name("assert") {T = [], summarize = 3 : i64} : (tensor<*xi1>) -> ()
  return(%x) [%ctl {tfg.name = "a"}] : tensor<*xi1>
}
