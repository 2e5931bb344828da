//===- BodyLowering.cpp - One tfg body to tf and ml_program ops -----------===//
//
// Each node becomes a tf op (the shared node -> tf op step of
// TFGToTFExecutor.h), in a topological order; a node that touches a
// variable becomes ml_program ops on its global. A func.func body runs in
// order, so the order of the emitted ops already keeps every control edge;
// where a control edge orders a variable access after others, the accesses
// also take ml_program's `_graph` forms, the later consuming the earlier
// ones' tokens, so that the order survives a graph-region reading of the
// function (and passes that reorder by effects).
//
//===----------------------------------------------------------------------===//

#include "BodyLowering.h"

#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"
#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/NodeOrder.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::mlprogram;

/// An error at `node` that names it and its op.
static InFlightDiagnostic nodeError(Operation *node) {
  InFlightDiagnostic diag = node->emitError();
  diag << "node '" << getNodeName(node) << "' (" << getTFOpName(node) << "): ";
  return diag;
}

LogicalResult mlprogram::orderNodes(Block &body,
                                    const llvm::DenseSet<Operation *> *keep,
                                    SmallVectorImpl<Operation *> &order) {
  auto kept = [&](Operation *op) { return keep->contains(op); };
  Operation *cyclic = orderNodesTopologically(
      body, order, keep ? function_ref<bool(Operation *)>(kept) : nullptr);
  if (cyclic)
    return nodeError(cyclic) << "is on a cycle (a v1 loop), which has no "
                                "func.func form";
  return success();
}

BodyLowering::BodyLowering(Block &target, VariableTable &variables,
                           llvm::StringMap<OperationName> &names)
    : builder(target.getParentOp()->getContext()), variables(variables),
      names(names), attrNames(builder.getContext()),
      tfNames(builder.getContext()) {
  builder.setInsertionPointToEnd(&target);
}

static bool isResourceValue(Value value) {
  return isa<tf_type::ResourceType>(getElementTypeOrSelf(value.getType()));
}

/// Whether op `name` takes a reference (mutates it) per its OpDef.
static bool hasRefInput(StringRef name) {
  const OpDef *def = lookupBuiltinOpDef(name);
  return def && llvm::any_of(def->inputs(),
                             [](const OpDefArg &arg) { return arg.isRef; });
}

LogicalResult BodyLowering::classify(Operation *node) {
  Access access = Access::None;
  StringRef op = getTFOpName(node);
  OperandRange data = getDataOperands(node);
  if (isResourceVariableDecl(node) || isRefVariableDecl(node)) {
    FailureOr<Variable *> var = variables.declare(node);
    if (failed(var))
      return failure();
    ResultRange results = getDataResults(node);
    if (results.size() != 1)
      return nodeError(node) << "expected one output";
    handles[results[0]] = *var;
    accesses[node] = Access::Declare;
    return success();
  }
  SmallVector<unsigned> positions;
  for (auto [i, operand] : llvm::enumerate(data))
    if (handles.count(operand))
      positions.push_back(i);
  if (positions.empty()) {
    if (!node->isRegistered() &&
        llvm::is_contained({"ReadVariableOp", "AssignVariableOp",
                            "AssignAddVariableOp", "AssignSubVariableOp",
                            "ResourceGather", "VarIsInitializedOp"},
                           op))
      return nodeError(node)
             << "takes a handle that no variable node of this body declares "
                "(a function argument, or another op's output), which has "
                "no ml_program form";
    return success();
  }
  Variable *var = handles.lookup(data[positions[0]]);
  bool resource = isResourceValue(data[positions[0]]);
  bool first = positions.size() == 1 && positions[0] == 0;
  bool generic = !node->isRegistered();
  auto escapes = [&](StringRef why) {
    return nodeError(node) << "takes the "
                           << (resource ? "handle" : "reference")
                           << " of variable '" << var->symbol << "' (node '"
                           << getNodeName(var->decl) << "') " << why
                           << ", which has no ml_program form";
  };
  if (!generic)
    return escapes("into a region op");
  if (resource) {
    if (op == "Identity" && data.size() == 1)
      access = Access::Alias;
    else if (op == "ReadVariableOp" && data.size() == 1)
      access = Access::Read;
    else if (op == "AssignVariableOp" && first && data.size() == 2)
      access = Access::Write;
    else if ((op == "AssignAddVariableOp" || op == "AssignSubVariableOp") &&
             first && data.size() == 2)
      access = Access::Update;
    else if (op == "ResourceGather" && first && data.size() == 2)
      access = Access::Gather;
    else if (op == "VarIsInitializedOp" && data.size() == 1)
      access = Access::IsInitialized;
    else
      return escapes("as an input");
  } else {
    if (op == "Assign" && first && data.size() == 2)
      access = Access::Write;
    else if ((op == "AssignAdd" || op == "AssignSub") && first &&
             data.size() == 2)
      access = Access::Update;
    else if (op == "IsVariableInitialized" && data.size() == 1)
      access = Access::IsInitialized;
    else if (hasRefInput(op))
      return escapes("as a reference input");
    else
      access = Access::ReadOperands;
  }
  for (unsigned i : positions)
    if (isResourceValue(data[i]) && access == Access::ReadOperands)
      return escapes("as an input");
  if (access == Access::Alias) {
    handles[getDataResults(node)[0]] = var;
    accesses[node] = access;
    return success();
  }
  accesses[node] = access;
  return success();
}

ArrayRef<Operation *> BodyLowering::getReachingAccesses(Operation *root) {
  // reaching(n) = {n} for an access, else the union of reaching(input) over
  // its data and control inputs; iterative post-order, memoized.
  auto isAccess = [&](Operation *op) {
    Access a = accesses.lookup(op);
    return a != Access::None && a != Access::Declare && a != Access::Alias;
  };
  SmallVector<std::pair<Operation *, unsigned>> stack;
  if (!reaching.count(root))
    stack.push_back({root, 0});
  while (!stack.empty()) {
    auto [op, next] = stack.back();
    if (isAccess(op)) {
      reaching[op] = {op};
      stack.pop_back();
      continue;
    }
    if (next < op->getNumOperands()) {
      ++stack.back().second;
      Operation *def = op->getOperand(next).getDefiningOp();
      if (def && def->getBlock() == op->getBlock() && !reaching.count(def))
        stack.push_back({def, 0});
      continue;
    }
    llvm::SmallSetVector<Operation *, 4> set;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp()) {
        auto it = reaching.find(def);
        if (it != reaching.end())
          set.insert(it->second.begin(), it->second.end());
      }
    reaching[op] = SmallVector<Operation *, 2>(set.begin(), set.end());
    stack.pop_back();
  }
  return reaching[root];
}

void BodyLowering::computeTokens(ArrayRef<Operation *> order) {
  for (Operation *node : order) {
    Access a = accesses.lookup(node);
    if (a == Access::None || a == Access::Declare || a == Access::Alias ||
        a == Access::IsInitialized)
      continue;
    llvm::SmallSetVector<Operation *, 4> waits;
    for (Value control : getControlOperands(node))
      if (Operation *def = control.getDefiningOp())
        for (Operation *access : getReachingAccesses(def))
          if (access != node)
            waits.insert(access);
    if (waits.empty())
      continue;
    graphForm.insert(node);
    for (Operation *access : waits)
      graphForm.insert(access);
    waitsFor[node] = SmallVector<Operation *, 2>(waits.begin(), waits.end());
  }
}

SmallVector<Value> BodyLowering::getConsumedTokens(Operation *node) {
  SmallVector<Value> consumed;
  auto it = waitsFor.find(node);
  if (it == waitsFor.end())
    return consumed;
  for (Operation *access : it->second) {
    auto produced = tokens.find(access);
    if (produced != tokens.end())
      consumed.append(produced->second.begin(), produced->second.end());
  }
  return consumed;
}

Value BodyLowering::load(Operation *node, Variable *var, ValueRange consume) {
  Location loc = node->getLoc();
  auto symbol = FlatSymbolRefAttr::get(var->global.getSymNameAttr());
  if (!graphForm.contains(node))
    return ml_program::GlobalLoadOp::create(builder, loc, var->type, symbol);
  auto load = ml_program::GlobalLoadGraphOp::create(
      builder, loc, var->type, ml_program::TokenType::get(builder.getContext()),
      symbol, consume);
  tokens[node].push_back(load.getProduceToken());
  return load.getResult();
}

void BodyLowering::store(Operation *node, Variable *var, Value value,
                         ValueRange consume) {
  Location loc = node->getLoc();
  auto symbol = FlatSymbolRefAttr::get(var->global.getSymNameAttr());
  if (!graphForm.contains(node)) {
    ml_program::GlobalStoreOp::create(builder, loc, symbol, value);
    return;
  }
  auto store = ml_program::GlobalStoreGraphOp::create(
      builder, loc, ml_program::TokenType::get(builder.getContext()), symbol,
      value, consume);
  tokens[node].push_back(store.getProduceToken());
}

Operation *BodyLowering::createTF(Operation *node, StringRef opName,
                                  ValueRange operands, TypeRange types,
                                  NamedAttrList attrs) {
  if (!attrs.get(kNodeNameAttr))
    attrs.set(kNodeNameAttr, builder.getStringAttr(getNodeName(node)));
  if (!attrs.get(kDeviceAttr))
    attrs.set(kDeviceAttr, builder.getStringAttr(getNodeDevice(node)));
  return createTFOp(builder, names, node->getLoc(), ("tf." + opName).str(),
                    operands, types, attrs);
}

Value BodyLowering::castTo(Operation *node, Value value, Type type) {
  if (value.getType() == type)
    return value;
  NamedAttrList attrs;
  attrs.set("T", TypeAttr::get(getElementTypeOrSelf(type)));
  attrs.set(kNodeNameAttr,
            builder.getStringAttr((getNodeName(node) + "/cast").str()));
  return createTF(node, "Identity", value, type, attrs)->getResult(0);
}

FailureOr<Value> BodyLowering::lookupData(Value value, Operation *user) {
  if (Variable *var = handles.lookup(value))
    return nodeError(user) << "takes the handle of variable '" << var->symbol
                           << "' as a value, which has no ml_program form";
  Value lowered = mapping.lookup(value);
  if (!lowered) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return user->emitError("operand is not a lowered value (argument ")
             << arg.getArgNumber() << ")";
    return nodeError(user) << "an input was not lowered";
  }
  return lowered;
}

LogicalResult BodyLowering::lowerAccess(Operation *node, Access access) {
  OperandRange data = getDataOperands(node);
  ResultRange results = getDataResults(node);
  Variable *var = handles.lookup(data[0]);
  SmallVector<Value> consume = getConsumedTokens(node);
  Type elementType = var->type.getElementType();
  switch (access) {
  case Access::Read: {
    if (results.size() != 1)
      return nodeError(node) << "expected one output";
    mapping[results[0]] = load(node, var, consume);
    return success();
  }
  case Access::Write: {
    FailureOr<Value> value = lookupData(data[1], node);
    if (failed(value))
      return failure();
    if (failed(verifyCompatibleShape(value->getType(), var->type)) ||
        getElementTypeOrSelf(value->getType()) != elementType)
      return nodeError(node)
             << "assigns a value of type " << value->getType()
             << " to variable '" << var->symbol << "' of type " << var->type;
    store(node, var, castTo(node, *value, var->type), consume);
    // Assign's output is the new value.
    if (!results.empty())
      mapping[results[0]] = *value;
    return success();
  }
  case Access::Update: {
    FailureOr<Value> delta = lookupData(data[1], node);
    if (failed(delta))
      return failure();
    if (getElementTypeOrSelf(delta->getType()) != elementType)
      return nodeError(node)
             << "updates variable '" << var->symbol << "' of type " << var->type
             << " with a value of type " << delta->getType();
    Value old = load(node, var, consume);
    StringRef op = getTFOpName(node);
    bool add = op == "AssignAdd" || op == "AssignAddVariableOp";
    NamedAttrList attrs;
    attrs.set("T", TypeAttr::get(elementType));
    Value updated =
        createTF(node, add ? "AddV2" : "Sub", {old, *delta}, var->type, attrs)
            ->getResult(0);
    // The store waits for the load.
    SmallVector<Value, 1> after = tokens.lookup(node);
    tokens.erase(node);
    store(node, var, updated, after);
    if (!results.empty())
      mapping[results[0]] = updated;
    return success();
  }
  case Access::Gather: {
    FailureOr<Value> indices = lookupData(data[1], node);
    if (failed(indices))
      return failure();
    if (results.size() != 1)
      return nodeError(node) << "expected one output";
    auto batchDims = node->getAttrOfType<IntegerAttr>("batch_dims");
    int64_t batch = batchDims ? batchDims.getInt() : 0;
    Value params = load(node, var, consume);
    auto axisType = RankedTensorType::get({}, builder.getI32Type());
    NamedAttrList constAttrs;
    constAttrs.set("dtype", TypeAttr::get(builder.getI32Type()));
    constAttrs.set("value", DenseElementsAttr::get(
                                axisType, builder.getI32IntegerAttr(
                                              static_cast<int32_t>(batch))));
    constAttrs.set(kNodeNameAttr,
                   builder.getStringAttr((getNodeName(node) + "/axis").str()));
    Value axis =
        createTF(node, "Const", {}, axisType, constAttrs)->getResult(0);
    NamedAttrList attrs;
    attrs.set("Tparams", TypeAttr::get(elementType));
    attrs.set("Tindices",
              TypeAttr::get(getElementTypeOrSelf(indices->getType())));
    attrs.set("Taxis", TypeAttr::get(builder.getI32Type()));
    attrs.set("batch_dims", builder.getI64IntegerAttr(batch));
    mapping[results[0]] = createTF(node, "GatherV2", {params, *indices, axis},
                                   results[0].getType(), attrs)
                              ->getResult(0);
    return success();
  }
  case Access::IsInitialized: {
    if (!var->hasInitialValue())
      return nodeError(node)
             << "asks whether variable '" << var->symbol
             << "' is initialized, which is known only for a variable with "
                "an initial value";
    if (results.size() != 1)
      return nodeError(node) << "expected one output";
    auto type = RankedTensorType::get({}, builder.getI1Type());
    NamedAttrList attrs;
    attrs.set("dtype", TypeAttr::get(builder.getI1Type()));
    attrs.set("value", DenseElementsAttr::get(type, true));
    mapping[results[0]] =
        createTF(node, "Const", {}, type, attrs)->getResult(0);
    return success();
  }
  default:
    return nodeError(node) << "unexpected variable access";
  }
}

/// The v1 control-flow ops, whose dead branches a func.func cannot express.
static bool isV1ControlFlow(StringRef op) {
  return llvm::is_contained({"Switch", "RefSwitch", "_SwitchN", "Merge",
                             "RefMerge", "Enter", "RefEnter", "Exit", "RefExit",
                             "NextIteration", "RefNextIteration", "LoopCond",
                             "ControlTrigger"},
                            op);
}

LogicalResult BodyLowering::lowerNode(Operation *node) {
  Access access = accesses.lookup(node);
  if (access == Access::Declare || access == Access::Alias)
    return success();
  if (access != Access::None && access != Access::ReadOperands)
    return lowerAccess(node, access);
  if (isa<GetResultOp>(node))
    return node->emitError("tfg.get_result has no ml_program form");
  if (node->getNumRegions() != 0)
    return node->emitError("region control flow has no ml_program form; run "
                           "--tfg-region-to-functional first");
  StringRef opName = getTFOpName(node);
  if (isV1ControlFlow(opName))
    return nodeError(node) << "v1 control flow has no func.func form (run "
                              "--tfg-functional-to-region after "
                              "functionalization)";
  // A NoOp only orders: the order of the emitted ops keeps that.
  if (opName == "NoOp" && getDataResults(node).empty())
    return success();
  SmallVector<Value> operands;
  SmallVector<Value> consume = getConsumedTokens(node);
  for (Value operand : getDataOperands(node)) {
    if (Variable *var = handles.lookup(operand)) {
      // A ref variable's value, read as the node runs.
      operands.push_back(load(node, var, consume));
      continue;
    }
    FailureOr<Value> value = lookupData(operand, node);
    if (failed(value))
      return failure();
    operands.push_back(*value);
  }
  SmallVector<Type> types;
  for (Type type : getDataResults(node).getTypes()) {
    Type element = getElementTypeOrSelf(type);
    if (Type referred = tf_type::getRefElementType(element))
      type = cast<ShapedType>(type).clone(referred);
    types.push_back(type);
  }
  // A generic node's tf attributes hold its name and device already.
  Operation *op =
      node->isRegistered()
          ? createTF(node, opName, operands, types,
                     getTFOpAttributes(node, attrNames))
          : createTFOp(builder, tfNames.get(node), node->getLoc(), operands,
                       types, getTFOpAttrDictionary(node, attrNames));
  for (auto [result, lowered] :
       llvm::zip(getDataResults(node), op->getResults()))
    mapping[result] = lowered;
  return success();
}

LogicalResult
BodyLowering::lowerNodes(ArrayRef<Operation *> order,
                         const llvm::DenseSet<Operation *> &skip) {
  for (Operation *node : order)
    if (!skip.contains(node) && failed(classify(node)))
      return failure();
  computeTokens(order);
  for (Operation *node : order)
    if (!skip.contains(node) && failed(lowerNode(node)))
      return failure();
  return success();
}
