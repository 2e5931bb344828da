// RUN: tfg-opt %s --tfg-to-stablehlo --verify-diagnostics

// COM: Functions two Whiles call keep their own (unranked) types: one
// COM: caller's types are no proof for the other, so the lowering refuses
// COM: the unknown rank.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Const name("a") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %B, %c1 = Const name("b") {dtype = i32, value = dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'w1' (While): output 0 has unknown rank ('tensor<*xi32>')}}
  %W1, %c2 = While(%A) name("w1") {T = [i32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
  %W2, %c3 = While(%B) name("w2") {T = [i32], body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, output_shapes = [], parallel_iterations = 10 : i64} : (tensor<2xi32>) -> (tensor<*xi32>)
}
tfg.func @cond(%x: tensor<*xi32> {tfg.name = "x"}) -> (tensor<*xi1> {tfg.name = "y"}) {
  %F, %cf = Const name("f") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  return(%F) : tensor<i1>
}
tfg.func @body(%x: tensor<*xi32> {tfg.name = "x"}) -> (tensor<*xi32> {tfg.name = "y"}) {
  return(%x) : tensor<*xi32>
}
