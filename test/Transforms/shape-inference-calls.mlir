// COM: Shapes through function calls: a called function's arguments take
// COM: the join of its callers' operand shapes, its body is inferred, and
// COM: the call's results the join of its callees' returned shapes.
// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// COM: If: both branches return rank 4; the dimensions they agree on stay.
// COM: The else branch's resize size depends on a fed value (unknown).
// CHECK-LABEL: tfg.graph
// CHECK: name("if"){{.*}} -> (tensor<1x?x?x3xf32>)
// CHECK: name("after_if"){{.*}} -> (tensor<1x?x?x3xf32>)
// CHECK: tfg.func @same(%p: tensor<i1> {tfg.name = "p"},
// CHECK-NEXT: %x: tensor<1x8x8x3xf32> {tfg.name = "x"},
// CHECK-NEXT: %r: tensor<f32> {tfg.name = "r"})
// CHECK-NEXT: -> (tensor<1x8x8x3xf32> {tfg.name = "y"})
// CHECK: tfg.func @resize(%p: tensor<i1> {tfg.name = "p"},
// CHECK-NEXT: %x: tensor<1x8x8x3xf32> {tfg.name = "x"},
// CHECK-NEXT: %r: tensor<f32> {tfg.name = "r"})
// CHECK-NEXT: -> (tensor<1x?x?x3xf32> {tfg.name = "y"})
// CHECK: name("shape"){{.*}} -> (tensor<4xi32>)
// CHECK: ResizeBilinear{{.*}} -> (tensor<1x?x?x3xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %R, %c1 = Placeholder name("ratio") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %P, %c2 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %I, %c3 = If(%P, %P, %X, %R) name("if") {Tcond = i1, Tin = [i1, f32, f32], Tout = [f32], then_branch = #tf_type.func<@same, {}>, else_branch = #tf_type.func<@resize, {}>, output_shapes = []} : (tensor<i1>, tensor<i1>, tensor<1x8x8x3xf32>, tensor<f32>) -> (tensor<*xf32>)
  %A, %c4 = Relu(%I) name("after_if") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @same(%p: tensor<*xi1> {tfg.name = "p"}, %x: tensor<*xf32> {tfg.name = "x"}, %r: tensor<*xf32> {tfg.name = "r"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %Y, %c = Identity(%x) name("id") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}
tfg.func @resize(%p: tensor<*xi1> {tfg.name = "p"}, %x: tensor<*xf32> {tfg.name = "x"}, %r: tensor<*xf32> {tfg.name = "r"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %S, %c0 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<?xi32>)
  %B, %c1 = Const name("b") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %E, %c2 = Const name("e") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %HW, %c3 = StridedSlice(%S, %B, %E, %B) name("hw") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<?xi32>)
  %F, %c4 = Cast(%HW) name("f") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<?xi32>) -> (tensor<?xf32>)
  %M, %c5 = Mul(%F, %r) name("m") {T = f32} : (tensor<?xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %Sz, %c6 = Cast(%M) name("size") {DstT = i32, SrcT = f32, Truncate = false} : (tensor<*xf32>) -> (tensor<*xi32>)
  %Y, %c7 = ResizeBilinear(%x, %Sz) name("rs") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}

// -----

// COM: A function called by two callers takes the dimensions both pass; a
// COM: PartitionedCall and a call by function name.
// CHECK-LABEL: tfg.graph
// CHECK: name("call_a"){{.*}} -> (tensor<2x?xf32>)
// CHECK: name("call_b"){{.*}} -> (tensor<2x?xf32>)
// CHECK: tfg.func @neg(%{{.*}}: tensor<2x?xf32> {tfg.name = "x"})
// CHECK-NEXT: -> (tensor<2x?xf32> {tfg.name = "y"})
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %B, %c1 = Placeholder name("b") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %CA, %c2 = PartitionedCall(%A) name("call_a") {Tin = [f32], Tout = [f32], f = #tf_type.func<@neg, {}>, config = "", config_proto = "", executor_type = ""} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %CB, %c3 = neg(%B) name("call_b") : (tensor<2x5xf32>) -> (tensor<*xf32>)
}
tfg.func @neg(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %Y, %c = Neg(%x) name("n") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}

// -----

// COM: A function a While also uses keeps its signature (loops are not
// COM: inferred through calls); Case joins every branch.
// CHECK-LABEL: tfg.graph
// CHECK: name("case"){{.*}} -> (tensor<?xf32>)
// CHECK: name("call"){{.*}} -> (tensor<*xf32>)
// CHECK: tfg.func @one(%{{.*}}: tensor<*xf32> {tfg.name = "x"})
// CHECK-NEXT: -> (tensor<*xf32> {tfg.name = "y"})
// CHECK: tfg.func @two(%{{.*}}: tensor<4xf32> {tfg.name = "x"})
// CHECK-NEXT: -> (tensor<8xf32> {tfg.name = "y"})
// CHECK: tfg.func @three(%{{.*}}: tensor<4xf32> {tfg.name = "x"})
// CHECK-NEXT: -> (tensor<4xf32> {tfg.name = "y"})
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %K, %c1 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %C, %c2 = Case(%K, %X) name("case") {Tin = [f32], Tout = [f32], branches = [#tf_type.func<@two, {}>, #tf_type.func<@three, {}>], output_shapes = []} : (tensor<i32>, tensor<4xf32>) -> (tensor<*xf32>)
  %P, %c3 = PartitionedCall(%X) name("call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@one, {}>, config = "", config_proto = "", executor_type = ""} : (tensor<4xf32>) -> (tensor<*xf32>)
  %W, %c4 = While(%X) name("loop") {T = [f32], body = #tf_type.func<@one, {}>, cond = #tf_type.func<@cond, {}>, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<4xf32>) -> (tensor<*xf32>)
}
tfg.func @one(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %Y, %c = Neg(%x) name("n") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}
tfg.func @two(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %z, %cz = Const name("z") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Y, %c = ConcatV2(%x, %x, %z) name("c") {T = f32, N = 2 : i64, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}
tfg.func @three(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %Y, %c = Neg(%x) name("n") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%Y) : tensor<*xf32>
}
tfg.func @cond(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xi1> {tfg.name = "y"}) {
  %Y, %c = Const name("f") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  return(%Y) : tensor<i1>
}

// -----

// COM: A known condition does not narrow the If's type: it must fit both
// COM: branches (the verifier runs after the pass). A value every caller
// COM: passes is known in the function (the Reshape's shape from it).
// CHECK-LABEL: tfg.graph
// CHECK: name("if"){{.*}} -> (tensor<?x?xf32>)
// CHECK: tfg.func @keep
// CHECK: tfg.func @flip
// CHECK: name("r"){{.*}} -> (tensor<3x2xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %T, %c1 = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %S, %c2 = Const name("s") {dtype = i32, value = dense<[3, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %I, %c3 = If(%T, %X, %S) name("if") {Tcond = i1, Tin = [f32, i32], Tout = [f32], then_branch = #tf_type.func<@keep, {}>, else_branch = #tf_type.func<@flip, {}>, output_shapes = []} : (tensor<i1>, tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}
tfg.func @keep(%x: tensor<*xf32> {tfg.name = "x"}, %s: tensor<*xi32> {tfg.name = "s"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  return(%x) : tensor<*xf32>
}
tfg.func @flip(%x: tensor<*xf32> {tfg.name = "x"}, %s: tensor<*xi32> {tfg.name = "s"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %R, %c = Reshape(%x, %s) name("r") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  return(%R) : tensor<*xf32>
}
