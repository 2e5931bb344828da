// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out remove-negation=false replace-mul-with-square=false remove-logical-not=false fold-transpose-into-matmul=false fold-conjugate-into-transpose=false' | FileCheck %s --check-prefix=OFF
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out sqrt-div-to-rsqrt-mul=true' | FileCheck %s --check-prefix=RSQRT

// COM: RemoveNegation: a + Neg(b) -> a - b, Neg(a) + b -> b - a,
// COM: a - Neg(b) -> a + b; the new node takes the old one's name and
// COM: control operands. A Neg with a control operand is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[Y:.*]], %{{.*}} = Placeholder name("y")
// CHECK-DAG: %[[C:.*]] = NoOp name("c")
// CHECK-DAG: Sub(%[[X]], %[[Y]]) [%[[C]]] name("a1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
// CHECK-DAG: Sub(%[[X]], %[[Y]]) name("a2") {T = f32}
// CHECK-DAG: AddV2(%[[X]], %[[Y]]) name("s1") {T = f32}
// CHECK-DAG: AddV2(%[[X]], %{{.*}}) name("a3") {T = f32}
// OFF-LABEL: tfg.graph
// OFF: AddV2(%{{.*}}, %{{.*}}) [%{{.*}}] name("a1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<2xf32>)
  %ctl_c = NoOp name("c")
  %N, %ctl_1 = Neg(%Y) name("n") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %A1, %ctl_2 = AddV2(%X, %N) [%ctl_c] name("a1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %NX, %ctl_3 = Neg(%Y) name("ny") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %A2, %ctl_4 = Add(%NX, %X) name("a2") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %S1, %ctl_5 = Sub(%X, %N) name("s1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %NC, %ctl_6 = Neg(%Y) [%ctl_c] name("nc") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %A3, %ctl_7 = AddV2(%X, %NC) name("a3") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %O:4, %ctl_8 = IdentityN(%A1, %A2, %S1, %A3) name("out") {T = [f32, f32, f32, f32]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
}

// -----

// COM: ReplaceMulWithSquare: Mul(x, x) -> Square(x); Mul(x, y) is kept.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Square(%[[X]]) name("m1") {T = i32} : (tensor<3xi32>) -> (tensor<3xi32>)
// CHECK: Mul(%{{.*}}, %{{.*}}) name("m2")
// OFF-LABEL: tfg.graph
// OFF: Mul(%{{.*}}, %{{.*}}) name("m1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = i32} : () -> (tensor<3xi32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = i32} : () -> (tensor<3xi32>)
  %M1, %ctl_1 = Mul(%X, %X) name("m1") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>)
  %M2, %ctl_2 = Mul(%X, %Y) name("m2") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>)
  %O:2, %ctl_3 = IdentityN(%M1, %M2) name("out") {T = [i32, i32]} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>)
}

// -----

// COM: LogicalNot of comparisons: Equal <-> NotEqual for every type (also
// COM: exact with NaN); orderings only for integers: for floats,
// COM: LogicalNot(Less(NaN, 1)) is true but GreaterEqual(NaN, 1) is false,
// COM: so the float Less is kept (Grappler rewrites it).
// CHECK-LABEL: tfg.graph
// CHECK-DAG: NotEqual(%{{.*}}, %{{.*}}) name("n1") {T = f32, incompatible_shape_error = true}
// CHECK-DAG: GreaterEqual(%{{.*}}, %{{.*}}) name("n2") {T = i32}
// CHECK-DAG: LogicalNot(%{{.*}}) name("n3")
// OFF-LABEL: tfg.graph
// OFF: LogicalNot(%{{.*}}) name("n1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %I, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<2xi32>)
  %E, %ctl_1 = Equal(%X, %X) name("e") {T = f32, incompatible_shape_error = true} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xi1>)
  %N1, %ctl_2 = LogicalNot(%E) name("n1") : (tensor<2xi1>) -> (tensor<2xi1>)
  %L, %ctl_3 = Less(%I, %I) name("l") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi1>)
  %N2, %ctl_4 = LogicalNot(%L) name("n2") : (tensor<2xi1>) -> (tensor<2xi1>)
  %LF, %ctl_5 = Less(%X, %X) name("lf") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xi1>)
  %N3, %ctl_6 = LogicalNot(%LF) name("n3") : (tensor<2xi1>) -> (tensor<2xi1>)
  %O:3, %ctl_7 = IdentityN(%N1, %N2, %N3) name("out") {T = [i1, i1, i1]} : (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>)
}

// -----

// COM: SqrtDivToRsqrtMul changes rounding: off by default, on with its
// COM: option; a Sqrt with another user is kept.
// CHECK-LABEL: tfg.graph
// CHECK: RealDiv(%{{.*}}, %{{.*}}) name("d1")
// OFF-LABEL: tfg.graph
// RSQRT-LABEL: tfg.graph
// RSQRT: %[[X:.*]], %{{.*}} = Placeholder name("x")
// RSQRT: %[[Y:.*]], %{{.*}} = Placeholder name("y")
// RSQRT: %[[R:.*]], %{{.*}} = Rsqrt(%[[Y]]) name("d1/Rsqrt")
// RSQRT: Mul(%[[X]], %[[R]]) name("d1") {T = f32}
// RSQRT: RealDiv(%{{.*}}, %{{.*}}) name("d2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<2xf32>)
  %S, %ctl_1 = Sqrt(%Y) name("s") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %D1, %ctl_2 = RealDiv(%X, %S) name("d1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %S2, %ctl_3 = Sqrt(%Y) name("s2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %D2, %ctl_4 = RealDiv(%X, %S2) name("d2") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %O:3, %ctl_5 = IdentityN(%D1, %D2, %S2) name("out") {T = [f32, f32, f32]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
}

// -----

// COM: FoldTransposeIntoMatMul: a [1, 0] Transpose flips transpose_a/b; for
// COM: BatchMatMulV2 a Transpose of the last two dims flips adj_x for real
// COM: types only (adj conjugates); a complex one is kept. Other
// COM: permutations are kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[A:.*]], %{{.*}} = Placeholder name("a")
// CHECK-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK-DAG: MatMul(%[[A]], %[[B]]) name("mm") {T = f32, transpose_a = true, transpose_b = true}
// CHECK-DAG: BatchMatMulV2(%[[A3:.*]], %[[A3]]) name("bmm") {T = f32, adj_x = true, adj_y = true}
// CHECK-DAG: BatchMatMulV2(%{{.*}}, %{{.*}}) name("cbmm") {T = complex<f32>, adj_x = false, adj_y = false}
// CHECK-DAG: BatchMatMulV2(%{{.*}}, %{{.*}}) name("pbmm") {T = f32, adj_x = false, adj_y = false}
// OFF-LABEL: tfg.graph
// OFF: MatMul(%{{.*}}, %{{.*}}) name("mm") {T = f32, transpose_a = false, transpose_b = false}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<2x3xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32} : () -> (tensor<4x2xf32>)
  %P, %ctl_1 = Const name("p") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %TA, %ctl_2 = Transpose(%A, %P) name("ta") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
  %TB, %ctl_3 = Transpose(%B, %P) name("tb") {T = f32, Tperm = i32} : (tensor<4x2xf32>, tensor<2xi32>) -> (tensor<2x4xf32>)
  %MM, %ctl_4 = MatMul(%TA, %TB) name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<3x2xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>)
  %A3, %ctl_5 = Placeholder name("a3") {dtype = f32} : () -> (tensor<5x2x3xf32>)
  %P3, %ctl_6 = Const name("p3") {dtype = i32, value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %TA3, %ctl_7 = Transpose(%A3, %P3) name("ta3") {T = f32, Tperm = i32} : (tensor<5x2x3xf32>, tensor<3xi32>) -> (tensor<5x3x2xf32>)
  %BMM, %ctl_8 = BatchMatMulV2(%TA3, %TA3) name("bmm") {T = f32, adj_x = false, adj_y = false} : (tensor<5x3x2xf32>, tensor<5x3x2xf32>) -> (tensor<5x3x3xf32>)
  %C3, %ctl_9 = Placeholder name("c3") {dtype = complex<f32>} : () -> (tensor<5x2x3xcomplex<f32>>)
  %TC3, %ctl_10 = Transpose(%C3, %P3) name("tc3") {T = complex<f32>, Tperm = i32} : (tensor<5x2x3xcomplex<f32>>, tensor<3xi32>) -> (tensor<5x3x2xcomplex<f32>>)
  %CBMM, %ctl_11 = BatchMatMulV2(%TC3, %C3) name("cbmm") {T = complex<f32>, adj_x = false, adj_y = false} : (tensor<5x3x2xcomplex<f32>>, tensor<5x2x3xcomplex<f32>>) -> (tensor<5x3x3xcomplex<f32>>)
  %Q3, %ctl_12 = Const name("q3") {dtype = i32, value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %TQ, %ctl_13 = Transpose(%A3, %Q3) name("tq") {T = f32, Tperm = i32} : (tensor<5x2x3xf32>, tensor<3xi32>) -> (tensor<2x5x3xf32>)
  %PBMM, %ctl_14 = BatchMatMulV2(%TQ, %A3) name("pbmm") {T = f32, adj_x = false, adj_y = false} : (tensor<2x5x3xf32>, tensor<5x2x3xf32>) -> (tensor<5x3x3xf32>)
  %O:4, %ctl_15 = IdentityN(%MM, %BMM, %CBMM, %PBMM) name("out") {T = [f32, f32, complex<f32>, f32]} : (tensor<3x4xf32>, tensor<5x3x3xf32>, tensor<5x3x3xcomplex<f32>>, tensor<5x3x3xf32>) -> (tensor<3x4xf32>, tensor<5x3x3xf32>, tensor<5x3x3xcomplex<f32>>, tensor<5x3x3xf32>)
}

// -----

// COM: FoldConjugateIntoTranspose: Conj(Transpose(x)) and Transpose(Conj(x))
// COM: -> ConjugateTranspose(x); a Transpose with another user is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[P:.*]], %{{.*}} = Const name("p")
// CHECK-DAG: ConjugateTranspose(%[[X]], %[[P]]) name("c1") {T = complex<f32>, Tperm = i32}
// CHECK-DAG: ConjugateTranspose(%[[X]], %[[P]]) name("t2") {T = complex<f32>, Tperm = i32}
// CHECK-DAG: Conj(%{{.*}}) name("c3")
// OFF-LABEL: tfg.graph
// OFF: Conj(%{{.*}}) name("c1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = complex<f32>} : () -> (tensor<2x3xcomplex<f32>>)
  %P, %ctl_0 = Const name("p") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %T1, %ctl_1 = Transpose(%X, %P) name("t1") {T = complex<f32>, Tperm = i32} : (tensor<2x3xcomplex<f32>>, tensor<2xi32>) -> (tensor<3x2xcomplex<f32>>)
  %C1, %ctl_2 = Conj(%T1) name("c1") {T = complex<f32>} : (tensor<3x2xcomplex<f32>>) -> (tensor<3x2xcomplex<f32>>)
  %C2, %ctl_3 = Conj(%X) name("c2") {T = complex<f32>} : (tensor<2x3xcomplex<f32>>) -> (tensor<2x3xcomplex<f32>>)
  %T2, %ctl_4 = Transpose(%C2, %P) name("t2") {T = complex<f32>, Tperm = i32} : (tensor<2x3xcomplex<f32>>, tensor<2xi32>) -> (tensor<3x2xcomplex<f32>>)
  %T3, %ctl_5 = Transpose(%X, %P) name("t3") {T = complex<f32>, Tperm = i32} : (tensor<2x3xcomplex<f32>>, tensor<2xi32>) -> (tensor<3x2xcomplex<f32>>)
  %C3, %ctl_6 = Conj(%T3) name("c3") {T = complex<f32>} : (tensor<3x2xcomplex<f32>>) -> (tensor<3x2xcomplex<f32>>)
  %O:4, %ctl_7 = IdentityN(%C1, %T2, %C3, %T3) name("out") {T = [complex<f32>, complex<f32>, complex<f32>, complex<f32>]} : (tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> (tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>)
}
