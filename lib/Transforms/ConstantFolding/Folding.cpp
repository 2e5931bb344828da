//===- Folding.cpp - Grappler's constant folding on tfg: the driver -------===//
//
// The driver of tfg-constant-folding: nodes are visited in topological order
// (so that a chain of foldable nodes folds in one walk) and each is offered,
// in turn, to
//  1. folding: a node whose data operands are all constants (results of
//     Consts that are not fed), or a shape op (Shape, ShapeN, Size, Rank)
//     whose operands' types are static, is evaluated with TFGEval
//     (tfg/Eval/Evaluator.h) and replaced by Consts, as Grappler's
//     ConstantFolding::FoldGraph does;
//  2. the materialization rules (Materialize.cpp);
//  3. the simplification rules (Simplify.cpp).
// A node that one of them replaced is offered again (a simplification may
// make a node foldable). Walks repeat until one changes nothing (at most
// kMaxRounds). Each walk is linear in the size of the body.
//
// A folded node with one data result becomes a Const of the same name, on
// the same device, waiting for the node's control operands and for those of
// the Consts it read that have control operands (which anchor a constant in
// a loop frame, or carry what a folded node waited for; waiting for the
// Const rather than for its control operands keeps a folded chain linear);
// users of its control token wait for the Const. A node with several
// results gets one Const per used result, named `<node>/_<i>` (uniqued);
// it is erased when all its used results were folded and nodes may be
// deleted, and users of its control token then wait for all the Consts. A
// fetched node with several results is not folded (its outputs are named
// after it). Results over `max-constant-size` bytes are not created.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Grappler.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-constant-folding"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_CONSTANTFOLDINGPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::folding;

/// Walks over a body stop after this many even if the last changed
/// something (each rule makes progress, so this only bounds pathological
/// graphs).
static constexpr int kMaxRounds = 8;
/// Rewrites of one node in a row (fold after simplify, ...).
static constexpr int kMaxStepsPerNode = 8;

//===----------------------------------------------------------------------===//
// Shared helpers (ConstantFolding.h)
//===----------------------------------------------------------------------===//

std::string FoldingState::uniqueName(StringRef base) {
  if (!names)
    names.emplace(body);
  return names->get(base);
}

bool FoldingState::useSnapshot() {
  if (!mutatesInputs) {
    mutatesInputs = false;
    for (Operation &op : body) {
      StringRef name = getTFOpName(&op);
      if (name.starts_with("Assign") || name.starts_with("Inplace")) {
        mutatesInputs = true;
        break;
      }
    }
  }
  return *mutatesInputs;
}

static bool isResourceOrVariant(Type type) {
  Type element = tf_type::getElementTypeOrSelf(type);
  return isa_and_present<tf_type::ResourceType, tf_type::VariantType>(element);
}

bool FoldingState::isStateful(Operation *op) {
  auto [it, inserted] = statefulByName.try_emplace(op->getName(), false);
  if (inserted)
    it->second = isStatefulNode(op);
  return it->second;
}

bool folding::isRewritable(FoldingState &state, Operation *op) {
  // TensorFlow ops are the tfg dialect's generic (unregistered) operations;
  // its registered ops are graphs, functions, returns, get_result and the
  // functional control flow.
  if (op->isRegistered() || op->getName().getDialectNamespace() != "tfg" ||
      !getControlToken(op) || op->getNumRegions())
    return false;
  StringRef opName = getTFOpName(op);
  if (opName == "Const" || opName == "NoOp" || isGraphBoundary(opName))
    return false;
  if (!state.fed.empty() && state.fed.contains(getNodeName(op)))
    return false;
  // hasSideEffects for a TensorFlow op, with the registry lookup cached.
  if (op->hasAttr("_grappler_do_not_remove") || state.isStateful(op) ||
      hasRefOperandOrResult(op))
    return false;
  // Data must be tensors (not opaque) of values the host can hold.
  auto isPlainTensor = [](Value v) {
    return isControlType(v.getType()) ||
           (isa<TensorType>(v.getType()) && !isResourceOrVariant(v.getType()));
  };
  return llvm::all_of(op->getOperands(), isPlainTensor) &&
         llvm::all_of(op->getResults(), isPlainTensor);
}

ElementsAttr folding::getConstantValue(const FoldingState &state, Value v) {
  auto result = dyn_cast_if_present<OpResult>(v);
  if (!result || result.getResultNumber() != 0)
    return {};
  Operation *def = result.getOwner();
  if (def->getName().getDialectNamespace() != "tfg" ||
      getTFOpName(def) != "Const")
    return {};
  if (!state.fed.empty() && state.fed.contains(getNodeName(def)))
    return {};
  return dyn_cast_if_present<ElementsAttr>(def->getAttr("value"));
}

std::optional<int64_t> folding::getTensorBytes(ShapedType type,
                                               ElementsAttr value) {
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  int64_t n = 1;
  for (int64_t d : type.getShape())
    if (d < 0 || llvm::MulOverflow(n, d, n))
      return std::nullopt;
  Type element = type.getElementType();
  if (isa<tf_type::StringType>(element)) {
    auto strings = dyn_cast_if_present<DenseStringElementsAttr>(value);
    if (!strings) {
      int64_t bytes;
      return llvm::MulOverflow(n, int64_t(8), bytes)
                 ? std::nullopt
                 : std::optional<int64_t>(bytes);
    }
    int64_t bytes = 0;
    for (StringRef s : strings.getRawStringData())
      bytes += static_cast<int64_t>(s.size());
    if (strings.isSplat() && llvm::MulOverflow(bytes, n, bytes))
      return std::nullopt;
    return bytes;
  }
  llvm::Expected<HostElementInfo> info = getHostElementInfo(element);
  if (!info) {
    llvm::consumeError(info.takeError());
    return std::nullopt;
  }
  int64_t bytes;
  if (llvm::MulOverflow(n, int64_t(std::max(info->byteSize, 1u)), bytes))
    return std::nullopt;
  return bytes;
}

std::optional<SmallVector<int64_t>> folding::getStaticShape(Value v) {
  auto type = dyn_cast_if_present<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  return SmallVector<int64_t>(type.getShape());
}

/// The name, device and assigned device of `op` (the name replaced by
/// `name` when given), for a node taking its place.
SmallVector<NamedAttribute> folding::getPlacementAttrs(Operation *op,
                                                       StringRef name) {
  MLIRContext *ctx = op->getContext();
  auto *dialect = ctx->getLoadedDialect<TFGraphDialect>();
  SmallVector<NamedAttribute> attrs;
  if (!name.empty())
    attrs.emplace_back(dialect->getNameAttrIdentifier(),
                       StringAttr::get(ctx, name));
  else if (StringAttr own = getNodeNameAttr(op))
    attrs.emplace_back(dialect->getNameAttrIdentifier(), own);
  for (StringAttr id : {dialect->getDeviceAttrIdentifier(),
                        dialect->getAssignedDeviceAttrIdentifier()})
    if (Attribute value = op->getAttr(id))
      attrs.emplace_back(id, value);
  return attrs;
}

Operation *folding::buildConst(Operation *like, ElementsAttr value,
                               ValueRange controls, StringRef name) {
  OpBuilder builder(like);
  MLIRContext *ctx = like->getContext();
  SmallVector<NamedAttribute> attrs = getPlacementAttrs(like, name);
  attrs.emplace_back(StringAttr::get(ctx, "dtype"),
                     TypeAttr::get(value.getElementType()));
  attrs.emplace_back(StringAttr::get(ctx, "value"), value);
  return createNode(builder, like->getLoc(), "Const", {}, controls,
                    {value.getType()}, attrs);
}

void folding::replaceInPlace(Operation *op, Operation *replacement) {
  replaceNodeUses(op, getDataResults(replacement),
                  {getControlToken(replacement)});
  op->dropAllReferences();
  op->erase();
}

bool folding::readsFedNode(const FoldingState &state, Operation *op) {
  if (state.fed.empty())
    return false;
  return llvm::any_of(getDataOperands(op), [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && state.fed.contains(getNodeName(def));
  });
}

Value folding::getAnchorOf(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getName().getDialectNamespace() != "tfg" ||
      getTFOpName(def) != "Const")
    return getControlTokenOf(v);
  // A Const without control operands runs unconditionally: nothing to wait
  // for. One with control operands (anchored in a frame, or folded from
  // nodes that waited for something) is waited for itself: forwarding its
  // control operands instead would make a chain of folded nodes collect
  // every control edge above it (quadratic).
  return getControlOperands(def).empty() ? Value() : getControlToken(def);
}

SmallVector<Value> folding::getReplacementControls(Operation *op,
                                                   ValueRange dropped) {
  SmallVector<Value> controls;
  llvm::SmallPtrSet<void *, 8> seen;
  auto add = [&](Value c) {
    if (c && seen.insert(c.getAsOpaquePointer()).second)
      controls.push_back(c);
  };
  for (Value c : getControlOperands(op))
    add(c);
  for (Value v : dropped) {
    add(getAnchorOf(v));
  }
  return controls;
}

Operation *folding::replaceWithUnary(FoldingState &state, Operation *op,
                                     StringRef opName, Value x,
                                     ValueRange dropped) {
  OpBuilder builder(op);
  SmallVector<NamedAttribute> attrs = getPlacementAttrs(op, {});
  attrs.emplace_back(StringAttr::get(op->getContext(), "T"),
                     TypeAttr::get(tf_type::getElementTypeOrSelf(x.getType())));
  Operation *node = createNode(builder, op->getLoc(), opName, {x},
                               getReplacementControls(op, dropped),
                               {getDataResults(op).front().getType()}, attrs);
  replaceInPlace(op, node);
  ++state.numSimplified;
  return node;
}

Operation *folding::replaceWithNode(FoldingState &state, Operation *op,
                                    StringRef opName, ValueRange data,
                                    ValueRange controls,
                                    ArrayRef<NamedAttribute> attrs) {
  OpBuilder builder(op);
  SmallVector<NamedAttribute> all = getPlacementAttrs(op);
  all.append(attrs.begin(), attrs.end());
  SmallVector<Type> types(getDataResults(op).getTypes());
  Operation *node =
      createNode(builder, op->getLoc(), opName, data, controls, types, all);
  replaceInPlace(op, node);
  ++state.numSimplified;
  return node;
}

Operation *folding::buildHelperConst(FoldingState &state, Operation *op,
                                     ElementsAttr value, ValueRange controls,
                                     StringRef suffix) {
  std::optional<int64_t> bytes =
      value ? getTensorBytes(value.getShapedType(), value) : std::nullopt;
  if (!bytes || *bytes > state.maxBytes)
    return nullptr;
  std::string name =
      state.uniqueName((getNodeNamePrefix(op) + "/" + suffix).str());
  state.reserveName(name);
  return buildConst(op, value, controls, name);
}

ElementsAttr folding::evaluateConstant(FoldingState &state, Operation *like,
                                       StringRef opName,
                                       ArrayRef<ElementsAttr> operands,
                                       ArrayRef<NamedAttribute> attrs) {
  SmallVector<EvalOperand, 4> evalOperands;
  for (ElementsAttr value : operands) {
    if (!value)
      return {};
    evalOperands.push_back({value.getType(), value});
  }
  int64_t maxElements =
      std::clamp<int64_t>(state.maxBytes, 1, kDefaultHostTensorMaxBytes);
  FailureOr<SmallVector<ElementsAttr, 2>> out =
      evaluate(like->getContext(), opName, evalOperands,
               DictionaryAttr::get(like->getContext(), attrs), maxElements);
  if (failed(out) || out->empty())
    return {};
  return out->front();
}

SmallVector<Value> folding::getConstControls(ValueRange values) {
  SmallVector<Value> controls;
  llvm::SmallPtrSet<void *, 8> seen;
  for (Value v : values)
    if (Value c = getAnchorOf(v);
        c && seen.insert(c.getAsOpaquePointer()).second)
      controls.push_back(c);
  return controls;
}

std::optional<SmallVector<int64_t>> folding::getInts(ElementsAttr value,
                                                     int64_t maxElements) {
  auto dense = dyn_cast_if_present<DenseIntElementsAttr>(value);
  if (!dense || dense.getNumElements() > maxElements)
    return std::nullopt;
  SmallVector<int64_t> ints;
  for (const APInt &v : dense.getValues<APInt>())
    ints.push_back(v.getBitWidth() == 1 ? v.getZExtValue() : v.getSExtValue());
  return ints;
}

/// Whether `value` may stand for the data result `result`: same element
/// type, and the same shape where the result's is static.
static bool fitsResult(Value result, ElementsAttr value) {
  if (!value)
    return false;
  Type elementType = tf_type::getElementTypeOrSelf(result.getType());
  if (isa<ShapedType>(result.getType()) &&
      elementType != value.getElementType())
    return false;
  if (auto ranked = dyn_cast<RankedTensorType>(result.getType()))
    if (ranked.hasStaticShape() &&
        ranked.getShape() != value.getShapedType().getShape())
      return false;
  return true;
}

Operation *folding::replaceWithConst(FoldingState &state, Operation *op,
                                     ElementsAttr value) {
  std::optional<int64_t> bytes = getTensorBytes(value.getShapedType(), value);
  if (!bytes || *bytes > state.maxBytes ||
      !fitsResult(getDataResults(op).front(), value))
    return nullptr;
  Operation *node =
      buildConst(op, value, getReplacementControls(op, getDataOperands(op)));
  replaceInPlace(op, node);
  return node;
}

Operation *folding::replaceWithConsts(FoldingState &state, Operation *op,
                                      ArrayRef<ElementsAttr> values) {
  ResultRange results = getDataResults(op);
  if (values.size() != results.size() || results.empty())
    return nullptr;
  if (results.size() == 1) {
    Operation *node = replaceWithConst(state, op, values.front());
    if (node)
      ++state.numFolded;
    return node;
  }
  // Several results: one Const per used result.
  if (state.fetched.contains(getNodeName(op)))
    return nullptr;
  SmallVector<Value> controls = getReplacementControls(op, getDataOperands(op));
  SmallVector<Value> tokens;
  bool allUsedFolded = true;
  Operation *first = nullptr;
  for (auto [i, result] : llvm::enumerate(results)) {
    if (result.use_empty())
      continue;
    ElementsAttr value = values[i];
    std::optional<int64_t> bytes =
        value ? getTensorBytes(value.getShapedType(), value) : std::nullopt;
    if (!bytes || *bytes > state.maxBytes || !fitsResult(result, value)) {
      allUsedFolded = false;
      continue;
    }
    std::string constName =
        state.uniqueName((getNodeNamePrefix(op) + "/_" + Twine(i)).str());
    state.reserveName(constName);
    Operation *node = buildConst(op, value, controls, constName);
    result.replaceAllUsesWith(node->getResult(0));
    tokens.push_back(getControlToken(node));
    if (!first)
      first = node;
    ++state.numFolded;
  }
  if (!first)
    return nullptr;
  // A node named by a function's control return keeps its identity.
  bool controlReturned =
      llvm::any_of(getControlToken(op).getUsers(), llvm::IsaPred<ReturnOp>);
  if (allUsedFolded && state.canDeleteNodes && !controlReturned) {
    replaceNodeUses(op, {}, tokens);
    op->dropAllReferences();
    op->erase();
  }
  return first;
}

//===----------------------------------------------------------------------===//
// Folding
//===----------------------------------------------------------------------===//

// Pattern: op(constants...) -> Const(evaluated); Shape/Rank/Size of a
// static shape -> Const
/// Evaluates `op` when its data operands are all constant, or when it is a
/// shape op (which reads types only), and replaces its results by Consts.
static Operation *tryFold(FoldingState &state, Operation *op) {
  ResultRange results = getDataResults(op);
  OperandRange data = getDataOperands(op);
  if (results.empty() || isFrameNode(op) || isSwitchNode(op))
    return nullptr;
  SmallVector<ElementsAttr, 4> values;
  bool allConstant = !data.empty();
  for (Value v : data) {
    values.push_back(getConstantValue(state, v));
    allConstant &= static_cast<bool>(values.back());
  }
  if (!allConstant && (!isShapeOp(op) || readsFedNode(state, op)))
    return nullptr;
  if (!lookupEvalKernel(getTFOpName(op)))
    return nullptr;
  // No result may hold more elements than the limit has bytes.
  int64_t maxElements =
      std::clamp<int64_t>(state.maxBytes, 1, kDefaultHostTensorMaxBytes);
  FailureOr<SmallVector<ElementsAttr, 2>> out =
      evaluateNode(op, values, maxElements);
  if (failed(out) || out->size() != results.size())
    return nullptr;

  return replaceWithConsts(state, op, *out);
}

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

FailureOr<ConstantFoldingStats>
mlir::tfg::foldConstants(Block &body, const PreserveOptions &options,
                         int64_t maxConstantBytes) {
  FailureOr<PreservedNodes> preserved = PreservedNodes::compute(body, options);
  if (failed(preserved))
    return failure();
  // Generic functions hold opaque tensors read through get_result: nothing
  // there has a value or a shape to fold.
  if (auto func = dyn_cast<GraphFuncOp>(body.getParentOp());
      func && func.getGeneric())
    return ConstantFoldingStats();
  FoldingState state(body, maxConstantBytes);
  state.canDeleteNodes = preserved->canDeleteNodes();
  for (const std::string &spec : options.feed)
    state.fed.insert(getNodeNameOfSpec(spec));
  for (const std::string &spec : options.fetch)
    state.fetched.insert(getNodeNameOfSpec(spec));
  // The outputs an importer recorded with the model keep their names too.
  for (const std::string &spec : getRecordedFetches(body.getParentOp()))
    state.fetched.insert(getNodeNameOfSpec(spec));

  for (int round = 0; round < kMaxRounds; ++round) {
    int64_t before =
        state.numFolded + state.numMaterialized + state.numSimplified;
    std::vector<Operation *> nodes;
    {
      GraphView view(body);
      std::vector<unsigned> order = view.topologicalOrder(/*stable=*/false);
      nodes.reserve(order.size());
      for (unsigned i : order)
        nodes.push_back(view.getNode(i));
    }
    // Only the node offered is ever replaced or erased, so the list stays
    // valid for the nodes after it.
    for (Operation *op : nodes) {
      trySpecialRules(state, op);
      for (int step = 0; op && step < kMaxStepsPerNode; ++step) {
        if (!isRewritable(state, op))
          break;
        Operation *next = tryFold(state, op);
        if (!next)
          next = tryMaterialize(state, op);
        if (!next)
          next = trySimplify(state, op);
        op = next;
      }
    }
    if (state.numFolded + state.numMaterialized + state.numSimplified == before)
      break;
  }
  ConstantFoldingStats stats;
  stats.folded = state.numFolded;
  stats.materialized = state.numMaterialized;
  stats.simplified = state.numSimplified;
  return stats;
}

namespace {
struct ConstantFoldingPass
    : tfg::impl::ConstantFoldingPassBase<ConstantFoldingPass> {
  using ConstantFoldingPassBase::ConstantFoldingPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-constant-folding: running on "
                            << getOperation()->getName() << "\n");
    PreserveOptions options = makePreserveOptions(fetch, feed);
    if (maxConstantSize < 0) {
      emitError(getOperation()->getLoc())
          << "max-constant-size must not be negative";
      return signalPassFailure();
    }
    bool changed = false;
    for (Block *body : getGraphBodies(getOperation())) {
      FailureOr<ConstantFoldingStats> stats =
          foldConstants(*body, options, maxConstantSize);
      if (failed(stats))
        return signalPassFailure();
      numFolded += stats->folded;
      numMaterialized += stats->materialized;
      numSimplified += stats->simplified;
      changed |= stats->folded || stats->materialized || stats->simplified;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
