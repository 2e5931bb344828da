// COM: tfg-run --stage=ml_program lowers the graph with --tfg-to-ml-program
// COM: for the fetches and runs it with the tf interpreter: the outputs
// COM: equal the graph interpreter's (exactly). ResourceGather, which the
// COM: graph interpreter does not run, is compared with GatherV2 of a read.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfg-run %s --input=x=%S/Inputs/ml-program-x.npy --fetch=read,gathered_ref,x_plus --output=%t/tfg.npz
// RUN: tfg-run %s --stage=ml_program --input=x=%S/Inputs/ml-program-x.npy --fetch=read,gathered,x_plus --expect=%t/tfg.npz --rtol=0 --atol=0 | FileCheck %s
// CHECK: read: max_abs_diff=0 max_rel_diff=0 ok
// CHECK: gathered: max_abs_diff=0 max_rel_diff=0 ok
// CHECK: x_plus: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --stage=ml_program --input=x=%S/Inputs/ml-program-x.npy --fetch=read --print | FileCheck %s --check-prefix=READ
// READ: read: dtype=f32 shape=[2] min=1 max=2 mean=1.5
// COM: Errors: an unknown stage, a read of a global never stored (no
// COM: initial value, nothing assigned: the runner names the op).
// RUN: not tfg-run %s --stage=tf_graph --fetch=read 2>&1 | FileCheck %s --check-prefix=STAGE
// STAGE: tfg-run: error: --stage=tf_graph: no such stage (tfg, tf_executor, tf, stablehlo, ml_program
// RUN: not tfg-run %s --stage=ml_program --fetch=unset 2>&1 | FileCheck %s --check-prefix=UNSET
// UNSET: tfg-run: error: node '<unnamed>' (ml_program.global_load): reads global @never, which has no initial value and was never stored
// RUN: not tfg-run %s --stage=ml_program --fetch=escape 2>&1 | FileCheck %s --check-prefix=ESCAPE
// ESCAPE: error: node 'escape' (IdentityN): takes the handle of variable 'v' (node 'var') as an input, which has no ml_program form
// ESCAPE: tfg-run: error: lowering the model to ml_program failed
// RUN: not tfg-run %s --stage=ml_program --input=x=%S/Inputs/ml-program-x.npy --input=x_plus=%S/Inputs/ml-program-x.npy --fetch=read 2>&1 | FileCheck %s --check-prefix=FEED
// FEED: tfg-run: error: input 'x_plus': --stage=ml_program feeds Placeholders only
// RUN: not tfg-run %s --stage=ml_program --function=f 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC: tfg-run: error: --stage=ml_program runs a graph, not --function
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %V, %c1 = VarHandleOp name("var") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %c2 = AssignVariableOp(%V, %X) name("assign") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %Half, %c3 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %c4 = AssignAddVariableOp(%V, %Half) [%c2] name("add") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %c5 = AssignSubVariableOp(%V, %Half) [%c4] name("sub") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %c5b = AssignAddVariableOp(%V, %Half) [%c5] name("add2") {dtype = f32} : tensor<!tf_type.resource>, tensor<2xf32>
  %R, %c6 = ReadVariableOp(%V) [%c5b] name("read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  %T, %c7 = VarHandleOp name("table") {container = "", shared_name = "", dtype = f32, shape = #tf_type.shape<3x2>} : () -> (tensor<!tf_type.resource>)
  %TV, %c8 = Const name("table_value") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %c9 = AssignVariableOp(%T, %TV) name("fill") {dtype = f32} : tensor<!tf_type.resource>, tensor<3x2xf32>
  %I, %c10 = Const name("indices") {dtype = i32, value = dense<[2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %G, %c11 = ResourceGather(%T, %I) [%c9] name("gathered") {batch_dims = 0 : i64, dtype = f32, Tindices = i32, validate_indices = true} : (tensor<!tf_type.resource>, tensor<2xi32>) -> (tensor<2x2xf32>)
  %TR, %c12 = ReadVariableOp(%T) [%c9] name("table_read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<3x2xf32>)
  %Axis, %c13 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %GR, %c14 = GatherV2(%TR, %I, %Axis) name("gathered_ref") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<3x2xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x2xf32>)
  %XP, %c15 = AddV2(%X, %Half) name("x_plus") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %In, %c16 = VarIsInitializedOp(%V) [%c2] name("init") : (tensor<!tf_type.resource>) -> (tensor<i1>)
  %N, %c17 = VarHandleOp name("never") {container = "", shared_name = "never", dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %U, %c18 = ReadVariableOp(%N) name("unset") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<f32>)
  %E, %c19 = IdentityN(%V) name("escape") {T = [!tf_type.resource]} : (tensor<!tf_type.resource>) -> (tensor<!tf_type.resource>)
}
