// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out remove-involution=false' | FileCheck %s --check-prefix=OFF
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out unsafe-math=true' | FileCheck %s --check-prefix=UNSAFE

// COM: RemoveInvolution: Neg(Neg(x)) -> x, unless the outer Neg has
// COM: control operands (a bypass hands them to its users, and along a
// COM: chain they would pile up). Through a single-use Transpose the chain
// COM: is rebuilt on x and takes the outer Neg's name. The nodes left
// COM: without users (n3, t, l1) are erased.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[C:.*]] = NoOp name("c")
// CHECK: Neg(%{{.*}}) [%[[C]]] name("n2")
// CHECK: Identity(%[[X]]) [%[[C]]] name("out4")
// CHECK-NOT: name("n3")
// CHECK-NOT: name("t")
// CHECK: %[[P:.*]], %{{.*}} = Const name("perm")
// CHECK: %[[T:.*]], %{{.*}} = Transpose(%[[X]], %[[P]]) name("n4") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
// CHECK: Identity(%[[T]]) name("out2")
// CHECK: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK: Identity(%[[B]]) name("out3")
// CHECK-NOT: name("l1")
// OFF: Neg(%{{.*}}) [%{{.*}}] name("n2")
// OFF: Neg(%{{.*}}) name("n4")
// OFF: LogicalNot(%{{.*}}) name("l2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3xf32>)
  %ctl_c = NoOp name("c")
  %N1, %ctl_1 = Neg(%X) name("n1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %N2, %ctl_2 = Neg(%N1) [%ctl_c] name("n2") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O, %ctl_3 = Identity(%N2) name("out") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %N5, %ctl_n5 = Neg(%X) name("n5") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %N6, %ctl_n6 = Neg(%N5) name("n6") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O4, %ctl_o4 = Identity(%N6) [%ctl_c] name("out4") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %P, %ctl_p = Const name("perm") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %N3, %ctl_4 = Neg(%X) name("n3") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %T, %ctl_5 = Transpose(%N3, %P) name("t") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
  %N4, %ctl_6 = Neg(%T) name("n4") {T = f32} : (tensor<3x2xf32>) -> (tensor<3x2xf32>)
  %O2, %ctl_7 = Identity(%N4) name("out2") {T = f32} : (tensor<3x2xf32>) -> (tensor<3x2xf32>)
  %B, %ctl_9 = Placeholder name("b") {dtype = i1} : () -> (tensor<*xi1>)
  %L1, %ctl_8 = LogicalNot(%B) name("l1") : (tensor<*xi1>) -> (tensor<*xi1>)
  %L2, %ctl_10 = LogicalNot(%L1) name("l2") : (tensor<*xi1>) -> (tensor<*xi1>)
  %O3, %ctl_11 = Identity(%L2) name("out3") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
}

// -----

// COM: Negative cases: the inner Neg has a control operand; the Transpose
// COM: between has a second user; Reciprocal is not exact (unsafe-math).
// CHECK-LABEL: tfg.graph
// CHECK: Neg(%{{.*}}) name("n2")
// CHECK: Neg(%{{.*}}) name("n4")
// CHECK: Reciprocal(%{{.*}}) name("r2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x2xf32>)
  %ctl_c = NoOp name("c")
  %N1, %ctl_1 = Neg(%X) [%ctl_c] name("n1") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %N2, %ctl_2 = Neg(%N1) name("n2") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %O, %ctl_3 = Identity(%N2) name("out") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %P, %ctl_p = Const name("perm") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %N3, %ctl_4 = Neg(%X) name("n3") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %T, %ctl_5 = Transpose(%N3, %P) name("t") {T = f32, Tperm = i32} : (tensor<2x2xf32>, tensor<2xi32>) -> (tensor<2x2xf32>)
  %N4, %ctl_6 = Neg(%T) name("n4") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %O2, %ctl_7 = AddV2(%N4, %T) name("out2") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %R1, %ctl_8 = Reciprocal(%X) name("r1") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %R2, %ctl_9 = Reciprocal(%R1) name("r2") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %O3, %ctl_10 = Identity(%R2) name("out3") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
}

// -----

// COM: With unsafe-math, Reciprocal(Reciprocal(x)) -> x for floats only.
// CHECK-LABEL: tfg.graph
// UNSAFE-LABEL: tfg.graph
// UNSAFE: %[[X:.*]], %{{.*}} = Placeholder name("x")
// UNSAFE: Identity(%[[X]]) name("out") {T = f32} : (tensor<2xf32>)
// UNSAFE-NOT: name("r2")
// UNSAFE: Reciprocal(%{{.*}}) name("i2")

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %R1, %ctl_1 = Reciprocal(%X) name("r1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %R2, %ctl_2 = Reciprocal(%R1) name("r2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %O, %ctl_3 = Identity(%R2) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %I, %ctl_4 = Placeholder name("i") {dtype = i32} : () -> (tensor<2xi32>)
  %I1, %ctl_5 = Reciprocal(%I) name("i1") {T = i32} : (tensor<2xi32>) -> (tensor<2xi32>)
  %I2, %ctl_6 = Reciprocal(%I1) name("i2") {T = i32} : (tensor<2xi32>) -> (tensor<2xi32>)
  %O2, %ctl_7 = Identity(%I2) name("out2") {T = i32} : (tensor<2xi32>) -> (tensor<2xi32>)
}
