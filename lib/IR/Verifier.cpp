//===- Verifier.cpp - Verification of large graphs ------------------------===//
//
// See Verifier.h.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/Verifier.h"
#include "GenericSyntax.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Threading.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::tfg;

/// Bodies of more operations than this are verified node by node.
constexpr size_t kMinNodesOfLargeBody = 4096;

/// Whether `op` is a graph or function whose body is verified node by node.
static bool hasLargeBody(Operation *op) {
  if (!isa<GraphOp, GraphFuncOp>(op) || !op->getRegion(0).hasOneBlock())
    return false;
  size_t n = 0;
  for (Operation &node : op->getRegion(0).front()) {
    (void)node;
    if (++n > kMinNodesOfLargeBody)
      return true;
  }
  return false;
}

/// Whether the graph and functions of `module` hold so few operations in
/// all (at most kMinNodesOfLargeBody, counted to there) that they are
/// verified on one thread.
static bool isSmallModule(ModuleOp module) {
  size_t n = 0;
  WalkResult walk = module.getBody()->walk([&](Operation *) {
    return ++n > kMinNodesOfLargeBody ? WalkResult::interrupt()
                                      : WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// mlir::verify's check of an operation's place in its block, which
/// verifying the operation alone does not make.
static LogicalResult verifyPlaceInBlock(Operation &op) {
  if (op.getNumSuccessors() != 0 && &op != &op.getBlock()->back())
    return op.emitError(
        "operation with block successors must terminate its parent block");
  return success();
}

/// What mlir::verify of `op`'s parent checks of `op`.
static LogicalResult verifyInBlock(Operation &op) {
  if (failed(verifyPlaceInBlock(op)))
    return failure();
  return verify(&op);
}

namespace {
/// The node names of one scope, each of which TensorFlow holds unique: a
/// graph, a function body (with its arguments' names: an input `x` of a
/// FunctionDef names either) or a region of region control flow (a function
/// once converted back). A hash set of the uniqued names; the other holder
/// of a name is looked for only to report a duplicate.
class NodeNames {
public:
  explicit NodeNames(Block &block) : block(block) {
    func = dyn_cast_or_null<GraphFuncOp>(block.getParentOp());
    if (!func || !block.isEntryBlock())
      return;
    StringAttr tfgName =
        getTFGDialect(func->getContext())->getTfgNameAttrIdentifier();
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (auto name = func.getArgAttrOfType<StringAttr>(i, tfgName))
        names.insert(name);
  }

  /// Checks that `op`'s name, if it has one, is not taken in the scope.
  LogicalResult add(Operation &op) {
    StringAttr name = getNodeNameAttr(&op);
    if (!name || name.empty() || names.insert(name).second)
      return success();
    return reportDuplicate(op, name);
  }

private:
  LogicalResult reportDuplicate(Operation &op, StringAttr name);
  Block &block;
  GraphFuncOp func;
  llvm::SmallDenseSet<StringAttr, 16> names;
};
} // namespace

LogicalResult NodeNames::reportDuplicate(Operation &op, StringAttr name) {
  for (Operation &other : block) {
    if (&other == &op)
      break;
    if (getNodeNameAttr(&other) != name)
      continue;
    InFlightDiagnostic diag = op.emitOpError("duplicate node name '")
                              << name.getValue() << "' in this ";
    if (func)
      diag << "function @" << func.getSymName();
    else
      diag << (isa_and_nonnull<GraphOp>(block.getParentOp()) ? "graph"
                                                             : "region");
    diag.attachNote(other.getLoc())
        << "the first node named '" << name.getValue() << "'";
    return diag;
  }
  // Not a node before `op`: an argument of the function.
  if (!func)
    return op.emitOpError("duplicate node name '") << name.getValue() << "'";
  StringAttr tfgName =
      getTFGDialect(op.getContext())->getTfgNameAttrIdentifier();
  unsigned i = 0;
  while (i + 1 < func.getNumArguments() &&
         func.getArgAttrOfType<StringAttr>(i, tfgName) != name)
    ++i;
  return op.emitOpError("node name '")
         << name.getValue() << "' is the name of argument #" << i
         << " of function @" << func.getSymName();
}

/// The graph or function whose nodes verifyNodeByNode checked, while it
/// verifies the op itself (on this thread): its verifier skips them.
static thread_local Operation *nodesChecked = nullptr;

/// tfg's checks of `op` (a generic node) and of the nodes nested in it.
static LogicalResult verifyNodeTree(Operation &op, Dialect *tfg) {
  if (op.getNumRegions() != 0 && failed(tfg::detail::verifyNestedNodes(&op)))
    return failure();
  if (!op.isRegistered() && op.getDialect() == tfg)
    return verifyTFGNode(&op);
  return success();
}

LogicalResult mlir::tfg::detail::verifyNestedNodes(Operation *parent) {
  if (parent == nodesChecked)
    return success();
  Dialect *tfg = getTFGDialect(parent->getContext());
  for (Region &region : parent->getRegions()) {
    for (Block &block : region) {
      NodeNames names(block);
      for (Operation &op : block)
        if (failed(verifyNodeTree(op, tfg)) || failed(names.add(op)))
          return failure();
    }
  }
  return success();
}

/// Whether every value `node` and the operations nested in it use is
/// visible where it is used as far as `graph`'s region goes: a node's
/// operands are defined in the graph's block, and a nested operation's
/// inside the graph's region (the node's own verifier checks dominance
/// inside its regions). What mlir::verify of a graph checks of its body
/// besides its operations: isolation from above and, in a graph region,
/// dominance.
static bool usesVisibleValues(Operation &node, Block &body) {
  for (Value v : node.getOperands())
    if (v.getParentBlock() != &body)
      return false;
  if (node.getNumRegions() == 0)
    return true;
  Region *graphRegion = body.getParent();
  WalkResult walk = node.walk([&](Operation *nested) {
    if (nested == &node)
      return WalkResult::advance();
    for (Value v : nested->getOperands()) {
      // An operand of a detached op has no region (MLIR: "unlinked").
      Region *region = v.getParentRegion();
      if (!region || !graphRegion->isAncestor(region))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// mlir::verify(graph, verifyRecursively = false) once usesVisibleValues
/// held for every node: the graph's own checks with an empty block in place
/// of its body, so that MLIR's walks of the body (isolation from above and
/// a dominance query per operand: 0.2 s at 1M nodes) do not repeat what the
/// node loop established. The body is moved back whatever the result.
static LogicalResult verifyGraphAlone(GraphOp graph) {
  Region &region = graph->getRegion(0);
  Block *body = region.getBlocks().remove(region.begin());
  region.push_back(new Block());
  LogicalResult result = verify(graph, /*verifyRecursively=*/false);
  region.getBlocks().clear();
  region.push_back(body);
  return result;
}

/// The first part of the verification of a large body: its nodes. `visible`
/// tells whether usesVisibleValues held for every node of a graph (if not,
/// the nodes after the first that fails are left to verifyNodesOwner).
static LogicalResult verifyNodes(Operation *op, bool &visible) {
  Dialect *tfg = getTFGDialect(op->getContext());
  Block &body = op->getRegion(0).front();
  bool isGraph = isa<GraphOp>(op);
  visible = isGraph;
  NodeNames names(body);
  for (Operation &node : body) {
    // A value out of sight: verifyNodesOwner leaves the graph to
    // mlir::verify, which orders that diagnostic among the others.
    if (visible && !usesVisibleValues(node, body)) {
      visible = false;
      return success();
    }
    if (failed(verifyInBlock(node)) || failed(verifyNodeTree(node, tfg)) ||
        failed(names.add(node)))
      return failure();
  }
  return success();
}

/// The second part: `op` itself (all of a graph whose values were not all
/// visible). It moves a graph's body aside, so it runs when nothing else
/// looks at the module (a module's symbol table check walks into graphs).
static LogicalResult verifyNodesOwner(Operation *op, bool visible) {
  auto graph = dyn_cast<GraphOp>(op);
  // A value out of sight: mlir::verify of the whole graph reports it with
  // MLIR's own diagnostic.
  if (graph && !visible)
    return verify(op);
  nodesChecked = op;
  LogicalResult result =
      graph ? verifyGraphAlone(graph) : verify(op, /*verifyRecursively=*/false);
  nodesChecked = nullptr;
  return result;
}

/// What mlir::verify checks of `module` and of its isolated `children`:
/// the module alone, then each child with its place in the block; the
/// children in parallel or, without `parallel`, in order on this thread.
static LogicalResult verifyModuleAndChildren(Operation *module,
                                             ArrayRef<Operation *> children,
                                             bool parallel) {
  if (failed(verify(module, /*verifyRecursively=*/false)))
    return failure();
  auto verifyChild = [](Operation *child) { return verifyInBlock(*child); };
  if (parallel)
    return failableParallelForEach(module->getContext(), children, verifyChild);
  for (Operation *child : children)
    if (failed(verifyChild(child)))
      return failure();
  return success();
}

LogicalResult mlir::tfg::verifyGraphModule(Operation *op) {
  if (hasLargeBody(op)) {
    bool visible;
    return failure(failed(verifyNodes(op, visible)) ||
                   failed(verifyNodesOwner(op, visible)));
  }
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return verify(op);
  // The children are verified on their own only when no value can cross
  // from one into another (the module's own dominance check then has
  // nothing to look at inside them).
  SmallVector<Operation *> small, large;
  for (Operation &child : *module.getBody()) {
    if (child.getNumRegions() != 0 &&
        !child.hasTrait<OpTrait::IsIsolatedFromAbove>())
      return verify(op);
    (hasLargeBody(&child) ? large : small).push_back(&child);
  }
  if (large.empty()) {
    if (!isSmallModule(module))
      return verify(op);
    // mlir::verify would verify the children in parallel: starting the
    // context's threads, whose caches of MLIR's uniquer then live as long
    // as the context, for less work than that costs.
    return verifyModuleAndChildren(op, small, /*parallel=*/false);
  }
  // The module's own checks with its small children, and the nodes of the
  // large bodies: independent, so the two run at once (diagnostics in this
  // order). Then the large bodies' owners, one by one.
  SmallVector<char> visible(large.size(), false);
  auto verifyLargeNodes = [&]() -> LogicalResult {
    for (auto [i, child] : llvm::enumerate(large)) {
      bool v;
      if (failed(verifyPlaceInBlock(*child)) || failed(verifyNodes(child, v)))
        return failure();
      visible[i] = v;
    }
    return success();
  };
  if (failed(failableParallelForEachN(op->getContext(), 0, 2, [&](size_t i) {
        return i == 0 ? verifyModuleAndChildren(op, small, /*parallel=*/true)
                      : verifyLargeNodes();
      })))
    return failure();
  for (auto [i, child] : llvm::enumerate(large))
    if (failed(verifyNodesOwner(child, visible[i])))
      return failure();
  return success();
}
