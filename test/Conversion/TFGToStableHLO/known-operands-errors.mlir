// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo --verify-diagnostics

// COM: An index operand computed from a fed tensor's values is not fixed by
// COM: the graph: an error at the node, as for any non-constant.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %P, %c1 = Placeholder name("p") {dtype = i32, shape = #tf_type.shape<2>} : () -> (tensor<2xi32>)
  %S, %c2 = Shape(%X) name("shape") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<2xi32>)
  %M, %c3 = Sub(%S, %P) name("mult") {T = i32} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>)
  // expected-error @+1 {{node 'tile' (Tile): input 1 must be an integer constant (a Const node, or computed from constants and static shapes)}}
  %T, %c4 = Tile(%X, %M) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<4x3xf32>)
}

// -----

// COM: In a function body: an argument given a fed value.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %K, %c1 = Placeholder name("k") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %M, %c2 = Placeholder name("m") {dtype = i32, shape = #tf_type.shape<2>} : () -> (tensor<2xi32>)
  %I, %c3 = If(%K, %X, %M) name("if") {then_branch = #tf_type.func<@tile, {}>, else_branch = #tf_type.func<@tile, {}>, Tcond = i1, Tin = [f32, i32], Tout = [f32], output_shapes = []} : (tensor<i1>, tensor<2x3xf32>, tensor<2xi32>) -> (tensor<4x3xf32>)
}
tfg.func @tile(%x: tensor<2x3xf32> {tfg.name = "x"}, %m: tensor<2xi32> {tfg.name = "m"}) -> (tensor<4x3xf32> {tfg.name = "y"}) {
  // expected-error @+1 {{node 'tile' (Tile): input 1 must be an integer constant (a Const node, or computed from constants and static shapes)}}
  %Y, %c1 = Tile(%x, %m) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<4x3xf32>)
  return(%Y) : tensor<4x3xf32>
}
