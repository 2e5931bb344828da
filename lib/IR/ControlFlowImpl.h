//===- ControlFlowImpl.h - Shared control-flow op logic ---------*- C++ -*-===//
//
// Private to lib/IR. The plain, Stateless and Stateful variants of each
// control-flow op share one implementation, taking the operation generically;
// the ODS definitions forward to these functions.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IR_CONTROLFLOWIMPL_H
#define TFG_LIB_IR_CONTROLFLOWIMPL_H

#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace mlir {
namespace tfg {

/// The verifier of If/Case/While/For: a node whose type-list attributes
/// fit its operands and results.
LogicalResult verifyFunctionalOp(Operation *op);

/// Checks the callees of If/Case/While/For against the symbol table.
LogicalResult verifyFunctionalCallees(Operation *op,
                                      SymbolTableCollection &symbolTable);

/// Successors of the region ops after `region` completes: asks the op with
/// the region's terminator as the branch point.
void getSuccessorsFromRegion(Operation *op, Region &region,
                             SmallVectorImpl<RegionSuccessor> &regions);

#define TFG_DECLARE_REGION_FAMILY(Family)                                      \
  ParseResult parse##Family(OpAsmParser &parser, OperationState &result);      \
  void print##Family(Operation *op, OpAsmPrinter &p);                          \
  LogicalResult verify##Family(Operation *op);                                 \
  OperandRange getEntryOperands##Family(Operation *op,                         \
                                        RegionSuccessor successor);            \
  void getSuccessors##Family(Operation *op, RegionBranchPoint point,           \
                             SmallVectorImpl<RegionSuccessor> &regions);

TFG_DECLARE_REGION_FAMILY(IfRegion)
TFG_DECLARE_REGION_FAMILY(CaseRegion)
TFG_DECLARE_REGION_FAMILY(WhileRegion)
TFG_DECLARE_REGION_FAMILY(ForRegion)
#undef TFG_DECLARE_REGION_FAMILY

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IR_CONTROLFLOWIMPL_H
