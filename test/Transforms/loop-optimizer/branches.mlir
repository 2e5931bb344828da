// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer='fetch=out' | FileCheck %s

// COM: If, StatelessIf and Case with a constant condition or index become
// COM: calls of the branch taken, named like them; an out-of-range Case
// COM: index takes the last branch.
// CHECK-LABEL: tfg.graph
// CHECK: StatefulPartitionedCall(%{{.*}}) [%{{.*}}] name("if") {{.*}}f = #tf_type.func<@inc, {}>
// CHECK: PartitionedCall(%{{.*}}) [%{{.*}}] name("sif") {{.*}}f = #tf_type.func<@dec, {}>
// CHECK: StatefulPartitionedCall(%{{.*}}) [%{{.*}}] name("case") {{.*}}f = #tf_type.func<@dec, {}>
// CHECK: StatefulPartitionedCall(%{{.*}}) [%{{.*}}] name("case_oob") {{.*}}f = #tf_type.func<@dec, {}>
// COM: Negative: an unknown condition, and a fetched If.
// CHECK: If(%{{.*}}, %{{.*}}) name("unknown")
// CHECK: If(%{{.*}}, %{{.*}}) name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Q, %cq = Placeholder name("q") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %T, %c1 = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %F, %c2 = Const name("f") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %One, %c3 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Nine, %c4 = Const name("nine") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
  %If, %c5 = If(%T, %X) name("if") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@dec, {}>, Tcond = i1, Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  %SIf, %c6 = StatelessIf(%F, %If) name("sif") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@dec, {}>, Tcond = i1, Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  %Case, %c7 = Case(%One, %SIf) name("case") {branches = [#tf_type.func<@inc, {}>, #tf_type.func<@dec, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %CaseO, %c8 = Case(%Nine, %Case) name("case_oob") {branches = [#tf_type.func<@inc, {}>, #tf_type.func<@dec, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %U, %c9 = If(%Q, %CaseO) name("unknown") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@dec, {}>, Tcond = i1, Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  %O, %c10 = If(%T, %U) name("out") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@dec, {}>, Tcond = i1, Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
}
tfg.func @inc(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%v, %One) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @dec(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Sub, %ctl_0 = Sub(%v, %One) name("sub") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Sub) : tensor<i32>
}

// -----

// COM: IfRegion and CaseRegion with a constant condition or index are
// COM: replaced by the ops of the region taken, also inside a loop body.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: IfRegion
// CHECK-NOT: CaseRegion
// CHECK-NOT: name("neg")
// CHECK: Const [%{{.*}}] name("nine")
// CHECK: WhileRegion
// CHECK: AddV2(%{{.*}}, %{{.*}}) [%{{.*}}] name("twice")
// CHECK: name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %T, %c1 = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %Seven, %c2 = Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c3 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Five, %c4 = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %If, %c6 = IfRegion %T then {
    yield(%Seven) : tensor<i32>
  } else {
    %Neg, %cn = Neg(%Seven) name("neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%Neg) : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> tensor<i32>
  %Case, %c7 = CaseRegion %One {
    yield(%If) : tensor<i32>
  }, {
    %Nine, %c9 = Const name("nine") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
    yield(%Nine) : tensor<i32>
  } {_mlir_name = "case"} : (tensor<i32>) -> tensor<i32>
  %While:2, %c10 = WhileRegion(%X, %Case) {
  ^bb0(%i: tensor<i32>, %acc: tensor<i32>, %ic: !tf_type.control, %accc: !tf_type.control):
    %Less, %cl = Less(%i, %Five) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%i, %acc) : tensor<i32>, tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %acc: tensor<i32>, %ic: !tf_type.control, %accc: !tf_type.control):
    %Next, %cn = AddV2(%i, %One) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Step, %cs = IfRegion %T then {
      %Twice, %ct = AddV2(%acc, %acc) name("twice") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
      yield(%Twice) : tensor<i32>
    } else {
      yield(%acc) : tensor<i32>
    } {_mlir_name = "step"} : (tensor<i1>) -> tensor<i32>
    yield(%Next, %Step) : tensor<i32>, tensor<i32>
  } {_mlir_name = "while", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %O, %c11 = Identity(%While#1) name("out") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

// -----

// COM: Negative: an IfRegion on an unknown condition is kept.
// CHECK-LABEL: tfg.graph
// CHECK: IfRegion
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Q, %cq = Placeholder name("q") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %Seven, %c2 = Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %If, %c6 = IfRegion %Q then {
    yield(%Seven) : tensor<i32>
  } else {
    %Neg, %cn = Neg(%Seven) name("neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%Neg) : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> tensor<i32>
  %O, %c11 = Identity(%If) name("out") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

// -----

// COM: Negative: a `_grappler_do_not_remove` If keeps its form.
// CHECK-LABEL: tfg.graph
// CHECK: If(%{{.*}}, %{{.*}}) name("keep")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %T, %c1 = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %If, %c5 = If(%T, %X) name("keep") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@inc, {}>, Tcond = i1, Tin = [i32], Tout = [i32], output_shapes = [], _grappler_do_not_remove = true} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  %O, %c6 = Identity(%If) name("out") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
tfg.func @inc(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%v, %One) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
