// COM: In the CPU pipeline, float32 dot products and convolutions become
// COM: calls of the runtime's micro-kernels through their C interface
// COM: (pointers to memref descriptors, then the i64 strides and dilations;
// COM: a zero-filled matmul calls the kernel that overwrites its output);
// COM: ukernels=false keeps them as loops.
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline | FileCheck %s
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline=ukernels=false | FileCheck %s --check-prefix=LOOPS
// CHECK-DAG: llvm.func @_mlir_ciface_tfg_rt_matmul_epilogue_f32(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @_mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64)
// CHECK-DAG: llvm.func @_mlir_ciface_tfg_rt_depthwise_f32(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: llvm.func @main(
// CHECK-DAG: llvm.call @tfg_rt_matmul_epilogue_f32(
// CHECK-DAG: llvm.call @tfg_rt_conv2d_nhwc_hwcf_f32(
// CHECK-DAG: llvm.call @tfg_rt_depthwise_f32(
// LOOPS-NOT: tfg_rt_
// LOOPS: llvm.func @main(
// LOOPS-NOT: tfg_rt_
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %x: tensor<1x9x9x4xf32>, %k: tensor<3x3x4x6xf32>, %dw: tensor<3x3x1x8xf32>) -> (tensor<4x5xf32>, tensor<1x4x4x6xf32>, tensor<1x9x9x8xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %1 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x4x4x6xf32>
  %2 = stablehlo.convolution(%x, %dw) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x1x8xf32>) -> tensor<1x9x9x8xf32>
  return %0, %1, %2 : tensor<4x5xf32>, tensor<1x4x4x6xf32>, tensor<1x9x9x8xf32>
}
