//===- GraphRewrite.h - Pattern rewrites of tfg graphs ----------*- C++ -*-===//
//
// A rewrite driver that applies MLIR RewritePatterns (C++ and PDLL) to the
// nodes of a tfg graph or function body until none applies, and keeps the
// rules every tfg pass keeps:
//  - the nodes the user fetches or feeds are never erased or replaced (they
//    are not offered to patterns, and a rewrite that replaces or erases one
//    anyway is refused and the nodes it created are erased);
//  - node names stay unique: a node a pattern creates is named after the
//    node it replaces (the node taking the replaced node's place takes its
//    name, the others `<name>/<OpType>`, uniqued);
//  - control dependencies move: a replaced node's control operands go to
//    its new replacement (or, when an existing value replaces it, to its
//    users), and users of its control token wait for the replacement;
//  - new nodes are placed on the device of the node they replace.
// It also provides the node-building and node-replacing helpers patterns use
// (they work with any RewriterBase).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_GRAPHREWRITE_H
#define TFG_TRANSFORMS_GRAPHREWRITE_H

#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

#include <functional>

namespace mlir {
namespace tfg {

//===----------------------------------------------------------------------===//
// Helpers for patterns
//===----------------------------------------------------------------------===//

/// Builds the generic node `tfg.<opName>(data) [controls] {attrs}` at the
/// builder's insertion point as the importer would: the OpDef defaults of
/// the attributes `attrs` lacks are added (and listed in
/// `tfg.defaulted_attrs`), and the result types are inferred from the OpDef
/// (unranked tensors of the dtypes its attributes say). The node is located
/// at `like` and placed on its device and assigned device unless `attrs`
/// gives them; it is named `name` if not empty, else left unnamed (the rewrite
/// driver names it after the node it replaces). Fails, with an error at
/// `like`, for an op the registry does not know or attributes the outputs
/// need but lack.
FailureOr<Operation *> createNodeLike(OpBuilder &builder, Operation *like,
                                      StringRef opName, ValueRange data,
                                      ValueRange controls = {},
                                      ArrayRef<NamedAttribute> attrs = {},
                                      StringRef name = {});

/// Replaces the node `op` with `newValues`: its data results, optionally
/// followed by the control token to use for its control token. When the
/// replacement values come from one node that has no users yet (a new
/// node), that node takes over `op`'s control operands and users of `op`'s
/// token wait for its token. Otherwise (`op` bypassed by existing values)
/// `op`'s control operands are forwarded to the users of its data results
/// and of its token, and users of its token wait for the producers of the
/// replacement values (or the given token). Then `op` is erased. Refuses,
/// changing nothing, when the number of values is wrong or when a function
/// return names `op` as a control return and no new node takes its place.
/// All changes go through `rewriter`, so its listener sees them.
LogicalResult replaceNode(RewriterBase &rewriter, Operation *op,
                          ValueRange newValues);

/// Erases the node `op`, whose data results must be unused: users of its
/// control token wait for what `op` waited for (its control operands and the
/// producers of its data operands) instead. Refuses, changing nothing, when
/// a data result is still used or a function return names `op` as a control
/// return.
LogicalResult eraseNode(RewriterBase &rewriter, Operation *op);

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

struct GraphRewriteConfig {
  /// The user's fetches and feeds; the nodes they name are protected (never
  /// erased, replaced, or renamed). In a function body, nodes named like a
  /// graph's fetch are protected too, as PreservedNodes does.
  PreserveOptions preserve;
  /// More nodes to protect, if set.
  std::function<bool(Operation *)> isProtected;
  /// At most this many successful rewrites (a guard against patterns that
  /// undo each other); -1 means 16 per node of the body, plus 1024.
  int64_t maxRewrites = -1;
};

struct GraphRewriteStats {
  /// Successful pattern applications.
  int64_t rewrites = 0;
  /// Applications refused because they replaced or erased a protected node.
  int64_t refused = 0;
  /// False if the driver stopped at `maxRewrites` before a fixed point.
  bool converged = true;
};

/// Applies `patterns` to the nodes of `body` (a graph or function body; the
/// nodes of nested regions are not roots, but their names count) until no
/// pattern applies. Every node is offered once, then again whenever it is
/// created or modified, one of its operands' producers is replaced or one
/// of its users is erased. Iterative: no recursion on the graph's depth.
/// Fails, with an error, when a fetch or feed names no node of a graph, or
/// when a pattern erased a node whose data results were still used.
FailureOr<GraphRewriteStats>
applyGraphPatterns(Block &body, const FrozenRewritePatternSet &patterns,
                   const GraphRewriteConfig &config = {});

/// Whether the rewrite driver running on this thread protects `op` (a
/// fetch or feed, or `GraphRewriteConfig::isProtected`). For patterns that
/// replace nodes other than their root: the driver refuses a replacement of
/// a protected node only when it happens, after the pattern's other
/// changes, so such a pattern checks every node it would replace
/// beforehand. Outside a run of applyGraphPatterns every node counts as
/// protected.
bool isProtectedByGraphRewrite(Operation *op);

//===----------------------------------------------------------------------===//
// Pattern sets
//===----------------------------------------------------------------------===//

/// Registers the PDL dialects that PDLL patterns need in `registry` (passes
/// using PDLL patterns add them to their dependent dialects).
void registerPDLDialects(DialectRegistry &registry);

/// The debug stripper's patterns (PDLL, lib/Transforms/patterns): Assert
/// and PrintV2 to NoOp, Print, CheckNumerics and CheckNumericsV2 to
/// Identity. Loads the PDL dialects into the context if needed.
void populateDebugStripperPatterns(RewritePatternSet &patterns);

/// The remapper's patterns (PDLL, lib/Transforms/patterns/Remapper.pdll)
/// for `target` (tf-cpu, tf-gpu, tfjs or host; an unknown name means
/// tf-cpu). Loads the PDL dialects into the context if needed.
void populateRemapperPatterns(RewritePatternSet &patterns, StringRef target);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_GRAPHREWRITE_H
