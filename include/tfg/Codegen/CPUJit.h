//===- CPUJit.h - compiles StableHLO functions for the host CPU -*- C++ -*-===//
//
// JIT compilation of a StableHLO function with the CPU pipeline
// (tfg-stablehlo-to-llvm-pipeline): the object of ObjectCodegen.h, taken
// from the compile cache (CompileCache.h) when it holds one, is loaded into
// the process with LLVM's ORC LLJIT, and the compiled code called on
// HostTensors (docs/Codegen.md). Arguments are checked against the compiled
// signature (element type and shape) before every call, here and again by
// the object's entry point: the compiled code only sees buffers of the
// sizes it was built for.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CODEGEN_CPUJIT_H
#define TFG_CODEGEN_CPUJIT_H

#include "tfg/Codegen/ObjectCodegen.h"
#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <vector>

namespace llvm {
namespace orc {
class LLJIT;
} // namespace orc
} // namespace llvm

namespace mlir {
namespace tfg {

/// Where compiled objects are cached (CompileCache.h).
struct JitCacheOptions {
  /// The cache directory; empty: no cache.
  std::string directory;
};

/// A StableHLO function compiled to host code.
class CompiledFunction {
public:
  ~CompiledFunction();

  /// Compiles function `name` of `module` (left unchanged: a clone is
  /// lowered). Its arguments and results must be static tensors of floats
  /// or signless integers. Diagnostics of the lowering go to the context's
  /// handler; the error names the step that failed.
  /// With `cache.directory`, an intact cached object of the same key is
  /// loaded instead of compiling (isCacheHit()); a corrupt entry is warned
  /// about (at the function) and replaced, an unwritable directory warned
  /// about and the compiled object used anyway. `vectorize` is
  /// ObjectOptions::vectorize. `threads` is ObjectOptions::threads when
  /// MLIR's async runtime (libmlir_async_runtime.so) loads, else 1
  /// (getThreads()).
  static llvm::Expected<std::unique_ptr<CompiledFunction>>
  compile(ModuleOp module, StringRef name,
          const JitCacheOptions &cache = JitCacheOptions(),
          bool vectorize = true, unsigned threads = 1);

  /// Threads the generated loops were compiled for.
  unsigned getThreads() const { return threads; }

  /// Runs the compiled code on `args` (one per argument, of its element
  /// type and shape) and returns the results.
  llvm::Expected<std::vector<HostTensor>> run(ArrayRef<HostTensor> args);

  /// Seconds spent lowering (MLIR passes) and in LLVM (optimization and
  /// code generation).
  double getLoweringSeconds() const { return loweringSeconds; }
  double getLLVMSeconds() const { return llvmSeconds; }
  /// Whether the object came from the compile cache (no lowering, no LLVM
  /// optimization or code generation: both times are 0).
  bool isCacheHit() const { return cacheHit; }

private:
  CompiledFunction() = default;
  unsigned threads = 1;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  using EntryFn = int32_t (*)(const AOTTensor *, int64_t, AOTTensor *, int64_t,
                              char *, int64_t);
  EntryFn entry = nullptr;
  SmallVector<RankedTensorType> argTypes, resultTypes;
  std::vector<TensorSignature> inputSigs, outputSigs;
  double loweringSeconds = 0, llvmSeconds = 0;
  bool cacheHit = false;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_CODEGEN_CPUJIT_H
