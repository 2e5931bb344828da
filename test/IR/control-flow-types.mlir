// RUN: tfg-opt %s | tfg-opt | FileCheck %s

// What the checks of functional and region control flow accept: types that
// may be the same (unranked and ranked, the opaque !tf_type.tensor),
// resources and variants whatever their subtypes, references where their
// values are expected, placeholders and generic callees, callees outside
// the module, and loop conditions of any type.

// CHECK-LABEL: tfg.func @resource_branch
tfg.func @resource_branch(%arg0: tensor<*x!tf_type.resource<tensor<32xf32>>>) -> (tensor<i32>) {
  %A, %ctl = A name("a") : () -> (tensor<i32>)
  return(%A) : tensor<i32>
}

tfg.func @ref_branch(%x: tensor<*xf32>) -> (tensor<*xf32>) {
  return(%x) : tensor<*xf32>
}

tfg.func @ranked_branch(%x: tensor<4xf32>) -> (tensor<4xf32>) {
  return(%x) : tensor<4xf32>
}

tfg.func generic @generic_branch(%x: !tf_type.tensor, %y: !tf_type.tensor) -> (!tf_type.tensor) {
  return(%x) : !tf_type.tensor
}

tfg.func @cond(%x: tensor<*xf32>) -> (tensor<f32>) {
  %C, %ctl = C name("c") : () -> (tensor<f32>)
  return(%C) : tensor<f32>
}

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %index, %arg, %ctl = Args name("args") : () -> (tensor<i32>, tensor<*x!tf_type.resource>)
  // CHECK: Case
  %Case, %ctl_0 = Case(%index, %arg) name("case") {Tin = [!tf_type.resource], Tout = [i32], branches = [#tf_type.func<@resource_branch, {}>]} : (tensor<i32>, tensor<*x!tf_type.resource>) -> (tensor<i32>)
  %v, %ctl_1 = VariableV2 name("v") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4x!tf_type.f32ref>)
  %c, %ctl_2 = C name("pred") : () -> (tensor<i1>)
  // CHECK: If
  %If, %ctl_3 = If(%c, %v) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tf_type.func<@ref_branch, {}>, else_branch = #tf_type.func<@ranked_branch, {}>} : (tensor<i1>, tensor<4x!tf_type.f32ref>) -> (tensor<*xf32>)
  // CHECK: StatelessIf
  %If2, %ctl_4 = StatelessIf(%c, %v) name("if2") {Tcond = #tf_type.placeholder<"Tc">, Tin = #tf_type.placeholder<"Tin">, then_branch = #tf_type.func<@generic_branch, {}>, else_branch = #tf_type.func<@elsewhere, {}>} : (tensor<i1>, tensor<4x!tf_type.f32ref>) -> (tensor<*xf32>)
  %x, %ctl_5 = X name("x") : () -> (tensor<*xf32>)
  // CHECK: While
  %W, %ctl_6 = While(%x) name("w") {T = [f32], cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@ref_branch, {}>} : (tensor<*xf32>) -> (tensor<4xf32>)
  // CHECK: IfRegion
  %IfRegion, %ctl_7 = IfRegion %c then {
    yield(%v) : tensor<4x!tf_type.f32ref>
  } else {
    yield(%x) : tensor<*xf32>
  } name("ifr") : (tensor<i1>) -> (tensor<4xf32>)
  // CHECK: WhileRegion
  %WR, %ctl_8 = WhileRegion(%x) {
  ^bb0(%a: tensor<?xf32>, %ac: !tf_type.control):
    %p, %ctl_9 = P name("p") : () -> (tensor<f32>)
    condition %p : tensor<f32> (%a) : tensor<?xf32>
  } do {
  ^bb0(%a: tensor<4xf32>, %ac: !tf_type.control):
    yield(%a) : tensor<4xf32>
  } {cond_region_attrs = #tfg.region_attrs<{} [{}] [{}]>, body_region_attrs = #tfg.region_attrs<{} [{}] [{}]>, _mlir_name = "wr"} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: CaseRegion
  %CR, %ctl_10 = CaseRegion %index {
    yield(%x) : tensor<*xf32>
  }, {
    yield(%x) : tensor<*xf32>
  } {branch_attrs = [{}, {}], region_attrs = [#tfg.region_attrs<{} [{tfg.name = "a"}, {}] [{}]>, #tfg.region_attrs<{} [] [{}]>], _mlir_name = "cr"} : (tensor<i32>) -> (tensor<*xf32>)
}
