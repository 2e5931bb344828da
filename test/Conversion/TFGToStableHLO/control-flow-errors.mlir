// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo --verify-diagnostics

// COM: A v1 while loop (Enter/Merge/Switch/NextIteration/Exit) is refused:
// COM: the error names a node on its cycle.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c1 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %E, %c2 = Enter(%Zero) name("loop/enter") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'loop/merge' (Merge): is on a data cycle (a while loop in Enter/Merge/NextIteration form), which StableHLO legalization does not handle}}
  %M:2, %c3 = Merge(%E, %N) name("loop/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %c4 = Less(%M#0, %One) name("loop/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %C, %c5 = LoopCond(%L) name("loop/cond") : (tensor<i1>) -> (tensor<i1>)
  %S:2, %c6 = Switch(%M#0, %C) name("loop/switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %X, %c7 = Exit(%S#0) name("loop/exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %I, %c8 = AddV2(%S#1, %One) name("loop/add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %N, %c9 = NextIteration(%I) name("loop/next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

// -----

// COM: A v1 frame op off any cycle is refused by its op type.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'e' (Enter): no StableHLO legalization for op type 'Enter'}}
  %E, %c1 = Enter(%X) name("e") {T = f32, frame_name = "f", is_constant = true, parallel_iterations = 10 : i64} : (tensor<3xf32>) -> (tensor<3xf32>)
}

// -----

// COM: A function that calls itself has no StableHLO form.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %W, %c1 = While(%X) name("w") {cond = #tf_type.func<@c, {}>, body = #tf_type.func<@b, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
}
tfg.func @c(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i1> {tfg.name = "y"}) {
  %Z, %cz = Const name("z") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %L, %cl = Less(%x, %Z) name("l") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @b(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32> {tfg.name = "y"}) {
  // expected-error @+1 {{tfg-to-stablehlo: node 'again' (While): calls 'b' within itself (recursion), which StableHLO has no form for}}
  %W, %cw = While(%x) name("again") {cond = #tf_type.func<@c, {}>, body = #tf_type.func<@b, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  return(%W) : tensor<i32>
}

// -----

// COM: A branch that is no function of the library.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %c0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %X, %c1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'if' (If): calls #tf_type.func<@missing, {}>, which is no function of the library}}
  %I, %c2 = If(%P, %X) name("if") {then_branch = #tf_type.func<@missing, {}>, else_branch = #tf_type.func<@missing, {}>, Tcond = i1, Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// COM: A function body's types must be static too.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %c0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %X, %c1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %I, %c2 = If(%P, %X) name("if") {then_branch = #tf_type.func<@unranked, {}>, else_branch = #tf_type.func<@unranked, {}>, Tcond = i1, Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
}
tfg.func @unranked(%x: tensor<2xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  // expected-error @+1 {{tfg-to-stablehlo: node 'neg' (Neg): output 0 has unknown rank}}
  %N, %cn = Neg(%x) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}
