// RUN: tfg-opt %s --split-input-file --tfg-constant-folding='feed=fed fetch=out' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-constant-folding=max-constant-size=16 | FileCheck %s --check-prefix=SMALL
// RUN: not tfg-opt %s --split-input-file --tfg-constant-folding=max-constant-size=-1 2>&1 | FileCheck %s --check-prefix=NEG

// NEG: max-constant-size must not be negative

// COM: Stateful nodes, Placeholders, fed nodes and the users of fed
// COM: Consts are not folded; a fetched node keeps its name as a Const.
// CHECK-LABEL: tfg.graph
// CHECK: RandomUniform(%{{.*}}) name("rand")
// CHECK: %[[F:.*]], %{{.*}} = Const name("fed")
// CHECK: Neg(%[[F]]) name("uses_fed")
// CHECK: Const name("out") {dtype = i32, value = dense<-2> : tensor<1xi32>}

// COM: Results over max-constant-size (16 bytes) are not created.
// SMALL-LABEL: tfg.graph
// SMALL: Fill(%{{.*}}, %{{.*}}) name("big")
// SMALL: Const name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Sh, %ctl = Const name("shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %R, %ctl_0 = RandomUniform(%Sh) name("rand") {T = i32, dtype = f32, seed = 7 : i64, seed2 = 3 : i64} : (tensor<1xi32>) -> (tensor<*xf32>)
  %F, %ctl_1 = Const name("fed") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %N, %ctl_2 = Neg(%F) name("uses_fed") {T = f32} : (tensor<f32>) -> (tensor<*xf32>)
  %O, %ctl_3 = Neg(%Sh) name("out") {T = i32} : (tensor<1xi32>) -> (tensor<*xi32>)
  %Big, %ctl_4 = Const name("bigshape") {dtype = i32, value = dense<[8]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %V, %ctl_5 = Const name("v") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %Fill, %ctl_6 = Fill(%Big, %V) name("big") {T = f32, index_type = i32} : (tensor<1xi32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// COM: A fetched node with several results is not folded (its outputs are
// COM: named after it).
// CHECK-LABEL: tfg.graph
// CHECK: Unpack(%{{.*}}) name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %U:2, %ctl_0 = Unpack(%C) name("out") {T = i32, axis = 0 : i64, num = 2 : i64} : (tensor<2x2xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %I0, %ctl_1 = Identity(%U#0) name("i0") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Fd, %ctl_2 = Const name("fed") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
}

// -----

// COM: Ops without a kernel (MatrixInverse) and _grappler_do_not_remove
// COM: nodes stay.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: MatrixInverse(%{{.*}}) name("inverse")
// CHECK-DAG: Neg(%{{.*}}) name("keep")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Const name("a") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %E, %ctl_0 = Neg(%A) name("keep") {T = f32, _grappler_do_not_remove = true} : (tensor<f32>) -> (tensor<*xf32>)
  %X, %ctl_1 = MatrixInverse(%A) name("inverse") {T = f32, adjoint = false} : (tensor<f32>) -> (tensor<*xf32>)
  %out, %ctl_2 = Const name("out") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %fed, %ctl_3 = Const name("fed") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
}

// -----

// COM: The shape of a fed node is not materialized (a feed may have another
// COM: shape than the node's type says).
// CHECK-LABEL: tfg.graph
// CHECK: Shape(%{{.*}}) name("shape_of_fed")
// CHECK: ZerosLike(%{{.*}}) name("zeros_of_fed")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %F, %ctl = Placeholder name("fed") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %S, %ctl_0 = Shape(%F) name("shape_of_fed") {T = f32, out_type = i32} : (tensor<2xf32>) -> (tensor<*xi32>)
  %Z, %ctl_1 = ZerosLike(%F) name("zeros_of_fed") {T = f32} : (tensor<2xf32>) -> (tensor<*xf32>)
  %O, %ctl_2 = Const name("out") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
}
