// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo --verify-diagnostics

// COM: A list whose element shape nothing gives (unknown in the Reserve, no
// COM: write or read of a known shape) has no dense buffer.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Unk, %c0 = Const name("unknown_shape") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'reserve' (TensorListReserve): uses a list created by node 'reserve' (TensorListReserve) whose element shape is not static (unknown rank): give it an element_shape or write elements of a static shape}}
  %L, %c2 = TensorListReserve(%Unk, %N) name("reserve") {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %Len, %c3 = TensorListLength(%L) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
}

// -----

// COM: A partly known element shape is not enough.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("elem_shape") {dtype = i32, value = dense<[2, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'reserve' (TensorListReserve): uses a list created by node 'reserve' (TensorListReserve) whose element shape is not static (2x?)}}
  %L, %c2 = TensorListReserve(%S, %N) name("reserve") {element_dtype = f32, shape_type = i32} : (tensor<2xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %Len, %c3 = TensorListLength(%L) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
}

// -----

// COM: A size the graph feeds is no constant.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %N, %c0 = Placeholder name("n") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'ta' (TensorArrayV3): uses a list created by node 'ta' (TensorArrayV3) whose size is not a constant (a dense buffer needs a static size: pin the input shapes it derives from)}}
  %TA:2, %c1 = TensorArrayV3(%N) name("ta") {dtype = f32, element_shape = #tf_type.shape<2>, dynamic_size = false, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %S, %c2 = TensorArraySizeV3(%TA#0, %TA#1) name("size") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)
}

// -----

// COM: A TensorArray that grows on write has no fixed buffer.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %N, %c0 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'ta' (TensorArrayV3): uses a list created by node 'ta' (TensorArrayV3), which node 'ta' (TensorArrayV3) makes it dynamic_size (it grows on write, a fixed buffer cannot)}}
  %TA:2, %c1 = TensorArrayV3(%N) name("ta") {dtype = f32, element_shape = #tf_type.shape<2>, dynamic_size = true, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %S, %c2 = TensorArraySizeV3(%TA#0, %TA#1) name("size") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)
}

// -----

// COM: Writes of two element shapes conflict: the error names the node.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("elem_shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %I, %c2 = Const name("i") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %V, %c3 = Const name("v") {dtype = f32, value = dense<1.0> : tensor<3xf32>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'reserve' (TensorListReserve): uses a list created by node 'reserve' (TensorListReserve), which node 'set' (TensorListSetItem) uses it with an element dimension of 3 where elsewhere it is 2}}
  %L, %c4 = TensorListReserve(%S, %N) name("reserve") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %L2, %c5 = TensorListSetItem(%L, %I, %V) name("set") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<3xf32>) -> (tensor<!tf_type.variant>)
  %Len, %c6 = TensorListLength(%L2) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
}

// -----

// COM: A list op without a lowering (PushBack grows the list) is refused,
// COM: as is TensorListElementShape (the shape the list was declared with,
// COM: not the one inferred).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("elem_shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %V, %c2 = Const name("v") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %L, %c3 = TensorListReserve(%S, %N) name("reserve") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'push' (TensorListPushBack): takes or gives a TensorList or TensorArray, which is lowered for the list ops, Identity and functional control flow only}}
  %L2, %c4 = TensorListPushBack(%L, %V) name("push") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<2xf32>) -> (tensor<!tf_type.variant>)
  %Len, %c5 = TensorListLength(%L2) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("elem_shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %L, %c3 = TensorListReserve(%S, %N) name("reserve") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'shape' (TensorListElementShape): takes or gives a TensorList or TensorArray}}
  %E, %c4 = TensorListElementShape(%L) name("shape") {shape_type = i32} : (tensor<!tf_type.variant>) -> (tensor<1xi32>)
}

// -----

// COM: A split into elements of different lengths has no dense buffer.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %N, %c0 = Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %V, %c1 = Const name("v") {dtype = f32, value = dense<1.0> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %Lens, %c2 = Const name("lengths") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'ta' (TensorArrayV3): uses a list created by node 'ta' (TensorArrayV3), which node 'split' (TensorArraySplitV3) splits it into elements of different lengths}}
  %TA:2, %c3 = TensorArrayV3(%N) name("ta") {dtype = f32, element_shape = #tf_type.shape<*>, dynamic_size = false, clear_after_read = true, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %Sp, %c4 = TensorArraySplitV3(%TA#0, %V, %Lens, %TA#1) name("split") {T = f32} : (tensor<!tf_type.resource>, tensor<3x2xf32>, tensor<2xi64>, tensor<f32>) -> (tensor<f32>)
  %S, %c5 = TensorArraySizeV3(%TA#0, %Sp) name("size") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)
}
