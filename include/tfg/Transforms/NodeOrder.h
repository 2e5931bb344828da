//===- NodeOrder.h - The node order of the lowerings ------------*- C++ -*-===//
//
// The topological order in which the lowerings (--tfg-to-tf-executor,
// --tfg-to-ml-program) emit the nodes of a graph region into an ordered
// block. GraphView::topologicalOrder (GraphUtils.h) is the passes' order: it
// breaks cycles and counts uses in nested regions; the lowerings instead
// refuse a cycle at a node and take only the edges of the nodes' own
// operands, and they keep the order their outputs are tested with.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_NODEORDER_H
#define TFG_TRANSFORMS_NODEORDER_H

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
namespace tfg {

/// A topological order of the nodes of `body` (its terminator excluded):
/// each node comes after the nodes of `body` it takes data or control
/// operands from. Only the nodes `keep` accepts are ordered (every node
/// when null), and only operands they take from kept nodes order them; a
/// node for which `ignoresInputs` holds is ordered as if it had no operands
/// (a NextIteration, which tf_executor splits into a Source emitted first
/// and a Sink emitted last). Kahn's algorithm, iterative, O(N + E): the
/// ready nodes are kept on a stack, so that a chain of nodes stays
/// together, and independent nodes keep their block order. Returns null
/// when every kept node is ordered, else the first node in block order left
/// on a cycle (`order` then holds the nodes ordered before the cycle was
/// found).
Operation *orderNodesTopologically(
    Block &body, SmallVectorImpl<Operation *> &order,
    function_ref<bool(Operation *)> keep = nullptr,
    function_ref<bool(Operation *)> ignoresInputs = nullptr);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_NODEORDER_H
