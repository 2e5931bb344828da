// REQUIRES: llvm-dylib
// COM: Functions through Debian's mlir-opt with libTFGPlugin.so: they verify
// COM: (a tfg.func is a symbol in the module's symbol table), print, read
// COM: back from the generic form and from bytecode, and function passes
// COM: nest on them (tfg.func is isolated from above).
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s --mlir-print-op-generic \
// RUN:   | mlir-opt --load-dialect-plugin=%tfg_plugin | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s --emit-bytecode \
// RUN:   | mlir-opt --load-dialect-plugin=%tfg_plugin | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s --verify-roundtrip \
// RUN:   -o /dev/null
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s \
// RUN:   --pass-pipeline='builtin.module(tfg.func(tfg-cse))' \
// RUN:   | FileCheck %s --check-prefixes=CSE,KEEP
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s \
// RUN:   --pass-pipeline='builtin.module(tfg.func(tfg-toposort,tfg-cse),symbol-dce)' \
// RUN:   | FileCheck %s --check-prefixes=CSE,DCE

// CHECK-LABEL: tfg.func generic @generic_switch(
// CHECK: %[[SW:.*]], %[[SWCTL:.*]] = Switch(
// CHECK: get_result(%[[SWCTL]]) "output_false" : 0 : !tf_type.tensor
tfg.func generic @generic_switch(%data: !tf_type.tensor {tfg.name = "data"},
                                 %pred: !tf_type.tensor {tfg.name = "pred"})
    -> (!tf_type.tensor {tfg.name = "out"}) {
  %true, %ctl = Switch(%data, %pred) name("switch") : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %false = get_result(%ctl) "output_false" : 0 : !tf_type.tensor
  return(%false) : !tf_type.tensor
}

// CHECK-LABEL: tfg.func @regions(
// CHECK: IfRegion
// CHECK: CaseRegion
// CHECK: WhileRegion
// CHECK: return(
// CSE-LABEL: tfg.func @regions(
// CSE: %[[N:.*]], %{{.*}} = Neg(%x) name("n1")
// CSE-NOT: name("n2")
// CSE: IfRegion
// CSE: CaseRegion
// CSE: WhileRegion
// CSE: return(%[[N]], %[[N]], %{{.*}}, %{{.*}}, %{{.*}})
tfg.func @regions(%x: tensor<f32> {tfg.name = "x"},
                  %c: tensor<i1> {tfg.name = "c"},
                  %i: tensor<i32> {tfg.name = "i"})
    -> (tensor<f32> {tfg.name = "a"}, tensor<f32> {tfg.name = "b"},
        tensor<f32> {tfg.name = "if"}, tensor<f32> {tfg.name = "case"},
        tensor<i32> {tfg.name = "while"}) {
  %N1, %ctl = Neg(%x) name("n1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %N2, %ctl_0 = Neg(%x) name("n2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %If, %ctl_1 = IfRegion %c then {
    yield(%N1) : tensor<f32>
  } else {
    %Neg, %ctl_n = Neg(%x) name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%Neg) : tensor<f32>
  } {_mlir_name = "ifr"} : (tensor<i1>) -> tensor<f32>
  %Case, %ctl_2 = CaseRegion %i {
    yield(%x) : tensor<f32>
  }, {
    yield(%N2) : tensor<f32>
  } {_mlir_name = "caser"} : (tensor<i32>) -> tensor<f32>
  %While, %ctl_3 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    %Less, %ctl_l = Less(%arg0, %i) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%arg0) [%arg1] : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } {_mlir_name = "whiler", parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
  return(%N1, %N2, %If, %Case, %While) : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>
}

// COM: symbol-dce keeps a function a graph names and drops a private one
// COM: nothing names.
// CHECK-LABEL: tfg.func @then(
// CHECK-LABEL: tfg.func private @unused(
// CHECK-LABEL: tfg.graph
// CHECK: If(%{{.*}}, %{{.*}}) name("if") {else_branch = #tf_type.func<@then, {}>, then_branch = #tf_type.func<@then, {}>}
// CSE-LABEL: tfg.func @then(
// KEEP: tfg.func private @unused(
// DCE-NOT: @unused
// CSE: tfg.graph
tfg.func @then(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32>) {
  return(%x) : tensor<f32>
}
tfg.func @unused(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32>)
    attributes {sym_visibility = "private"} {
  return(%x) : tensor<f32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %x, %ctl_0 = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %If, %ctl_1 = If(%c, %x) name("if") {then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)
}
