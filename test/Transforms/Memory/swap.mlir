// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=z,u1,g budget=9500 recompute=false report=true' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=z,u1,g budget=8500 recompute=false' | FileCheck %s --check-prefix=TWO
// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=z,u1,g budget=9500 recompute=false max-swaps=0' | FileCheck %s --check-prefix=NONE
// RUN: tfg-opt %s --split-input-file --tfg-memory-optimizer='fetch=z,u1,g budget=20000 recompute=false' | FileCheck %s --check-prefix=NONE

// COM: Every node on the GPU; the GPU peak is 10 KiB at step 4 (x, r, y,
// COM: e). x (used at 1 and 6) and r (used at 2 and 6) are live across it
// COM: without a use there; y is used at the peak. One 1 KiB swap fits
// COM: 9500 bytes: x, the first of the largest, copied out after r (its
// COM: last use before the peak) and in just before z, after g (a control
// COM: edge); z reads the copy. A budget of 8500 swaps r too.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder device("/device:GPU:0") name("x")
// CHECK-NEXT: %[[R:.*]], %{{.*}} = Relu(%[[X]])
// CHECK-NEXT: %[[OUT:.*]], %{{.*}} = _CopyFromGpuToHost(%[[X]]) device("/device:GPU:0") name("swap_out_x_0") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
// CHECK: %{{.*}}, %[[G:.*]] = Mul(%{{.*}}, %{{.*}}) device("/device:GPU:0") name("g")
// CHECK-NEXT: %[[IN:.*]], %{{.*}} = _CopyFromHostToGpu(%[[OUT]]) [%[[G]]] device("/device:GPU:0") name("swap_in_x_0") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
// CHECK-NEXT: AddV2(%[[R]], %[[IN]]) device("/device:GPU:0") name("z")
// REMARK: remark: tfg-memory-optimizer: estimated GPU peak 10240 -> 9216 bytes (budget 9500): 0 AddN accumulated, 0 recomputed, 1 swapped
// TWO-LABEL: tfg.graph
// TWO-DAG: name("swap_out_x_0")
// TWO-DAG: name("swap_out_r_0")
// TWO-DAG: name("swap_in_x_0")
// TWO-DAG: name("swap_in_r_0")
// NONE-LABEL: tfg.graph
// NONE-NOT: _Copy
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder device("/device:GPU:0") name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %R, %c1 = Relu(%X) device("/device:GPU:0") name("r") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %U, %c2 = Neg(%R) device("/device:GPU:0") name("u1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Y, %c3 = Placeholder device("/device:GPU:0") name("y") {dtype = f32, shape = #tf_type.shape<1x1024>} : () -> (tensor<1x1024xf32>)
  %E, %c4 = Exp(%Y) device("/device:GPU:0") name("e") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %G, %c5 = Mul(%E, %E) device("/device:GPU:0") name("g") {T = f32} : (tensor<1x1024xf32>, tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %Z, %c6 = AddV2(%R, %X) device("/device:GPU:0") name("z") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: Nothing on a GPU: the GPU estimate is 0, nothing is swapped.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _Copy
// REMARK: remark: tfg-memory-optimizer: estimated GPU peak 0 -> 0 bytes (budget 9500): 0 AddN accumulated, 0 recomputed, 0 swapped
// TWO-LABEL: tfg.graph
// TWO-NOT: _Copy
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder device("/device:CPU:0") name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %U, %c2 = Neg(%R) name("u1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Y, %c3 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x1024>} : () -> (tensor<1x1024xf32>)
  %E, %c4 = Exp(%Y) name("e") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %G, %c5 = Mul(%E, %E) name("g") {T = f32} : (tensor<1x1024xf32>, tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %Z, %c6 = AddV2(%R, %X) name("z") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
}

// -----

// COM: Nothing is live across the peak without a use there (a chain):
// COM: nothing helps, the budget stays exceeded.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: _Copy
// REMARK: remark: tfg-memory-optimizer: estimated GPU peak 32768 -> 32768 bytes (budget 9500)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder device("/device:GPU:0") name("x") {dtype = f32, shape = #tf_type.shape<1x4096>} : () -> (tensor<1x4096xf32>)
  %R, %c1 = Relu(%X) device("/device:GPU:0") name("r") {T = f32} : (tensor<1x4096xf32>) -> (tensor<1x4096xf32>)
  %U, %c2 = Neg(%R) device("/device:GPU:0") name("u1") {T = f32} : (tensor<1x4096xf32>) -> (tensor<1x4096xf32>)
  %G, %c5 = Exp(%U) device("/device:GPU:0") name("g") {T = f32} : (tensor<1x4096xf32>) -> (tensor<1x4096xf32>)
  %Z, %c6 = Abs(%G) device("/device:GPU:0") name("z") {T = f32} : (tensor<1x4096xf32>) -> (tensor<1x4096xf32>)
}
