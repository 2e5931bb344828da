// COM: The generated loops on threads (docs/Codegen.md, "Threads"): a large
// COM: elementwise op, a max pooling, a row reduction and a small op,
// COM: compiled with --threads=2 (large nests dispatched to MLIR's async
// COM: runtime), equal the same program compiled with --threads=1 exactly
// COM: (--rtol=0 --atol=0) and the StableHLO interpreter.
// RUN: tfg-run %s --backend=llvm --no-cache --function=main --threads=1 --input=arg0=random:1 --input=arg1=random:2 --input=arg2=random:3 --output=%t.one.npz
// RUN: tfg-run %s --backend=llvm --no-cache --function=main --loop-threads=2 --input=arg0=random:1 --input=arg1=random:2 --input=arg2=random:3 --expect=%t.one.npz --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME
// SAME-COUNT-4: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --no-cache --function=main --loop-threads=2 --input=arg0=random:1 --input=arg1=random:2 --input=arg2=random:3 --check-interpreter | FileCheck %s
// CHECK: check-interpreter: compiled vs. StableHLO interpreter
// CHECK-COUNT-4: result{{[0-9]}}: max_abs_diff={{.*}} ok
// COM: Vectorization off: the loops of convert-linalg-to-parallel-loops.
// RUN: tfg-run %s --backend=llvm --no-cache --no-vectorize --function=main --threads=1 --input=arg0=random:1 --input=arg1=random:2 --input=arg2=random:3 --output=%t.scalar.npz
// RUN: tfg-run %s --backend=llvm --no-cache --no-vectorize --function=main --loop-threads=2 --input=arg0=random:1 --input=arg1=random:2 --input=arg2=random:3 --expect=%t.scalar.npz --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --backend=llvm --no-cache --no-vectorize --function=main --loop-threads=2 --input=arg0=random:1 --input=arg1=random:2 --input=arg2=random:3 --check-interpreter | FileCheck %s
// COM: A depthwise convolution (stride 2, padded) whose bias add and relu6
// COM: run in place on its output, 12x12x192: each element must be run
// COM: once (LLVM 22's async-parallel-for alone wraps its last blocks of
// COM: this loop around and adds the bias twice; tfg-async-parallel-loops
// COM: collapses the loop to one dimension first).
// RUN: tfg-run %s --backend=llvm --no-cache --function=depthwise --loop-threads=2 --check-interpreter | FileCheck %s --check-prefix=DW
// RUN: tfg-run %s --backend=llvm --no-cache --no-vectorize --function=depthwise --loop-threads=2 --check-interpreter | FileCheck %s --check-prefix=DW
// DW: result0: max_abs_diff={{.*}} ok
// COM: With two threads the LLVM dialect calls the async runtime; with one
// COM: it does not.
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline='threads=2' | FileCheck %s --check-prefix=TWO
// TWO-DAG: llvm.call @mlirAsyncRuntimeExecute
// TWO-DAG: llvm.call @mlirAsyncRuntimeAwaitAllInGroup
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline='threads=1' | FileCheck %s --check-prefix=ONE
// ONE-NOT: mlirAsyncRuntime

module {
func.func @main(%a: tensor<1x128x128x64xf32>, %b: tensor<64xf32>, %c: tensor<4x7xf32>) -> (tensor<1x128x128x64xf32>, tensor<1x64x64x64xf32>, tensor<1x128x128xf32>, tensor<4x7xf32>) {
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<64xf32>) -> tensor<1x128x128x64xf32>
  %0 = stablehlo.add %a, %bb : tensor<1x128x128x64xf32>
  %1 = stablehlo.logistic %0 : tensor<1x128x128x64xf32>
  %2 = stablehlo.multiply %1, %a : tensor<1x128x128x64xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %3 = "stablehlo.reduce_window"(%a, %ninf) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x128x128x64xf32>, tensor<f32>) -> tensor<1x64x64x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %4 = stablehlo.reduce(%2 init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<1x128x128x64xf32>, tensor<f32>) -> tensor<1x128x128xf32>
  %5 = stablehlo.tanh %c : tensor<4x7xf32>
  return %2, %3, %4, %5 : tensor<1x128x128x64xf32>, tensor<1x64x64x64xf32>, tensor<1x128x128xf32>, tensor<4x7xf32>
}

func.func @depthwise(%x: tensor<1x24x24x192xf32>, %w: tensor<3x3x1x192xf32>, %b: tensor<192xf32>) -> tensor<1x12x12x192xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 192 : i64} : (tensor<1x24x24x192xf32>, tensor<3x3x1x192xf32>) -> tensor<1x12x12x192xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<192xf32>) -> tensor<1x12x12x192xf32>
  %s = stablehlo.add %c, %bb : tensor<1x12x12x192xf32>
  %lo = stablehlo.constant dense<0.0> : tensor<1x12x12x192xf32>
  %hi = stablehlo.constant dense<6.0> : tensor<1x12x12x192xf32>
  %r = stablehlo.clamp %lo, %s, %hi : tensor<1x12x12x192xf32>
  return %r : tensor<1x12x12x192xf32>
}
}
