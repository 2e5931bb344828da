//===- LLVMBackend.h - tfg-run --backend=llvm -------------------*- C++ -*-===//
//
// Runs a model compiled for the host CPU (docs/Codegen.md): the graph is
// legalized to StableHLO (or the module's StableHLO function taken as it
// is), compiled by tfg/Codegen/CPUJit.h and run; --check-interpreter also
// runs the StableHLO interpreter on the same arguments and compares.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TOOLS_TFG_RUN_LLVMBACKEND_H
#define TFG_TOOLS_TFG_RUN_LLVMBACKEND_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

struct LLVMRunRequest {
  ModuleOp module;
  /// The tensors to fetch (node:k) when the module holds a graph.
  std::vector<std::string> fetches;
  /// Static shapes of Placeholders by node name (tfg-set-input-shapes).
  llvm::StringMap<std::string> nodeShapes;
  /// The StableHLO function to compile when the module has no graph.
  std::string functionName = "main";
  /// Also run the StableHLO interpreter and compare within the tolerance.
  bool checkInterpreter = false;
  /// The element bound of one value in that interpreter (--max-elements).
  int64_t maxElements = int64_t(1) << 20;
  double rtol = 1e-4, atol = 1e-6;
  /// Print the compile time (lowering and LLVM) in seconds.
  bool printCompileTime = false;
  /// The compile cache's directory (CompileCache.h); empty: none.
  std::string cacheDirectory;
  /// --backend=cuda: compile for a CUDA GPU (tfg/Codegen/GPU.h) and run
  /// there; with `emitPTX`, write the PTX to that file and run nothing.
  bool cuda = false;
  std::string emitPTX;
  std::string gpuArch = "sm_80";
  /// Print the micro-kernels' work and time over the runs (GFLOP/s).
  bool printKernelStats = false;
  /// --no-vectorize: ObjectOptions::vectorize off.
  bool vectorize = true;
  /// --loop-threads: ObjectOptions::threads (the generated loops).
  unsigned loopThreads = 1;
};

/// Builds the value of argument `index` (named by its tfg.name, else
/// argN) of static type `type`.
using LLVMArgMaker = llvm::function_ref<llvm::Expected<HostTensor>(
    StringRef name, unsigned index, RankedTensorType type)>;
/// Runs `run` (once, or timed by --benchmark).
using LLVMRunner = llvm::function_ref<llvm::Expected<std::vector<HostTensor>>(
    llvm::function_ref<llvm::Expected<std::vector<HostTensor>>()> run)>;

/// Legalizes, compiles and runs; `names` receives the outputs' names.
llvm::Expected<std::vector<HostTensor>>
runWithLLVM(const LLVMRunRequest &request, LLVMArgMaker makeArg,
            LLVMRunner runner, std::vector<std::string> &names);

} // namespace tfg
} // namespace mlir

#endif // TFG_TOOLS_TFG_RUN_LLVMBACKEND_H
