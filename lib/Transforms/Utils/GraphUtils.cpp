//===- GraphUtils.cpp - Shared helpers of the graph passes ----------------===//

#include "tfg/Transforms/GraphUtils.h"
#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include "llvm/Support/Debug.h"
#include <functional>

#define DEBUG_TYPE "tfg-graph-utils"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Node classification
//===----------------------------------------------------------------------===//

// The classes are OpClasses.def's (tfg/IR/OpClassification.h).
bool mlir::tfg::isSwitchNode(Operation *op) { return isSwitchOp(op); }

bool mlir::tfg::isMergeNode(Operation *op) { return isMergeOp(op); }

bool mlir::tfg::isNextIterationNode(Operation *op) {
  return isNextIterationOp(op);
}

bool mlir::tfg::isFrameNode(Operation *op) { return isFrameOp(op); }

/// True if values of `type` are references.
static bool isRefValueType(Type type) {
  Type element = tf_type::getElementTypeOrSelf(type);
  return element && tf_type::isRefType(element);
}

bool mlir::tfg::hasRefOperandOrResult(Operation *op) {
  auto isRef = [](Value v) { return isRefValueType(v.getType()); };
  return llvm::any_of(op->getOperands(), isRef) ||
         llvm::any_of(op->getResults(), isRef);
}

/// Same, with the answer per type cached (a graph has few distinct types).
static bool hasRefOperandOrResultCached(Operation *op,
                                        llvm::DenseMap<Type, bool> &cache) {
  // Most values of a graph share a few types: remember the last one.
  Type lastType;
  bool lastIsRef = false;
  auto isRef = [&](Value v) {
    Type type = v.getType();
    if (type == lastType)
      return lastIsRef;
    auto [it, inserted] = cache.try_emplace(type, false);
    if (inserted)
      it->second = isRefValueType(type);
    lastType = type;
    lastIsRef = it->second;
    return lastIsRef;
  };
  return llvm::any_of(op->getOperands(), isRef) ||
         llvm::any_of(op->getResults(), isRef);
}

/// MLIR's isMemoryEffectFree, but for the write of tfg::NodeResource that
/// registered stateless nodes declare for stock passes: true if `op` (and,
/// for ops with recursive effects, every op nested in it) has no other
/// effect. Iterative: nesting depth costs no stack.
static bool isFreeOfEffectsBeyondNode(Operation *op) {
  SmallVector<Operation *> worklist = {op};
  SmallVector<MemoryEffects::EffectInstance> effects;
  while (!worklist.empty()) {
    Operation *current = worklist.pop_back_val();
    bool recursive = current->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(current)) {
      effects.clear();
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects)
        if (!isa<NodeResource>(effect.getResource()))
          return false;
    } else if (!recursive) {
      // Unknown effects.
      return false;
    }
    if (recursive)
      for (Region &region : current->getRegions())
        for (Operation &nested : region.getOps())
          worklist.push_back(&nested);
  }
  return true;
}

bool mlir::tfg::hasSideEffects(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return true;
  if (!isFreeOfEffectsBeyondNode(op))
    return true;
  return hasRefOperandOrResult(op);
}

SmallVector<Block *> mlir::tfg::getGraphBodies(Operation *root) {
  SmallVector<Block *> bodies;
  if (auto graph = dyn_cast<GraphOp>(root)) {
    bodies.push_back(&graph.getBody());
    return bodies;
  }
  if (auto func = dyn_cast<GraphFuncOp>(root)) {
    if (!func.getBody().empty())
      bodies.push_back(&func.getBody().front());
    return bodies;
  }
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (Operation &op : block) {
        if (auto graph = dyn_cast<GraphOp>(op))
          bodies.push_back(&graph.getBody());
        else if (auto func = dyn_cast<GraphFuncOp>(op))
          if (!func.getBody().empty())
            bodies.push_back(&func.getBody().front());
      }
  return bodies;
}

//===----------------------------------------------------------------------===//
// PreservedNodes
//===----------------------------------------------------------------------===//

StringRef mlir::tfg::getNodeNameOfSpec(StringRef spec) {
  spec.consume_front("^");
  size_t colon = spec.rfind(':');
  if (colon != StringRef::npos &&
      llvm::all_of(spec.drop_front(colon + 1), llvm::isDigit) &&
      colon + 1 < spec.size())
    spec = spec.take_front(colon);
  return spec;
}

NodeSpec mlir::tfg::parseNodeSpec(StringRef spec) {
  NodeSpec result;
  result.name = getNodeNameOfSpec(spec);
  if (spec.starts_with("^")) {
    result.output = -1;
    return result;
  }
  if (result.name.size() < spec.size()) {
    result.explicitOutput = true;
    uint64_t k;
    StringRef digits = spec.drop_front(result.name.size() + 1);
    result.output = digits.getAsInteger(10, k) || k > uint64_t(INT64_MAX)
                        ? INT64_MAX
                        : int64_t(k);
  }
  return result;
}

FailureOr<Operation *>
mlir::tfg::resolveNodeSpec(const llvm::StringMap<Operation *> &byName,
                           StringRef option, StringRef spec, Location loc,
                           bool nameIsOutput0) {
  NodeSpec parsed = parseNodeSpec(spec);
  Operation *node = byName.lookup(parsed.name);
  if (!node)
    return emitError(loc) << option << " '" << spec
                          << "' names no node of the graph";
  if (parsed.output < 0 || (!parsed.explicitOutput && !nameIsOutput0))
    return node;
  size_t numOutputs = getDataResults(node).size();
  if (uint64_t(parsed.output) >= numOutputs) {
    InFlightDiagnostic diag = node->emitError()
                              << option << " '" << spec << "' names output ";
    diag << spec.drop_front(parsed.name.size() + 1) << " of node '"
         << parsed.name << "', which has " << numOutputs
         << (numOutputs == 1 ? " output" : " outputs");
    return diag;
  }
  return node;
}

llvm::StringMap<Operation *> mlir::tfg::getNodesByName(Block &block) {
  llvm::StringMap<Operation *> byName;
  for (Operation &op : block)
    if (StringRef name = getNodeName(&op); !name.empty())
      byName.try_emplace(name, &op);
  return byName;
}

LogicalResult mlir::tfg::checkPreserveOptions(Operation *module,
                                              const PreserveOptions &options) {
  if (options.fetch.empty() && options.feed.empty())
    return success();
  for (Block *body : getGraphBodies(module)) {
    Operation *parent = body->getParentOp();
    if (!isa<GraphOp>(parent))
      continue;
    llvm::StringMap<Operation *> byName = getNodesByName(*body);
    for (const auto *list : {&options.fetch, &options.feed})
      for (const std::string &spec : *list)
        if (failed(resolveNodeSpec(byName,
                                   list == &options.fetch ? "fetch" : "feed",
                                   spec, parent->getLoc())))
          return failure();
  }
  return success();
}

FailureOr<PreservedNodes>
PreservedNodes::compute(Block &block, const PreserveOptions &options) {
  PreservedNodes result;
  Operation *parent = block.getParentOp();
  bool isGraph = isa<GraphOp>(parent);
  result.deletable = !isGraph || !options.fetch.empty();

  if (!options.fetch.empty() || !options.feed.empty()) {
    llvm::StringMap<Operation *> byName = getNodesByName(block);
    for (const auto *list : {&options.fetch, &options.feed}) {
      for (const std::string &spec : *list) {
        Operation *node;
        if (isGraph) {
          FailureOr<Operation *> resolved =
              resolveNodeSpec(byName, list == &options.fetch ? "fetch" : "feed",
                              spec, parent->getLoc());
          if (failed(resolved))
            return failure();
          node = *resolved;
        } else {
          // The options name the graph's nodes: a function's node of the
          // same name is kept, whatever output the spec names.
          node = byName.lookup(getNodeNameOfSpec(spec));
          if (!node)
            continue;
        }
        result.preserved.insert(node);
        result.named.insert(node);
      }
    }
  }

  // Whether a generic node has effects depends on its op name only.
  llvm::DenseMap<OperationName, bool> effectsByName;
  llvm::DenseMap<Type, bool> refTypes;
  for (Operation &op : block) {
    bool effects;
    if (op.isRegistered() || op.getNumRegions()) {
      effects = hasSideEffects(&op);
    } else {
      auto [it, inserted] = effectsByName.try_emplace(op.getName(), false);
      if (inserted)
        it->second = !isFreeOfEffectsBeyondNode(&op);
      effects = it->second || hasRefOperandOrResultCached(&op, refTypes);
    }
    if (effects || op.hasAttr("_grappler_do_not_remove"))
      result.preserved.insert(&op);
  }
  // Nodes named by a function's control returns keep their identity.
  if (auto ret = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back()))
    for (Value ctl : ret.getControlOperands())
      if (Operation *def = ctl.getDefiningOp())
        result.preserved.insert(def);
  return result;
}

//===----------------------------------------------------------------------===//
// Node surgery
//===----------------------------------------------------------------------===//

Operation *mlir::tfg::createNode(OpBuilder &builder, Location loc,
                                 StringRef opName, ValueRange data,
                                 ValueRange controls, TypeRange resultTypes,
                                 ArrayRef<NamedAttribute> attrs) {
  MLIRContext *ctx = builder.getContext();
  auto *dialect = ctx->getLoadedDialect<TFGraphDialect>();
  OperationState state(loc, ("tfg." + opName).str());
  state.addOperands(data);
  state.addOperands(controls);
  state.addTypes(resultTypes);
  state.addTypes(dialect->getControlType());
  StringAttr nameId = dialect->getNameAttrIdentifier();
  for (const NamedAttribute &attr : attrs) {
    auto name = llvm::dyn_cast<StringAttr>(attr.getValue());
    if (attr.getName() == nameId && name)
      addNodeName(state, name);
    else
      state.attributes.push_back(attr);
  }
  return builder.create(state);
}

SmallVector<NamedAttribute> mlir::tfg::getNodeIdentityAttrs(Operation *op) {
  auto *dialect = op->getContext()->getLoadedDialect<TFGraphDialect>();
  SmallVector<NamedAttribute> attrs;
  for (StringAttr id :
       {dialect->getNameAttrIdentifier(), dialect->getDeviceAttrIdentifier(),
        dialect->getAssignedDeviceAttrIdentifier(),
        dialect->getFullTypeAttrIdentifier()})
    if (Attribute value = id == dialect->getNameAttrIdentifier()
                              ? getNodeNameAttr(op)
                              : op->getAttr(id))
      attrs.emplace_back(id, value);
  return attrs;
}

Operation *mlir::tfg::createNoOp(OpBuilder &builder, Location loc,
                                 StringRef name, StringRef device,
                                 ValueRange controls) {
  MLIRContext *ctx = builder.getContext();
  auto *dialect = ctx->getLoadedDialect<TFGraphDialect>();
  OperationState state(loc, "tfg.NoOp");
  state.addOperands(controls);
  state.addTypes(dialect->getControlType());
  if (!name.empty())
    addNodeName(state, StringAttr::get(ctx, name));
  if (!device.empty())
    state.addAttribute(dialect->getDeviceAttrIdentifier(),
                       StringAttr::get(ctx, device));
  return builder.create(state);
}

SmallVector<Value> mlir::tfg::getControlDependencies(ValueRange values,
                                                     ValueRange extra) {
  SmallVector<Value> controls;
  llvm::SmallPtrSet<void *, 8> seen;
  auto add = [&](Value c) {
    if (c && seen.insert(c.getAsOpaquePointer()).second)
      controls.push_back(c);
  };
  for (Value v : values)
    add(getControlTokenOf(v));
  for (Value c : extra)
    add(c);
  return controls;
}

/// Whether `value` is an operand of `op`. Walks the uses of `value` and the
/// operands of `op` (from the back, where control operands are) side by
/// side: the cost is that of the shorter list, so that adding a control
/// operand to a node with a large fan-in costs nothing like its fan-in.
static bool isOperandOf(Value value, Operation *op) {
  auto use = value.use_begin(), useEnd = value.use_end();
  MutableArrayRef<OpOperand> operands = op->getOpOperands();
  for (size_t k = operands.size();;) {
    if (use == useEnd)
      return false;
    if (use->getOwner() == op)
      return true;
    ++use;
    if (k == 0)
      return false;
    if (operands[--k].get() == value)
      return true;
  }
}

unsigned mlir::tfg::addControlOperands(Operation *op, ValueRange controls) {
  if (controls.empty())
    return 0;
  // Few controls to add to many operands: look each one up (isOperandOf);
  // otherwise one set of the operands.
  bool lookUp = controls.size() * 8 < op->getNumOperands();
  llvm::SmallPtrSet<void *, 8> present;
  if (!lookUp)
    for (Value v : getControlOperands(op))
      present.insert(v.getAsOpaquePointer());
  SmallVector<Value> toAdd;
  for (Value c : controls) {
    if (!c || c.getDefiningOp() == op)
      continue;
    if (lookUp ? !isOperandOf(c, op) && !llvm::is_contained(toAdd, c)
               : present.insert(c.getAsOpaquePointer()).second)
      toAdd.push_back(c);
  }
  op->insertOperands(op->getNumOperands(), toAdd);
  return toAdd.size();
}

unsigned mlir::tfg::eraseControlUses(Value ctl) {
  unsigned erased = 0;
  // One use at a time, always the first one that is not a return's (a
  // return keeps its control operand: it has a name), so that no iterator
  // outlives the operand list it points into.
  auto firstErasable = [&]() -> OpOperand * {
    for (OpOperand &use : ctl.getUses())
      if (!isa<ReturnOp>(use.getOwner()))
        return &use;
    return nullptr;
  };
  while (OpOperand *operand = firstErasable()) {
    Operation *owner = operand->getOwner();
    // The last operand (a control operand too) is erased, O(1), where
    // erasing in place would shift the rest of the list; it takes the
    // erased operand's place.
    unsigned last = owner->getNumOperands() - 1;
    OpOperand &lastOperand = owner->getOpOperand(last);
    if (&lastOperand != operand)
      operand->set(lastOperand.get());
    owner->eraseOperand(last);
    ++erased;
  }
  return erased;
}

unsigned mlir::tfg::eraseOperandsIf(Operation *op,
                                    function_ref<bool(OpOperand &)> pred) {
  llvm::BitVector toErase(op->getNumOperands());
  for (OpOperand &operand : op->getOpOperands())
    if (pred(operand))
      toErase.set(operand.getOperandNumber());
  unsigned count = toErase.count();
  if (count)
    op->eraseOperands(toErase);
  return count;
}

unsigned mlir::tfg::removeRedundantControlOperands(Operation *op) {
  if (isa<ReturnOp>(op))
    return 0;
  unsigned numData = getNumDataOperands(op);
  if (numData == op->getNumOperands())
    return 0;
  llvm::SmallPtrSet<void *, 8> covered;
  for (Value v : op->getOperands().take_front(numData))
    if (Value ctl = getControlTokenOf(v))
      covered.insert(ctl.getAsOpaquePointer());
  return eraseOperandsIf(op, [&](OpOperand &operand) {
    if (operand.getOperandNumber() < numData)
      return false;
    return !covered.insert(operand.get().getAsOpaquePointer()).second;
  });
}

int64_t mlir::tfg::replaceNodeUses(Operation *op, ValueRange replacements,
                                   ValueRange controlReplacements) {
  int64_t removed = 0;
  ResultRange data = getDataResults(op);
  for (auto [result, replacement] : llvm::zip(data, replacements))
    result.replaceAllUsesWith(replacement);
  Value ctl = getControlToken(op);
  if (!ctl || ctl.use_empty())
    return removed;
  llvm::SetVector<Operation *> owners;
  for (OpOperand &use : ctl.getUses())
    owners.insert(use.getOwner());
  // Each use is erased on its own (eraseControlUses), never by rewriting
  // the whole operand list of its user: a user with a large fan-in that
  // loses its producers one by one stays linear.
  removed += eraseControlUses(ctl);
  for (Operation *owner : owners) {
    if (isa<ReturnOp>(owner)) {
      // A control return stays one operand (it has a name).
      if (!controlReplacements.empty())
        for (OpOperand &operand : owner->getOpOperands())
          if (operand.get() == ctl)
            operand.set(controlReplacements.front());
      continue;
    }
    removed -= addControlOperands(owner, controlReplacements);
  }
  return removed;
}

/// The producer's device of a value, or empty (block arguments).
static StringRef getProducerDevice(Value v) {
  if (Operation *def = v.getDefiningOp())
    return getNodeDevice(def);
  return {};
}

/// Bypasses a trivial node if safe; returns true and updates `stats` if so.
bool mlir::tfg::bypassTrivialNode(Operation *op,
                                  const PreservedNodes &preserved,
                                  RemovalStats &stats) {
  StringRef opName = getTFOpName(op);
  bool isNoOp = opName == "NoOp";
  bool isIdentity =
      opName == "Identity" || opName == "Snapshot" || opName == "IdentityN";
  if ((!isNoOp && !isIdentity) || preserved.contains(op) ||
      hasRefOperandOrResult(op))
    return false;
  OperandRange data = getDataOperands(op);
  OperandRange ctls = getControlOperands(op);
  ResultRange results = getDataResults(op);
  Value ctl = getControlToken(op);
  if (data.size() != results.size() || !ctl)
    return false;
  // A node in a cycle through itself (graph regions allow it) would hand
  // its users its own results: it stays.
  for (Value operand : op->getOperands())
    if (operand.getDefiningOp() == op)
      return false;
  StringRef device = getNodeDevice(op);
  bool hasControlUsers = !ctl.use_empty();
  for (OpOperand &use : ctl.getUses())
    if (isa<ReturnOp>(use.getOwner()))
      return false;
  // Data users that cannot take over the node's control operands: a
  // terminator, and a Merge, which a dead data input leaves alive but a dead
  // control input kills (an Identity under a cond's pivot feeding the
  // Merge would make the Merge wait for the branch not taken).
  if (!ctls.empty())
    for (Value r : results)
      for (Operation *user : r.getUsers())
        if (user->hasTrait<OpTrait::IsTerminator>() || isMergeNode(user))
          return false;
  SmallVector<Value> controlReplacements(ctls.begin(), ctls.end());
  for (Value v : data) {
    Operation *def = v.getDefiningOp();
    // Never anchor a control edge on a Switch output.
    if (def && isSwitchNode(def) && hasControlUsers)
      return false;
    // An Identity on another device is a transfer.
    if (!device.empty() && getProducerDevice(v) != device)
      return false;
    controlReplacements.push_back(getControlTokenOf(v));
  }
  // Never more edges than before (Grappler counts every fan-in and fan-out
  // edge, data and control): `in * out <= in + out`.
  size_t in = op->getNumOperands(), out = 0;
  for (Value r : op->getResults())
    out += std::distance(r.use_begin(), r.use_end());
  if (in * out > in + out)
    return false;
  if (isNoOp) {
    // No cross-device edge may appear.
    for (Value c : ctls)
      if (getProducerDevice(c) != device)
        return false;
    for (Operation *user : ctl.getUsers())
      if (getNodeDevice(user) != device)
        return false;
  }
  // Data users wait for the node's control operands from now on.
  if (!ctls.empty())
    for (Value r : results) {
      llvm::SetVector<Operation *> users(r.getUsers().begin(),
                                         r.getUsers().end());
      for (Operation *user : users)
        stats.edges -= addControlOperands(user, ctls);
    }
  stats.edges += replaceNodeUses(op, data, controlReplacements);
  stats.edges += op->getNumOperands();
  op->dropAllReferences();
  op->erase();
  ++stats.nodes;
  return true;
}

std::vector<std::string> mlir::tfg::getRecordedFetches(Operation *op,
                                                       bool *malformed) {
  std::vector<std::string> fetches;
  if (malformed)
    *malformed = false;
  auto module = dyn_cast_if_present<ModuleOp>(op);
  if (!module && op)
    module = op->getParentOfType<ModuleOp>();
  if (!module)
    return fetches;
  Attribute attr = module->getAttr(kRecordedFetchesAttrName);
  if (!attr)
    return fetches;
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list || !llvm::all_of(list, llvm::IsaPred<StringAttr>)) {
    if (malformed)
      *malformed = true;
    return fetches;
  }
  for (Attribute entry : list)
    fetches.push_back(cast<StringAttr>(entry).str());
  return fetches;
}

NodeNameUniquer::NodeNameUniquer(Block &body) {
  for (Operation &op : body)
    op.walk([&](Operation *inner) {
      if (StringRef name = getNodeName(inner); !name.empty())
        used.insert(name);
    });
}

std::string NodeNameUniquer::get(StringRef base) {
  if (used.insert(base).second)
    return base.str();
  unsigned &next = nextSuffix.try_emplace(base, 1).first->second;
  for (;; ++next) {
    std::string candidate = (base + "/" + llvm::Twine(next)).str();
    if (used.insert(candidate).second) {
      ++next;
      return candidate;
    }
  }
}

GraphSize mlir::tfg::countGraphSize(Operation *module) {
  GraphSize size;
  auto count = [&](Operation *op) {
    if (op->hasTrait<OpTrait::IsTerminator>())
      return;
    ++size.nodes;
    size.edges += op->getNumOperands();
  };
  for (Block *body : getGraphBodies(module))
    for (Operation &op : *body) {
      if (op.getNumRegions() == 0)
        count(&op);
      else
        op.walk(count);
    }
  return size;
}

SmallVector<Operation *>
mlir::tfg::cloneBlockOps(Block &block, OpBuilder &builder, IRMapping &mapping) {
  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator())
    ops.push_back(builder.clone(op, mapping));
  // Operands that referred to values defined later in the block.
  for (Operation *op : ops)
    op->walk([&](Operation *inner) {
      for (OpOperand &operand : inner->getOpOperands())
        if (Value mapped = mapping.lookupOrNull(operand.get()))
          operand.set(mapped);
    });
  return ops;
}

ClonedBody mlir::tfg::cloneFunctionBody(Operation *funcOp, OpBuilder &builder,
                                        IRMapping &mapping) {
  auto func = cast<GraphFuncOp>(funcOp);
  ClonedBody cloned;
  cloned.ops = cloneBlockOps(func.getBody().front(), builder, mapping);
  ReturnOp ret = func.getReturnOp();
  for (Value v : ret.getDataOperands())
    cloned.results.push_back(mapping.lookupOrDefault(v));
  for (Value v : ret.getControlOperands())
    cloned.controls.push_back(mapping.lookupOrDefault(v));
  return cloned;
}

std::vector<std::string> mlir::tfg::getSinkFetches(Block &body) {
  std::vector<std::string> specs;
  for (Operation &op : body) {
    StringRef opName = getTFOpName(&op);
    if (opName.empty() || opName == "Const" ||
        opName.starts_with("Placeholder"))
      continue;
    ResultRange results = getDataResults(&op);
    if (results.empty() ||
        llvm::any_of(results, [](Value v) { return !v.use_empty(); }))
      continue;
    for (unsigned i = 0; i < results.size(); ++i)
      specs.push_back((getNodeName(&op) + ":" + Twine(i)).str());
  }
  return specs;
}
