// RUN: tfg-opt %s --split-input-file --tfg-constant-folding | FileCheck %s

// COM: Trivial shape ops forward their input (Identity); their constant
// COM: operands are dropped.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Identity(%[[X]]) name("reshape")
// CHECK: Identity(%[[X]]) name("squeeze")
// CHECK: Identity(%[[X]]) name("transpose")
// CHECK: Identity(%[[X]]) name("reverse_none")
// CHECK: Identity(%[[X]]) name("slice")
// CHECK: Identity(%[[X]]) name("strided")
// CHECK: Identity(%[[X]]) name("tile")
// CHECK: Identity(%[[X]]) name("pad")
// CHECK: Identity(%[[X]]) name("padv2")
// CHECK: Identity(%[[X]]) name("split")
// CHECK: Identity(%[[X]]) name("splitv")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3xf32>)
  %Shape, %ctl_0 = Const name("shape") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Perm, %ctl_1 = Const name("perm") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %None, %ctl_2 = Const name("none") {dtype = i32, value = dense<> : tensor<0xi32>} : () -> (tensor<0xi32>)
  %Zeros, %ctl_3 = Const name("zeros") {dtype = i32, value = dense<0> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %All, %ctl_4 = Const name("all") {dtype = i32, value = dense<[-1, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Ones, %ctl_5 = Const name("ones") {dtype = i32, value = dense<1> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Pads, %ctl_6 = Const name("pads") {dtype = i32, value = dense<0> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %PV, %ctl_7 = Const name("pv") {dtype = f32, value = dense<5.0> : tensor<f32>} : () -> (tensor<f32>)
  %Ax, %ctl_8 = Const name("axis") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Sz, %ctl_9 = Const name("sizes") {dtype = i32, value = dense<3> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %End, %ctl_10 = Const name("end") {dtype = i32, value = dense<[2, 7]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %R, %ctl_11 = Reshape(%X, %Shape) name("reshape") {T = f32, Tshape = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<2x3xf32>)
  %Q, %ctl_12 = Squeeze(%X) name("squeeze") {T = f32, squeeze_dims = []} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %T, %ctl_13 = Transpose(%X, %Perm) name("transpose") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %V, %ctl_14 = ReverseV2(%X, %None) name("reverse_none") {T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<0xi32>) -> (tensor<*xf32>)
  %S, %ctl_15 = Slice(%X, %Zeros, %All) name("slice") {T = f32, Index = i32} : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %SS, %ctl_16 = StridedSlice(%X, %Zeros, %End, %Ones) name("strided") {Index = i32, T = f32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %Ti, %ctl_17 = Tile(%X, %Ones) name("tile") {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %P, %ctl_18 = Pad(%X, %Pads) name("pad") {T = f32, Tpaddings = i32} : (tensor<2x3xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %P2, %ctl_19 = PadV2(%X, %Pads, %PV) name("padv2") {T = f32, Tpaddings = i32} : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> (tensor<*xf32>)
  %Sp, %ctl_20 = Split(%Ax, %X) name("split") {T = f32, num_split = 1 : i64} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<*xf32>)
  %SpV, %ctl_21 = SplitV(%X, %Sz, %Ax) name("splitv") {T = f32, Tlen = i32, num_split = 1 : i64} : (tensor<2x3xf32>, tensor<1xi32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// COM: Not when they change something: a real reshape, a squeeze of a
// COM: size-1 dimension, a permutation, a reversal of a longer axis, a
// COM: partial slice, a tile by 2, a non-zero pad, a split in two.
// CHECK-LABEL: tfg.graph
// CHECK: Reshape
// CHECK: Squeeze
// CHECK: Transpose
// CHECK: ReverseV2
// CHECK: Slice
// CHECK: Tile
// CHECK: Pad
// CHECK: Split
// CHECK-NOT: Identity
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<1x3xf32>)
  %Shape, %ctl_0 = Const name("shape") {dtype = i32, value = dense<[3, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Perm, %ctl_1 = Const name("perm") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Axis1, %ctl_2 = Const name("axis1") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %Zeros, %ctl_3 = Const name("zeros") {dtype = i32, value = dense<0> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Part, %ctl_4 = Const name("part") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Twos, %ctl_5 = Const name("twos") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Pads, %ctl_6 = Const name("pads") {dtype = i32, value = dense<[[0, 1], [0, 0]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %Ax, %ctl_7 = Const name("axis") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %R, %ctl_8 = Reshape(%X, %Shape) name("reshape") {T = f32, Tshape = i32} : (tensor<1x3xf32>, tensor<2xi32>) -> (tensor<3x1xf32>)
  %Q, %ctl_9 = Squeeze(%X) name("squeeze") {T = f32, squeeze_dims = []} : (tensor<1x3xf32>) -> (tensor<*xf32>)
  %T, %ctl_10 = Transpose(%X, %Perm) name("transpose") {T = f32, Tperm = i32} : (tensor<1x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %V, %ctl_11 = ReverseV2(%X, %Axis1) name("reverse") {T = f32, Tidx = i32} : (tensor<1x3xf32>, tensor<1xi32>) -> (tensor<*xf32>)
  %S, %ctl_12 = Slice(%X, %Zeros, %Part) name("slice") {T = f32, Index = i32} : (tensor<1x3xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %Ti, %ctl_13 = Tile(%X, %Twos) name("tile") {T = f32, Tmultiples = i32} : (tensor<1x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %P, %ctl_14 = Pad(%X, %Pads) name("pad") {T = f32, Tpaddings = i32} : (tensor<1x3xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %Sp:2, %ctl_15 = Split(%Ax, %X) name("split") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<1x3xf32>) -> (tensor<*xf32>, tensor<*xf32>)
}

// -----

// COM: ReverseV2 over axes of size 1 forwards; Pack of one tensor is
// COM: ExpandDims on a Const axis anchored on the tensor's producer.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %[[XC:.*]] = Placeholder name("x")
// CHECK: Identity(%[[X]]) name("reverse1")
// CHECK: %[[A:.*]], %{{.*}} = Const [%[[XC]]] name("pack/_axis") {dtype = i32, value = dense<1> : tensor<i32>}
// CHECK: ExpandDims(%[[X]], %[[A]]) name("pack") {T = f32, Tdim = i32}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<1x3xf32>)
  %Axis, %ctl_0 = Const name("axis") {dtype = i32, value = dense<-2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %V, %ctl_1 = ReverseV2(%X, %Axis) name("reverse1") {T = f32, Tidx = i32} : (tensor<1x3xf32>, tensor<1xi32>) -> (tensor<*xf32>)
  %P, %ctl_2 = Pack(%X) name("pack") {N = 1 : i64, T = f32, axis = 1 : i64} : (tensor<1x3xf32>) -> (tensor<*xf32>)
}
