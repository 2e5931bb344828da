//===- Pipeline.cpp - tfg-stablehlo-to-gpu-pipeline -----------------------===//
//
// StableHLO to PTX and host code: the project's StableHLO->linalg, then
// upstream passes in the order of upstream's gpu-lower-to-nvvm-pipeline,
// with the glue of GluePasses.h where two upstream steps do not meet
// (docs/Codegen.md, "GPU").
//
//===----------------------------------------------------------------------===//

#include "GluePasses.h"
#include "tfg/Codegen/GPU.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Fails with `message` at the module: the pipeline's options are invalid.
struct InvalidOptionsPass
    : public PassWrapper<InvalidOptionsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(InvalidOptionsPass)
  explicit InvalidOptionsPass(std::string message)
      : message(std::move(message)) {}
  void runOnOperation() override {
    getOperation().emitError("tfg-stablehlo-to-gpu-pipeline: ") << message;
    signalPassFailure();
  }
  std::string message;
};
} // namespace

void mlir::tfg::buildStableHLOToGPUPipeline(
    OpPassManager &pm, const StableHLOToGPUPipelineOptions &options) {
  if (std::optional<std::string> why = checkGPUOptions(options)) {
    pm.addPass(std::make_unique<InvalidOptionsPass>(*why));
    return;
  }
  // 1. linalg on tensors, fused.
  pm.addPass(createStableHLOToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // 2. Buffers; results become caller-allocated out parameters.
  addBufferizationPasses(pm);
  // 3. Parallel loops over managed memory, one dimension each, tiled by
  //    the block size and mapped to blocks (tiles) and threads.
  pm.addPass(createGPUCopiesToLinalgPass());
  pm.addPass(createConvertLinalgToParallelLoopsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createGPUDeviceMemoryPass());
  pm.addPass(createGPUCollapseParallelLoopsPass());
  pm.addPass(createCanonicalizerPass());
  int64_t block = options.blockSize;
  // Constant inner bounds (a guard instead of a min), as
  // convert-parallel-loops-to-gpu needs for the block size.
  pm.addPass(createParallelLoopTilingPass({block}, /*noMinMaxBounds=*/true));
  pm.addNestedPass<func::FuncOp>(createGpuMapParallelLoopsPass());
  pm.addPass(createConvertParallelLoopToGpuPass());
  pm.addPass(createCanonicalizerPass());
  // 4. Kernels outlined into one gpu.module; math that NVPTX cannot select
  //    expanded or approximated (no libdevice).
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createGPUMergeKernelModulesPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createGPULowerMathPass());
  // Host math to LLVM intrinsics; the kernels' is left to
  // convert-gpu-to-nvvm, whose legality refuses those intrinsics.
  pm.addNestedPass<func::FuncOp>(createConvertMathToLLVMPass());
  // 5. Upstream's gpu-lower-to-nvvm order: common, device, host.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.gpuArch;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  // Host only: in kernels convert-gpu-to-nvvm lowers arith and index itself
  // (its legality refuses llvm.frem, which arith.remf would become).
  pm.addNestedPass<LLVM::LLVMFuncOp>(createArithToLLVMConversionPass());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps());
  pm.addNestedPass<gpu::GPUModuleOp>(createCanonicalizerPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createReconcileUnrealizedCastsPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createGPUDefineDeviceFunctionsPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createGPUCheckDeviceCodePass());
  pm.addPass(createGpuToLLVMConversionPass());
  // 6. PTX by LLVM's NVPTX backend, held by a gpu.binary.
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::tfg::registerStableHLOToGPUDialects(DialectRegistry &registry) {
  registerStableHLOToLinalgDialects(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerAllToLLVMIRTranslations(registry);
}

void mlir::tfg::registerStableHLOToGPUPasses() {
  registerGPUGluePasses();
  PassPipelineRegistration<StableHLOToGPUPipelineOptions>(
      "tfg-stablehlo-to-gpu-pipeline",
      "StableHLO to PTX and host code for CUDA GPUs: stablehlo-to-linalg, "
      "fusion, bufferization, parallel loops tiled and mapped to gpu.launch, "
      "kernels outlined and lowered through NVVM to PTX (gpu.binary), host "
      "code calling the mgpu* runtime (docs/Codegen.md, \"GPU\")",
      buildStableHLOToGPUPipeline);
}
