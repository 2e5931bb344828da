//===- InterpretTranslation.h - tfg-translate --interpret -------*- C++ -*-===//

#ifndef TFG_LIB_TRANSLATE_INTERPRETTRANSLATION_H
#define TFG_LIB_TRANSLATE_INTERPRETTRANSLATION_H

namespace mlir {
namespace tfg {

void registerInterpretTranslation();

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSLATE_INTERPRETTRANSLATION_H
