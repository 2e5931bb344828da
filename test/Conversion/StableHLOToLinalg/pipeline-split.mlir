// COM: The CPU pipeline splits functions over split-max-ops operations
// COM: (tfg-split-functions, after the loops are made): the parts are
// COM: private LLVM functions that LLVM does not inline back (noinline).
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline='split-max-ops=30' | FileCheck %s
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline='split-max-ops=30' | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline | FileCheck %s --check-prefix=WHOLE
// CHECK: llvm.func @main(
// CHECK: llvm.call @main_part0(
// CHECK: llvm.func @main_part0(
// CHECK-SAME: passthrough = ["noinline"]
// LLVMIR: define {{.*}}@main_part0({{.*}} #[[ATTR:[0-9]+]]
// LLVMIR: attributes #[[ATTR]] = { {{.*}}noinline
// COM: The default (2000 operations) leaves this small function whole.
// WHOLE-NOT: main_part
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> (tensor<5x4xf32>, tensor<4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<4x5xf32>) -> tensor<5x4xf32>
  %2 = stablehlo.exponential %1 : tensor<5x4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %3 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  %4 = stablehlo.sqrt %3 : tensor<4xf32>
  return %2, %4 : tensor<5x4xf32>, tensor<4xf32>
}
