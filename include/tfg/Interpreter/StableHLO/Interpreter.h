//===- Interpreter.h - StableHLO reference interpreter ----------*- C++ -*-===//
//
// Runs StableHLO programs on the host (docs/StableHLO.md, "Interpreter"):
// func.func, func.call and func.return, the stablehlo ops that have a compute
// function in tfg/Eval/Compute, their region ops (while, if, case, and the
// bodies of reduce, reduce_window, sort, map and scatter) and the check
// dialect's expectations. Control flow runs on an explicit frame stack, not
// by C++ recursion; the bounds of InterpreterOptions (docs/Reliability.md,
// "StableHLO interpreter") keep every run finite. Every failure (an op that
// does not run, a bound, a failed check) is a diagnostic at the location of
// the op concerned.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_INTERPRETER_STABLEHLO_INTERPRETER_H
#define TFG_INTERPRETER_STABLEHLO_INTERPRETER_H

#include "tfg/Eval/Compute/Common.h"

#include "mlir/Support/LLVM.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class ModuleOp;
namespace func {
class FuncOp;
} // namespace func
namespace tfg {
namespace stablehlo {

/// The bounds of one run.
struct InterpreterOptions {
  /// The element bound of every value and the threads compute functions may
  /// use.
  ComputeEnv env;
  /// The most iterations one `while` may run.
  int64_t maxWhileIterations = int64_t(1) << 20;
  /// The most nested calls: func.call frames and region bodies run per
  /// element (reduce, sort, map, scatter, reduce_window) together.
  unsigned maxCallDepth = 64;
  /// The most ops one run executes (each execution of an op in a loop or a
  /// body counts).
  int64_t maxSteps = int64_t(1) << 26;
};

/// Runs `func` on `args` (one per argument, of its types) and returns its
/// results. Fails, with a diagnostic, on an op that does not run, a bound
/// reached or a failed check op.
FailureOr<SmallVector<HostTensor>>
interpretFunction(func::FuncOp func, ArrayRef<HostTensor> args,
                  const InterpreterOptions &options = {});

/// Runs every function of `module` that takes no arguments, in order, as
/// StableHLO's `stablehlo-translate --interpret` does. A function that fails
/// is reported and the others still run; fails when one did. Functions
/// with arguments (callees) do not run on their own. With `results`, writes
/// "Evaluated results of function: NAME" and each result (as an attribute, one
/// a line) there.
LogicalResult interpretModule(ModuleOp module,
                              const InterpreterOptions &options = {},
                              llvm::raw_ostream *results = nullptr);

} // namespace stablehlo
} // namespace tfg
} // namespace mlir

#endif // TFG_INTERPRETER_STABLEHLO_INTERPRETER_H
