//===- TFOps.h - tf dialect: the ops defined in ODS -------------*- C++ -*-===//
//
// Region control flow of the tf dialect (TFOps.td): tf.IfRegion,
// tf.WhileRegion, tf.CaseRegion and tf.Yield.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_TF_TFOPS_H
#define TFG_DIALECT_TF_TFOPS_H

#include "tfg/Dialect/TF/TFDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "tfg/Dialect/TF/TFOps.h.inc"

#endif // TFG_DIALECT_TF_TFOPS_H
