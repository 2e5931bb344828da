//===- tfg-opt.cpp - tfg optimizer driver ---------------------------------===//
//
// mlir-opt for TensorFlow graphs: registers the tf_type and tfg dialects, the
// upstream dialects later stages lower to, and every upstream pass; the
// driver is tfgOptMain (tfg/Tools/TFGOptMain.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/TFGToStableHLO/TFGToStableHLO.h"
#include "tfg/InitAll.h"
#include "tfg/Support/CommandLine.h"
#include "tfg/Tools/TFGOptMain.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

int main(int argc, char **argv) {
  // The TensorFlow op types tfg-to-stablehlo legalizes, one a line (the
  // rule table; docs/generated/StableHLOLegalized.md).
  if (argc == 2 && std::strcmp(argv[1], "--list-stablehlo-legalized") == 0) {
    for (llvm::StringRef name : mlir::tfg::getStableHLOLegalizedOpTypes())
      llvm::outs() << name << "\n";
    return 0;
  }
  mlir::tfg::initToolCommandLine();
  mlir::DialectRegistry registry;
  mlir::tfg::registerAllDialects(registry);
  mlir::tfg::registerAllPasses();
  return mlir::tfg::tfgOptMain(
      argc, argv, "tfg optimizer: TensorFlow graphs in MLIR\n", registry);
}
