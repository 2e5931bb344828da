// RUN: tfg-opt %s --split-input-file --verify-diagnostics

// The type lists of functional control flow must fit the call: Tin and
// Tout of If and Case, T of While and For.

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %x, %ctl = Src name("src") : () -> (tensor<i1>, tensor<i32>)
  // expected-error@+1 {{'Tin' lists 2 types for 1 data operands}}
  %If, %ctl_0 = If(%c, %x) name("if") {Tcond = i1, Tin = [i32, i32], Tout = [i32], then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %x, %ctl = Src name("src") : () -> (tensor<i1>, tensor<i32>)
  // expected-error@+1 {{operand #1 of type 'tensor<i32>' does not hold 'Tin' type #0 ('f32')}}
  %If, %ctl_0 = If(%c, %x) name("if") {Tcond = i1, Tin = [f32], Tout = [i32], then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %x, %ctl = Src name("src") : () -> (tensor<i1>, tensor<i32>)
  // expected-error@+1 {{'Tout' lists 2 types for 1 data results}}
  %If, %ctl_0 = StatelessIf(%c, %x) name("if") {Tcond = i1, Tin = [i32], Tout = [i32, i32], then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %x, %ctl = Src name("src") : () -> (tensor<i1>, tensor<i32>)
  // expected-error@+1 {{result #0 of type 'tensor<i32>' does not hold 'Tout' type #0 ('f32')}}
  %If, %ctl_0 = If(%c, %x) name("if") {Tcond = i1, Tin = [i32], Tout = [f32], then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Src name("src") : () -> (tensor<f32>)
  // expected-error@+1 {{condition of type 'tensor<f32>' does not hold 'Tcond' ('i1')}}
  %ctl_0 = If(%c) name("if") {Tcond = i1, then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>} : (tensor<f32>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Src name("src") : () -> (tensor<i64>)
  // expected-error@+1 {{the branch index (operand #0) must be an int32 tensor, got 'tensor<i64>'}}
  %ctl_0 = Case(%i) name("case") {branches = [#tf_type.func<@missing, {}>]} : (tensor<i64>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %x, %ctl = Src name("src") : () -> (tensor<i32>, tensor<f32>)
  // expected-error@+1 {{operand #1 of type 'tensor<f32>' does not hold 'Tin' type #0 ('i32')}}
  %Case, %ctl_0 = StatelessCase(%i, %x) name("case") {Tin = [i32], Tout = [f32], branches = [#tf_type.func<@missing, {}>]} : (tensor<i32>, tensor<f32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Src name("src") : () -> (tensor<i32>)
  // expected-error@+1 {{result #0 of type 'tensor<f32>' does not hold 'T' type #0 ('i32')}}
  %W, %ctl_0 = While(%x) name("w") {T = [i32], cond = #tf_type.func<@missing, {}>, body = #tf_type.func<@missing, {}>} : (tensor<i32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %j, %x, %ctl = Src name("src") : () -> (tensor<i32>, tensor<i64>, tensor<f32>)
  // expected-error@+1 {{limit (operand #1) must be an int32 tensor, got 'tensor<i64>'}}
  %F, %ctl_0 = For(%i, %j, %i, %x) name("for") {T = [f32], body = #tf_type.func<@missing, {}>} : (tensor<i32>, tensor<i64>, tensor<i32>, tensor<f32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %x, %ctl = Src name("src") : () -> (tensor<i32>, tensor<f32>)
  // expected-error@+1 {{'T' lists 2 types for 1 data operands}}
  %F, %ctl_0 = For(%i, %i, %i, %x) name("for") {T = [f32, f32], body = #tf_type.func<@missing, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> (tensor<f32>)
}

// -----

// A callee of the module must take what is passed and return what the call
// produces: arity, argument types and result types.

// expected-note@+1 {{the function is here}}
tfg.func @body(%i: tensor<i32>) -> (tensor<*xf32>) {
  %R, %ctl = Src name("r") : () -> (tensor<*xf32>)
  return(%R) : tensor<*xf32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %x, %ctl = Src name("src") : () -> (tensor<i32>, tensor<*xf32>)
  // expected-error@+1 {{'body' function @body takes 1 arguments, but 2 are passed}}
  %F, %ctl_0 = For(%i, %i, %i, %x) name("for") {T = [f32], body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @body(%i: tensor<i32>, %a: tensor<*xf32>, %b: tensor<*xf32>) -> (tensor<*xf32>) {
  return(%a) : tensor<*xf32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %x, %ctl = Src name("src") : () -> (tensor<i32>, tensor<*xf32>)
  // expected-error@+1 {{'body' function @body returns 1 results, but 2 are expected}}
  %F:2, %ctl_0 = For(%i, %i, %i, %x, %x) name("for") {T = [f32, f32], body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @body(%i: tensor<f32>, %a: tensor<*xf32>) -> (tensor<*xf32>) {
  return(%a) : tensor<*xf32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %x, %ctl = Src name("src") : () -> (tensor<i32>, tensor<*xf32>)
  // expected-error@+1 {{'body' function @body argument #0 of type 'tensor<f32>' cannot take the value passed, of type 'tensor<i32>'}}
  %F, %ctl_0 = For(%i, %i, %i, %x) name("for") {T = [f32], body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @body(%i: tensor<i32>, %a: tensor<*xf32>) -> (tensor<i32>) {
  return(%i) : tensor<i32>
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %x, %ctl = Src name("src") : () -> (tensor<i32>, tensor<*xf32>)
  // expected-error@+1 {{'body' function @body result #0 of type 'tensor<i32>' does not fit the call's result of type 'tensor<*xf32>'}}
  %F, %ctl_0 = For(%i, %i, %i, %x) name("for") {T = [f32], body = #tf_type.func<@body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @else() -> (tensor<f32>) {
  %R, %ctl = Src name("r") : () -> (tensor<f32>)
  return(%R) : tensor<f32>
}
tfg.func @test(%c: tensor<i1>) -> (tensor<i32>) {
  // expected-error@+1 {{'else_branch' function @else result #0 of type 'tensor<f32>' does not fit the call's result of type 'tensor<i32>'}}
  %If, %ctl = If(%c) name("if") {Tcond = i1, Tin = [], Tout = [i32], then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>} : (tensor<i1>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @then() -> (tensor<f32>) {
  %R, %ctl = Src name("r") : () -> (tensor<f32>)
  return(%R) : tensor<f32>
}
tfg.func @test(%c: tensor<i1>) -> (tensor<i32>) {
  // expected-error@+1 {{'then_branch' function @then result #0}}
  %If, %ctl = StatelessIf(%c) name("if") {Tcond = i1, Tin = [], Tout = [i32], then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@else, {}>} : (tensor<i1>) -> (tensor<i32>)
  return(%If) : tensor<i32>
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @branch(%x: tensor<f32>) -> (tensor<i32>) {
  %R, %ctl = Src name("r") : () -> (tensor<i32>)
  return(%R) : tensor<i32>
}
tfg.func @test(%i: tensor<i32>, %x: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'branches' function @branch argument #0 of type 'tensor<f32>' cannot take the value passed, of type 'tensor<i32>'}}
  %Case, %ctl = Case(%i, %x) name("case") {Tin = [i32], Tout = [i32], branches = [#tf_type.func<@branch, {}>]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

tfg.func @cond(%a: tensor<i32>) -> (tensor<i1>) {
  %R, %ctl = Src name("r") : () -> (tensor<i1>)
  return(%R) : tensor<i1>
}
// expected-note@+1 {{the function is here}}
tfg.func @body(%a: tensor<f32>) -> (tensor<f32>) {
  return(%a) : tensor<f32>
}
tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'body' function @body argument #0 of type 'tensor<f32>' cannot take the value passed, of type 'tensor<i32>'}}
  %W, %ctl = While(%a) name("w") {T = [i32], cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  return(%W) : tensor<i32>
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @cond(%a: tensor<f32>) -> (tensor<f32>) {
  return(%a) : tensor<f32>
}
tfg.func @body(%a: tensor<i32>) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'cond' function @cond argument #0 of type 'tensor<f32>' cannot take the value passed, of type 'tensor<i32>'}}
  %W, %ctl = StatelessWhile(%a) name("w") {T = [i32], cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  return(%W) : tensor<i32>
}

// -----

// expected-note@+1 {{the function is here}}
tfg.func @cond(%a: tensor<i32>) -> (tensor<i1>, tensor<i1>) {
  %R, %ctl = Src name("r") : () -> (tensor<i1>)
  return(%R, %R) : tensor<i1>, tensor<i1>
}
tfg.func @body(%a: tensor<i32>) -> (tensor<i32>) {
  return(%a) : tensor<i32>
}
tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'cond' function @cond returns 2 results, but 1 are expected}}
  %W, %ctl = StatefulWhile(%a) name("w") {T = [i32], cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>} : (tensor<i32>) -> (tensor<i32>)
  return(%W) : tensor<i32>
}
