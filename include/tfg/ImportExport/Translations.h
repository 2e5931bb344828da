//===- Translations.h - tfg-translate registrations -------------*- C++ -*-===//

#ifndef TFG_IMPORTEXPORT_TRANSLATIONS_H
#define TFG_IMPORTEXPORT_TRANSLATIONS_H

namespace mlir {
namespace tfg {

/// Registers --graphdef-to-mlir, --mlir-to-graphdef and
/// --test-graphdef-roundtrip with mlir-translate's registry.
void registerTFGTranslations();

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_TRANSLATIONS_H
