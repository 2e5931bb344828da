// RUN: tfg-opt %s --tfg-arithmetic-optimizer='fetch=o0,o1,v0,v1,p0,p1,m0,m1,c0,c1' | FileCheck %s
// RUN: tfg-opt %s --tfg-arithmetic-optimizer='fetch=o0,o1,v0,v1,p0,p1,m0,m1,c0,c1,ve1' | FileCheck %s --check-prefix=PROTECT
// RUN: tfg-opt %s --tfg-arithmetic-optimizer | FileCheck %s --check-prefix=BARE
// RUN: tfg-run %s --fetch=o0,o1,v0,v1,p0,p1,m0,m1,c0,c1 --check-pipeline='tfg-arithmetic-optimizer{fetch=o0,o1,v0,v1,p0,p1,m0,m1,c0,c1}' | FileCheck %s --check-prefix=RUNOUT

// COM: The Split half of HoistCWiseUnaryChains: when every output of a
// COM: Split (SplitV) feeds the same chain of elementwise unary ops, the
// COM: chain runs once before the Split: Split(axis, Exp(Relu(x))). The new
// COM: Split keeps the old one's name, the hoisted ops are named after it.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[R:.*]], %{{.*}} = Relu(%[[X]]) name("split/Relu") {T = f32}
// CHECK-DAG: %[[E:.*]], %{{.*}} = Exp(%[[R]]) name("split/Exp") {T = f32}
// CHECK-DAG: %[[S:.*]]:2, %{{.*}} = Split(%{{.*}}, %[[E]]) name("split") {T = f32, num_split = 2 : i64}
// CHECK-DAG: Identity(%[[S]]#0) name("o0")
// CHECK-DAG: Identity(%[[S]]#1) name("o1")
// COM: The chain's _output_shapes differ between the outputs: not
// COM: compared, and dropped by the hoisted clone.
// CHECK-DAG: %[[VN:.*]], %{{.*}} = Neg(%[[X]]) name("splitv/Neg") {T = f32} :
// CHECK-DAG: %[[V:.*]]:2, %{{.*}} = SplitV(%[[VN]], %{{.*}}, %{{.*}}) name("splitv")
// CHECK-DAG: Identity(%[[V]]#0) name("v0")
// COM: Outputs ending in different ops, an output with another user and a
// COM: chain node with a control operand stay.
// CHECK-DAG: Exp(%{{.*}}) name("pe0")
// CHECK-DAG: Relu(%{{.*}}) name("pe1")
// CHECK-DAG: Exp(%{{.*}}) name("me0")
// CHECK-DAG: Exp(%{{.*}}) name("me1")
// CHECK-DAG: Neg(%{{.*}}) [%{{.*}}] name("ce1")
// COM: A fetched (or fed) chain node: the driver would refuse its
// COM: replacement after the other chain's, so nothing is done.
// PROTECT: %[[PV:.*]]:2, %{{.*}} = SplitV(%{{.*}}, %{{.*}}, %{{.*}}) name("splitv")
// PROTECT: Neg(%[[PV]]#0) name("ve0")
// PROTECT: Neg(%[[PV]]#1) name("ve1")
// COM: Without fetches no node is removed: the chain ends would be
// COM: bypassed by existing values, so nothing is done.
// BARE: Relu(%{{.*}}) name("r0")
// BARE: Exp(%{{.*}}) name("e1")
// RUNOUT: o0: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: o1: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: v0: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: v1: max_abs_diff=0 max_rel_diff=0 ok
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x3>} : () -> (tensor<4x3xf32>)
  %AX, %c1 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %S:2, %c2 = Split(%AX, %X) name("split") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %R0, %c3 = Relu(%S#0) name("r0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %R1, %c4 = Relu(%S#1) name("r1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %E0, %c5 = Exp(%R0) name("e0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %E1, %c6 = Exp(%R1) name("e1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O0, %c7 = Identity(%E0) name("o0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O1, %c8 = Identity(%E1) name("o1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Sizes, %c9 = Const name("sizes") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %AX1, %c10 = Const name("axis1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %V:2, %c11 = SplitV(%X, %Sizes, %AX1) name("splitv") {T = f32, Tlen = i32, num_split = 2 : i64} : (tensor<4x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<4x1xf32>, tensor<4x2xf32>)
  %VE0, %c12 = Neg(%V#0) name("ve0") {T = f32, _output_shapes = [#tf_type.shape<4x1>]} : (tensor<4x1xf32>) -> (tensor<4x1xf32>)
  %VE1, %c13 = Neg(%V#1) name("ve1") {T = f32, _output_shapes = [#tf_type.shape<4x2>]} : (tensor<4x2xf32>) -> (tensor<4x2xf32>)
  %V0, %c14 = Identity(%VE0) name("v0") {T = f32} : (tensor<4x1xf32>) -> (tensor<4x1xf32>)
  %V1, %c15 = Identity(%VE1) name("v1") {T = f32} : (tensor<4x2xf32>) -> (tensor<4x2xf32>)
  %P:2, %c16 = Split(%AX, %X) name("psplit") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %PE0, %c17 = Exp(%P#0) name("pe0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %PE1, %c18 = Relu(%P#1) name("pe1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %P0, %c19 = Identity(%PE0) name("p0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %P1, %c20 = Identity(%PE1) name("p1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M:2, %c21 = Split(%AX, %X) name("msplit") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %ME0, %c22 = Exp(%M#0) name("me0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %ME1, %c23 = Exp(%M#1) name("me1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M0, %c24 = Identity(%ME0) name("m0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M1, %c25 = AddV2(%ME1, %M#0) name("m1") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %C:2, %c26 = Split(%AX, %X) name("csplit") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %CE0, %c27 = Neg(%C#0) name("ce0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %c31 = NoOp name("dep") : () -> ()
  %CE1, %c28 = Neg(%C#1) [%c31] name("ce1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %C0, %c29 = Identity(%CE0) name("c0") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %C1, %c30 = Identity(%CE1) name("c1") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
}
