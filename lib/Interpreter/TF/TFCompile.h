//===- TFCompile.h - Compiles tf and tf_executor bodies ---------*- C++ -*-===//
//
// Internal to TFGTFInterpreter: turns the block of a tf_executor.graph or
// a func.func body of tf ops into the graph interpreter's CompiledBody, so
// that its executor and builtins run it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_INTERPRETER_TF_TFCOMPILE_H
#define TFG_LIB_INTERPRETER_TF_TFCOMPILE_H

#include "../InterpreterImpl.h"

namespace mlir {
namespace tfg {
namespace interp {

/// Compiles the nodes of `block` (a tf_executor.graph's, or a function body
/// of tf ops) that `fetches` need, those producing the control values of
/// `controlRoots`, and (in a body of tf ops) every op with side effects,
/// chained in program order by control edges. `isExternal` tells fed values
/// apart; values not defined by a node of the block are external too.
llvm::Expected<std::unique_ptr<CompiledBody>>
compileTFBody(InterpreterState &state, Block &block, ArrayRef<Value> fetches,
              ArrayRef<Value> controlRoots,
              llvm::function_ref<bool(Value)> isExternal);

/// Registers the handlers of tf.IfRegion, tf.CaseRegion and tf.WhileRegion
/// (TFRegions.cpp): their regions are compiled with compileTFBody and run
/// with TensorFlow's semantics (InterpreterOptions bound the loops and the
/// nesting).
void addTFRegionHandlers(InterpreterState &state);

/// Registers the handlers of the ml_program ops --tfg-to-ml-program emits
/// (TFMLProgram.cpp): global_load(_graph) and global_store(_graph) on the
/// state's globals, which start as their initial values; tokens carry no
/// value.
void addMLProgramHandlers(InterpreterState &state);

} // namespace interp
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_INTERPRETER_TF_TFCOMPILE_H
