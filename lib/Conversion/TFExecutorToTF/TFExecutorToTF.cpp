//===- TFExecutorToTF.cpp - tf_executor islands to tf functions -----------===//
//
// `--tf-executor-to-tf`: the islands of a tf_executor graph are merged
// into the function's body in the graph's order, which is a topological
// order of the data and control edges (`--tfg-to-tf-executor` writes one):
// ops with side effects stay in the order their control edges gave them,
// and the control tokens go. The entry function's feeds become its
// arguments and its fetches its results. v1 control flow is functionalized
// first (through tfg: --tfg-functionalize-control-flow); graphs with v1
// control flow left stay tf_executor graphs. One pass over each graph's ops:
// linear, no recursion.
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/TFExecutorToTF/TFExecutorToTF.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"
#include "tfg/Transforms/Functionalize.h"

#include "tfg/Dialect/TF/TFDialect.h"
#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TFEXECUTORTOTFPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
namespace tfe = mlir::tf_executor;

static constexpr llvm::StringLiteral kEntryFunction = "tf.entry_function";

/// The tf_executor graph a function body holds, or null.
static tfe::GraphOp getGraphOf(func::FuncOp func) {
  if (func.getBody().empty() || func.getBody().front().empty())
    return nullptr;
  return dyn_cast<tfe::GraphOp>(func.getBody().front().front());
}

/// The op an island wraps, or the op itself.
static Operation *getNamedOp(Operation &op) {
  if (auto island = dyn_cast<tfe::IslandOp>(op))
    return island.getWrappedOp();
  return &op;
}

static StringRef getName(Operation *op) {
  auto name = op ? op->getAttrOfType<StringAttr>("_mlir_name") : nullptr;
  return name ? name.getValue() : StringRef();
}

/// The data results of node `op` of a graph (an island's outputs).
static ValueRange getOutputs(Operation &op) {
  if (auto island = dyn_cast<tfe::IslandOp>(op))
    return island.getOutputs();
  if (op.getNumResults() &&
      isa<tfe::ControlType>(op.getResults().back().getType()))
    return op.getResults().drop_back();
  return op.getResults();
}

/// Removes the nodes of `graph` its fetch does not need (through data and
/// control edges), as TensorFlow prunes a graph to its fetches: a function
/// of tf ops runs every op with side effects, a graph only what is
/// fetched. Iterative, linear in the graph's ops and operands.
static void pruneGraph(tfe::GraphOp graph) {
  Block &block = graph.getBlock();
  DenseSet<Operation *> needed;
  SmallVector<Operation *, 64> worklist;
  auto need = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (def && def->getBlock() == &block && needed.insert(def).second)
      worklist.push_back(def);
  };
  Operation *fetch = graph.getFetch();
  needed.insert(fetch);
  worklist.push_back(fetch);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    // An island's ops read values of the graph too.
    op->walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        need(v);
    });
    // A loop's next value is computed where its Sink is.
    if (auto source = dyn_cast<tfe::NextIterationSourceOp>(op))
      if (Operation *sink = source.getSink())
        if (needed.insert(sink).second)
          worklist.push_back(sink);
  }
  SmallVector<Operation *, 64> dead;
  for (Operation &op : block)
    if (!needed.contains(&op))
      dead.push_back(&op);
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : dead) {
    op->dropAllUses();
    op->erase();
  }
}

/// Gives the entry function `func` its feeds as arguments and its fetches
/// as results.
static LogicalResult convertEntrySignature(func::FuncOp func,
                                           tfe::GraphOp graph,
                                           ArrayRef<std::string> feedNames,
                                           ArrayRef<std::string> fetchNames) {
  llvm::StringMap<Operation *> nodes;
  std::vector<std::string> defaultFeeds;
  for (Operation &op : graph.getBlock()) {
    Operation *named = getNamedOp(op);
    StringRef name = getName(named);
    if (name.empty())
      continue;
    nodes[name] = &op;
    if (feedNames.empty() &&
        (named->getName().getStringRef() == "tf.Placeholder" ||
         named->getName().getStringRef() == "tf.PlaceholderV2"))
      defaultFeeds.push_back(name.str());
  }
  if (feedNames.empty())
    feedNames = defaultFeeds;
  auto resolve = [&](StringRef tensor) -> FailureOr<Value> {
    auto [node, index] = tensor.split(':');
    unsigned k = 0;
    Operation *op = nodes.lookup(node);
    if (!op || (!index.empty() && index.getAsInteger(10, k)) ||
        k >= getOutputs(*op).size())
      return func.emitError("tensor '")
             << tensor << "' is no output of a node of the graph";
    return getOutputs(*op)[k];
  };

  Block &entry = func.getBody().front();
  SmallVector<Type, 4> inputs;
  for (const std::string &name : feedNames) {
    auto value = resolve(name);
    if (failed(value))
      return failure();
    BlockArgument arg = entry.addArgument(value->getType(), value->getLoc());
    value->replaceAllUsesWith(arg);
    inputs.push_back(arg.getType());
  }
  // A fed node's control edges move to the feed, as in TensorFlow: what
  // waits for its control token waits for nothing (the arguments are there
  // from the start). A fed Placeholder no longer runs: its island goes.
  for (const std::string &name : feedNames) {
    Operation *op = nodes.lookup(StringRef(name).split(':').first);
    if (!op || op->getNumResults() == 0)
      continue;
    Value control = op->getResults().back();
    if (!isa<tfe::ControlType>(control.getType()))
      continue;
    // Each tf_executor op has one variadic operand list, which holds its
    // controls: an operand erased leaves the others in place.
    while (!control.use_empty()) {
      OpOperand &use = *control.use_begin();
      use.getOwner()->eraseOperand(use.getOperandNumber());
    }
    if (op->use_empty() && isa<tfe::IslandOp>(op) && getNamedOp(*op) &&
        getNamedOp(*op)->getName().getStringRef().starts_with(
            "tf.Placeholder")) {
      nodes.erase(StringRef(name).split(':').first);
      op->erase();
    }
  }

  std::vector<std::string> fetchList(fetchNames.begin(), fetchNames.end());
  if (fetchList.empty())
    if (auto recorded =
            func->getParentOfType<ModuleOp>()->getAttrOfType<ArrayAttr>(
                "tfg.fetches"))
      for (Attribute a : recorded)
        if (auto s = dyn_cast<StringAttr>(a))
          fetchList.push_back(s.str());
  tfe::FetchOp fetch = graph.getFetch();
  SmallVector<Value, 4> data, controls;
  for (Value v : fetch.getOperands())
    (isa<tfe::ControlType>(v.getType()) ? controls : data).push_back(v);
  if (!fetchList.empty()) {
    data.clear();
    for (const std::string &name : fetchList) {
      auto value = resolve(name);
      if (failed(value))
        return failure();
      data.push_back(*value);
    }
  }
  SmallVector<Value, 4> operands(data);
  operands.append(controls);
  fetch->setOperands(operands);
  if (!fetchList.empty())
    pruneGraph(graph);

  // The graph's results are now the fetched values: rebuild it and return
  // them.
  OpBuilder builder(graph);
  SmallVector<Type, 4> types;
  for (Value v : data)
    types.push_back(v.getType());
  auto newGraph = tfe::GraphOp::create(builder, graph.getLoc(), types);
  newGraph->setAttrs(graph->getAttrs());
  newGraph.getBody().takeBody(graph.getBody());
  Operation *ret = entry.getTerminator();
  builder.setInsertionPoint(ret);
  func::ReturnOp::create(builder, ret->getLoc(), newGraph.getResults());
  ret->erase();
  graph.erase();
  func.setFunctionType(builder.getFunctionType(inputs, types));
  // Argument and result attributes are those of the new signature.
  func.setAllArgAttrs(ArrayRef<DictionaryAttr>{});
  func.setAllResultAttrs(ArrayRef<DictionaryAttr>{});

  SmallVector<NamedAttribute, 4> entryAttrs;
  if (auto old = func->getAttrOfType<DictionaryAttr>(kEntryFunction))
    entryAttrs.append(old.begin(), old.end());
  NamedAttrList list(entryAttrs);
  list.set("inputs", builder.getStringAttr(llvm::join(feedNames, ",")));
  list.set("outputs", builder.getStringAttr(llvm::join(fetchList, ",")));
  func->setAttr(kEntryFunction, list.getDictionary(func.getContext()));
  return success();
}

/// Moves the ops of the islands of `graph` into the function body before
/// it and returns what it fetched.
static void mergeIslands(tfe::GraphOp graph) {
  Block &block = graph.getBlock();
  // Control tokens go first, so that no op is erased while used.
  for (Operation &op : block) {
    if (auto island = dyn_cast<tfe::IslandOp>(op))
      island.getControlInputsMutable().clear();
  }
  tfe::FetchOp fetch = graph.getFetch();
  SmallVector<Value, 4> data;
  for (Value v : fetch.getOperands())
    if (!isa<tfe::ControlType>(v.getType()))
      data.push_back(v);
  fetch->setOperands(data);
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto island = dyn_cast<tfe::IslandOp>(op);
    if (!island)
      continue;
    tfe::YieldOp yield = island.getYield();
    for (Operation &inner :
         llvm::make_early_inc_range(island.getBlock().without_terminator())) {
      inner.moveBefore(graph);
      inner.removeAttr("tfg.arg_controls");
    }
    for (auto [out, value] :
         llvm::zip(island.getOutputs(), yield.getOperands()))
      out.replaceAllUsesWith(value);
    island.erase();
  }
  // The fetched values, now the merged ops' results.
  for (auto [result, value] :
       llvm::zip(graph.getResults(), fetch.getOperands()))
    result.replaceAllUsesWith(value);
  graph.erase();
}

/// True if a graph of `module` holds v1 control flow (an op other than
/// islands and the fetch).
static bool hasV1ControlFlow(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>())
    if (tfe::GraphOp graph = getGraphOf(func))
      for (Operation &op : graph.getBlock())
        if (!isa<tfe::IslandOp, tfe::FetchOp>(op))
          return true;
  return false;
}

/// Functionalizes the v1 control flow of `module`'s graphs: a copy goes
/// back to tfg (`--tf-executor-to-tfg`), `--tfg-functionalize-control-flow`
/// turns its structured loops and conditionals into While and If nodes, and
/// it is lowered to tf_executor again, replacing the module's body. Where
/// a step fails (a module the conversions do not take), the module stays
/// as it was and its v1 nodes get the remark below.
static void functionalizeV1(ModuleOp module, ArrayRef<std::string> feeds,
                            ArrayRef<std::string> fetches) {
  OwningOpRef<ModuleOp> copy(module.clone());
  FunctionalizeStats stats;
  {
    // The conversions' errors do not concern the caller: the module is
    // then left as it is.
    ScopedDiagnosticHandler quiet(module.getContext(), [&](Diagnostic &diag) {
      return success(diag.getSeverity() == DiagnosticSeverity::Error);
    });
    if (failed(convertTFExecutorToTFG(*copy)))
      return;
    std::vector<std::string> keep(feeds.begin(), feeds.end());
    keep.insert(keep.end(), fetches.begin(), fetches.end());
    functionalizeControlFlow(*copy, stats, keep);
    if (stats.loops + stats.conds == 0 || failed(convertTFGToTFExecutor(*copy)))
      return;
  }
  module.getBody()->getOperations().clear();
  module.getBody()->getOperations().splice(module.getBody()->end(),
                                           copy->getBody()->getOperations());
  for (NamedAttribute attr : (*copy)->getAttrs())
    if (attr.getName() != SymbolTable::getSymbolAttrName())
      module->setAttr(attr.getName(), attr.getValue());
}

LogicalResult mlir::tfg::convertTFExecutorToTF(ModuleOp module,
                                               ArrayRef<std::string> feeds,
                                               ArrayRef<std::string> fetches) {
  bool failedAny = false;
  if (hasV1ControlFlow(module))
    functionalizeV1(module, feeds, fetches);
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    tfe::GraphOp graph = getGraphOf(func);
    if (!graph)
      continue;
    if (func->hasAttr(kEntryFunction) && func.getNumArguments() == 0) {
      if (failed(convertEntrySignature(func, graph, feeds, fetches))) {
        failedAny = true;
        continue;
      }
      graph = getGraphOf(func);
    }
    Operation *v1 = nullptr;
    for (Operation &op : graph.getBlock())
      if (!isa<tfe::IslandOp, tfe::FetchOp>(op)) {
        v1 = &op;
        break;
      }
    if (v1) {
      StringRef name = getName(v1);
      v1->emitRemark("node '")
          << name << "' (" << v1->getName()
          << ") is v1 control flow that is not functionalized: function '"
          << func.getSymName() << "' stays a tf_executor graph";
      continue;
    }
    mergeIslands(graph);
  }
  return failure(failedAny);
}

namespace {
struct TFExecutorToTFPass
    : public tfg::impl::TFExecutorToTFPassBase<TFExecutorToTFPass> {
  using TFExecutorToTFPassBase::TFExecutorToTFPassBase;
  void runOnOperation() override {
    std::vector<std::string> feedList(feeds.begin(), feeds.end());
    std::vector<std::string> fetchList(fetches.begin(), fetches.end());
    if (failed(convertTFExecutorToTF(getOperation(), feedList, fetchList)))
      signalPassFailure();
  }
};
} // namespace
