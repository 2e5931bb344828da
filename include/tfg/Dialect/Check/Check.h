//===- Check.h - StableHLO's check dialect ----------------------*- C++ -*-===//
//
// The `check` dialect (CheckOps.td): expect_eq, expect_eq_const,
// expect_almost_eq, expect_almost_eq_const, expect_close and
// expect_serialized_eq, as StableHLO's interpreter tests write them.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_CHECK_CHECK_H
#define TFG_DIALECT_CHECK_CHECK_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "tfg/Dialect/Check/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "tfg/Dialect/Check/CheckOps.h.inc"

#endif // TFG_DIALECT_CHECK_CHECK_H
