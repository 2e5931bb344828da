// RUN: tfg-opt %s --split-input-file --verify-diagnostics

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{'tfg.Foo' op has an empty name (a node without a name has no name at all)}}
  %ctl = Foo name("")
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{must have a trailing !tf_type.control result}}
  %0 = "tfg.Foo"() {_mlir_name = "foo"} : () -> tensor<i32>
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("a")
  %x, %ctl_0 = Placeholder name("x") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{control operands must come after data operands}}
  %1:2 = "tfg.Foo"(%ctl, %x) {_mlir_name = "foo"} : (!tf_type.control, tensor<i32>) -> (tensor<i32>, !tf_type.control)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{must have exactly one control result, as the last result}}
  %1:2 = "tfg.Foo"() {_mlir_name = "foo"} : () -> (!tf_type.control, !tf_type.control)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{expected 1 operand types, got 2}}
  %y, %ctl_0 = Identity(%x) name("y") : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{control types are implicit; list only data types}}
  %y, %ctl_0 = Foo name("y") : () -> (!tf_type.control)
}

// -----

// expected-error@+1 {{body must end with a tfg.return}}
tfg.func @no_return(%x: tensor<i32>) -> () {
  %ctl = NoOp name("n")
}

// -----

tfg.func @bad_return(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  // expected-error@+1 {{returns 1 values but the function has 2 results}}
  return(%x) : tensor<i32>
}

// -----

tfg.func @bad_control_attrs(%x: tensor<i32>) -> () {
  // expected-error@+1 {{expected 1 control_ret_attrs (one per control operand), got 0}}
  "tfg.return"(%x.ctl) {control_ret_attrs = []} : (!tf_type.control) -> ()
}

// -----

// expected-error@+1 {{entry block must have 2 arguments (a control token after each data argument), got 1}}
"tfg.func"() ({
^bb0(%arg0: tensor<i32>):
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = (tensor<i32>) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{block argument #1 must be a !tf_type.control token}}
"tfg.func"() ({
^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = (tensor<i32>) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{control types are implicit in the function type}}
"tfg.func"() ({
^bb0(%arg0: !tf_type.control, %arg1: !tf_type.control):
  "tfg.return"() {control_ret_attrs = []} : () -> ()
}) {function_type = (!tf_type.control) -> (), sym_name = "f"} : () -> ()

// -----

// COM: A callee that is not in the module is allowed (TensorFlow allows it).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %ctl_0 = If(%c) name("if") {then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>} : (tensor<i1>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // expected-error@+1 {{requires a #tf_type.func attribute 'else_branch'}}
  %ctl_0 = If(%c) name("if") {then_branch = #tf_type.func<@f, {}>} : (tensor<i1>) -> ()
}
tfg.func @f() -> () {
  return
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @two_args(%a: tensor<i32>, %b: tensor<i32>) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // expected-error@+1 {{'then_branch' function @two_args takes 2 arguments, but 0 are passed}}
  %ctl_0 = If(%c) name("if") {then_branch = #tf_type.func<@two_args, {}>, else_branch = #tf_type.func<@two_args, {}>} : (tensor<i1>) -> ()
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @two_results(%a: tensor<i32>) -> (tensor<i1>, tensor<i1>) {
  %c, %ctl = Const name("c") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  return(%c, %c) : tensor<i1>, tensor<i1>
}
tfg.func @body(%a: tensor<i32>) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{'cond' function @two_results returns 2 results, but 1 are expected}}
  %W, %ctl_0 = While(%i) name("w") {cond = #tf_type.func<@two_results, {}>, body = #tf_type.func<@body, {}>} : (tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // expected-error@+1 {{region 'else' passes 0 values, expected 1}}
  %If, %ctl_0 = IfRegion %c then {
    yield(%c) : tensor<i1>
  } else {
    yield
  } name("if") : (tensor<i1>) -> (tensor<i1>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // expected-error@+1 {{has an empty name}}
  %ctl_0 = IfRegion %c then {
    yield
  } else {
    yield
  } name("") : (tensor<i1>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{region 'cond' must have 2 arguments (values, then a control token for each), got 1}}
  %W, %ctl_0 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>):
    condition %arg0 : tensor<i32> (%arg0) : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } name("w") : (tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{region 'cond' must end with tfg.condition}}
  %W, %ctl_0 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } name("w") : (tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{expects start, limit and delta operands}}
  %ctl_0 = ForRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield
  } name("f") : (tensor<i32>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{expected a shaped type after the tensor_proto}}
  %ctl = Foo name("f") {t = #tf_type.tensor_proto<"0x00">}
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{unknown full type id 'nope'}}
  %ctl = Foo name("f") {t = #tf_type.full_type<nope>}
}

// -----

// expected-error@+1 {{expected a tensor type, got 'f32'}}
func.func private @bad_resource() -> !tf_type.resource<f32>

// -----

// expected-error@+1 {{resource_arg_unique_ids_keys and _values must have the same size}}
tfg.func @ids(%x: tensor<i32>) -> () attributes {resource_arg_unique_ids_keys = array<i32: 0>, resource_arg_unique_ids_values = array<i32>} {
  return
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{requires a non-empty array of #tf_type.func attribute 'branches'}}
  %ctl_0 = Case(%i) name("case") {branches = []} : (tensor<i32>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{expects at least 3 data operands}}
  %ctl_0 = For(%i) name("for") {body = #tf_type.func<@f, {}>} : (tensor<i32>) -> ()
}

// -----

func.func private @not_tfg()
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // expected-error@+1 {{'then_branch' must refer to a tfg.func, got func.func}}
  %ctl_0 = If(%c) name("if") {then_branch = #tf_type.func<@not_tfg, {}>, else_branch = #tf_type.func<@not_tfg, {}>} : (tensor<i1>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{operand #1 must be variadic of control token, but got 'tensor<i32>'}}
  %x = "tfg.IfRegion"(%i, %i) ({
    "tfg.yield"() : () -> ()
  }, {
    "tfg.yield"() : () -> ()
  }) {_mlir_name = "if2"} : (tensor<i32>, tensor<i32>) -> !tf_type.control
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{expects at least one branch region}}
  %x = "tfg.CaseRegion"(%i) {_mlir_name = "case"} : (tensor<i32>) -> !tf_type.control
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{expects as many results as loop values (1)}}
  %ctl_0 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    condition %arg0 : tensor<i32> (%arg0) : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } name("w") : (tensor<i32>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{region 'body' argument #2 must be a control token}}
  %F, %ctl_0 = ForRegion(%i, %i, %i, %i) {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: !tf_type.control):
    yield(%arg1) : tensor<i32>
  } name("f") : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %W, %ctl_0 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    // expected-error@+1 {{condition must be a tensor, not a control token}}
    "tfg.condition"(%arg1, %arg0) : (!tf_type.control, tensor<i32>) -> ()
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } name("w") : (tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{expected a hexadecimal string "0x..."}}
  %ctl = Foo name("f") {t = #tf_type.tensor_proto<"zz"> : tensor<i32>}
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{expected a full type id}}
  %ctl = Foo name("f") {t = #tf_type.full_type<"x">}
}

// -----

// expected-error@+1 {{function arguments must be named}}
tfg.func @unnamed(tensor<i32>) -> () {
  return
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{expected 0 operand types, got 1}}
  %ctl = Foo name("f") : (tensor<i32>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("n")
  // expected-error@+1 {{first operand must be a value, not a control token}}
  %x = "tfg.IfRegion"(%ctl) ({
    "tfg.yield"() : () -> ()
  }, {
    "tfg.yield"() : () -> ()
  }) {_mlir_name = "if"} : (!tf_type.control) -> !tf_type.control
}

// -----

// A generic node's properties are its name and nothing else.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{'tfg.Foo' op properties must be the node's name, a string}}
  %ctl = "tfg.Foo"() <{a = 1 : i32}> : () -> !tf_type.control
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{'tfg.Foo' op has a name both as properties and as '_mlir_name'}}
  %ctl = "tfg.Foo"() <"a"> {_mlir_name = "b"} : () -> !tf_type.control
}
