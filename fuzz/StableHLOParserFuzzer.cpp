//===- StableHLOParserFuzzer.cpp - Fuzz StableHLO text and verifiers ------===//
//
// Parses the input as MLIR with the stablehlo, func and quant dialects: the
// pretty and generic syntax of every StableHLO op, its attributes and types,
// and the verifiers and type inference that run on what parses. What parses
// and verifies must print, in pretty and generic form, to text that parses
// and verifies again into a module that prints the same.
//
//===----------------------------------------------------------------------===//

#include "Reparse.h"

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
    tfg_fuzz::reparse(ctx, *module, /*generic=*/false);
    tfg_fuzz::reparse(ctx, *module, /*generic=*/true);
  });
  return 0;
}
