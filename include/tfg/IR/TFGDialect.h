//===- TFGDialect.h - tfg dialect -------------------------------*- C++ -*-===//
//
// The tfg dialect class. Include TFGOps.h for the operations.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_TFGDIALECT_H
#define TFG_IR_TFGDIALECT_H

#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"

#include <memory>
#include <optional>

#include "tfg/IR/TFGDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tfg/IR/TFGAttrs.h.inc"

#endif // TFG_IR_TFGDIALECT_H
