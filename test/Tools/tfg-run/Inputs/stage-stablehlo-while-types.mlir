// A While whose functions take and whose results are unranked (as
// functionalization leaves a v1 loop of a model whose input shapes were
// pinned after it): the lowering gives the functions the While's input
// types and the results the types the body returns unchanged.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %ES, %c1 = Const name("elem_shape") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %Zero, %c2 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %In, %c3 = TensorListFromTensor(%X, %ES) name("in") {element_dtype = f32, shape_type = i32} : (tensor<2x3xf32>, tensor<1xi32>) -> (tensor<!tf_type.variant>)
  %W:3, %c4 = While(%Zero, %X, %In) name("loop") {T = [i32, f32, !tf_type.variant], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<i32>, tensor<2x3xf32>, tensor<!tf_type.variant>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*x!tf_type.variant>)
  %Count, %c5 = Identity(%W#0) name("count") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %Acc, %c6 = Identity(%W#1) name("acc") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @cond(%i: tensor<*xi32> {tfg.name = "i"}, %acc: tensor<*xf32> {tfg.name = "acc"}, %l: tensor<*x!tf_type.variant> {tfg.name = "l"}) -> (tensor<*xi1> {tfg.name = "y"}) {
  %L, %cl = TensorListLength(%l) name("len") : (tensor<*x!tf_type.variant>) -> (tensor<*xi32>)
  %B, %cb = Less(%i, %L) name("less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
  return(%B) : tensor<*xi1>
}
tfg.func @body(%i: tensor<*xi32> {tfg.name = "i"}, %acc: tensor<*xf32> {tfg.name = "acc"}, %l: tensor<*x!tf_type.variant> {tfg.name = "l"}) -> (tensor<*xi32> {tfg.name = "i2"}, tensor<*xf32> {tfg.name = "acc2"}, tensor<*x!tf_type.variant> {tfg.name = "l2"}) {
  %Unk, %cu = Const name("unknown_shape") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %E, %ce = TensorListGetItem(%l, %i, %Unk) name("row") {element_dtype = f32} : (tensor<*x!tf_type.variant>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
  %A, %ca = AddV2(%acc, %E) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %One, %co = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %I2, %ci = AddV2(%i, %One) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  return(%I2, %A, %l) : tensor<*xi32>, tensor<*xf32>, tensor<*x!tf_type.variant>
}
