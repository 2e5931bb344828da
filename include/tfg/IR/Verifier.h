//===- Verifier.h - Verification of large graphs ----------------*- C++ -*-===//
//
// mlir::verify of a region visits its operations in three passes (pushing
// each onto a work list, visiting it on entry and on exit, checking the
// block), each a walk of the block's linked list that misses the cache once
// per operation: at a million nodes the walks cost more than the checks. A
// module holding such a graph is verified faster node by node.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_VERIFIER_H
#define TFG_IR_VERIFIER_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
namespace tfg {

/// Verifies `op` and everything nested in it, with the same checks as
/// mlir::verify, but the body of a large `tfg.graph` or `tfg.func` (`op`
/// itself or a child of the module `op`) in one pass: mlir::verify of each
/// node, then of the graph or function with verifyRecursively = false (whose
/// contract is that the nested operations were verified before), with the
/// block's own check (only its last operation may have successors) made in
/// the same pass, as are tfg's own node checks (which the graph's or
/// function's verifier then skips). In a graph the same pass checks that
/// every value a node (or an op nested in it) uses is in sight, so the
/// graph's own verification runs with its body set aside, without MLIR's
/// walks of the body for isolation and dominance; a value out of sight
/// leaves the whole graph to mlir::verify and its diagnostics. The module's
/// other children are verified in parallel.
LogicalResult verifyGraphModule(Operation *op);

namespace detail {
/// tfg's checks of the generic nodes nested in `parent`'s regions (the
/// verifiers of graphs and functions; registered ops verify themselves),
/// nested nodes before their parent, as a post-order walk would. Nothing to
/// do while verifyGraphModule verifies a body whose nodes it checked.
LogicalResult verifyNestedNodes(Operation *parent);
} // namespace detail

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_VERIFIER_H
