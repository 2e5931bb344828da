//===- LiftLower.cpp - Graph <-> function with feeds and fetches ----------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-lift-lower"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_LIFTGRAPHTOFUNCPASS
#define GEN_PASS_DEF_LOWERFUNCTOGRAPHPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

static constexpr StringLiteral kVersionAttr = "tfg.lifted_graph_version";
static constexpr StringLiteral kLiftedNodeAttr = "tfg.lifted_node";
static constexpr StringLiteral kFetchAttr = "tfg.lifted_fetch";
/// What TensorFlow's lifting puts on an argument: [node name, result index].
static constexpr StringLiteral kLiftedValueAttr = "tfg.lifted_value_attr";

/// A FunctionDef argument/result name from a feed or fetch spec.
static std::string sanitize(StringRef spec) {
  spec.consume_front("^");
  std::string name;
  for (char c : spec)
    name.push_back(llvm::isAlnum(c) || c == '_' ? llvm::toLower(c) : '_');
  if (name.empty() || !llvm::isAlpha(name[0]))
    name.insert(0, "t_");
  return name;
}

/// The function replacing `graph` (erased by the caller), of the given
/// signature, holding the graph's nodes.
static GraphFuncOp createLiftedFunc(GraphOp graph, StringRef funcName,
                                    ArrayRef<Type> argTypes,
                                    ArrayRef<Type> resultTypes,
                                    ArrayRef<Attribute> argAttrs,
                                    ArrayRef<Attribute> resAttrs) {
  MLIRContext *ctx = graph.getContext();
  Builder b(ctx);
  OpBuilder builder(graph);
  auto func =
      GraphFuncOp::create(builder, graph.getLoc(), funcName,
                          FunctionType::get(ctx, argTypes, resultTypes));
  func.setArgAttrsAttr(b.getArrayAttr(argAttrs));
  func.setResAttrsAttr(b.getArrayAttr(resAttrs));
  func->setAttr(kVersionAttr, graph.getVersion());
  Block &entry = func.getBody().front();
  entry.getOperations().splice(entry.end(), graph.getBody().getOperations());
  return func;
}

/// The module's one graph, when no symbol is named `funcName`.
static FailureOr<GraphOp> getGraphToLift(ModuleOp module, StringRef funcName) {
  SmallVector<GraphOp> graphs(module.getOps<GraphOp>());
  if (graphs.size() != 1)
    return emitError(module.getLoc(),
                     "expected exactly one tfg.graph to lift, found ")
           << graphs.size();
  if (SymbolTable::lookupSymbolIn(module, funcName))
    return emitError(graphs.front().getLoc(), "a symbol named '")
           << funcName << "' exists";
  return graphs.front();
}

LogicalResult mlir::tfg::liftGraphToFunc(ModuleOp module,
                                         const PreserveOptions &options,
                                         StringRef funcName) {
  FailureOr<GraphOp> lifted = getGraphToLift(module, funcName);
  if (failed(lifted))
    return failure();
  GraphOp graph = *lifted;
  if (options.fetch.empty())
    return emitError(graph.getLoc(),
                     "lifting a graph needs at least one fetch");
  Block &body = graph.getBody();
  llvm::StringMap<Operation *> byName = getNodesByName(body);
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);

  // Feeds: Placeholder-like nodes (no data operand, one data result).
  SmallVector<Operation *> feeds;
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argAttrs;
  for (const std::string &spec : options.feed) {
    FailureOr<Operation *> resolved = resolveNodeSpec(
        byName, "feed", spec, graph.getLoc(), /*nameIsOutput0=*/true);
    if (failed(resolved))
      return failure();
    Operation *node = *resolved;
    NodeSpec parsed = parseNodeSpec(spec);
    if (getNumDataOperands(node) != 0 || getDataResults(node).size() != 1 ||
        parsed.output != 0)
      return node->emitError("feed '")
             << spec << "' must be the output of a node without data inputs "
             << "and with one output (a Placeholder)";
    if (llvm::is_contained(feeds, node))
      continue;
    feeds.push_back(node);
    argTypes.push_back(getDataResults(node)[0].getType());
    NamedAttrList lifted;
    lifted.append("op", b.getStringAttr(getTFOpName(node)));
    // The node's attributes with its name (wherever the node keeps it):
    // lowering rebuilds the node from them (createNode).
    NamedAttrList nodeAttrs(getNodeAttrs(node));
    if (StringAttr nodeName = getNodeNameAttr(node))
      nodeAttrs.set(
          ctx->getLoadedDialect<TFGraphDialect>()->getNameAttrIdentifier(),
          nodeName);
    lifted.append("attrs", nodeAttrs.getDictionary(ctx));
    argAttrs.push_back(b.getDictionaryAttr(
        {b.getNamedAttr("tfg.name", b.getStringAttr(sanitize(parsed.name))),
         b.getNamedAttr(kLiftedNodeAttr, lifted.getDictionary(ctx))}));
  }
  // Fetches.
  SmallVector<Value> results, controls;
  SmallVector<Type> resultTypes;
  SmallVector<Attribute> resAttrs, controlAttrs;
  for (const std::string &spec : options.fetch) {
    FailureOr<Operation *> resolved = resolveNodeSpec(
        byName, "fetch", spec, graph.getLoc(), /*nameIsOutput0=*/true);
    if (failed(resolved))
      return failure();
    Operation *node = *resolved;
    int64_t k = parseNodeSpec(spec).output;
    auto attrs = b.getDictionaryAttr(
        {b.getNamedAttr("tfg.name", b.getStringAttr(sanitize(spec))),
         b.getNamedAttr(kFetchAttr, b.getStringAttr(spec))});
    if (k < 0) {
      controls.push_back(getControlToken(node));
      controlAttrs.push_back(attrs);
      continue;
    }
    ResultRange data = getDataResults(node);
    results.push_back(data[k]);
    resultTypes.push_back(data[k].getType());
    resAttrs.push_back(attrs);
  }

  GraphFuncOp func = createLiftedFunc(graph, funcName, argTypes, resultTypes,
                                      argAttrs, resAttrs);
  Block &entry = func.getBody().front();
  for (auto [k, node] : llvm::enumerate(feeds)) {
    Value arg = func.getDataArgument(k);
    for (Value &r : results)
      if (r == getDataResults(node)[0])
        r = arg;
    getDataResults(node)[0].replaceAllUsesWith(arg);
    getControlToken(node).replaceAllUsesWith(func.getControlArgument(k));
    for (Value &c : controls)
      if (c == getControlToken(node))
        c = func.getControlArgument(k);
    node->erase();
  }
  OpBuilder end = OpBuilder::atBlockEnd(&entry);
  ReturnOp::create(end, graph.getLoc(), results, controls, controlAttrs);
  graph.erase();
  return success();
}

/// The name TensorFlow gives the argument or result carrying output `k` of
/// `node` (`<node>_<k>`).
static std::string slotName(Operation *node, unsigned k) {
  return (getNodeName(node) + "_" + Twine(k)).str();
}

LogicalResult mlir::tfg::liftGraphToFuncAsTensorFlow(
    ModuleOp module, ArrayRef<std::string> feeds, ArrayRef<std::string> fetches,
    ArrayRef<std::string> controlRets, StringRef funcName) {
  FailureOr<GraphOp> lifted = getGraphToLift(module, funcName);
  if (failed(lifted))
    return failure();
  GraphOp graph = *lifted;
  llvm::StringMap<Operation *> byName = getNodesByName(graph.getBody());
  // Each option names nodes (no output index): all their data results are
  // lifted, in the order given.
  auto lookup =
      [&](StringRef option,
          ArrayRef<std::string> names) -> FailureOr<SmallVector<Operation *>> {
    SmallVector<Operation *> nodes;
    for (const std::string &name : names) {
      Operation *node = byName.lookup(name);
      if (!node)
        return emitError(graph.getLoc(), "")
               << option << ": no node named '" << name
               << "' in the graph (TensorFlow's " << option
               << " name nodes, without an output index)";
      nodes.push_back(node);
    }
    return nodes;
  };
  FailureOr<SmallVector<Operation *>> feedNodes = lookup("feeds", feeds);
  FailureOr<SmallVector<Operation *>> fetchNodes = lookup("fetches", fetches);
  FailureOr<SmallVector<Operation *>> controlNodes =
      lookup("control_rets", controlRets);
  if (failed(feedNodes) || failed(fetchNodes) || failed(controlNodes))
    return failure();

  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  SmallVector<Value> fed, results, controls;
  SmallVector<Type> argTypes, resultTypes;
  SmallVector<Attribute> argAttrs, resAttrs;
  for (Operation *node : *feedNodes)
    for (Value v : getDataResults(node)) {
      unsigned k = cast<OpResult>(v).getResultNumber();
      fed.push_back(v);
      argTypes.push_back(v.getType());
      argAttrs.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("tfg.name", b.getStringAttr(slotName(node, k))),
           b.getNamedAttr(
               kLiftedValueAttr,
               b.getArrayAttr({getNodeNameAttr(node), b.getIndexAttr(k)}))}));
    }
  for (Operation *node : *fetchNodes)
    for (Value v : getDataResults(node)) {
      results.push_back(v);
      resultTypes.push_back(v.getType());
      resAttrs.push_back(b.getDictionaryAttr({b.getNamedAttr(
          "tfg.name", b.getStringAttr(slotName(
                          node, cast<OpResult>(v).getResultNumber())))}));
    }
  for (Operation *node : *controlNodes)
    controls.push_back(getControlToken(node));

  GraphFuncOp func = createLiftedFunc(graph, funcName, argTypes, resultTypes,
                                      argAttrs, resAttrs);
  Block &entry = func.getBody().front();
  // The return first: a fetched feed returns the argument. The fed nodes
  // stay, their data results read from the arguments instead.
  OpBuilder end = OpBuilder::atBlockEnd(&entry);
  // As TensorFlow's, the control returns carry no attributes.
  SmallVector<Attribute> controlAttrs(controls.size(), b.getDictionaryAttr({}));
  ReturnOp::create(end, graph.getLoc(), results, controls, controlAttrs);
  for (auto [k, v] : llvm::enumerate(fed))
    v.replaceAllUsesWith(func.getDataArgument(k));
  graph.erase();
  return success();
}

/// Lowers a function lifted as TensorFlow lifts graphs: every data argument
/// names (tfg.lifted_value_attr) the node result it stands for, a node the
/// body still holds.
static LogicalResult lowerTensorFlowLifted(GraphFuncOp func) {
  llvm::StringMap<Operation *> byName = getNodesByName(func.getBody().front());
  SmallVector<std::pair<Value, Value>> replacements;
  for (unsigned k = 0, e = func.getFunctionType().getNumInputs(); k < e; ++k) {
    auto lifted = func.getArgAttrOfType<ArrayAttr>(k, kLiftedValueAttr);
    auto name = lifted && lifted.size() == 2 ? dyn_cast<StringAttr>(lifted[0])
                                             : StringAttr();
    auto index = name ? dyn_cast<IntegerAttr>(lifted[1]) : IntegerAttr();
    if (!index)
      return emitError(func.getLoc(), "argument #")
             << k << " has no '" << kLiftedValueAttr
             << "' ([node name, result index]) to lower";
    Operation *node = byName.lookup(name.getValue());
    if (!node)
      return emitError(func.getLoc(), "argument #")
             << k << " stands for a result of '" << name.getValue()
             << "', which the function does not hold";
    ResultRange data = getDataResults(node);
    if (index.getValue().uge(data.size()))
      return emitError(func.getLoc(), "argument #")
             << k << " stands for result " << index.getValue().getZExtValue()
             << " of '" << name.getValue() << "', which has " << data.size();
    replacements.push_back(
        {func.getDataArgument(k), data[index.getValue().getZExtValue()]});
    replacements.push_back({func.getControlArgument(k), getControlToken(node)});
  }
  for (auto [arg, value] : replacements)
    arg.replaceAllUsesWith(value);
  return success();
}

LogicalResult mlir::tfg::lowerFuncToGraph(ModuleOp module) {
  SmallVector<GraphFuncOp> funcs;
  for (GraphFuncOp func : module.getOps<GraphFuncOp>())
    if (func->hasAttr(kVersionAttr))
      funcs.push_back(func);
  for (GraphFuncOp func : funcs) {
    auto version = func->getAttrOfType<tf_type::VersionAttr>(kVersionAttr);
    if (!version)
      return emitError(func.getLoc(), "'")
             << kVersionAttr << "' must be a version";
    // Lifted as TensorFlow lifts graphs: the fed nodes are in the body.
    bool tensorFlowLifted =
        func.getFunctionType().getNumInputs() &&
        func.getArgAttrOfType<ArrayAttr>(0, kLiftedValueAttr);
    if (tensorFlowLifted || func.getFunctionType().getNumInputs() == 0) {
      if (failed(lowerTensorFlowLifted(func)))
        return failure();
      OpBuilder builder(func);
      auto graph = GraphOp::create(builder, func.getLoc(), version);
      func.getReturnOp()->erase();
      graph.getBody().getOperations().splice(
          graph.getBody().end(), func.getBody().front().getOperations());
      func.erase();
      continue;
    }
    // Check everything before changing anything.
    for (unsigned k = 0; k < func.getNumArguments(); ++k) {
      auto lifted = func.getArgAttrOfType<DictionaryAttr>(k, kLiftedNodeAttr);
      if (!lifted || !lifted.getAs<StringAttr>("op") ||
          !lifted.getAs<DictionaryAttr>("attrs"))
        return emitError(func.getLoc(), "argument #")
               << k << " has no '" << kLiftedNodeAttr << "' to restore";
    }
    OpBuilder builder(func);
    auto graph = GraphOp::create(builder, func.getLoc(), version);
    Block &body = graph.getBody();
    Block &entry = func.getBody().front();
    func.getReturnOp()->erase();
    body.getOperations().splice(body.end(), entry.getOperations());
    OpBuilder nodes = OpBuilder::atBlockBegin(&body);
    for (unsigned k = 0; k < func.getNumArguments(); ++k) {
      auto lifted = func.getArgAttrOfType<DictionaryAttr>(k, kLiftedNodeAttr);
      auto attrs = lifted.getAs<DictionaryAttr>("attrs");
      Operation *node = createNode(
          nodes, func.getLoc(), lifted.getAs<StringAttr>("op").getValue(), {},
          {}, func.getArgumentTypes()[k],
          SmallVector<NamedAttribute>(attrs.begin(), attrs.end()));
      func.getDataArgument(k).replaceAllUsesWith(getDataResults(node)[0]);
      func.getControlArgument(k).replaceAllUsesWith(getControlToken(node));
    }
    func.erase();
  }
  return success();
}

namespace {
struct LiftGraphToFuncPass
    : tfg::impl::LiftGraphToFuncPassBase<LiftGraphToFuncPass> {
  using LiftGraphToFuncPassBase::LiftGraphToFuncPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-lift-lower: running on "
                            << getOperation()->getName() << "\n");
    // TensorFlow's options lift as TensorFlow's pass does.
    if (!feeds.empty() || !fetches.empty() || !controlRets.empty()) {
      if (!feed.empty() || !fetch.empty()) {
        emitError(getOperation().getLoc(),
                  "feed/fetch (tfg's) and feeds/fetches/control_rets "
                  "(TensorFlow's) cannot be mixed");
        return signalPassFailure();
      }
      if (failed(liftGraphToFuncAsTensorFlow(
              getOperation(), feeds, fetches, controlRets,
              funcName.hasValue() ? StringRef(funcName)
                                  : StringRef(kTensorFlowLiftedName))))
        signalPassFailure();
      return;
    }
    if (failed(liftGraphToFunc(getOperation(), makePreserveOptions(fetch, feed),
                               funcName)))
      signalPassFailure();
  }
};
struct LowerFuncToGraphPass
    : tfg::impl::LowerFuncToGraphPassBase<LowerFuncToGraphPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-lift-lower: running on "
                            << getOperation()->getName() << "\n");
    if (failed(lowerFuncToGraph(getOperation())))
      signalPassFailure();
  }
};
} // namespace
