//===- TFGParserFuzzer.cpp - Fuzz the tfg dialect's textual syntax --------===//
//
// Parses the input as MLIR with the tfg dialects (the custom syntax of
// generic nodes, graphs, functions and the tf_type types and attributes).
// What parses and verifies must print, in custom and generic form, to text
// that parses and verifies again, into a module that prints the same.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "Reparse.h"

#include "tfg/Support/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  mlir::MLIRContext &ctx = fuzz->context;
  // MLIR's lexer reads up to a terminating NUL, as files have in memory.
  std::string input(reinterpret_cast<const char *>(data), size);
  // The tools' bound on nesting, and their stack: MLIR's parser and printer
  // recurse once per level.
  if (mlir::tfg::findNestingBeyond(input, mlir::tfg::kMaxTextNesting))
    return 0;
  mlir::tfg::runOnLargeStack([&] {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(input, &ctx);
    if (!module)
      return;
    tfg_fuzz::reparse(ctx, *module, /*generic=*/false);
    tfg_fuzz::reparse(ctx, *module, /*generic=*/true);
  });
  return 0;
}
