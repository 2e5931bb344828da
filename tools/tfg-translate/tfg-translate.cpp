//===- tfg-translate.cpp - GraphDef <-> tfg translations ------------------===//

#include "tfg/ImportExport/Translations.h"
#include "tfg/Support/CommandLine.h"

int main(int argc, char **argv) {
  mlir::tfg::initToolCommandLine();
  mlir::tfg::registerTFGTranslations();
  return mlir::tfg::tfgTranslateMain(
      argc, argv,
      "tfg translator: TensorFlow GraphDefs and TF.js models <-> tfg MLIR");
}
