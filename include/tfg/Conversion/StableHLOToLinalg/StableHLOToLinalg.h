//===- StableHLOToLinalg.h - StableHLO to linalg ----------------*- C++ -*-===//
//
// Lowers the StableHLO ops of a function to linalg (named ops where they
// exist, linalg.generic otherwise), tensor, arith, math and scf on tensors
// (docs/Codegen.md). An op without a lowering is an error at the op, naming
// it; nothing passes through.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
#define TFG_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir {
class OpPassManager;
namespace tfg {

/// Lowers every StableHLO op of `root` (a module or a function) to linalg,
/// tensor, arith, math and scf. Fails, with an error at the first op that
/// has no lowering (or an operand it does not accept), leaving `root`
/// partly converted.
LogicalResult lowerStableHLOToLinalg(Operation *root);

/// Makes static the `?` sizes of `module`'s StableHLO functions that
/// constants determine (tfg-stablehlo-refine-shapes).
void refineStableHLOShapes(ModuleOp module);

/// The dialects the lowering creates.
void registerStableHLOToLinalgDialects(DialectRegistry &registry);

/// Options of the CPU pipeline (`tfg-stablehlo-to-llvm-pipeline`).
struct StableHLOToLLVMPipelineOptions
    : public PassPipelineOptions<StableHLOToLLVMPipelineOptions> {
  PassOptions::Option<bool> ukernels{
      *this, "ukernels",
      llvm::cl::desc("Call the runtime's GEMM micro-kernels for float32 "
                     "matmuls and convolutions (tfg-linalg-to-ukernels)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile and vectorize the elementwise, reduction, pooling "
                     "and copy linalg ops (tfg-vectorize-linalg)"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width for tfg-vectorize-linalg (0: the "
                     "host's)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> splitMaxOps{
      *this, "split-max-ops",
      llvm::cl::desc("Largest run of operations left in one function "
                     "before the LLVM lowering (tfg-split-functions; 0: "
                     "no split)"),
      llvm::cl::init(2000)};
  PassOptions::Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Threads of the generated loops: above 1, the large "
                     "parallel loop nests run on the MLIR async runtime "
                     "(addThreadPasses)"),
      llvm::cl::init(1)};
};

/// With `threads` above 1, the passes after convert-linalg-to-parallel-loops
/// that run the large outermost scf.parallel loops on the async runtime
/// (tfg-async-parallel-loops) and lower the async dialect to LLVM calls of
/// libmlir_async_runtime (docs/Codegen.md, "Threads").
void addThreadPasses(OpPassManager &pm, unsigned threads);

/// StableHLO to the LLVM dialect for the host CPU: --stablehlo-to-linalg,
/// elementwise fusion, one-shot bufferization (results become out
/// parameters), micro-kernel calls (tfg-linalg-to-ukernels, unless
/// `options.ukernels` is false), tiling and vectorization of the other linalg
/// ops (tfg-vectorize-linalg, unless `options.vectorize` is false), loops,
/// and the upstream lowerings to LLVM.
/// Every function gets a C interface (`_mlir_ciface_NAME`).
/// One-shot bufferization as both pipelines (CPU and GPU) use it: function
/// boundaries bufferized with identity layouts, results turned into
/// caller-allocated out parameters (public functions too), then the buffer
/// deallocation pipeline.
void addBufferizationPasses(OpPassManager &pm);

void buildStableHLOToLLVMPipeline(
    OpPassManager &pm, const StableHLOToLLVMPipelineOptions &options);

/// Registers `tfg-stablehlo-to-llvm-pipeline`.
void registerStableHLOToLLVMPipeline();

} // namespace tfg
} // namespace mlir

#endif // TFG_CONVERSION_STABLEHLOTOLINALG_STABLEHLOTOLINALG_H
