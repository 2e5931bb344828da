// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // CHECK: name("x") {{.*}} -> (tensor<2x3xf32>)
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  // CHECK: name("v") {{.*}} -> (tensor<3xf32>)
  %V, %ctl_0 = Placeholder name("v") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  // CHECK: name("relu") {{.*}} -> (tensor<2x3xf32>)
  %R, %ctl_1 = Relu(%X) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // COM: Broadcasting.
  // CHECK: name("add") {{.*}} -> (tensor<2x3xf32>)
  %A, %ctl_2 = AddV2(%R, %V) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: name("less") {{.*}} -> (tensor<2x3xi1>)
  %L, %ctl_3 = Less(%A, %V) name("less") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
  // COM: Reductions with a constant axis.
  // CHECK: name("axis") {{.*}} -> (tensor<1xi32>)
  %Ax, %ctl_4 = Const name("axis") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<*xi32>)
  // CHECK: name("sum") {{.*}} -> (tensor<2xf32>)
  %S, %ctl_5 = Sum(%A, %Ax) name("sum") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK: name("mean") {{.*}} -> (tensor<2x1xf32>)
  %M, %ctl_6 = Mean(%A, %Ax) name("mean") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK: name("argmax") {{.*}} -> (tensor<2xi64>)
  %AM, %ctl_7 = ArgMax(%A, %Ax) name("argmax") {T = f32, Tidx = i32, output_type = i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi64>)
  // COM: Reshape with -1, Transpose, ExpandDims, Squeeze.
  // CHECK: name("newshape") {{.*}} -> (tensor<2xi32>)
  %NS, %ctl_8 = Const name("newshape") {dtype = i32, value = dense<[3, -1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  // CHECK: name("reshape") {{.*}} -> (tensor<3x2xf32>)
  %Rs, %ctl_9 = Reshape(%A, %NS) name("reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %Pm, %ctl_10 = Const name("perm") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  // CHECK: name("transpose") {{.*}} -> (tensor<3x2xf32>)
  %T, %ctl_11 = Transpose(%A, %Pm) name("transpose") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK: name("expand") {{.*}} -> (tensor<2x1x3xf32>)
  %E, %ctl_12 = ExpandDims(%A, %Ax) name("expand") {T = f32, Tdim = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK: name("squeeze") {{.*}} -> (tensor<2x3xf32>)
  %Sq, %ctl_13 = Squeeze(%E) name("squeeze") {T = f32, squeeze_dims = []} : (tensor<*xf32>) -> (tensor<*xf32>)
  // COM: Concatenation and packing.
  // CHECK: name("concat") {{.*}} -> (tensor<2x6xf32>)
  %Cc, %ctl_14 = ConcatV2(%A, %R, %Ax) name("concat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK: name("pack") {{.*}} -> (tensor<2x3x2xf32>)
  %Pk, %ctl_15 = Pack(%A, %R) name("pack") {N = 2 : i64, T = f32, axis = -1 : i64} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: name("unpack") {{.*}} -> (tensor<3xf32>, tensor<3xf32>)
  %Up:2, %ctl_16 = Unpack(%A) name("unpack") {T = f32, axis = 0 : i64, num = 2 : i64} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  // COM: Split into equal parts and by sizes.
  %Zi, %ctl_40 = Const name("zero_i") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  // CHECK: name("split") {{.*}} -> (tensor<1x3xf32>, tensor<1x3xf32>)
  %Sp:2, %ctl_41 = Split(%Zi, %A) name("split") {T = f32, num_split = 2 : i64} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %Sz2, %ctl_42 = Const name("sizes") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  // CHECK: name("splitv") {{.*}} -> (tensor<2x1xf32>, tensor<2x2xf32>)
  %Sv:2, %ctl_43 = SplitV(%A, %Sz2, %Ax) name("splitv") {T = f32, Tlen = i32, num_split = 2 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xf32>)
  // COM: Shape values propagate into Reshape/Fill.
  // CHECK: name("shape") {{.*}} -> (tensor<2xi32>)
  %Sh, %ctl_17 = Shape(%A) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %Zero, %ctl_18 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // CHECK: name("fill") {{.*}} -> (tensor<2x3xf32>)
  %F, %ctl_19 = Fill(%Sh, %Zero) name("fill") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<f32>) -> (tensor<*xf32>)
  // COM: Strided slice x[:, 1:] and x[0].
  %B0, %ctl_20 = Const name("b0") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %E0, %ctl_21 = Const name("e0") {dtype = i32, value = dense<[0, 0]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %S1, %ctl_22 = Const name("s1") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  // CHECK: name("ss") {{.*}} -> (tensor<2x2xf32>)
  %SS, %ctl_23 = StridedSlice(%A, %B0, %E0, %S1) name("ss") {Index = i32, T = f32, begin_mask = 1 : i64, end_mask = 3 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  // CHECK: name("ss_shrink") {{.*}} -> (tensor<2xf32>)
  %SS2, %ctl_24 = StridedSlice(%A, %B0, %E0, %S1) name("ss_shrink") {Index = i32, T = f32, begin_mask = 0 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xf32>)
  // COM: Unknown inputs give partial shapes.
  %U, %ctl_25 = Placeholder name("u") {dtype = f32, shape = #tf_type.shape<?x4>} : () -> (tensor<*xf32>)
  // CHECK: name("matmul") {{.*}} -> (tensor<?x3xf32>)
  %K, %ctl_27 = Placeholder name("k") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<*xf32>)
  %MM, %ctl_26 = MatMul(%U, %K) name("matmul") {T = f32, transpose_a = false, transpose_b = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Convolution, pooling, padding and resizing (NHWC).
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("img") {dtype = f32, shape = #tf_type.shape<1x224x224x3>} : () -> (tensor<*xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x3x3x16xf32>} : () -> (tensor<*xf32>)
  // CHECK: name("conv") {{.*}} -> (tensor<1x112x112x16xf32>)
  %C, %ctl_1 = Conv2D(%I, %W) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: name("valid") {{.*}} -> (tensor<1x222x222x16xf32>)
  %V, %ctl_2 = Conv2D(%I, %W) name("valid") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %DW, %ctl_3 = Const name("dw") {dtype = f32, value = dense<1.0> : tensor<3x3x16x2xf32>} : () -> (tensor<*xf32>)
  // CHECK: name("depthwise") {{.*}} -> (tensor<1x112x112x32xf32>)
  %D, %ctl_4 = DepthwiseConv2dNative(%C, %DW) name("depthwise") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK: name("pool") {{.*}} -> (tensor<1x56x56x32xf32>)
  %P, %ctl_5 = MaxPool(%D) name("pool") {T = f32, ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Pd, %ctl_6 = Const name("paddings") {dtype = i32, value = dense<[[0, 0], [1, 1], [2, 2], [0, 0]]> : tensor<4x2xi32>} : () -> (tensor<*xi32>)
  // CHECK: name("pad") {{.*}} -> (tensor<1x58x60x32xf32>)
  %Pa, %ctl_7 = Pad(%P, %Pd) name("pad") {T = f32, Tpaddings = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %Sz, %ctl_8 = Const name("size") {dtype = i32, value = dense<[7, 9]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  // CHECK: name("resize") {{.*}} -> (tensor<1x7x9x32xf32>)
  %Rz, %ctl_9 = ResizeBilinear(%Pa, %Sz) name("resize") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  // COM: Conflicting information leaves a type alone.
  // CHECK: name("bad_add") {{.*}} -> (tensor<*xf32>)
  %Bad, %ctl_10 = AddV2(%Rz, %I) name("bad_add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Generic functions (opaque tensors) are skipped; instantiated ones
// COM: are refined from their arguments.
// CHECK-LABEL: tfg.func @f
// CHECK: Neg{{.*}} -> (tensor<4xf32>)
tfg.func @f(%x: tensor<4xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) name("n") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}
