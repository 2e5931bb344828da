//===- TFInterpreter.h - Runs tf and tf_executor functions ------*- C++ -*-===//
//
// The interpreter of the lowered forms of a graph (docs/Lowering.md): the
// func.funcs of TensorFlow's `tf` and `tf_executor` dialects that
// `--tfg-to-tf-executor` and `--tf-executor-to-tf` write. A function body
// is either a `tf_executor.graph` (islands wrapping one tf op each and the
// v1 control-flow ops, run in dependency order with control tokens, dead
// tensors, frames and iterations as TensorFlow's executor has them) or a
// block of tf ops (run in SSA order; ops with side effects keep their
// program order). Each op is computed by the TFGEval kernel of its type
// (`tf.` dropped, the attributes as they are), or by what the graph
// interpreter runs itself (If, While, Case, calls, variables, TensorArrays,
// TensorLists, lookup tables): both share the graph interpreter's compiled
// bodies, executor and builtins (lib/Interpreter/InterpreterImpl.h).
//
// Ops of other dialects are run by handlers registered by op name
// (addOpHandler): ml_program's globals, for instance.
//
// Errors name the node (`_mlir_name`) and its op type, at its location
// (NodeError, tfg/Interpreter/Interpreter.h).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_INTERPRETER_TF_TFINTERPRETER_H
#define TFG_INTERPRETER_TF_TFINTERPRETER_H

#include "tfg/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// Runs an op of another dialect: `inputs` are its operands' tensors (a
/// handle operand is an error before the call); the handler appends one
/// tensor per result to `results`. Its error is reported at the op (a
/// NodeError as it is, another error as the message of one).
using TFOpHandler = std::function<llvm::Error(
    Operation *op, ArrayRef<const HostTensor *> inputs,
    std::vector<HostTensor> &results)>;

/// Runs the functions of one module of tf / tf_executor func.funcs.
/// Variables and lookup tables keep their values from one run to the next.
/// Not thread-safe: one run at a time.
class TFInterpreter {
public:
  explicit TFInterpreter(ModuleOp module, InterpreterOptions options = {});
  ~TFInterpreter();
  TFInterpreter(const TFInterpreter &) = delete;
  TFInterpreter &operator=(const TFInterpreter &) = delete;

  /// Runs the ops named `opName` (the full name, `ml_program.global_load`)
  /// with `handler`, before any other way of running them. Registering a
  /// name twice is an error.
  llvm::Error addOpHandler(StringRef opName, TFOpHandler handler);

  /// Runs `func` (a tf_executor graph or a block of tf ops) on `args`, one
  /// per argument, and returns its results.
  llvm::Expected<std::vector<HostTensor>>
  runFunction(func::FuncOp func, ArrayRef<HostTensor> args);

  /// Runs the tf_executor graph of `func` as the graph interpreter runs a
  /// graph: feeds replace the outputs of the nodes they name (`node` or
  /// `node:output`, node names being the wrapped ops' `_mlir_name`), and the
  /// result holds one tensor per fetch, in order. Only what the fetches
  /// need runs, and the ops with side effects of `targets` (node names).
  llvm::Expected<std::vector<HostTensor>>
  runGraph(func::FuncOp func, ArrayRef<InterpreterFeed> feeds,
           ArrayRef<std::string> fetches, ArrayRef<std::string> targets = {});

  /// The module's function marked `tf.entry_function`, or null.
  func::FuncOp getEntryFunction();

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// The names `tf.entry_function` gives the arguments (`inputs`) or the
/// results (`outputs`) of `func`, split at commas; empty when absent.
std::vector<std::string> getEntryFunctionNames(func::FuncOp func,
                                               StringRef key);

} // namespace tfg
} // namespace mlir

#endif // TFG_INTERPRETER_TF_TFINTERPRETER_H
