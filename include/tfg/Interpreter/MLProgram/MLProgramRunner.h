//===- MLProgramRunner.h - Runs func.funcs of tf and ml_program ops -*- C++
//-*-===//
//
// The smallest runner of what --tfg-to-ml-program produces: a func.func's
// ops in order, each `tf` op by TFGEval's kernel of its name (or, for a
// call, the function it names), `ml_program.global_load`/`global_store`
// (and their `_graph` forms; tokens carry no value) on the globals' values,
// which start as their initial values. Function calls nest at most
// `maxCallDepth` deep; every kernel result is bounded by `maxElements`.
// Functional control flow (tf.If, tf.While, tf.Case) is not run. Errors
// name the op (its `_mlir_name`) and carry its location (NodeError).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_INTERPRETER_MLPROGRAM_MLPROGRAMRUNNER_H
#define TFG_INTERPRETER_MLPROGRAM_MLPROGRAMRUNNER_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func
namespace tfg {

struct MLProgramRunOptions {
  unsigned maxCallDepth = 64;
  int64_t maxElements = int64_t(1) << 28;
};

class MLProgramRunner {
public:
  MLProgramRunner(ModuleOp module, MLProgramRunOptions options = {})
      : module(module), options(options) {}

  /// Gives every ml_program.global of the module its initial value (a
  /// global without one stays unset: reading it is an error).
  llvm::Error initialize();

  /// Runs `func` on `args` (one per argument); its results.
  llvm::Expected<std::vector<HostTensor>> run(func::FuncOp func,
                                              ArrayRef<HostTensor> args);

private:
  llvm::Expected<std::vector<HostTensor>>
  call(func::FuncOp func, ArrayRef<HostTensor> args, unsigned depth);

  ModuleOp module;
  MLProgramRunOptions options;
  llvm::StringMap<HostTensor> globals;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_INTERPRETER_MLPROGRAM_MLPROGRAMRUNNER_H
