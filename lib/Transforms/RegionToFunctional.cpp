//===- RegionToFunctional.cpp - Region control flow back to functions -----===//
//
// Each region of IfRegion/CaseRegion/WhileRegion/ForRegion becomes a call to
// a function. When a region still is the inlined body of the function named
// in its #tfg.region_attrs, that function is reused with the operands it was
// inlined with (exact round trip); otherwise the region is outlined into a
// new function whose arguments are the values the region captures.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-region-to-functional"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_REGIONTOFUNCTIONALPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Matching a region against its original function
//===----------------------------------------------------------------------===//

/// Checks that `block` is `func`'s body inlined. `args[k]` is the value
/// function argument k stands for: preset for loop regions (block
/// arguments), discovered for If/Case (null when unused).
static bool matchFunctionBody(GraphFuncOp func, Block &block,
                              SmallVectorImpl<Value> &args, bool loop) {
  Block &fBlock = func.getBody().front();
  unsigned n = func.getNumArguments();
  llvm::DenseMap<Value, Value> map;
  if (loop) {
    if (block.getNumArguments() != 2 * n)
      return false;
    for (unsigned k = 0; k < n; ++k) {
      map[func.getDataArgument(k)] = block.getArgument(k);
      map[func.getControlArgument(k)] = block.getArgument(n + k);
    }
  } else {
    args.assign(n, Value());
  }
  SmallVector<std::pair<unsigned, Value>> pendingControls;
  auto check = [&](Value l, Value r) -> LogicalResult {
    if (auto it = map.find(l); it != map.end())
      return success(it->second == r);
    auto arg = dyn_cast<BlockArgument>(l);
    if (loop || !arg || arg.getOwner() != &fBlock)
      return failure();
    unsigned k = arg.getArgNumber() / 2;
    if (arg.getArgNumber() % 2 == 0) {
      if (args[k] && args[k] != r)
        return failure();
      args[k] = r;
    } else {
      pendingControls.push_back({k, r});
    }
    map[l] = r;
    return success();
  };
  auto mark = [&](Value l, Value r) { map[l] = r; };

  SmallVector<Operation *> fOps, rOps;
  for (Operation &op : fBlock.without_terminator())
    fOps.push_back(&op);
  for (Operation &op : block.without_terminator())
    rOps.push_back(&op);
  if (fOps.size() != rOps.size())
    return false;
  // Results first: graph regions may use values before their definition.
  for (auto [f, r] : llvm::zip(fOps, rOps)) {
    if (f->getNumResults() != r->getNumResults())
      return false;
    for (auto [a, b] : llvm::zip(f->getResults(), r->getResults()))
      map[a] = b;
  }
  for (auto [f, r] : llvm::zip(fOps, rOps))
    if (!OperationEquivalence::isEquivalentTo(
            f, r, check, mark, OperationEquivalence::IgnoreLocations))
      return false;

  // The terminators: return(data) [ctls] against yield/condition.
  ReturnOp ret = func.getReturnOp();
  Operation *term = &block.back();
  SmallVector<Value> rData;
  if (auto cond = dyn_cast<ConditionOp>(term)) {
    rData.push_back(cond.getCond());
    // The condition must pass the loop values on unchanged.
    OperandRange passed = cond.getDataOperands();
    if (passed.size() != n ||
        !llvm::equal(passed, block.getArguments().take_front(n)))
      return false;
  } else if (auto yield = dyn_cast<YieldOp>(term)) {
    llvm::append_range(rData, yield.getDataOperands());
  } else {
    return false;
  }
  OperandRange rCtls = getControlOperands(term);
  if (ret.getDataOperands().size() != rData.size() ||
      ret.getControlOperands().size() != rCtls.size())
    return false;
  for (auto [l, r] : llvm::zip(ret.getDataOperands(), rData))
    if (failed(check(l, r)))
      return false;
  for (auto [l, r] : llvm::zip(ret.getControlOperands(), rCtls))
    if (failed(check(l, r)))
      return false;
  // Arguments only used for their control token.
  for (auto [k, r] : pendingControls) {
    if (args[k]) {
      if (getControlTokenOf(args[k]) != r)
        return false;
      continue;
    }
    Operation *def = r.getDefiningOp();
    if (!def)
      return false;
    for (Value v : getDataResults(def))
      if (v.getType() == func.getArgumentTypes()[k]) {
        args[k] = v;
        break;
      }
    if (!args[k])
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Outlining
//===----------------------------------------------------------------------===//

namespace {
class Outliner {
public:
  Outliner(ModuleOp module) : module(module), symbols(module) {}

  LogicalResult convert(Operation *op, OutlineStats &stats);

private:
  /// The function named in a region attribute, if any.
  GraphFuncOp getOriginal(RegionAttr attrs) {
    if (!attrs)
      return {};
    auto name = attrs.getAttrs().getAs<StringAttr>("sym_name");
    return name ? symbols.lookup<GraphFuncOp>(name.getValue()) : GraphFuncOp();
  }

  /// A function symbol name not in use, derived from `base`: `base`, else
  /// the first free `base_<i>`. Symbols are only added while outlining, so
  /// the probe for a base resumes where its last one stopped: thousands of
  /// regions outlined under one name cost linear time, not quadratic.
  std::string uniqueName(StringRef base) {
    // The first candidate suffix of `base`; 0 stands for `base` itself.
    unsigned &next = nextSuffix[base];
    auto candidate = [&] {
      return next == 0 ? base.str() : (base + "_" + Twine(next)).str();
    };
    std::string name = candidate();
    while (symbols.lookup(name)) {
      ++next;
      name = candidate();
    }
    ++next; // `name` is taken from now on.
    return name;
  }

  /// Outlines `block` into a new function. For If/Case (`captures`
  /// non-null) the arguments are the captured values; otherwise they are
  /// the block's data arguments. Control tokens captured from outside that
  /// belong to no argument are appended to `hoisted`.
  GraphFuncOp outline(Block &block, Operation *regionOp, RegionAttr attrs,
                      StringRef fallbackName, ArrayRef<Value> captures,
                      SmallVectorImpl<Value> &hoisted, OutlineStats &stats);

  ModuleOp module;
  SymbolTable symbols;
  /// Per base name, the first suffix uniqueName has not tried yet.
  llvm::StringMap<unsigned> nextSuffix;
};
} // namespace

/// True if `v` is a result of `op` or of an op nested in it, or an argument
/// of one of their blocks.
static bool isDefinedInside(Value v, Operation *op) {
  Operation *owner = isa<BlockArgument>(v)
                         ? cast<BlockArgument>(v).getOwner()->getParentOp()
                         : v.getDefiningOp();
  return op->isAncestor(owner);
}

/// Values used inside `op`'s regions but defined outside `op`, in order of
/// first use: data values, and control tokens separately. `usesOwnResults`
/// is set when a region uses a result of `op` itself (graph regions let the
/// verifier accept it; no function can be called with its own result).
static void collectCaptures(Operation *op, llvm::SetVector<Value> &data,
                            llvm::SetVector<Value> &controls,
                            bool &usesOwnResults) {
  op->walk([&](Operation *inner) {
    if (inner == op)
      return;
    for (Value v : inner->getOperands()) {
      if (v.getDefiningOp() == op)
        usesOwnResults = true;
      if (isDefinedInside(v, op))
        continue;
      (isControlType(v.getType()) ? controls : data).insert(v);
    }
  });
}

GraphFuncOp Outliner::outline(Block &block, Operation *regionOp,
                              RegionAttr attrs, StringRef fallbackName,
                              ArrayRef<Value> captures,
                              SmallVectorImpl<Value> &hoisted,
                              OutlineStats &stats) {
  MLIRContext *ctx = module.getContext();
  bool loop = block.getNumArguments() > 0;
  SmallVector<Value> argValues;
  if (loop)
    llvm::append_range(argValues, block.getArguments().take_front(
                                      block.getNumArguments() / 2));
  else
    argValues.assign(captures.begin(), captures.end());
  Operation *term = &block.back();
  SmallVector<Value> results, controls;
  if (auto cond = dyn_cast<ConditionOp>(term))
    results.push_back(cond.getCond());
  else
    llvm::append_range(results, getDataOperands(term));
  llvm::append_range(controls, getControlOperands(term));

  StringRef base = fallbackName;
  if (attrs)
    if (auto name = attrs.getAttrs().getAs<StringAttr>("sym_name"))
      base = name.getValue();
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<Type> argTypes, resultTypes;
  for (Value v : argValues)
    argTypes.push_back(v.getType());
  for (Value v : results)
    resultTypes.push_back(v.getType());
  auto func =
      GraphFuncOp::create(builder, regionOp->getLoc(), uniqueName(base),
                          FunctionType::get(ctx, argTypes, resultTypes));
  symbols.insert(func);
  ++stats.functionsCreated;

  IRMapping mapping;
  unsigned n = argValues.size();
  for (unsigned k = 0; k < n; ++k) {
    mapping.map(argValues[k], func.getDataArgument(k));
    Value ctl =
        loop ? block.getArgument(n + k) : getControlTokenOf(argValues[k]);
    if (ctl && !mapping.contains(ctl))
      mapping.map(ctl, func.getControlArgument(k));
  }
  Block &entry = func.getBody().front();
  OpBuilder bodyBuilder = OpBuilder::atBlockEnd(&entry);
  SmallVector<Operation *> ops = cloneBlockOps(block, bodyBuilder, mapping);
  // Control tokens from outside that no argument carries: the call waits
  // for them instead.
  auto isOutside = [&](Value v) { return !isDefinedInside(v, func); };
  for (Operation *op : ops)
    op->walk([&](Operation *inner) {
      eraseOperandsIf(inner, [&](OpOperand &operand) {
        if (!isOutside(operand.get()))
          return false;
        hoisted.push_back(operand.get());
        return true;
      });
    });
  SmallVector<Value> mappedResults, mappedControls;
  SmallVector<Attribute> controlAttrs;
  for (Value v : results)
    mappedResults.push_back(mapping.lookupOrDefault(v));
  for (Value v : controls) {
    Value m = mapping.lookupOrDefault(v);
    if (isOutside(m)) {
      hoisted.push_back(m);
      continue;
    }
    StringRef producer =
        m.getDefiningOp() ? getNodeName(m.getDefiningOp()) : StringRef();
    std::string name = producer.empty()
                           ? ("ctl_" + Twine(mappedControls.size())).str()
                           : producer.str();
    mappedControls.push_back(m);
    controlAttrs.push_back(builder.getDictionaryAttr(
        builder.getNamedAttr("tfg.name", builder.getStringAttr(name))));
  }
  ReturnOp::create(bodyBuilder, term->getLoc(), mappedResults, mappedControls,
                   controlAttrs);

  // Attributes: those of the original function where they still fit.
  if (attrs)
    for (NamedAttribute a : attrs.getAttrs())
      if (a.getName() != "sym_name" && a.getName() != "generic")
        func->setAttr(a.getName(), a.getValue());
  auto names = [&](unsigned count, StringRef prefix, ArrayAttr original) {
    if (original && original.size() == count)
      return original;
    SmallVector<Attribute> dicts;
    for (unsigned i = 0; i < count; ++i)
      dicts.push_back(builder.getDictionaryAttr(builder.getNamedAttr(
          "tfg.name", builder.getStringAttr((prefix + Twine(i)).str()))));
    return builder.getArrayAttr(dicts);
  };
  func.setArgAttrsAttr(
      names(n, "arg", loop && attrs ? attrs.getArgAttrs() : ArrayAttr()));
  func.setResAttrsAttr(names(resultTypes.size(), "output",
                             attrs ? attrs.getResAttrs() : ArrayAttr()));
  return func;
}

/// The attributes only the region form has.
static bool isRegionFormAttr(StringRef name) {
  return llvm::is_contained({"then_attrs", "else_attrs", "then_region_attrs",
                             "else_region_attrs", "branch_attrs",
                             "region_attrs", "cond_attrs", "body_attrs",
                             "cond_region_attrs", "body_region_attrs"},
                            name);
}

static Attribute funcRef(GraphFuncOp func, Attribute callAttrs) {
  auto dict = dyn_cast_if_present<DictionaryAttr>(callAttrs);
  if (!dict)
    dict = DictionaryAttr::get(func.getContext(), {});
  return tf_type::FuncAttr::get(
      func.getContext(), SymbolRefAttr::get(func.getSymNameAttr()), dict);
}

LogicalResult Outliner::convert(Operation *op, OutlineStats &stats) {
  StringRef opName = getTFOpName(op);
  StringRef kind = opName;
  kind.consume_front("Stateless");
  kind.consume_front("Stateful");
  bool loop = kind == "WhileRegion" || kind == "ForRegion";
  MLIRContext *ctx = op->getContext();
  StringRef nodeName = getNodeName(op);

  llvm::SetVector<Value> dataCaptures, controlCaptures;
  bool usesOwnResults = false;
  collectCaptures(op, dataCaptures, controlCaptures, usesOwnResults);
  if (usesOwnResults) {
    emitRemark(op->getLoc())
        << "node '" << nodeName
        << "': regions using the node's own results are not converted";
    return failure();
  }
  if (loop && !dataCaptures.empty()) {
    op->emitRemark("loop regions that capture values are not converted");
    return failure();
  }

  // Per region: its original function attributes and call attributes.
  SmallVector<RegionAttr> regionAttrs;
  SmallVector<Attribute> callAttrs;
  SmallVector<StringRef> calleeAttrNames;
  if (kind == "IfRegion") {
    regionAttrs = {op->getAttrOfType<RegionAttr>("then_region_attrs"),
                   op->getAttrOfType<RegionAttr>("else_region_attrs")};
    callAttrs = {op->getAttr("then_attrs"), op->getAttr("else_attrs")};
    calleeAttrNames = {"then_branch", "else_branch"};
  } else if (kind == "CaseRegion") {
    auto ra = op->getAttrOfType<ArrayAttr>("region_attrs");
    auto ba = op->getAttrOfType<ArrayAttr>("branch_attrs");
    for (unsigned i = 0; i < op->getNumRegions(); ++i) {
      regionAttrs.push_back(ra && ra.size() == op->getNumRegions()
                                ? dyn_cast<RegionAttr>(ra[i])
                                : RegionAttr());
      callAttrs.push_back(ba && ba.size() == op->getNumRegions() ? ba[i]
                                                                 : Attribute());
    }
  } else if (kind == "WhileRegion") {
    regionAttrs = {op->getAttrOfType<RegionAttr>("cond_region_attrs"),
                   op->getAttrOfType<RegionAttr>("body_region_attrs")};
    callAttrs = {op->getAttr("cond_attrs"), op->getAttr("body_attrs")};
    calleeAttrNames = {"cond", "body"};
  } else {
    regionAttrs = {op->getAttrOfType<RegionAttr>("region_attrs")};
    callAttrs = {op->getAttr("body_attrs")};
    calleeAttrNames = {"body"};
  }

  // Reuse the original functions when every region still matches.
  SmallVector<GraphFuncOp> funcs;
  SmallVector<Value> callArgs;
  bool reuse = true;
  for (auto [i, region] : llvm::enumerate(op->getRegions())) {
    GraphFuncOp original = getOriginal(regionAttrs[i]);
    SmallVector<Value> args;
    if (!original || !matchFunctionBody(original, region.front(), args, loop)) {
      reuse = false;
      break;
    }
    funcs.push_back(original);
    if (loop)
      continue;
    if (callArgs.empty())
      callArgs.assign(args.size(), Value());
    if (args.size() != callArgs.size()) {
      reuse = false;
      break;
    }
    for (auto [c, a] : llvm::zip(callArgs, args)) {
      if (c && a && c != a)
        reuse = false;
      if (!c)
        c = a;
    }
  }
  if (reuse && llvm::any_of(callArgs, [](Value v) { return !v; }))
    reuse = false;

  SmallVector<Value> hoisted;
  if (!reuse) {
    funcs.clear();
    callArgs.assign(dataCaptures.begin(), dataCaptures.end());
    for (auto [i, region] : llvm::enumerate(op->getRegions())) {
      std::string fallback =
          (nodeName.empty() ? StringRef("region") : nodeName).str() + "_" +
          std::to_string(i);
      for (char &c : fallback)
        if (!llvm::isAlnum(c) && c != '_')
          c = '_';
      funcs.push_back(outline(region.front(), op, regionAttrs[i], fallback,
                              callArgs, hoisted, stats));
    }
  }

  // The functional op.
  SmallVector<Value> operands;
  OperandRange data = getDataOperands(op);
  if (loop) {
    llvm::append_range(operands, data);
  } else {
    operands.push_back(data[0]);
    llvm::append_range(operands, callArgs);
  }
  llvm::append_range(operands, getControlOperands(op));
  for (Value v : hoisted)
    if (!llvm::is_contained(operands, v))
      operands.push_back(v);

  OperationState state(op->getLoc(),
                       ("tfg." + opName.drop_back(strlen("Region"))).str());
  state.addOperands(operands);
  state.addTypes(op->getResultTypes());
  NamedAttrList attrs;
  for (NamedAttribute attr : op->getAttrs())
    if (!isRegionFormAttr(attr.getName().getValue()))
      attrs.push_back(attr);
  if (kind == "CaseRegion") {
    SmallVector<Attribute> branches;
    for (auto [f, a] : llvm::zip(funcs, callAttrs))
      branches.push_back(funcRef(f, a));
    attrs.set("branches", ArrayAttr::get(ctx, branches));
  } else {
    for (auto [name, f, a] : llvm::zip(calleeAttrNames, funcs, callAttrs))
      attrs.set(name, funcRef(f, a));
  }
  if (!reuse && !loop && op->hasAttr("Tin")) {
    // Tin follows the new operands (opaque tensors have no data type: the
    // attribute is then left as it was).
    SmallVector<Attribute> types;
    for (Value v : callArgs)
      if (Type element = tf_type::getElementTypeOrSelf(v.getType()))
        types.push_back(TypeAttr::get(element));
    if (types.size() == callArgs.size())
      attrs.set("Tin", ArrayAttr::get(ctx, types));
  }
  state.addAttributes(attrs);
  OpBuilder builder(op);
  Operation *functional = builder.create(state);
  op->replaceAllUsesWith(functional);
  op->erase();
  ++stats.converted;
  return success();
}

FailureOr<OutlineStats> mlir::tfg::convertRegionToFunctional(ModuleOp module) {
  Outliner outliner(module);
  OutlineStats stats;
  SmallVector<Block *> bodies = getGraphBodies(module);
  std::stable_partition(bodies.begin(), bodies.end(), [](Block *b) {
    return isa<GraphFuncOp>(b->getParentOp());
  });
  for (Block *body : bodies) {
    // Innermost first, so that outer regions compare against functions
    // whose nested control flow is functional again.
    SmallVector<Operation *> ops;
    body->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (isa<IfRegionOp, StatelessIfRegionOp, StatefulIfRegionOp, CaseRegionOp,
              StatelessCaseRegionOp, StatefulCaseRegionOp, WhileRegionOp,
              StatelessWhileRegionOp, StatefulWhileRegionOp, ForRegionOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      (void)outliner.convert(op, stats);
  }
  return stats;
}

namespace {
struct RegionToFunctionalPass
    : tfg::impl::RegionToFunctionalPassBase<RegionToFunctionalPass> {
  using RegionToFunctionalPassBase::RegionToFunctionalPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-region-to-functional: running on "
                            << getOperation()->getName() << "\n");
    FailureOr<OutlineStats> stats = convertRegionToFunctional(getOperation());
    if (failed(stats))
      return signalPassFailure();
    numConverted += stats->converted;
    numFunctionsCreated += stats->functionsCreated;
    if (!stats->converted)
      markAllAnalysesPreserved();
  }
};
} // namespace
