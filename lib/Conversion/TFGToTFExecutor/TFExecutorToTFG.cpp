//===- TFExecutorToTFG.cpp - tf_executor islands of tf ops back to tfg ----===//
//
// Raises func.funcs holding tf_executor graphs to the tfg.graph and
// tfg.funcs: every single-op island and every control-flow node becomes
// one tfg node, a NextIteration.Source/.Sink pair one NextIteration. One
// walk over each graph's block (the nodes are in order, so every operand
// but a Sink's is converted before its user); linear in nodes and edges.
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"

#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TFEXECUTORTOTFGPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
namespace tfe = mlir::tf_executor;

namespace {
class GraphRaiser {
public:
  GraphRaiser(Block &target, llvm::StringMap<OperationName> &names)
      : builder(target.getParentOp()->getContext()), names(names) {
    builder.setInsertionPointToEnd(&target);
    MLIRContext *context = builder.getContext();
    controlType = tf_type::ControlType::get(context);
    argControlsId = StringAttr::get(context, kArgControlsAttr);
    deviceId = StringAttr::get(context, kDeviceAttr);
    nodeNameId = StringAttr::get(context, kNodeNameAttr);
    nodeDeviceId = StringAttr::get(context, "_mlir_device");
  }

  void mapArgument(Value arg, Value data, Value control) {
    mapping[arg] = data;
    argControls.push_back(control);
  }

  LogicalResult raise(tfe::GraphOp graph);
  /// The tfg controls of `controls`, with the argument tokens that
  /// `kArgControlsAttr` of `attrs` lists put back.
  FailureOr<SmallVector<Value>> mapControls(Operation *op, ValueRange controls,
                                            DictionaryAttr attrs);
  Value lookup(Value value) { return mapping.lookup(value); }
  OpBuilder &getBuilder() { return builder; }

private:
  LogicalResult raiseNode(Operation *op);
  Operation *createNode(Operation *from, StringRef tfName, ValueRange data,
                        ValueRange controls, TypeRange types,
                        DictionaryAttr attrs);

  OpBuilder builder;
  llvm::StringMap<OperationName> &names;
  Type controlType;
  /// The attribute names compared per node, uniqued once.
  StringAttr argControlsId, deviceId, nodeNameId, nodeDeviceId;
  /// The tfg op name of each tf or tf_executor op name.
  llvm::DenseMap<OperationName, OperationName> nodeNames;
  llvm::DenseMap<Value, Value> mapping;
  SmallVector<Value> argControls;
  /// The tfg NextIteration of each Source, completed at its Sink.
  llvm::DenseMap<Operation *, Operation *> nextIterations;
};
} // namespace

FailureOr<SmallVector<Value>> GraphRaiser::mapControls(Operation *op,
                                                       ValueRange controls,
                                                       DictionaryAttr attrs) {
  SmallVector<Value> out;
  for (Value control : controls) {
    Value mapped = mapping.lookup(control);
    if (!mapped)
      return op->emitError("control operand is not a node's control token "
                           "of this graph"),
             failure();
    out.push_back(mapped);
  }
  auto pairs = attrs ? attrs.getAs<DenseI32ArrayAttr>(kArgControlsAttr)
                     : DenseI32ArrayAttr();
  if (!pairs)
    return out;
  ArrayRef<int32_t> values = pairs.asArrayRef();
  if (values.size() % 2 != 0)
    return op->emitError("'") << kArgControlsAttr << "' must hold pairs",
           failure();
  for (size_t i = 0; i < values.size(); i += 2) {
    int32_t position = values[i], arg = values[i + 1];
    if (position < 0 || size_t(position) > out.size() || arg < 0 ||
        size_t(arg) >= argControls.size())
      return op->emitError("'")
                 << kArgControlsAttr << "' names control #" << position
                 << " of argument #" << arg << ", which does not exist",
             failure();
    out.insert(out.begin() + position, argControls[arg]);
  }
  return out;
}

Operation *GraphRaiser::createNode(Operation *from, StringRef tfName,
                                   ValueRange data, ValueRange controls,
                                   TypeRange types, DictionaryAttr attrs) {
  // The node op name of each op name (`tf.AddV2` -> `tfg.AddV2`), built
  // once per op type.
  auto known = nodeNames.find(from->getName());
  if (known == nodeNames.end()) {
    std::string fullName = ("tfg." + tfName).str();
    auto it = names.try_emplace(fullName, fullName, builder.getContext()).first;
    known = nodeNames.try_emplace(from->getName(), it->second).first;
  }
  OperationName name = known->second;
  OperationState state(from->getLoc(), name);
  state.addOperands(data);
  state.addOperands(controls);
  state.addTypes(types);
  state.addTypes(controlType);
  // One pass over the (sorted) attributes with the names compared as
  // uniqued StringAttrs; what is kept stays sorted, `_mlir_device` is
  // inserted at its place, and the dictionary is uniqued without sorting.
  SmallVector<NamedAttribute, 8> nodeAttrs;
  nodeAttrs.reserve(attrs ? attrs.size() : 0);
  StringAttr nodeName;
  Attribute device;
  for (NamedAttribute attr :
       attrs ? attrs.getValue() : ArrayRef<NamedAttribute>()) {
    StringAttr key = attr.getName();
    if (key == argControlsId)
      continue;
    if (key == deviceId) {
      auto value = llvm::dyn_cast<StringAttr>(attr.getValue());
      if (!value || !value.getValue().empty())
        device = attr.getValue();
      continue;
    }
    if (key == nodeNameId && !name.isRegistered()) {
      nodeName = llvm::dyn_cast<StringAttr>(attr.getValue());
      if (nodeName)
        continue;
    }
    nodeAttrs.push_back(attr);
  }
  if (device) {
    // A `_mlir_device` of the tf op's own gives way to its `device`.
    NamedAttribute entry(nodeDeviceId, device);
    auto *pos = llvm::lower_bound(nodeAttrs, entry);
    if (pos != nodeAttrs.end() && pos->getName() == nodeDeviceId)
      *pos = entry;
    else
      nodeAttrs.insert(pos, entry);
  }
  state.attributes = NamedAttrList(
      DictionaryAttr::getWithSorted(builder.getContext(), nodeAttrs));
  if (nodeName)
    addNodeName(state, nodeName);
  return builder.create(state);
}

LogicalResult GraphRaiser::raiseNode(Operation *op) {
  auto mapData = [&](ValueRange values,
                     SmallVectorImpl<Value> &out) -> LogicalResult {
    for (Value v : values) {
      Value mapped = mapping.lookup(v);
      if (!mapped)
        return op->emitError("operand is not defined in this graph or as a "
                             "function argument");
      out.push_back(mapped);
    }
    return success();
  };
  auto splitOperands = [&](SmallVectorImpl<Value> &data,
                           SmallVectorImpl<Value> &controls) {
    for (Value v : op->getOperands()) {
      if (tfe::isControl(v.getType()))
        controls.push_back(v);
      else
        data.push_back(v);
    }
  };
  auto mapResults = [&](Operation *from, Operation *node) {
    unsigned numData = node->getNumResults() - 1;
    for (unsigned i = 0; i < numData; ++i)
      mapping[from->getResult(i)] = node->getResult(i);
    mapping[from->getResults().back()] = node->getResults().back();
  };

  if (auto island = llvm::dyn_cast<tfe::IslandOp>(op)) {
    Operation *wrapped = island.getWrappedOp();
    if (!wrapped || !island->getAttrs().empty())
      return island.emitError("only islands wrapping one tf op convert to "
                              "tfg");
    if (auto getResult = llvm::dyn_cast<GetResultOp>(wrapped)) {
      Value value = mapping.lookup(getResult.getValue());
      if (!value || !island.getControlInputs().empty())
        return island.emitError("get_result of a value not defined in this "
                                "graph, or with control operands");
      OperationState state(wrapped->getLoc(), wrapped->getName());
      state.addOperands(value);
      state.addTypes(getResult.getType());
      state.addAttributes(wrapped->getAttrs());
      Operation *clone = builder.create(state);
      mapping[island.getResult(0)] = clone->getResult(0);
      return success();
    }
    if (wrapped->getName().getDialectNamespace() != "tf")
      return wrapped->emitError("only tf ops convert to tfg nodes");
    SmallVector<Value> data;
    if (failed(mapData(wrapped->getOperands(), data)))
      return failure();
    DictionaryAttr attrs = wrapped->getAttrDictionary();
    FailureOr<SmallVector<Value>> controls =
        mapControls(island, island.getControlInputs(), attrs);
    if (failed(controls))
      return failure();
    Operation *node =
        createNode(wrapped, wrapped->getName().stripDialect(), data, *controls,
                   wrapped->getResultTypes(), attrs);
    mapResults(island, node);
    return success();
  }
  if (auto source = llvm::dyn_cast<tfe::NextIterationSourceOp>(op)) {
    Operation *node =
        createNode(op, "NextIteration", {}, {}, source.getOutput().getType(),
                   op->getAttrDictionary());
    mapping[source.getOutput()] = node->getResult(0);
    mapping[source.getControl()] = node->getResult(1);
    nextIterations[op] = node;
    return success();
  }
  if (auto sink = llvm::dyn_cast<tfe::NextIterationSinkOp>(op)) {
    Operation *source = sink.getToken().getDefiningOp();
    Operation *node = nextIterations.lookup(source);
    if (!node)
      return sink.emitError("its NextIteration.Source is not in this graph");
    SmallVector<Value> operands;
    if (failed(mapData(sink.getInput(), operands)))
      return failure();
    FailureOr<SmallVector<Value>> controls =
        mapControls(sink, sink.getControlInputs(), sink->getAttrDictionary());
    if (failed(controls))
      return failure();
    operands.append(*controls);
    node->setOperands(operands);
    return success();
  }
  if (llvm::isa<tfe::SwitchOp, tfe::SwitchNOp, tfe::MergeOp, tfe::EnterOp,
                tfe::ExitOp, tfe::LoopCondOp, tfe::ControlTriggerOp>(op)) {
    SmallVector<Value> dataIn, controlIn, data;
    splitOperands(dataIn, controlIn);
    if (failed(mapData(dataIn, data)))
      return failure();
    DictionaryAttr attrs = op->getAttrDictionary();
    FailureOr<SmallVector<Value>> controls = mapControls(op, controlIn, attrs);
    if (failed(controls))
      return failure();
    Operation *node =
        createNode(op, op->getName().stripDialect(), data, *controls,
                   TypeRange(op->getResultTypes()).drop_back(), attrs);
    mapResults(op, node);
    return success();
  }
  return op->emitError("has no tfg form");
}

LogicalResult GraphRaiser::raise(tfe::GraphOp graph) {
  // One entry per result: sized once rather than grown along the graph.
  size_t numValues = mapping.size();
  for (Operation &op : graph.getBlock())
    numValues += op.getNumResults();
  mapping.reserve(numValues);
  for (Operation &op : graph.getBlock().without_terminator())
    if (failed(raiseNode(&op)))
      return failure();
  return success();
}

/// The tf_executor.graph a converted function consists of: its body is the
/// graph and a return of the graph's results.
static FailureOr<tfe::GraphOp> getOnlyGraph(func::FuncOp func) {
  if (func.isExternal())
    return func.emitError("function has no body"), failure();
  Block &entry = func.getBody().front();
  auto graph = llvm::dyn_cast<tfe::GraphOp>(entry.front());
  auto ret = llvm::dyn_cast<func::ReturnOp>(entry.back());
  if (!graph || !ret || graph->getNextNode() != ret.getOperation() ||
      !llvm::equal(ret.getOperands(), graph.getResults()) ||
      !func.getBody().hasOneBlock())
    return func.emitError("function must consist of a tf_executor.graph and "
                          "a return of its results to convert to tfg"),
           failure();
  return graph;
}

static tf_type::VersionAttr getVersion(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  auto dict = module->getAttrOfType<DictionaryAttr>(kVersionsAttr);
  int32_t producer = 0, minConsumer = 0;
  SmallVector<int32_t> bad;
  if (dict) {
    if (auto p = dict.getAs<IntegerAttr>("producer"))
      producer = p.getInt();
    if (auto m = dict.getAs<IntegerAttr>("min_consumer"))
      minConsumer = m.getInt();
    if (auto list = dict.getAs<ArrayAttr>("bad_consumers"))
      for (Attribute a : list)
        if (auto i = llvm::dyn_cast<IntegerAttr>(a))
          bad.push_back(i.getInt());
  }
  return tf_type::VersionAttr::get(ctx, producer, minConsumer, bad);
}

static LogicalResult raiseGraph(func::FuncOp func, tfe::GraphOp executorGraph,
                                llvm::StringMap<OperationName> &names) {
  if (func.getNumArguments() != 0 || func.getNumResults() != 0)
    return func.emitError("the entry function converts to a tfg.graph only "
                          "without arguments and results");
  OpBuilder builder(func);
  ModuleOp module = func->getParentOfType<ModuleOp>();
  auto graph = GraphOp::create(builder, func.getLoc(), getVersion(module));
  for (NamedAttribute attr : func->getAttrs()) {
    StringRef name = attr.getName();
    if (name == kEntryFunctionAttr || name == func.getSymNameAttrName() ||
        name == func.getFunctionTypeAttrName() ||
        name == func.getSymVisibilityAttrName())
      continue;
    graph->setAttr(attr.getName(), attr.getValue());
  }
  GraphRaiser raiser(graph.getBody(), names);
  if (failed(raiser.raise(executorGraph)))
    return failure();
  func.erase();
  return success();
}

static LogicalResult raiseFunction(func::FuncOp func,
                                   tfe::GraphOp executorGraph,
                                   llvm::StringMap<OperationName> &names) {
  OpBuilder builder(func);
  MLIRContext *ctx = func.getContext();
  FunctionType type = func.getFunctionType();
  if (auto own = func->getAttrOfType<TypeAttr>(kFunctionTypeAttr))
    if (auto ownType = llvm::dyn_cast<FunctionType>(own.getValue());
        ownType && ownType.getInputs() == type.getInputs() &&
        ownType.getNumResults() == type.getNumResults())
      type = ownType;
  bool generic = func->hasAttr("tfg.generic");
  auto tfgFunc = GraphFuncOp::create(builder, func.getLoc(), func.getSymName(),
                                     type, generic);
  NamedAttrList attrs(tfgFunc->getAttrDictionary());
  for (NamedAttribute attr : func->getAttrs()) {
    StringRef name = attr.getName();
    if (name == func.getSymNameAttrName() ||
        name == func.getFunctionTypeAttrName() || name == kFunctionTypeAttr)
      continue;
    if (name.starts_with("tfg.") &&
        llvm::is_contained(kFuncOnlyAttrs, name.drop_front(4))) {
      attrs.set(name.drop_front(4), attr.getValue());
      continue;
    }
    attrs.set(name, attr.getValue());
  }
  tfgFunc->setAttrs(attrs.getDictionary(ctx));

  Block &body = tfgFunc.getBody().front();
  GraphRaiser raiser(body, names);
  for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i)
    raiser.mapArgument(func.getArgument(i), body.getArgument(2 * i),
                       body.getArgument(2 * i + 1));
  if (failed(raiser.raise(executorGraph)))
    return failure();

  tfe::FetchOp fetch = executorGraph.getFetch();
  SmallVector<Value> data, controlIn;
  for (Value v : fetch.getOperands()) {
    if (tfe::isControl(v.getType()))
      controlIn.push_back(v);
    else if (Value mapped = raiser.lookup(v))
      data.push_back(mapped);
    else
      return fetch.emitError("fetches a value not defined in this graph");
  }
  DictionaryAttr fetchAttrs = fetch->getAttrDictionary();
  FailureOr<SmallVector<Value>> controls =
      raiser.mapControls(fetch, controlIn, fetchAttrs);
  if (failed(controls))
    return failure();
  SmallVector<Attribute> controlAttrs;
  if (auto list = fetchAttrs.getAs<ArrayAttr>(kControlRetAttrsAttr))
    llvm::append_range(controlAttrs, list);
  if (controlAttrs.size() > controls->size())
    controlAttrs.resize(controls->size());
  OpBuilder &inner = raiser.getBuilder();
  auto ret =
      ReturnOp::create(inner, fetch.getLoc(), data, *controls, controlAttrs);
  for (NamedAttribute attr : fetchAttrs) {
    if (attr.getName() == kControlRetAttrsAttr ||
        attr.getName() == kArgControlsAttr)
      continue;
    ret->setAttr(attr.getName(), attr.getValue());
  }
  func.erase();
  return success();
}

LogicalResult mlir::tfg::convertTFExecutorToTFG(ModuleOp module) {
  llvm::StringMap<OperationName> names;
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  bool sawGraph = false;
  for (func::FuncOp func : funcs) {
    FailureOr<tfe::GraphOp> graph = getOnlyGraph(func);
    if (failed(graph))
      return failure();
    if (func->hasAttr(kEntryFunctionAttr)) {
      if (sawGraph)
        return func.emitError("a second entry function: a module has one "
                              "tfg.graph");
      sawGraph = true;
      if (failed(raiseGraph(func, *graph, names)))
        return failure();
      continue;
    }
    if (failed(raiseFunction(func, *graph, names)))
      return failure();
  }
  module->removeAttr(kVersionsAttr);
  return success();
}

namespace {
struct TFExecutorToTFGPass
    : public mlir::tfg::impl::TFExecutorToTFGPassBase<TFExecutorToTFGPass> {
  void runOnOperation() override {
    if (failed(convertTFExecutorToTFG(getOperation())))
      signalPassFailure();
  }
};
} // namespace
