// RUN: tfg-opt %s --split-input-file --tfg-constant-folding | FileCheck %s

// COM: Shape, ShapeN, Size and Rank of static tensors become Consts that
// COM: wait for the tensor's producer; Rank needs only the rank. ShapeN with
// COM: an unknown shape folds its known output only.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %[[XC:.*]] = Placeholder name("x")
// CHECK: %[[Y:.*]], %{{.*}} = Placeholder name("y")
// CHECK: Const [%[[XC]]] name("shape") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>}
// CHECK: Const [%[[XC]]] name("size") {dtype = i64, value = dense<6> : tensor<i64>}
// CHECK: Const [%{{.*}}] name("rank") {dtype = i32, value = dense<2> : tensor<i32>}
// CHECK: %[[N0:.*]], %{{.*}} = Const [%[[XC]], %{{.*}}] name("shapen/_0") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>}
// CHECK: %[[SN:.*]]:2, %{{.*}} = ShapeN(%[[X]], %[[Y]]) name("shapen")
// CHECK: Erfinv(%[[N0]]) name("u0")
// CHECK: Erfinv(%[[SN]]#1) name("u1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<?x3xf32>)
  %S, %ctl_1 = Shape(%X) name("shape") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<*xi32>)
  %Z, %ctl_2 = Size(%X) name("size") {T = f32, out_type = i64} : (tensor<2x3xf32>) -> (tensor<*xi64>)
  %R, %ctl_3 = Rank(%Y) name("rank") {T = f32} : (tensor<?x3xf32>) -> (tensor<*xi32>)
  %N:2, %ctl_4 = ShapeN(%X, %Y) name("shapen") {N = 2 : i64, T = f32, out_type = i32} : (tensor<2x3xf32>, tensor<?x3xf32>) -> (tensor<*xi32>, tensor<*xi32>)
  %U0, %ctl_5 = Erfinv(%N#0) name("u0") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %U1, %ctl_6 = Erfinv(%N#1) name("u1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// COM: BroadcastGradientArgs of constant shapes: the dimensions (of the
// COM: broadcast rank) where each shape is 1.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: Const name("bga/_0") {dtype = i32, value = dense<[0, 2]> : tensor<2xi32>}
// CHECK-DAG: Const name("bga/_1") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Const name("s0") {dtype = i32, value = dense<[4, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %B, %ctl_0 = Const name("s1") {dtype = i32, value = dense<[2, 1, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %R:2, %ctl_1 = BroadcastGradientArgs(%A, %B) name("bga") {T = i32} : (tensor<2xi32>, tensor<3xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %U0, %ctl_2 = Erfinv(%R#0) name("u0") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %U1, %ctl_3 = Erfinv(%R#1) name("u1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// COM: ZerosLike and OnesLike of a static tensor; the tensor becomes a
// COM: control dependency.
// CHECK-LABEL: tfg.graph
// CHECK: %{{.*}}, %[[XC:.*]] = Placeholder name("x")
// CHECK: Const [%[[XC]]] name("zeros") {dtype = f32, value = dense<0.000000e+00> : tensor<2x3xf32>}
// CHECK: Const [%[[XC]]] name("ones") {dtype = f32, value = dense<1.000000e+00> : tensor<2x3xf32>}
// CHECK: ZerosLike(%{{.*}}) name("dynamic")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<?x3xf32>)
  %Z, %ctl_1 = ZerosLike(%X) name("zeros") {T = f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %O, %ctl_2 = OnesLike(%X) name("ones") {T = f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %D, %ctl_3 = ZerosLike(%Y) name("dynamic") {T = f32} : (tensor<?x3xf32>) -> (tensor<*xf32>)
}

// -----

// COM: A reduction over every dimension gets constant indices, waiting for
// COM: the old indices' producer; a partial one keeps its indices.
// CHECK-LABEL: tfg.graph
// CHECK: %{{.*}}, %[[IC:.*]] = Placeholder name("i")
// CHECK: %{{.*}}, %[[CC:.*]] = Cast
// CHECK: %[[RI:.*]], %{{.*}} = Const [%[[IC]]] name("sum/reduction_indices") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>}
// CHECK: Sum(%{{.*}}, %[[RI]]) name("sum")
// CHECK: %[[RI2:.*]], %{{.*}} = Const [%[[CC]]] name("max/reduction_indices") {dtype = i64, value = dense<[0, 1]> : tensor<2xi64>}
// CHECK: Max(%{{.*}}, %[[RI2]]) name("max")
// CHECK: Mean(%{{.*}}, %{{.*}}) name("partial")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<?x3xf32>)
  %I, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<*xi32>)
  %I64, %ctl_1 = Cast(%I) name("i64") {SrcT = i32, DstT = i64, Truncate = false} : (tensor<*xi32>) -> (tensor<*xi64>)
  %S, %ctl_2 = Sum(%X, %I) name("sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<?x3xf32>, tensor<*xi32>) -> (tensor<f32>)
  %M, %ctl_3 = Max(%X, %I64) name("max") {T = f32, Tidx = i64, keep_dims = true} : (tensor<?x3xf32>, tensor<*xi64>) -> (tensor<1x1xf32>)
  %P, %ctl_4 = Mean(%X, %I) name("partial") {T = f32, Tidx = i32, keep_dims = false} : (tensor<?x3xf32>, tensor<*xi32>) -> (tensor<3xf32>)
}

// -----

// COM: A constant entering a loop frame: users inside the frame read a copy
// COM: anchored on the Enter, and fold; frame nodes keep the Enter.
// CHECK-LABEL: tfg.graph
// CHECK: %[[E:.*]], %[[EC:.*]] = Enter(%{{.*}}) name("enter")
// CHECK: Const [%[[EC]]] name("enter/_const") {dtype = f32, value = dense<3.000000e+00> : tensor<f32>}
// CHECK: Const [%[[EC]]] name("neg") {dtype = f32, value = dense<-3.000000e+00> : tensor<f32>}
// CHECK: Exit(%[[E]]) name("exit")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %C, %ctl = Const name("c") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %E, %ctl_0 = Enter(%C) name("enter") {T = f32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<*xf32>)
  %N, %ctl_1 = Neg(%E) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %X, %ctl_2 = Exit(%E) name("exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
