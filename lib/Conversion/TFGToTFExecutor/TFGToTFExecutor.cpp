//===- TFGToTFExecutor.cpp - tfg to tf_executor islands of tf ops ---------===//
//
// Lowers the tfg.graph and the tfg.funcs of a module to func.funcs holding
// tf_executor graphs: one island wrapping a `tf` op per node, or the
// tf_executor op of a v1 control-flow node. tfg bodies are unordered graph
// regions and tf_executor graphs are ordered, so the nodes are emitted in a
// topological order (orderNodesTopologically of NodeOrder.h: iterative,
// linear in nodes and edges), NextIteration nodes as a Source first and a
// Sink last, which is how tf_executor breaks loop cycles.
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"
#include "tfg/Conversion/Passes.h"

#include "tfg/Dialect/TF/TFDialect.h"
#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/NodeOrder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TFGTOTFEXECUTORPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
namespace tfe = mlir::tf_executor;

namespace {
/// Converts one tfg body (the nodes of a graph or function) into the block
/// of a tf_executor.graph.
class BodyConverter {
public:
  BodyConverter(Block &body, Block &target,
                llvm::StringMap<OperationName> &names)
      : body(body), builder(target.getParentOp()->getContext()), names(names),
        attrNames(builder.getContext()), tfNames(builder.getContext()),
        islandName(tfe::IslandOp::getOperationName(), builder.getContext()),
        yieldName(tfe::YieldOp::getOperationName(), builder.getContext()) {
    builder.setInsertionPointToEnd(&target);
    controlType = tfe::ControlType::get(builder.getContext());
    emptyDict = builder.getDictionaryAttr({});
    // One entry per result and token of each node (arguments aside): sized
    // once rather than grown and rehashed along a million nodes.
    size_t numValues = 0;
    for (Operation &op : body)
      numValues += op.getNumResults();
    mapping.reserve(numValues);
  }

  /// Maps tfg function argument `i` (entry block arguments 2i and 2i+1) to
  /// `value`.
  void mapArgument(unsigned i, Value value) {
    mapping[body.getArgument(2 * i)] = value;
    argOfControl[body.getArgument(2 * i + 1)] = i;
  }

  /// Emits every node; fails with an error at a node that cannot be
  /// lowered.
  LogicalResult convertNodes();

  /// The tf_executor controls of `controls`, the function arguments'
  /// tokens among them recorded in `argControls` as (position, argument).
  void mapControls(OperandRange controls, SmallVectorImpl<Value> &out,
                   SmallVectorImpl<int32_t> &argControls);
  Value lookup(Value value) { return mapping.lookup(value); }
  OpBuilder &getBuilder() { return builder; }

private:
  LogicalResult order(SmallVectorImpl<Operation *> &sorted);
  LogicalResult convertNode(Operation *node);
  DictionaryAttr nodeAttributes(Operation *node, ArrayRef<int32_t> argControls);
  Operation *createOp(Location loc, StringRef name, ValueRange operands,
                      TypeRange types, DictionaryAttr attrs);

  Block &body;
  OpBuilder builder;
  llvm::StringMap<OperationName> &names;
  /// Made once: per node, a name lookup costs a hash and a lock.
  TFOpAttrNames attrNames;
  OperationName islandName, yieldName;
  TFOpNames tfNames;
  Type controlType;
  DictionaryAttr emptyDict;
  llvm::DenseMap<Value, Value> mapping;
  llvm::DenseMap<Value, unsigned> argOfControl;
  /// NextIteration nodes: their Source, whose Sink is emitted last.
  SmallVector<std::pair<Operation *, tfe::NextIterationSourceOp>> sinks;
};
} // namespace

static bool isNextIteration(Operation *op) {
  return !op->isRegistered() && getTFOpName(op) == "NextIteration";
}

LogicalResult BodyConverter::order(SmallVectorImpl<Operation *> &sorted) {
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions() != 0)
      return op.emitError("region control flow has no tf_executor form; "
                          "run --tfg-region-to-functional first");
    if (auto getResult = llvm::dyn_cast<GetResultOp>(op)) {
      if (isControlType(getResult.getValue().getType()))
        return op.emitError("get_result of a control token has no "
                            "tf_executor form");
    } else if (!getControlToken(&op))
      return op.emitError("'")
             << op.getName() << "' is not a node and has no tf_executor form";
  }
  // A NextIteration's Source comes before the nodes it feeds, so its input
  // does not order it.
  if (Operation *cyclic =
          orderNodesTopologically(body, sorted, nullptr, isNextIteration))
    return cyclic->emitError("node is on a cycle that does not pass through "
                             "a NextIteration: it has no tf_executor form");
  return success();
}

void BodyConverter::mapControls(OperandRange controls,
                                SmallVectorImpl<Value> &out,
                                SmallVectorImpl<int32_t> &argControls) {
  for (auto [i, control] : llvm::enumerate(controls)) {
    auto it = argOfControl.find(control);
    if (it != argOfControl.end()) {
      argControls.push_back(i);
      argControls.push_back(it->second);
      continue;
    }
    out.push_back(mapping.lookup(control));
  }
}

DictionaryAttr BodyConverter::nodeAttributes(Operation *node,
                                             ArrayRef<int32_t> argControls) {
  DictionaryAttr dict = getTFOpAttrDictionary(node, attrNames);
  if (argControls.empty())
    return dict;
  NamedAttrList attrs(dict);
  attrs.set(kArgControlsAttr, builder.getDenseI32ArrayAttr(argControls));
  return attrs.getDictionary(builder.getContext());
}

Operation *BodyConverter::createOp(Location loc, StringRef name,
                                   ValueRange operands, TypeRange types,
                                   DictionaryAttr attrs) {
  auto it = names.try_emplace(name, name, builder.getContext()).first;
  return createTFOp(builder, it->second, loc, operands, types, attrs);
}

LogicalResult BodyConverter::convertNode(Operation *node) {
  Location loc = node->getLoc();
  if (auto getResult = llvm::dyn_cast<GetResultOp>(node)) {
    // A named output of a node of a generic function: an island wrapping
    // the get_result, which the inverse conversion takes out again.
    OperationState island(loc, tfe::IslandOp::getOperationName());
    island.addTypes({getResult.getType(), controlType});
    island.addRegion()->push_back(new Block());
    Operation *islandOp = builder.create(island);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(&islandOp->getRegion(0).front());
    OperationState state(loc, node->getName());
    state.addOperands(mapping.lookup(getResult.getValue()));
    state.addTypes(getResult.getType());
    state.addAttributes(node->getAttrs());
    Operation *clone = builder.create(state);
    tfe::YieldOp::create(builder, loc, clone->getResults());
    mapping[getResult.getResult()] = islandOp->getResult(0);
    return success();
  }
  StringRef opName = getTFOpName(node);
  SmallVector<Value> data;
  for (Value operand : getDataOperands(node))
    data.push_back(mapping.lookup(operand));
  SmallVector<Value> controls;
  SmallVector<int32_t> argControls;
  mapControls(getControlOperands(node), controls, argControls);
  DictionaryAttr attrs = nodeAttributes(node, argControls);
  ResultRange results = getDataResults(node);
  SmallVector<Type> types(results.getTypes());
  auto mapResults = [&](Operation *op, unsigned numData) {
    for (unsigned i = 0; i < numData; ++i)
      mapping[results[i]] = op->getResult(i);
    mapping[getControlToken(node)] = op->getResults().back();
  };
  auto withControls = [&](ValueRange operands) {
    SmallVector<Value> all(operands);
    all.append(controls);
    return all;
  };
  // The v1 control-flow nodes of the shape TensorFlow gives them.
  bool generic = !node->isRegistered();
  auto is = [&](StringRef name, size_t numData, size_t numResults) {
    return generic && opName == name && data.size() == numData &&
           types.size() == numResults;
  };
  if (is("Switch", 2, 2)) {
    Operation *op =
        createOp(loc, tfe::SwitchOp::getOperationName(), withControls(data),
                 {types[0], types[1], controlType}, attrs);
    mapResults(op, 2);
    return success();
  }
  if (generic && opName == "_SwitchN" && data.size() == 2 && !types.empty() &&
      node->getAttrOfType<IntegerAttr>("num_outs") &&
      node->getAttrOfType<IntegerAttr>("num_outs").getInt() ==
          int64_t(types.size())) {
    SmallVector<Type> outs(types);
    outs.push_back(controlType);
    Operation *op = createOp(loc, tfe::SwitchNOp::getOperationName(),
                             withControls(data), outs, attrs);
    mapResults(op, types.size());
    return success();
  }
  if (generic && opName == "Merge" && !data.empty() && types.size() == 2) {
    Operation *op =
        createOp(loc, tfe::MergeOp::getOperationName(), withControls(data),
                 {types[0], types[1], controlType}, attrs);
    mapResults(op, 2);
    return success();
  }
  if (is("Enter", 1, 1) && node->getAttrOfType<StringAttr>("frame_name")) {
    Operation *op =
        createOp(loc, tfe::EnterOp::getOperationName(), withControls(data),
                 {types[0], controlType}, attrs);
    mapResults(op, 1);
    return success();
  }
  for (StringRef unary : {"Exit", "LoopCond"}) {
    if (!is(unary, 1, 1))
      continue;
    std::string name = ("tf_executor." + unary).str();
    Operation *op =
        createOp(loc, name, withControls(data), {types[0], controlType}, attrs);
    mapResults(op, 1);
    return success();
  }
  if (is("ControlTrigger", 0, 0)) {
    Operation *op = createOp(loc, tfe::ControlTriggerOp::getOperationName(),
                             controls, {controlType}, attrs);
    mapResults(op, 0);
    return success();
  }
  if (is("NextIteration", 1, 1)) {
    // Source now; the Sink, fed the node's input, once every node is out.
    NamedAttrList sourceAttrs(attrs);
    sourceAttrs.erase(kArgControlsAttr);
    Operation *source = createOp(
        loc, tfe::NextIterationSourceOp::getOperationName(), {},
        {types[0], tfe::TokenType::get(builder.getContext()), controlType},
        sourceAttrs.getDictionary(builder.getContext()));
    mapping[results[0]] = source->getResult(0);
    mapping[getControlToken(node)] = source->getResult(2);
    sinks.push_back({node, llvm::cast<tfe::NextIterationSourceOp>(source)});
    return success();
  }

  // Any other node: an island wrapping the tf op. The island and its yield
  // are made directly (no OperationState, no region moved into place): a
  // million nodes make three million ops.
  types.push_back(controlType);
  Operation *islandOp =
      Operation::create(loc, islandName, types, controls, emptyDict,
                        /*properties=*/nullptr, /*successors=*/{},
                        /*numRegions=*/1);
  types.pop_back();
  builder.insert(islandOp);
  Block *block = new Block();
  islandOp->getRegion(0).push_back(block);
  Operation *op;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(block);
    op = createTFOp(builder, tfNames.get(node), loc, data, types, attrs);
  }
  block->push_back(Operation::create(loc, yieldName, {}, op->getResults(),
                                     emptyDict, /*properties=*/nullptr,
                                     /*successors=*/{}, /*numRegions=*/0));
  mapResults(islandOp, types.size());
  return success();
}

LogicalResult BodyConverter::convertNodes() {
  SmallVector<Operation *> sorted;
  if (failed(order(sorted)))
    return failure();
  for (Operation *node : sorted)
    if (failed(convertNode(node)))
      return failure();
  for (auto [node, source] : sinks) {
    SmallVector<Value> controls;
    SmallVector<int32_t> argControls;
    mapControls(getControlOperands(node), controls, argControls);
    SmallVector<Value> operands{source.getToken(),
                                mapping.lookup(getDataOperands(node)[0])};
    operands.append(controls);
    DictionaryAttr attrs = nodeAttributes(node, argControls);
    createOp(node->getLoc(), tfe::NextIterationSinkOp::getOperationName(),
             operands, {}, attrs);
  }
  return success();
}

/// Creates the tf_executor.graph of `fetches` (data values, then controls)
/// at the builder's point; returns it.
static tfe::GraphOp createGraph(OpBuilder &builder, Location loc,
                                TypeRange resultTypes) {
  OperationState state(loc, tfe::GraphOp::getOperationName());
  state.addTypes(resultTypes);
  state.addRegion()->push_back(new Block());
  return llvm::cast<tfe::GraphOp>(builder.create(state));
}

static LogicalResult convertGraph(GraphOp graph, StringRef funcName,
                                  llvm::StringMap<OperationName> &names) {
  OpBuilder builder(graph);
  MLIRContext *ctx = graph.getContext();
  Location loc = graph.getLoc();
  auto func = func::FuncOp::create(builder, loc, funcName,
                                   builder.getFunctionType({}, {}));
  NamedAttrList funcAttrs(func->getAttrDictionary());
  for (NamedAttribute attr : graph->getAttrs())
    if (attr.getName() != graph.getVersionAttrName())
      funcAttrs.set(attr.getName(), attr.getValue());
  StringAttr empty = builder.getStringAttr("");
  funcAttrs.set(
      kEntryFunctionAttr,
      builder.getDictionaryAttr({builder.getNamedAttr("control_outputs", empty),
                                 builder.getNamedAttr("inputs", empty),
                                 builder.getNamedAttr("outputs", empty)}));
  func->setAttrs(funcAttrs.getDictionary(ctx));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);
  tfe::GraphOp executorGraph = createGraph(builder, loc, {});
  func::ReturnOp::create(builder, loc);

  BodyConverter converter(graph.getBody(), executorGraph.getBlock(), names);
  if (failed(converter.convertNodes()))
    return failure();
  OpBuilder &inner = converter.getBuilder();
  tfe::FetchOp::create(inner, loc);

  tf_type::VersionAttr version = graph.getVersion();
  SmallVector<Attribute> bad;
  for (int32_t v : version.getBadConsumers())
    bad.push_back(builder.getI32IntegerAttr(v));
  graph->getParentOp()->setAttr(
      kVersionsAttr,
      builder.getDictionaryAttr(
          {builder.getNamedAttr("bad_consumers", builder.getArrayAttr(bad)),
           builder.getNamedAttr("min_consumer", builder.getI32IntegerAttr(
                                                    version.getMinConsumer())),
           builder.getNamedAttr(
               "producer", builder.getI32IntegerAttr(version.getProducer()))}));
  graph.erase();
  return success();
}

static LogicalResult convertFunction(GraphFuncOp tfgFunc,
                                     llvm::StringMap<OperationName> &names) {
  if (tfgFunc.isExternal())
    return tfgFunc.emitError("function has no body");
  OpBuilder builder(tfgFunc);
  MLIRContext *ctx = tfgFunc.getContext();
  Location loc = tfgFunc.getLoc();
  FunctionType type = tfgFunc.getFunctionType();
  auto func = func::FuncOp::create(builder, loc, tfgFunc.getSymName(), type);
  NamedAttrList attrs;
  for (NamedAttribute attr : tfgFunc->getAttrs()) {
    StringRef name = attr.getName();
    if (llvm::is_contained(kFuncOnlyAttrs, name))
      attrs.set(("tfg." + name).str(), attr.getValue());
    else
      attrs.set(attr.getName(), attr.getValue());
  }
  ReturnOp ret = tfgFunc.getReturnOp();
  // tfg lets a function return a value of a type compatible with its
  // result type (tensor<x> for tensor<*x>); func.func wants them equal.
  // The function then takes the returned types, and keeps its own in
  // `tfg.function_type`.
  SmallVector<Type> resultTypes(ret.getDataOperands().getTypes());
  if (TypeRange(resultTypes) != type.getResults()) {
    attrs.set(kFunctionTypeAttr, TypeAttr::get(type));
    attrs.set(
        func.getFunctionTypeAttrName(),
        TypeAttr::get(builder.getFunctionType(type.getInputs(), resultTypes)));
  }
  func->setAttrs(attrs.getDictionary(ctx));

  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);
  tfe::GraphOp graph = createGraph(builder, loc, resultTypes);
  func::ReturnOp::create(builder, loc, graph.getResults());

  BodyConverter converter(tfgFunc.getBody().front(), graph.getBlock(), names);
  for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i)
    converter.mapArgument(i, entry->getArgument(i));
  if (failed(converter.convertNodes()))
    return failure();
  SmallVector<Value> fetches;
  for (Value v : ret.getDataOperands())
    fetches.push_back(converter.lookup(v));
  SmallVector<int32_t> argControls;
  converter.mapControls(ret.getControlOperands(), fetches, argControls);
  NamedAttrList fetchAttrs;
  for (NamedAttribute attr : ret->getAttrs()) {
    if (attr.getName() == ret.getControlRetAttrsAttrName())
      fetchAttrs.set(kControlRetAttrsAttr, attr.getValue());
    else
      fetchAttrs.set(attr.getName(), attr.getValue());
  }
  if (!argControls.empty())
    fetchAttrs.set(kArgControlsAttr, builder.getDenseI32ArrayAttr(argControls));
  OpBuilder &inner = converter.getBuilder();
  auto fetch = tfe::FetchOp::create(inner, ret.getLoc(), fetches);
  fetch->setAttrs(fetchAttrs.getDictionary(ctx));
  tfgFunc.erase();
  return success();
}

LogicalResult mlir::tfg::convertTFGToTFExecutor(ModuleOp module) {
  llvm::StringMap<OperationName> names;
  SmallVector<GraphOp> graphs;
  SmallVector<GraphFuncOp> funcs;
  llvm::StringSet<> symbols;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto graph = llvm::dyn_cast<GraphOp>(op))
      graphs.push_back(graph);
    else if (auto func = llvm::dyn_cast<GraphFuncOp>(op))
      funcs.push_back(func);
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      symbols.insert(name.getValue());
  }
  if (graphs.size() > 1)
    return graphs[1].emitError("a module converts to tf_executor with one "
                               "tfg.graph at most");
  for (GraphFuncOp func : funcs)
    if (failed(convertFunction(func, names)))
      return failure();
  for (GraphOp graph : graphs) {
    std::string name = "main";
    for (unsigned i = 1; symbols.contains(name); ++i)
      name = "main_" + std::to_string(i);
    if (failed(convertGraph(graph, name, names)))
      return failure();
  }
  return success();
}

namespace {
struct TFGToTFExecutorPass
    : public mlir::tfg::impl::TFGToTFExecutorPassBase<TFGToTFExecutorPass> {
  void runOnOperation() override {
    if (failed(convertTFGToTFExecutor(getOperation())))
      signalPassFailure();
  }
};
} // namespace
