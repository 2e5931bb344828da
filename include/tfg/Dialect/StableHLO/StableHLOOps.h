//===- StableHLOOps.h - stablehlo operations --------------------*- C++ -*-===//
//
// The operations of tfg's StableHLO dialect. Accessors follow the spec's
// names: `AddOp::getLhs()`, `DotGeneralOp::getDotDimensionNumbers()`,
// `WhileOp::getCond()`, ...
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOOPS_H
#define TFG_DIALECT_STABLEHLO_STABLEHLOOPS_H

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOElementwiseOps.h.inc"
#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOShapeOps.h.inc"
#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOControlOps.h.inc"
#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOReduceOps.h.inc"
#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOLinalgOps.h.inc"
#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOCommOps.h.inc"

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOOPS_H
