// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out add-ops-rewrite=false simplify-aggregation=false hoist-common-factor=false minimize-broadcasts=false' | FileCheck %s --check-prefix=OFF
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out unsafe-math=true' | FileCheck %s --check-prefix=UNSAFE

// COM: AddOpsRewrite: a left-leaning float tree ((a + b) + c) + d is summed
// COM: in the same order by AddN; a right-leaning float tree would be
// COM: reassociated (unsafe-math); integer trees of any form; terms of
// COM: another shape (broadcasting) are kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[A:.*]], %{{.*}} = Placeholder name("a")
// CHECK-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK-DAG: %[[C:.*]], %{{.*}} = Placeholder name("c")
// CHECK-DAG: AddN(%[[A]], %[[B]], %[[C]], %[[A]]) name("s3") {N = 4 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
// CHECK-DAG: AddV2(%[[A]], %{{.*}}) name("r2") {T = f32}
// CHECK-DAG: %[[I:.*]], %{{.*}} = Placeholder name("i")
// CHECK-DAG: %[[J:.*]], %{{.*}} = Placeholder name("j")
// CHECK-DAG: AddN(%[[I]], %[[J]], %[[I]]) name("ir2") {N = 3 : i64, T = i32}
// CHECK-DAG: AddV2(%{{.*}}, %{{.*}}) name("bc2") {T = f32}
// OFF-LABEL: tfg.graph
// OFF: AddV2(%{{.*}}, %{{.*}}) name("s3")
// UNSAFE-LABEL: tfg.graph
// UNSAFE-DAG: %[[A:.*]], %{{.*}} = Placeholder name("a")
// UNSAFE-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// UNSAFE-DAG: %[[C:.*]], %{{.*}} = Placeholder name("c")
// UNSAFE-DAG: AddN(%[[A]], %[[B]], %[[C]]) name("r2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<2xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32} : () -> (tensor<2xf32>)
  %C, %ctl_1 = Placeholder name("c") {dtype = f32} : () -> (tensor<2xf32>)
  %S1, %ctl_2 = AddV2(%A, %B) name("s1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %S2, %ctl_3 = Add(%S1, %C) name("s2") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %S3, %ctl_4 = AddV2(%S2, %A) name("s3") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %R1, %ctl_5 = AddV2(%B, %C) name("r1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %R2, %ctl_6 = AddV2(%A, %R1) name("r2") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %I, %ctl_7 = Placeholder name("i") {dtype = i32} : () -> (tensor<2xi32>)
  %J, %ctl_8 = Placeholder name("j") {dtype = i32} : () -> (tensor<2xi32>)
  %IR1, %ctl_9 = AddV2(%J, %I) name("ir1") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %IR2, %ctl_10 = AddV2(%I, %IR1) name("ir2") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %S, %ctl_11 = Placeholder name("s") {dtype = f32} : () -> (tensor<f32>)
  %BC1, %ctl_12 = AddV2(%A, %S) name("bc1") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %BC2, %ctl_13 = AddV2(%BC1, %B) name("bc2") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %O:4, %ctl_14 = IdentityN(%S3, %R2, %IR2, %BC2) name("out") {T = [f32, f32, i32, f32]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xf32>)
}

// -----

// COM: SimplifyAggregation: AddN(x, x) -> Mul(x, 2). For floats only up
// COM: to 3 terms (x + x + x rounds like 3 * x; longer sums round at each
// COM: step), any count for integers.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[TWO:.*]], %{{.*}} = Const name("n2/Const") {dtype = f32, value = dense<2.000000e+00> : tensor<f32>}
// CHECK-DAG: Mul(%[[X]], %[[TWO]]) name("n2") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
// CHECK-DAG: AddN(%[[X]], %[[X]], %[[X]], %[[X]]) name("n4")
// CHECK-DAG: %[[I:.*]], %{{.*}} = Placeholder name("i")
// CHECK-DAG: %[[FOUR:.*]], %{{.*}} = Const name("i4/Const") {dtype = i32, value = dense<4> : tensor<i32>}
// CHECK-DAG: Mul(%[[I]], %[[FOUR]]) name("i4") {T = i32}
// CHECK-DAG: AddN(%[[X]], %{{.*}}) name("mixed")
// OFF-LABEL: tfg.graph
// OFF: AddN(%{{.*}}, %{{.*}}) name("n2")
// UNSAFE-LABEL: tfg.graph
// UNSAFE: Mul(%{{.*}}, %{{.*}}) name("n4")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<2xf32>)
  %I, %ctl_1 = Placeholder name("i") {dtype = i32} : () -> (tensor<2xi32>)
  %N2, %ctl_2 = AddN(%X, %X) name("n2") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %N4, %ctl_3 = AddN(%X, %X, %X, %X) name("n4") {N = 4 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %I4, %ctl_4 = AddN(%I, %I, %I, %I) name("i4") {N = 4 : i64, T = i32} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %M, %ctl_5 = AddN(%X, %Y) name("mixed") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %O:4, %ctl_6 = IdentityN(%N2, %N4, %I4, %M) name("out") {T = [f32, f32, i32, f32]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xf32>)
}

// -----

// COM: HoistCommonFactor: AddN(x * a, b * x) -> x * AddN(a, b), exact for
// COM: integers; for floats (rounding) only with unsafe-math, which also
// COM: hoists a common denominator.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[A:.*]], %{{.*}} = Placeholder name("a")
// CHECK-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK-DAG: %[[S:.*]], %{{.*}} = AddN(%[[A]], %[[B]]) name("h/AddN") {N = 2 : i64, T = i32}
// CHECK-DAG: Mul(%[[X]], %[[S]]) name("h") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
// CHECK-DAG: AddN(%{{.*}}, %{{.*}}) name("hf")
// CHECK-DAG: AddV2(%{{.*}}, %{{.*}}) name("hd")
// OFF-LABEL: tfg.graph
// OFF: AddN(%{{.*}}, %{{.*}}) name("h")
// UNSAFE-LABEL: tfg.graph
// UNSAFE-DAG: %[[FX:.*]], %{{.*}} = Placeholder name("fx")
// UNSAFE-DAG: Mul(%[[FX]], %{{.*}}) name("hf") {T = f32}
// UNSAFE-DAG: %[[FB:.*]], %{{.*}} = Placeholder name("fb")
// UNSAFE-DAG: %[[FS:.*]], %{{.*}} = AddN(%[[FX]], %[[FB]]) name("hd/AddN")
// UNSAFE-DAG: RealDiv(%[[FS]], %{{.*}}) name("hd") {T = f32}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = i32} : () -> (tensor<2xi32>)
  %A, %ctl_0 = Placeholder name("a") {dtype = i32} : () -> (tensor<2xi32>)
  %B, %ctl_1 = Placeholder name("b") {dtype = i32} : () -> (tensor<2xi32>)
  %M1, %ctl_2 = Mul(%X, %A) name("m1") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %M2, %ctl_3 = Mul(%B, %X) name("m2") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %H, %ctl_4 = AddN(%M1, %M2) name("h") {N = 2 : i64, T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  %FX, %ctl_5 = Placeholder name("fx") {dtype = f32} : () -> (tensor<2xf32>)
  %FA, %ctl_6 = Placeholder name("fa") {dtype = f32} : () -> (tensor<2xf32>)
  %F1, %ctl_7 = Mul(%FX, %FA) name("f1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %FB, %ctl_14 = Placeholder name("fb") {dtype = f32} : () -> (tensor<2xf32>)
  %F2, %ctl_8 = Mul(%FB, %FX) name("f2") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %HF, %ctl_9 = AddN(%F1, %F2) name("hf") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %D1, %ctl_10 = RealDiv(%FX, %FA) name("d1") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %D2, %ctl_11 = RealDiv(%FB, %FA) name("d2") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %HD, %ctl_12 = AddV2(%D1, %D2) name("hd") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %O:3, %ctl_13 = IdentityN(%H, %HF, %HD) name("out") {T = [i32, f32, f32]} : (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>)
}

// -----

// COM: MinimizeBroadcasts: (big * s1) * s2 -> big * (s1 * s2) as a left
// COM: chain s1 * s2 * big for integers; float chains are kept (unless
// COM: unsafe-math); an already sorted chain is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[BIG:.*]], %{{.*}} = Placeholder name("big")
// CHECK-DAG: %[[S1:.*]], %{{.*}} = Placeholder name("s1")
// CHECK-DAG: %[[S2:.*]], %{{.*}} = Placeholder name("s2")
// CHECK-DAG: %[[P:.*]], %{{.*}} = Mul(%[[S1]], %[[S2]]) name("m2/Mul")
// CHECK-DAG: Mul(%[[P]], %[[BIG]]) name("m2") {T = i32} : (tensor<*xi32>, tensor<4x4xi32>) -> (tensor<4x4xi32>)
// CHECK-DAG: Mul(%{{.*}}, %{{.*}}) name("f2") {T = f32}
// CHECK-DAG: %[[Q:.*]], %{{.*}} = Mul(%[[S1]], %[[S2]]) name("q1")
// CHECK-DAG: Mul(%[[Q]], %[[BIG]]) name("q2")
// OFF-LABEL: tfg.graph
// OFF: Mul(%{{.*}}, %{{.*}}) name("m2") {T = i32} : (tensor<4x4xi32>, tensor<i32>)
// UNSAFE-LABEL: tfg.graph
// UNSAFE: Mul(%{{.*}}, %{{.*}}) name("f2") {T = f32} : (tensor<*xf32>, tensor<4x4xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %BIG, %ctl = Placeholder name("big") {dtype = i32} : () -> (tensor<4x4xi32>)
  %S1, %ctl_0 = Placeholder name("s1") {dtype = i32} : () -> (tensor<i32>)
  %S2, %ctl_1 = Placeholder name("s2") {dtype = i32} : () -> (tensor<i32>)
  %M1, %ctl_2 = Mul(%BIG, %S1) name("m1") {T = i32} : (tensor<4x4xi32>, tensor<i32>) -> (tensor<4x4xi32>)
  %M2, %ctl_3 = Mul(%M1, %S2) name("m2") {T = i32} : (tensor<4x4xi32>, tensor<i32>) -> (tensor<4x4xi32>)
  %FB, %ctl_4 = Placeholder name("fb") {dtype = f32} : () -> (tensor<4x4xf32>)
  %FS, %ctl_5 = Placeholder name("fs") {dtype = f32} : () -> (tensor<f32>)
  %F1, %ctl_6 = Mul(%FB, %FS) name("f1") {T = f32} : (tensor<4x4xf32>, tensor<f32>) -> (tensor<4x4xf32>)
  %F2, %ctl_7 = Mul(%F1, %FS) name("f2") {T = f32} : (tensor<4x4xf32>, tensor<f32>) -> (tensor<4x4xf32>)
  %Q1, %ctl_8 = Mul(%S1, %S2) name("q1") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Q2, %ctl_9 = Mul(%Q1, %BIG) name("q2") {T = i32} : (tensor<i32>, tensor<4x4xi32>) -> (tensor<4x4xi32>)
  %O:3, %ctl_10 = IdentityN(%M2, %F2, %Q2) name("out") {T = [i32, f32, i32]} : (tensor<4x4xi32>, tensor<4x4xf32>, tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<4x4xf32>, tensor<4x4xi32>)
}
