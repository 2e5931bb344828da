// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=z,u1,g report=true' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=z,u1,g recompute=false' | FileCheck %s --check-prefix=OFF

// COM: r (1 KiB, _recompute_hint) is used at step 2 and again at step 6;
// COM: the peak (y's Exp and Mul, steps 4-5: 10 KiB) falls between. x is
// COM: still live at step 6, so r is recomputed there: a copy before z,
// COM: waiting for g (the node scheduled before z), and r ends at step 2.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Relu(%[[X]]) name("r") {T = f32, _recompute_hint = 0 : i64}
// CHECK: %{{.*}}, %[[G:.*]] = Mul(%{{.*}}, %{{.*}}) name("g")
// CHECK-NEXT: %[[RC:.*]], %{{.*}} = Relu(%[[X]]) [%[[G]]] name("r/recompute") {T = f32} :
// CHECK-NEXT: AddV2(%[[RC]], %[[X]]) name("z")
// REMARK: remark: tfg-memory-optimizer: estimated peak 10240 -> 9216 bytes: 0 AddN accumulated, 1 recomputed, 0 swapped
// OFF-LABEL: tfg.graph
// OFF-NOT: /recompute
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32, _recompute_hint = 0 : i64} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %U, %c2 = Neg(%R) name("u1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Y, %c3 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x1024>} : () -> (tensor<1x1024xf32>)
  %E, %c4 = Exp(%Y) name("e") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %G, %c5 = Mul(%E, %E) name("g") {T = f32} : (tensor<1x1024xf32>, tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %Z, %c6 = AddV2(%R, %X) name("z") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: Without the hint nothing is recomputed.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: /recompute
// REMARK: remark: tfg-memory-optimizer: estimated peak 10240 -> 10240 bytes: 0 AddN accumulated, 0 recomputed, 0 swapped
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %U, %c2 = Neg(%R) name("u1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Y, %c3 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x1024>} : () -> (tensor<1x1024xf32>)
  %E, %c4 = Exp(%Y) name("e") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %G, %c5 = Mul(%E, %E) name("g") {T = f32} : (tensor<1x1024xf32>, tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %Z, %c6 = AddV2(%R, %X) name("z") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: x is gone after r (z reads g): recomputing r would keep x live
// COM: across the peak, so r stays.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: /recompute
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32, _recompute_hint = 0 : i64} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %U, %c2 = Neg(%R) name("u1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Y, %c3 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %E, %c4 = Exp(%Y) name("e") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %G, %c5 = Mul(%E, %E) name("g") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Z, %c6 = AddV2(%R, %G) name("z") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: No gap around the peak (r is used right at it): nothing to gain.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: /recompute
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32, _recompute_hint = 0 : i64} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %U, %c2 = Neg(%R) name("u1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Z, %c6 = AddV2(%R, %X) name("z") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %G, %c5 = Mul(%X, %X) name("g") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}
