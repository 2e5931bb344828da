// A list item whose size the graph computes (a Slice by the fed size "k")
// written into a TensorArray and a TensorList of static element shape [3]:
// at the stablehlo stage the item takes the element type, its size checked
// when the program runs.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<5>} : () -> (tensor<5xf32>)
  %K, %c1 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<1>} : () -> (tensor<1xi32>)
  %B, %c2 = Const name("begin") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %S, %c3 = Slice(%X, %B, %K) name("item") {Index = i32, T = f32} : (tensor<5xf32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<?xf32>)
  %N, %c4 = Const name("n") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %I, %c5 = Const name("index") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %TA:2, %c6 = TensorArrayV3(%N) name("ta") {dtype = f32, element_shape = #tf_type.shape<3>, dynamic_size = false, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %W, %c7 = TensorArrayWriteV3(%TA#0, %I, %S, %TA#1) name("write") {T = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<?xf32>, tensor<f32>) -> (tensor<f32>)
  %R, %c8 = TensorArrayReadV3(%TA#0, %I, %W) name("read") {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
  %ES, %c9 = Const name("elem_shape") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %L, %c10 = TensorListReserve(%ES, %N) name("list") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %L2, %c11 = TensorListSetItem(%L, %I, %S) name("set") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<?xf32>) -> (tensor<!tf_type.variant>)
  %G, %c12 = TensorListGetItem(%L2, %I, %ES) name("get") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<1xi32>) -> (tensor<*xf32>)
}
