// RUN: tfg-opt %s --split-input-file --tfg-memory-report -o /dev/null | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-memory-report='top=1' -o /dev/null | FileCheck %s --check-prefix=TOP
// RUN: tfg-opt %s --split-input-file --tfg-memory-report='device-only=true' -o /dev/null | FileCheck %s --check-prefix=DEV
// RUN: tfg-opt %s --split-input-file --tfg-memory-report='device-only=true assume-gpu=true' -o /dev/null | FileCheck %s --check-prefix=ASSUME
// RUN: tfg-opt %s --split-input-file --tfg-memory-report -o - | FileCheck %s --check-prefix=IR

// COM: Schedule x(0) c(1) a(2) b(3) d(4) s(5); 16-byte tensors: x lives
// COM: 0..2, a 2..4, b 3..4, d 4..4, the constant c at every step (16
// COM: persistent bytes). Step 4 holds c, a, b, d: 64 bytes. The string
// COM: Placeholder has no static size: counted as unknown, not guessed.
// CHECK-LABEL: memory estimate of tfg.graph: 6 steps, 5 tensors
// CHECK-NEXT: peak: 64 bytes at step 4 (d, AddV2)
// CHECK-NEXT: persistent: 16 bytes (constants)
// CHECK-NEXT: unknown sizes: 1 tensors (not counted), first s
// CHECK-NEXT: live at the peak: 4 tensors
// CHECK-NEXT: 16 bytes  c  tensor<1x4xf32>  persistent
// CHECK-NEXT: 16 bytes  a  tensor<1x4xf32>  steps 2..4
// CHECK-NEXT: 16 bytes  b  tensor<1x4xf32>  steps 3..4
// CHECK-NEXT: 16 bytes  d  tensor<1x4xf32>  steps 4..4
// TOP-LABEL: memory estimate of tfg.graph: 6 steps
// TOP: live at the peak: 4 tensors
// TOP-NEXT: 16 bytes  c
// TOP-NEXT: memory estimate
// COM: Only b and d are placed on a GPU; with assume-gpu the unplaced x
// COM: and c count too (a is on the CPU).
// DEV-LABEL: memory estimate of tfg.graph: 6 steps, 2 tensors
// DEV-NEXT: peak: 32 bytes at step 4 (d, AddV2)
// DEV-NEXT: persistent: 0 bytes
// ASSUME-LABEL: memory estimate of tfg.graph: 6 steps, 4 tensors
// ASSUME-NEXT: peak: 48 bytes at step 4 (d, AddV2)
// ASSUME-NEXT: persistent: 16 bytes
// COM: The report leaves the IR alone.
// IR: Mul(%{{.*}}, %{{.*}}) device("/device:GPU:0") name("b")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4>} : () -> (tensor<1x4xf32>)
  %C, %c1 = Const name("c") {dtype = f32, value = dense<1.0> : tensor<1x4xf32>} : () -> (tensor<1x4xf32>)
  %A, %c2 = AddV2(%X, %C) device("/device:CPU:0") name("a") {T = f32} : (tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x4xf32>)
  %B, %c3 = Mul(%A, %A) device("/device:GPU:0") name("b") {T = f32} : (tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x4xf32>)
  %D, %c4 = AddV2(%A, %B) device("/device:GPU:0") name("d") {T = f32} : (tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x4xf32>)
  %S, %c5 = Placeholder name("s") {dtype = !tf_type.string, shape = #tf_type.shape<2>} : () -> (tensor<2x!tf_type.string>)
}

// -----

// COM: A function: the schedule follows the dependencies, not the block
// COM: order (n2 reads n1); the returned n2 lives to the end. Arguments are
// COM: not counted; an unranked result is unknown.
// CHECK-LABEL: memory estimate of tfg.func @f: 4 steps, 2 tensors
// CHECK-NEXT: peak: 72 bytes at step 1 (n2, Neg)
// CHECK-NEXT: persistent: 0 bytes
// CHECK-NEXT: unknown sizes: 1 tensors (not counted), first n3
// CHECK-NEXT: live at the peak: 2 tensors
// CHECK-NEXT: 40 bytes  n2  tensor<10xf32>  steps 1..3
// CHECK-NEXT: 32 bytes  n1  tensor<8xf32>  steps 0..1
tfg.func @f(%x: tensor<8xf32> {tfg.name = "x"}) -> (tensor<10xf32> {tfg.name = "a"}) {
  %N2, %ctl_0 = Neg(%N1) name("n2") {T = f32} : (tensor<8xf32>) -> (tensor<10xf32>)
  %N1, %ctl = Neg(%x) name("n1") {T = f32} : (tensor<8xf32>) -> (tensor<8xf32>)
  %N3, %ctl_1 = Neg(%x) name("n3") {T = f32} : (tensor<8xf32>) -> (tensor<*xf32>)
  return(%N2) : tensor<10xf32>
}

// -----

// COM: An empty graph.
// CHECK-LABEL: memory estimate of tfg.graph: 0 steps, 0 tensors
// CHECK-NEXT: peak: 0 bytes at step 0
// CHECK-NEXT: persistent: 0 bytes
// CHECK-NEXT: unknown sizes: 0 tensors (not counted)
// CHECK-NOT: live at the peak
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
