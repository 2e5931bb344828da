//===- tfg-opt.cpp - tfg optimizer driver ---------------------------------===//
//
// mlir-opt for TensorFlow graphs: registers the tf_type and tfg dialects, the
// upstream dialects later stages lower to, and every upstream pass; the
// driver is tfgOptMain (tfg/Tools/TFGOptMain.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/InitAll.h"
#include "tfg/Support/CommandLine.h"
#include "tfg/Tools/TFGOptMain.h"

#include "mlir/IR/DialectRegistry.h"

int main(int argc, char **argv) {
  mlir::tfg::initToolCommandLine();
  mlir::DialectRegistry registry;
  mlir::tfg::registerAllDialects(registry);
  mlir::tfg::registerAllPasses();
  return mlir::tfg::tfgOptMain(
      argc, argv, "tfg optimizer: TensorFlow graphs in MLIR\n", registry);
}
