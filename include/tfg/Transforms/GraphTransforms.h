//===- GraphTransforms.h - The algorithms of the graph passes ---*- C++ -*-===//
//
// Each tfg pass is a thin wrapper over one of these functions, so that other
// passes, unit tests and embedding compilers can call them without a pass
// manager. Functions that may delete nodes take the user's PreserveOptions
// and honor the rules of PreservedNodes (GraphUtils.h). Errors are emitted as
// diagnostics on the IR.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_GRAPHTRANSFORMS_H
#define TFG_TRANSFORMS_GRAPHTRANSFORMS_H

#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

class GraphFuncOp;

/// tfg-toposort: stable topological order of one block (terminator last).
/// Returns whether any node moved.
bool sortTopologically(Block &block);
/// Sorts every graph region under `root` (graphs, functions, regions), in
/// time linear in the number of ops whatever their nesting depth. Returns
/// whether any node moved.
bool sortAllTopologically(Operation *root);

/// tfg-prune: keep the fan-in of the preserved nodes, then bypass trivial
/// Identity/IdentityN/Snapshot/NoOp nodes when `removeTrivial`.
FailureOr<RemovalStats> pruneGraph(Block &body, const PreserveOptions &options,
                                   bool removeTrivial);
/// Erases library functions that no graph references (directly, through
/// other used functions or as gradients). Does nothing in a module without
/// a graph. Returns the number erased.
int64_t pruneUnusedFunctions(ModuleOp module);

/// tfg-cse.
FailureOr<RemovalStats>
eliminateCommonSubgraphs(Block &body, const PreserveOptions &options);

/// tfg-dependency-optimizer.
struct DependencyStats : RemovalStats {
  int64_t transitiveEdges = 0, nodesToNoOp = 0;
};
FailureOr<DependencyStats> optimizeDependencies(Block &body,
                                                const PreserveOptions &options,
                                                unsigned maxVisits);
/// The transitive reduction of control edges alone (step 4 above). Returns
/// the number of control operands removed.
int64_t reduceTransitiveControlEdges(Block &body, unsigned maxVisits);

/// tfg-constant-folding: folds, materializes and simplifies the nodes of
/// one body (lib/Transforms/ConstantFolding); constants over
/// `maxConstantBytes` bytes are not created.
struct ConstantFoldingStats {
  int64_t folded = 0, materialized = 0, simplified = 0;
};
FailureOr<ConstantFoldingStats> foldConstants(Block &body,
                                              const PreserveOptions &options,
                                              int64_t maxConstantBytes);

/// tfg-debug-stripper: returns the number of nodes rewritten.
int64_t stripDebugNodes(Block &body);

/// tfg-add-default-attrs / tfg-strip-default-attrs: number of attributes
/// added or removed under `root`.
int64_t addDefaultAttrs(Operation *root);
int64_t stripDefaultAttrs(Operation *root);

/// tfg-name-compress: number of nodes renamed.
FailureOr<int64_t> compressNodeNames(Block &body,
                                     const PreserveOptions &options);

/// tfg-shape-inference: number of result types refined in the block and its
/// nested regions.
int64_t inferShapes(Block &body);
/// tfg-shape-inference on a module (or any op holding graphs and functions):
/// every body, following If, Case and calls between them (a body inferred
/// again when its arguments or a callee's results were refined).
int64_t inferShapesFollowingCalls(Operation *root);
/// True if tfg-shape-inference has a shape function for the op.
bool hasShapeFunction(StringRef opName);
/// Number of ops with a shape function.
size_t getNumShapeFunctions();
/// The ops with a shape function, sorted.
std::vector<std::string> getOpsWithShapeFunctions();

/// tfg-drop-output-shapes: number of attributes removed under `root`, from
/// operations other than those named in `skip` (full names: `tfg.X`).
int64_t dropOutputShapes(Operation *root, ArrayRef<std::string> skip = {});

/// tfg-functional-to-region: number of ops converted.
FailureOr<int64_t> convertFunctionalToRegion(ModuleOp module);
/// tfg-region-to-functional.
struct OutlineStats {
  int64_t converted = 0, functionsCreated = 0;
};
FailureOr<OutlineStats> convertRegionToFunctional(ModuleOp module);

/// tfg-lift-graph-to-func / tfg-lower-func-to-graph.
LogicalResult liftGraphToFunc(ModuleOp module, const PreserveOptions &options,
                              StringRef funcName);
LogicalResult lowerFuncToGraph(ModuleOp module);

/// The name TensorFlow's tfg-lift-graph-to-func gives the function.
inline constexpr llvm::StringLiteral kTensorFlowLiftedName =
    "_mlir_lifted_graph";

/// tfg-lift-graph-to-func with TensorFlow's options: `feeds`, `fetches` and
/// `controlRets` name nodes; every data result of a fed node becomes an
/// argument (`<node>_<k>`, with `tfg.lifted_value_attr = [node, k]`) followed
/// by a control argument, and the node stays in the body; every data result
/// of a fetched node is returned, and the control token of each control_rets
/// node. lowerFuncToGraph lowers such a function back.
LogicalResult liftGraphToFuncAsTensorFlow(ModuleOp module,
                                          ArrayRef<std::string> feeds,
                                          ArrayRef<std::string> fetches,
                                          ArrayRef<std::string> controlRets,
                                          StringRef funcName);

/// tfg-inline: number of calls inlined.
FailureOr<int64_t> inlineCalls(ModuleOp module, const PreserveOptions &options);

/// What inlineFunctionBody gives in place of a call's outputs.
struct InlinedBody {
  /// The values the body returns (in place of the call's data results).
  SmallVector<Value> results;
  /// What a user of the call's control token must also wait for: the
  /// body's control returns and the call's own dependencies.
  SmallVector<Value> controls;
};
/// Clones the body of `callee` (instantiated, `args.size()` arguments)
/// before node `call`, its data arguments taking `args`: the clones are
/// named `<call>/<node>` (uniqued by `names`), take the call's device when
/// they have none, and those reading nothing of the body wait for the
/// call's control operands (through a `<call>/input_control_node` NoOp).
/// The call itself is left for the caller to replace.
InlinedBody inlineFunctionBody(Operation *call, GraphFuncOp callee,
                               ValueRange args, NodeNameUniquer &names);

/// tfg-fold-known-branches: replaces each If, StatelessIf, Case and
/// StatelessCase whose selector the graph fixes (a constant, or shape
/// arithmetic that KnownValueEvaluator evaluates) by the body of the branch
/// it takes, and an IdentityN (a NoOp without results) of the node's name
/// taking over its outputs and control users. Returns the number of nodes
/// replaced.
int64_t foldKnownBranches(ModuleOp module);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_GRAPHTRANSFORMS_H
