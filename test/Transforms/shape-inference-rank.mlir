// COM: A list operand that a shape function reads (a shape, axes,
// COM: multiples, paddings...) is read only up to what a shape of
// COM: TensorFlow's largest rank, 254, needs (508 values for paddings).
// COM: Longer, it is not read, not even counted element by element (a splat
// COM: of 10^9 elements costs nothing), and a remark says so; the result
// COM: shape stays unknown. `timeout` fails the test if anything iterates
// COM: or allocates 10^9 elements again.
// RUN: timeout 20 tfg-opt %s --split-input-file --tfg-shape-inference --verify-diagnostics | FileCheck %s

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %ctl = Const name("s") {dtype = i32, value = dense<1> : tensor<1000000000xi32>} : () -> (tensor<1000000000xi32>)
  %V, %ctl_0 = Const name("v") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // CHECK: Fill{{.*}} name("fill") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{shape inference: operand 0 of 'fill' (Fill) has 1000000000 elements, more than the 254 that a shape of rank at most 254 uses: it is not read}}
  %F, %ctl_1 = Fill(%S, %V) name("fill") {T = f32, index_type = i32} : (tensor<1000000000xi32>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK: name("reshape") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 1 of 'reshape' (Reshape) has 1000000000 elements}}
  %R, %ctl_2 = Reshape(%V, %S) name("reshape") {T = f32, Tshape = i32} : (tensor<f32>, tensor<1000000000xi32>) -> (tensor<*xf32>)
  // CHECK: name("broadcast") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 1 of 'broadcast' (BroadcastTo) has 1000000000 elements}}
  %B, %ctl_3 = BroadcastTo(%V, %S) name("broadcast") {T = f32, Tidx = i32} : (tensor<f32>, tensor<1000000000xi32>) -> (tensor<*xf32>)
  // CHECK: name("random") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 0 of 'random' (RandomUniform) has 1000000000 elements}}
  %U, %ctl_4 = RandomUniform(%S) name("random") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1000000000xi32>) -> (tensor<*xf32>)
  // CHECK: name("empty") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 0 of 'empty' (Empty) has 1000000000 elements}}
  %E, %ctl_5 = Empty(%S) name("empty") {dtype = f32, init = false} : (tensor<1000000000xi32>) -> (tensor<*xf32>)
}

// -----

// COM: The shape's values unknown, its length from its type: still bounded.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %ctl = Placeholder name("s") {dtype = i32} : () -> (tensor<1000000000xi32>)
  %V, %ctl_0 = Placeholder name("v") {dtype = f32} : () -> (tensor<2x3xf32>)
  // CHECK: name("fill") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 0 of 'fill' (Fill) has 1000000000 elements}}
  %F, %ctl_1 = Fill(%S, %V) name("fill") {T = f32, index_type = i32} : (tensor<1000000000xi32>, tensor<2x3xf32>) -> (tensor<*xf32>)
  // CHECK: name("transpose") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 1 of 'transpose' (Transpose) has 1000000000 elements}}
  %T, %ctl_2 = Transpose(%F, %S) name("transpose") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<1000000000xi32>) -> (tensor<*xf32>)
  // COM: Multiples, axes: the input's rank is kept where it is known.
  // CHECK: name("tile") {{.*}} -> (tensor<?x?xf32>)
  // expected-remark @below {{operand 1 of 'tile' (Tile) has 1000000000 elements}}
  %Ti, %ctl_3 = Tile(%V, %S) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<1000000000xi32>) -> (tensor<*xf32>)
  // CHECK: name("sum") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 1 of 'sum' (Sum) has 1000000000 elements}}
  %Su, %ctl_4 = Sum(%V, %S) name("sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2x3xf32>, tensor<1000000000xi32>) -> (tensor<*xf32>)
}

// -----

// COM: The boundary: a shape of 254 values gives a rank-254 result, one of
// COM: 255 values an unknown one; paddings may hold 2 * 254 values.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S254, %ctl = Const name("s254") {dtype = i32, value = dense<1> : tensor<254xi32>} : () -> (tensor<254xi32>)
  %S255, %ctl_0 = Const name("s255") {dtype = i32, value = dense<1> : tensor<255xi32>} : () -> (tensor<255xi32>)
  %V, %ctl_1 = Const name("v") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // CHECK: name("fill254") {{.*}} -> (tensor<{{(1x){254}f}}32>)
  %F1, %ctl_2 = Fill(%S254, %V) name("fill254") {T = f32, index_type = i32} : (tensor<254xi32>, tensor<f32>) -> (tensor<*xf32>)
  // CHECK: name("fill255") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 0 of 'fill255' (Fill) has 255 elements, more than the 254 that a shape of rank at most 254 uses}}
  %F2, %ctl_3 = Fill(%S255, %V) name("fill255") {T = f32, index_type = i32} : (tensor<255xi32>, tensor<f32>) -> (tensor<*xf32>)
  %P508, %ctl_4 = Const name("p508") {dtype = i32, value = dense<0> : tensor<254x2xi32>} : () -> (tensor<254x2xi32>)
  %P510, %ctl_5 = Const name("p510") {dtype = i32, value = dense<0> : tensor<255x2xi32>} : () -> (tensor<255x2xi32>)
  // CHECK: name("pad508") {{.*}} -> (tensor<{{(1x){254}f}}32>)
  %Q1, %ctl_6 = Pad(%F1, %P508) name("pad508") {T = f32, Tpaddings = i32} : (tensor<*xf32>, tensor<254x2xi32>) -> (tensor<*xf32>)
  // CHECK: name("pad510") {{.*}} -> (tensor<*xf32>)
  // expected-remark @below {{operand 1 of 'pad510' (Pad) has 510 elements, more than the 508 that a shape of rank at most 254 uses}}
  %Q2, %ctl_7 = Pad(%F2, %P510) name("pad510") {T = f32, Tpaddings = i32} : (tensor<*xf32>, tensor<255x2xi32>) -> (tensor<*xf32>)
}
