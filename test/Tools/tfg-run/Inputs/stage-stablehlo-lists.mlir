// TensorList and TensorArray loops for the stablehlo stage (lists as dense
// buffers carried by stablehlo.while):
// - "stacked": a While maps x's rows (TensorListFromTensor, read with
//   TensorListGetItem) to row * row + i into a TensorListReserve of unknown
//   element shape (inferred from the TensorListSetItem in the body),
//   TensorListStack after the loop; "len" and "third" read the result.
// - "gathered": a TensorArrayV3 whose size is computed from x's shape and
//   whose element shape is unknown, filled by TensorArrayScatterV3, read in a
//   While with TensorArrayReadV3 and written reversed (TensorArrayWriteV3)
//   into a second TensorArray through its flow; TensorArrayGatherV3 and
//   TensorArraySizeV3 after the loop.
// - "second_half", "concat": x split by TensorArraySplitV3 into two
//   elements of 2x3 (element shape from the split's lengths), one read
//   back, all concatenated (TensorArrayConcatV3: x and the lengths).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x3>} : () -> (tensor<4x3xf32>)
  %ES, %c1 = Const name("elem_shape") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %Unk, %c2 = Const name("unknown_shape") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %N, %c3 = Const name("n") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %Zero, %c4 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Two, %c5 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %In, %c6 = TensorListFromTensor(%X, %ES) name("in") {element_dtype = f32, shape_type = i32} : (tensor<4x3xf32>, tensor<1xi32>) -> (tensor<!tf_type.variant>)
  %Out, %c7 = TensorListReserve(%Unk, %N) name("out") {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %W:3, %c8 = While(%Zero, %In, %Out) name("map") {T = [i32, !tf_type.variant, !tf_type.variant], body = #tf_type.func<@map_body, {}>, cond = #tf_type.func<@map_cond, {}>, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<i32>, tensor<!tf_type.variant>, tensor<!tf_type.variant>) -> (tensor<i32>, tensor<!tf_type.variant>, tensor<!tf_type.variant>)
  %Res, %c9 = Identity(%W#2) name("result_list") {T = !tf_type.variant} : (tensor<!tf_type.variant>) -> (tensor<!tf_type.variant>)
  %S, %c10 = TensorListStack(%Res, %Unk) name("stacked") {element_dtype = f32, num_elements = -1 : i64} : (tensor<!tf_type.variant>, tensor<i32>) -> (tensor<*xf32>)
  %Len, %c11 = TensorListLength(%Res) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
  %G, %c13 = TensorListGetItem(%Res, %Two, %Unk) name("third") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<i32>) -> (tensor<*xf32>)

  %Shape, %c20 = Shape(%X) name("x_shape") {T = f32, out_type = i32} : (tensor<4x3xf32>) -> (tensor<2xi32>)
  %B0, %c21 = Const name("b0") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %B1, %c22 = Const name("b1") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %Rows, %c23 = StridedSlice(%Shape, %B0, %B1, %B1) name("rows") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<i32>)
  %TA:2, %c24 = TensorArrayV3(%Rows) name("ta_in") {dtype = f32, element_shape = #tf_type.shape<*>, dynamic_size = false, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %TB:2, %c25 = TensorArrayV3(%Rows) name("ta_out") {dtype = f32, element_shape = #tf_type.shape<*>, dynamic_size = false, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %One, %c26 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %R, %c27 = Range(%Zero, %Rows, %One) name("range") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<?xi32>)
  %Sc, %c28 = TensorArrayScatterV3(%TA#0, %R, %X, %TA#1) name("scatter") {T = f32} : (tensor<!tf_type.resource>, tensor<?xi32>, tensor<4x3xf32>, tensor<f32>) -> (tensor<f32>)
  %L:5, %c29 = While(%Zero, %TA#0, %Sc, %TB#0, %TB#1) name("reverse") {T = [i32, !tf_type.resource, f32, !tf_type.resource, f32], body = #tf_type.func<@rev_body, {}>, cond = #tf_type.func<@rev_cond, {}>, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<i32>, tensor<!tf_type.resource>, tensor<f32>, tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>, tensor<!tf_type.resource>, tensor<f32>, tensor<!tf_type.resource>, tensor<f32>)
  %Ga, %c30 = TensorArrayGatherV3(%TB#0, %R, %L#4) name("gathered") {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<!tf_type.resource>, tensor<?xi32>, tensor<f32>) -> (tensor<*xf32>)
  %Sz, %c31 = TensorArraySizeV3(%TB#0, %L#4) name("size") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)

  %Two64, %c40 = Const name("halves") {dtype = i64, value = dense<2> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %TC:2, %c41 = TensorArrayV3(%Two) name("ta_split") {dtype = f32, element_shape = #tf_type.shape<*>, dynamic_size = false, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %Sp, %c42 = TensorArraySplitV3(%TC#0, %X, %Two64, %TC#1) name("split") {T = f32} : (tensor<!tf_type.resource>, tensor<4x3xf32>, tensor<2xi64>, tensor<f32>) -> (tensor<f32>)
  %Half, %c43 = TensorArrayReadV3(%TC#0, %One, %Sp) name("second_half") {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
  %Cc:2, %c44 = TensorArrayConcatV3(%TC#0, %Sp) name("concat") {dtype = f32, element_shape_except0 = #tf_type.shape<*>} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<?xi64>)
}
tfg.func @map_cond(%i: tensor<i32> {tfg.name = "i"}, %a: tensor<!tf_type.variant> {tfg.name = "a"}, %b: tensor<!tf_type.variant> {tfg.name = "b"}) -> (tensor<i1> {tfg.name = "y"}) {
  %L, %cl = TensorListLength(%a) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
  %B, %cb = Less(%i, %L) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%B) : tensor<i1>
}
tfg.func @map_body(%i: tensor<i32> {tfg.name = "i"}, %a: tensor<!tf_type.variant> {tfg.name = "a"}, %b: tensor<!tf_type.variant> {tfg.name = "b"}) -> (tensor<i32> {tfg.name = "i2"}, tensor<!tf_type.variant> {tfg.name = "a2"}, tensor<!tf_type.variant> {tfg.name = "b2"}) {
  %Unk, %cu = Const name("unknown_shape") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %E, %ce = TensorListGetItem(%a, %i, %Unk) name("row") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<i32>) -> (tensor<*xf32>)
  %F, %cf = Cast(%i) name("i_float") {SrcT = i32, DstT = f32, Truncate = false} : (tensor<i32>) -> (tensor<f32>)
  %Y, %cy = Mul(%E, %E) name("square") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %Z, %cz = AddV2(%Y, %F) name("plus_i") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %B2, %cb = TensorListSetItem(%b, %i, %Z) name("set") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<*xf32>) -> (tensor<!tf_type.variant>)
  %One, %co = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %I2, %ci = AddV2(%i, %One) name("next") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%I2, %a, %B2) : tensor<i32>, tensor<!tf_type.variant>, tensor<!tf_type.variant>
}
tfg.func @rev_cond(%i: tensor<i32> {tfg.name = "i"}, %h: tensor<!tf_type.resource> {tfg.name = "h"}, %f: tensor<f32> {tfg.name = "f"}, %oh: tensor<!tf_type.resource> {tfg.name = "oh"}, %of: tensor<f32> {tfg.name = "of"}) -> (tensor<i1> {tfg.name = "y"}) {
  %S, %cs = TensorArraySizeV3(%h, %f) name("size") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)
  %B, %cb = Less(%i, %S) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%B) : tensor<i1>
}
tfg.func @rev_body(%i: tensor<i32> {tfg.name = "i"}, %h: tensor<!tf_type.resource> {tfg.name = "h"}, %f: tensor<f32> {tfg.name = "f"}, %oh: tensor<!tf_type.resource> {tfg.name = "oh"}, %of: tensor<f32> {tfg.name = "of"}) -> (tensor<i32> {tfg.name = "i2"}, tensor<!tf_type.resource> {tfg.name = "h2"}, tensor<f32> {tfg.name = "f2"}, tensor<!tf_type.resource> {tfg.name = "oh2"}, tensor<f32> {tfg.name = "of2"}) {
  %V, %cv = TensorArrayReadV3(%h, %i, %f) name("read") {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
  %S, %cs = TensorArraySizeV3(%h, %f) name("size") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)
  %One, %co = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Last, %cl = Sub(%S, %One) name("last") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %J, %cj = Sub(%Last, %i) name("j") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Neg, %cn = Neg(%V) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %OF, %cw = TensorArrayWriteV3(%oh, %J, %Neg, %of) name("write") {T = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<*xf32>, tensor<f32>) -> (tensor<f32>)
  %I2, %ci = AddV2(%i, %One) name("next") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%I2, %h, %f, %oh, %OF) : tensor<i32>, tensor<!tf_type.resource>, tensor<f32>, tensor<!tf_type.resource>, tensor<f32>
}
