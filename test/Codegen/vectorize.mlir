// COM: Elementwise ops, reductions, pooling and padding copies tiled and
// COM: vectorized by tfg-vectorize-linalg (docs/Codegen.md, "Tiling and
// COM: vectorization") equal the StableHLO interpreter, with the host's
// COM: vectors and with 128-bit ones; shapes whose vector loop is not a
// COM: multiple of the tile (remainders), one element, or odd.
// RUN: tfg-run %s --backend=llvm --no-cache --function=elementwise --check-interpreter | FileCheck %s --check-prefix=EW
// EW-COUNT-5: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --no-cache --function=reductions --check-interpreter | FileCheck %s --check-prefix=RED
// RED-COUNT-5: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --no-cache --function=pooling --check-interpreter | FileCheck %s --check-prefix=POOL
// POOL-COUNT-3: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --no-cache --function=ints --check-interpreter | FileCheck %s --check-prefix=INT
// INT-COUNT-5: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// COM: The same with vectorization off.
// RUN: tfg-run %s --backend=llvm --no-cache --no-vectorize --function=pooling --check-interpreter | FileCheck %s --check-prefix=POOL
// COM: The LLVM dialect has vector loads, arithmetic and stores (with
// COM: 128-bit vectors: <4 x f32>).
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline='vector-bits=128' | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: llvm.func @elementwise(
// LLVM: llvm.load {{.*}} -> vector<16xf32>
// LLVM: llvm.intr.maximum({{.*}}) : (vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// LLVM: llvm.store {{.*}} : vector<16xf32>, !llvm.ptr
// LLVM-LABEL: llvm.func @reductions(
// LLVM: llvm.intr.vector.reduce.fadd
// LLVM-LABEL: llvm.func @pooling(
// LLVM: llvm.intr.maximum({{.*}}) : (vector<{{[0-9]+}}xf32>
// COM: Off: no vectors.
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline='vectorize=false' | FileCheck %s --check-prefix=OFF
// OFF-NOT: vector<

module {
func.func @elementwise(%a: tensor<1x10x10x37xf32>, %b: tensor<37xf32>, %c: tensor<1x1x1x1xf32>, %d: tensor<3x5x7xf32>) -> (tensor<1x10x10x37xf32>, tensor<1x10x10x37xf32>, tensor<1x1x1x1xf32>, tensor<3x5x7xf32>, tensor<1x10x10x37xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<1x10x10x37xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<37xf32>) -> tensor<1x10x10x37xf32>
  %0 = stablehlo.add %a, %bb : tensor<1x10x10x37xf32>
  %1 = stablehlo.maximum %0, %zero : tensor<1x10x10x37xf32>
  %2 = stablehlo.logistic %a : tensor<1x10x10x37xf32>
  %3 = stablehlo.multiply %2, %a : tensor<1x10x10x37xf32>
  %4 = stablehlo.exponential %c : tensor<1x1x1x1xf32>
  %5 = stablehlo.tanh %d : tensor<3x5x7xf32>
  %6 = stablehlo.multiply %5, %d : tensor<3x5x7xf32>
  // A reversal (maps -d1 + 9) stays scalar.
  %7 = stablehlo.reverse %a, dims = [1, 2] : tensor<1x10x10x37xf32>
  return %1, %3, %4, %6, %7 : tensor<1x10x10x37xf32>, tensor<1x10x10x37xf32>, tensor<1x1x1x1xf32>, tensor<3x5x7xf32>, tensor<1x10x10x37xf32>
}
func.func @reductions(%x: tensor<1x7x7x80xf32>, %y: tensor<6x1001xf32>) -> (tensor<1x80xf32>, tensor<6xf32>, tensor<6xf32>, tensor<1001xf32>, tensor<1x7x7xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x7x7x80xf32>, tensor<f32>) -> tensor<1x80xf32>
  %1 = stablehlo.reduce(%y init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<6x1001xf32>, tensor<f32>) -> tensor<6xf32>
  %2 = stablehlo.reduce(%y init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<6x1001xf32>, tensor<f32>) -> tensor<6xf32>
  %3 = stablehlo.reduce(%y init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<6x1001xf32>, tensor<f32>) -> tensor<1001xf32>
  %4 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<1x7x7x80xf32>, tensor<f32>) -> tensor<1x7x7xf32>
  return %0, %1, %2, %3, %4 : tensor<1x80xf32>, tensor<6xf32>, tensor<6xf32>, tensor<1001xf32>, tensor<1x7x7xf32>
}
func.func @pooling(%x: tensor<1x11x11x24xf32>, %z: tensor<1x9x9x3xf32>) -> (tensor<1x5x5x24xf32>, tensor<1x6x6x24xf32>, tensor<1x11x11x3xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x11x11x24xf32>, tensor<f32>) -> tensor<1x5x5x24xf32>
  %1 = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x11x11x24xf32>, tensor<f32>) -> tensor<1x6x6x24xf32>
  %2 = stablehlo.pad %z, %zero, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x9x9x3xf32>, tensor<f32>) -> tensor<1x11x11x3xf32>
  return %0, %1, %2 : tensor<1x5x5x24xf32>, tensor<1x6x6x24xf32>, tensor<1x11x11x3xf32>
}
// COM: Booleans (one byte each in memory) stay scalar: %3 and the select
// COM: reading it.
func.func @ints(%i: tensor<4x100xi32>, %j: tensor<4x100xi32>) -> (tensor<4x100xi32>, tensor<4xi32>, tensor<4x100xi32>, tensor<4x100xi1>, tensor<4x100xi32>) {
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.multiply %i, %j : tensor<4x100xi32>
  %1 = stablehlo.reduce(%0 init: %izero) applies stablehlo.add across dimensions = [1] : (tensor<4x100xi32>, tensor<i32>) -> tensor<4xi32>
  %2 = stablehlo.iota dim = 1 : tensor<4x100xi32>
  %3 = stablehlo.compare GT, %i, %j, SIGNED : (tensor<4x100xi32>, tensor<4x100xi32>) -> tensor<4x100xi1>
  %4 = stablehlo.select %3, %i, %2 : tensor<4x100xi1>, tensor<4x100xi32>
  return %0, %1, %2, %3, %4 : tensor<4x100xi32>, tensor<4xi32>, tensor<4x100xi32>, tensor<4x100xi1>, tensor<4x100xi32>
}
}
