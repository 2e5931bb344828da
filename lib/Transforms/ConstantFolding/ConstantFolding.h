//===- ConstantFolding.h - Internals of tfg-constant-folding ----*- C++ -*-===//
//
// What the three parts of the constant folding pass share: the state of one
// run over a graph or function body (limits, fed and fetched nodes, the name
// uniquer), the test of which nodes may be rewritten, the reading of
// constant operands, and the node surgery every rule uses (a replacement
// node takes the replaced node's name, device and control operands; the
// data operands it drops become control dependencies, as Grappler's
// constant folding does, so that frames and deadness are kept).
//
//  - Folding.cpp: the driver (topological walk to a fixed point), folding
//    of nodes whose operands are all constant with TFGEval, and the pass;
//  - Materialize.cpp: results known from static shapes (Shape, ShapeN, Size,
//    Rank, BroadcastGradientArgs, ZerosLike, OnesLike, reduction indices)
//    and constants entering a loop frame;
//  - Simplify.cpp: the algebraic and structural simplifications of nodes
//    with some constant operands;
//  - Partial.cpp: partial folding and constant push-down;
//  - Stateful.cpp: the rules for nodes the others leave alone (Case calls,
//    CaseRegion/IfRegion inlining, RandomShuffle).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_CONSTANTFOLDING_CONSTANTFOLDING_H
#define TFG_LIB_TRANSFORMS_CONSTANTFOLDING_CONSTANTFOLDING_H

#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <string>

namespace mlir {
namespace tfg {
namespace folding {

/// One run of the pass over a body.
struct FoldingState {
  FoldingState(Block &body, int64_t maxBytes)
      : body(body), maxBytes(maxBytes) {}

  Block &body;
  /// The largest constant (in bytes) the pass may create.
  int64_t maxBytes;
  /// Names of the fed nodes (never rewritten; their outputs are not
  /// constant) and of the fetched nodes (a multi-result fetched node is not
  /// folded: its outputs are named by it).
  llvm::StringSet<> fed, fetched;
  /// Whether nodes may be deleted (functions, or graphs with fetches).
  bool canDeleteNodes = false;
  int64_t numFolded = 0, numMaterialized = 0, numSimplified = 0;

  /// Whether ops of a name are stateful or unknown (isStatefulNode), cached:
  /// the registry lookup is by string.
  bool isStateful(Operation *op);

  /// Whether a bypass becomes Snapshot rather than Identity: when the body
  /// holds ops that update their inputs in place (Assign*, Inplace*), as
  /// Grappler decides (a Snapshot copies, so the update cannot reach the
  /// bypassed value).
  bool useSnapshot();

  /// A name unused in the body, derived from `base`.
  std::string uniqueName(StringRef base);
  /// Records a name given to a node.
  void reserveName(StringRef name) {
    if (names)
      names->reserve(name);
  }

private:
  std::optional<NodeNameUniquer> names;
  std::optional<bool> mutatesInputs;
  llvm::DenseMap<OperationName, bool> statefulByName;
};

/// Whether the pass may rewrite `op`: a node without regions, not fed, not
/// side-effecting (stateful, unknown, ref operands), not
/// `_grappler_do_not_remove`, with no resource or variant data, and not a
/// Const or Placeholder.
bool isRewritable(FoldingState &state, Operation *op);

/// The value of `v` when it is the result of a Const that is not fed; null
/// otherwise.
ElementsAttr getConstantValue(const FoldingState &state, Value v);

/// Whether a data operand of `op` is produced by a fed node (whose value,
/// and for shape rules whose shape, is only known when it runs: a feed may
/// be of another shape than the node's type says).
bool readsFedNode(const FoldingState &state, Operation *op);

/// The number of bytes of a tensor of `type` (strings: of `value`'s
/// strings when given, else 8 per element); nullopt when unknown or
/// overflowing.
std::optional<int64_t> getTensorBytes(ShapedType type, ElementsAttr value = {});

/// The static shape of `v`'s type, or nullopt.
std::optional<SmallVector<int64_t>> getStaticShape(Value v);

/// Builds `Const {dtype, value}` before `like`, on its device, with the
/// given control operands. Named `name`, or `like`'s name when empty.
Operation *buildConst(Operation *like, ElementsAttr value, ValueRange controls,
                      StringRef name = {});

/// Replaces `op` by the node `replacement` (built before it, with as many
/// data results, named like `op`): the uses of `op`'s data results and
/// control token move to it, and `op` is erased.
void replaceInPlace(Operation *op, Operation *replacement);

/// What a node that no longer reads `v` must wait for instead: the control
/// token of its producer; for a Const, none when it has no control operands
/// (it runs unconditionally), else its token.
Value getAnchorOf(Value v);

/// What a node replacing `op` waits for: `op`'s control operands and the
/// anchors (getAnchorOf) of `dropped` (data operands it no longer reads).
SmallVector<Value> getReplacementControls(Operation *op, ValueRange dropped);

/// Replaces `op` (one data result) by `<opName>(x)` named like `op`, with
/// attribute T = x's element type; `dropped` become control dependencies.
/// Returns the new node.
Operation *replaceWithUnary(FoldingState &state, Operation *op,
                            StringRef opName, Value x, ValueRange dropped);

/// Replaces `op` (one data result) by a Const of `value` named like `op`;
/// the data operands become control dependencies. Null (nothing changed)
/// when `value` is over the size limit.
Operation *replaceWithConst(FoldingState &state, Operation *op,
                            ElementsAttr value);

/// Replaces the data results of `op` by Consts of `values` (one per
/// result; see Folding.cpp for naming and when `op` is erased). Returns a
/// new Const, or null when nothing changed.
Operation *replaceWithConsts(FoldingState &state, Operation *op,
                             ArrayRef<ElementsAttr> values);

/// The materialization rules (Materialize.cpp): a replacement node or null.
Operation *tryMaterialize(FoldingState &state, Operation *op);
/// The simplification rules (Simplify.cpp): a replacement node or null.
Operation *trySimplify(FoldingState &state, Operation *op);
/// The partial folding and push-down rules (Partial.cpp), which
/// trySimplify tries last.
Operation *tryPartialFold(FoldingState &state, Operation *op);

//===----------------------------------------------------------------------===//
// Helpers of the rules
//===----------------------------------------------------------------------===//

/// The attributes of a node replacing `op`: its name (or `name`), device
/// and assigned device.
SmallVector<NamedAttribute> getPlacementAttrs(Operation *op,
                                              StringRef name = {});

/// Builds `<opName>(data) [controls] {attrs}` before `op`, named like `op`
/// and on its device, with `op`'s data result types, and replaces `op` by
/// it (counted as a simplification).
Operation *replaceWithNode(FoldingState &state, Operation *op, StringRef opName,
                           ValueRange data, ValueRange controls,
                           ArrayRef<NamedAttribute> attrs);

/// Case/StatelessCase whose branch index is a Const: a call of that branch
/// (the last one for an index out of range, as TensorFlow runs it),
/// StatefulPartitionedCall for Case, PartitionedCall for StatelessCase, named
/// like the Case; the index becomes a control dependency. Null otherwise.
Operation *foldConstantCase(FoldingState &state, Operation *op);

/// The rules for nodes isRewritable excludes (Stateful.cpp): Case with a
/// constant index, CaseRegion/IfRegion with a constant index or condition
/// (the chosen region is inlined), RandomShuffle of one element along its
/// first dimension. True when `op` changed; `op` is then its replacement,
/// or null when it was erased.
bool trySpecialRules(FoldingState &state, Operation *&op);

/// Builds a Const of `value` before `op`, named `<op>/<suffix>` (uniqued),
/// on `op`'s device; null over the size limit.
Operation *buildHelperConst(FoldingState &state, Operation *op,
                            ElementsAttr value, ValueRange controls,
                            StringRef suffix);

/// Evaluates `opName` on constant operands with attributes `attrs`:
/// result 0, or null.
ElementsAttr evaluateConstant(FoldingState &state, Operation *like,
                              StringRef opName, ArrayRef<ElementsAttr> operands,
                              ArrayRef<NamedAttribute> attrs);

/// The anchors (getAnchorOf) of the Consts producing `values`: what a Const
/// of their folded combination waits for.
SmallVector<Value> getConstControls(ValueRange values);

/// The integers of a constant (bool as 0/1), or nullopt when it is not an
/// integer tensor or has more than `maxElements` elements.
std::optional<SmallVector<int64_t>> getInts(ElementsAttr value,
                                            int64_t maxElements = 1024);

} // namespace folding
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_CONSTANTFOLDING_CONSTANTFOLDING_H
