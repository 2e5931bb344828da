// COM: TensorLists are values: SetItem and PushBack give new lists and
// COM: leave the ones they were given as they were (length stays 3).
// RUN: tfg-run %s --fetch=stack,get,len,len_pushed,popped,popped_len,shape,gathered,from_stack,scattered --print | FileCheck %s
// CHECK: stack: dtype=f32 shape=[3,2] min=0 max=2 mean=0.5
// CHECK: get: dtype=f32 shape=[2] min=1 max=2 mean=1.5
// CHECK: len: dtype=i32 shape=[] min=3 max=3 mean=3
// CHECK: len_pushed: dtype=i32 shape=[] min=4 max=4 mean=4
// CHECK: popped: dtype=f32 shape=[2] min=1 max=2 mean=1.5
// CHECK: popped_len: dtype=i32 shape=[] min=3 max=3 mean=3
// CHECK: shape: dtype=i32 shape=[1] min=2 max=2 mean=2
// CHECK: gathered: dtype=f32 shape=[2,2] min=1 max=4 mean=2.5
// CHECK: from_stack: dtype=f32 shape=[2,2] min=1 max=4 mean=2.5
// CHECK: scattered: dtype=f32 shape=[2] min=1 max=2 mean=1.5
// COM: An unset item of unknown shape cannot be read.
// RUN: not tfg-run %s --fetch=bad_get 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tfg-run: error: node 'bad_get' (TensorListGetItem): item 0 is unset and the element shape unknown
// COM: Sizes are bounded before anything is allocated.
// RUN: not tfg-run %s --fetch=huge_len 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: tfg-run: error: node 'huge' (TensorListReserve): size 1000000000 is out of range (at most 4194304 items)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Shape, %c0 = Const name("elem_shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %Unknown, %c1 = Const name("unknown_shape") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %Three, %c2 = Const name("three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %Zero, %c3 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c4 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Item, %c5 = Const name("item") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %L, %c6 = TensorListReserve(%Shape, %Three) name("reserve") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %L2, %c7 = TensorListSetItem(%L, %One, %Item) name("set") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<2xf32>) -> (tensor<!tf_type.variant>)
  %St, %c8 = TensorListStack(%L2, %Shape) name("stack") {element_dtype = f32, num_elements = -1 : i64} : (tensor<!tf_type.variant>, tensor<1xi32>) -> (tensor<3x2xf32>)
  %G, %c9 = TensorListGetItem(%L2, %One, %Shape) name("get") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<1xi32>) -> (tensor<2xf32>)
  %Len, %c10 = TensorListLength(%L2) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
  %L3, %c11 = TensorListPushBack(%L2, %Item) name("push") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<2xf32>) -> (tensor<!tf_type.variant>)
  %Len3, %c12 = TensorListLength(%L3) name("len_pushed") : (tensor<!tf_type.variant>) -> (tensor<i32>)
  %P:2, %c13 = TensorListPopBack(%L3, %Shape) name("pop") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<1xi32>) -> (tensor<!tf_type.variant>, tensor<2xf32>)
  %Pi, %c14 = Identity(%P#1) name("popped") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %PL, %c15 = TensorListLength(%P#0) name("popped_len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
  %M, %c16 = Const name("matrix") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %FT, %c17 = TensorListFromTensor(%M, %Unknown) name("from_tensor") {element_dtype = f32, shape_type = i32} : (tensor<2x2xf32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %ES, %c18 = TensorListElementShape(%FT) name("shape") {shape_type = i32} : (tensor<!tf_type.variant>) -> (tensor<1xi32>)
  %Idx, %c19 = Const name("indices") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Ga, %c20 = TensorListGather(%FT, %Idx, %Shape) name("gathered") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<2xi32>, tensor<1xi32>) -> (tensor<2x2xf32>)
  %FS, %c21 = TensorListStack(%FT, %Shape) name("from_stack") {element_dtype = f32, num_elements = 2 : i64} : (tensor<!tf_type.variant>, tensor<1xi32>) -> (tensor<2x2xf32>)
  %Sc, %c22 = TensorListScatterV2(%M, %Idx, %Shape, %Three) name("scatter") {element_dtype = f32, shape_type = i32} : (tensor<2x2xf32>, tensor<2xi32>, tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %ScG, %c23 = TensorListGetItem(%Sc, %One, %Shape) name("scattered") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<1xi32>) -> (tensor<2xf32>)
  %E, %c24 = EmptyTensorList(%Unknown, %Three) name("empty") {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %ER, %c25 = TensorListResize(%E, %Three) name("resize") : (tensor<!tf_type.variant>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %Huge, %c27 = Const name("huge_size") {dtype = i32, value = dense<1000000000> : tensor<i32>} : () -> (tensor<i32>)
  %HL, %c28 = TensorListReserve(%Shape, %Huge) name("huge") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  %HLen, %c29 = TensorListLength(%HL) name("huge_len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
  %Bad, %c26 = TensorListGetItem(%ER, %Zero, %Unknown) name("bad_get") {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<i32>) -> (tensor<2xf32>)
}
