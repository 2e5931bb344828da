// RUN: tfg-opt %s --split-input-file --tfg-cse=fetch=out | FileCheck %s

// COM: A node of a region equal to a node of an enclosing block is replaced
// COM: by it, two levels deep, and chains fold in one run: abs2 (two levels
// COM: in) becomes abs1 (one level in) once inner2 became outer. Equal
// COM: nodes of one region merge too.
// CHECK-LABEL: tfg.graph
// CHECK: %[[N:.*]], %{{.*}} = Neg(%[[X:.*]]) name("outer")
// CHECK: IfRegion
// CHECK-NEXT: %[[S:.*]], %{{.*}} = Sqrt(%[[X]]) name("sqrt1")
// CHECK-NEXT: IfRegion
// CHECK-NEXT: yield(%[[A1:.*]], %[[S]]) : tensor<f32>, tensor<f32>
// CHECK-NEXT: } else {
// CHECK-NEXT: yield(%[[N]], %[[S]]) : tensor<f32>, tensor<f32>
// CHECK-NEXT: } {{.*}}_mlir_name = "if2"
// CHECK-NEXT: %[[A1]], %{{.*}} = Abs(%[[N]]) name("abs1")
// CHECK-NEXT: yield
// CHECK-NEXT: } else {
// CHECK-NEXT: yield(%[[N]], %[[N]])
// CHECK-NEXT: } {{.*}}_mlir_name = "if1"
// CHECK-NOT: name("inner
// CHECK-NOT: name("abs2")
// CHECK-NOT: name("sqrt2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %cp = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %X, %cx = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %N, %cn = Neg(%X) name("outer") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %R:2, %cr = IfRegion %P then {
    %N1, %c1 = Neg(%X) name("inner1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %S1, %cs1 = Sqrt(%X) name("sqrt1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %R2:2, %cr2 = IfRegion %P then {
      %N2, %c2 = Neg(%X) name("inner2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      %A2, %ca2 = Abs(%N2) [%c2] name("abs2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      %S2, %cs2 = Sqrt(%X) name("sqrt2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      yield(%A2, %S2) : tensor<f32>, tensor<f32>
    } else {
      %N3, %c3 = Neg(%X) name("inner3") {T = f32} : (tensor<f32>) -> (tensor<f32>)
      yield(%N3, %S1) : tensor<f32>, tensor<f32>
    } name("if2") {Tcond = i1, Tin = [], Tout = [f32, f32]} : (tensor<i1>) -> (tensor<f32>, tensor<f32>)
    %A1, %ca1 = Abs(%N1) [%c1] name("abs1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %S3, %cs3 = Sqrt(%X) name("sqrt3") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%R2#0, %S3) : tensor<f32>, tensor<f32>
  } else {
    %N4, %c4 = Neg(%X) name("inner4") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%N4, %N) : tensor<f32>, tensor<f32>
  } name("if1") {Tcond = i1, Tin = [], Tout = [f32, f32]} : (tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %O, %co = Identity(%R#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Refusals: a stateful node, other attributes, other control operands,
// COM: another device, a node using a region argument. The outer nodes stay
// COM: and so do the inner ones.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: name("rand_in")
// CHECK-DAG: name("cast_in")
// CHECK-DAG: name("ctl_in")
// CHECK-DAG: name("dev_in")
// CHECK-DAG: name("arg_in")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %cp = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %X, %cx = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %I, %ci = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %Sh, %csh = Const name("shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %R0, %cr0 = RandomUniform(%Sh) name("rand") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<*xf32>)
  %C0, %cc0 = Cast(%X) name("cast") {SrcT = f32, DstT = i32, Truncate = false} : (tensor<f32>) -> (tensor<i32>)
  %A0, %ca0 = Abs(%X) [%cp] name("ctl") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %D0, %cd0 = Exp(%X) device("/CPU:0") name("dev") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %G0, %cg0 = Neg(%I) name("arg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R:4, %cr = IfRegion %P then {
    %R1, %cr1 = RandomUniform(%Sh) name("rand_in") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<*xf32>)
    %C1, %cc1 = Cast(%X) name("cast_in") {SrcT = f32, DstT = i32, Truncate = true} : (tensor<f32>) -> (tensor<i32>)
    %A1, %ca1 = Abs(%X) [%cx] name("ctl_in") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %D1, %cd1 = Exp(%X) device("/GPU:0") name("dev_in") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%R1, %C1, %A1, %D1) : tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>
  } else {
    yield(%R0, %C0, %A0, %D0) : tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>
  } name("if") {Tcond = i1, Tin = [], Tout = [f32, i32, f32, f32]} : (tensor<i1>) -> (tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>)
  %W, %cw = WhileRegion(%I) {
  ^bb0(%a: tensor<i32>, %actl: !tf_type.control):
    %Less, %cl = Less(%a, %I) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%a) : tensor<i32>
  } do {
  ^bb0(%a: tensor<i32>, %actl: !tf_type.control):
    %G1, %cg1 = Neg(%a) name("arg_in") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%G1) : tensor<i32>
  } name("while") {T = [i32]} : (tensor<i32>) -> (tensor<i32>)
  %O, %co = Identity(%R#0) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: A node of a sibling region is never used: the equal nodes of two
// COM: branches, and of two region ops, all stay.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: name("then_sqrt")
// CHECK-DAG: name("else_sqrt")
// CHECK-DAG: name("if1_exp")
// CHECK-DAG: name("if2_exp")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %cp = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %X, %cx = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %R1, %cr1 = IfRegion %P then {
    %S1, %cs1 = Sqrt(%X) name("then_sqrt") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%S1) : tensor<f32>
  } else {
    %S2, %cs2 = Sqrt(%X) name("else_sqrt") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%S2) : tensor<f32>
  } name("if1") {Tcond = i1, Tin = [], Tout = [f32]} : (tensor<i1>) -> (tensor<f32>)
  %R2, %cr2 = IfRegion %P then {
    %E1, %ce1 = Exp(%R1) name("if1_exp") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%E1) : tensor<f32>
  } else {
    yield(%X) : tensor<f32>
  } name("if2") {Tcond = i1, Tin = [], Tout = [f32]} : (tensor<i1>) -> (tensor<f32>)
  %R3, %cr3 = IfRegion %P then {
    %E2, %ce2 = Exp(%R1) name("if2_exp") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%E2) : tensor<f32>
  } else {
    yield(%X) : tensor<f32>
  } name("if3") {Tcond = i1, Tin = [], Tout = [f32]} : (tensor<i1>) -> (tensor<f32>)
  %O, %co = AddN(%R2, %R3) name("out") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: A loop region takes no new value from outside (tfg-region-to-
// COM: functional converts no loop that captures): the loop's Const stays.
// COM: A node that already takes a value from outside the loop becomes the
// COM: equal outer node (the loop captures no more than before), and the
// COM: equal nodes of the loop body merge, into an If nested in it too.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[ONE:.*]], %{{.*}} = Const name("one")
// CHECK-DAG: %[[N:.*]], %{{.*}} = Neg(%[[X:.*]]) name("neg")
// CHECK: WhileRegion
// CHECK: %[[ONE_IN:.*]], %{{.*}} = Const name("one_in")
// CHECK: %[[SUM:.*]], %{{.*}} = Add(%[[A:.*]], %[[ONE_IN]]) name("add1")
// CHECK: IfRegion
// CHECK-NEXT: yield(%[[SUM]], %[[N]])
// CHECK-NOT: name("neg_in")
// CHECK-NOT: name("add2")
// CHECK-NOT: name("add3")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %cp = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %X, %cx = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %I, %ci = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %One, %c1 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %N, %cn = Neg(%X) name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %W:2, %cw = WhileRegion(%I, %X) {
  ^bb0(%a: tensor<i32>, %x: tensor<f32>, %actl: !tf_type.control, %xctl: !tf_type.control):
    %Less, %cl = Less(%a, %a) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%a, %x) : tensor<i32>, tensor<f32>
  } do {
  ^bb0(%a: tensor<i32>, %x: tensor<f32>, %actl: !tf_type.control, %xctl: !tf_type.control):
    %OneIn, %c2 = Const name("one_in") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %NIn, %c3 = Neg(%X) name("neg_in") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %Add1, %c4 = Add(%a, %OneIn) name("add1") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Add2, %c5 = Add(%OneIn, %a) name("add2") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %R:2, %cr = IfRegion %P then {
      %Add3, %c6 = Add(%a, %OneIn) name("add3") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
      yield(%Add3, %NIn) : tensor<i32>, tensor<f32>
    } else {
      yield(%Add2, %x) : tensor<i32>, tensor<f32>
    } name("if") {Tcond = i1, Tin = [], Tout = [i32, f32]} : (tensor<i1>) -> (tensor<i32>, tensor<f32>)
    yield(%R#0, %R#1) : tensor<i32>, tensor<f32>
  } name("while") {T = [i32, f32]} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  %O, %co = Identity(%W#0) name("out") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
