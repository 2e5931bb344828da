//===- TFGToMLProgram.cpp - tfg to ml_program and tf ops ------------------===//
//
// The driver of --tfg-to-ml-program: the graph, pruned to what its fetches
// need, becomes a func.func whose arguments are its Placeholders and whose
// results are the fetches; the functions its nodes call (transitively)
// become func.funcs; everything else of tfg is dropped. BodyLowering lowers
// each body, VariableTable declares the globals.
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/TFGToMLProgram/TFGToMLProgram.h"
#include "tfg/Conversion/Passes.h"

#include "BodyLowering.h"
#include "Variables.h"

#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"
#include "tfg/Dialect/TF/TFDialect.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TFGTOMLPROGRAMPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::mlprogram;

namespace {
/// Lowers a module's graph and the functions it calls.
class ModuleLowering {
public:
  ModuleLowering(ModuleOp module, const MLProgramOptions &options)
      : module(module), options(options), variables(module) {}

  LogicalResult run();

private:
  LogicalResult lowerGraph(GraphOp graph);
  LogicalResult lowerFunction(GraphFuncOp func);
  /// Queues the functions `node` calls (its op name, its function
  /// attributes).
  void collectCallees(Operation *node);
  LogicalResult getFetches(GraphOp graph, SmallVectorImpl<std::string> &specs,
                           SmallVectorImpl<Value> &values,
                           SmallVectorImpl<Operation *> &targets);

  ModuleOp module;
  const MLProgramOptions &options;
  VariableTable variables;
  llvm::StringMap<OperationName> names;
  llvm::StringMap<GraphFuncOp> functions;
  llvm::DenseMap<OperationName, GraphFuncOp> calleeOfOp;
  llvm::SetVector<GraphFuncOp> called;
};
} // namespace

void ModuleLowering::collectCallees(Operation *node) {
  auto add = [&](StringRef name) {
    if (GraphFuncOp func = functions.lookup(name))
      called.insert(func);
  };
  // The function an op name calls, looked up once per op name.
  auto it = calleeOfOp.find(node->getName());
  if (it == calleeOfOp.end())
    it = calleeOfOp
             .try_emplace(node->getName(), functions.lookup(getTFOpName(node)))
             .first;
  if (it->second)
    called.insert(it->second);
  // Function attributes, nested in lists and dictionaries; the other
  // attributes (types, strings, numbers, tensors) hold none, and are not
  // walked (a walk keeps a visited set: a cost per node).
  for (NamedAttribute attr : node->getAttrDictionary())
    if (isa<tf_type::FuncAttr, ArrayAttr, DictionaryAttr>(attr.getValue()))
      attr.getValue().walk(
          [&](tf_type::FuncAttr f) { add(f.getName().getLeafReference()); });
}

LogicalResult
ModuleLowering::getFetches(GraphOp graph, SmallVectorImpl<std::string> &specs,
                           SmallVectorImpl<Value> &values,
                           SmallVectorImpl<Operation *> &targets) {
  Block &body = graph.getBody();
  std::vector<std::string> all(options.fetch.begin(), options.fetch.end());
  if (all.empty())
    all = getRecordedFetches(module);
  if (all.empty())
    all = getSinkFetches(body);
  // The nodes the fetches name, in one pass over the body that keeps no
  // other name (getNodesByName would hold every node's).
  llvm::StringSet<> wanted;
  for (const std::string &spec : all)
    wanted.insert(getNodeNameOfSpec(spec));
  llvm::StringMap<Operation *> byName;
  for (Operation &op : body)
    if (StringAttr name = getNodeNameAttr(&op);
        name && wanted.contains(name.getValue()))
      byName.try_emplace(name.getValue(), &op);
  for (const std::string &spec : all) {
    NodeSpec parsed = parseNodeSpec(spec);
    FailureOr<Operation *> node = resolveNodeSpec(
        byName, "fetch", spec, graph.getLoc(), /*nameIsOutput0=*/true);
    if (failed(node))
      return failure();
    if (parsed.output < 0) {
      targets.push_back(*node);
      continue;
    }
    specs.push_back(spec);
    values.push_back(getDataResults(*node)[parsed.output]);
  }
  return success();
}

static bool isFeed(Operation *op) {
  StringRef name = getTFOpName(op);
  return !op->isRegistered() &&
         (name == "Placeholder" || name == "PlaceholderV2");
}

LogicalResult ModuleLowering::lowerGraph(GraphOp graph) {
  Block &body = graph.getBody();
  SmallVector<std::string> specs;
  SmallVector<Value> fetches;
  SmallVector<Operation *> targets;
  if (failed(getFetches(graph, specs, fetches, targets)))
    return failure();
  // What the fetches need, through data and control edges.
  llvm::DenseSet<Operation *> needed;
  SmallVector<Operation *> worklist(targets);
  for (Value fetch : fetches)
    worklist.push_back(fetch.getDefiningOp());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op || op->getBlock() != &body || !needed.insert(op).second)
      continue;
    for (Value operand : op->getOperands())
      worklist.push_back(operand.getDefiningOp());
  }
  SmallVector<Operation *> order;
  if (failed(orderNodes(body, &needed, order)))
    return failure();

  OpBuilder builder(graph);
  Location loc = graph.getLoc();
  // Arguments: the Placeholders needed, in graph order.
  SmallVector<Operation *> feeds;
  for (Operation &op : body.without_terminator())
    if (needed.contains(&op) && isFeed(&op) && getDataResults(&op).size() == 1)
      feeds.push_back(&op);
  SmallVector<Type> inputs;
  for (Operation *feed : feeds)
    inputs.push_back(getDataResults(feed)[0].getType());
  auto func = func::FuncOp::create(builder, loc, options.funcName,
                                   builder.getFunctionType(inputs, {}));
  Block *entry = func.addEntryBlock();
  BodyLowering lowering(*entry, variables, names);
  llvm::DenseSet<Operation *> skip;
  SmallVector<std::string> feedNames;
  // All at once: one setArgAttr per argument copies the list each time
  // (quadratic in the arguments; a large graph has thousands).
  SmallVector<DictionaryAttr> argAttrs;
  StringAttr nameAttr = builder.getStringAttr(kMLProgramNameAttr);
  for (auto [i, feed] : llvm::enumerate(feeds)) {
    lowering.map(getDataResults(feed)[0], entry->getArgument(i));
    skip.insert(feed);
    feedNames.push_back(getNodeName(feed).str());
    argAttrs.push_back(builder.getDictionaryAttr(
        NamedAttribute(nameAttr, builder.getStringAttr(getNodeName(feed)))));
  }
  func.setAllArgAttrs(argAttrs);
  if (failed(lowering.lowerNodes(order, skip)))
    return failure();
  for (Operation *node : order)
    collectCallees(node);
  SmallVector<Value> results;
  for (auto [spec, fetch] : llvm::zip(specs, fetches)) {
    if (Variable *var = lowering.getVariable(fetch))
      return fetch.getDefiningOp()->emitError("fetch '")
             << spec << "' is the handle of variable '" << var->symbol
             << "', which has no ml_program value";
    FailureOr<Value> value = lowering.lookupData(fetch, fetch.getDefiningOp());
    if (failed(value))
      return failure();
    results.push_back(*value);
  }
  OpBuilder &inner = lowering.getBuilder();
  func::ReturnOp::create(inner, loc, results);
  func.setFunctionType(
      builder.getFunctionType(inputs, ValueRange(results).getTypes()));
  SmallVector<DictionaryAttr> resultAttrs;
  for (const std::string &spec : specs)
    resultAttrs.push_back(builder.getDictionaryAttr(
        NamedAttribute(nameAttr, builder.getStringAttr(spec))));
  func.setAllResultAttrs(resultAttrs);
  func->setAttr(
      kEntryFunctionAttr,
      builder.getDictionaryAttr(
          {builder.getNamedAttr(
               "inputs", builder.getStringAttr(llvm::join(feedNames, ","))),
           builder.getNamedAttr(
               "outputs", builder.getStringAttr(llvm::join(specs, ",")))}));
  return success();
}

LogicalResult ModuleLowering::lowerFunction(GraphFuncOp tfgFunc) {
  if (tfgFunc.isExternal())
    return tfgFunc.emitError("function has no body");
  OpBuilder builder(tfgFunc);
  Location loc = tfgFunc.getLoc();
  FunctionType type = tfgFunc.getFunctionType();
  auto func = func::FuncOp::create(builder, loc, tfgFunc.getSymName(), type);
  NamedAttrList attrs;
  for (NamedAttribute attr : tfgFunc->getAttrs()) {
    StringRef name = attr.getName();
    if (name == func.getFunctionTypeAttrName())
      continue;
    if (llvm::is_contained(kFuncOnlyAttrs, name))
      attrs.set(("tfg." + name).str(), attr.getValue());
    else
      attrs.set(attr.getName(), attr.getValue());
  }
  func->setAttrs(attrs.getDictionary(builder.getContext()));
  Block &body = tfgFunc.getBody().front();
  Block *entry = func.addEntryBlock();
  BodyLowering lowering(*entry, variables, names);
  for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i)
    lowering.map(body.getArgument(2 * i), entry->getArgument(i));
  SmallVector<Operation *> order;
  if (failed(orderNodes(body, nullptr, order)) ||
      failed(lowering.lowerNodes(order, {})))
    return failure();
  for (Operation *node : order)
    collectCallees(node);
  ReturnOp ret = tfgFunc.getReturnOp();
  SmallVector<Value> results;
  for (Value value : ret.getDataOperands()) {
    FailureOr<Value> lowered = lowering.lookupData(value, ret);
    if (failed(lowered))
      return failure();
    results.push_back(*lowered);
  }
  func::ReturnOp::create(lowering.getBuilder(), ret.getLoc(), results);
  // The function returns what its body computes (a load has its
  // variable's type, which may be less refined than the declared result).
  SmallVector<Type> resultTypes(ValueRange(results).getTypes());
  if (TypeRange(resultTypes) != type.getResults())
    func->setAttr(kFunctionTypeAttr, TypeAttr::get(type));
  func.setFunctionType(builder.getFunctionType(type.getInputs(), resultTypes));
  return success();
}

LogicalResult ModuleLowering::run() {
  SmallVector<GraphOp> graphs;
  SmallVector<GraphFuncOp> tfgFuncs;
  for (Operation &op : *module.getBody()) {
    if (auto graph = dyn_cast<GraphOp>(op))
      graphs.push_back(graph);
    else if (auto func = dyn_cast<GraphFuncOp>(op)) {
      tfgFuncs.push_back(func);
      functions[func.getSymName()] = func;
    }
  }
  if (graphs.size() > 1)
    return graphs[1].emitError("a module lowers to ml_program with one "
                               "tfg.graph at most");
  GraphOp graph = graphs.empty() ? GraphOp() : graphs[0];
  if (graph)
    variables.reserve(options.funcName);
  if (failed(variables.readInitialValues(graph ? &graph.getBody() : nullptr)))
    return failure();
  if (graph) {
    if (functions.count(options.funcName))
      return graph.emitError("the graph's function '")
             << options.funcName << "' is the name of a tfg.func";
    if (failed(lowerGraph(graph)))
      return failure();
  } else {
    // A module of functions only: every function.
    for (GraphFuncOp func : tfgFuncs)
      called.insert(func);
  }
  // The functions called, transitively (the list grows as bodies lower).
  for (size_t i = 0; i < called.size(); ++i)
    if (failed(lowerFunction(called[i])))
      return failure();
  if (graph)
    graph.erase();
  for (GraphFuncOp func : tfgFuncs)
    func.erase();
  variables.moveGlobalsToFront();
  return success();
}

LogicalResult
mlir::tfg::convertTFGToMLProgram(ModuleOp module,
                                 const MLProgramOptions &options) {
  return ModuleLowering(module, options).run();
}

namespace {
struct TFGToMLProgramPass
    : public mlir::tfg::impl::TFGToMLProgramPassBase<TFGToMLProgramPass> {
  using TFGToMLProgramPassBase::TFGToMLProgramPassBase;
  void runOnOperation() override {
    MLProgramOptions opts;
    opts.fetch.assign(fetch.begin(), fetch.end());
    opts.funcName = funcName;
    if (failed(convertTFGToMLProgram(getOperation(), opts)))
      signalPassFailure();
  }
};
} // namespace
