//===- FunctionalToRegion.cpp - If/Case/While/For to region form ----------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_FUNCTIONALTOREGIONPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// The attributes of a function kept in `#tfg.region_attrs`.
static RegionAttr getRegionAttrs(GraphFuncOp func) {
  MLIRContext *ctx = func.getContext();
  NamedAttrList attrs;
  for (NamedAttribute attr : func->getAttrs()) {
    StringRef name = attr.getName().getValue();
    if (name == func.getFunctionTypeAttrName() ||
        name == func.getArgAttrsAttrName() ||
        name == func.getResAttrsAttrName())
      continue;
    attrs.push_back(attr);
  }
  auto orEmpty = [&](ArrayAttr a, unsigned n) {
    if (a)
      return a;
    return ArrayAttr::get(
        ctx, SmallVector<Attribute>(n, DictionaryAttr::get(ctx, {})));
  };
  return RegionAttr::get(
      ctx, attrs.getDictionary(ctx),
      orEmpty(func.getArgAttrsAttr(), func.getNumArguments()),
      orEmpty(func.getResAttrsAttr(), func.getNumResults()));
}

/// The callee of a functional op if it can be inlined: an instantiated
/// function of the module with `numArgs` arguments and `numResults` results.
static GraphFuncOp getInlinableCallee(SymbolTable &symbols,
                                      tf_type::FuncAttr ref, unsigned numArgs,
                                      unsigned numResults) {
  if (!ref)
    return {};
  auto func = symbols.lookup<GraphFuncOp>(ref.getName().getRootReference());
  if (!func || func.getGeneric() || func.isExternal() ||
      func.getNumArguments() != numArgs || func.getNumResults() != numResults)
    return {};
  return func;
}

/// Builds the terminator of an inlined body: yield, or condition for a
/// loop condition.
static void buildTerminator(OpBuilder &builder, Location loc,
                            const ClonedBody &body, bool isCondition,
                            ValueRange loopValues) {
  SmallVector<Value> operands;
  StringRef name = "tfg.yield";
  if (isCondition) {
    name = "tfg.condition";
    operands.push_back(body.results.front());
    llvm::append_range(operands, loopValues);
  } else {
    llvm::append_range(operands, body.results);
  }
  llvm::append_range(operands, body.controls);
  OperationState state(loc, name);
  state.addOperands(operands);
  builder.create(state);
}

/// Fills `region` with `func`'s body. Without loop arguments (If/Case) the
/// function's arguments become `args` and their producers' control tokens;
/// with them (While/For) the region gets block arguments: data values, then
/// a control token for each.
static void inlineInto(Region &region, GraphFuncOp func, ValueRange args,
                       bool loop, bool isCondition) {
  Block *block = new Block();
  region.push_back(block);
  IRMapping mapping;
  Location loc = func.getLoc();
  unsigned n = func.getNumArguments();
  SmallVector<Value> loopValues;
  if (loop) {
    Type ctl = tf_type::ControlType::get(func.getContext());
    for (unsigned i = 0; i < n; ++i)
      loopValues.push_back(block->addArgument(args[i].getType(), loc));
    for (unsigned i = 0; i < n; ++i)
      mapping.map(func.getControlArgument(i), block->addArgument(ctl, loc));
    for (unsigned i = 0; i < n; ++i)
      mapping.map(func.getDataArgument(i), loopValues[i]);
  } else {
    for (unsigned i = 0; i < n; ++i) {
      mapping.map(func.getDataArgument(i), args[i]);
      mapping.map(func.getControlArgument(i), getControlTokenOf(args[i]));
    }
  }
  OpBuilder builder = OpBuilder::atBlockEnd(block);
  ClonedBody body = cloneFunctionBody(func, builder, mapping);
  buildTerminator(builder, func.getReturnOp().getLoc(), body, isCondition,
                  loopValues);
}

/// Converts one functional op; returns failure (leaving it alone) when a
/// callee cannot be inlined.
static LogicalResult convertOp(Operation *op, SymbolTable &symbols) {
  StringRef opName = getTFOpName(op);
  StringRef kind = opName;
  kind.consume_front("Stateless");
  kind.consume_front("Stateful");
  OperandRange data = getDataOperands(op);
  OperandRange ctls = getControlOperands(op);
  unsigned numResults = getDataResults(op).size();
  MLIRContext *ctx = op->getContext();

  // (attribute holding the callee, callee, attribute names in region form)
  struct Callee {
    StringRef attr;
    GraphFuncOp func;
  };
  SmallVector<Callee, 2> callees;
  auto need = [&](StringRef attr, unsigned numArgs, unsigned numRes) {
    GraphFuncOp f = getInlinableCallee(
        symbols, op->getAttrOfType<tf_type::FuncAttr>(attr), numArgs, numRes);
    callees.push_back({attr, f});
    return static_cast<bool>(f);
  };
  SmallVector<Value> operands;
  unsigned numData = data.size();
  if (kind == "If") {
    if (numData < 1 || !need("then_branch", numData - 1, numResults) ||
        !need("else_branch", numData - 1, numResults))
      return failure();
    operands.push_back(data[0]);
  } else if (kind == "Case") {
    auto branches = op->getAttrOfType<ArrayAttr>("branches");
    if (numData < 1 || !branches || branches.empty())
      return failure();
    for (Attribute b : branches) {
      GraphFuncOp f = getInlinableCallee(
          symbols, dyn_cast<tf_type::FuncAttr>(b), numData - 1, numResults);
      if (!f)
        return failure();
      callees.push_back({"branches", f});
    }
    operands.push_back(data[0]);
  } else if (kind == "While") {
    if (numResults != numData || !need("cond", numData, 1) ||
        !need("body", numData, numData))
      return failure();
    llvm::append_range(operands, data);
  } else if (kind == "For") {
    if (numData < 3 || numResults != numData - 3 ||
        !need("body", numData - 2, numData - 3))
      return failure();
    llvm::append_range(operands, data);
  } else {
    return failure();
  }
  llvm::append_range(operands, ctls);

  OperationState state(op->getLoc(), ("tfg." + opName + "Region").str());
  state.addOperands(operands);
  state.addTypes(op->getResultTypes());
  // Attributes: the call's own, minus the callees, plus the callees' call
  // attributes and function attributes.
  auto callAttrs = [](Attribute ref) -> Attribute {
    auto f = dyn_cast_if_present<tf_type::FuncAttr>(ref);
    return f ? f.getAttrs() : DictionaryAttr();
  };
  for (NamedAttribute attr : op->getAttrs()) {
    StringRef name = attr.getName().getValue();
    if (name == "then_branch" || name == "else_branch" || name == "branches" ||
        name == "cond" || name == "body")
      continue;
    state.addAttribute(attr.getName(), attr.getValue());
  }
  if (kind == "If") {
    state.addAttribute("then_attrs", callAttrs(op->getAttr("then_branch")));
    state.addAttribute("else_attrs", callAttrs(op->getAttr("else_branch")));
    state.addAttribute("then_region_attrs", getRegionAttrs(callees[0].func));
    state.addAttribute("else_region_attrs", getRegionAttrs(callees[1].func));
  } else if (kind == "Case") {
    SmallVector<Attribute> branchAttrs, regionAttrs;
    for (auto [b, c] :
         llvm::zip(op->getAttrOfType<ArrayAttr>("branches"), callees)) {
      branchAttrs.push_back(callAttrs(b));
      regionAttrs.push_back(getRegionAttrs(c.func));
    }
    state.addAttribute("branch_attrs", ArrayAttr::get(ctx, branchAttrs));
    state.addAttribute("region_attrs", ArrayAttr::get(ctx, regionAttrs));
  } else if (kind == "While") {
    state.addAttribute("cond_attrs", callAttrs(op->getAttr("cond")));
    state.addAttribute("body_attrs", callAttrs(op->getAttr("body")));
    state.addAttribute("cond_region_attrs", getRegionAttrs(callees[0].func));
    state.addAttribute("body_region_attrs", getRegionAttrs(callees[1].func));
  } else {
    state.addAttribute("body_attrs", callAttrs(op->getAttr("body")));
    state.addAttribute("region_attrs", getRegionAttrs(callees[0].func));
  }
  for (unsigned i = 0; i < callees.size(); ++i)
    state.addRegion();

  OpBuilder builder(op);
  Operation *regionOp = builder.create(state);
  bool loop = kind == "While" || kind == "For";
  ValueRange args = loop ? ValueRange(data) : ValueRange(data.drop_front());
  if (kind == "For") {
    // The body receives the index, then the loop values.
    SmallVector<Value> bodyArgs = {data[0]};
    llvm::append_range(bodyArgs, data.drop_front(3));
    inlineInto(regionOp->getRegion(0), callees[0].func, bodyArgs, true, false);
  } else {
    for (auto [i, callee] : llvm::enumerate(callees))
      inlineInto(regionOp->getRegion(i), callee.func, args, loop,
                 kind == "While" && i == 0);
  }
  op->replaceAllUsesWith(regionOp);
  op->erase();
  return success();
}

FailureOr<int64_t> mlir::tfg::convertFunctionalToRegion(ModuleOp module) {
  SymbolTable symbols(module);
  // Functions first, so that graphs inline already converted bodies.
  SmallVector<Operation *> ops;
  SmallVector<Block *> bodies = getGraphBodies(module);
  std::stable_partition(bodies.begin(), bodies.end(), [](Block *b) {
    return isa<GraphFuncOp>(b->getParentOp());
  });
  int64_t converted = 0;
  for (Block *body : bodies) {
    ops.clear();
    for (Operation &op : *body)
      if (isa<IfOp, StatelessIfOp, StatefulIfOp, CaseOp, StatelessCaseOp,
              StatefulCaseOp, WhileOp, StatelessWhileOp, StatefulWhileOp,
              ForOp>(op))
        ops.push_back(&op);
    for (Operation *op : ops)
      converted += succeeded(convertOp(op, symbols));
  }
  return converted;
}

namespace {
struct FunctionalToRegionPass
    : tfg::impl::FunctionalToRegionPassBase<FunctionalToRegionPass> {
  void runOnOperation() override {
    FailureOr<int64_t> n = convertFunctionalToRegion(getOperation());
    if (failed(n))
      return signalPassFailure();
    numConverted += *n;
    if (!*n)
      markAllAnalysesPreserved();
  }
};
} // namespace
