//===- InterpreterImpl.h - What the interpreter's files share ---*- C++ -*-===//
//
// Interpreter.cpp runs control flow (functions, calls, while, if, case) on
// an explicit frame stack; InterpretOps.cpp and InterpretRegionOps.cpp
// compute one op from the values of its operands (evalOp), calling back
// into the interpreter (BodyRunner) for the bodies that run per element.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_INTERPRETER_STABLEHLO_INTERPRETERIMPL_H
#define TFG_LIB_INTERPRETER_STABLEHLO_INTERPRETERIMPL_H

#include "tfg/Interpreter/StableHLO/Interpreter.h"

#include "mlir/IR/Operation.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace tfg {
namespace stablehlo {
namespace detail {

/// Runs a single-block region on arguments and returns what its terminator
/// returns; failures are reported at the region's op.
class BodyRunner {
public:
  virtual ~BodyRunner() = default;
  virtual FailureOr<SmallVector<HostTensor>>
  runBody(Region &region, ArrayRef<HostTensor> args) = 0;
};

/// Computes `op` (neither a terminator nor a control-flow op) from
/// `operands` into `results` (one per result). Reports every failure at
/// `op`.
LogicalResult evalOp(Operation *op, ArrayRef<HostTensor> operands,
                     SmallVectorImpl<HostTensor> &results, BodyRunner &runner,
                     const InterpreterOptions &options);

/// The region ops: reduce, reduce_window, sort, map, scatter. Returns
/// std::nullopt when `op` is none of them.
std::optional<LogicalResult> evalRegionOp(Operation *op,
                                          ArrayRef<HostTensor> operands,
                                          SmallVectorImpl<HostTensor> &results,
                                          BodyRunner &runner,
                                          const InterpreterOptions &options);

/// The ops whose result shape an operand gives (dynamic_reshape,
/// dynamic_broadcast_in_dim, dynamic_iota, dynamic_pad). Returns
/// std::nullopt when `op` is none of them. (InterpretDynamicOps.cpp.)
std::optional<LogicalResult> evalDynamicOp(Operation *op,
                                           ArrayRef<HostTensor> operands,
                                           SmallVectorImpl<HostTensor> &results,
                                           const InterpreterOptions &options);

/// Errors at `op` unless each of `values` has a shape its result's type
/// admits (equal rank, equal sizes where the type's are static).
LogicalResult checkResultShapes(Operation *op, ArrayRef<HostTensor> values);

/// Reports `err` at `op` ("'stablehlo.add': message"); always failure.
LogicalResult reportError(Operation *op, llvm::Error err);

/// Element `i` of `t` as a rank-0 tensor.
HostTensor getElement(const HostTensor &t, int64_t i);

} // namespace detail
} // namespace stablehlo
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_INTERPRETER_STABLEHLO_INTERPRETERIMPL_H
