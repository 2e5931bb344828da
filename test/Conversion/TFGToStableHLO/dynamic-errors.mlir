// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo --verify-diagnostics

// COM: What the dynamic rules refuse is an error at the node, naming it and
// COM: its op type.

// COM: Where on a rank-2 tensor of `?` size.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %c1 = Where(%X) name("w") {T = f32} : (tensor<2x3xf32>) -> (tensor<?x2xi64>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'w2' (Where): Where on 'tensor<?x2xi64>': a `?` size is legalized for rank 1 only}}
  %W2, %c2 = Where(%W) name("w2") {T = i64} : (tensor<?x2xi64>) -> (tensor<?x2xi64>)
}

// -----

// COM: Soft NMS of a computed sigma (hard or soft is decided when
// COM: lowering).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %c0 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<4x4xf32>)
  %S, %c1 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %M, %c2 = Const name("max") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %F, %c3 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %G, %c5 = Placeholder name("sigma") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'nms' (NonMaxSuppressionV5): soft_nms_sigma is computed: it must be a constant}}
  %N:3, %c4 = NonMaxSuppressionV5(%B, %S, %M, %F, %F, %G) name("nms") {T = f32, pad_to_max_output_size = false} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)
}

// -----

// COM: Soft NMS over a `?` box count.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %B, %c1 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<4x4xf32>)
  %M, %c2 = Const name("max") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %F, %c3 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %Z, %c4 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %G, %c5 = Greater(%X, %F) name("gt") {T = f32} : (tensor<4xf32>, tensor<f32>) -> (tensor<4xi1>)
  %W, %c6 = Where(%G) name("w") {T = i1} : (tensor<4xi1>) -> (tensor<?x1xi64>)
  %Q, %c7 = Squeeze(%W) name("sq") {T = i64, squeeze_dims = [1]} : (tensor<?x1xi64>) -> (tensor<?xi64>)
  %GB, %c8 = GatherV2(%B, %Q, %Z) name("gb") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<4x4xf32>, tensor<?xi64>, tensor<i32>) -> (tensor<?x4xf32>)
  %GS, %c9 = GatherV2(%X, %Q, %Z) name("gs") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<4xf32>, tensor<?xi64>, tensor<i32>) -> (tensor<?xf32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'nms' (NonMaxSuppressionV5): soft NMS is legalized for a static box count only}}
  %N:3, %c10 = NonMaxSuppressionV5(%GB, %GS, %M, %F, %F, %F) name("nms") {T = f32, pad_to_max_output_size = false} : (tensor<?x4xf32>, tensor<?xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)
}

// -----

// COM: CombinedNonMaxSuppression whose sizes are computed (the output
// COM: shapes), and one whose boxes' third dimension is neither 1 nor the
// COM: class count.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %c0 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<1x4x1x4>} : () -> (tensor<1x4x1x4xf32>)
  %S, %c1 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<1x4x3>} : () -> (tensor<1x4x3xf32>)
  %M, %c2 = Placeholder name("max") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %F, %c3 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'comb' (CombinedNonMaxSuppression): max_output_size_per_class and max_total_size must be constants (they give the output shapes)}}
  %C:4, %c4 = CombinedNonMaxSuppression(%B, %S, %M, %M, %F, %F) name("comb") {pad_per_class = false, clip_boxes = true} : (tensor<1x4x1x4xf32>, tensor<1x4x3xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<1x?x4xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %c0 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<1x4x2x4>} : () -> (tensor<1x4x2x4xf32>)
  %S, %c1 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<1x4x3>} : () -> (tensor<1x4x3xf32>)
  %M, %c2 = Const name("max") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %F, %c3 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'comb' (CombinedNonMaxSuppression): boxes' third dimension must be 1 or the number of classes (3), is 2}}
  %C:4, %c4 = CombinedNonMaxSuppression(%B, %S, %M, %M, %F, %F) name("comb") {pad_per_class = false, clip_boxes = true} : (tensor<1x4x2x4xf32>, tensor<1x4x3xf32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xi32>)
}

// -----

// COM: No bound for the selection: max_output_size computed and a `?` box
// COM: count.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %B, %c1 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<4x4xf32>)
  %M, %c2 = Placeholder name("max") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %F, %c3 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %Z, %c4 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %G, %c5 = Greater(%X, %F) name("gt") {T = f32} : (tensor<4xf32>, tensor<f32>) -> (tensor<4xi1>)
  %W, %c6 = Where(%G) name("w") {T = i1} : (tensor<4xi1>) -> (tensor<?x1xi64>)
  %Sq, %c7 = Squeeze(%W) name("sq") {T = i64, squeeze_dims = [1]} : (tensor<?x1xi64>) -> (tensor<?xi64>)
  %GB, %c8 = GatherV2(%B, %Sq, %Z) name("gb") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<4x4xf32>, tensor<?xi64>, tensor<i32>) -> (tensor<?x4xf32>)
  %GS, %c9 = GatherV2(%X, %Sq, %Z) name("gs") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<4xf32>, tensor<?xi64>, tensor<i32>) -> (tensor<?xf32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'nms' (NonMaxSuppressionV3): max_output_size is computed and the box count is `?`: no bound for the selection}}
  %N, %c10 = NonMaxSuppressionV3(%GB, %GS, %M, %F, %F) name("nms") {T = f32, T_threshold = f32} : (tensor<?x4xf32>, tensor<?xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>)
}

// -----

// COM: Padding to a computed max_output_size.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %B, %c0 = Placeholder name("boxes") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<4x4xf32>)
  %S, %c1 = Placeholder name("scores") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %M, %c2 = Placeholder name("max") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %F, %c3 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'nms' (NonMaxSuppressionV4): pad_to_max_output_size needs a constant max_output_size}}
  %N:2, %c4 = NonMaxSuppressionV4(%B, %S, %M, %F, %F) name("nms") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<i32>)
}

// -----

// COM: A gather whose params have a `?` size off the axis, and batch_dims.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %c1 = Where(%X) name("w") {T = f32} : (tensor<2x3xf32>) -> (tensor<?x2xi64>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %I, %c3 = Const name("i") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'g' (GatherV2): gathers from 'tensor<?x2xi64>': a `?` size off the axis is not legalized}}
  %G, %c4 = GatherV2(%W, %I, %One) name("g") {Tparams = i64, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<?x2xi64>, tensor<1xi32>, tensor<i32>) -> (tensor<?x1xi64>)
}

// -----

// COM: An op type without a dynamic rule refuses `?` sizes.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %c1 = Where(%X) name("w") {T = f32} : (tensor<2x3xf32>) -> (tensor<?x2xi64>)
  %P, %c2 = Const name("perm") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 't' (Transpose): input 0 has unknown dimensions ('tensor<?x2xi64>'), which op type 'Transpose' is not legalized with: pin them with tfg-set-input-shapes}}
  %T, %c3 = Transpose(%W, %P) name("t") {T = i64, Tperm = i32} : (tensor<?x2xi64>, tensor<2xi32>) -> (tensor<2x?xi64>)
}

// -----

// COM: TopKV2 on a matrix of `?` size.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %W, %c1 = Where(%X) name("w") {T = f32} : (tensor<2x3xf32>) -> (tensor<?x2xi64>)
  %K, %c2 = Const name("k") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'topk' (TopKV2): TopKV2 on 'tensor<?x2xi64>' with a computed k or `?` sizes is legalized for vectors only}}
  %T:2, %c3 = TopKV2(%W, %K) name("topk") {T = i64, sorted = true} : (tensor<?x2xi64>, tensor<i32>) -> (tensor<?x1xi64>, tensor<?x1xi32>)
}
