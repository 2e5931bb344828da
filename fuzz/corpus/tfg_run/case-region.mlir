// RUN: tfg-opt %s --tfg-constant-folding='fetch=out,oob,if,if_false,after,dynamic,empty' | FileCheck %s
// RUN: tfg-opt %s --tfg-constant-folding | FileCheck %s --check-prefix=BARE
// RUN: tfg-opt %s --tfg-constant-folding='feed=i1,t fetch=out,oob,if,if_false,after,dynamic,empty' | FileCheck %s --check-prefix=FED
// RUN: tfg-run %s --input=x=random:5 --fetch=out,oob,if,if_false,dynamic --check-pipeline='tfg-constant-folding{fetch=out,oob,if,if_false,after,dynamic,empty}' | FileCheck %s --check-prefix=RUNOUT
// RUN: tfg-run %s --input=x=random:5 --fetch=out,oob,if,if_false,dynamic --check-pipeline=tfg-constant-folding | FileCheck %s --check-prefix=RUNOUT

// COM: A CaseRegion with a constant index (the last branch out of range)
// COM: and an IfRegion with a constant condition are replaced by the body
// COM: of the region they run. Its nodes move before the region op, named
// COM: `<region op>/<name>` (uniqued); the nodes that read nothing computed
// COM: in the region wait for the region op's control operands and the
// COM: index's anchor; the results become the yielded values; users of the
// COM: region op's control token wait for the yield's control operands,
// COM: the yielded values' producers and the region op's control operands.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %[[XC:.*]] = Placeholder name("x")
// CHECK: %[[DEP:.*]] = NoOp name("dep")
// CHECK: %[[C:.*]], %[[CC:.*]] = Const [%[[DEP]]] name("case/c") {dtype = i32, value = dense<20> : tensor<i32>}
// CHECK: %[[A:.*]], %[[AC:.*]] = AddV2(%[[X]], %[[C]]) name("case/add")
// CHECK-NOT: CaseRegion
// CHECK: Identity(%[[A]]) name("out")
// COM: A fetched region op keeps its name on an IdentityN of the yielded
// COM: values (a NoOp when it yields nothing).
// CHECK: %[[N:.*]], %[[NC:.*]] = Neg(%[[X]]) [%[[NINE:.*]]] name("oob/neg")
// CHECK: IdentityN(%[[N]]) [%[[NC]], %[[NINE]]] name("oob") {T = [i32]}
// COM: "if/sq" is taken.
// CHECK: %[[SQ:.*]], %[[SQC:.*]] = Square(%[[X]]) name("if/sq/1")
// CHECK: IdentityN(%[[SQ]]) [%[[SQC]]] name("if")
// COM: A non-scalar condition is true when it is not empty: 2x0 is false.
// CHECK: %[[SQ2:.*]], %{{.*}} = Square(%[[X]]) name("if_false/sq")
// CHECK: IdentityN(%[[SQ2]]) {{.*}} name("if_false")
// CHECK: NoOp [%[[AC]], %[[CC]], %[[DEP]]] name("after")
// CHECK: CaseRegion %[[X]]
// COM: Not inlined: an index that is not a scalar (TensorFlow fails), a
// COM: _grappler_do_not_remove region op.
// CHECK: CaseRegion %{{.*}} {
// CHECK: {_mlir_name = "vec"}
// CHECK: CaseRegion %{{.*}} {
// CHECK: _mlir_name = "kept"
// COM: A region yielding nothing: its users wait for the yield's controls.
// CHECK: %{{.*}}, %[[E:.*]] = Const name("empty/e")
// CHECK: NoOp [%[[E]]] name("empty")
// COM: Without fetches (nodes may not be deleted), the region op's name
// COM: stays on an IdentityN of the yielded values.
// BARE: %[[A:.*]], %[[AC:.*]] = AddV2(%{{.*}}, %{{.*}}) name("case/add")
// BARE: %[[CASE:.*]], %[[CASEC:.*]] = IdentityN(%[[A]]) [%[[AC]], %{{.*}}, %{{.*}}] name("case") {T = [i32]}
// BARE: Identity(%[[CASE]]) name("out")
// BARE: NoOp [%[[CASEC]]] name("after")
// FED: CaseRegion %{{.*}} [%{{.*}}] {
// FED: Identity(%{{.*}}) name("out")
// FED: IfRegion
// RUNOUT: out: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: oob: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: if: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: if_false: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: dynamic: max_abs_diff=0 max_rel_diff=0 ok
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %One, %c1 = Const name("i1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Nine, %c2 = Const [%c5] name("i9") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
  %T, %c3 = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %F, %c4 = Const name("f") {dtype = i1, value = dense<false> : tensor<2x0xi1>} : () -> (tensor<2x0xi1>)
  %c5 = NoOp name("dep") : () -> ()
  %Taken, %c14 = Const name("if/sq") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %Case, %c6 = CaseRegion %One [%c5] {
    %C, %cc = Const name("c") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %A, %ca = AddV2(%X, %C) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%A) : tensor<i32>
  }, {
    %C, %cc = Const name("c") {dtype = i32, value = dense<20> : tensor<i32>} : () -> (tensor<i32>)
    %A, %ca = AddV2(%X, %C) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%A) [%cc] : tensor<i32>
  } {_mlir_name = "case"} : (tensor<i32>) -> tensor<i32>
  %Out, %c7 = Identity(%Case) name("out") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Oob, %c8 = CaseRegion %Nine {
    yield(%X) : tensor<i32>
  }, {
    %N, %cn = Neg(%X) name("neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%N) : tensor<i32>
  } {_mlir_name = "oob"} : (tensor<i32>) -> tensor<i32>
  %If, %c9 = IfRegion %T then {
    %S, %cs = Square(%X) name("sq") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%S) : tensor<i32>
  } else {
    yield(%X) : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> tensor<i32>
  %IfF, %c10 = IfRegion %F then {
    yield(%X) : tensor<i32>
  } else {
    %S, %cs = Square(%X) name("sq") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%S) : tensor<i32>
  } {_mlir_name = "if_false"} : (tensor<2x0xi1>) -> tensor<i32>
  %c11 = NoOp [%c6] name("after") : () -> ()
  %Dyn, %c12 = CaseRegion %X {
    yield(%X) : tensor<i32>
  }, {
    %N, %cn = Neg(%X) name("neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%N) : tensor<i32>
  } {_mlir_name = "dynamic"} : (tensor<i32>) -> tensor<i32>
  %Vec, %c15 = Const name("vec_index") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %VC, %c16 = CaseRegion %Vec {
    yield(%X) : tensor<i32>
  }, {
    yield(%X) : tensor<i32>
  } {_mlir_name = "vec"} : (tensor<1xi32>) -> tensor<i32>
  %KC, %c17 = CaseRegion %One {
    yield(%X) : tensor<i32>
  }, {
    yield(%X) : tensor<i32>
  } {_mlir_name = "kept", _grappler_do_not_remove = true} : (tensor<i32>) -> tensor<i32>
  %c13 = StatelessCaseRegion %One {
    yield
  }, {
    %E, %ce = Const name("e") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    yield [%ce]
  } {_mlir_name = "empty"} : (tensor<i32>) -> ()
}

// COM: In a function, the returned result becomes the yielded value.
// CHECK-LABEL: tfg.func @f
// CHECK: %[[D:.*]], %{{.*}} = Const name("i") {dtype = i32, value = dense<0> : tensor<i32>}
// CHECK-NEXT: %[[V:.*]], %{{.*}} = Neg(%{{.*}}) name("c/n")
// CHECK-NEXT: return(%[[V]])
tfg.func @f(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %I, %ci = Const name("i") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %C, %cc = StatelessCaseRegion %I {
    %N, %cn = Neg(%v) name("n") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%N) : tensor<i32>
  }, {
    yield(%v) : tensor<i32>
  } {_mlir_name = "c"} : (tensor<i32>) -> tensor<i32>
  return(%C) : tensor<i32>
}
