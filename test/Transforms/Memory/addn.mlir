// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=s report=true' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=s split-addn=false' | FileCheck %s --check-prefix=OFF

// COM: AddN of 4 same-sized inputs, each used only there: x lives 0..4,
// COM: p1..p4 until the AddN (5 KiB at steps 4 and 5). Accumulated in
// COM: operand order (bit-exact: AddN adds in operand order), each
// COM: 2-input AddN after the later producer of its inputs: the peak falls
// COM: to 4 KiB. The AddN keeps its name and adds the last input.
// CHECK-LABEL: tfg.graph
// CHECK: %[[P1:.*]], %{{.*}} = Relu(%{{.*}}) name("p1")
// CHECK-NEXT: %[[P2:.*]], %{{.*}} = Neg(%{{.*}}) name("p2")
// CHECK-NEXT: %[[A1:.*]], %{{.*}} = AddN(%[[P1]], %[[P2]]) name("s/accumulate_1") {N = 2 : i64, T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
// CHECK-NEXT: %[[P3:.*]], %{{.*}} = Exp(%{{.*}}) name("p3")
// CHECK-NEXT: %[[A2:.*]], %{{.*}} = AddN(%[[A1]], %[[P3]]) name("s/accumulate_2") {N = 2 : i64, T = f32}
// CHECK-NEXT: %[[P4:.*]], %{{.*}} = Abs(%{{.*}}) name("p4")
// CHECK-NEXT: AddN(%[[A2]], %[[P4]]) name("s") {N = 2 : i64, T = f32}
// REMARK: remark: tfg-memory-optimizer: estimated peak 5120 -> 4096 bytes: 1 AddN accumulated, 0 recomputed, 0 swapped
// OFF-LABEL: tfg.graph
// OFF: AddN(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("s") {N = 4 : i64
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %P1, %c1 = Relu(%X) name("p1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P2, %c2 = Neg(%X) name("p2") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P3, %c3 = Exp(%X) name("p3") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P4, %c4 = Abs(%X) name("p4") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %S, %c5 = AddN(%P1, %P2, %P3, %P4) name("s") {N = 4 : i64, T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: An input with a second user stays live anyway: no split.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: accumulate
// CHECK: AddN(%{{.*}}, %{{.*}}, %{{.*}}) name("s") {N = 3 : i64
// REMARK: remark: tfg-memory-optimizer: estimated peak {{[0-9]+}} -> {{[0-9]+}} bytes: 0 AddN accumulated
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %P1, %c1 = Relu(%X) name("p1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P2, %c2 = Neg(%X) name("p2") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P3, %c3 = Exp(%P1) name("p3") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %S, %c5 = AddN(%P1, %P2, %P3) name("s") {N = 3 : i64, T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: Two inputs: nothing to accumulate.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: accumulate
// CHECK: AddN(%{{.*}}, %{{.*}}) name("s") {N = 2 : i64
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %P1, %c1 = Relu(%X) name("p1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P2, %c2 = Neg(%X) name("p2") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %S, %c5 = AddN(%P1, %P2) name("s") {N = 2 : i64, T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: The peak is elsewhere (the 16 KiB Exp of y): accumulating would not
// COM: lower it, so the AddN stays.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: accumulate
// CHECK: AddN(%{{.*}}, %{{.*}}, %{{.*}}) name("s") {N = 3 : i64
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Y, %c6 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x4096>} : () -> (tensor<1x4096xf32>)
  %E, %c7 = Exp(%Y) name("e") {T = f32} : (tensor<1x4096xf32>) -> (tensor<1x4096xf32>)
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %P1, %c1 = Relu(%X) name("p1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P2, %c2 = Neg(%X) name("p2") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P3, %c3 = Exp(%X) name("p3") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %S, %c5 = AddN(%P1, %P2, %P3) name("s") {N = 3 : i64, T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: Unknown sizes are never guessed: no split.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: accumulate
// CHECK: AddN(%{{.*}}, %{{.*}}, %{{.*}}) name("s") {N = 3 : i64
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<?x256xf32>)
  %P1, %c1 = Relu(%X) name("p1") {T = f32} : (tensor<?x256xf32>) -> (tensor<?x256xf32>)
  %P2, %c2 = Neg(%X) name("p2") {T = f32} : (tensor<?x256xf32>) -> (tensor<?x256xf32>)
  %P3, %c3 = Exp(%X) name("p3") {T = f32} : (tensor<?x256xf32>) -> (tensor<?x256xf32>)
  %S, %c5 = AddN(%P1, %P2, %P3) name("s") {N = 3 : i64, T = f32} : (tensor<?x256xf32>, tensor<?x256xf32>, tensor<?x256xf32>) -> (tensor<?x256xf32>)
}
