//===- GPU.h - StableHLO to CUDA GPUs (PTX and host code) -------*- C++ -*-===//
//
// Compiles StableHLO for NVIDIA GPUs with upstream MLIR (docs/Codegen.md,
// "GPU"): the project's StableHLO->linalg conversion, then upstream passes
// (bufferization, parallel loops, tiling, mapping to gpu.launch, kernel
// outlining, NVVM, LLVM's NVPTX backend) joined by a little glue. The result
// is PTX (one module, one .entry per kernel) and host code in the LLVM
// dialect that calls the `mgpu*` runtime ABI of upstream's gpu-to-llvm, which
// tfg implements over the CUDA driver API loaded at run time
// (lib/Codegen/GPU/CudaRuntime.cpp): nothing of CUDA is needed to build.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CODEGEN_GPU_H
#define TFG_CODEGEN_GPU_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
class OpPassManager;
namespace tfg {

/// Options of `tfg-stablehlo-to-gpu-pipeline` and of the GPU compiler.
struct StableHLOToGPUPipelineOptions
    : public PassPipelineOptions<StableHLOToGPUPipelineOptions> {
  Option<std::string> gpuArch{*this, "gpu-arch",
                              llvm::cl::desc("The SM of the PTX (sm_XY)"),
                              llvm::cl::init("sm_80")};
  Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block: each parallel loop nest is "
                     "collapsed to one dimension and tiled by this size"),
      llvm::cl::init(256)};
  Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM optimization level of the device code (0-3)"),
      llvm::cl::init(2)};
};

/// Why `options` cannot be compiled (block size outside 1..1024, an
/// optimization level above 3, an arch that is not sm_XY[a]), or nothing.
std::optional<std::string>
checkGPUOptions(const StableHLOToGPUPipelineOptions &options);

/// StableHLO to host code in the LLVM dialect and a `gpu.binary` holding
/// the PTX (docs/Codegen.md, "GPU"). Invalid options make the pipeline
/// fail with an error at the module.
void buildStableHLOToGPUPipeline(OpPassManager &pm,
                                 const StableHLOToGPUPipelineOptions &options);

/// Registers `tfg-stablehlo-to-gpu-pipeline` and the glue passes
/// (`tfg-gpu-*`).
void registerStableHLOToGPUPasses();

/// The dialects, interfaces and translations the GPU pipeline needs.
void registerStableHLOToGPUDialects(DialectRegistry &registry);

/// A StableHLO function compiled for the GPU.
struct GPUProgram {
  /// PTX text of all kernels (one module).
  std::string ptx;
  /// The lowered module: host code (LLVM dialect) and the gpu.binary.
  OwningOpRef<ModuleOp> host;
  /// The entry's results as the host code returns them, one per result of
  /// the function: a result of `?` size in a buffer of its bound's shape
  /// (docs/Codegen.md, "Outputs of `?` size").
  SmallVector<RankedTensorType> resultTypes;
  /// The results of `?` size, in order: after all results, the host code
  /// returns a tensor<R x i64> of each one's actual sizes.
  SmallVector<unsigned> dynamicResults;
};

/// Compiles function `name` of `module` (left unchanged: a clone is
/// lowered; the entry public, other functions private). Diagnostics go to
/// the context's handler; the error names the step that failed.
llvm::Expected<GPUProgram>
compileForGPU(ModuleOp module, StringRef name,
              const StableHLOToGPUPipelineOptions &options);

/// Writes the PTX of function `name` of `module` to `os` (what
/// `tfg-compile --target=nvptx` and `tfg-run --emit-ptx` write).
llvm::Error writePTX(ModuleOp module, StringRef name,
                     const StableHLOToGPUPipelineOptions &options,
                     llvm::raw_ostream &os);

/// The PTX held by the gpu.binary ops of a lowered module; an error when
/// there is none or an object is not PTX.
llvm::Expected<std::string> extractPTX(ModuleOp lowered);

/// Whether the CUDA driver can be loaded; the error says why not ("no CUDA
/// driver: libcuda.so.1 not found", or the driver's own error).
llvm::Error checkCudaDriver();

/// The results of a call of the host code: `outputs` holds one buffer per
/// result (of its bound's shape for a result of `?` size), then the sizes
/// (tensor<R x i64>) of the results of `?` size, whose indices are
/// `dynamicResults`, in order. Returns the results, those of `?` size cut to
/// their sizes (cutToActualSizes), or the first result's error (sizes not
/// of its rank, negative, or above its bound) and no result.
/// GPUCompiledFunction::run's last step, which needs no driver.
llvm::Expected<std::vector<HostTensor>>
takeActualSizes(std::vector<HostTensor> outputs,
                ArrayRef<unsigned> dynamicResults);

/// A StableHLO function compiled for the GPU, its host code JIT-compiled.
class GPUCompiledFunction {
public:
  ~GPUCompiledFunction();

  /// Compiles function `name` of `module`; fails without a CUDA driver
  /// (after lowering and translating the host code, so that those are
  /// checked on any machine).
  static llvm::Expected<std::unique_ptr<GPUCompiledFunction>>
  compile(ModuleOp module, StringRef name,
          const StableHLOToGPUPipelineOptions &options);

  /// Copies `args` (checked against the compiled signature) to managed
  /// memory, runs the kernels and returns the results; a result of `?` size
  /// is cut to the actual sizes the host code returned, checked against its
  /// bound first (cutToActualSizes).
  llvm::Expected<std::vector<HostTensor>> run(ArrayRef<HostTensor> args);

  double getLoweringSeconds() const { return loweringSeconds; }
  double getLLVMSeconds() const { return llvmSeconds; }
  const std::string &getPTX() const { return ptx; }

private:
  GPUCompiledFunction() = default;
  std::unique_ptr<ExecutionEngine> engine;
  std::string entry, ptx;
  SmallVector<RankedTensorType> argTypes, resultTypes;
  SmallVector<unsigned> dynamicResults;
  double loweringSeconds = 0, llvmSeconds = 0;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_CODEGEN_GPU_H
