// RUN: tfg-opt %s --tfg-to-stablehlo='fetch=m:1,x' | FileCheck %s
// RUN: tfg-opt %s --tfg-to-stablehlo='fetch=nope' --verify-diagnostics --split-input-file -o /dev/null
// RUN: not tfg-opt %s --tfg-to-stablehlo='fetch=^m' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONTROL

// COM: Fetches in the order given; a fetched Placeholder is returned as is.
// CHECK: func.func @main(%[[X:.*]]: tensor<2x6xf32> {tfg.name = "x"}) -> (tensor<2x3xf32>, tensor<2x6xf32>)
// CHECK: %[[S:.*]] = stablehlo.slice %[[X]] [0:2, 3:6]
// CHECK: return %[[S]], %[[X]] : tensor<2x3xf32>, tensor<2x6xf32>
// CONTROL: error: tfg-to-stablehlo: fetch '^m' is a control output, which has no StableHLO value
// expected-error @+1 {{fetch 'nope' names no node of the graph}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x6>} : () -> (tensor<2x6xf32>)
  %A, %c1 = Const name("axis") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %M:2, %c2 = Split(%A, %X) name("m") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
}
