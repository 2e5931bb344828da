//===- LiftLower.cpp - Graph <-> function with feeds and fetches ----------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

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

LogicalResult mlir::tfg::liftGraphToFunc(ModuleOp module,
                                         const PreserveOptions &options,
                                         StringRef funcName) {
  SmallVector<GraphOp> graphs(module.getOps<GraphOp>());
  if (graphs.size() != 1)
    return emitError(module.getLoc(),
                     "expected exactly one tfg.graph to lift, found ")
           << graphs.size();
  GraphOp graph = graphs.front();
  if (options.fetch.empty())
    return emitError(graph.getLoc(),
                     "lifting a graph needs at least one fetch");
  if (SymbolTable::lookupSymbolIn(module, funcName))
    return emitError(graph.getLoc(), "a symbol named '")
           << funcName << "' exists";
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

  OpBuilder builder(graph);
  auto func =
      GraphFuncOp::create(builder, graph.getLoc(), funcName,
                          FunctionType::get(ctx, argTypes, resultTypes));
  func.setArgAttrsAttr(b.getArrayAttr(argAttrs));
  func.setResAttrsAttr(b.getArrayAttr(resAttrs));
  func->setAttr(kVersionAttr, graph.getVersion());
  Block &entry = func.getBody().front();
  entry.getOperations().splice(entry.end(), body.getOperations());
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
    if (failed(liftGraphToFunc(getOperation(), makePreserveOptions(fetch, feed),
                               funcName)))
      signalPassFailure();
  }
};
struct LowerFuncToGraphPass
    : tfg::impl::LowerFuncToGraphPassBase<LowerFuncToGraphPass> {
  void runOnOperation() override {
    if (failed(lowerFuncToGraph(getOperation())))
      signalPassFailure();
  }
};
} // namespace
