// RUN: tfg-opt %s --split-input-file --tfg-to-ml-program --verify-diagnostics

// COM: A variable's handle passed to a function call escapes: an error
// COM: naming the node, never a pass-through.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %V, %c0 = VarHandleOp name("var") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  // expected-error @+1 {{node 'call' (StatefulPartitionedCall): takes the handle of variable 'v' (node 'var') as an input, which has no ml_program form}}
  %R, %c1 = StatefulPartitionedCall(%V) name("call") {Tin = [!tf_type.resource], Tout = [f32], f = #tf_type.func<@read, {}>} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
}
tfg.func @read(%h: tensor<!tf_type.resource> {tfg.name = "h"}) -> (tensor<2xf32> {tfg.name = "r"}) {
  %R, %c = ReadVariableOp(%h) name("r") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  return(%R) : tensor<2xf32>
}

// -----

// COM: A function whose handle is an argument (called alone, in a module
// COM: without a graph): the handle has no variable node.
tfg.func @read(%h: tensor<!tf_type.resource> {tfg.name = "h"}) -> (tensor<2xf32> {tfg.name = "r"}) {
  // expected-error @+1 {{node 'r' (ReadVariableOp): takes a handle that no variable node of this body declares (a function argument, or another op's output), which has no ml_program form}}
  %R, %c = ReadVariableOp(%h) name("r") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  return(%R) : tensor<2xf32>
}

// -----

// COM: A handle fetched as a value.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 'id' (IdentityN): takes the handle of variable 'v' (node 'var') as an input, which has no ml_program form}}
  %I, %c1 = IdentityN(%V) name("id") {T = [!tf_type.resource]} : (tensor<!tf_type.resource>) -> (tensor<!tf_type.resource>)
  %V, %c0 = VarHandleOp name("var") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
}

// -----

// COM: Two nodes of one variable name must agree on its type.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = VarHandleOp name("a") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  // expected-error @+1 {{variable 'v' is declared as 'tensor<3xf32>' here and as 'tensor<2xf32>' by node 'a'}}
  %B, %c1 = VarHandleOp name("b") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<!tf_type.resource>)
  %RA, %c2 = ReadVariableOp(%A) name("ra") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
  %RB, %c3 = ReadVariableOp(%B) name("rb") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{variable has no valid 'dtype' and 'shape' attributes, which its global needs}}
  %A, %c0 = VarHandleOp name("a") {container = "", shared_name = "v", dtype = f32} : () -> (tensor<!tf_type.resource>)
  %RA, %c2 = ReadVariableOp(%A) name("ra") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
}

// -----

// COM: Whether a variable without an initial value is initialized depends
// COM: on what ran before: not a constant.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = VarHandleOp name("a") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  // expected-error @+1 {{node 'init' (VarIsInitializedOp): asks whether variable 'v' is initialized, which is known only for a variable with an initial value}}
  %I, %c1 = VarIsInitializedOp(%A) name("init") : (tensor<!tf_type.resource>) -> (tensor<i1>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = VarHandleOp name("a") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %X, %c1 = Const name("x") {dtype = f32, value = dense<1.0> : tensor<3xf32>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{node 'assign' (AssignVariableOp): assigns a value of type 'tensor<3xf32>' to variable 'v' of type 'tensor<2xf32>'}}
  %c2 = AssignVariableOp(%A, %X) name("assign") {dtype = f32} : tensor<!tf_type.resource>, tensor<3xf32>
  %R, %c3 = ReadVariableOp(%A) [%c2] name("read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = VarHandleOp name("a") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %X, %c1 = Const name("x") {dtype = i32, value = dense<1> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'add' (AssignAddVariableOp): updates variable 'v' of type 'tensor<2xf32>' with a value of type 'tensor<2xi32>'}}
  %c2 = AssignAddVariableOp(%A, %X) name("add") {dtype = i32} : tensor<!tf_type.resource>, tensor<2xi32>
  %R, %c3 = ReadVariableOp(%A) [%c2] name("read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
}

// -----

// COM: An op that mutates a reference in place (ScatterUpdate) has no
// COM: lowering.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %V, %c0 = VariableV2 name("w") {container = "", shared_name = "", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2x!tf_type.f32ref>)
  %I, %c1 = Const name("i") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %U, %c2 = Const name("u") {dtype = f32, value = dense<1.0> : tensor<1xf32>} : () -> (tensor<1xf32>)
  // expected-error @+1 {{node 'scatter' (ScatterUpdate): takes the reference of variable 'w' (node 'w') as a reference input, which has no ml_program form}}
  %S, %c3 = ScatterUpdate(%V, %I, %U) name("scatter") {T = f32, Tindices = i32, use_locking = true} : (tensor<2x!tf_type.f32ref>, tensor<1xi32>, tensor<1xf32>) -> (tensor<2x!tf_type.f32ref>)
  %R, %c4 = Identity(%S) name("read") {T = f32} : (tensor<2x!tf_type.f32ref>) -> (tensor<2xf32>)
}

// -----

// COM: v1 control flow and region ops have no func.func form.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %C, %c0 = Const name("c") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  // expected-error @+1 {{node 'switch' (Switch): v1 control flow has no func.func form}}
  %S:2, %c1 = Switch(%C, %C) name("switch") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
  %I, %c2 = Identity(%S#1) name("out") {T = i1} : (tensor<i1>) -> (tensor<i1>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %C, %ctl = Const name("c") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  // expected-error @+1 {{region control flow has no ml_program form; run --tfg-region-to-functional first}}
  %If, %ctl_0 = IfRegion %C then {
    yield(%C) : tensor<i1>
  } else {
    yield(%C) : tensor<i1>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i1>)
  %I, %c2 = Identity(%If) name("out") {T = i1} : (tensor<i1>) -> (tensor<i1>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 'merge' (Merge): is on a cycle (a v1 loop), which has no func.func form}}
  %Merge:2, %ctl_m = Merge(%X, %Next) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %Next, %ctl_n = NextIteration(%Merge#0) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %X, %ctl_x = Const name("x") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %O, %ctl_o = Identity(%Merge#0) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
// expected-error @+1 {{a module lowers to ml_program with one tfg.graph at most}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}

// -----

// COM: A variable may not take the name of a function.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{variable 'f' has the name of another symbol of the module}}
  %A, %c0 = VarHandleOp name("a") {container = "", shared_name = "f", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %RA, %c2 = ReadVariableOp(%A) name("ra") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
}
tfg.func @f(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"}) {
  return(%a) : tensor<i32>
}

// -----

// expected-error @+1 {{the graph's function 'main' is the name of a tfg.func}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
tfg.func @main(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"}) {
  return(%a) : tensor<i32>
}

// -----

// expected-error @+1 {{'tfg.saved_model_variables' is not a dictionary}}
module attributes {tfg.saved_model_variables = 1 : i32} {
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
}

// -----

module attributes {tfg.saved_model_variables = {v = dense<1.0> : tensor<3xf32>}} {
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{variable 'v' of type 'tensor<2xf32>' cannot take the SavedModel's value 'v' of type 'tensor<3xf32>'}}
  %A, %c0 = VarHandleOp name("a") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %RA, %c2 = ReadVariableOp(%A) name("ra") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<2xf32>)
}
}
