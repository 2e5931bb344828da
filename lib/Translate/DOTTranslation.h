//===- DOTTranslation.h - tfg-translate --mlir-to-dot -----------*- C++ -*-===//
//
// Internal to TFGTranslations.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSLATE_DOTTRANSLATION_H
#define TFG_LIB_TRANSLATE_DOTTRANSLATION_H

namespace mlir {
namespace tfg {

/// Registers --mlir-to-dot and its options (--dot-max-nodes, --dot-expand,
/// --dot-diff).
void registerDOTTranslation();

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSLATE_DOTTRANSLATION_H
