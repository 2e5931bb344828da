// COM: TensorArrays as interpreter objects: written in a v1 loop (the
// COM: handle enters as a loop invariant, the flow is a loop value), then
// COM: gathered, read, sized and concatenated; scattered and split.
// RUN: tfg-run %s --fetch=gather,read,ta_size,concat,concat:1,scattered,split --print | FileCheck %s
// CHECK: gather: dtype=f32 shape=[3,2] min=0 max=2 mean=1
// CHECK: read: dtype=f32 shape=[2] min=1 max=1 mean=1
// CHECK: ta_size: dtype=i32 shape=[] min=3 max=3 mean=3
// CHECK: concat: dtype=f32 shape=[6] min=0 max=2 mean=1
// CHECK: concat:1: dtype=i64 shape=[3] min=2 max=2 mean=2
// CHECK: scattered: dtype=f32 shape=[2] min=3 max=4 mean=3.5
// CHECK: split: dtype=f32 shape=[1,2] min=5 max=6 mean=5.5
// COM: Reading out of range names the node.
// RUN: not tfg-run %s --fetch=bad_read 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tfg-run: error: node 'bad_read' (TensorArrayReadV3): index 7 is out of range of 3 elements
// COM: Sizes are bounded before anything is allocated.
// RUN: not tfg-run %s --fetch=huge_size 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: tfg-run: error: node 'huge' (TensorArrayV3): size 2000000000 is out of range (at most 4194304 elements)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Size, %c0 = Const name("size") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %Zero, %c1 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Ones, %c3 = Const name("ones") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %TA:2, %c4 = TensorArrayV3(%Size) name("ta") {dtype = f32, element_shape = #tf_type.shape<2>, dynamic_size = false, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %Ei, %c5 = Enter(%Zero) name("loop/enter_i") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Ef, %c6 = Enter(%TA#1) name("loop/enter_flow") {T = f32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<f32>)
  %Eh, %c7 = Enter(%TA#0) name("loop/enter_handle") {T = !tf_type.resource, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<!tf_type.resource>) -> (tensor<!tf_type.resource>)
  %Es, %c8 = Enter(%Size) name("loop/enter_size") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %E1, %c9 = Enter(%One) name("loop/enter_one") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %Eo, %c10 = Enter(%Ones) name("loop/enter_ones") {T = f32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<2xf32>) -> (tensor<2xf32>)
  %Mi:2, %c11 = Merge(%Ei, %Ni) name("loop/merge_i") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Mf:2, %c12 = Merge(%Ef, %Nf) name("loop/merge_flow") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %Less, %c13 = Less(%Mi#0, %Es) name("loop/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %c14 = LoopCond(%Less) name("loop/cond") : (tensor<i1>) -> (tensor<i1>)
  %Si:2, %c15 = Switch(%Mi#0, %LC) name("loop/switch_i") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Sf:2, %c16 = Switch(%Mf#0, %LC) name("loop/switch_flow") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %Xf, %c17 = Exit(%Sf#0) name("loop/exit_flow") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %Ii, %c18 = Identity(%Si#1) name("loop/i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Fi, %c19 = Cast(%Ii) name("loop/i_float") {SrcT = i32, DstT = f32, Truncate = false} : (tensor<i32>) -> (tensor<f32>)
  %V, %c20 = Mul(%Eo, %Fi) name("loop/value") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %W, %c21 = TensorArrayWriteV3(%Eh, %Ii, %V, %Sf#1) name("loop/write") {T = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<2xf32>, tensor<f32>) -> (tensor<f32>)
  %Ai, %c22 = AddV2(%Ii, %E1) name("loop/add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Ni, %c23 = NextIteration(%Ai) name("loop/next_i") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Nf, %c24 = NextIteration(%W) name("loop/next_flow") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %R, %c25 = Range(%Zero, %Size, %One) name("range") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>)
  %G, %c26 = TensorArrayGatherV3(%TA#0, %R, %Xf) name("gather") {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<!tf_type.resource>, tensor<3xi32>, tensor<f32>) -> (tensor<3x2xf32>)
  %Rd, %c27 = TensorArrayReadV3(%TA#0, %One, %Xf) name("read") {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> (tensor<2xf32>)
  %Sz, %c28 = TensorArraySizeV3(%TA#0, %Xf) name("size_of") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)
  %Sz2, %c29 = Identity(%Sz) name("ta_size") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %C:2, %c30 = TensorArrayConcatV3(%TA#0, %Xf) name("concat") {dtype = f32, element_shape_except0 = #tf_type.shape<*>} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<6xf32>, tensor<3xi64>)
  %Seven, %c31 = Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %Bad, %c32 = TensorArrayReadV3(%TA#0, %Seven, %Xf) name("bad_read") {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> (tensor<2xf32>)
  %TB:2, %c33 = TensorArrayV3(%Size) name("tb") {dtype = f32, element_shape = #tf_type.shape<*>, dynamic_size = true, clear_after_read = true, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %Idx, %c34 = Const name("indices") {dtype = i32, value = dense<[2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Vals, %c35 = Const name("vals") {dtype = f32, value = dense<[[3.0, 4.0], [1.0, 1.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %Sc, %c36 = TensorArrayScatterV3(%TB#0, %Idx, %Vals, %TB#1) name("scatter") {T = f32} : (tensor<!tf_type.resource>, tensor<2xi32>, tensor<2x2xf32>, tensor<f32>) -> (tensor<f32>)
  %Two, %c37 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %Scd, %c38 = TensorArrayReadV3(%TB#0, %Two, %Sc) name("scattered") {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> (tensor<2xf32>)
  %TC:2, %c39 = TensorArrayV3(%Zero) name("tc") {dtype = f32, element_shape = #tf_type.shape<*>, dynamic_size = true, clear_after_read = true, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %SV, %c40 = Const name("split_value") {dtype = f32, value = dense<[[1.0, 2.0], [5.0, 6.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %SL, %c41 = Const name("split_lengths") {dtype = i64, value = dense<[1, 1]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %Sp, %c42 = TensorArraySplitV3(%TC#0, %SV, %SL, %TC#1) name("do_split") {T = f32} : (tensor<!tf_type.resource>, tensor<2x2xf32>, tensor<2xi64>, tensor<f32>) -> (tensor<f32>)
  %HugeN, %c44 = Const name("huge_n") {dtype = i32, value = dense<2000000000> : tensor<i32>} : () -> (tensor<i32>)
  %TH:2, %c45 = TensorArrayV3(%HugeN) name("huge") {dtype = f32, element_shape = #tf_type.shape<*>, dynamic_size = false, clear_after_read = true, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %THS, %c46 = TensorArraySizeV3(%TH#0, %TH#1) name("huge_size") {} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<i32>)
  %Spr, %c43 = TensorArrayReadV3(%TC#0, %One, %Sp) name("split") {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> (tensor<1x2xf32>)
}
