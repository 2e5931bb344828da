//===- tfg-opt.cpp - tfg optimizer driver ---------------------------------===//
//
// mlir-opt for TensorFlow graphs: registers the tf_type and tfg dialects, the
// upstream dialects later stages lower to, and every upstream pass.
//
//===----------------------------------------------------------------------===//

#include "tfg/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tfg::registerAllDialects(registry);
  mlir::tfg::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tfg optimizer: TensorFlow graphs in MLIR\n", registry));
}
