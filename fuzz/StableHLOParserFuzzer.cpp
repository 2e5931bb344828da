//===- StableHLOParserFuzzer.cpp - Fuzz StableHLO text and verifiers ------===//
//
// Parses the input as MLIR with the stablehlo, func and quant dialects: the
// pretty and generic syntax of every StableHLO op, its attributes and types,
// and the verifiers and type inference that run on what parses. What parses
// and verifies must print, in pretty and generic form, to text that parses
// and verifies again into a module that prints the same.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/StableHLO/StableHLODialect.h"
#include "tfg/Support/InputLimits.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

namespace {
struct Context {
  Context()
      : handler(&context, [](mlir::Diagnostic &) { return mlir::success(); }) {
    context.loadDialect<mlir::tfg::stablehlo::StableHLODialect,
                        mlir::func::FuncDialect, mlir::quant::QuantDialect>();
  }
  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler handler;
};

/// Prints `module` and parses the text back; traps if that fails or the
/// second print differs.
void reparse(mlir::MLIRContext &ctx, mlir::ModuleOp module, bool generic) {
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
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Context *fuzz = new Context();
  mlir::MLIRContext &ctx = fuzz->context;
  std::string input(reinterpret_cast<const char *>(data), size);
  if (mlir::tfg::findNestingBeyond(input, mlir::tfg::kMaxTextNesting))
    return 0;
  mlir::tfg::runOnLargeStack([&] {
    // parseSourceString verifies what it parses.
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(input, &ctx);
    if (!module)
      return;
    reparse(ctx, *module, /*generic=*/false);
    reparse(ctx, *module, /*generic=*/true);
  });
  return 0;
}
