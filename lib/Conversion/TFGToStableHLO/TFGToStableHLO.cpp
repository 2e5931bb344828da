//===- TFGToStableHLO.cpp - tfg.graph to a func of StableHLO ops ----------===//
//
// tfg-to-stablehlo: walks the nodes the fetches need (iteratively, in
// topological order over data edges), turns Placeholders into function
// arguments and Const nodes into constants, functional control flow into
// region ops (ControlFlow.cpp), and hands every other node to the rule
// table (Lowering.h). Linear in the nodes and edges it visits.
//
//===----------------------------------------------------------------------===//

#include "DynamicShapes.h"
#include "GraphLowering.h"
#include "Lowering.h"

#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/TFGToStableHLO/TFGToStableHLO.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TFGTOSTABLEHLOPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

std::vector<StringRef> mlir::tfg::getStableHLOLegalizedOpTypes() {
  std::vector<StringRef> names = {"Const", "Placeholder"};
  for (StringRef name : getFunctionalControlFlowOpTypes())
    names.push_back(name);
  for (StringRef name : getListOpTypes())
    names.push_back(name);
  for (const auto &entry : getRuleTable())
    names.push_back(entry.getKey());
  // Where and NonMaxSuppression: the dynamic table's only.
  for (StringRef name : getDynamicRuleOpTypes())
    if (!getRuleTable().count(name))
      names.push_back(name);
  llvm::sort(names);
  return names;
}

/// Element types StableHLO tensors admit.
static bool isHLOElementType(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    t = c.getElementType();
  return isa<FloatType, IntegerType>(t);
}

RankedTensorType mlir::tfg::tohlo::getStaticType(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || !t.hasStaticShape() || !isHLOElementType(t.getElementType()))
    return {};
  return t;
}

InFlightDiagnostic mlir::tfg::tohlo::nodeError(Operation *op) {
  return op->emitError() << "tfg-to-stablehlo: node '" << getNodeName(op)
                         << "' (" << getTFOpName(op) << "): ";
}

RankedTensorType GraphLowering::loweredType(Value v) const {
  if (lists.isList(v))
    return lists.loweredType(v);
  return getStaticType(v.getType());
}

LogicalResult GraphLowering::loweredTypeError(Operation *op, StringRef what,
                                              unsigned index, Value v) const {
  if (lists.isList(v))
    return lists.notStaticError(op, v);
  return typeError(op, what, index, v.getType());
}

LogicalResult mlir::tfg::tohlo::typeError(Operation *op, StringRef what,
                                          unsigned index, Type type) {
  InFlightDiagnostic diag = nodeError(op) << what << " " << index << " has ";
  auto t = dyn_cast<RankedTensorType>(type);
  if (!isa<TensorType>(type) ||
      !isHLOElementType(cast<TensorType>(type).getElementType()))
    return diag << "type " << type << ", which StableHLO does not represent";
  if (!t)
    return diag << "unknown rank (" << type
                << "): run tfg-shape-inference, and tfg-set-input-shapes for "
                   "unknown input dimensions";
  return diag << "unknown dimensions (" << type
              << "): pin them with tfg-set-input-shapes";
}

namespace {
struct TFGToStableHLOPass
    : tfg::impl::TFGToStableHLOPassBase<TFGToStableHLOPass> {
  using TFGToStableHLOPassBase::TFGToStableHLOPassBase;

  void runOnOperation() override;

  LogicalResult collectFetches(GraphOp graph, const ListAnalysis &lists,
                               SmallVectorImpl<Value> &fetches);
};
} // namespace

LogicalResult
TFGToStableHLOPass::collectFetches(GraphOp graph, const ListAnalysis &lists,
                                   SmallVectorImpl<Value> &fetches) {
  Block &body = graph.getBody();
  if (fetch.empty()) {
    for (Operation &op : body) {
      // An unused feed is no output (nor, then, an argument).
      StringRef opType = getTFOpName(&op);
      if (opType == "Placeholder" || opType == "PlaceholderV2")
        continue;
      // Nor is a list (a TensorArray's last flow, a handle).
      for (Value r : getDataResults(&op))
        if (r.use_empty() && !lists.isList(r))
          fetches.push_back(r);
    }
    return success();
  }
  llvm::StringMap<Operation *> byName = getNodesByName(body);
  for (const std::string &spec : fetch) {
    NodeSpec parsed = parseNodeSpec(spec);
    if (parsed.output < 0)
      return mlir::emitError(graph.getLoc())
             << "tfg-to-stablehlo: fetch '" << spec
             << "' is a control output, which has no StableHLO value";
    FailureOr<Operation *> node = resolveNodeSpec(
        byName, "fetch", spec, graph.getLoc(), /*nameIsOutput0=*/true);
    if (failed(node))
      return failure();
    fetches.push_back(getDataResults(*node)[parsed.output]);
  }
  return success();
}

LogicalResult GraphLowering::topoOrder(ArrayRef<Value> fetches,
                                       SmallVectorImpl<Operation *> &order) {
  enum : uint8_t { kNew = 0, kOpen = 1, kDone = 2 };
  DenseMap<Operation *, uint8_t> state;
  SmallVector<std::pair<Operation *, unsigned>> stack;
  for (Value f : fetches) {
    Operation *root = f.getDefiningOp();
    if (!root || state.lookup(root) != kNew)
      continue;
    state[root] = kOpen;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      Operation *op = stack.back().first;
      unsigned next = stack.back().second;
      OperandRange inputs = getDataOperands(op);
      if (next == inputs.size()) {
        state[op] = kDone;
        order.push_back(op);
        stack.pop_back();
        continue;
      }
      ++stack.back().second;
      // A block argument (of a function) is mapped by the caller.
      Operation *def = inputs[next].getDefiningOp();
      if (!def)
        continue;
      uint8_t &s = state[def];
      if (s == kOpen)
        return nodeError(def) << "is on a data cycle (a while loop in "
                                 "Enter/Merge/NextIteration form), which "
                                 "StableHLO legalization does not handle";
      if (s == kNew) {
        s = kOpen;
        stack.push_back({def, 0});
      }
    }
  }
  return success();
}

Value GraphLowering::lowerConst(OpBuilder &b, Operation *op,
                                RankedTensorType type) {
  auto value = dyn_cast_or_null<DenseElementsAttr>(op->getAttr("value"));
  if (!value || value.getType() != type) {
    nodeError(op) << "expects a dense 'value' of type " << type;
    return {};
  }
  Type elem = type.getElementType();
  // Integers and floats of whole bytes; complex, i1 and splats stay dense.
  unsigned bits =
      isa<FloatType, IntegerType>(elem) ? elem.getIntOrFloatBitWidth() : 0;
  int64_t bytes = type.getNumElements() * ((bits + 7) / 8);
  Attribute attr = value;
  if (resourceThreshold >= 0 && bytes > resourceThreshold && !value.isSplat() &&
      bits % 8 == 0 && bits > 0) {
    ArrayRef<char> raw = value.getRawData();
    attr = DenseResourceElementsAttr::get(
        type, getNodeName(op),
        HeapAsmResourceBlob::allocateAndCopyWithAlign(raw, alignof(uint64_t),
                                                      /*dataIsMutable=*/false));
  }
  OperationState state(op->getLoc(), "stablehlo.constant");
  state.addAttribute("value", attr);
  state.addTypes(type);
  return b.create(state)->getResult(0);
}

void TFGToStableHLOPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<GraphOp> graphs;
  for (Operation &op : *module.getBody())
    if (auto g = dyn_cast<GraphOp>(op))
      graphs.push_back(g);
  if (graphs.size() != 1) {
    module.emitError() << "tfg-to-stablehlo: expects one tfg.graph, found "
                       << graphs.size();
    return signalPassFailure();
  }
  GraphOp graph = graphs.front();
  // An If or Case whose selector the graph fixes becomes its taken branch,
  // so that its outputs get that branch's shapes (tfg-fold-known-branches).
  foldKnownBranches(module);
  // TensorLists and TensorArrays: which values are lists, their buffer
  // types; refines the types of list reads (and reruns shape inference).
  ListAnalysis lists;
  if (failed(lists.run(module)))
    return signalPassFailure();
  GraphLowering lowering(module, resourceThreshold, lists);
  SmallVector<Value> fetches;
  SmallVector<Operation *> order;
  if (failed(collectFetches(graph, lists, fetches)) ||
      failed(lowering.topoOrder(fetches, order)))
    return signalPassFailure();
  if (fetches.empty()) {
    graph.emitError() << "tfg-to-stablehlo: nothing to fetch";
    return signalPassFailure();
  }

  // Check the Placeholders' types before emitting anything; the other
  // nodes' are checked as they are lowered.
  SmallVector<Operation *> placeholders;
  for (Operation *op : order) {
    StringRef opType = getTFOpName(op);
    if (opType != "Placeholder" && opType != "PlaceholderV2")
      continue;
    Value v = getDataResults(op)[0];
    if (!getStaticType(v.getType()))
      return (void)typeError(op, "output", 0, v.getType()), signalPassFailure();
    placeholders.push_back(op);
  }
  // Arguments in graph order.
  llvm::sort(placeholders,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });

  OpBuilder b(graph);
  SmallVector<Type> argTypes;
  for (Operation *p : placeholders)
    argTypes.push_back(getDataResults(p)[0].getType());
  SmallVector<Type> resultTypes;
  for (Value f : fetches) {
    if (lists.isList(f))
      return (void)(nodeError(f.getDefiningOp())
                    << "is fetched as a TensorList or TensorArray, which "
                       "has no StableHLO value"),
             signalPassFailure();
    resultTypes.push_back(f.getType());
  }
  auto func = func::FuncOp::create(b, graph.getLoc(), funcName.getValue(),
                                   b.getFunctionType(argTypes, resultTypes));
  Block *entry = func.addEntryBlock();
  // All at once: one setArgAttr per argument would copy the list each time.
  SmallVector<DictionaryAttr> argAttrs;
  for (Operation *p : placeholders)
    argAttrs.push_back(b.getDictionaryAttr(
        b.getNamedAttr("tfg.name", b.getStringAttr(getNodeName(p)))));
  func.setAllArgAttrs(argAttrs);
  b.setInsertionPointToStart(entry);

  DenseMap<Value, Value> mapped;
  for (auto [i, p] : llvm::enumerate(placeholders))
    mapped[getDataResults(p)[0]] = entry->getArgument(i);
  if (failed(lowering.lowerNodes(b, order, mapped))) {
    func.erase();
    return signalPassFailure();
  }
  SmallVector<Value> returned;
  for (Value f : fetches)
    returned.push_back(mapped.lookup(f));
  func::ReturnOp::create(b, graph.getLoc(), returned);
  // A fetch of `?` size returns what its lowering gives (maybe static).
  func.setFunctionType(
      b.getFunctionType(argTypes, ValueRange(returned).getTypes()));
  // Index operands only read as attributes (perm, axis, shapes, and what
  // computes them from constants) are left unused, in the function and in
  // the regions of control flow: in pre-order, users (and the ops of a
  // region) come after what they use (and the op holding the region), so
  // one backward sweep removes every dead pure op.
  SmallVector<Operation *> ops;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != func && !op->hasTrait<OpTrait::IsTerminator>())
      ops.push_back(op);
  });
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      op->erase();
  graph.erase();
  // The library's functions: their bodies are in the regions of the control
  // flow that called them; a StableHLO module has no use for them.
  for (Operation &op : llvm::make_early_inc_range(*module.getBody()))
    if (isa<GraphFuncOp>(op))
      op.erase();
}

LogicalResult GraphLowering::lowerNodes(OpBuilder &b,
                                        ArrayRef<Operation *> order,
                                        DenseMap<Value, Value> &mapped) {
  for (Operation *op : order) {
    StringRef opType = getTFOpName(op);
    if (opType == "Placeholder" || opType == "PlaceholderV2")
      continue;
    ResultRange results = getDataResults(op);
    bool isList = false;
    for (Value v : getDataOperands(op))
      isList |= lists.isList(v);
    for (Value v : results)
      isList |= lists.isList(v);
    if (isList && !isListOp(opType) && !isFunctionalControlFlow(opType) &&
        opType != "Identity" && opType != "IdentityN" &&
        opType != "StopGradient")
      return nodeError(op) << "takes or gives a TensorList or TensorArray, "
                              "which is lowered for the list ops, Identity "
                              "and functional control flow only";
    // A node whose types have `?` sizes, or whose op type only the dynamic
    // table knows (Where, NonMaxSuppression), goes to the dynamic table
    // (DynamicShapes.h); other `?` sizes are errors.
    bool dynamic = false;
    auto check = [&](StringRef what, unsigned i, Value v) -> LogicalResult {
      if (loweredType(v))
        return success();
      if (lists.isList(v) || !getRankedHLOType(v.getType()))
        return loweredTypeError(op, what, i, v);
      if (acceptsDynamicValue(opType, what == "input", i))
        return success();
      if (!hasDynamicRule(opType))
        return nodeError(op) << what << " " << i << " has unknown dimensions ("
                             << v.getType() << "), which op type '" << opType
                             << "' is not legalized with: pin them with "
                                "tfg-set-input-shapes";
      dynamic = true;
      return success();
    };
    for (auto [i, v] : llvm::enumerate(getDataOperands(op)))
      if (failed(check("input", i, v)))
        return failure();
    for (auto [i, v] : llvm::enumerate(results))
      if (failed(check("output", i, v)))
        return failure();
    if (!getRuleTable().count(opType) && hasDynamicRule(opType))
      dynamic = true;
    if (opType == "Const") {
      Value c = results.empty()
                    ? Value()
                    : lowerConst(b, op, getStaticType(results[0].getType()));
      if (!c)
        return failure();
      mapped[results[0]] = c;
      continue;
    }
    SmallVector<Value, 4> operands;
    for (auto [i, v] : llvm::enumerate(getDataOperands(op))) {
      operands.push_back(mapped.lookup(v));
      if (!operands.back())
        return nodeError(op) << "input " << i
                             << " is neither a node's output nor an "
                                "argument of the function";
    }
    // Sizes computed by the graph (Pad's paddings, Slice's bounds, ...)
    // are the dynamic rules' too, unless their values are known when
    // lowering (computed from constants and static shapes).
    OperandRange inputs = getDataOperands(op);
    auto knownOperand = [&](unsigned i) -> DenseElementsAttr {
      return i < inputs.size() ? known.lookup(inputs[i]) : nullptr;
    };
    dynamic |= hasComputedSizeOperand(opType, operands, [&](unsigned i) {
      return static_cast<bool>(knownOperand(i));
    });
    SmallVector<Value, 4> lowered;
    if (isFunctionalControlFlow(opType)) {
      if (failed(lowerControlFlow(b, op, operands, lowered)))
        return failure();
    } else if (isListOp(opType)) {
      if (failed(lowerListOp(b, op, operands, lowered)))
        return failure();
    } else {
      TFNode node{opType, getNodeName(op), op->getLoc(), getNodeAttrs(op), {},
                  {}};
      node.operands.append(operands.begin(), operands.end());
      for (Value v : results)
        if (RankedTensorType t = loweredType(v))
          node.resultTypes.push_back(t);
        else
          node.resultTypes.push_back(getRankedHLOType(v.getType()));
      node.knownOperand = knownOperand;
      if (failed(dynamic ? legalizeDynamicNode(b, node, lowered)
                         : legalizeNode(b, node, lowered)))
        return failure();
    }
    for (auto [from, to] : llvm::zip(results, lowered))
      mapped[from] = to;
  }
  return success();
}
