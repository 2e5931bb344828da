//===- TFGOps.h - tfg operations --------------------------------*- C++ -*-===//
//
// The structural operations of tfg (graph, func, return, get_result, yield,
// condition, functional and region control flow) and the helpers for generic
// TensorFlow nodes (tfg.<OpName>) and control tokens.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_TFGOPS_H
#define TFG_IR_TFGOPS_H

#include "tfg/IR/TFGDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tfg/IR/Utility.h"

namespace mlir {
namespace tfg {
/// The resource of the write every registered TensorFlow node that has no
/// state of its own declares (StatelessIf, StatelessWhileRegion, ...): to
/// stock MLIR passes (--canonicalize, --cse, DCE) a node is never dead or
/// mergeable because its results are unused, since TensorFlow removes nodes
/// only when fetches say what is needed (tfg-prune). tfg's own passes
/// ignore this effect (hasSideEffects, the graph passes' utilities).
struct NodeResource : public SideEffects::Resource::Base<NodeResource> {
  StringRef getName() final { return "tfg.node"; }
};
} // namespace tfg
} // namespace mlir

#define GET_OP_CLASSES
#include "tfg/IR/TFGOps.h.inc"

#endif // TFG_IR_TFGOPS_H
