// RUN: tfg-opt %s --split-input-file --tfg-constant-folding | FileCheck %s

// COM: The outputs a TF.js model records (`tfg.fetches`, read by
// COM: getRecordedFetches like tfg-grappler and tfg-arithmetic-optimizer
// COM: do) count as fetched: a fetched node with several results is not
// COM: folded (its outputs `u:k` are named after it).
// CHECK-LABEL: tfg.graph
// CHECK: Unpack(%{{.*}}) name("u")
// CHECK-NOT: name("u/_0")
module attributes {tfg.fetches = ["u:0", "u:1"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %C, %c0 = Const name("c") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %U:2, %c1 = Unpack(%C) name("u") {T = i32, axis = 0 : i64, num = 2 : i64} : (tensor<2xi32>) -> (tensor<i32>, tensor<i32>)
    %A, %c2 = AddV2(%U#0, %U#1) name("a") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  }
}

// -----

// COM: An attribute that is not an array of strings records nothing (as
// COM: for the other passes): the Unpack folds.
// CHECK-LABEL: tfg.graph
// CHECK: Const name("u/_0")
// CHECK: Const name("u/_1")
module attributes {tfg.fetches = ["u:0", 1]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %C, %c0 = Const name("c") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %U:2, %c1 = Unpack(%C) name("u") {T = i32, axis = 0 : i64, num = 2 : i64} : (tensor<2xi32>) -> (tensor<i32>, tensor<i32>)
    %A, %c2 = AddV2(%U#0, %U#1) name("a") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  }
}
