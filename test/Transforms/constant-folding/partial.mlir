// RUN: tfg-opt %s --split-input-file --tfg-constant-folding | FileCheck %s

// COM: AddN: the constant terms are summed into one Const.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[S:.*]], %{{.*}} = Const name("addn/_const_sum") {dtype = f32, value = dense<[4.000000e+00, 6.000000e+00]> : tensor<2xf32>}
// CHECK: AddN(%[[X]], %[[X]], %[[S]]) name("addn") {N = 3 : i64, T = f32}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %A, %ctl_0 = Const name("a") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<[3.0, 4.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %N, %ctl_2 = AddN(%A, %X, %B, %X) name("addn") {N = 4 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// COM: ConcatV2: a nested ConcatV2 on the same axis used only here is
// COM: spliced in, then adjacent constants are merged.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[AX:.*]], %{{.*}} = Const name("axis")
// CHECK: %[[M:.*]], %{{.*}} = Const name("outer/_partial_concat") {dtype = i32, value = dense<[1, 2, 3]> : tensor<3xi32>}
// CHECK: ConcatV2(%[[X]], %[[M]], %[[X]], %[[AX]]) name("outer") {N = 3 : i64, T = i32, Tidx = i32}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = i32} : () -> (tensor<2xi32>)
  %Ax, %ctl_0 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %A, %ctl_1 = Const name("a") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %B, %ctl_2 = Const name("b") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %In, %ctl_3 = ConcatV2(%X, %A, %Ax) name("inner") {N = 2 : i64, T = i32, Tidx = i32} : (tensor<2xi32>, tensor<1xi32>, tensor<i32>) -> (tensor<3xi32>)
  %Out, %ctl_4 = ConcatV2(%In, %B, %X, %Ax) name("outer") {N = 3 : i64, T = i32, Tidx = i32} : (tensor<3xi32>, tensor<2xi32>, tensor<2xi32>, tensor<i32>) -> (tensor<7xi32>)
}

// -----

// COM: IdentityN: users of an output whose input is constant read a copy
// COM: anchored on the IdentityN.
// CHECK-LABEL: tfg.graph
// CHECK: %[[I:.*]]:2, %[[IC:.*]] = IdentityN(%{{.*}}, %{{.*}}) name("idn")
// CHECK: %[[C:.*]], %{{.*}} = Const [%[[IC]]] name("idn/_1") {dtype = f32, value = dense<2.000000e+00> : tensor<f32>}
// CHECK: Erfinv(%[[I]]#0) name("u0")
// CHECK: Const [%{{.*}}] name("u1") {dtype = f32, value = dense<-2.000000e+00> : tensor<f32>}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %C, %ctl_0 = Const name("c") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %I:2, %ctl_1 = IdentityN(%X, %C) name("idn") {T = [f32, f32]} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %U0, %ctl_2 = Erfinv(%I#0) name("u0") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %U1, %ctl_3 = Neg(%I#1) name("u1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Constant push-down: 2 * (3 * x) -> 6 * x; (x + 1) + 2 -> x + 3.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[C6:.*]], %{{.*}} = Const name("outer/_pushdown") {dtype = f32, value = dense<6.000000e+00> : tensor<f32>}
// CHECK: Mul(%[[C6]], %[[X]]) name("outer")
// CHECK: %[[C3:.*]], %{{.*}} = Const name("add2/_pushdown") {dtype = f32, value = dense<3.000000e+00> : tensor<f32>}
// CHECK: AddV2(%[[X]], %[[C3]]) name("add2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<4xf32>)
  %Two, %ctl_0 = Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %Three, %ctl_1 = Const name("three") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %One, %ctl_2 = Const name("onec") {dtype = f32, value = dense<1.5> : tensor<f32>} : () -> (tensor<f32>)
  %Half, %ctl_3 = Const name("half") {dtype = f32, value = dense<1.5> : tensor<f32>} : () -> (tensor<f32>)
  %In, %ctl_4 = Mul(%Three, %X) name("inner") {T = f32} : (tensor<f32>, tensor<4xf32>) -> (tensor<4xf32>)
  %Out, %ctl_5 = Mul(%Two, %In) name("outer") {T = f32} : (tensor<f32>, tensor<4xf32>) -> (tensor<4xf32>)
  %A1, %ctl_6 = AddV2(%X, %One) name("add1") {T = f32} : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>)
  %A2, %ctl_7 = AddV2(%A1, %Half) name("add2") {T = f32} : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>)
}

// -----

// COM: Add(BiasAdd(x, b), c) -> BiasAdd(x, b + c); Mul(Conv2D(x, W), c)
// COM: with a per-channel c -> Conv2D(x, W * c); likewise MatMul.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[B:.*]], %{{.*}} = Const name("add/_bias") {dtype = f32, value = dense<[1.100000e+01, 2.200000e+01]> : tensor<2xf32>}
// CHECK: BiasAdd(%[[X]], %[[B]]) name("add") {T = f32, data_format = "NHWC"}
// CHECK: %[[W:.*]], %{{.*}} = Const name("scale/_scaled_filter") {dtype = f32, value = dense<{{\[\[\[\[}}2.000000e+00, 6.000000e+00]]]]> : tensor<1x1x1x2xf32>}
// CHECK: Conv2D(%{{.*}}, %[[W]]) name("scale") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]}
// CHECK: %[[MW:.*]], %{{.*}} = Const name("mmscale/_scaled_filter") {dtype = f32, value = dense<{{\[\[}}2.000000e+00, 6.000000e+00]]> : tensor<1x2xf32>}
// CHECK: MatMul(%{{.*}}, %[[MW]]) name("mmscale")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<3x2xf32>)
  %Bias, %ctl_0 = Const name("bias") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %C, %ctl_1 = Const name("c") {dtype = f32, value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %BA, %ctl_2 = BiasAdd(%X, %Bias) name("bias_add") {T = f32, data_format = "NHWC"} : (tensor<3x2xf32>, tensor<2xf32>) -> (tensor<3x2xf32>)
  %Add, %ctl_3 = AddV2(%BA, %C) name("add") {T = f32} : (tensor<3x2xf32>, tensor<2xf32>) -> (tensor<3x2xf32>)
  %Img, %ctl_4 = Placeholder name("img") {dtype = f32} : () -> (tensor<1x4x4x1xf32>)
  %W, %ctl_5 = Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>} : () -> (tensor<1x1x1x2xf32>)
  %S, %ctl_6 = Const name("s") {dtype = f32, value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %Conv, %ctl_7 = Conv2D(%Img, %W) name("conv") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x1xf32>, tensor<1x1x1x2xf32>) -> (tensor<1x4x4x2xf32>)
  %Scaled, %ctl_8 = Mul(%Conv, %S) name("scale") {T = f32} : (tensor<1x4x4x2xf32>, tensor<2xf32>) -> (tensor<1x4x4x2xf32>)
  %V, %ctl_9 = Placeholder name("v") {dtype = f32} : () -> (tensor<5x1xf32>)
  %MW, %ctl_10 = Const name("mw") {dtype = f32, value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> (tensor<1x2xf32>)
  %MM, %ctl_11 = MatMul(%V, %MW) name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<5x1xf32>, tensor<1x2xf32>) -> (tensor<5x2xf32>)
  %MS, %ctl_12 = Mul(%MM, %S) name("mmscale") {T = f32} : (tensor<5x2xf32>, tensor<2xf32>) -> (tensor<5x2xf32>)
}
