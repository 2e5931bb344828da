// An If on a fed ratio (rvm's form: resize by the ratio unless it is at most
// 1), for tfg-run --stage=stablehlo (stage-stablehlo-known-branch.test). The
// If's output joins both branches' shapes (1x?x?x1): static only once the
// ratio is a compile-time constant, the condition known and the taken
// branch inlined (tfg-fold-known-branches).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x1>} : () -> (tensor<1x8x8x1xf32>)
  %R, %c1 = Placeholder name("ratio") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %One, %c2 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %G, %c3 = Greater(%R, %One) name("grow") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<i1>)
  %If, %c4 = If(%G, %X, %R) name("cond") {Tcond = i1, Tin = [f32, f32], Tout = [f32], then_branch = #tf_type.func<@scale, {}>, else_branch = #tf_type.func<@same, {}>, output_shapes = [#tf_type.shape<1x?x?x1>]} : (tensor<i1>, tensor<1x8x8x1xf32>, tensor<f32>) -> (tensor<1x?x?x1xf32>)
  %Out, %c5 = Relu(%If) name("out") {T = f32} : (tensor<1x?x?x1xf32>) -> (tensor<1x?x?x1xf32>)
}
tfg.func @scale(%x: tensor<*xf32> {tfg.name = "x"}, %r: tensor<*xf32> {tfg.name = "r"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %S, %c0 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %B, %c1 = Const name("begin") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %E, %c2 = Const name("end") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %St, %c3 = Const name("stride") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %HW, %c4 = StridedSlice(%S, %B, %E, %St) name("hw") {T = i32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %F, %c5 = Cast(%HW) name("hw_f") {SrcT = i32, DstT = f32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
  %M, %c6 = Mul(%F, %r) name("scaled") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %Sz, %c7 = Cast(%M) name("size") {SrcT = f32, DstT = i32, Truncate = false} : (tensor<*xf32>) -> (tensor<*xi32>)
  %Y, %c8 = ResizeNearestNeighbor(%x, %Sz) name("resize") {T = f32, align_corners = false, half_pixel_centers = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}
tfg.func @same(%x: tensor<*xf32> {tfg.name = "x"}, %r: tensor<*xf32> {tfg.name = "r"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  return(%x) : tensor<*xf32>
}
