//===- NodeRewrite.cpp - Building and replacing nodes in patterns ---------===//
//
// The node surgery patterns use (GraphRewrite.h): building a node from its
// OpDef (defaults and inferred result types) and replacing or erasing a node
// so that control dependencies keep their meaning. Every change goes through
// the rewriter, so that a driver's listener sees it.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphRewrite.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-graph-rewrite"

using namespace mlir;
using namespace mlir::tfg;

FailureOr<Operation *>
mlir::tfg::createNodeLike(OpBuilder &builder, Operation *like, StringRef opName,
                          ValueRange data, ValueRange controls,
                          ArrayRef<NamedAttribute> attrs, StringRef name) {
  MLIRContext *ctx = builder.getContext();
  auto *dialect = ctx->getLoadedDialect<TFGraphDialect>();
  Location loc = like->getLoc();
  const OpDef *def = dialect->getOpRegistry().lookup(opName);
  if (!def)
    return emitError(loc) << "cannot build a node of op '" << opName
                          << "': the op registry does not know it";
  NamedAttrList list(attrs);
  for (StringAttr id : {dialect->getDeviceAttrIdentifier(),
                        dialect->getAssignedDeviceAttrIdentifier()})
    if (!list.get(id))
      if (Attribute value = like->getAttr(id))
        list.append(id, value);
  SmallVector<Attribute> defaulted;
  for (const OpDefAttr &attr : def->attrs()) {
    if (list.get(attr.name))
      continue;
    if (Attribute value = getOpDefDefaultAttr(ctx, attr)) {
      list.append(attr.name, value);
      defaulted.push_back(StringAttr::get(ctx, attr.name));
    }
  }
  if (!defaulted.empty())
    list.append(kDefaultedAttrsAttrName, ArrayAttr::get(ctx, defaulted));
  StringRef errorName = name.empty() ? getNodeNamePrefix(like) : name;
  FailureOr<OutputArgs> outs = inferOutputArgs(
      *def, errorName, [&](StringRef n) { return list.get(n); }, loc);
  if (failed(outs))
    return failure();
  if (!name.empty())
    list.append(dialect->getNameAttrIdentifier(), StringAttr::get(ctx, name));
  return createNode(builder, loc, opName, data, controls, outs->types,
                    list.getAttrs());
}

/// True if a function return names `ctl`'s node as a control return.
static bool isControlReturn(Value ctl) {
  return llvm::any_of(ctl.getUsers(),
                      [](Operation *user) { return isa<ReturnOp>(user); });
}

/// The users of `op`'s results, each once.
static llvm::SetVector<Operation *> getUserSet(Operation *op) {
  llvm::SetVector<Operation *> users;
  for (Value result : op->getResults())
    for (Operation *user : result.getUsers())
      users.insert(user);
  return users;
}

/// Rewires every use of `op`'s results (data to `data`, its token to
/// `controls`) inside one modification of each user, so that the rewriter's
/// listener learns of every user changed.
static void rewireUses(RewriterBase &rewriter, Operation *op, ValueRange data,
                       ValueRange controls,
                       function_ref<void(Operation *)> alsoModify = {}) {
  llvm::SetVector<Operation *> users = getUserSet(op);
  for (Operation *user : users)
    rewriter.startOpModification(user);
  if (alsoModify)
    for (Operation *user : users)
      alsoModify(user);
  replaceNodeUses(op, data, controls);
  for (Operation *user : users)
    rewriter.finalizeOpModification(user);
}

LogicalResult mlir::tfg::eraseNode(RewriterBase &rewriter, Operation *op) {
  Value ctl = getControlToken(op);
  for (Value result : getDataResults(op))
    if (!result.use_empty())
      return failure();
  if (ctl && !ctl.use_empty()) {
    if (isControlReturn(ctl))
      return failure();
    // What `op` waited for, less `op` itself (a node in a cycle).
    SmallVector<Value> waits;
    for (Value c :
         getControlDependencies(getDataOperands(op), getControlOperands(op)))
      if (c.getDefiningOp() != op)
        waits.push_back(c);
    rewireUses(rewriter, op, {}, waits);
  }
  rewriter.eraseOp(op);
  return success();
}

/// A node built to replace another: a node that nothing uses yet.
static bool isFreshNode(Operation *node, Operation *replaced) {
  if (!node || node == replaced || !getControlToken(node))
    return false;
  return llvm::all_of(node->getResults(),
                      [](Value result) { return result.use_empty(); });
}

LogicalResult mlir::tfg::replaceNode(RewriterBase &rewriter, Operation *op,
                                     ValueRange newValues) {
  Value ctl = getControlToken(op);
  if (!ctl)
    return failure();
  ResultRange data = getDataResults(op);
  if (newValues.size() != data.size() && newValues.size() != data.size() + 1)
    return failure();
  for (Value value : newValues)
    if (!value || value.getDefiningOp() == op)
      return failure();
  ValueRange newData = newValues.take_front(data.size());
  Value newCtl = newValues.size() > data.size() ? newValues.back() : Value();
  if (newCtl && !isControlType(newCtl.getType()))
    return failure();
  // Replacing a node without outputs by nothing is erasing it.
  if (data.empty() && !newCtl)
    return eraseNode(rewriter, op);

  // The new node that takes `op`'s place, if the values come from one.
  Operation *fresh = nullptr;
  if (newCtl) {
    if (isFreshNode(newCtl.getDefiningOp(), op))
      fresh = newCtl.getDefiningOp();
  } else {
    Operation *def = newData.front().getDefiningOp();
    if (isFreshNode(def, op) && llvm::all_of(newData, [&](Value v) {
          return v.getDefiningOp() == def;
        }))
      fresh = def;
  }
  if (!fresh && isControlReturn(ctl))
    return failure();

  // What `op` waited for, less itself (a node in a cycle).
  SmallVector<Value> oldControls;
  for (Value c : getControlOperands(op))
    if (c.getDefiningOp() != op)
      oldControls.push_back(c);
  if (auto *listener =
          dyn_cast_if_present<RewriterBase::Listener>(rewriter.getListener()))
    listener->notifyOperationReplaced(op, newValues);

  SmallVector<Value> controlReplacements;
  if (fresh) {
    // The replacement waits for what `op` waited for.
    if (!oldControls.empty())
      rewriter.modifyOpInPlace(fresh,
                               [&] { addControlOperands(fresh, oldControls); });
    controlReplacements.push_back(newCtl ? newCtl : getControlToken(fresh));
    rewireUses(rewriter, op, newData, controlReplacements);
  } else {
    // Existing values bypass `op`: its users wait for what it waited for.
    if (newCtl)
      controlReplacements.push_back(newCtl);
    else
      controlReplacements = getControlDependencies(newData);
    controlReplacements.append(oldControls);
    auto addWaits = [&](Operation *user) {
      if (oldControls.empty() || user->hasTrait<OpTrait::IsTerminator>())
        return;
      bool readsData = llvm::any_of(user->getOperands(), [&](Value v) {
        return v.getDefiningOp() == op && v != ctl;
      });
      if (readsData)
        addControlOperands(user, oldControls);
    };
    rewireUses(rewriter, op, newData, controlReplacements, addWaits);
  }
  rewriter.eraseOp(op);
  return success();
}
