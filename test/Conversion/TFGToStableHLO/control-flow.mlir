// RUN: tfg-opt %s --tfg-to-stablehlo='fetch=w:0,w:1,if,case' | FileCheck %s

// COM: While becomes stablehlo.while: the cond function's body in the cond
// COM: region, the body function's in the body region. If (on an i32
// COM: predicate, compared with zero) becomes stablehlo.if and Case
// COM: stablehlo.case, their branches reading the inputs from above.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32> {tfg.name = "x"}, %[[K:.*]]: tensor<i32> {tfg.name = "k"})
// CHECK: %[[W:.*]]:2 = stablehlo.while(%[[A:.*]] = %[[X]], %[[N:.*]] = %{{.*}}) : tensor<2xf32>, tensor<i32>
// CHECK: cond {
// CHECK: %[[LT:.*]] = stablehlo.compare LT, %[[N]], %{{.*}}
// CHECK: stablehlo.return %[[LT]] : tensor<i1>
// CHECK: } do {
// CHECK: stablehlo.multiply %[[A]]
// CHECK: stablehlo.add %[[N]]
// CHECK: stablehlo.return
// CHECK: %[[P:.*]] = stablehlo.compare NE, %[[K]], %{{.*}}
// CHECK: %[[IF:.*]] = "stablehlo.if"(%[[P]]) ({
// CHECK: stablehlo.negate %[[X]]
// CHECK: }, {
// CHECK: stablehlo.multiply %[[X]], %[[X]]
// CHECK: %[[CASE:.*]] = "stablehlo.case"(%[[K]]) ({
// CHECK: stablehlo.negate %[[X]]
// CHECK: }, {
// CHECK: stablehlo.multiply %[[X]], %[[X]]
// CHECK: return %[[W]]#0, %[[W]]#1, %[[IF]], %[[CASE]]
// CHECK-NOT: tfg.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %K, %c1 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c2 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %W:2, %c3 = While(%X, %Zero) name("w") {cond = #tf_type.func<@below3, {}>, body = #tf_type.func<@double, {}>, T = [f32, i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i32>)
  %I, %c4 = If(%K, %X) name("if") {then_branch = #tf_type.func<@neg, {}>, else_branch = #tf_type.func<@square, {}>, Tcond = i32, Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<i32>, tensor<2xf32>) -> (tensor<2xf32>)
  %C, %c5 = Case(%K, %X) name("case") {branches = [#tf_type.func<@neg, {}>, #tf_type.func<@square, {}>], Tin = [f32], Tout = [f32], output_shapes = []} : (tensor<i32>, tensor<2xf32>) -> (tensor<2xf32>)
}
tfg.func @below3(%x: tensor<2xf32> {tfg.name = "x"}, %n: tensor<i32> {tfg.name = "n"}) -> (tensor<i1> {tfg.name = "y"}) {
  %L, %cl = Const name("limit") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %B, %cb = Less(%n, %L) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%B) : tensor<i1>
}
tfg.func @double(%x: tensor<2xf32> {tfg.name = "x"}, %n: tensor<i32> {tfg.name = "n"}) -> (tensor<2xf32> {tfg.name = "y"}, tensor<i32> {tfg.name = "m"}) {
  %Two, %ct = Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %Y, %cy = Mul(%x, %Two) name("mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %One, %co = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %M, %cm = AddV2(%n, %One) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Y, %M) : tensor<2xf32>, tensor<i32>
}
tfg.func @neg(%x: tensor<2xf32> {tfg.name = "x"}) -> (tensor<2xf32> {tfg.name = "y"}) {
  %Y, %cy = Neg(%x) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  return(%Y) : tensor<2xf32>
}
tfg.func @square(%x: tensor<2xf32> {tfg.name = "x"}) -> (tensor<2xf32> {tfg.name = "y"}) {
  %Y, %cy = Square(%x) name("sq") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  return(%Y) : tensor<2xf32>
}
