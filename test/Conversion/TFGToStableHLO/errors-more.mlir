// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo --verify-diagnostics

// COM: Unsupported attribute values and operands of the rules in
// COM: MathRules.cpp ... SparseRules.cpp: each an error naming the node.

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = i32, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %P, %c1 = Const name("p") {dtype = i32, value = dense<[[1, 1], [0, 0]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'm' (MirrorPad): mode 'WRAP' is not REFLECT or SYMMETRIC}}
  %M, %c2 = MirrorPad(%X, %P) name("m") {T = i32, Tpaddings = i32, mode = "WRAP"} : (tensor<2x2xi32>, tensor<2x2xi32>) -> (tensor<4x2xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = i32, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %P, %c1 = Const name("p") {dtype = i32, value = dense<[[2, 0], [0, 0]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  // expected-error @+1 {{node 'm' (MirrorPad): paddings of dimension 0 exceed what mode REFLECT allows for size 2}}
  %M, %c2 = MirrorPad(%X, %P) name("m") {T = i32, Tpaddings = i32, mode = "REFLECT"} : (tensor<2x2xi32>, tensor<2x2xi32>) -> (tensor<6x2xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = i32, value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %K, %c1 = Const name("k") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %P, %c2 = Const name("p") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'd' (MatrixDiagPartV3): align 'CENTER' is not one of LEFT_LEFT, LEFT_RIGHT, RIGHT_LEFT, RIGHT_RIGHT}}
  %D, %c3 = MatrixDiagPartV3(%X, %K, %P) name("d") {T = i32, align = "CENTER"} : (tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> (tensor<2xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<2x3x4xf32>)
  // expected-error @+1 {{node 'e' (Einsum): equation '...ij->...ji': '...' (broadcast dimensions) is not legalized}}
  %E, %c1 = Einsum(%X) name("e") {N = 1 : i64, T = f32, equation = "...ij->...ji"} : (tensor<2x3x4xf32>) -> (tensor<2x4x3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x3>} : () -> (tensor<3x3xf32>)
  // expected-error @+1 {{node 'e' (Einsum): label 'i' repeats in one operand (a diagonal), which is not legalized}}
  %E, %c1 = Einsum(%X) name("e") {N = 1 : i64, T = f32, equation = "ii->i"} : (tensor<3x3xf32>) -> (tensor<3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x2x1>} : () -> (tensor<1x2x2x2x1xf32>)
  // expected-error @+1 {{node 'p' (MaxPool3D): padding 'EXPLICIT' is not legalized}}
  %P, %c1 = MaxPool3D(%X) name("p") {T = f32, data_format = "NDHWC", ksize = [1, 1, 1, 1, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x2x2x1xf32>) -> (tensor<1x2x2x2x1xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  // expected-error @+1 {{node 'b' (Bucketize): boundaries must be sorted}}
  %B, %c1 = Bucketize(%X) name("b") {T = f32, boundaries = [1.0 : f32, 0.0 : f32]} : (tensor<4xf32>) -> (tensor<4xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  // expected-error @+1 {{node 'r' (Real): expects a complex input, has 'tensor<4xf32>'}}
  %R, %c1 = Real(%X) name("r") {T = f32, Tout = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<4>} : () -> (tensor<4xi32>)
  // expected-error @+1 {{node 'a' (Acos): expects a floating-point input, has 'tensor<4xi32>'}}
  %A, %c1 = Acos(%X) name("a") {T = i32} : (tensor<4xi32>) -> (tensor<4xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %K, %c1 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 't' (TopKV2): input 1 must be an integer constant (a Const node, or computed from constants and static shapes)}}
  %V, %I, %c2 = TopKV2(%X, %K) name("t") {T = f32, Tk = i32, index_type = i32, sorted = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %Y, %c1 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{node 's' (RightShift): expects integer operands, has 'tensor<3xf32>'}}
  %S, %c2 = RightShift(%X, %Y) name("s") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %Y, %c1 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  // expected-error @+1 {{node 'g' (ReluGrad): expects two float tensors of one type, has 'tensor<3xf32>' and 'tensor<4xf32>'}}
  %G, %c2 = ReluGrad(%X, %Y) name("g") {T = f32} : (tensor<3xf32>, tensor<4xf32>) -> (tensor<3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Y, %c0 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %D, %c1 = Placeholder name("d") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'h' (AdjustHue): expects float images of rank 3 or more with 3 channels last, has 'tensor<2x3xf32>'}}
  %H, %c2 = AdjustHue(%Y, %D) name("h") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x2>} : () -> (tensor<4x2xf32>)
  %I, %c1 = Placeholder name("i") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %N, %c2 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 's' (UnsortedSegmentSum): segment_ids must be integers, has 'tensor<4xf32>'}}
  %S, %c3 = UnsortedSegmentSum(%X, %I, %N) name("s") {T = f32, Tindices = f32, Tnumsegments = i32} : (tensor<4x2xf32>, tensor<4xf32>, tensor<i32>) -> (tensor<3x2xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %K, %c1 = Const name("key") {dtype = ui64, value = dense<1> : tensor<1xui64>} : () -> (tensor<1xui64>)
  %C, %c2 = Const name("ctr") {dtype = ui64, value = dense<[0, 0]> : tensor<2xui64>} : () -> (tensor<2xui64>)
  %A, %c3 = Const name("alg") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'u' (StatelessRandomUniformV2): algorithm 2 is not legalized (Philox: 1, or 3, auto-select)}}
  %U, %c4 = StatelessRandomUniformV2(%S, %K, %C, %A) name("u") {Tshape = i32, dtype = f32} : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> (tensor<3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{node 'u' (RandomUniform): seed and seed2 are both 0: TensorFlow seeds the op nondeterministically}}
  %U, %c1 = RandomUniform(%S) name("u") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %K, %c1 = Const name("seed") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %Lo, %c2 = Const name("lo") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'i' (StatelessRandomUniformInt): need minval < maxval: 5 >= 5}}
  %I, %c3 = StatelessRandomUniformInt(%S, %K, %Lo, %Lo) name("i") {T = i32, Tseed = i64, dtype = i32} : (tensor<1xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %K, %c1 = Const name("seed") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  // expected-error @+1 {{node 'u' (StatelessRandomUniformFullInt): element type 'i16' is not legalized}}
  %U, %c2 = StatelessRandomUniformFullInt(%S, %K) name("u") {T = i32, Tseed = i64, dtype = i16} : (tensor<1xi32>, tensor<2xi64>) -> (tensor<3xi16>)
}
