//===- LoopOptimizer.cpp - The tfg-loop-optimizer pass --------------------===//
//
// tfg-loop-optimizer: Grappler's LoopOptimizer. The pass runs the rules of
// this directory on every graph and function body of the module, each body
// once per rule, in Grappler's order: loop-invariant node motion (when
// enabled), stack pushes, dead branches; then the loops whose trip count
// the dead-branch removal may have made constant. Every rule is one pass
// over the body plus work proportional to what it removes or moves.
//
//===----------------------------------------------------------------------===//

#include "LoopOptimizer.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Grappler.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "tfg-loop-optimizer"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_LOOPOPTIMIZERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::loop_opt;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

LoopOptStats &LoopOptStats::operator+=(const LoopOptStats &o) {
  deadSwitches += o.deadSwitches;
  deadNodes += o.deadNodes;
  branchesFolded += o.branchesFolded;
  nodesHoisted += o.nodesHoisted;
  stackPushesRemoved += o.stackPushesRemoved;
  loopsRemoved += o.loopsRemoved;
  loopsUnrolled += o.loopsUnrolled;
  return *this;
}

int64_t LoopOptStats::total() const {
  return deadSwitches + deadNodes + branchesFolded + nodesHoisted +
         stackPushesRemoved + loopsRemoved + loopsUnrolled;
}

std::string BodyContext::uniqueName(StringRef base) {
  if (!uniquer)
    uniquer = std::make_unique<NodeNameUniquer>(body);
  std::string name = uniquer->get(base);
  uniquer->reserve(name);
  return name;
}

bool BodyContext::mayReplace(Operation *op) const {
  return !preserved.isFetchOrFeed(op) &&
         !op->hasAttr("_grappler_do_not_remove");
}

/// Identity chains are followed this far looking for a constant.
static constexpr unsigned kMaxIdentityChain = 64;

/// The dense value of the Const producing `v` (through Identity nodes).
static DenseElementsAttr getConstElements(Value v) {
  for (unsigned i = 0; i < kMaxIdentityChain; ++i) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return {};
    StringRef name = getTFOpName(def);
    if (name == "Identity" && getDataOperands(def).size() == 1) {
      v = getDataOperands(def)[0];
      continue;
    }
    if (name != "Const")
      return {};
    return def->getAttrOfType<DenseElementsAttr>("value");
  }
  return {};
}

std::optional<int64_t> loop_opt::getConstantInt(Value v) {
  DenseElementsAttr value = getConstElements(v);
  if (!value || value.getType().getRank() != 0)
    return std::nullopt;
  auto type = dyn_cast<IntegerType>(value.getElementType());
  if (!type || type.getWidth() > 64)
    return std::nullopt;
  APInt x = *value.value_begin<APInt>();
  if (type.getWidth() == 1 || type.isUnsigned())
    return static_cast<int64_t>(x.getZExtValue());
  return x.getSExtValue();
}

std::optional<bool> loop_opt::getConstantCondition(Value v) {
  DenseElementsAttr value = getConstElements(v);
  if (!value)
    return std::nullopt;
  if (value.getType().getRank() != 0)
    return value.getNumElements() > 0;
  if (std::optional<int64_t> x = getConstantInt(v))
    return *x != 0;
  if (isa<FloatType>(value.getElementType()))
    return !value.getSplatValue<APFloat>().isZero();
  return std::nullopt;
}

FailureOr<SmallVector<Value>>
loop_opt::adaptToResults(BodyContext &ctx, Operation *op, ValueRange values) {
  ResultRange results = getDataResults(op);
  if (results.size() != values.size())
    return failure();
  SmallVector<Value> adapted;
  OpBuilder builder(op);
  for (auto [result, value] : llvm::zip(results, values)) {
    if (result.getType() == value.getType()) {
      adapted.push_back(value);
      continue;
    }
    // A refined or generalized type: an Identity gives the value the type
    // its users were verified with.
    Type element = tf_type::getElementTypeOrSelf(result.getType());
    std::string name = ctx.uniqueName(
        (getNodeName(op) + "/output_" + Twine(result.getResultNumber())).str());
    SmallVector<NamedAttribute> attrs = getPlacementAttrs(op, name);
    attrs.emplace_back(builder.getStringAttr("T"), TypeAttr::get(element));
    Operation *identity = createNode(builder, op->getLoc(), "Identity", {value},
                                     {}, {result.getType()}, attrs);
    adapted.push_back(identity->getResult(0));
  }
  return adapted;
}

void loop_opt::moveBlockBefore(Block &block, Operation *op,
                               ValueRange controls) {
  SmallVector<Operation *> ops;
  SmallVector<bool> entry;
  for (Operation &inner : block.without_terminator()) {
    ops.push_back(&inner);
    bool readsBlock = llvm::any_of(inner.getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return def && def->getBlock() == &block;
    });
    entry.push_back(!readsBlock);
  }
  for (auto [inner, isEntry] : llvm::zip(ops, entry)) {
    inner->moveBefore(op);
    if (isEntry)
      addControlOperands(inner, controls);
  }
}

LogicalResult loop_opt::replaceAndErase(BodyContext &ctx, Operation *op,
                                        ValueRange values,
                                        ValueRange controls) {
  FailureOr<SmallVector<Value>> adapted = adaptToResults(ctx, op, values);
  if (failed(adapted))
    return failure();
  SmallVector<Value> tokens = getControlDependencies(*adapted, controls);
  replaceNodeUses(op, *adapted, tokens);
  op->erase();
  return success();
}

LogicalResult loop_opt::replaceWithCall(BodyContext &ctx, Operation *op,
                                        Attribute callee, ValueRange args,
                                        ArrayAttr tin, ArrayAttr tout,
                                        ValueRange controls, bool stateful) {
  OpBuilder builder(op);
  SmallVector<NamedAttribute> attrs = getPlacementAttrs(op);
  attrs.emplace_back(builder.getStringAttr("f"), callee);
  attrs.emplace_back(builder.getStringAttr("Tin"), tin);
  attrs.emplace_back(builder.getStringAttr("Tout"), tout);
  for (StringRef name : {"config", "config_proto", "executor_type"})
    attrs.emplace_back(builder.getStringAttr(name), builder.getStringAttr(""));
  Operation *call =
      createNode(builder, op->getLoc(),
                 stateful ? "StatefulPartitionedCall" : "PartitionedCall", args,
                 controls, getDataResults(op).getTypes(), attrs);
  if (!call)
    return failure();
  replaceNodeUses(op, getDataResults(call), {getControlToken(call)});
  op->erase();
  (void)ctx;
  return success();
}

SmallVector<NamedAttribute> loop_opt::getPlacementAttrs(Operation *op,
                                                        StringRef name) {
  auto *dialect = op->getContext()->getLoadedDialect<TFGraphDialect>();
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : getNodeIdentityAttrs(op)) {
    if (attr.getName() == dialect->getFullTypeAttrIdentifier())
      continue;
    if (attr.getName() == dialect->getNameAttrIdentifier() && !name.empty())
      attr.setValue(StringAttr::get(op->getContext(), name));
    attrs.push_back(attr);
  }
  return attrs;
}

bool loop_opt::isRegionFreeOfEffects(Region &region) {
  WalkResult result = region.walk([](Operation *op) {
    if (op->hasTrait<OpTrait::IsTerminator>())
      return WalkResult::advance();
    return hasSideEffects(op) ? WalkResult::interrupt() : WalkResult::advance();
  });
  return !result.wasInterrupted();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct LoopOptimizerPass : tfg::impl::LoopOptimizerPassBase<LoopOptimizerPass> {
  using LoopOptimizerPassBase::LoopOptimizerPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    PreserveOptions preserve = makePreserveOptions(fetch, feed);
    if (preserve.fetch.empty())
      preserve.fetch = getRecordedFetches(module);
    SymbolTable symbols(module);
    LoopOptStats stats;
    llvm::StringMap<unsigned> functionUses;
    if (loopInvariantNodeMotion)
      functionUses = countFunctionUses(module);
    for (Block *body : getGraphBodies(module)) {
      FailureOr<PreservedNodes> preserved =
          PreservedNodes::compute(*body, preserve);
      if (failed(preserved))
        return signalPassFailure();
      BodyContext ctx(*body, *preserved, &symbols, stats);
      ctx.functionUses = &functionUses;
      // The preserved set holds pointers: each rule erases only nodes it
      // may (never a preserved one), and replacement nodes are new.
      if (loopInvariantNodeMotion) {
        hoistFrameInvariants(ctx);
        hoistLoopInvariants(ctx);
        hoistFromFunctionalWhiles(ctx);
      }
      if (removeStackOps)
        removeUnpoppedStackPushes(ctx);
      if (removeDeadBranches) {
        loop_opt::removeDeadBranches(ctx);
        foldConstantBranches(ctx);
      }
      if (simplifyTripCounts)
        loop_opt::simplifyTripCounts(ctx);
    }
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-loop-optimizer: " << stats.deadSwitches
               << " dead switches (" << stats.deadNodes << " nodes), "
               << stats.branchesFolded << " branches folded, "
               << stats.nodesHoisted << " nodes hoisted, "
               << stats.stackPushesRemoved << " stack pushes, "
               << stats.loopsRemoved << " loops removed, "
               << stats.loopsUnrolled << " unrolled\n");
    numDeadSwitches += stats.deadSwitches;
    numDeadNodes += stats.deadNodes;
    numBranchesFolded += stats.branchesFolded;
    numNodesHoisted += stats.nodesHoisted;
    numStackPushesRemoved += stats.stackPushesRemoved;
    numLoopsRemoved += stats.loopsRemoved;
    numLoopsUnrolled += stats.loopsUnrolled;
    total += stats;
    if (!stats.total())
      markAllAnalysesPreserved();
  }

  std::string getWorkReport() const {
    SmallVector<std::string> parts;
    auto add = [&](int64_t n, StringRef what) {
      if (n)
        parts.push_back(llvm::formatv("{0} {1}", n, what).str());
    };
    add(total.deadSwitches, "dead switches");
    add(total.deadNodes, "dead nodes");
    add(total.branchesFolded, "branches folded");
    add(total.nodesHoisted, "nodes hoisted");
    add(total.stackPushesRemoved, "stack pushes removed");
    add(total.loopsRemoved, "loops removed");
    add(total.loopsUnrolled, "loops unrolled");
    return llvm::join(parts, ", ");
  }

  /// The work of every run of this instance.
  LoopOptStats total;
};
} // namespace

std::string mlir::tfg::describeLoopOptimizerWork(Pass &pass) {
  if (pass.getTypeID() != TypeID::get<LoopOptimizerPass>())
    return {};
  return static_cast<LoopOptimizerPass &>(pass).getWorkReport();
}
