// COM: tfg-run --backend=cuda's errors: a CUDA driver that cannot be loaded
// COM: (after the host code is lowered and compiled), a bad --gpu-arch,
// COM: --emit-ptx without --backend=cuda, and device math without a lowering.
// RUN: not tfg-run %s --function=main --backend=cuda --gpu-arch=compute_80 --emit-ptx=%t.ptx 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: --gpu-arch=compute_80: expected sm_XY (e.g. sm_80)
// RUN: not tfg-opt %s --tfg-stablehlo-to-gpu-pipeline='block-size=0' 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: error: tfg-stablehlo-to-gpu-pipeline: block size 0: expected 1 to 1024 threads
// RUN: not tfg-opt %s --tfg-stablehlo-to-gpu-pipeline='gpu-arch=sm_' 2>&1 | FileCheck %s --check-prefix=ARCH2
// ARCH2: error: tfg-stablehlo-to-gpu-pipeline: --gpu-arch=sm_: expected sm_XY (e.g. sm_80)
// RUN: not tfg-opt %s --tfg-stablehlo-to-gpu-pipeline='opt-level=7' 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: tfg-stablehlo-to-gpu-pipeline: opt-level 7: expected 0 to 3
// RUN: not tfg-run %s --function=main --backend=llvm --emit-ptx=%t.ptx 2>&1 | FileCheck %s --check-prefix=NOCUDA
// NOCUDA: --emit-ptx needs --backend=cuda
// RUN: not tfg-run %s --function=f64_exp --backend=cuda --emit-ptx=%t.ptx 2>&1 | FileCheck %s --check-prefix=F64
// F64: error: calls '__nv_exp', which has no definition in device code (libdevice is not linked)
// F64: lowering function 'f64_exp' for the GPU failed
// RUN: %if !cuda-driver %{ not tfg-run %s --function=main --backend=cuda 2>&1 | FileCheck %s --check-prefix=DRIVER %}
// DRIVER: no CUDA driver: libcuda.so.1 not found

module {
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @f64_exp(%a: tensor<4xf64>) -> tensor<4xf64> {
  %0 = stablehlo.exponential %a : tensor<4xf64>
  return %0 : tensor<4xf64>
}
}
