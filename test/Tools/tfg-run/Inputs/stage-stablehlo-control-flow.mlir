// Functional control flow on tensors: a StatelessWhile doubling x until its
// sum passes a limit, counting the iterations; an If on an i32 predicate
// (nonzero: then) whose branches read a captured tensor; a Case.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %K, %c1 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c2 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %W:2, %c3 = StatelessWhile(%X, %Zero) name("grow") {cond = #tf_type.func<@small, {}>, body = #tf_type.func<@double, {}>, T = [f32, i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<i32>)
  %I, %c4 = If(%K, %X) name("pick") {then_branch = #tf_type.func<@neg, {}>, else_branch = #tf_type.func<@square, {}>, Tcond = i32, Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %C, %c5 = Case(%K, %X) name("case") {branches = [#tf_type.func<@neg, {}>, #tf_type.func<@square, {}>, #tf_type.func<@double1, {}>], Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
}
tfg.func @small(%x: tensor<2x3xf32> {tfg.name = "x"}, %n: tensor<i32> {tfg.name = "n"}) -> (tensor<i1> {tfg.name = "y"}) {
  %A, %ca = Const name("axes") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %S, %cs = Sum(%x, %A) name("s") {T = f32, Tidx = i32, keep_dims = false} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<f32>)
  %L, %cl = Const name("limit") {dtype = f32, value = dense<40.0> : tensor<f32>} : () -> (tensor<f32>)
  %B, %cb = Less(%S, %L) name("less") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<i1>)
  return(%B) : tensor<i1>
}
tfg.func @double(%x: tensor<2x3xf32> {tfg.name = "x"}, %n: tensor<i32> {tfg.name = "n"}) -> (tensor<2x3xf32> {tfg.name = "y"}, tensor<i32> {tfg.name = "m"}) {
  %Two, %ct = Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %Y, %cy = Mul(%x, %Two) name("mul") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>)
  %One, %co = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %M, %cm = AddV2(%n, %One) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Y, %M) : tensor<2x3xf32>, tensor<i32>
}
tfg.func @double1(%x: tensor<2x3xf32> {tfg.name = "x"}) -> (tensor<2x3xf32> {tfg.name = "y"}) {
  %Y, %cy = AddV2(%x, %x) name("add") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>)
  return(%Y) : tensor<2x3xf32>
}
tfg.func @neg(%x: tensor<2x3xf32> {tfg.name = "x"}) -> (tensor<2x3xf32> {tfg.name = "y"}) {
  %Y, %cy = Neg(%x) name("neg") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  return(%Y) : tensor<2x3xf32>
}
tfg.func @square(%x: tensor<2x3xf32> {tfg.name = "x"}) -> (tensor<2x3xf32> {tfg.name = "y"}) {
  %Y, %cy = Square(%x) name("sq") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  return(%Y) : tensor<2x3xf32>
}
