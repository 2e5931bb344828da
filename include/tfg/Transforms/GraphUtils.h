//===- GraphUtils.h - Shared helpers of the graph passes --------*- C++ -*-===//
//
// What every graph pass needs and must do the same way:
//  - GraphView: a compact, index-based view of the nodes of one graph
//    region with their data and control predecessors (uses inside nested
//    regions count as uses by the enclosing node);
//  - PreservedNodes: the safety rules deciding which nodes may never be
//    removed or merged (fetches, feeds, `_grappler_do_not_remove`,
//    side-effecting nodes, terminators);
//  - node surgery: building NoOps, adding and removing control operands,
//    bypassing a node while moving its control dependencies to its users.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_GRAPHUTILS_H
#define TFG_TRANSFORMS_GRAPHUTILS_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace mlir {
class IRMapping;
namespace tfg {

//===----------------------------------------------------------------------===//
// GraphView
//===----------------------------------------------------------------------===//

/// The nodes of one block of a graph region, numbered in block order, with
/// their predecessor and successor edges in CSR form. A value used inside a
/// node's nested regions makes that node a user. Block arguments have no
/// producer node. Building is O(N + E).
class GraphView {
public:
  struct Edge {
    unsigned node;
    bool isControl;
  };

  explicit GraphView(Block &block);

  unsigned size() const { return nodes.size(); }
  Operation *getNode(unsigned i) const { return nodes[i]; }
  ArrayRef<Operation *> getNodes() const { return nodes; }
  /// The index of `op`, or -1 when `op` is not a node of the block.
  int lookup(Operation *op) const;
  /// The node producing `value` (for nested values: the enclosing node), or
  /// -1 for block arguments of the block and values from outside.
  int getProducer(Value value) const;

  ArrayRef<Edge> getPreds(unsigned i) const {
    return ArrayRef<Edge>(predEdges).slice(predBegin[i],
                                           predBegin[i + 1] - predBegin[i]);
  }
  /// Successor edges; built on first use (most passes only need
  /// predecessors).
  ArrayRef<Edge> getSuccs(unsigned i) const {
    if (succBegin.empty())
      buildSuccessors();
    return ArrayRef<Edge>(succEdges).slice(succBegin[i],
                                           succBegin[i + 1] - succBegin[i]);
  }
  size_t getNumEdges() const { return predEdges.size(); }

  /// A topological order of the nodes (node indices). Edges out of
  /// NextIteration nodes are ignored. With `stable`, ready nodes are taken
  /// in block order and other cycles are broken at the earliest remaining
  /// node (Kahn's algorithm with a heap, O(N log N + E)); otherwise the order
  /// is an iterative depth-first post-order over predecessors (O(N + E), no
  /// successor lists needed).
  std::vector<unsigned> topologicalOrder(bool stable = true) const;

  /// Builds the view of every block under `root` for which `select` holds
  /// and calls `fn` with each, in O(N + E) over the whole tree whatever its
  /// nesting depth: one pre-order walk keeps the ancestor of the current op
  /// at each nesting level, so the node a nested use counts for is found in
  /// O(1) instead of by walking up (building each block's view on its own
  /// walks every nested region once per level above it).
  static void forEachNestedView(Operation *root,
                                function_ref<bool(Block &)> select,
                                function_ref<void(GraphView &)> fn);

private:
  GraphView() = default;
  /// Numbers the ops of `block` (nodes and index).
  void addNodes(Block &block);
  void buildSuccessors() const;

  Block *block;
  std::vector<Operation *> nodes;
  llvm::DenseMap<Operation *, unsigned> index;
  std::vector<unsigned> predBegin;
  std::vector<Edge> predEdges;
  mutable std::vector<unsigned> succBegin;
  mutable std::vector<Edge> succEdges;
};

//===----------------------------------------------------------------------===//
// Preserved nodes
//===----------------------------------------------------------------------===//

/// The module attribute in which an importer records the model's outputs
/// (a TF.js model's signature): an array of fetch specs (`name`, `name:k`).
constexpr llvm::StringLiteral kRecordedFetchesAttrName = "tfg.fetches";
/// The fetches recorded in the `tfg.fetches` attribute of the module that
/// `op` is or is nested in. Empty when there is no such module or attribute,
/// and when the attribute is not an array of strings: `malformed`, when
/// given, is then set (tfg-grappler warns; the other passes take nothing).
std::vector<std::string> getRecordedFetches(Operation *op,
                                            bool *malformed = nullptr);

/// The default fetches of a graph `body`, as TensorFlow.js takes a model's
/// outputs: every data output ("node:i") of a node other than a Const or a
/// Placeholder none of whose data outputs is used.
std::vector<std::string> getSinkFetches(Block &body);

/// The user's fetches and feeds, as given to the passes (`a`, `a:1`, `^a`).
struct PreserveOptions {
  std::vector<std::string> fetch, feed;
};

/// Builds PreserveOptions from pass list options.
template <typename FetchList, typename FeedList>
PreserveOptions makePreserveOptions(const FetchList &fetch,
                                    const FeedList &feed) {
  return PreserveOptions{{fetch.begin(), fetch.end()},
                         {feed.begin(), feed.end()}};
}

/// Strips `^` and `:k` from a fetch/feed spec: the node name.
StringRef getNodeNameOfSpec(StringRef spec);

/// The named nodes of a body by name (the first node of a name).
llvm::StringMap<Operation *> getNodesByName(Block &block);

/// A fetch or feed spec taken apart: `name`, `name:k` or `^name`.
struct NodeSpec {
  StringRef name;
  /// k of `name:k` (INT64_MAX if it does not fit), 0 for `name`, -1 for
  /// `^name`.
  int64_t output = 0;
  /// Whether the spec names an output explicitly (`name:k`).
  bool explicitOutput = false;
};
NodeSpec parseNodeSpec(StringRef spec);

/// Checks that the node `spec` names (found in `byName`) exists and has
/// the output the spec names: an explicit `name:k` needs k below the
/// node's number of data results, as does a bare `name` when
/// `nameIsOutput0` (it then means output 0). `option` ("fetch", "feed")
/// names the option in the error, which is emitted at `loc` for a missing
/// node and at the node for a missing output.
FailureOr<Operation *>
resolveNodeSpec(const llvm::StringMap<Operation *> &byName, StringRef option,
                StringRef spec, Location loc, bool nameIsOutput0 = false);

/// Checks every fetch and feed against each tfg.graph of `module` (as
/// PreservedNodes::compute does), for passes that might not compute it.
LogicalResult checkPreserveOptions(Operation *module,
                                   const PreserveOptions &options);

/// The nodes of a graph or function body that passes must never delete,
/// merge or rename: fetched and fed nodes, `_grappler_do_not_remove`
/// nodes, side-effecting nodes (stateful per the op registry, unknown ops,
/// calls, nodes with ref operands), and terminators. Fetches of a function
/// are its return operands.
class PreservedNodes {
public:
  /// Computes the set for `block` (a graph or function body). Fails, with
  /// an error on `diagOp`, if a fetch or feed names no node of a graph.
  static FailureOr<PreservedNodes> compute(Block &block,
                                           const PreserveOptions &options);

  bool contains(Operation *op) const { return preserved.contains(op); }
  /// True if the user named `op` as a fetch or feed.
  bool isFetchOrFeed(Operation *op) const { return named.contains(op); }
  /// Nodes may be deleted only in functions (the return says what is
  /// needed) or in graphs with a non-empty fetch set.
  bool canDeleteNodes() const { return deletable; }
  const llvm::DenseSet<Operation *> &getSet() const { return preserved; }

private:
  llvm::DenseSet<Operation *> preserved, named;
  bool deletable = false;
};

/// True if `op` has side effects that make it unremovable: stateful per the
/// registry, unknown, or reading a ref operand.
bool hasSideEffects(Operation *op);
/// Switch, RefSwitch, _SwitchN: their outputs may be dead.
bool isSwitchNode(Operation *op);
/// Enter, Exit, NextIteration, Merge (and their Ref forms), LoopCond: nodes
/// of v1 control-flow frames.
bool isFrameNode(Operation *op);
bool isMergeNode(Operation *op);
bool isNextIterationNode(Operation *op);
/// True if any data operand or result of `op` has a ref element type.
bool hasRefOperandOrResult(Operation *op);

/// The body blocks passes work on: the body of `root` when it is a
/// tfg.graph or tfg.func, else every tfg.graph and tfg.func body directly
/// inside it (a module). Regions of region control flow are nested inside
/// nodes, not bodies of their own.
SmallVector<Block *> getGraphBodies(Operation *root);

//===----------------------------------------------------------------------===//
// Node surgery
//===----------------------------------------------------------------------===//

/// Builds the generic node `tfg.<opName>(data) [controls] {attrs}` with the
/// given data result types (the control token is added). A `_mlir_name` in
/// `attrs` names the node (see addNodeName).
Operation *createNode(OpBuilder &builder, Location loc, StringRef opName,
                      ValueRange data, ValueRange controls,
                      TypeRange resultTypes, ArrayRef<NamedAttribute> attrs);

/// The attributes every node carries (name, device, assigned device, full
/// type) of `op`, to copy onto a node replacing it; the name as
/// `_mlir_name`, wherever `op` keeps it.
SmallVector<NamedAttribute> getNodeIdentityAttrs(Operation *op);

/// Builds `tfg.NoOp [controls] name(name) device(device)` at the builder's
/// insertion point (without a name when `name` is empty).
Operation *createNoOp(OpBuilder &builder, Location loc, StringRef name,
                      StringRef device, ValueRange controls);

/// The control tokens of `values`' producers (their data producers' tokens,
/// or a function argument's control token) followed by `extra`, without
/// nulls and duplicates: what a node replacing a reader of `values` waits
/// for.
SmallVector<Value> getControlDependencies(ValueRange values,
                                          ValueRange extra = {});

/// Appends the control tokens in `controls` that `op` does not already have
/// as control operands. Returns the number added.
unsigned addControlOperands(Operation *op, ValueRange controls);

/// Erases every use of the control token `ctl` except by a ReturnOp, each
/// in O(1): the user's last operand takes the erased one's place, so the
/// order of the user's control operands changes. Returns the number erased.
unsigned eraseControlUses(Value ctl);

/// Removes the operands whose bit is set; returns how many were removed.
unsigned eraseOperandsIf(Operation *op,
                         function_ref<bool(OpOperand &)> shouldErase);

/// Removes duplicated control operands and control operands whose node
/// also feeds `op` through a data operand. Returns how many were removed.
unsigned removeRedundantControlOperands(Operation *op);

/// Replaces every use of `op`'s data result i with `replacements[i]` and
/// every use of its control token with `controlReplacements` (several
/// tokens, possibly none: a control operand is replaced by all of them).
/// Returns the number of edges that disappeared.
int64_t replaceNodeUses(Operation *op, ValueRange replacements,
                        ValueRange controlReplacements);

/// Hands out node names unused in a graph or function body (nested
/// regions included): `base`, else `base/1`, `base/2`, ...
class NodeNameUniquer {
public:
  explicit NodeNameUniquer(Block &body);
  std::string get(StringRef base);
  /// Records a name as taken.
  void reserve(StringRef name) { used.insert(name); }

private:
  llvm::StringSet<> used;
  /// The next suffix to try per base: asking k times for one base costs
  /// O(k), not O(k^2).
  llvm::StringMap<unsigned> nextSuffix;
};

/// What a rewrite removed.
struct RemovalStats {
  int64_t nodes = 0, edges = 0;
  RemovalStats &operator+=(const RemovalStats &o) {
    nodes += o.nodes;
    edges += o.edges;
    return *this;
  }
};

/// Bypasses and erases a trivial node (Identity, IdentityN, Snapshot, NoOp)
/// when safe: not preserved, no ref operand, not reading a Switch output
/// while having control users, not a device transfer, not a control
/// return, no growth in edges (`in * out <= in + out`, counting data and
/// control edges, as Grappler does), and for NoOps no cross-device edge.
/// Its control operands move to its users.
bool bypassTrivialNode(Operation *op, const PreservedNodes &preserved,
                       RemovalStats &stats);

/// The ops cloned from a function body and what its return returned.
struct ClonedBody {
  SmallVector<Operation *> ops;
  SmallVector<Value> results, controls;
};

/// Clones every op of `block` but its terminator at the builder's insertion
/// point, resolving forward references (graph regions) once all ops exist.
SmallVector<Operation *> cloneBlockOps(Block &block, OpBuilder &builder,
                                       IRMapping &mapping);

/// Clones every op of `func`'s body but the return at the builder's
/// insertion point. `mapping` must map the function's arguments (data and
/// control); forward references (graph regions) are resolved after all ops
/// are cloned. Returns the clones and the mapped return operands.
ClonedBody cloneFunctionBody(Operation *func, OpBuilder &builder,
                             IRMapping &mapping);

/// Counts nodes and operand edges in the graph bodies of `module`.
struct GraphSize {
  int64_t nodes = 0, edges = 0;
};
GraphSize countGraphSize(Operation *module);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_GRAPHUTILS_H
