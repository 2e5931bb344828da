//===- Layout.cpp - tfg-layout, Grappler's layout optimizer ---------------===//
//
// The pass: the layout-sensitive nodes of each body are converted first,
// then the layout-agnostic nodes after them (a worklist follows the results
// the conversions put in the target format), then the Transposes the
// conversions need are built (only where a value meets a user that reads the
// other format), adjacent Transpose pairs that cancel are removed and the
// Transposes and constants left unused are erased. Iterative and linear in
// the size of the body.
//
//===----------------------------------------------------------------------===//

#include "Layout.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#include <deque>

#define DEBUG_TYPE "tfg-layout"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_LAYOUTPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::layout;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isOnGpu(StringRef device) {
  return device.contains("GPU") || device.contains("gpu");
}

bool LayoutContext::isCandidate(Operation *op) const {
  if (preserved && preserved->isFetchOrFeed(op))
    return false;
  StringRef device = getNodeAssignedDevice(op);
  if (device.empty())
    device = getNodeDevice(op);
  bool gpu = device.empty() ? assumeGpu : isOnGpu(device);
  return reverse ? !gpu : gpu;
}

std::string LayoutContext::uniqueName(StringRef base) {
  std::string name = base.str();
  for (int64_t i = 1; names.contains(name); ++i)
    name = (base + "_" + Twine(i)).str();
  names.insert(nameSaver.save(name));
  return name;
}

Type layout::permuteType(Type type, ArrayRef<int64_t> perm) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || ranked.getRank() != static_cast<int64_t>(perm.size()))
    return type;
  SmallVector<int64_t, 4> shape;
  for (int64_t p : perm)
    shape.push_back(ranked.getDimSize(p));
  return RankedTensorType::get(shape, ranked.getElementType());
}

int64_t layout::getRank(Value v) {
  if (auto ranked = dyn_cast<RankedTensorType>(v.getType()))
    return ranked.getRank();
  return -1;
}

DenseElementsAttr layout::getConstValue(Value v) {
  Operation *op = v.getDefiningOp();
  if (!op || op->getName().getDialectNamespace() != "tfg" ||
      getTFOpName(op) != "Const")
    return {};
  return dyn_cast_or_null<DenseElementsAttr>(op->getAttr("value"));
}

std::optional<SmallVector<int64_t, 5>>
layout::getAnyTransposePerm(Operation *op) {
  if (!op || op->getName().getDialectNamespace() != "tfg" ||
      getTFOpName(op) != "Transpose" || getNumDataOperands(op) != 2)
    return std::nullopt;
  DenseElementsAttr value = getConstValue(getDataOperands(op)[1]);
  if (!value || (value.getNumElements() != 4 && value.getNumElements() != 5) ||
      !value.getElementType().isInteger())
    return std::nullopt;
  SmallVector<int64_t, 5> perm;
  for (const APInt &p : value.getValues<APInt>())
    perm.push_back(p.getSExtValue());
  return perm;
}

std::optional<Perm> layout::getTransposePerm(Operation *op) {
  std::optional<SmallVector<int64_t, 5>> any = getAnyTransposePerm(op);
  if (!any || any->size() != 4)
    return std::nullopt;
  Perm perm;
  llvm::copy(*any, perm.begin());
  return perm;
}

Operation *LayoutContext::buildConst(OpBuilder &b, Operation *like,
                                     DenseElementsAttr value, StringRef name) {
  FailureOr<Operation *> node = createNodeLike(
      b, like, "Const", {}, {},
      {b.getNamedAttr("dtype", TypeAttr::get(value.getElementType())),
       b.getNamedAttr("value", value)},
      uniqueName(name));
  if (failed(node))
    return nullptr;
  getDataResults(*node)[0].setType(value.getType());
  created.push_back(*node);
  return *node;
}

Operation *LayoutContext::buildTranspose(OpBuilder &b, Operation *like,
                                         Value value, ArrayRef<int64_t> perm,
                                         unsigned port, bool input) {
  bool five = perm.size() == 5;
  StringRef src = five ? from5 : from, dst = five ? to5 : to;
  std::string name = (getNodeNamePrefix(like) + "-" + Twine(port) + "-" +
                      (input ? "" : "0-") + "Transpose" + (input ? src : dst) +
                      "To" + (input ? dst : src) + "-LayoutOptimizer")
                         .str();
  name = uniqueName(name);
  auto permType = RankedTensorType::get({static_cast<int64_t>(perm.size())},
                                        b.getI32Type());
  SmallVector<int32_t, 5> permValues(perm.begin(), perm.end());
  Operation *permConst = buildConst(
      b, like, DenseElementsAttr::get(permType, ArrayRef(permValues)),
      name + "-perm");
  if (!permConst)
    return nullptr;
  Type elementType = cast<TensorType>(value.getType()).getElementType();
  FailureOr<Operation *> node = createNodeLike(
      b, like, "Transpose", {value, getDataResults(permConst)[0]}, {},
      {b.getNamedAttr("T", TypeAttr::get(elementType)),
       b.getNamedAttr("Tperm", TypeAttr::get(b.getI32Type()))},
      name);
  if (failed(node))
    return nullptr;
  getDataResults(*node)[0].setType(permuteType(value.getType(), perm));
  created.push_back(*node);
  return *node;
}

void LayoutContext::transposeResultBack(Operation *op, unsigned index) {
  Value result = getDataResults(op)[index];
  pending.insert(result);
  deferred.push_back({op, index, false});
}

void LayoutContext::transposeInput(Operation *op, unsigned port) {
  // A pending operand is in the target format already: the Transpose pair
  // (back, then to the target format again) would cancel.
  if (isPending(op->getOperand(port))) {
    readInTarget(op, port);
    ++cancelled;
    return;
  }
  targetUses.insert({op, port});
  deferred.push_back({op, port, true});
}

Type LayoutContext::sourceType(Value v) const {
  if (!isPending(v))
    return v.getType();
  return getRank(v) == 5 ? permuteType(v.getType(), backPerm5)
                         : permuteType(v.getType(), backPerm);
}

LogicalResult LayoutContext::materialize() {
  SmallVector<OpOperand *> sourceUses;
  for (const Deferred &d : deferred) {
    if (d.input) {
      Value value = d.op->getOperand(d.index);
      // Converted since: it is read as it is.
      if (isPending(value)) {
        ++cancelled;
        continue;
      }
      OpBuilder b(d.op);
      ArrayRef<int64_t> perm = getRank(value) == 5 ? ArrayRef<int64_t>(toPerm5)
                                                   : ArrayRef<int64_t>(toPerm);
      Operation *in = buildTranspose(b, d.op, value, perm, d.index, true);
      if (!in)
        return failure();
      d.op->setOperand(d.index, getDataResults(in)[0]);
      continue;
    }
    // The users that read the source format get one Transpose back.
    Value result = getDataResults(d.op)[d.index];
    sourceUses.clear();
    for (OpOperand &use : result.getUses())
      if (!targetUses.contains({use.getOwner(), use.getOperandNumber()}))
        sourceUses.push_back(&use);
    if (sourceUses.empty())
      continue;
    OpBuilder b(d.op->getContext());
    b.setInsertionPointAfter(d.op);
    ArrayRef<int64_t> perm = getRank(result) == 5 ? ArrayRef<int64_t>(backPerm5)
                                                  : ArrayRef<int64_t>(backPerm);
    Operation *back = buildTranspose(b, d.op, result, perm, d.index, false);
    if (!back)
      return failure();
    // The Transpose keeps the type users saw.
    Value out = getDataResults(back)[0];
    for (OpOperand *use : sourceUses)
      use->set(out);
  }
  deferred.clear();
  return success();
}

void LayoutContext::gatherShapeBack(OpBuilder &b, Operation *op, unsigned index,
                                    bool five) {
  Value result = getDataResults(op)[index];
  if (result.use_empty())
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfter(op);
  std::string name = uniqueName(
      (getNodeNamePrefix(op) + "-" + Twine(index) + "-0-DataFormatVecPermute" +
       (five ? to5 : to) + "To" + (five ? from5 : from) + "-LayoutOptimizer")
          .str());
  ArrayRef<int64_t> back = getBackPerm(five ? 5 : 4);
  auto indexType = RankedTensorType::get({static_cast<int64_t>(back.size())},
                                         b.getI32Type());
  SmallVector<int32_t, 5> indices(back.begin(), back.end());
  Operation *indexConst =
      buildConst(b, op, DenseElementsAttr::get(indexType, ArrayRef(indices)),
                 name + "-indices");
  Operation *axisConst = buildConst(
      b, op,
      DenseElementsAttr::get(RankedTensorType::get({}, b.getI32Type()),
                             ArrayRef<int32_t>{0}),
      name + "-axis");
  if (!indexConst || !axisConst)
    return;
  Type elementType = cast<TensorType>(result.getType()).getElementType();
  FailureOr<Operation *> node = createNodeLike(
      b, op, "GatherV2",
      {result, getDataResults(indexConst)[0], getDataResults(axisConst)[0]}, {},
      {b.getNamedAttr("Tparams", TypeAttr::get(elementType)),
       b.getNamedAttr("Tindices", TypeAttr::get(b.getI32Type())),
       b.getNamedAttr("Taxis", TypeAttr::get(b.getI32Type())),
       b.getNamedAttr("batch_dims", b.getI64IntegerAttr(0))},
      name);
  if (failed(node))
    return;
  Value out = getDataResults(*node)[0];
  out.setType(result.getType());
  created.push_back(*node);
  shapeGathers.insert(*node);
  result.replaceAllUsesExcept(out, *node);
}

Operation *LayoutContext::buildVectorReshape(OpBuilder &b, Operation *like,
                                             Value value, unsigned port) {
  std::string name =
      uniqueName((getNodeNamePrefix(like) + "-" + Twine(port) + "-Reshape" +
                  from + "To" + to + "-LayoutOptimizer")
                     .str());
  int64_t channel = backPerm[3];
  SmallVector<int32_t, 4> shape(4, 1);
  shape[channel] = -1;
  Operation *shapeConst = buildConst(
      b, like,
      DenseElementsAttr::get(RankedTensorType::get({4}, b.getI32Type()),
                             ArrayRef(shape)),
      name + "-shape");
  if (!shapeConst)
    return nullptr;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t, 4> dims(4, 1);
  dims[channel] = type.getDimSize(0);
  FailureOr<Operation *> node = createNodeLike(
      b, like, "Reshape", {value, getDataResults(shapeConst)[0]}, {},
      {b.getNamedAttr("T", TypeAttr::get(type.getElementType())),
       b.getNamedAttr("Tshape", TypeAttr::get(b.getI32Type()))},
      name);
  if (failed(node))
    return nullptr;
  getDataResults(*node)[0].setType(
      RankedTensorType::get(dims, type.getElementType()));
  created.push_back(*node);
  return *node;
}

Operation *LayoutContext::buildOperandConst(OpBuilder &b, Operation *like,
                                            DenseElementsAttr value,
                                            unsigned port, bool five) {
  return buildConst(b, like, value,
                    (getNodeNamePrefix(like) + "-" + Twine(port) +
                     "-DataFormat" + (five ? from5 : from) + "To" +
                     (five ? to5 : to) + "-LayoutOptimizer")
                        .str());
}

int64_t LayoutContext::mapAxis(int64_t axis, int64_t rank) const {
  if (axis < -rank || axis >= rank)
    return -1;
  if (axis < 0)
    axis += rank;
  return getBackPerm(rank)[static_cast<size_t>(axis)];
}

SmallVector<int64_t, 4>
LayoutContext::permuteVector(ArrayRef<int64_t> values) const {
  SmallVector<int64_t, 4> out;
  for (int64_t p : getToPerm(values.size() == 5 ? 5 : 4))
    out.push_back(values[p]);
  return out;
}

bool LayoutContext::keepsOrder(unsigned removed, int64_t rank) const {
  ArrayRef<int64_t> back = getBackPerm(rank);
  int64_t last = -1;
  for (int64_t axis = 0; axis < rank; ++axis) {
    if (removed & (1u << axis))
      continue;
    if (back[axis] < last)
      return false;
    last = back[axis];
  }
  return true;
}

std::optional<SmallVector<int64_t, 4>> layout::getConstInts(Value v) {
  DenseElementsAttr value = getConstValue(v);
  if (!value || !value.getElementType().isInteger() ||
      value.getNumElements() > 64)
    return std::nullopt;
  SmallVector<int64_t, 4> out;
  for (const APInt &i : value.getValues<APInt>())
    out.push_back(i.getSExtValue());
  return out;
}

DenseElementsAttr layout::makeIntsLike(DenseElementsAttr like,
                                       ArrayRef<int64_t> values) {
  Type elementType = like.getElementType();
  SmallVector<Attribute, 4> attrs;
  for (int64_t v : values)
    attrs.push_back(IntegerAttr::get(elementType, v));
  return DenseElementsAttr::get(like.getType(), attrs);
}

//===----------------------------------------------------------------------===//
// Transpose cancellation and clean-up
//===----------------------------------------------------------------------===//

/// Transpose(Transpose(x, p1), p2) with p1[p2[i]] == i for every i is x.
static void cancelTransposePairs(LayoutContext &ctx, Block &body) {
  IRRewriter rewriter(body.getParentOp()->getContext());
  SmallVector<Operation *> transposes;
  for (Operation &op : body)
    if (getAnyTransposePerm(&op))
      transposes.push_back(&op);
  for (Operation *outer : transposes) {
    if (ctx.preserved && ctx.preserved->isFetchOrFeed(outer))
      continue;
    Value mid = getDataOperands(outer)[0];
    Operation *inner = mid.getDefiningOp();
    std::optional<SmallVector<int64_t, 5>> p1 = getAnyTransposePerm(inner);
    std::optional<SmallVector<int64_t, 5>> p2 = getAnyTransposePerm(outer);
    if (!p1 || !p2 || p1->size() != p2->size())
      continue;
    int64_t n = p1->size();
    bool identity = true;
    for (int64_t i = 0; i < n; ++i)
      identity &= (*p2)[i] >= 0 && (*p2)[i] < n && (*p1)[(*p2)[i]] == i;
    Value x = getDataOperands(inner)[0];
    if (!identity || x.getType() != getDataResults(outer)[0].getType())
      continue;
    if (succeeded(replaceNode(rewriter, outer, {x}))) {
      ++ctx.cancelled;
      ctx.erased.insert(outer);
    }
  }
}

/// Erases the Transposes and constants this run built that nothing uses.
static void eraseUnusedCreated(LayoutContext &ctx, Block &body) {
  IRRewriter rewriter(body.getParentOp()->getContext());
  // No node is built from here on, so the pointers of erased nodes are
  // only compared, never reused.
  llvm::SetVector<Operation *> ours(ctx.created.begin(), ctx.created.end());
  std::deque<Operation *> work(ctx.created.begin(), ctx.created.end());
  llvm::DenseSet<Operation *> &erased = ctx.erased;
  while (!work.empty()) {
    Operation *op = work.front();
    work.pop_front();
    if (erased.contains(op))
      continue;
    bool unused =
        llvm::all_of(op->getResults(), [](Value v) { return v.use_empty(); });
    if (!unused)
      continue;
    SmallVector<Operation *> producers;
    for (Value v : getDataOperands(op))
      if (Operation *def = v.getDefiningOp(); def && ours.contains(def))
        producers.push_back(def);
    if (failed(eraseNode(rewriter, op)))
      continue;
    erased.insert(op);
    work.insert(work.end(), producers.begin(), producers.end());
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

static LogicalResult optimizeLayout(LayoutContext &ctx, Block &body) {
  for (Operation &op : body)
    if (StringRef name = getNodeName(&op); !name.empty())
      ctx.names.insert(name);
  SmallVector<Operation *> ops;
  for (Operation &op : body)
    ops.push_back(&op);
  for (Operation *op : ops)
    if (convertSensitive(ctx, op))
      ++ctx.converted;
  // The agnostic nodes downstream, as the Transposes reach them.
  std::deque<Operation *> work(ops.begin(), ops.end());
  llvm::DenseSet<Operation *> done;
  while (!work.empty()) {
    Operation *op = work.front();
    work.pop_front();
    if (done.contains(op) || !convertAgnostic(ctx, op))
      continue;
    done.insert(op);
    ++ctx.converted;
    // The users of its pending results may move next, and those of the
    // shape vectors it put back.
    for (Value result : getDataResults(op))
      for (Operation *user : result.getUsers()) {
        work.push_back(user);
        if (ctx.shapeGathers.contains(user))
          for (Operation *next : user->getUsers())
            work.push_back(next);
      }
  }
  if (failed(ctx.materialize()))
    return failure();
  cancelTransposePairs(ctx, body);
  eraseUnusedCreated(ctx, body);
  return success();
}

namespace {
struct LayoutPass : tfg::impl::LayoutPassBase<LayoutPass> {
  using LayoutPassBase::LayoutPassBase;

  void runOnOperation() override {
    PreserveOptions preserve = makePreserveOptions(fetch, feed);
    if (preserve.fetch.empty())
      preserve.fetch = getRecordedFetches(getOperation());
    bool noFetches = preserve.fetch.empty();
    for (Block *body : getGraphBodies(getOperation())) {
      // A graph without fetches: the user may fetch any node later, in the
      // layout it had.
      if (noFetches && isa<GraphOp>(body->getParentOp()))
        continue;
      FailureOr<PreservedNodes> preserved =
          PreservedNodes::compute(*body, preserve);
      if (failed(preserved))
        return signalPassFailure();
      LayoutContext ctx;
      ctx.from = reverse ? "NCHW" : "NHWC";
      ctx.to = reverse ? "NHWC" : "NCHW";
      ctx.toPerm = reverse ? Perm{0, 2, 3, 1} : Perm{0, 3, 1, 2};
      ctx.backPerm = reverse ? Perm{0, 3, 1, 2} : Perm{0, 2, 3, 1};
      ctx.from5 = reverse ? "NCDHW" : "NDHWC";
      ctx.to5 = reverse ? "NDHWC" : "NCDHW";
      ctx.toPerm5 = reverse ? Perm5{0, 2, 3, 4, 1} : Perm5{0, 4, 1, 2, 3};
      ctx.backPerm5 = reverse ? Perm5{0, 4, 1, 2, 3} : Perm5{0, 2, 3, 4, 1};
      ctx.assumeGpu = assumeGpu;
      ctx.reverse = reverse;
      ctx.preserved = &*preserved;
      if (failed(optimizeLayout(ctx, *body)))
        return signalPassFailure();
      LLVM_DEBUG(llvm::dbgs()
                 << "tfg-layout: " << ctx.converted << " converted, "
                 << ctx.cancelled << " transpose pairs cancelled\n");
      numConverted += ctx.converted;
      numCancelled += ctx.cancelled;
    }
  }
};
} // namespace
