//===- TFGToStableHLO.h - TensorFlow ops to StableHLO -----------*- C++ -*-===//
//
// The TensorFlow op types the StableHLO legalization handles (the rule
// table of lib/Conversion/TFGToStableHLO), sorted by name.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_TFGTOSTABLEHLO_TFGTOSTABLEHLO_H
#define TFG_CONVERSION_TFGTOSTABLEHLO_TFGTOSTABLEHLO_H

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace mlir {
namespace tfg {

/// Every op type with a legalization rule, sorted.
std::vector<llvm::StringRef> getStableHLOLegalizedOpTypes();

} // namespace tfg
} // namespace mlir

#endif // TFG_CONVERSION_TFGTOSTABLEHLO_TFGTOSTABLEHLO_H
