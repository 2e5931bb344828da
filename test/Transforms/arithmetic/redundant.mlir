// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out remove-redundant-bitcast=false remove-redundant-cast=false remove-redundant-reshape=false remove-identity-transpose=false' | FileCheck %s --check-prefix=OFF

// COM: RemoveRedundantBitcast: to the same type -> x; f32 -> i32 -> f32 ->
// COM: x; f32 -> i32 -> ui32 (same widths) -> one Bitcast; f32 -> i16 ->
// COM: i32 (widths differ: the shapes of the direct cast differ) is kept.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Identity(%[[X]]) name("out")
// CHECK: Identity(%[[X]]) name("out2")
// CHECK: %[[B:.*]], %{{.*}} = Bitcast(%[[X]]) name("b4") {T = f32, type = ui32}
// CHECK: Identity(%[[B]]) name("out3")
// CHECK: Bitcast(%{{.*}}) name("b6") {T = i16, type = i32}
// OFF-LABEL: tfg.graph
// OFF: Bitcast(%{{.*}}) name("b1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %B1, %ctl_1 = Bitcast(%X) name("b1") {T = f32, type = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %O1, %ctl_2 = Identity(%B1) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %B2, %ctl_3 = Bitcast(%X) name("b2") {T = f32, type = i32} : (tensor<2xf32>) -> (tensor<2xi32>)
  %B3, %ctl_4 = Bitcast(%B2) name("b3") {T = i32, type = f32} : (tensor<2xi32>) -> (tensor<2xf32>)
  %O2, %ctl_5 = Identity(%B3) name("out2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %B4, %ctl_6 = Bitcast(%B2) name("b4") {T = i32, type = ui32} : (tensor<2xi32>) -> (tensor<2xui32>)
  %O3, %ctl_7 = Identity(%B4) name("out3") {T = ui32} : (tensor<2xui32>) -> (tensor<2xui32>)
  %B5, %ctl_8 = Bitcast(%X) name("b5") {T = f32, type = i16} : (tensor<2xf32>) -> (tensor<2x2xi16>)
  %B6, %ctl_9 = Bitcast(%B5) name("b6") {T = i16, type = i32} : (tensor<2x2xi16>) -> (tensor<2xi32>)
  %O4, %ctl_10 = Identity(%B6) name("out4") {T = i32} : (tensor<2xi32>) -> (tensor<2xi32>)
}

// -----

// COM: RemoveRedundantCast: only a Cast to its own type goes.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Identity(%[[X]]) name("out")
// CHECK: Cast(%[[X]]) name("c2")
// OFF-LABEL: tfg.graph
// OFF: Cast(%{{.*}}) name("c1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %C1, %ctl_1 = Cast(%X) name("c1") {SrcT = f32, DstT = f32, Truncate = false} : (tensor<2xf32>) -> (tensor<2xf32>)
  %O1, %ctl_2 = Identity(%C1) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %C2, %ctl_3 = Cast(%X) name("c2") {SrcT = f32, DstT = f16, Truncate = false} : (tensor<2xf32>) -> (tensor<2xf16>)
  %O2, %ctl_4 = Identity(%C2) name("out2") {T = f16} : (tensor<2xf16>) -> (tensor<2xf16>)
}

// -----

// COM: RemoveRedundantReshape: to the input's static shape -> x;
// COM: Reshape(Reshape(x)) -> one Reshape; to another shape, or from an
// COM: unknown shape, kept.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[S23:.*]], %{{.*}} = Const name("s23")
// CHECK: %[[S6:.*]], %{{.*}} = Const name("s6")
// CHECK: Identity(%[[X]]) name("out")
// CHECK: Reshape(%[[X]], %[[S6]]) name("r3")
// CHECK: Reshape(%{{.*}}, %[[S23]]) name("r4")
// OFF-LABEL: tfg.graph
// OFF: Reshape(%{{.*}}, %{{.*}}) name("r1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3xf32>)
  %S23, %ctl_s = Const name("s23") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %S6, %ctl_6 = Const name("s6") {dtype = i32, value = dense<[6]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %R1, %ctl_1 = Reshape(%X, %S23) name("r1") {T = f32, Tshape = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<2x3xf32>)
  %O1, %ctl_2 = Identity(%R1) name("out") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %R2, %ctl_3 = Reshape(%X, %S23) name("r2") {T = f32, Tshape = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %R3, %ctl_4 = Reshape(%R2, %S6) name("r3") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<1xi32>) -> (tensor<6xf32>)
  %O2, %ctl_5 = Identity(%R3) name("out2") {T = f32} : (tensor<6xf32>) -> (tensor<6xf32>)
  %U, %ctl_7 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  %R4, %ctl_8 = Reshape(%U, %S23) name("r4") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<2x3xf32>)
  %O3, %ctl_9 = Identity(%R4) name("out3") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// COM: RemoveIdentityTranspose: identity permutation -> x; two transposes
// COM: composing to the identity -> x; composing to another permutation
// COM: kept.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Identity(%[[X]]) name("out")
// CHECK: Identity(%[[X]]) name("out2")
// CHECK: Transpose(%{{.*}}, %{{.*}}) name("t5")
// OFF-LABEL: tfg.graph
// OFF: Transpose(%{{.*}}, %{{.*}}) name("t1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3x4xf32>)
  %Id, %ctl_i = Const name("id") {dtype = i32, value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %P1, %ctl_p1 = Const name("p1") {dtype = i32, value = dense<[1, 2, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %P2, %ctl_p2 = Const name("p2") {dtype = i32, value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %T1, %ctl_1 = Transpose(%X, %Id) name("t1") {T = f32, Tperm = i32} : (tensor<2x3x4xf32>, tensor<3xi32>) -> (tensor<2x3x4xf32>)
  %O1, %ctl_2 = Identity(%T1) name("out") {T = f32} : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>)
  %T2, %ctl_3 = Transpose(%X, %P1) name("t2") {T = f32, Tperm = i32} : (tensor<2x3x4xf32>, tensor<3xi32>) -> (tensor<3x4x2xf32>)
  %T3, %ctl_4 = Transpose(%T2, %P2) name("t3") {T = f32, Tperm = i32} : (tensor<3x4x2xf32>, tensor<3xi32>) -> (tensor<2x3x4xf32>)
  %O2, %ctl_5 = Identity(%T3) name("out2") {T = f32} : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>)
  %T4, %ctl_6 = Transpose(%X, %P1) name("t4") {T = f32, Tperm = i32} : (tensor<2x3x4xf32>, tensor<3xi32>) -> (tensor<3x4x2xf32>)
  %T5, %ctl_7 = Transpose(%T4, %P1) name("t5") {T = f32, Tperm = i32} : (tensor<3x4x2xf32>, tensor<3xi32>) -> (tensor<4x2x3xf32>)
  %O3, %ctl_8 = Identity(%T5) name("out3") {T = f32} : (tensor<4x2x3xf32>) -> (tensor<4x2x3xf32>)
}
