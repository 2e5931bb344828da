// RUN: tfg-opt %s --split-input-file --tfg-cse=fetch=x | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cse | FileCheck %s --check-prefix=NOFETCH

// COM: Without fetches nothing is merged in a graph.
// NOFETCH-LABEL: tfg.graph
// NOFETCH: name("b")

// COM: Commutative operands in any order; chains fold in one run; users of
// COM: the duplicate (data and control) are rewired.
// CHECK-LABEL: tfg.graph
// CHECK: %[[A:.*]], %[[ACTL:.*]] = Add(%[[X:.*]], %[[Y:.*]]) name("a")
// CHECK-NOT: name("b")
// CHECK: %[[N:.*]], %{{.*}} = Neg(%[[A]]) name("n1")
// CHECK-NOT: name("n2")
// CHECK: Mul(%[[N]], %[[N]]) [%[[ACTL]]] name("m")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<*xf32>)
  %A, %ctl_1 = Add(%X, %Y) name("a") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %B, %ctl_2 = Add(%Y, %X) name("b") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %N1, %ctl_3 = Neg(%A) name("n1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N2, %ctl_4 = Neg(%B) name("n2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %M, %ctl_5 = Mul(%N1, %N2) [%ctl_1, %ctl_2] name("m") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Refusals: non-commutative operand order, different attributes,
// COM: different devices, different control operands, stateful ops.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: name("s1")
// CHECK-DAG: name("s2")
// CHECK-DAG: name("attr1")
// CHECK-DAG: name("attr2")
// CHECK-DAG: name("dev1")
// CHECK-DAG: name("dev2")
// CHECK-DAG: name("ctl1")
// CHECK-DAG: name("ctl2")
// CHECK-DAG: name("rand1")
// CHECK-DAG: name("rand2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<*xf32>)
  %S1, %ctl_1 = Sub(%X, %Y) name("s1") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %S2, %ctl_2 = Sub(%Y, %X) name("s2") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %A1, %ctl_3 = Cast(%X) name("attr1") {SrcT = f32, DstT = i32, Truncate = false} : (tensor<*xf32>) -> (tensor<*xi32>)
  %A2, %ctl_4 = Cast(%X) name("attr2") {SrcT = f32, DstT = i32, Truncate = true} : (tensor<*xf32>) -> (tensor<*xi32>)
  %D1, %ctl_5 = Neg(%X) device("/CPU:0") name("dev1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %D2, %ctl_6 = Neg(%X) device("/GPU:0") name("dev2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %C1, %ctl_7 = Abs(%X) [%ctl] name("ctl1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %C2, %ctl_8 = Abs(%X) [%ctl_0] name("ctl2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Sh, %ctl_9 = Const name("shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %R1, %ctl_10 = RandomUniform(%Sh) name("rand1") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<*xf32>)
  %R2, %ctl_11 = RandomUniform(%Sh) name("rand2") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<*xf32>)
}

// -----

// COM: Equal control operands in another order still match; a fetched
// COM: duplicate is kept.
// CHECK-LABEL: tfg.graph
// CHECK: name("n1")
// CHECK-NOT: name("n2")
// CHECK: name("kept")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<*xf32>)
  %N1, %ctl_1 = Neg(%X) [%ctl, %ctl_0] name("n1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N2, %ctl_2 = Neg(%X) [%ctl_0, %ctl] name("n2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N3, %ctl_3 = Neg(%X) [%ctl_0, %ctl] name("kept") {T = f32, _grappler_do_not_remove} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: v1 frame nodes are never merged.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: name("enter1")
// CHECK-DAG: name("enter2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %E1, %ctl_0 = Enter(%X) name("enter1") {T = f32, frame_name = "f"} : (tensor<*xf32>) -> (tensor<*xf32>)
  %E2, %ctl_1 = Enter(%X) name("enter2") {T = f32, frame_name = "f"} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Functions are deduplicated too.
// CHECK-LABEL: tfg.func @f
// CHECK: %[[N:.*]], %{{.*}} = Neg
// CHECK-NOT: Neg
// CHECK: return(%[[N]], %[[N]])
tfg.func @f(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "a"}, tensor<*xf32> {tfg.name = "b"}) {
  %N1, %ctl = Neg(%x) name("n1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N2, %ctl_0 = Neg(%x) name("n2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%N1, %N2) : tensor<*xf32>, tensor<*xf32>
}
