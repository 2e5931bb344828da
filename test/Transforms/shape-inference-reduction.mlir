// COM: Shape functions of the reductions (the Reduction class of
// COM: OpClasses.def: (input, reduction_indices) with `keep_dims`), ArgMax,
// COM: ArgMin and L2Loss.
// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// COM: Every reduction over a constant axis, with and without keep_dims.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = i1, shape = #tf_type.shape<2x3x4>} : () -> (tensor<*xi1>)
  %Ax, %ctl_1 = Const name("axis") {dtype = i32, value = dense<[0, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // CHECK-DAG: name("sum"){{.*}} -> (tensor<3xf32>)
  %R0, %ctl_2 = Sum(%X, %Ax) name("sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("sum_keep"){{.*}} -> (tensor<1x3x1xf32>)
  %R1, %ctl_3 = Sum(%X, %Ax) name("sum_keep") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("mean"){{.*}} -> (tensor<3xf32>)
  %R2, %ctl_4 = Mean(%X, %Ax) name("mean") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("prod"){{.*}} -> (tensor<3xf32>)
  %R3, %ctl_5 = Prod(%X, %Ax) name("prod") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("max"){{.*}} -> (tensor<1x3x1xf32>)
  %R4, %ctl_6 = Max(%X, %Ax) name("max") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("min"){{.*}} -> (tensor<3xf32>)
  %R5, %ctl_7 = Min(%X, %Ax) name("min") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("norm"){{.*}} -> (tensor<3xf32>)
  %R6, %ctl_8 = EuclideanNorm(%X, %Ax) name("norm") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("all"){{.*}} -> (tensor<3xi1>)
  %R7, %ctl_9 = All(%B, %Ax) name("all") {Tidx = i32, keep_dims = false} : (tensor<*xi1>, tensor<2xi32>) -> (tensor<*xi1>)
  // CHECK-DAG: name("any"){{.*}} -> (tensor<1x3x1xi1>)
  %R8, %ctl_10 = Any(%B, %Ax) name("any") {Tidx = i32, keep_dims = true} : (tensor<*xi1>, tensor<2xi32>) -> (tensor<*xi1>)
}

// -----

// COM: A scalar axis, an empty axis list (nothing reduced), unknown axes
// COM: (the rank is known with keep_dims only) and an unranked input.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x?x4>} : () -> (tensor<*xf32>)
  %U, %ctl_0 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  %A1, %ctl_1 = Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %E, %ctl_2 = Const name("none") {dtype = i32, value = dense<> : tensor<0xi32>} : () -> (tensor<0xi32>)
  %AU, %ctl_3 = Placeholder name("axes") {dtype = i32, shape = #tf_type.shape<1>} : () -> (tensor<*xi32>)
  // CHECK-DAG: name("scalar_axis"){{.*}} -> (tensor<2x4xf32>)
  %R0, %ctl_4 = Sum(%X, %A1) name("scalar_axis") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("no_axis"){{.*}} -> (tensor<2x?x4xf32>)
  %R1, %ctl_5 = Sum(%X, %E) name("no_axis") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<0xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("unknown_axes_keep"){{.*}} -> (tensor<?x?x?xf32>)
  %R2, %ctl_6 = Max(%X, %AU) name("unknown_axes_keep") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("unknown_axes"){{.*}} -> (tensor<*xf32>)
  %R3, %ctl_7 = Max(%X, %AU) name("unknown_axes") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("unranked"){{.*}} -> (tensor<*xf32>)
  %R4, %ctl_8 = Mean(%U, %A1) name("unranked") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  // COM: An axis out of range is invalid: nothing is inferred.
  %A9, %ctl_9 = Const name("a9") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
  // CHECK-DAG: name("bad_axis"){{.*}} -> (tensor<*xf32>)
  %R5, %ctl_10 = Sum(%X, %A9) name("bad_axis") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// COM: ArgMax/ArgMin remove the dimension at a constant axis (its rank
// COM: only when the axis is unknown); L2Loss is a scalar.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<*xf32>)
  %Am1, %ctl_0 = Const name("am1") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %AU, %ctl_1 = Placeholder name("axis") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<*xi32>)
  // CHECK-DAG: name("argmax"){{.*}} -> (tensor<2x3xi64>)
  %R0, %ctl_2 = ArgMax(%X, %Am1) name("argmax") {T = f32, Tidx = i32, output_type = i64} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xi64>)
  // CHECK-DAG: name("argmin"){{.*}} -> (tensor<2x3xi32>)
  %R1, %ctl_3 = ArgMin(%X, %Am1) name("argmin") {T = f32, Tidx = i32, output_type = i32} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("argmax_unknown_axis"){{.*}} -> (tensor<?x?xi64>)
  %R2, %ctl_4 = ArgMax(%X, %AU) name("argmax_unknown_axis") {T = f32, Tidx = i32, output_type = i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi64>)
  // CHECK-DAG: name("l2loss"){{.*}} -> (tensor<f32>)
  %R3, %ctl_5 = L2Loss(%X) name("l2loss") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
