//===- GluePasses.h - the GPU pipeline's own passes -------------*- C++ -*-===//
//
// The few passes of tfg-stablehlo-to-gpu-pipeline that are not upstream's
// (docs/Codegen.md, "GPU"): each joins two upstream steps.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_GPU_GLUEPASSES_H
#define TFG_LIB_CODEGEN_GPU_GLUEPASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace tfg {

/// tfg-gpu-copies-to-linalg: memref.copy -> linalg.copy, so that copies
/// become parallel loops and run on the device.
std::unique_ptr<Pass> createGPUCopiesToLinalgPass();

/// tfg-gpu-device-memory: the host function's buffers become memory the
/// device can reach: memref.alloc/alloca -> gpu.alloc host_shared (managed
/// memory), memref.dealloc -> gpu.dealloc, each memref.get_global -> a
/// managed copy (gpu.memcpy) freed before every return. Public functions
/// get a C interface.
std::unique_ptr<Pass> createGPUDeviceMemoryPass();

/// tfg-gpu-collapse-parallel: every outermost scf.parallel of more than one
/// dimension is collapsed to one (upstream's collapseParallelLoops), so that
/// tiling and mapping spread all its iterations over blocks and threads.
std::unique_ptr<Pass> createGPUCollapseParallelLoopsPass();

/// tfg-gpu-merge-kernel-modules: moves every outlined kernel into one
/// gpu.module `tfg_kernels` (one PTX module), updating gpu.launch_func.
std::unique_ptr<Pass> createGPUMergeKernelModulesPass();

/// tfg-gpu-lower-math: math ops that LLVM's NVPTX backend
/// cannot select are expanded (tan, hyperbolic functions, powf, exp2) and
/// approximated by upstream's polynomials (exp, log, tanh, erf, sin, cos,
/// atan, ...), so that nothing calls libdevice.
std::unique_ptr<Pass> createGPULowerMathPass();

/// tfg-gpu-define-device-functions (on gpu.module, after NVVM): bodies for
/// the libdevice functions convert-gpu-to-nvvm calls that are one LLVM
/// operation NVPTX selects (__nv_fabsf -> llvm.intr.fabs, __nv_fmodf ->
/// llvm.frem, __nv_rsqrtf -> 1 / sqrt, ...).
std::unique_ptr<Pass> createGPUDefineDeviceFunctionsPass();

/// tfg-gpu-check-device-code (on gpu.module, after NVVM): an error at each
/// call of an external function (libdevice is not linked) and at each LLVM
/// intrinsic NVPTX is not known to select; unused declarations are erased.
std::unique_ptr<Pass> createGPUCheckDeviceCodePass();

void registerGPUGluePasses();

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CODEGEN_GPU_GLUEPASSES_H
