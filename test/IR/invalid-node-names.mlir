// Node names are unique in a graph, in a function body (with the function's
// argument names) and in each region of region control flow; a function's
// arguments and results each have distinct names. The node checks hold on
// the large-body path of the verifier too (test/IR/large-graph-invalid.test).
// RUN: tfg-opt %s --split-input-file --verify-diagnostics

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-note@+1 {{the first node named 'a'}}
  %ctl = NoOp name("a")
  // expected-error@+1 {{'tfg.NoOp' op duplicate node name 'a' in this graph}}
  %ctl_0 = NoOp name("a")
}

// -----

// A registered node (its name is an attribute) and a generic one.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // expected-note@+1 {{the first node named 'if'}}
  %ctl_0 = IfRegion %c then {
    yield
  } else {
    yield
  } {_mlir_name = "if"} : (tensor<i1>) -> ()
  // expected-error@+1 {{'tfg.NoOp' op duplicate node name 'if' in this graph}}
  %ctl_1 = NoOp name("if")
}

// -----

tfg.func @f(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32> {tfg.name = "y"}) {
  // expected-note@+1 {{the first node named 'n'}}
  %ctl = NoOp name("n")
  // expected-error@+1 {{'tfg.NoOp' op duplicate node name 'n' in this function @f}}
  %ctl_0 = NoOp name("n")
  return(%x) : tensor<i32>
}

// -----

tfg.func @f(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32> {tfg.name = "y"}) {
  // expected-error@+1 {{'tfg.NoOp' op node name 'x' is the name of argument #0 of function @f}}
  %ctl = NoOp name("x")
  return(%x) : tensor<i32>
}

// -----

// Each region is a scope of its own: the graph's names may recur in it.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %ctl_0 = IfRegion %c then {
    %ctl_1 = NoOp name("c")
    // expected-note@+1 {{the first node named 'n'}}
    %ctl_2 = NoOp name("n")
    // expected-error@+1 {{'tfg.NoOp' op duplicate node name 'n' in this region}}
    %ctl_3 = NoOp name("n")
    yield
  } else {
    %ctl_1 = NoOp name("n")
    yield
  } {_mlir_name = "if"} : (tensor<i1>) -> ()
}

// -----

// expected-error@+1 {{'tfg.func' op function @f: arguments #0 and #2 are both named 'x'}}
tfg.func @f(%a: tensor<i32> {tfg.name = "x"}, %b: tensor<i32> {tfg.name = "y"},
            %c: tensor<i32> {tfg.name = "x"}) -> () {
  return
}

// -----

// expected-error@+1 {{'tfg.func' op function @f: results #0 and #1 are both named 'y'}}
tfg.func @f(%a: tensor<i32> {tfg.name = "x"})
    -> (tensor<i32> {tfg.name = "y"}, tensor<i32> {tfg.name = "y"}) {
  return(%a, %a) : tensor<i32>, tensor<i32>
}

// -----

// An argument and a result may share a name (they are looked up apart).
tfg.func @f(%a: tensor<i32> {tfg.name = "x"}) -> (tensor<i32> {tfg.name = "x"}) {
  return(%a) : tensor<i32>
}

// -----

// A Const whose dtype is not its value's element type is accepted:
// TensorFlow's importer accepts it (test/ImportExport/roundtrip/test17.pbtxt,
// a float Const with a uint8 tensor); only its Const kernel refuses it.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Const name("c") {dtype = f32, value = dense<0> : tensor<2xi32>} : () -> (tensor<2xf32>)
}
