//===- Arguments.h - A compiled function's arguments, checked ---*- C++ -*-===//
//
// The check the CPU and GPU JITs make of each argument before a call: its
// element type and shape must be the compiled ones (a mismatch is an error,
// never a call); splats are expanded, as compiled code reads every element.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CODEGEN_ARGUMENTS_H
#define TFG_CODEGEN_ARGUMENTS_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace tfg {

/// Argument `index` of a call, `arg`, checked against the compiled `type`:
/// a dense copy, or an error naming both types.
inline llvm::Expected<HostTensor> checkCompiledArgument(const HostTensor &arg,
                                                        RankedTensorType type,
                                                        unsigned index) {
  if (arg.getElementType() != type.getElementType() ||
      arg.getShape() != type.getShape()) {
    std::string expected, got;
    llvm::raw_string_ostream(expected) << type;
    llvm::raw_string_ostream(got) << arg.getType();
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "argument " + llvm::Twine(index) + " is a " + got +
            " but the function was compiled for " + expected);
  }
  HostTensor copy = arg;
  if (llvm::Error err = copy.expandSplat())
    return std::move(err);
  return copy;
}

} // namespace tfg
} // namespace mlir

#endif // TFG_CODEGEN_ARGUMENTS_H
