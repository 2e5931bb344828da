//===- Translations.h - tfg-translate registrations -------------*- C++ -*-===//

#ifndef TFG_IMPORTEXPORT_TRANSLATIONS_H
#define TFG_IMPORTEXPORT_TRANSLATIONS_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace tfg {

/// Registers --graphdef-to-mlir, --mlir-to-graphdef and
/// --test-graphdef-roundtrip with mlir-translate's registry.
void registerTFGTranslations();

/// tfg-translate's main: mlir-translate's command line (a translation flag,
/// -o, --split-input-file, --verify-diagnostics, --mlir-timing, ...) with
/// every output written atomically (a failed run leaves existing files as
/// they were), inputs that are also outputs read safely, and the work done
/// on a thread with a large stack. Returns the process's exit code.
int tfgTranslateMain(int argc, char **argv, llvm::StringRef description);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_TRANSLATIONS_H
