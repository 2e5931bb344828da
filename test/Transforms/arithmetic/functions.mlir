// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out convert-pow=false fold-multiply-into-conv=false' | FileCheck %s --check-prefix=OFF
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out unsafe-math=true convert-log1p=true convert-expm1=true unary-ops-composition=true' | FileCheck %s --check-prefix=UNSAFE

// COM: ConvertPow: exponents 2, 1, 0 and -1 (floats) are exact; 0.5 and 3
// COM: change results (Pow(-0, 0.5) is +0, Sqrt(-0) is -0; x * x * x
// COM: rounds twice) and need unsafe-math. A constant exponent that
// COM: broadcasts x to a larger shape is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: Square(%[[X]]) name("p2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
// CHECK-DAG: Identity(%[[X]]) name("p1") {T = f32}
// CHECK-DAG: OnesLike(%[[X]]) name("p0") {T = f32}
// CHECK-DAG: Reciprocal(%[[X]]) name("pm1") {T = f32}
// CHECK-DAG: Pow(%[[X]], %{{.*}}) name("ph")
// CHECK-DAG: Pow(%[[X]], %{{.*}}) name("p3")
// CHECK-DAG: Pow(%[[X]], %{{.*}}) name("pb")
// OFF-LABEL: tfg.graph
// OFF: Pow(%{{.*}}, %{{.*}}) name("p2")
// UNSAFE-LABEL: tfg.graph
// UNSAFE-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// UNSAFE-DAG: Sqrt(%[[X]]) name("ph")
// UNSAFE-DAG: %[[SQ:.*]], %{{.*}} = Square(%[[X]]) name("p3/Square")
// UNSAFE-DAG: Mul(%[[X]], %[[SQ]]) name("p3")
// UNSAFE-DAG: Pow(%[[X]], %{{.*}}) name("pb")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %C2, %ctl_0 = Const name("c2") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %C1, %ctl_1 = Const name("c1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %C0, %ctl_2 = Const name("c0") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %CM1, %ctl_3 = Const name("cm1") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %CH, %ctl_4 = Const name("ch") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %C3, %ctl_5 = Const name("c3") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %CB, %ctl_6 = Const name("cb") {dtype = f32, value = dense<2.0> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %P2, %ctl_7 = Pow(%X, %C2) name("p2") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %P1, %ctl_8 = Pow(%X, %C1) name("p1") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %P0, %ctl_9 = Pow(%X, %C0) name("p0") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %PM1, %ctl_10 = Pow(%X, %CM1) name("pm1") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %PH, %ctl_11 = Pow(%X, %CH) name("ph") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %P3, %ctl_12 = Pow(%X, %C3) name("p3") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %PB, %ctl_13 = Pow(%X, %CB) name("pb") {T = f32} : (tensor<2xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>)
  %O:7, %ctl_14 = IdentityN(%P2, %P1, %P0, %PM1, %PH, %P3, %PB) name("out") {T = [f32, f32, f32, f32, f32, f32, f32]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>)
}

// -----

// COM: ConvertLog1p and ConvertExpm1 are more precise than what they
// COM: replace, so they change results: off by default.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: Log(%{{.*}}) name("l")
// CHECK-DAG: Sub(%{{.*}}, %{{.*}}) name("s")
// OFF-LABEL: tfg.graph
// UNSAFE-LABEL: tfg.graph
// UNSAFE-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// UNSAFE-DAG: Log1p(%[[X]]) name("l") {T = f32}
// UNSAFE-DAG: Expm1(%[[X]]) name("s") {T = f32}
// UNSAFE-DAG: Log(%{{.*}}) name("l2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %One, %ctl_0 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %Two, %ctl_1 = Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %A, %ctl_2 = AddV2(%One, %X) name("a") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
  %L, %ctl_3 = Log(%A) name("l") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %A2, %ctl_4 = AddV2(%Two, %X) name("a2") {T = f32} : (tensor<f32>, tensor<2xf32>) -> (tensor<2xf32>)
  %L2, %ctl_5 = Log(%A2) name("l2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %E, %ctl_6 = Exp(%X) name("e") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %S, %ctl_7 = Sub(%E, %One) name("s") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %O:3, %ctl_8 = IdentityN(%L, %L2, %S) name("out") {T = [f32, f32, f32]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
}

// -----

// COM: UnaryOpsComposition (off by default): a chain of single-use unary
// COM: float ops becomes one _UnaryOpsComposition; an op with a second
// COM: user ends the chain.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: Tanh(%{{.*}}) name("t")
// OFF-LABEL: tfg.graph
// UNSAFE-LABEL: tfg.graph
// UNSAFE-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// UNSAFE-DAG: _UnaryOpsComposition(%[[X]]) name("r") {T = f32, op_names = ["Exp", "Tanh", "Relu"]}
// UNSAFE-DAG: %[[S:.*]], %{{.*}} = Sin(%[[X]]) name("s")
// UNSAFE-DAG: Cos(%[[S]]) name("c")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %E, %ctl_0 = Exp(%X) name("e") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %T, %ctl_1 = Tanh(%E) name("t") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %R, %ctl_2 = Relu(%T) name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %S, %ctl_3 = Sin(%X) name("s") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %C, %ctl_4 = Cos(%S) name("c") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %O:3, %ctl_5 = IdentityN(%R, %C, %S) name("out") {T = [f32, f32, f32]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
}

// -----

// COM: FoldMultiplyIntoConv: Conv2D(Mul(x, scalar c), const w) ->
// COM: Conv2D(x, Mul(w, c)). Exact for integers; floats change rounding
// COM: (unsafe-math). A non-scalar multiplier is kept.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[W:.*]], %{{.*}} = Const name("w")
// CHECK-DAG: %[[C:.*]], %{{.*}} = Const name("c")
// CHECK-DAG: %[[WC:.*]], %{{.*}} = Mul(%[[W]], %[[C]]) name("conv/Mul") {T = i32}
// CHECK-DAG: Conv2D(%[[X]], %[[WC]]) name("conv") {T = i32
// CHECK-DAG: Conv2D(%{{.*}}, %{{.*}}) name("fconv") {T = f32
// CHECK-DAG: Conv2D(%{{.*}}, %{{.*}}) name("vconv") {T = i32
// OFF-LABEL: tfg.graph
// OFF: Conv2D(%{{.*}}, %[[W:.*]]) name("conv")
// UNSAFE-LABEL: tfg.graph
// UNSAFE-DAG: %[[FX:.*]], %{{.*}} = Placeholder name("fx")
// UNSAFE-DAG: Conv2D(%[[FX]], %{{.*}}) name("fconv") {T = f32
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = i32} : () -> (tensor<1x4x4x2xi32>)
  %W, %ctl_0 = Const name("w") {dtype = i32, value = dense<1> : tensor<1x1x2x3xi32>} : () -> (tensor<1x1x2x3xi32>)
  %C, %ctl_1 = Const name("c") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %M, %ctl_2 = Mul(%X, %C) name("m") {T = i32} : (tensor<1x4x4x2xi32>, tensor<i32>) -> (tensor<1x4x4x2xi32>)
  %Conv, %ctl_3 = Conv2D(%M, %W) name("conv") {T = i32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xi32>, tensor<1x1x2x3xi32>) -> (tensor<1x4x4x3xi32>)
  %V, %ctl_4 = Const name("v") {dtype = i32, value = dense<3> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %MV, %ctl_5 = Mul(%X, %V) name("mv") {T = i32} : (tensor<1x4x4x2xi32>, tensor<2xi32>) -> (tensor<1x4x4x2xi32>)
  %VConv, %ctl_6 = Conv2D(%MV, %W) name("vconv") {T = i32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xi32>, tensor<1x1x2x3xi32>) -> (tensor<1x4x4x3xi32>)
  %FX, %ctl_7 = Placeholder name("fx") {dtype = f32} : () -> (tensor<1x4x4x2xf32>)
  %FW, %ctl_8 = Const name("fw") {dtype = f32, value = dense<1.0> : tensor<1x1x2x3xf32>} : () -> (tensor<1x1x2x3xf32>)
  %FC, %ctl_9 = Const name("fc") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %FM, %ctl_10 = Mul(%FX, %FC) name("fm") {T = f32} : (tensor<1x4x4x2xf32>, tensor<f32>) -> (tensor<1x4x4x2xf32>)
  %FConv, %ctl_11 = Conv2D(%FM, %FW) name("fconv") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<1x1x2x3xf32>) -> (tensor<1x4x4x3xf32>)
  %O:3, %ctl_12 = IdentityN(%Conv, %VConv, %FConv) name("out") {T = [i32, i32, f32]} : (tensor<1x4x4x3xi32>, tensor<1x4x4x3xi32>, tensor<1x4x4x3xf32>) -> (tensor<1x4x4x3xi32>, tensor<1x4x4x3xi32>, tensor<1x4x4x3xf32>)
}
