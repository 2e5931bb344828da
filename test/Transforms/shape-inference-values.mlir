// COM: Shape inference evaluates small constant subgraphs (at most 64
// COM: integer or float elements: shape arithmetic), as TensorFlow's shape
// COM: refiner does, so that a shape computed from Shape, StridedSlice, Mul,
// COM: Pack or Cast reaches the Reshape, Range or transposed convolution
// COM: that reads it. Placeholders (also with a default) and stateful ops
// COM: are never values.
// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// COM: [batch, h * 2, w * 2, c] built from the shape of a static tensor.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x6x8>} : () -> (tensor<1x4x6x8xf32>)
  %S, %ctl_0 = Shape(%X) name("shape") {T = f32, out_type = i32} : (tensor<1x4x6x8xf32>) -> (tensor<*xi32>)
  %B, %ctl_1 = Const name("b") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %E, %ctl_2 = Const name("e") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %One, %ctl_3 = Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %H, %ctl_4 = StridedSlice(%S, %B, %E, %One) name("h") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %Two, %ctl_5 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %H2, %ctl_6 = Mul(%H, %Two) name("h2") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %C, %ctl_7 = Const name("c") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %Sizes, %ctl_8 = Pack(%C, %H2, %H2, %C) name("sizes") {N = 4 : i64, T = i32, axis = 0 : i64} : (tensor<i32>, tensor<*xi32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %F, %ctl_9 = Const name("filter") {dtype = f32, value = dense<1.0> : tensor<2x2x8x8xf32>} : () -> (tensor<2x2x8x8xf32>)
  // CHECK: name("deconv"){{.*}} -> (tensor<3x8x8x3xf32>)
  %D, %ctl_10 = Conv2DBackpropInput(%Sizes, %F, %X) name("deconv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xi32>, tensor<2x2x8x8xf32>, tensor<1x4x6x8xf32>) -> (tensor<*xf32>)
  // CHECK: name("reshape"){{.*}} -> (tensor<3x8x8x3xf32>)
  %R, %ctl_11 = Reshape(%D, %Sizes) name("reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// -----

// COM: A float Range sized from Cast values: ceil(|(limit - start) / delta|).
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<5x7>} : () -> (tensor<5x7xf32>)
  %S, %ctl_0 = Size(%X) name("size") {T = f32, out_type = i32} : (tensor<5x7xf32>) -> (tensor<*xi32>)
  %L, %ctl_1 = Cast(%S) name("limit") {SrcT = i32, DstT = f32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
  %Z, %ctl_2 = Const name("start") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %D, %ctl_3 = Const name("delta") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  // CHECK: name("range"){{.*}} -> (tensor<18xf32>)
  %R, %ctl_4 = Range(%Z, %L, %D) name("range") {Tidx = f32} : (tensor<f32>, tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  // COM: Descending bounds with a positive delta: empty.
  // CHECK: name("empty"){{.*}} -> (tensor<0xf32>)
  %E, %ctl_5 = Range(%L, %Z, %D) name("empty") {Tidx = f32} : (tensor<*xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
}

// -----

// COM: A PlaceholderWithDefault can be fed another value: what it computes
// COM: is no constant, nor is a stateful op's.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?>} : () -> (tensor<?xf32>)
  %Dflt, %ctl_0 = Const name("dflt") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %P, %ctl_1 = PlaceholderWithDefault(%Dflt) name("p") {dtype = i32, shape = #tf_type.shape<2>} : (tensor<2xi32>) -> (tensor<2xi32>)
  // CHECK: name("reshape"){{.*}} -> (tensor<?x?xf32>)
  %R, %ctl_2 = Reshape(%X, %P) name("reshape") {T = f32, Tshape = i32} : (tensor<?xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %Sh, %ctl_3 = Const name("shape") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %U, %ctl_4 = RandomUniformInt(%Sh, %Dflt, %Dflt) name("rand") {T = i32, Tout = i32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  // CHECK: name("reshape_rand"){{.*}} -> (tensor<?x?xf32>)
  %R2, %ctl_5 = Reshape(%X, %U) name("reshape_rand") {T = f32, Tshape = i32} : (tensor<?xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// COM: TF.js's Prelu has x's shape; SparseToDense the output_shape operand.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x2>} : () -> (tensor<1x4x4x2xf32>)
  %A, %ctl_0 = Const name("alpha") {dtype = f32, value = dense<0.1> : tensor<2xf32>} : () -> (tensor<2xf32>)
  // CHECK: name("prelu"){{.*}} -> (tensor<1x4x4x2xf32>)
  %P, %ctl_1 = Prelu(%X, %A) name("prelu") {T = f32} : (tensor<1x4x4x2xf32>, tensor<2xf32>) -> (tensor<*xf32>)
  %I, %ctl_2 = Const name("indices") {dtype = i64, value = dense<0> : tensor<0x1xi64>} : () -> (tensor<0x1xi64>)
  %O, %ctl_3 = Const name("out_shape") {dtype = i64, value = dense<3> : tensor<1xi64>} : () -> (tensor<1xi64>)
  %V, %ctl_4 = Const name("values") {dtype = i64, value = dense<0> : tensor<0xi64>} : () -> (tensor<0xi64>)
  %D, %ctl_5 = Const name("default") {dtype = i64, value = dense<7> : tensor<i64>} : () -> (tensor<i64>)
  // CHECK: name("dense"){{.*}} -> (tensor<3xi64>)
  %S, %ctl_6 = SparseToDense(%I, %O, %V, %D) name("dense") {T = i64, Tindices = i64, validate_indices = true} : (tensor<0x1xi64>, tensor<1xi64>, tensor<0xi64>, tensor<i64>) -> (tensor<*xi64>)
}
