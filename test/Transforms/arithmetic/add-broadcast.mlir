// RUN: tfg-opt %s --tfg-arithmetic-optimizer='fetch=o_ints,o_floats,o_few,o_unknown' | FileCheck %s
// RUN: tfg-opt %s --tfg-arithmetic-optimizer='fetch=o_ints,o_floats,o_few,o_unknown unsafe-math=true' | FileCheck %s --check-prefix=UNSAFE
// RUN: tfg-run %s --fetch=o_ints,o_floats,o_few --check-pipeline='tfg-arithmetic-optimizer{fetch=o_ints,o_floats,o_few,o_unknown}' | FileCheck %s --check-prefix=RUNOUT

// COM: AddOpsRewrite over broadcast-compatible shapes. Integers (any tree):
// COM: the terms of one shape are summed by one AddN, the groups added by
// COM: AddV2 from the fewest elements to the most (Grappler's grouping).
// COM: Floats (left-leaning trees, exact): the order of evaluation is kept,
// COM: each run of terms of the accumulated shape becomes one AddN, a term
// COM: of another shape an AddV2. Done only when fewer nodes result.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[IA:.*]], %{{.*}} = Placeholder name("ia")
// CHECK-DAG: %[[IB:.*]], %{{.*}} = Placeholder name("ib")
// CHECK-DAG: %[[IC:.*]], %{{.*}} = Placeholder name("ic")
// CHECK-DAG: %[[ID:.*]], %{{.*}} = Placeholder name("id")
// CHECK-DAG: %[[IN:.*]], %{{.*}} = AddN(%[[IA]], %[[IB]], %[[ID]]) name("ints/AddN") {N = 3 : i64, T = i32} : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>)
// CHECK-DAG: AddV2(%[[IC]], %[[IN]]) name("ints") {T = i32} : (tensor<3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>)
// CHECK-DAG: %[[FA:.*]], %{{.*}} = Placeholder name("fa")
// CHECK-DAG: %[[FB:.*]], %{{.*}} = Placeholder name("fb")
// CHECK-DAG: %[[FC:.*]], %{{.*}} = Placeholder name("fc")
// CHECK-DAG: %[[FN1:.*]], %{{.*}} = AddN(%[[FA]], %[[FB]]) name("floats/AddN") {N = 2 : i64, T = f32}
// CHECK-DAG: %[[FS:.*]], %{{.*}} = AddV2(%[[FN1]], %[[FC]]) name("floats/AddV2") {T = f32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)
// CHECK-DAG: AddN(%[[FS]], %[[FA]], %[[FB]]) name("floats") {N = 3 : i64, T = f32}
// CHECK-DAG: AddV2(%{{.*}}, %[[FB]]) name("few")
// CHECK-DAG: AddV2(%{{.*}}, %[[FB]]) name("unknown")
// COM: With unsafe-math floats are grouped like integers.
// UNSAFE-DAG: %[[FN:.*]], %{{.*}} = AddN(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("floats/AddN") {N = 4 : i64, T = f32}
// UNSAFE-DAG: AddV2(%{{.*}}, %[[FN]]) name("floats") {T = f32} : (tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
// RUNOUT: o_ints: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: o_floats: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: o_few: max_abs_diff=0 max_rel_diff=0 ok
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %IA, %c0 = Placeholder name("ia") {dtype = i32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xi32>)
  %IB, %c1 = Placeholder name("ib") {dtype = i32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xi32>)
  %IC, %c2 = Placeholder name("ic") {dtype = i32, shape = #tf_type.shape<3>} : () -> (tensor<3xi32>)
  %ID, %c3 = Placeholder name("id") {dtype = i32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xi32>)
  %I1, %c4 = AddV2(%IA, %IC) name("i1") {T = i32} : (tensor<2x3xi32>, tensor<3xi32>) -> (tensor<2x3xi32>)
  %I2, %c5 = AddV2(%IB, %ID) name("i2") {T = i32} : (tensor<2x3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>)
  %I3, %c6 = Add(%I1, %I2) name("ints") {T = i32} : (tensor<2x3xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>)
  %FA, %c7 = Placeholder name("fa") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %FB, %c8 = Placeholder name("fb") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %FC, %c9 = Placeholder name("fc") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %F1, %c10 = AddV2(%FA, %FB) name("f1") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %F2, %c11 = AddV2(%F1, %FC) name("f2") {T = f32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)
  %F3, %c12 = AddV2(%F2, %FA) name("f3") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %F4, %c13 = AddV2(%F3, %FB) name("floats") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %G1, %c14 = AddV2(%FA, %FC) name("g1") {T = f32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)
  %G2, %c15 = AddV2(%G1, %FB) name("few") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %U, %c16 = Placeholder name("u") {dtype = f32} : () -> (tensor<?x3xf32>)
  %U1, %c17 = AddV2(%U, %FC) name("u1") {T = f32} : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>)
  %U2, %c18 = AddV2(%U1, %FC) name("u2") {T = f32} : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>)
  %U3, %c19 = AddV2(%U2, %FB) name("unknown") {T = f32} : (tensor<?x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O1, %c20 = Identity(%I3) name("o_ints") {T = i32} : (tensor<2x3xi32>) -> (tensor<2x3xi32>)
  %O2, %c21 = Identity(%F4) name("o_floats") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O3, %c22 = Identity(%G2) name("o_few") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %O4, %c23 = Identity(%U3) name("o_unknown") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
}
