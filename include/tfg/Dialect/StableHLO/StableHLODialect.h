//===- StableHLODialect.h - stablehlo dialect, types, attrs -----*- C++ -*-===//
//
// tfg's implementation of the StableHLO dialect (namespace `stablehlo`,
// C++ namespace mlir::tfg::stablehlo): the dialect class, the token and
// future types, the enumerations and the structured attributes. Include
// StableHLOOps.h for the operations. Links MLIR only (library TFGStableHLO).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLODIALECT_H
#define TFG_DIALECT_STABLEHLO_STABLEHLODIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h.inc"
#include "tfg/Dialect/StableHLO/StableHLOEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOAttrs.h.inc"

namespace mlir::tfg::stablehlo {

/// True for the spec's integer element types: signless, signed or unsigned
/// integers wider than one bit (i1 is the boolean type).
bool isIntegerElement(Type type);
/// True for `complex<f32>` and `complex<f64>`.
bool isComplexElement(Type type);
/// True for quantized element types (`!quant.uniform<...>`).
bool isQuantElement(Type type);

} // namespace mlir::tfg::stablehlo

#endif // TFG_DIALECT_STABLEHLO_STABLEHLODIALECT_H
