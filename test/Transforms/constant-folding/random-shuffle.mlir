// RUN: tfg-opt %s --tfg-constant-folding | FileCheck %s
// RUN: tfg-opt %s --tfg-constant-folding='feed=one' | FileCheck %s --check-prefix=FED

// COM: RandomShuffle of a scalar, or of a tensor whose first dimension is
// COM: statically 1, is the identity (Grappler rewrites it although the op
// COM: is stateful): an Identity of its name, device and control operands.
// COM: A first dimension that is not 1 or unknown, an unranked input, a fed
// COM: or _grappler_do_not_remove shuffle stay.
// CHECK-LABEL: tfg.graph
// CHECK: %[[S:.*]], %{{.*}} = Placeholder name("s")
// CHECK: %[[R:.*]], %{{.*}} = Placeholder name("r")
// CHECK: %[[O:.*]], %[[OC:.*]] = Placeholder name("o")
// CHECK: Identity(%[[S]]) name("scalar") {T = f32} : (tensor<f32>) -> (tensor<f32>)
// CHECK: Identity(%[[R]]) [%[[OC]]] device("/CPU:0") name("one") {T = f32} : (tensor<1x3xf32>) -> (tensor<1x3xf32>)
// CHECK: RandomShuffle(%{{.*}}) name("two")
// CHECK: RandomShuffle(%{{.*}}) name("dynamic")
// CHECK: RandomShuffle(%{{.*}}) name("unranked")
// CHECK: RandomShuffle(%{{.*}}) name("kept") {T = f32, _grappler_do_not_remove = true
// FED: RandomShuffle(%{{.*}}) name("one")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Placeholder name("s") {dtype = f32} : () -> (tensor<f32>)
  %R, %c1 = Placeholder name("r") {dtype = f32} : () -> (tensor<1x3xf32>)
  %O, %c2 = Placeholder name("o") {dtype = f32} : () -> (tensor<f32>)
  %T, %c3 = Placeholder name("t") {dtype = f32} : () -> (tensor<2x3xf32>)
  %D, %c4 = Placeholder name("d") {dtype = f32} : () -> (tensor<?x3xf32>)
  %U, %c5 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  %Sh0, %c6 = RandomShuffle(%S) name("scalar") {T = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<f32>) -> (tensor<f32>)
  %Sh1, %c7 = RandomShuffle(%R) [%c2] name("one") device("/CPU:0") {T = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1x3xf32>) -> (tensor<1x3xf32>)
  %Sh2, %c8 = RandomShuffle(%T) name("two") {T = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %Sh3, %c9 = RandomShuffle(%D) name("dynamic") {T = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<?x3xf32>) -> (tensor<?x3xf32>)
  %Sh4, %c10 = RandomShuffle(%U) name("unranked") {T = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  %Sh5, %c11 = RandomShuffle(%R) name("kept") {T = f32, _grappler_do_not_remove = true, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1x3xf32>) -> (tensor<1x3xf32>)
}
