// RUN: tfg-opt %s --split-input-file --tfg-constant-folding | FileCheck %s

// COM: Neutral elements forward the other operand (Identity); the constant
// COM: becomes a control dependency only through its own control operands.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Identity(%[[X]]) name("mul1") {T = f32}
// CHECK: Identity(%[[X]]) name("onemul") {T = f32}
// CHECK: Identity(%[[X]]) name("add0") {T = f32}
// CHECK: Identity(%[[X]]) name("zeroadd") {T = f32}
// CHECK: Identity(%[[X]]) name("sub0") {T = f32}
// CHECK: Identity(%[[X]]) name("div1") {T = f32}
// CHECK: Identity(%[[X]]) name("bias0") {T = f32}
// CHECK: Neg(%[[X]]) name("zerosub") {T = f32}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3xf32>)
  %One, %ctl_0 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %Zero, %ctl_1 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %A, %ctl_2 = Mul(%X, %One) name("mul1") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>)
  %B, %ctl_3 = Mul(%One, %X) name("onemul") {T = f32} : (tensor<f32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %C, %ctl_4 = AddV2(%X, %Zero) name("add0") {T = f32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)
  %D, %ctl_5 = Add(%Zero, %X) name("zeroadd") {T = f32} : (tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %E, %ctl_6 = Sub(%X, %Zero) name("sub0") {T = f32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)
  %F, %ctl_7 = RealDiv(%X, %One) name("div1") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>)
  %G, %ctl_8 = BiasAdd(%X, %Zero) name("bias0") {T = f32, data_format = "NHWC"} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)
  %H, %ctl_9 = Sub(%Zero, %X) name("zerosub") {T = f32} : (tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// COM: Not when the constant broadcasts x to a larger shape, nor for x*0 of
// COM: floats (NaN and Inf times 0 are NaN); integer x*0 is zeros.
// CHECK-LABEL: tfg.graph
// CHECK: Mul(%{{.*}}, %{{.*}}) name("broadcast")
// CHECK: Mul(%{{.*}}, %{{.*}}) name("fzero")
// CHECK: Const [%{{.*}}] name("izero") {dtype = i32, value = dense<0> : tensor<4xi32>}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<3xf32>)
  %I, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<4xi32>)
  %Ones, %ctl_1 = Const name("ones") {dtype = f32, value = dense<1.0> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %FZ, %ctl_2 = Const name("fz") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %IZ, %ctl_3 = Const name("iz") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %A, %ctl_4 = Mul(%X, %Ones) name("broadcast") {T = f32} : (tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %B, %ctl_5 = Mul(%X, %FZ) name("fzero") {T = f32} : (tensor<3xf32>, tensor<f32>) -> (tensor<3xf32>)
  %C, %ctl_6 = Mul(%I, %IZ) name("izero") {T = i32} : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>)
}

// -----

// COM: With an op that updates its input in place in the body, the bypass
// COM: is a Snapshot (a copy), as Grappler does.
// CHECK-LABEL: tfg.graph
// CHECK: Snapshot(%{{.*}}) name("mul1") {T = f32}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<3xf32>)
  %One, %ctl_0 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %A, %ctl_1 = Mul(%X, %One) name("mul1") {T = f32} : (tensor<3xf32>, tensor<f32>) -> (tensor<3xf32>)
  %V, %ctl_2 = InplaceUpdate(%X, %X, %X) name("inplace") {T = f32} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
}

// -----

// COM: Division by a float constant is a multiplication by its reciprocal.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[R:.*]], %{{.*}} = Const name("div/_reciprocal") {dtype = f32, value = dense<2.500000e-01> : tensor<f32>}
// CHECK: Mul(%[[X]], %[[R]]) name("div") {T = f32}
// CHECK: Div(%{{.*}}, %{{.*}}) name("idiv")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<3xf32>)
  %I, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<3xi32>)
  %Four, %ctl_1 = Const name("four") {dtype = f32, value = dense<4.0> : tensor<f32>} : () -> (tensor<f32>)
  %IFour, %ctl_2 = Const name("ifour") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %A, %ctl_3 = RealDiv(%X, %Four) name("div") {T = f32} : (tensor<3xf32>, tensor<f32>) -> (tensor<3xf32>)
  %B, %ctl_4 = Div(%I, %IFour) name("idiv") {T = i32} : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>)
}
