//===- CheckDialect.cpp - StableHLO's check dialect -----------------------===//
//
// The dialect's registration and the verifiers beyond ODS's type
// constraints: tolerances are finite and not negative, a ULP range is not
// empty, a probe has a name.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/Check/Check.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg::check;

#include "tfg/Dialect/Check/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/Check/CheckOps.cpp.inc"
      >();
}

/// Fails on a negative or non-finite tolerance.
static LogicalResult verifyTolerance(Operation *op, llvm::APFloat tolerance) {
  double value = tolerance.convertToDouble();
  if (std::isfinite(value) && value >= 0)
    return success();
  return op->emitOpError("tolerance must be finite and not negative, not ")
         << value;
}

LogicalResult ExpectAlmostEqOp::verify() {
  return verifyTolerance(*this, getTolerance());
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  return verifyTolerance(*this, getTolerance());
}

LogicalResult ExpectCloseOp::verify() {
  if (getMinUlpDifference() > getMaxUlpDifference())
    return emitOpError("min_ulp_difference (")
           << getMinUlpDifference() << ") exceeds max_ulp_difference ("
           << getMaxUlpDifference() << ")";
  return success();
}

LogicalResult ExpectSerializedEqOp::verify() {
  if (getProbeId().empty())
    return emitOpError("probe_id must not be empty");
  return success();
}

#define GET_OP_CLASSES
#include "tfg/Dialect/Check/CheckOps.cpp.inc"
