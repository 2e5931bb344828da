//===- TFExecutorOps.h - tf_executor dialect --------------------*- C++ -*-===//
//
// The tf_executor dialect (TensorFlow's executor model in TensorFlow's own
// textual form): the dialect, its control and token types, and its ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_TFEXECUTOR_TFEXECUTOROPS_H
#define TFG_DIALECT_TFEXECUTOR_TFEXECUTOROPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tfg/Dialect/TFExecutor/TFExecutorDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tfg/Dialect/TFExecutor/TFExecutorTypes.h.inc"

#define GET_OP_CLASSES
#include "tfg/Dialect/TFExecutor/TFExecutorOps.h.inc"

namespace mlir {
namespace tf_executor {
/// True for `!tf_executor.control`.
inline bool isControl(Type type) { return llvm::isa<ControlType>(type); }
} // namespace tf_executor
} // namespace mlir

#endif // TFG_DIALECT_TFEXECUTOR_TFEXECUTOROPS_H
