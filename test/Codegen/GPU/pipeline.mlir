// COM: tfg-stablehlo-to-gpu-pipeline: host code in the LLVM dialect (its C
// COM: interface, kernel launches and managed buffers through the mgpu*
// COM: runtime) and one gpu.binary of PTX holding every kernel.
// RUN: tfg-opt %s --tfg-stablehlo-to-gpu-pipeline='gpu-arch=sm_80 block-size=128' | FileCheck %s
// RUN: tfg-opt %s --tfg-stablehlo-to-gpu-pipeline='gpu-arch=sm_90' | FileCheck %s --check-prefix=SM90

// CHECK-LABEL: llvm.func @main(
// CHECK: llvm.call @mgpuMemAlloc
// CHECK: gpu.launch_func  @tfg_kernels::@main_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%[[T:.*]], %{{.*}}, %{{.*}})
// CHECK: gpu.launch_func  @tfg_kernels::@main_kernel_0
// CHECK: llvm.call @mgpuMemFree
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK-LABEL: llvm.func @_mlir_ciface_main(
// CHECK: gpu.binary @tfg_kernels  [#gpu.object<#nvvm.target<chip = "sm_80">
// CHECK-SAME: .target sm_80
// CHECK-SAME: .visible .entry main_kernel(
// CHECK-NOT: gpu.binary
// CHECK-NOT: gpu.module
// SM90: .target sm_90
func.func @main(%a: tensor<4x300xf32>, %b: tensor<300x8xf32>, %c: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x300xf32>, tensor<300x8xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.add %0, %c : tensor<4x8xf32>
  %2 = stablehlo.tanh %1 : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %3 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x300xf32>, tensor<f32>) -> tensor<4xf32>
  return %2, %3 : tensor<4x8xf32>, tensor<4xf32>
}
