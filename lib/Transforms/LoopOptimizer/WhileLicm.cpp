//===- WhileLicm.cpp - Invariant motion out of functional While bodies ----===//
//
// Loop-invariant node motion for a functional `While`/`StatelessWhile`:
// the loop values its body function returns unchanged are invariant, and
// so is a node of the body reading only those, other invariant nodes and
// operand-less constants, when it has no side effects, no regions, no
// control operands and no control users and is not a control-flow node.
// Such nodes are copied before the loop (named `<loop>/<node>`, reading the
// loop's initial values; a constant they read is copied too and waits for
// what the loop waits for). Each of their results still used in the body
// becomes a new loop value: a new argument of the body (returned
// unchanged) and of the condition (unused), a new operand of the loop
// (its `T` and `output_shapes` extended, its new results unused). The
// nodes then leave the body, and so do the constants only they read.
//
// The body and condition functions change: one that other nodes name too
// is first copied for this loop (`<function>_licm`). They must not be
// generic (polymorphic), nor hold the loop.
//
//===----------------------------------------------------------------------===//

#include "LoopOptimizer.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-loop-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::loop_opt;

/// A Const node without operands: copied, not moved, when hoisted nodes
/// read it.
static bool isPlainConst(Operation *op) {
  return op && getTFOpName(op) == "Const" && op->getNumOperands() == 0 &&
         getDataResults(op).size() == 1;
}

/// Whether the function's entry block has the shape of a loop function of
/// `n` loop values: 2n arguments.
static bool hasLoopShape(GraphFuncOp func, unsigned n) {
  return func && !func.getGeneric() && !func.getBody().empty() &&
         func.getBody().front().getNumArguments() == 2 * n &&
         func.getFunctionType().getNumInputs() == n && func.getReturnOp();
}

/// Appends a data argument of `type` (and its control token) named `name`
/// to `func`, and, when `asResult`, returns it unchanged as a new result.
static BlockArgument appendLoopValue(GraphFuncOp func, Type type,
                                     StringRef name, bool asResult) {
  MLIRContext *ctx = func.getContext();
  Block &block = func.getBody().front();
  Location loc = func.getLoc();
  BlockArgument arg = block.addArgument(type, loc);
  block.addArgument(tf_type::ControlType::get(ctx), loc);
  Builder b(ctx);
  NamedAttribute nameAttr(b.getStringAttr("tfg.name"), b.getStringAttr(name));
  SmallVector<Type> inputs(func.getFunctionType().getInputs());
  SmallVector<Type> results(func.getFunctionType().getResults());
  inputs.push_back(type);
  SmallVector<Attribute> argAttrs;
  if (ArrayAttr attrs = func.getArgAttrsAttr())
    llvm::append_range(argAttrs, attrs.getValue());
  argAttrs.resize(inputs.size() - 1, b.getDictionaryAttr({}));
  argAttrs.push_back(b.getDictionaryAttr({nameAttr}));
  func.setArgAttrsAttr(b.getArrayAttr(argAttrs));
  if (asResult) {
    results.push_back(type);
    SmallVector<Attribute> resAttrs;
    if (ArrayAttr attrs = func.getResAttrsAttr())
      llvm::append_range(resAttrs, attrs.getValue());
    resAttrs.resize(results.size() - 1, b.getDictionaryAttr({}));
    resAttrs.push_back(b.getDictionaryAttr({nameAttr}));
    func.setResAttrsAttr(b.getArrayAttr(resAttrs));
    ReturnOp ret = func.getReturnOp();
    ret->insertOperands(getNumDataOperands(ret), {arg});
  }
  func.setFunctionType(b.getFunctionType(inputs, results));
  return arg;
}

/// An argument name unused by `func`'s arguments.
static std::string uniqueArgName(GraphFuncOp func, unsigned index) {
  llvm::StringSet<> used;
  if (ArrayAttr attrs = func.getArgAttrsAttr())
    for (Attribute a : attrs)
      if (auto dict = dyn_cast<DictionaryAttr>(a))
        if (auto name = dict.getAs<StringAttr>("tfg.name"))
          used.insert(name.getValue());
  std::string name = "licm_" + std::to_string(index);
  for (unsigned k = 1; used.contains(name); ++k)
    name = "licm_" + std::to_string(index) + "_" + std::to_string(k);
  return name;
}

/// Whether `inner`, a node of the body, may leave it given what is
/// invariant so far.
static bool isHoistable(Operation *inner, Block &body,
                        const llvm::DenseSet<Value> &invariant) {
  if (inner->getBlock() != &body || inner->getNumRegions() ||
      hasSideEffects(inner) || isFrameNode(inner) || isSwitchNode(inner) ||
      inner->hasTrait<OpTrait::IsTerminator>() ||
      !getControlOperands(inner).empty() || !getControlToken(inner) ||
      !getControlToken(inner).use_empty() ||
      inner->hasAttr("_grappler_do_not_remove"))
    return false;
  OperandRange data = getDataOperands(inner);
  if (data.empty())
    return false;
  return llvm::all_of(data, [&](Value v) {
    return invariant.contains(v) || isPlainConst(v.getDefiningOp());
  });
}

/// The nodes of the loop body `body` that may leave it, in an order where
/// operands come first, given the loop's initial values `init`; `outside`
/// receives the initial value of each loop value the body returns
/// unchanged.
static llvm::SetVector<Operation *>
findHoistable(GraphFuncOp body, ValueRange init,
              llvm::DenseMap<Value, Value> &outside) {
  Block &block = body.getBody().front();
  ReturnOp ret = body.getReturnOp();
  llvm::SetVector<Operation *> hoisted;
  outside.clear();
  if (getNumDataOperands(ret) != init.size())
    return hoisted;
  // Loop values the body returns unchanged keep their initial value.
  llvm::DenseSet<Value> invariant;
  SmallVector<Operation *> worklist;
  for (unsigned k = 0; k < init.size(); ++k) {
    BlockArgument arg = body.getDataArgument(k);
    if (getDataOperands(ret)[k] != arg)
      continue;
    outside[arg] = init[k];
    invariant.insert(arg);
    llvm::append_range(worklist, arg.getUsers());
  }
  std::reverse(worklist.begin(), worklist.end());
  while (!worklist.empty()) {
    Operation *inner = worklist.pop_back_val();
    if (hoisted.contains(inner) || !isHoistable(inner, block, invariant))
      continue;
    hoisted.insert(inner);
    for (Value r : getDataResults(inner)) {
      invariant.insert(r);
      llvm::append_range(worklist, r.getUsers());
    }
  }
  return hoisted;
}

/// Makes `op`'s function attribute `attr` name a copy of `func` of its own
/// (`<func>_licm`, uniqued, placed after `func`); returns the copy.
static GraphFuncOp cloneForLoop(BodyContext &ctx, Operation *op, StringRef attr,
                                GraphFuncOp func) {
  auto ref = op->getAttrOfType<tf_type::FuncAttr>(attr);
  GraphFuncOp copy = func.clone();
  copy.setSymName((func.getSymName() + "_licm").str());
  StringAttr name = ctx.symbols->insert(copy, std::next(func->getIterator()));
  op->setAttr(attr,
              tf_type::FuncAttr::get(op->getContext(), SymbolRefAttr::get(name),
                                     ref.getAttrs()));
  // The copy names what the function names once more.
  llvm::StringMap<unsigned> &uses = *ctx.functionUses;
  for (const auto &entry : countFunctionUses(copy))
    uses[entry.getKey()] += entry.getValue();
  --uses[func.getSymName()];
  uses[name.getValue()] = 1;
  LLVM_DEBUG(llvm::dbgs() << "tfg-loop-optimizer: '" << getNodeName(op)
                          << "' runs a copy of " << func.getSymName() << ": "
                          << name.getValue() << "\n");
  return copy;
}

/// Hoists the invariant nodes of the body of the functional While `op`.
static void hoistFromWhile(BodyContext &ctx, Operation *op) {
  auto lookup = [&](StringRef attr) -> GraphFuncOp {
    auto func = op->getAttrOfType<tf_type::FuncAttr>(attr);
    if (!func || !ctx.symbols || !ctx.functionUses)
      return {};
    return ctx.symbols->lookup<GraphFuncOp>(
        func.getName().getLeafReference().getValue());
  };
  GraphFuncOp cond = lookup("cond"), body = lookup("body");
  SmallVector<Value> init(getDataOperands(op));
  unsigned n = init.size();
  auto types = op->getAttrOfType<ArrayAttr>("T");
  if (!cond || !body || cond == body || !hasLoopShape(cond, n) ||
      !hasLoopShape(body, n) || !types || types.size() != n ||
      body->isAncestor(op) || cond->isAncestor(op))
    return;
  llvm::DenseMap<Value, Value> outside;
  llvm::SetVector<Operation *> hoisted = findHoistable(body, init, outside);
  if (hoisted.empty())
    return;
  // The functions change: a function another node names too is copied
  // for this loop first.
  auto shared = [&](GraphFuncOp func) {
    return ctx.functionUses->lookup(func.getSymName()) != 1;
  };
  if (shared(cond))
    cond = cloneForLoop(ctx, op, "cond", cond);
  if (shared(body)) {
    body = cloneForLoop(ctx, op, "body", body);
    hoisted = findHoistable(body, init, outside);
  }
  // Copies before the loop.
  OpBuilder builder(op);
  IRMapping mapping;
  for (auto [arg, value] : outside)
    mapping.map(arg, value);
  SmallVector<Value> controls(getControlOperands(op));
  std::string loopName = getNodeName(op).str();
  for (Operation *inner : hoisted) {
    for (Value v : getDataOperands(inner)) {
      Operation *def = v.getDefiningOp();
      if (mapping.contains(v) || !isPlainConst(def))
        continue;
      Operation *copy = builder.clone(*def);
      setNodeName(copy,
                  ctx.uniqueName(loopName + "/" + getNodeName(def).str()));
      if (!controls.empty())
        copy->insertOperands(copy->getNumOperands(), controls);
      mapping.map(getDataResults(def)[0], getDataResults(copy)[0]);
    }
    Operation *copy = builder.clone(*inner, mapping);
    setNodeName(copy,
                ctx.uniqueName(loopName + "/" + getNodeName(inner).str()));
    ++ctx.stats.nodesHoisted;
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-loop-optimizer: hoisted '" << getNodeName(inner)
               << "' out of the body of '" << loopName << "'\n");
  }
  // Results still read in the body become new loop values.
  SmallVector<Value> newInit(init);
  SmallVector<Attribute> newTypes(types.getValue());
  // output_shapes grows with the loop values when it lists them all (an
  // empty list says nothing and stays empty).
  auto shapes = op->getAttrOfType<ArrayAttr>("output_shapes");
  if (shapes && shapes.size() != n)
    shapes = {};
  SmallVector<Attribute> newShapes;
  if (shapes)
    llvm::append_range(newShapes, shapes.getValue());
  for (Operation *inner : hoisted) {
    for (Value r : getDataResults(inner)) {
      bool readInBody = llvm::any_of(r.getUsers(), [&](Operation *user) {
        return !hoisted.contains(user);
      });
      if (!readInBody)
        continue;
      unsigned index = newInit.size();
      Type type = r.getType();
      BlockArgument arg =
          appendLoopValue(body, type, uniqueArgName(body, index), true);
      appendLoopValue(cond, type, uniqueArgName(cond, index), false);
      r.replaceUsesWithIf(arg, [&](OpOperand &use) {
        return !hoisted.contains(use.getOwner());
      });
      newInit.push_back(mapping.lookup(r));
      newTypes.push_back(TypeAttr::get(tf_type::getElementTypeOrSelf(type)));
      if (shapes) {
        auto ranked = dyn_cast<RankedTensorType>(type);
        newShapes.push_back(
            ranked
                ? tf_type::ShapeAttr::get(op->getContext(), ranked.getShape())
                : tf_type::ShapeAttr::getUnranked(op->getContext()));
      }
    }
  }
  // The nodes leave the body, users first, and the constants only they
  // read with them.
  llvm::SetVector<Operation *> consts;
  for (Operation *inner : hoisted)
    for (Value v : getDataOperands(inner))
      if (isPlainConst(v.getDefiningOp()))
        consts.insert(v.getDefiningOp());
  for (Operation *inner : llvm::reverse(hoisted))
    inner->erase();
  for (Operation *c : consts)
    if (c->use_empty() && !c->hasAttr("_grappler_do_not_remove"))
      c->erase();
  // The loop with its new values.
  SmallVector<NamedAttribute> attrs = getPlacementAttrs(op);
  llvm::StringSet<> identity;
  for (NamedAttribute a : attrs)
    identity.insert(a.getName().getValue());
  for (NamedAttribute a : getNodeAttrs(op)) {
    StringRef name = a.getName().getValue();
    if (identity.contains(name) || name == "T" || name == "output_shapes" ||
        name.starts_with("_mlir_"))
      continue;
    attrs.push_back(a);
  }
  attrs.emplace_back(builder.getStringAttr("T"),
                     builder.getArrayAttr(newTypes));
  if (shapes)
    attrs.emplace_back(builder.getStringAttr("output_shapes"),
                       builder.getArrayAttr(newShapes));
  else if (Attribute given = op->getAttr("output_shapes"))
    attrs.emplace_back(builder.getStringAttr("output_shapes"), given);
  SmallVector<Type> resultTypes(getDataResults(op).getTypes());
  for (Value v : ArrayRef<Value>(newInit).drop_front(n))
    resultTypes.push_back(v.getType());
  Operation *loop = createNode(builder, op->getLoc(), getTFOpName(op), newInit,
                               controls, resultTypes, attrs);
  replaceNodeUses(op, getDataResults(loop).take_front(n),
                  {getControlToken(loop)});
  op->erase();
}

void loop_opt::hoistFromFunctionalWhiles(BodyContext &ctx) {
  SmallVector<Operation *> loops;
  for (Operation &op : ctx.body) {
    StringRef name = getTFOpName(&op);
    if ((name == "While" || name == "StatelessWhile") && ctx.mayReplace(&op))
      loops.push_back(&op);
  }
  for (Operation *op : loops)
    hoistFromWhile(ctx, op);
}

llvm::StringMap<unsigned> loop_opt::countFunctionUses(Operation *module) {
  llvm::StringMap<unsigned> uses;
  module->walk([&](Operation *op) {
    getNodeAttrs(op).walk<WalkOrder::PreOrder>([&](Attribute a) -> WalkResult {
      if (auto func = dyn_cast<tf_type::FuncAttr>(a)) {
        ++uses[func.getName().getRootReference().getValue()];
        return WalkResult::skip();
      }
      if (auto ref = dyn_cast<SymbolRefAttr>(a))
        ++uses[ref.getRootReference().getValue()];
      return WalkResult::advance();
    });
  });
  return uses;
}
