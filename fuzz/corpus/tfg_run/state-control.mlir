// COM: Control edges order nodes (a read after its assignment), only what
// COM: the fetches need runs (the failing Assert is not needed for 'sum'),
// COM: resource variables keep their values, Print passes its input on.
// RUN: tfg-run %s --input=x=zeros --fetch=sum,read,printed --print | FileCheck %s
// CHECK: sum: dtype=f32 shape=[2] min=1 max=1 mean=1
// CHECK: read: dtype=f32 shape=[2] min=3 max=3 mean=3
// CHECK: printed: dtype=f32 shape=[2] min=1 max=1 mean=1
// COM: A node with a failing Assert as control input fails, naming it.
// RUN: not tfg-run %s --input=x=zeros --fetch=guarded 2>&1 | FileCheck %s --check-prefix=ASSERT
// ASSERT: tfg-run: error: node 'check' (Assert): assertion failed; [x must be positive]
// COM: A Placeholder without --input gets random values when its shape is
// COM: known; one of unknown shape is an error naming it, if it is needed.
// RUN: tfg-run %s --fetch=sum --print | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: sum: dtype=f32 shape=[2] min={{1\.[0-9]+}}
// RUN: not tfg-run %s --fetch=use_u 2>&1 | FileCheck %s --check-prefix=FEED
// FEED: tfg-run: error: node 'u' (Placeholder): is not fed (give it a value: --input=u=...)
// COM: An op without a kernel is an error naming the node and the op.
// RUN: not tfg-run %s --input=x=zeros --fetch=custom 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: tfg-run: error: node 'custom' (SomeCustomOp): no kernel for op 'SomeCustomOp' (and no function of that name)
// COM: Unknown fetches and feeds.
// RUN: not tfg-run %s --input=x=zeros --fetch=nowhere 2>&1 | FileCheck %s --check-prefix=FETCH
// FETCH: tfg-run: error: tensor 'nowhere': the graph has no node 'nowhere'
// RUN: not tfg-run %s --input=x=zeros --fetch=sum:3 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: tfg-run: error: tensor 'sum:3': node 'sum' has 1 outputs
// RUN: not tfg-run %s --input=x=zeros --fetch=var 2>&1 | FileCheck %s --check-prefix=HANDLE
// HANDLE: tfg-run: error: fetch 'var' is a resource or variant handle, not a tensor
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %One, %c1 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %Sum, %c2 = AddV2(%X, %One) name("sum") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %Zero, %c3 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %Min, %c4 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %MinX, %c5 = Min(%X, %Min) name("min_x") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2xf32>, tensor<i32>) -> (tensor<f32>)
  %Pos, %c6 = Greater(%MinX, %Zero) name("positive") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<i1>)
  %Msg, %c7 = Const name("msg") {dtype = !tf_type.string, value = #tf_type<tensor_proto : "0x08071200421278206d75737420626520706f736974697665"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %c8 = Assert(%Pos, %Msg) name("check") {T = [!tf_type.string], summarize = 3 : i64} : tensor<i1>, tensor<!tf_type.string>
  %G, %c9 = Identity(%Sum) [%c8] name("guarded") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %V, %c10 = VarHandleOp name("var") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>, allowed_devices = []} : () -> (tensor<!tf_type.resource>)
  %c11 = AssignVariableOp(%V, %One) name("assign") {dtype = f32, validate_shape = false} : tensor<!tf_type.resource>, tensor<2xf32>
  %Two, %c12 = Const name("two") {dtype = f32, value = dense<2.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %c13 = AssignAddVariableOp(%V, %Two) [%c11] name("assign_add") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %R, %c14 = ReadVariableOp(%V) [%c13] name("read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  %P, %c15 = Print(%Sum, %Sum) name("printed") {T = f32, U = [f32], first_n = -1 : i64, message = "", summarize = 3 : i64} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %Cu, %c16 = SomeCustomOp(%Sum) name("custom") : (tensor<2xf32>) -> (tensor<2xf32>)
  %U, %c17 = Placeholder name("u") {dtype = f32, shape = #tf_type.shape<*>} : () -> (tensor<*xf32>)
  %UU, %c18 = Identity(%U) name("use_u") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
