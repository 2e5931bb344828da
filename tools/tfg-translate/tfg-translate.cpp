//===- tfg-translate.cpp - GraphDef <-> tfg translations ------------------===//

#include "tfg/ImportExport/Translations.h"
#include "tfg/Support/CommandLine.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::tfg::initToolCommandLine();
  mlir::tfg::registerTFGTranslations();
  return mlir::failed(mlir::mlirTranslateMain(
      argc, argv,
      "tfg translator: TensorFlow GraphDefs and TF.js models <-> tfg MLIR"));
}
