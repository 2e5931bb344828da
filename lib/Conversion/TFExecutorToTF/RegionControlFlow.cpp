//===- RegionControlFlow.cpp - tf.If/While/Case <-> their region forms ----===//
//
// `--tf-functional-to-region`: tf.If, tf.Case, tf.While (and their
// Stateless forms) calling func.funcs of tf ops become tf.IfRegion,
// tf.CaseRegion and tf.WhileRegion holding copies of the functions' bodies
// (ended by tf.Yield); the functions no other op refers to go.
// `--tf-region-to-functional` is the inverse: each region becomes a new
// func.func (named after the function it came from when that name is free)
// taking the values the regions read from above.
//
// Both walk the ops once (collected first, innermost last for inlining and
// innermost first for outlining, so nested control flow converts in one
// pass) and copy each body once: linear in the ops copied.
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/TFExecutorToTF/RegionControlFlow.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/Dialect/TF/TFOps.h"
#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_TFFUNCTIONALTOREGIONPASS
#define GEN_PASS_DEF_TFREGIONTOFUNCTIONALPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// What distinguishes the three functional ops.
enum class Kind { If, Case, While };

struct FunctionalOp {
  Operation *op;
  Kind kind;
  bool stateless;
};
} // namespace

static std::optional<FunctionalOp> classify(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("tf."))
    return std::nullopt;
  bool stateless = name.consume_front("Stateless");
  if (name == "If")
    return FunctionalOp{op, Kind::If, stateless};
  if (name == "Case")
    return FunctionalOp{op, Kind::Case, stateless};
  if (name == "While")
    return FunctionalOp{op, Kind::While, stateless};
  return std::nullopt;
}

/// Whether `v` is a tensor<i1> (or an unranked one).
static bool isBoolScalar(Value v) {
  auto t = dyn_cast<TensorType>(v.getType());
  return t && t.getElementType().isInteger(1) &&
         (!t.hasRank() || t.getRank() == 0);
}

/// The attributes naming the functions of `kind` (`branches` a list).
static ArrayRef<StringRef> getFuncAttrNames(Kind kind) {
  static const StringRef ifNames[] = {"then_branch", "else_branch"};
  static const StringRef caseNames[] = {"branches"};
  static const StringRef whileNames[] = {"cond", "body"};
  switch (kind) {
  case Kind::If:
    return ifNames;
  case Kind::Case:
    return caseNames;
  case Kind::While:
    return whileNames;
  }
  return {};
}

/// The attributes of the region form keeping the functions' names.
static ArrayRef<StringRef> getNameAttrNames(Kind kind) {
  static const StringRef ifNames[] = {"_then_func_name", "_else_func_name"};
  static const StringRef caseNames[] = {"_branch_func_names"};
  static const StringRef whileNames[] = {"_cond_func_name", "_body_func_name"};
  switch (kind) {
  case Kind::If:
    return ifNames;
  case Kind::Case:
    return caseNames;
  case Kind::While:
    return whileNames;
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Functional to region
//===----------------------------------------------------------------------===//

/// The func.func a `#tf_type.func<@f, {}>` names, if its body is one block
/// of tf ops ended by func.return (no tf_executor graph) taking `numArgs`
/// values; a failure names why not.
static FailureOr<func::FuncOp> getInlinableCallee(Operation *op,
                                                  SymbolTable &symbols,
                                                  Attribute attr,
                                                  unsigned numArgs) {
  auto ref = dyn_cast_if_present<tf_type::FuncAttr>(attr);
  if (!ref || !ref.getAttrs().empty())
    return op->emitRemark()
           << "stays functional: a function attribute is not a plain "
              "#tf_type.func<@name, {}>";
  auto func =
      symbols.lookup<func::FuncOp>(ref.getName().getRootReference().getValue());
  if (!func || func.isExternal() || !func.getBody().hasOneBlock())
    return op->emitRemark() << "stays functional: " << ref.getName()
                            << " is no func.func with a body of one block";
  Block &body = func.getBody().front();
  if (!isa<func::ReturnOp>(body.back()) || llvm::any_of(body, [](Operation &o) {
        return isa<tf_executor::GraphOp>(o);
      }))
    return op->emitRemark() << "stays functional: " << ref.getName()
                            << " holds a tf_executor graph";
  if (func.getNumArguments() != numArgs)
    return op->emitRemark()
           << "stays functional: " << ref.getName() << " takes "
           << func.getNumArguments() << " values, not " << numArgs;
  return func;
}

/// Fills `region` with a copy of `func`'s body; its arguments are `args`
/// (For If and Case, the op's operands) or, when `args` is empty and the
/// function takes values, new block arguments of its argument types (While).
static void inlineBody(OpBuilder &b, func::FuncOp func, Region &region,
                       ValueRange args) {
  OpBuilder::InsertionGuard guard(b);
  Block *block = b.createBlock(&region);
  IRMapping mapping;
  Block &body = func.getBody().front();
  for (auto [i, arg] : llvm::enumerate(body.getArguments()))
    mapping.map(arg, args.empty()
                         ? block->addArgument(arg.getType(), arg.getLoc())
                         : args[i]);
  for (Operation &op : body.without_terminator())
    b.clone(op, mapping);
  auto ret = cast<func::ReturnOp>(body.back());
  SmallVector<Value> yielded;
  for (Value v : ret.getOperands())
    yielded.push_back(mapping.lookupOrDefault(v));
  TF::YieldOp::create(b, ret.getLoc(), yielded);
}

/// Converts one functional op into the region op it returns, unless a
/// callee is in `active` (the functions whose copies it is inside: a
/// recursive function stays a call); the callees are appended to `active`
/// and added to `used`.
static FailureOr<Operation *> toRegion(const FunctionalOp &f,
                                       SymbolTable &symbols,
                                       SmallVectorImpl<Operation *> &active,
                                       llvm::SetVector<Operation *> &used) {
  Operation *op = f.op;
  unsigned numArgs =
      f.kind == Kind::While ? op->getNumOperands() : op->getNumOperands() - 1;
  if (f.kind != Kind::While && op->getNumOperands() == 0)
    return op->emitRemark() << "stays functional: it has no operands";
  SmallVector<Attribute> refs;
  for (StringRef name : getFuncAttrNames(f.kind)) {
    Attribute attr = op->getAttr(name);
    if (auto list = dyn_cast_if_present<ArrayAttr>(attr);
        list && f.kind == Kind::Case)
      refs.append(list.begin(), list.end());
    else
      refs.push_back(attr);
  }
  if (refs.empty())
    return op->emitRemark() << "stays functional: it has no branches";
  SmallVector<func::FuncOp> callees;
  for (Attribute ref : refs) {
    FailureOr<func::FuncOp> callee =
        getInlinableCallee(op, symbols, ref, numArgs);
    if (failed(callee))
      return failure();
    if (llvm::is_contained(active, callee->getOperation()))
      return op->emitRemark() << "stays functional: " << callee->getSymName()
                              << " calls itself through it";
    callees.push_back(*callee);
  }

  OpBuilder b(op);
  MLIRContext *ctx = op->getContext();
  StringRef opName = f.kind == Kind::If     ? "tf.IfRegion"
                     : f.kind == Kind::Case ? "tf.CaseRegion"
                                            : "tf.WhileRegion";
  OperationState state(op->getLoc(), opName);
  if (f.kind == Kind::While) {
    state.addOperands(op->getOperands());
  } else if (f.kind == Kind::If && !isBoolScalar(op->getOperand(0))) {
    // tf.IfRegion takes a bool scalar: tf.ToBool gives the truth of any
    // condition as tf.If reads it.
    OperationState toBool(op->getLoc(), "tf.ToBool");
    toBool.addOperands(op->getOperand(0));
    toBool.addTypes(RankedTensorType::get({}, b.getI1Type()));
    toBool.addAttribute(
        "T", TypeAttr::get(getElementTypeOrSelf(op->getOperand(0).getType())));
    state.addOperands(b.create(toBool)->getResult(0));
  } else {
    state.addOperands(op->getOperand(0));
  }
  state.addTypes(op->getResultTypes());
  ArrayRef<StringRef> funcAttrs = getFuncAttrNames(f.kind);
  for (NamedAttribute attr : op->getAttrs())
    if (!llvm::is_contained(funcAttrs, attr.getName().getValue()))
      state.addAttribute(attr.getName(), attr.getValue());
  state.attributes.set("is_stateless", b.getBoolAttr(f.stateless));
  ArrayRef<StringRef> nameAttrs = getNameAttrNames(f.kind);
  if (f.kind == Kind::Case) {
    SmallVector<Attribute> names;
    for (func::FuncOp callee : callees)
      names.push_back(callee.getSymNameAttr());
    state.attributes.set(nameAttrs[0], ArrayAttr::get(ctx, names));
  } else {
    for (auto [attrName, callee] : llvm::zip(nameAttrs, callees))
      state.attributes.set(attrName, callee.getSymNameAttr());
  }
  for (size_t i = 0; i < callees.size(); ++i)
    state.addRegion();
  Operation *region = b.create(state);
  ValueRange args =
      f.kind == Kind::While ? ValueRange() : op->getOperands().drop_front();
  for (auto [callee, r] : llvm::zip(callees, region->getRegions())) {
    inlineBody(b, callee, r, args);
    used.insert(callee);
    active.push_back(callee);
  }
  op->replaceAllUsesWith(region->getResults());
  op->erase();
  return region;
}

/// The names of the functions some op still refers to: by a function
/// attribute (anywhere in an attribute), or by its op name (a call).
static llvm::DenseSet<StringAttr> getReferencedNames(ModuleOp module) {
  llvm::DenseSet<StringAttr> names;
  module.walk([&](Operation *op) {
    for (NamedAttribute attr : op->getAttrs())
      attr.getValue().walk(
          [&](SymbolRefAttr ref) { names.insert(ref.getRootReference()); });
    StringRef opName = op->getName().getStringRef();
    if (opName.consume_front("tf."))
      names.insert(StringAttr::get(op->getContext(), opName));
  });
  return names;
}

LogicalResult mlir::tfg::convertTFFunctionalToRegion(ModuleOp module) {
  SymbolTable symbols(module);
  // A worklist (no recursion): converting an op copies its callees' bodies,
  // whose functional ops are converted where they landed. Each region op
  // made records the functions it is a copy of, with those of the region
  // ops around it, so that a recursive call stays a call.
  llvm::DenseMap<Operation *, SmallVector<Operation *, 4>> inlined;
  SmallVector<FunctionalOp> worklist;
  auto collect = [&](Operation *root) {
    // Ops in tf_executor islands (a graph left with unstructured v1
    // control flow) stay: an island wraps one op.
    root->walk([&](Operation *op) {
      if (std::optional<FunctionalOp> f = classify(op))
        if (!isa<tf_executor::IslandOp>(op->getParentOp()))
          worklist.push_back(*f);
    });
  };
  for (auto func : module.getOps<func::FuncOp>())
    collect(func);
  llvm::SetVector<Operation *> used;
  while (!worklist.empty()) {
    FunctionalOp f = worklist.pop_back_val();
    SmallVector<Operation *, 4> active;
    for (Operation *p = f.op->getParentOp(); p; p = p->getParentOp()) {
      if (isa<func::FuncOp>(p)) {
        active.push_back(p);
        break;
      }
      auto it = inlined.find(p);
      if (it != inlined.end()) {
        active.append(it->second.begin(), it->second.end());
        break;
      }
    }
    SmallVector<Operation *, 4> chain = active;
    FailureOr<Operation *> region = toRegion(f, symbols, chain, used);
    if (failed(region))
      continue;
    inlined[*region] = std::move(chain);
    collect(*region);
  }
  // The inlined functions nothing refers to any more go.
  llvm::DenseSet<StringAttr> referenced = getReferencedNames(module);
  for (Operation *op : used) {
    auto func = cast<func::FuncOp>(op);
    if (!referenced.contains(func.getSymNameAttr()) &&
        !func->hasAttr("tf.entry_function"))
      symbols.erase(func);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Region to functional
//===----------------------------------------------------------------------===//

/// A new func.func named `name` (uniqued by the symbol table) after
/// `after`, taking `captures` (and, first, `blockArgs` types for a loop
/// region), whose body is a copy of `region`'s, its tf.Yield a return of
/// the yielded values followed by `passThrough` (captures returned as
/// they came: a loop's extra variables).
static func::FuncOp outline(OpBuilder &b, SymbolTable &symbols,
                            Operation *after, StringRef name, Region &region,
                            ArrayRef<Value> captures, bool passThrough) {
  Block &src = region.front();
  SmallVector<Type> argTypes(src.getArgumentTypes());
  for (Value v : captures)
    argTypes.push_back(v.getType());
  auto yield = cast<TF::YieldOp>(src.back());
  SmallVector<Type> resultTypes(yield.getOperandTypes());
  if (passThrough)
    for (Value v : captures)
      resultTypes.push_back(v.getType());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(after);
  auto func = func::FuncOp::create(b, region.getLoc(), name,
                                   b.getFunctionType(argTypes, resultTypes));
  symbols.insert(func);
  Block *entry = func.addEntryBlock();
  IRMapping mapping;
  unsigned numBlockArgs = src.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(src.getArguments()))
    mapping.map(arg, entry->getArgument(i));
  for (auto [i, v] : llvm::enumerate(captures))
    mapping.map(v, entry->getArgument(numBlockArgs + i));
  b.setInsertionPointToStart(entry);
  for (Operation &op : src.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> returned;
  for (Value v : yield.getOperands())
    returned.push_back(mapping.lookupOrDefault(v));
  if (passThrough)
    for (unsigned i = 0; i < captures.size(); ++i)
      returned.push_back(entry->getArgument(numBlockArgs + i));
  func::ReturnOp::create(b, yield.getLoc(), returned);
  return func;
}

/// The name for the function of region `index` of `op`: the one it came
/// from (kept in `_then_func_name`, ...), else `<parent>_<role>`.
static std::string getFuncName(Operation *op, Kind kind, unsigned index,
                               StringRef parentName) {
  ArrayRef<StringRef> attrs = getNameAttrNames(kind);
  if (kind == Kind::Case) {
    auto names = op->getAttrOfType<ArrayAttr>(attrs[0]);
    if (names && index < names.size())
      if (auto s = dyn_cast<StringAttr>(names[index]); s && !s.empty())
        return s.str();
    return (parentName + "_branch" + Twine(index)).str();
  }
  if (auto s = op->getAttrOfType<StringAttr>(attrs[index]); s && !s.empty())
    return s.str();
  static const char *roles[2][2] = {{"then", "else"}, {"cond", "body"}};
  return (parentName + "_" + roles[kind == Kind::While][index]).str();
}

static ArrayAttr getTypeList(Builder &b, TypeRange types) {
  SmallVector<Attribute> list;
  for (Type t : types)
    list.push_back(TypeAttr::get(getElementTypeOrSelf(t)));
  return b.getArrayAttr(list);
}

static void toFunctional(Operation *op, Kind kind, SymbolTable &symbols) {
  auto parentFunc = op->getParentOfType<func::FuncOp>();
  MLIRContext *ctx = op->getContext();
  OpBuilder b(op);
  llvm::SetVector<Value> captureSet;
  getUsedValuesDefinedAbove(op->getRegions(), captureSet);
  SmallVector<Value> captures(captureSet.begin(), captureSet.end());
  bool isWhile = kind == Kind::While;
  SmallVector<Attribute> refs;
  for (auto [i, region] : llvm::enumerate(op->getRegions())) {
    std::string name = getFuncName(op, kind, i, parentFunc.getSymName());
    func::FuncOp func = outline(b, symbols, parentFunc, name, region, captures,
                                /*passThrough=*/isWhile && i == 1);
    refs.push_back(
        tf_type::FuncAttr::get(ctx, SymbolRefAttr::get(func.getSymNameAttr()),
                               b.getDictionaryAttr({})));
  }
  auto stateless = op->getAttrOfType<BoolAttr>("is_stateless");
  StringRef base = kind == Kind::If     ? "If"
                   : kind == Kind::Case ? "Case"
                                        : "While";
  std::string opName =
      ("tf." + Twine(stateless && stateless.getValue() ? "Stateless" : "") +
       base)
          .str();
  OperationState state(op->getLoc(), opName);
  SmallVector<Value> operands(op->getOperands());
  operands.append(captures.begin(), captures.end());
  state.addOperands(operands);
  SmallVector<Type> resultTypes(op->getResultTypes());
  if (isWhile)
    for (Value v : captures)
      resultTypes.push_back(v.getType());
  state.addTypes(resultTypes);
  ArrayRef<StringRef> nameAttrs = getNameAttrNames(kind);
  for (NamedAttribute attr : op->getAttrs()) {
    StringRef n = attr.getName().getValue();
    if (n == "is_stateless" || llvm::is_contained(nameAttrs, n))
      continue;
    // A loop's extra variables have no recorded shapes.
    if (isWhile && !captures.empty() && n == "output_shapes")
      continue;
    state.addAttribute(attr.getName(), attr.getValue());
  }
  ArrayRef<StringRef> funcAttrs = getFuncAttrNames(kind);
  if (kind == Kind::Case)
    state.attributes.set(funcAttrs[0], b.getArrayAttr(refs));
  else
    for (auto [n, ref] : llvm::zip(funcAttrs, refs))
      state.attributes.set(n, ref);
  if (isWhile) {
    state.attributes.set("T", getTypeList(b, TypeRange(operands)));
  } else {
    state.attributes.set(
        "Tin", getTypeList(b, TypeRange(ValueRange(operands).drop_front())));
    state.attributes.set("Tout", getTypeList(b, op->getResultTypes()));
    // The condition may now be tf.ToBool's.
    if (kind == Kind::If && op->hasAttr("Tcond"))
      state.attributes.set("Tcond", TypeAttr::get(getElementTypeOrSelf(
                                        op->getOperand(0).getType())));
  }
  Operation *functional = b.create(state);
  op->replaceAllUsesWith(
      functional->getResults().take_front(op->getNumResults()));
  op->erase();
}

LogicalResult mlir::tfg::convertTFRegionToFunctional(ModuleOp module) {
  SymbolTable symbols(module);
  // Post-order: inner region ops become calls before their enclosing op's
  // regions are outlined.
  SmallVector<std::pair<Operation *, Kind>> ops;
  module.walk([&](Operation *op) {
    if (isa<TF::IfRegionOp>(op))
      ops.push_back({op, Kind::If});
    else if (isa<TF::CaseRegionOp>(op))
      ops.push_back({op, Kind::Case});
    else if (isa<TF::WhileRegionOp>(op))
      ops.push_back({op, Kind::While});
  });
  for (auto [op, kind] : ops) {
    if (!op->getParentOfType<func::FuncOp>())
      return op->emitError("tf-region-to-functional: a region op outside a "
                           "func.func");
    toFunctional(op, kind, symbols);
  }
  return success();
}

namespace {
struct TFFunctionalToRegionPass
    : tfg::impl::TFFunctionalToRegionPassBase<TFFunctionalToRegionPass> {
  void runOnOperation() override {
    if (failed(convertTFFunctionalToRegion(getOperation())))
      signalPassFailure();
  }
};
struct TFRegionToFunctionalPass
    : tfg::impl::TFRegionToFunctionalPassBase<TFRegionToFunctionalPass> {
  void runOnOperation() override {
    if (failed(convertTFRegionToFunctional(getOperation())))
      signalPassFailure();
  }
};
} // namespace
