// COM: The CPU pipeline ends in the LLVM dialect: results become out
// COM: parameters, every public function gets a C interface, nothing of
// COM: stablehlo, linalg, tensor or memref is left (the relu after the
// COM: product folds into the matmul kernel's call).
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline | FileCheck %s
// CHECK: llvm.func @main(
// CHECK: llvm.call @tfg_rt_matmul_epilogue_f32(
// CHECK: llvm.func @_mlir_ciface_main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK-NOT: stablehlo.
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.
// CHECK-NOT: memref.
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x5xf32>
  %1 = stablehlo.maximum %0, %z : tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}
