// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo --verify-diagnostics

// COM: An unknown dimension left after shape inference names the node and
// COM: the input.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-to-stablehlo: node 'x' (Placeholder): output 0 has unknown dimensions ('tensor<?x3xf32>'): pin them with tfg-set-input-shapes}}
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x3>} : () -> (tensor<?x3xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32} : (tensor<?x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// COM: An op type without a rule is an error naming the node and op type.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'w' (Unique): no StableHLO legalization for op type 'Unique'}}
  %U:2, %c1 = Unique(%X) name("w") {T = f32, out_idx = i32} : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xi32>)
}

// -----

// COM: An unranked output (shape inference not run).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{node 'e' (Exp): output 0 has unknown rank ('tensor<*xf32>'): run tfg-shape-inference}}
  %E, %c1 = Exp(%X) name("e") {T = f32} : (tensor<3xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Strings have no StableHLO type.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 's' (Placeholder): output 0 has type 'tensor<!tf_type.string>', which StableHLO does not represent}}
  %S, %c0 = Placeholder name("s") {dtype = !tf_type.string, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.string>)
  %I, %c1 = Identity(%S) name("i") {T = !tf_type.string} : (tensor<!tf_type.string>) -> (tensor<!tf_type.string>)
}

// -----

// COM: Index inputs must be constants.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %P, %c1 = Placeholder name("p") {dtype = i32, shape = #tf_type.shape<2>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 't' (Transpose): input 1 must be an integer constant (a Const node, or computed from constants and static shapes)}}
  %T, %c2 = Transpose(%X, %P) name("t") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3x2xf32>)
}

// -----

// COM: Malformed attributes.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %K, %c1 = Const name("k") {dtype = f32, value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> (tensor<2x2x1x1xf32>)
  // expected-error @+1 {{node 'conv' (Conv2D): padding 'FULL' is not legalized}}
  %C, %c2 = Conv2D(%X, %K) name("conv") {T = f32, strides = [1, 1, 1, 1], padding = "FULL"} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> (tensor<1x3x3x1xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %K, %c1 = Const name("k") {dtype = f32, value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> (tensor<2x2x1x1xf32>)
  // expected-error @+1 {{node 'conv' (Conv2D): attribute 'strides' must be a list of integers}}
  %C, %c2 = Conv2D(%X, %K) name("conv") {T = f32, strides = "1", padding = "VALID"} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> (tensor<1x3x3x1xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %K, %c1 = Const name("k") {dtype = f32, value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> (tensor<2x2x1x1xf32>)
  // expected-error @+1 {{node 'f' (_FusedConv2D): num_args 3 exceeds the inputs}}
  %C, %c2 = _FusedConv2D(%X, %K) name("f") {T = f32, strides = [1, 1, 1, 1], padding = "VALID", num_args = 3 : i64, fused_ops = ["BiasAdd"]} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> (tensor<1x3x3x1xf32>)
}

// -----

// COM: A result type that disagrees with the rule's own computation.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  // expected-error @+1 {{node 'n' (Neg): lowered to 'tensor<2x3xf32>' where the node's output is 'tensor<3x2xf32>'}}
  %N, %c1 = Neg(%X) name("n") {T = f32} : (tensor<2x3xf32>) -> (tensor<3x2xf32>)
}
