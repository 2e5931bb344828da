//===- tfg-translate.cpp - GraphDef <-> tfg translations ------------------===//

#include "tfg/ImportExport/Translations.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::tfg::registerTFGTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "tfg translator: GraphDef <-> MLIR"));
}
