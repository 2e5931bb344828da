//===- tfg-opt.cpp - tfg optimizer driver ---------------------------------===//
//
// mlir-opt for TensorFlow graphs: registers the tf_type and tfg dialects, the
// upstream dialects later stages lower to, and every upstream pass.
//
//===----------------------------------------------------------------------===//

#include "tfg/InitAll.h"
#include "tfg/Support/CommandLine.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

/// MLIR's printer verifies the IR once more before printing it, to fall back
/// to the generic form for invalid IR: a fifth of the run time of a large
/// graph. What tfg-opt prints has been verified by the parser and by the
/// pass manager after every pass, unless the user turned either off or asked
/// for the IR after a failure: only then does the printer keep its check.
/// (`--mlir-print-assume-verified` given explicitly is left alone.)
static void assumeVerifiedWhenVerified() {
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (!config.shouldVerifyPasses() || !config.shouldVerifyOnParsing())
    return;
  auto options = llvm::cl::getRegisteredOptions();
  auto given = [&](llvm::StringRef name) {
    auto it = options.find(name);
    return it != options.end() && it->second->getNumOccurrences() > 0;
  };
  if (given("mlir-print-ir-after-failure") ||
      given("mlir-print-assume-verified"))
    return;
  auto it = options.find("mlir-print-assume-verified");
  if (it != options.end())
    (void)it->second->addOccurrence(/*pos=*/0, it->first, "true");
}

int main(int argc, char **argv) {
  mlir::tfg::initToolCommandLine();
  mlir::DialectRegistry registry;
  mlir::tfg::registerAllDialects(registry);
  mlir::tfg::registerAllPasses();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "tfg optimizer: TensorFlow graphs in MLIR\n", registry);
  assumeVerifiedWhenVerified();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
