//===- TextNesting.h - The nesting bound of tfg's MLIR text -----*- C++ -*-===//

#ifndef TFG_IR_TEXTNESTING_H
#define TFG_IR_TEXTNESTING_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace mlir {
class MLIRContext;
class Operation;

namespace tfg {

/// Whether the MLIR text in `buffer` nests no deeper than kMaxTextNesting
/// (tfg/Support/InputLimits.h); if it does, emits an error located at the
/// bracket that crosses the bound (file:line:col of `buffer`). MLIR bytecode
/// passes: its reader reads regions without recursion.
LogicalResult verifyTextNesting(llvm::MemoryBufferRef buffer,
                                MLIRContext *context);

/// Whether no operation under `root` lies more than kMaxTextNesting regions
/// deep; if one does, emits an error at the operation whose region crosses
/// the bound. Iterative. Bytecode, whose reader reads regions without
/// recursion, can hold any depth: what MLIR's printer, walks and passes
/// would then recurse through is refused here first.
LogicalResult verifyRegionNesting(Operation *root);

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_TEXTNESTING_H
