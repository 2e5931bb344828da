//===- GraphRewrite.cpp - The graph-aware pattern rewrite driver ----------===//
//
// A worklist driver over the nodes of one graph or function body. Each node
// is offered to the patterns (MLIR's PatternApplicator, so C++ and PDLL
// patterns alike) through a rewriter that knows tfg nodes: replacing or
// erasing one moves its control dependencies (NodeRewrite.cpp), and
// protected nodes (fetches, feeds) are refused. After each successful
// rewrite the driver names and places the nodes it created, then queues what
// the rewrite touched. See docs/rationale/Transforms.md ("Pattern rewrites").
//
//===----------------------------------------------------------------------===//

#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/Rewrite/PatternApplicator.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include "llvm/Support/Debug.h"
#include <vector>

#define DEBUG_TYPE "tfg-graph-rewrite"

using namespace mlir;
using namespace mlir::tfg;

void mlir::tfg::registerPDLDialects(DialectRegistry &registry) {
  registry.insert<pdl::PDLDialect, pdl_interp::PDLInterpDialect>();
}

namespace {

/// What makes a node's identity: the name and placement that nodes created
/// to replace it inherit.
struct NodeIdentity {
  StringAttr name;
  Attribute device, assignedDevice;
};

class GraphRewriteDriver;

/// The rewriter patterns get: replaceOp and eraseOp of a tfg node follow
/// replaceNode/eraseNode, and no change to a protected node goes through.
class GraphPatternRewriter : public PatternRewriter {
public:
  GraphPatternRewriter(MLIRContext *ctx, GraphRewriteDriver &driver);

  void replaceOp(Operation *op, ValueRange newValues) override;
  void replaceOp(Operation *op, Operation *newOp) override {
    replaceOp(op, newOp->getResults());
  }
  void eraseOp(Operation *op) override;
  void replaceAllUsesWith(Value from, Value to) override;
  void replaceUsesWithIf(Value from, Value to,
                         function_ref<bool(OpOperand &)> functor,
                         bool *allUsesReplaced = nullptr) override;
  void startOpModification(Operation *op) override;

private:
  GraphRewriteDriver &driver;
};

class GraphRewriteDriver : public RewriterBase::Listener {
public:
  GraphRewriteDriver(Block &body, const FrozenRewritePatternSet &patterns,
                     const GraphRewriteConfig &config,
                     const PreservedNodes &preserved);

  FailureOr<GraphRewriteStats> run();

  bool isProtected(Operation *op) const {
    return preserved.isFetchOrFeed(op) ||
           (config.isProtected && config.isProtected(op));
  }
  /// A rewrite tried to replace, erase or rewire a protected node.
  void refuse() { app.refused = true; }
  /// A pattern did something invalid; `message` says what.
  void fail(Operation *op, const Twine &message) {
    if (!app.failed)
      op->emitError() << message;
    app.failed = true;
  }
  /// Called before `op` is replaced or erased by the rewrite.
  void willReplace(Operation *op) {
    if (app.hasReplaced)
      return;
    app.hasReplaced = true;
    app.replaced = getIdentity(op);
  }
  void setPrimary(Operation *op) {
    if (!app.primary)
      app.primary = op;
  }
  /// Called before a modification of `op`: remembers its name.
  void willModify(Operation *op) {
    if (getControlToken(op))
      app.namesBefore.try_emplace(op, getNodeNameAttr(op));
  }

  // Listener.
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override;
  void notifyOperationModified(Operation *op) override { addToWorklist(op); }
  void notifyOperationErased(Operation *op) override;
  /// The reasons patterns give for not matching (notifyMatchFailure), in
  /// the debug output (`-debug-only=tfg-graph-rewrite`).
  void
  notifyMatchFailure(Location loc,
                     function_ref<void(Diagnostic &)> reasonCallback) override {
    LLVM_DEBUG({
      Diagnostic diag(loc, DiagnosticSeverity::Remark);
      reasonCallback(diag);
      llvm::dbgs() << "tfg-graph-rewrite: no match at " << loc << ": " << diag
                   << "\n";
    });
  }

private:
  NodeIdentity getIdentity(Operation *op) const;
  void addToWorklist(Operation *op);
  void removeFromWorklist(Operation *op);
  /// A name for a node that wants `wanted`, unused by another node.
  StringAttr uniqueName(StringAttr wanted);
  void claimName(Operation *op, StringAttr name);
  /// After a rewrite: names and places the nodes it created, checks the
  /// names of the nodes it modified.
  void finishRewrite();
  /// After a refused rewrite: erases the unused nodes it created.
  void rollBack();

  Block &body;
  const GraphRewriteConfig &config;
  const PreservedNodes &preserved;
  MLIRContext *ctx;
  TFGraphDialect *dialect;
  GraphPatternRewriter rewriter;
  PatternApplicator applicator;

  /// The worklist: a stack whose erased entries are null.
  std::vector<Operation *> stack;
  llvm::DenseMap<Operation *, size_t> position;
  /// Nodes whose rewrite was refused: not offered again.
  llvm::DenseSet<Operation *> refusedNodes;
  /// The node holding each name.
  llvm::DenseMap<StringAttr, Operation *> nameHolder;
  /// The next suffix to try per wanted name.
  llvm::StringMap<unsigned> nextSuffix;

  /// The current rewrite.
  struct Application {
    Operation *root = nullptr;
    bool rootErased = false, refused = false, failed = false;
    bool hasReplaced = false;
    NodeIdentity replaced;
    Operation *primary = nullptr;
    llvm::SetVector<Operation *> created;
    llvm::DenseMap<Operation *, StringAttr> namesBefore;
  } app;
};

} // namespace

//===----------------------------------------------------------------------===//
// GraphPatternRewriter
//===----------------------------------------------------------------------===//

GraphPatternRewriter::GraphPatternRewriter(MLIRContext *ctx,
                                           GraphRewriteDriver &driver)
    : PatternRewriter(ctx), driver(driver) {
  setListener(&driver);
}

void GraphPatternRewriter::replaceOp(Operation *op, ValueRange newValues) {
  if (driver.isProtected(op))
    return driver.refuse();
  if (!getControlToken(op)) {
    driver.willReplace(op);
    return PatternRewriter::replaceOp(op, newValues);
  }
  driver.willReplace(op);
  // The node taking `op`'s place: the producer of its token's replacement,
  // or of all its data replacements.
  Operation *replacement = nullptr;
  if (!newValues.empty()) {
    Value last = newValues.back();
    replacement = last.getDefiningOp();
    if (!isControlType(last.getType()) &&
        !llvm::all_of(newValues, [&](Value v) {
          return v && v.getDefiningOp() == replacement;
        }))
      replacement = nullptr;
  }
  if (failed(replaceNode(*this, op, newValues))) {
    if (newValues.size() + 1 < op->getNumResults() ||
        newValues.size() > op->getNumResults())
      driver.fail(op, "a pattern replaced a node with " +
                          Twine(newValues.size()) + " values for its " +
                          Twine(op->getNumResults() - 1) + " data results");
    else
      driver.refuse();
    return;
  }
  if (replacement)
    driver.setPrimary(replacement);
}

void GraphPatternRewriter::eraseOp(Operation *op) {
  if (driver.isProtected(op))
    return driver.refuse();
  driver.willReplace(op);
  Value ctl = getControlToken(op);
  if (!ctl || ctl.use_empty()) {
    for (Value result : op->getResults())
      if (!result.use_empty())
        return driver.fail(op, "a pattern erased a node whose results are "
                               "still used");
    return PatternRewriter::eraseOp(op);
  }
  if (failed(eraseNode(*this, op))) {
    if (llvm::any_of(getDataResults(op),
                     [](Value result) { return !result.use_empty(); }))
      return driver.fail(op, "a pattern erased a node whose results are "
                             "still used");
    driver.refuse();
  }
}

void GraphPatternRewriter::replaceAllUsesWith(Value from, Value to) {
  if (Operation *def = from.getDefiningOp(); def && driver.isProtected(def))
    return driver.refuse();
  PatternRewriter::replaceAllUsesWith(from, to);
}

void GraphPatternRewriter::replaceUsesWithIf(
    Value from, Value to, function_ref<bool(OpOperand &)> functor,
    bool *allUsesReplaced) {
  if (Operation *def = from.getDefiningOp(); def && driver.isProtected(def)) {
    if (allUsesReplaced)
      *allUsesReplaced = false;
    return driver.refuse();
  }
  PatternRewriter::replaceUsesWithIf(from, to, functor, allUsesReplaced);
}

void GraphPatternRewriter::startOpModification(Operation *op) {
  driver.willModify(op);
}

//===----------------------------------------------------------------------===//
// GraphRewriteDriver
//===----------------------------------------------------------------------===//

GraphRewriteDriver::GraphRewriteDriver(Block &body,
                                       const FrozenRewritePatternSet &patterns,
                                       const GraphRewriteConfig &config,
                                       const PreservedNodes &preserved)
    : body(body), config(config), preserved(preserved),
      ctx(body.getParentOp()->getContext()),
      dialect(ctx->getLoadedDialect<TFGraphDialect>()), rewriter(ctx, *this),
      applicator(patterns) {
  applicator.applyDefaultCostModel();
}

NodeIdentity GraphRewriteDriver::getIdentity(Operation *op) const {
  NodeIdentity id;
  if (!getControlToken(op))
    return id;
  id.name = getNodeNameAttr(op);
  id.device = op->getAttr(dialect->getDeviceAttrIdentifier());
  id.assignedDevice = op->getAttr(dialect->getAssignedDeviceAttrIdentifier());
  return id;
}

void GraphRewriteDriver::addToWorklist(Operation *op) {
  // Nested ops stand for the node of the body that holds them.
  while (op && op->getBlock() != &body)
    op = op->getParentOp();
  if (!op || !position.try_emplace(op, stack.size()).second)
    return;
  stack.push_back(op);
}

void GraphRewriteDriver::removeFromWorklist(Operation *op) {
  auto it = position.find(op);
  if (it == position.end())
    return;
  stack[it->second] = nullptr;
  position.erase(it);
}

void GraphRewriteDriver::notifyOperationInserted(
    Operation *op, OpBuilder::InsertPoint previous) {
  if (!previous.isSet())
    app.created.insert(op);
  addToWorklist(op);
}

void GraphRewriteDriver::notifyOperationErased(Operation *op) {
  removeFromWorklist(op);
  refusedNodes.erase(op);
  app.created.remove(op);
  app.namesBefore.erase(op);
  if (op == app.root)
    app.rootErased = true;
  if (app.primary == op)
    app.primary = nullptr;
  if (StringAttr name = getNodeNameAttr(op)) {
    auto it = nameHolder.find(name);
    if (it != nameHolder.end() && it->second == op)
      nameHolder.erase(it);
  }
  // Producers of its operands may now be simplified.
  for (Value operand : op->getOperands())
    if (Operation *def = operand.getDefiningOp())
      addToWorklist(def);
}

StringAttr GraphRewriteDriver::uniqueName(StringAttr wanted) {
  if (!nameHolder.count(wanted))
    return wanted;
  unsigned &next = nextSuffix.try_emplace(wanted.getValue(), 1).first->second;
  for (;; ++next) {
    StringAttr candidate =
        StringAttr::get(ctx, wanted.getValue() + "/" + llvm::Twine(next));
    if (!nameHolder.count(candidate)) {
      ++next;
      return candidate;
    }
  }
}

void GraphRewriteDriver::claimName(Operation *op, StringAttr name) {
  if (getNodeNameAttr(op) != name)
    setNodeName(op, name.getValue());
  nameHolder[name] = op;
}

void GraphRewriteDriver::finishRewrite() {
  StringAttr deviceId = dialect->getDeviceAttrIdentifier();
  StringAttr assignedId = dialect->getAssignedDeviceAttrIdentifier();
  NodeIdentity base = app.hasReplaced ? app.replaced : getIdentity(app.root);
  // The node taking the replaced node's place gets its name first.
  SmallVector<Operation *> created(app.created.begin(), app.created.end());
  if (app.primary && app.created.contains(app.primary)) {
    llvm::erase(created, app.primary);
    created.insert(created.begin(), app.primary);
  }
  for (Operation *op : created) {
    if (!getControlToken(op) || op->getName().getDialectNamespace() != "tfg" ||
        isa<ReturnOp>(op))
      continue;
    if (base.device && !op->getAttr(deviceId))
      op->setAttr(deviceId, base.device);
    if (base.assignedDevice && !op->getAttr(assignedId))
      op->setAttr(assignedId, base.assignedDevice);
    StringAttr wanted = getNodeNameAttr(op);
    if (!wanted) {
      // A node replacing an unnamed node stays unnamed.
      if (!base.name)
        continue;
      wanted = op == app.primary
                   ? base.name
                   : StringAttr::get(ctx, base.name.getValue() + "/" +
                                              getTFOpName(op));
    }
    claimName(op, uniqueName(wanted));
  }
  // Nodes renamed in place: protected nodes keep their names, the others
  // get unique ones.
  for (auto [op, before] : app.namesBefore) {
    StringAttr now = getNodeNameAttr(op);
    if (now == before || app.created.contains(op))
      continue;
    if (isProtected(op)) {
      setNodeName(op, before.getValue());
      continue;
    }
    if (before) {
      auto it = nameHolder.find(before);
      if (it != nameHolder.end() && it->second == op)
        nameHolder.erase(it);
    }
    if (now)
      claimName(op, uniqueName(now));
  }
}

void GraphRewriteDriver::rollBack() {
  auto created = app.created.takeVector();
  for (Operation *op : llvm::reverse(created)) {
    bool unused = llvm::all_of(op->getResults(),
                               [](Value result) { return result.use_empty(); });
    if (unused && op->getBlock())
      rewriter.PatternRewriter::eraseOp(op);
    else
      app.created.insert(op);
  }
}

FailureOr<GraphRewriteStats> GraphRewriteDriver::run() {
  GraphRewriteStats stats;
  int64_t numNodes = 0;
  for (Operation &op : body) {
    ++numNodes;
    op.walk([&](Operation *inner) {
      if (StringAttr name = getNodeNameAttr(inner))
        nameHolder.try_emplace(name, inner);
    });
  }
  int64_t maxRewrites =
      config.maxRewrites >= 0 ? config.maxRewrites : 16 * numNodes + 1024;
  // Block order: the stack is popped from the back.
  stack.reserve(numNodes);
  for (Operation &op : llvm::reverse(body)) {
    position[&op] = stack.size();
    stack.push_back(&op);
  }

  while (!stack.empty()) {
    Operation *op = stack.back();
    stack.pop_back();
    if (!op)
      continue;
    position.erase(op);
    if (isProtected(op) || refusedNodes.contains(op))
      continue;
    if (stats.rewrites >= maxRewrites) {
      stats.converged = false;
      break;
    }
    app = Application();
    app.root = op;
    NodeIdentity rootIdentity = getIdentity(op);
    rewriter.setInsertionPoint(op);
    if (failed(applicator.matchAndRewrite(op, rewriter)))
      continue;
    if (app.failed)
      return failure();
    if (app.refused) {
      ++stats.refused;
      rollBack();
      if (!app.rootErased)
        refusedNodes.insert(op);
    } else {
      ++stats.rewrites;
    }
    if (!app.hasReplaced && app.rootErased) {
      app.hasReplaced = true;
      app.replaced = rootIdentity;
    }
    if (app.rootErased)
      app.root = nullptr;
    if (!app.root && !app.hasReplaced)
      continue;
    finishRewrite();
  }
  app = Application();
  return stats;
}

/// The driver running on this thread (clones of a pass may run on several
/// threads), for isProtectedByGraphRewrite.
static thread_local const GraphRewriteDriver *currentDriver = nullptr;

FailureOr<GraphRewriteStats>
mlir::tfg::applyGraphPatterns(Block &body,
                              const FrozenRewritePatternSet &patterns,
                              const GraphRewriteConfig &config) {
  FailureOr<PreservedNodes> preserved =
      PreservedNodes::compute(body, config.preserve);
  if (failed(preserved))
    return failure();
  GraphRewriteDriver driver(body, patterns, config, *preserved);
  const GraphRewriteDriver *previous = currentDriver;
  currentDriver = &driver;
  FailureOr<GraphRewriteStats> stats = driver.run();
  currentDriver = previous;
  return stats;
}

bool mlir::tfg::isProtectedByGraphRewrite(Operation *op) {
  return !currentDriver || currentDriver->isProtected(op);
}
