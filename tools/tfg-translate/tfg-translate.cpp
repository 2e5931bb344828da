//===- tfg-translate.cpp - GraphDef <-> tfg translations ------------------===//

#include "tfg/ImportExport/Translations.h"
#include "tfg/Support/CommandLine.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

int main(int argc, char **argv) {
  mlir::tfg::initToolCommandLine();
  mlir::tfg::registerTFGTranslations();
  // MLIR's translation registrations verify an imported module right before
  // printing it, and the printer would verify it once more (a tenth of a
  // large import): tell the printer it is verified, unless the user set the
  // flag either way.
  std::vector<char *> args(argv, argv + argc);
  bool given = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    given |= arg.ltrim('-').starts_with("mlir-print-assume-verified");
  }
  static char assumeVerified[] = "--mlir-print-assume-verified";
  if (!given)
    args.insert(args.begin() + 1, assumeVerified);
  args.push_back(nullptr);
  return mlir::failed(
      mlir::mlirTranslateMain(static_cast<int>(args.size()) - 1, args.data(),
                              "tfg translator: GraphDef <-> MLIR"));
}
