// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer='fetch=out optimize-max-or-min=false' | FileCheck %s --check-prefix=OFF

// COM: OptimizeMaxOrMin: Max(Floor(x)) -> Floor(Max(x)) and
// COM: Max(Neg(x)) -> Neg(Min(x)) for floats (exact functions); Relu on
// COM: integers.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-DAG: %[[A:.*]], %{{.*}} = Const name("axis")
// CHECK-DAG: %[[M1:.*]], %{{.*}} = Max(%[[X]], %[[A]]) name("m1/Max") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2xf32>)
// CHECK-DAG: Floor(%[[M1]]) name("m1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
// CHECK-DAG: %[[M2:.*]], %{{.*}} = Min(%[[X]], %[[A]]) name("m2/Min") {T = f32, Tidx = i32, keep_dims = true}
// CHECK-DAG: Neg(%[[M2]]) name("m2") {T = f32} : (tensor<2x1xf32>) -> (tensor<2x1xf32>)
// CHECK-DAG: %[[I:.*]], %{{.*}} = Placeholder name("i")
// CHECK-DAG: %[[M3:.*]], %{{.*}} = Min(%[[I]], %[[A]]) name("m3/Min") {T = i32
// CHECK-DAG: Relu(%[[M3]]) name("m3") {T = i32}
// OFF-LABEL: tfg.graph
// OFF: Max(%{{.*}}, %{{.*}}) name("m1")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3xf32>)
  %I, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<2x3xi32>)
  %A, %ctl_1 = Const name("axis") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %F, %ctl_2 = Floor(%X) name("f") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M1, %ctl_3 = Max(%F, %A) name("m1") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2xf32>)
  %N, %ctl_4 = Neg(%X) name("n") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %M2, %ctl_5 = Max(%N, %A) name("m2") {T = f32, Tidx = i32, keep_dims = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x1xf32>)
  %R, %ctl_6 = Relu(%I) name("r") {T = i32} : (tensor<2x3xi32>) -> (tensor<2x3xi32>)
  %M3, %ctl_7 = Min(%R, %A) name("m3") {T = i32, Tidx = i32, keep_dims = false} : (tensor<2x3xi32>, tensor<i32>) -> (tensor<2xi32>)
  %O:3, %ctl_8 = IdentityN(%M1, %M2, %M3) name("out") {T = [f32, f32, i32]} : (tensor<2xf32>, tensor<2x1xf32>, tensor<2xi32>) -> (tensor<2xf32>, tensor<2x1xf32>, tensor<2xi32>)
}

// -----

// COM: Regression test for TensorFlow #116436: Grappler rewrote ArgMax/ArgMin
// COM: of a monotonic function into ArgMax/ArgMin of its input (flipped for
// COM: a non-increasing function), which changes the index when the
// COM: function is not strictly monotonic: ArgMax(Relu([-3, -1])) is 0, but
// COM: ArgMax([-3, -1]) is 1. ArgMax and ArgMin are never rewritten.
// CHECK-LABEL: tfg.graph
// CHECK-DAG: %[[R:.*]], %{{.*}} = Relu(%{{.*}}) name("r")
// CHECK-DAG: ArgMax(%[[R]], %{{.*}}) name("am1")
// CHECK-DAG: %[[N:.*]], %{{.*}} = Neg(%{{.*}}) name("n")
// CHECK-DAG: ArgMax(%[[N]], %{{.*}}) name("am2")
// CHECK-DAG: %[[S:.*]], %{{.*}} = Sigmoid(%{{.*}}) name("s")
// CHECK-DAG: ArgMin(%[[S]], %{{.*}}) name("am3")
// CHECK-NOT: ArgMin(%{{.*}}, %{{.*}}) name("am2")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %A, %ctl_0 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %R, %ctl_1 = Relu(%X) name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %AM1, %ctl_2 = ArgMax(%R, %A) name("am1") {T = f32, Tidx = i32, output_type = i64} : (tensor<2xf32>, tensor<i32>) -> (tensor<i64>)
  %N, %ctl_3 = Neg(%X) name("n") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %AM2, %ctl_4 = ArgMax(%N, %A) name("am2") {T = f32, Tidx = i32, output_type = i64} : (tensor<2xf32>, tensor<i32>) -> (tensor<i64>)
  %S, %ctl_5 = Sigmoid(%X) name("s") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %AM3, %ctl_6 = ArgMin(%S, %A) name("am3") {T = f32, Tidx = i32, output_type = i64} : (tensor<2xf32>, tensor<i32>) -> (tensor<i64>)
  %O:3, %ctl_7 = IdentityN(%AM1, %AM2, %AM3) name("out") {T = [i64, i64, i64]} : (tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>)
}

// -----

// COM: Regression test for TensorFlow #119429: Max/Min of functions that
// COM: are not exactly monotonic on the computed values were rewritten and
// COM: changed results. Kept here:
// COM:  - integer Neg: Neg wraps at INT_MIN, so Max(Neg([INT_MIN, 0])) is 0
// COM:    but Neg(Min([INT_MIN, 0])) is INT_MIN;
// COM:  - Log and Sqrt: NaN for negative inputs, so Max(Log([-1, 2])) is NaN
// COM:    (NaN-propagating reduction) but Log(Max([-1, 2])) is log(2);
// COM:  - rounded functions (Exp, Sigmoid, Tanh): rounding can make two
// COM:    inputs' images tie or cross;
// COM:  - float Relu: its NaN result depends on the platform's max;
// COM:  - a function with a second user (the rewrite would duplicate it).
// CHECK-LABEL: tfg.graph
// CHECK-DAG: Max(%{{.*}}, %{{.*}}) name("m1") {T = i32
// CHECK-DAG: Max(%{{.*}}, %{{.*}}) name("m2") {T = f32
// CHECK-DAG: Max(%{{.*}}, %{{.*}}) name("m3") {T = f32
// CHECK-DAG: Min(%{{.*}}, %{{.*}}) name("m4") {T = f32
// CHECK-DAG: Max(%{{.*}}, %{{.*}}) name("m5") {T = f32
// CHECK-DAG: Max(%{{.*}}, %{{.*}}) name("m6") {T = f32
// CHECK-NOT: name("m1/Min")
// CHECK-NOT: name("m2/Max")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<2xi32>)
  %X, %ctl_0 = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %A, %ctl_1 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %NI, %ctl_2 = Neg(%I) name("ni") {T = i32} : (tensor<2xi32>) -> (tensor<2xi32>)
  %M1, %ctl_3 = Max(%NI, %A) name("m1") {T = i32, Tidx = i32, keep_dims = false} : (tensor<2xi32>, tensor<i32>) -> (tensor<i32>)
  %L, %ctl_4 = Log(%X) name("l") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %M2, %ctl_5 = Max(%L, %A) name("m2") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2xf32>, tensor<i32>) -> (tensor<f32>)
  %Q, %ctl_6 = Sqrt(%X) name("q") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %M3, %ctl_7 = Max(%Q, %A) name("m3") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2xf32>, tensor<i32>) -> (tensor<f32>)
  %E, %ctl_8 = Exp(%X) name("e") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %M4, %ctl_9 = Min(%E, %A) name("m4") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2xf32>, tensor<i32>) -> (tensor<f32>)
  %R, %ctl_10 = Relu(%X) name("r") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %M5, %ctl_11 = Max(%R, %A) name("m5") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2xf32>, tensor<i32>) -> (tensor<f32>)
  %F, %ctl_12 = Floor(%X) name("f") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %M6, %ctl_13 = Max(%F, %A) name("m6") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2xf32>, tensor<i32>) -> (tensor<f32>)
  %O:7, %ctl_14 = IdentityN(%M1, %M2, %M3, %M4, %M5, %M6, %F) name("out") {T = [i32, f32, f32, f32, f32, f32, f32]} : (tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<2xf32>) -> (tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<2xf32>)
}
