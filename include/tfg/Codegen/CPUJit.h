//===- CPUJit.h - compiles StableHLO functions for the host CPU -*- C++ -*-===//
//
// JIT compilation of a StableHLO function with the CPU pipeline
// (tfg-stablehlo-to-llvm-pipeline) and MLIR's ExecutionEngine, and calls of
// the compiled code on HostTensors (docs/Codegen.md). Arguments are checked
// against the compiled signature (element type and shape) before every
// call: the compiled code only sees buffers of the sizes it was built for.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CODEGEN_CPUJIT_H
#define TFG_CODEGEN_CPUJIT_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <vector>

namespace mlir {
class ExecutionEngine;
namespace tfg {

/// A StableHLO function compiled to host code.
class CompiledFunction {
public:
  ~CompiledFunction();

  /// Compiles function `name` of `module` (left unchanged: a clone is
  /// lowered). Its arguments and results must be static tensors of floats
  /// or signless integers. Diagnostics of the lowering go to the context's
  /// handler; the error names the step that failed.
  static llvm::Expected<std::unique_ptr<CompiledFunction>>
  compile(ModuleOp module, StringRef name);

  /// Runs the compiled code on `args` (one per argument, of its element
  /// type and shape) and returns the results.
  llvm::Expected<std::vector<HostTensor>> run(ArrayRef<HostTensor> args);

  /// Seconds spent lowering (MLIR passes) and in LLVM (optimization and
  /// code generation).
  double getLoweringSeconds() const { return loweringSeconds; }
  double getLLVMSeconds() const { return llvmSeconds; }

private:
  CompiledFunction() = default;
  std::unique_ptr<ExecutionEngine> engine;
  std::string entry;
  SmallVector<RankedTensorType> argTypes, resultTypes;
  double loweringSeconds = 0, llvmSeconds = 0;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_CODEGEN_CPUJIT_H
