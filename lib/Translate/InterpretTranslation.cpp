//===- InterpretTranslation.cpp - tfg-translate --interpret ---------------===//
//
// Runs every function without arguments of a StableHLO module with the
// reference interpreter (tfg/Interpreter/StableHLO/Interpreter.h), as
// StableHLO's `stablehlo-translate --interpret` does: each function's
// results are written after "Evaluated results of function: NAME"; a failed
// check op (or any op that cannot run) is an error at its location and the
// translation fails.
//
//===----------------------------------------------------------------------===//

#include "InterpretTranslation.h"
#include "ModuleInput.h"

#include "tfg/Dialect/Check/Check.h"
#include "tfg/Dialect/StableHLO/StableHLODialect.h"
#include "tfg/Interpreter/StableHLO/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::cl::opt<int64_t> interpretMaxElements(
    "interpret-max-elements",
    llvm::cl::desc("With --interpret: the most elements of one value"),
    llvm::cl::init(kDefaultEvalMaxElements));

static llvm::cl::opt<int64_t> interpretMaxWhileIterations(
    "interpret-max-while-iterations",
    llvm::cl::desc("With --interpret: the most iterations of one while"),
    llvm::cl::init(int64_t(1) << 20));

void mlir::tfg::registerInterpretTranslation() {
  static TranslateRegistration interpret(
      "interpret",
      "Run every function without arguments of a StableHLO module "
      "(check ops fail the run)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        DialectRegistry registry;
        registry.insert<stablehlo::StableHLODialect, check::CheckDialect,
                        func::FuncDialect>();
        ctx->appendDialectRegistry(registry);
        OwningOpRef<ModuleOp> module = parseVerifiedModule(sourceMgr, ctx);
        if (!module)
          return failure();
        stablehlo::InterpreterOptions options;
        options.env.maxElements = interpretMaxElements;
        options.maxWhileIterations = interpretMaxWhileIterations;
        return stablehlo::interpretModule(*module, options, &os);
      });
}
