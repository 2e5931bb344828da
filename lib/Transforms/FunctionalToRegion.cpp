//===- FunctionalToRegion.cpp - If/Case/While/For to region form ----------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "tfg/Support/InputLimits.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-functional-to-region"

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

namespace {
/// What the region form of a module may cost. Inlining copies a callee's
/// body into every region that calls it, converted bodies included: a chain
/// of N functions each calling the next nests N regions deep and, with every
/// function converted, holds N^2/2 copies; two calls of the next function a
/// level make 2^N. The conversion stops where the region form would nest
/// deeper than tfg reads (kMaxTextNesting, less room for the module and its
/// graph) or add more operations than four times the module's (and at least
/// 2^16); those ops stay functional, with a remark.
struct InlineBudget {
  explicit InlineBudget(uint64_t initialOps)
      : allowed(std::max<uint64_t>(4 * initialOps, uint64_t(1) << 16)) {}

  /// Operations nested in `func`'s body and the depth of its regions.
  struct Cost {
    uint64_t ops = 0;
    unsigned depth = 0;
  };
  Cost costOf(GraphFuncOp func) {
    auto it = costs.find(func);
    if (it != costs.end())
      return it->second;
    Cost cost;
    SmallVector<std::pair<Operation *, unsigned>> stack;
    for (Operation &op : func.getBody().front())
      stack.push_back({&op, 0});
    while (!stack.empty()) {
      auto [op, depth] = stack.pop_back_val();
      ++cost.ops;
      cost.depth = std::max(cost.depth, depth);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Operation &nested : block)
            stack.push_back({&nested, depth + 1});
    }
    return costs[func] = cost;
  }
  /// Forgets `func`'s cost once its body changed.
  void invalidate(GraphFuncOp func) { costs.erase(func); }

  static constexpr unsigned kMaxDepth = kMaxTextNesting - 8;
  uint64_t allowed, added = 0;
  int64_t tooDeep = 0, tooLarge = 0;
  DenseMap<Operation *, Cost> costs;
};
} // namespace

/// Converts one functional op; returns failure (leaving it alone) when a
/// callee cannot be inlined or its region form would exceed `budget`.
static LogicalResult convertOp(Operation *op, SymbolTable &symbols,
                               InlineBudget &budget) {
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
    // IfRegion takes a boolean; an If on another type (TensorFlow tests its
    // truth) stays functional.
    if (numData < 1 ||
        !tf_type::holdsDataType(data[0].getType(), IntegerType::get(ctx, 1)) ||
        !need("then_branch", numData - 1, numResults) ||
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

  InlineBudget::Cost cost;
  for (const Callee &callee : callees) {
    InlineBudget::Cost c = budget.costOf(callee.func);
    cost.ops += c.ops;
    cost.depth = std::max(cost.depth, c.depth + 1);
  }
  if (cost.depth > InlineBudget::kMaxDepth) {
    ++budget.tooDeep;
    return failure();
  }
  if (budget.added + cost.ops > budget.allowed) {
    ++budget.tooLarge;
    return failure();
  }
  budget.added += cost.ops;

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

/// Whether `op` is a functional control flow op that has a region form.
static bool isFunctionalControlFlow(Operation &op) {
  return isa<IfOp, StatelessIfOp, StatefulIfOp, CaseOp, StatelessCaseOp,
             StatefulCaseOp, WhileOp, StatelessWhileOp, StatefulWhileOp, ForOp>(
      op);
}

/// The bodies of `module`'s functions, callees before their callers (as far
/// as calls through functional control flow go; a cycle is cut anywhere),
/// then its graphs: each function is converted before its body is inlined.
static SmallVector<Block *> calleesFirst(ModuleOp module,
                                         SymbolTable &symbols) {
  SmallVector<Block *> bodies = getGraphBodies(module), ordered, graphs;
  DenseMap<Block *, SmallVector<Block *, 4>> callees;
  for (Block *body : bodies) {
    if (!isa<GraphFuncOp>(body->getParentOp())) {
      graphs.push_back(body);
      continue;
    }
    SmallVector<Block *, 4> &out = callees[body];
    for (Operation &op : *body) {
      if (!isFunctionalControlFlow(op))
        continue;
      for (NamedAttribute attr : op.getAttrs()) {
        auto visit = [&](Attribute a) {
          auto ref = dyn_cast<tf_type::FuncAttr>(a);
          if (!ref)
            return;
          auto func =
              symbols.lookup<GraphFuncOp>(ref.getName().getRootReference());
          if (func && !func.getBody().empty())
            out.push_back(&func.getBody().front());
        };
        visit(attr.getValue());
        if (auto list = dyn_cast<ArrayAttr>(attr.getValue()))
          llvm::for_each(list, visit);
      }
    }
  }
  // Iterative depth-first post-order.
  DenseSet<Block *> seen;
  SmallVector<std::pair<Block *, unsigned>> stack;
  for (Block *root : bodies) {
    if (!isa<GraphFuncOp>(root->getParentOp()) || !seen.insert(root).second)
      continue;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto &[body, next] = stack.back();
      SmallVector<Block *, 4> &out = callees[body];
      if (next < out.size()) {
        Block *callee = out[next++];
        if (seen.insert(callee).second)
          stack.push_back({callee, 0});
        continue;
      }
      ordered.push_back(body);
      stack.pop_back();
    }
  }
  llvm::append_range(ordered, graphs);
  return ordered;
}

FailureOr<int64_t> mlir::tfg::convertFunctionalToRegion(ModuleOp module) {
  SymbolTable symbols(module);
  uint64_t initialOps = 0;
  module.walk([&](Operation *) { ++initialOps; });
  InlineBudget budget(initialOps);
  SmallVector<Operation *> ops;
  int64_t converted = 0;
  for (Block *body : calleesFirst(module, symbols)) {
    ops.clear();
    for (Operation &op : *body)
      if (isFunctionalControlFlow(op))
        ops.push_back(&op);
    int64_t before = converted;
    for (Operation *op : ops)
      converted += succeeded(convertOp(op, symbols, budget));
    if (converted != before)
      if (auto func = dyn_cast<GraphFuncOp>(body->getParentOp()))
        budget.invalidate(func);
  }
  if (budget.tooDeep || budget.tooLarge)
    emitRemark(module.getLoc())
        << "functional control flow left as it is: " << budget.tooDeep
        << " op(s) whose region form would nest more than "
        << InlineBudget::kMaxDepth << " regions deep, " << budget.tooLarge
        << " whose inlined bodies would add more than " << budget.allowed
        << " operations to the module";
  return converted;
}

namespace {
struct FunctionalToRegionPass
    : tfg::impl::FunctionalToRegionPassBase<FunctionalToRegionPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-functional-to-region: running on "
                            << getOperation()->getName() << "\n");
    FailureOr<int64_t> n = convertFunctionalToRegion(getOperation());
    if (failed(n))
      return signalPassFailure();
    numConverted += *n;
    if (!*n)
      markAllAnalysesPreserved();
  }
};
} // namespace
