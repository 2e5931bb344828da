//===- Reparse.h - The print/parse fixed point of the text fuzzers -*- C++ -*-//
//
// What the text fuzzers check of a module that parsed and verified: it
// prints (in custom or generic form) to text that parses again, into a
// module that prints the same. Only MLIR's core: the StableHLO fuzzer links
// neither the tfg dialect nor protobuf.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUZZ_REPARSE_H
#define TFG_FUZZ_REPARSE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tfg_fuzz {

/// Prints `module` and parses the text back; traps if that fails or the
/// module read back prints differently.
inline void reparse(mlir::MLIRContext &ctx, mlir::ModuleOp module,
                    bool generic) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  module->print(os, flags);
  mlir::OwningOpRef<mlir::ModuleOp> again =
      mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  if (!again)
    __builtin_trap();
  std::string textAgain;
  llvm::raw_string_ostream osAgain(textAgain);
  again.get()->print(osAgain, flags);
  if (text != textAgain)
    __builtin_trap();
}

} // namespace tfg_fuzz

#endif // TFG_FUZZ_REPARSE_H
