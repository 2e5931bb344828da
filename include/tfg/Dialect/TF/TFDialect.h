//===- TFDialect.h - tf dialect ---------------------------------*- C++ -*-===//
//
// The `tf` dialect: one dynamic op per TensorFlow OpDef, verified against
// it (see TFDialect.td and docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_TF_TFDIALECT_H
#define TFG_DIALECT_TF_TFDIALECT_H

#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/Operation.h"

#include <memory>

namespace mlir {
namespace tfg {
struct OpDef;
struct OpDefAttr;
} // namespace tfg
} // namespace mlir

#include "tfg/Dialect/TF/TFDialect.h.inc"

namespace mlir {
namespace TF {
/// The OpDef of a `tf` op, or null for an op the registry does not know.
const tfg::OpDef *getOpDef(Operation *op);

/// Checks `op` against `def`: its operands and results, per input and
/// output argument (counts from `N`-like and type-list attributes, element
/// types from fixed types and type attributes), and the kinds, allowed
/// values and minimums of the attributes `def` declares. Attributes derived
/// from types (`T`, `N`, ...) may be absent; others without a default must
/// be present. Emits errors on `op`.
LogicalResult verifyOpDef(Operation *op, const tfg::OpDef &def);

} // namespace TF
} // namespace mlir

#endif // TFG_DIALECT_TF_TFDIALECT_H
