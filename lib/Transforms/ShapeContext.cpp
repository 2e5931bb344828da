//===- ShapeContext.cpp - What shape functions see of a node --------------===//
//
// Shape, InferenceContext (with the bounded reading of list operands) and
// the helpers the shape functions share. Constant operands are evaluated by
// TFGEval (tfg/Eval/Evaluator.h).
//
//===----------------------------------------------------------------------===//

#include "ShapeFunctions.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphTransforms.h"

#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "tfg-shape-inference"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Shape and InferenceContext
//===----------------------------------------------------------------------===//

Shape Shape::ofType(Type type) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return Shape::of(ranked.getShape());
  return Shape::unknown();
}

InferenceContext::InferenceContext(Operation *op, const KnownValues *known)
    : op(op), known(known) {
  for (Value v : getDataOperands(op))
    inputs.push_back(v);
  numResults = getDataResults(op).size();
}

Shape InferenceContext::input(unsigned i) const {
  return i < inputs.size() ? Shape::ofType(inputs[i].getType())
                           : Shape::unknown();
}

/// The number of elements of a static tensor type, saturating at
/// INT64_MAX; none if it has a dynamic dim or is unranked.
static std::optional<int64_t> countElements(Type type) {
  auto ranked = dyn_cast_if_present<RankedTensorType>(type);
  if (!ranked)
    return std::nullopt;
  int64_t n = 1;
  bool saturated = false;
  for (int64_t d : ranked.getShape()) {
    if (d < 0)
      return std::nullopt;
    if (d == 0)
      return 0;
    if (saturated || n > INT64_MAX / d)
      saturated = true;
    else
      n *= d;
  }
  return saturated ? INT64_MAX : n;
}

std::optional<int64_t> InferenceContext::numElements(unsigned i) const {
  if (i >= inputs.size())
    return std::nullopt;
  if (std::optional<int64_t> n = countElements(inputs[i].getType()))
    return n;
  if (Operation *def = inputs[i].getDefiningOp())
    if (getTFOpName(def) == "Const")
      if (auto value = dyn_cast_if_present<TypedAttr>(def->getAttr("value")))
        return countElements(value.getType());
  return std::nullopt;
}

/// The values of `value` if it has at most `maxElements` (counted from the
/// type before anything is read: a splat of 10^9 elements costs nothing).
static std::optional<SmallVector<int64_t>> readInts(DenseIntElementsAttr value,
                                                    int64_t maxElements) {
  std::optional<int64_t> n = countElements(value.getType());
  if (!n || *n > maxElements)
    return std::nullopt;
  SmallVector<int64_t> result;
  result.reserve(*n);
  for (const APInt &v : value.getValues<APInt>())
    result.push_back(v.getSExtValue());
  return result;
}

/// The known values of the data operands of `op` (null where unknown).
static SmallVector<ElementsAttr, 4> getKnownOperands(Operation *op,
                                                     const KnownValues *known) {
  SmallVector<ElementsAttr, 4> values;
  if (!known)
    return values;
  for (Value v : getDataOperands(op))
    values.push_back(known->lookup(v));
  return values;
}

std::optional<SmallVector<int64_t>>
InferenceContext::constantInts(unsigned i, int64_t maxElements) const {
  if (i >= inputs.size())
    return std::nullopt;
  if (known)
    if (DenseElementsAttr value = known->lookup(inputs[i]))
      if (auto ints = dyn_cast<DenseIntElementsAttr>(value))
        return readInts(ints, maxElements);
  Operation *def = inputs[i].getDefiningOp();
  if (!def || !getControlToken(def))
    return std::nullopt;
  // The producer, evaluated from its operands' types and known values
  // (Const, the shape ops of a static tensor).
  FailureOr<SmallVector<ElementsAttr, 2>> values =
      evaluateNode(def, getKnownOperands(def, known), maxElements);
  if (failed(values))
    return std::nullopt;
  unsigned index = cast<OpResult>(inputs[i]).getResultNumber();
  auto value = index < values->size()
                   ? dyn_cast_if_present<DenseIntElementsAttr>((*values)[index])
                   : DenseIntElementsAttr();
  if (!value)
    return std::nullopt;
  return readInts(value, maxElements);
}

std::optional<double> InferenceContext::constantReal(unsigned i) const {
  if (i >= inputs.size())
    return std::nullopt;
  DenseElementsAttr value = known ? known->lookup(inputs[i]) : nullptr;
  if (!value)
    if (Operation *def = inputs[i].getDefiningOp())
      if (getTFOpName(def) == "Const")
        value = dyn_cast_if_present<DenseElementsAttr>(def->getAttr("value"));
  if (!value || value.getNumElements() != 1)
    return std::nullopt;
  if (auto ints = dyn_cast<DenseIntElementsAttr>(value))
    return static_cast<double>(
        (*ints.getValues<APInt>().begin()).getSExtValue());
  if (auto floats = dyn_cast<DenseFPElementsAttr>(value))
    return (*floats.getValues<APFloat>().begin()).convertToDouble();
  return std::nullopt;
}

bool mlir::tfg::mayHaveKnownValues(Operation *op) {
  // Plain TensorFlow nodes only (graphs, functions and functional control
  // flow are registered ops), without state and not fed by design.
  if (op->isRegistered() || op->getNumRegions() || !getControlToken(op))
    return false;
  ResultRange results = getDataResults(op);
  if (results.empty())
    return false;
  for (Value r : results) {
    auto type = dyn_cast<RankedTensorType>(r.getType());
    if (!type || !type.hasStaticShape() ||
        type.getNumElements() > kMaxKnownElements ||
        !isa<IntegerType, FloatType>(type.getElementType()))
      return false;
  }
  StringRef name = getTFOpName(op);
  return name != "PlaceholderWithDefault" && name != "Placeholder" &&
         name != "PlaceholderV2" && !isStatefulEvalKernel(name) &&
         !isStatefulNode(op);
}

bool mlir::tfg::recordKnownValues(Operation *op, KnownValues &known) {
  if (!mayHaveKnownValues(op))
    return false;
  ResultRange results = getDataResults(op);
  if (known.count(results.front()))
    return false;
  SmallVector<ElementsAttr, 4> operands = getKnownOperands(op, &known);
  FailureOr<SmallVector<ElementsAttr, 2>> values =
      evaluateNode(op, operands, kMaxKnownElements);
  if (failed(values) || values->size() != results.size())
    return false;
  bool recorded = false;
  for (auto [result, value] : llvm::zip(results, *values))
    if (auto dense = dyn_cast_if_present<DenseElementsAttr>(value))
      if (dense.getType() == result.getType())
        recorded |= known.try_emplace(result, dense).second;
  return recorded;
}

std::optional<unsigned> mlir::tfg::getKnownBranch(bool isIf,
                                                  DenseElementsAttr value,
                                                  unsigned numBranches) {
  if (!value || numBranches == 0)
    return std::nullopt;
  auto type = cast<ShapedType>(value.getType());
  if (isIf) {
    if (type.getRank() != 0)
      return type.getNumElements() > 0 ? 0u : 1u;
    if (auto ints = dyn_cast<DenseIntElementsAttr>(value))
      return (*ints.getValues<APInt>().begin()).isZero() ? 1u : 0u;
    if (auto floats = dyn_cast<DenseFPElementsAttr>(value))
      return (*floats.getValues<APFloat>().begin()).isZero() ? 1u : 0u;
    return std::nullopt;
  }
  auto ints = dyn_cast<DenseIntElementsAttr>(value);
  if (!ints || type.getRank() != 0)
    return std::nullopt;
  int64_t index = (*ints.getValues<APInt>().begin()).getSExtValue();
  return index < 0 || index >= int64_t(numBranches) ? numBranches - 1
                                                    : unsigned(index);
}

DenseElementsAttr KnownValueEvaluator::lookup(Value value) {
  if (DenseElementsAttr v = known.lookup(value))
    return v;
  Operation *root = value.getDefiningOp();
  if (!root || !mayHaveKnownValues(root) || !visited.insert(root).second)
    return nullptr;
  // Post-order over the producers that may have known values; a node is
  // marked when pushed, so each is evaluated once and a cycle (a loop's
  // back edge) ends the walk there, its value unknown.
  SmallVector<std::pair<Operation *, unsigned>> stack = {{root, 0}};
  while (!stack.empty()) {
    auto &[op, next] = stack.back();
    OperandRange inputs = getDataOperands(op);
    if (next == inputs.size()) {
      recordKnownValues(op, known);
      stack.pop_back();
      continue;
    }
    Operation *def = inputs[next++].getDefiningOp();
    if (def && !known.count(inputs[next - 1]) && mayHaveKnownValues(def) &&
        visited.insert(def).second)
      stack.push_back({def, 0});
  }
  return known.lookup(value);
}

std::optional<SmallVector<int64_t>>
InferenceContext::listOperand(unsigned i, int64_t perDim) {
  int64_t limit = kMaxRank * perDim;
  if (std::optional<int64_t> n = numElements(i); n && *n > limit) {
    oversized = Oversized{i, *n, limit};
    return std::nullopt;
  }
  return constantInts(i, limit);
}

std::optional<int64_t> InferenceContext::listLength(unsigned i,
                                                    int64_t perDim) {
  Shape s = input(i);
  if (!s.ranked || s.rank() != 1 || s.dims[0] == kDyn)
    return std::nullopt;
  int64_t limit = kMaxRank * perDim;
  if (s.dims[0] > limit) {
    oversized = Oversized{i, s.dims[0], limit};
    return std::nullopt;
  }
  return s.dims[0];
}

int64_t InferenceContext::intAttr(StringRef name, int64_t dflt) const {
  if (auto a = dyn_cast_if_present<IntegerAttr>(op->getAttr(name)))
    return a.getInt();
  return dflt;
}

bool InferenceContext::boolAttr(StringRef name, bool dflt) const {
  if (auto a = dyn_cast_if_present<BoolAttr>(op->getAttr(name)))
    return a.getValue();
  return dflt;
}

StringRef InferenceContext::strAttr(StringRef name, StringRef dflt) const {
  if (auto a = dyn_cast_if_present<StringAttr>(op->getAttr(name)))
    return a.getValue();
  return dflt;
}

std::optional<SmallVector<int64_t>>
InferenceContext::intListAttr(StringRef name) const {
  auto list = dyn_cast_if_present<ArrayAttr>(op->getAttr(name));
  if (!list)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Attribute a : list) {
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i)
      return std::nullopt;
    values.push_back(i.getInt());
  }
  return values;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Normalizes a possibly negative axis; none if out of range.
std::optional<int64_t> mlir::tfg::normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

/// a + b of two dims: unknown if either is, or if it overflows.
int64_t mlir::tfg::addDims(int64_t a, int64_t b) {
  int64_t r;
  if (a == kDyn || b == kDyn || llvm::AddOverflow(a, b, r))
    return kDyn;
  return r;
}

/// a * b of two dims: unknown if either is, or if it overflows.
int64_t mlir::tfg::mulDims(int64_t a, int64_t b) {
  int64_t r;
  if (a == kDyn || b == kDyn || llvm::MulOverflow(a, b, r))
    return kDyn;
  return r;
}

FailureOr<Shape> mlir::tfg::mergeShapes(const Shape &a, const Shape &b) {
  if (!a.ranked)
    return b;
  if (!b.ranked)
    return a;
  if (a.rank() != b.rank())
    return failure();
  Shape r = a;
  for (auto [d, e] : llvm::zip(r.dims, b.dims)) {
    if (d == kDyn)
      d = e;
    else if (e != kDyn && d != e)
      return failure();
  }
  return r;
}

/// NumPy broadcasting of two shapes.
FailureOr<Shape> mlir::tfg::broadcastShapes(const Shape &a, const Shape &b) {
  if (!a.ranked || !b.ranked)
    return Shape::unknown();
  int64_t rank = std::max(a.rank(), b.rank());
  Shape r = Shape::ofRank(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.rank() ? 1 : a.dims[i - (rank - a.rank())];
    int64_t db = i < rank - b.rank() ? 1 : b.dims[i - (rank - b.rank())];
    if (da == 1)
      r.dims[i] = db;
    else if (db == 1)
      r.dims[i] = da;
    else if (da == kDyn)
      r.dims[i] = db;
    else if (db == kDyn || da == db)
      r.dims[i] = da;
    else
      return failure();
  }
  return r;
}

/// The value of a constant operand holding exactly one integer.
std::optional<int64_t> mlir::tfg::constantScalar(InferenceContext &ctx,
                                                 unsigned operand) {
  auto values = ctx.constantInts(operand, 1);
  if (!values || values->size() != 1)
    return std::nullopt;
  return (*values)[0];
}

/// A #tf_type.shape as a Shape (negative dims unknown).
Shape mlir::tfg::shapeOfAttr(Attribute value) {
  auto attr = dyn_cast_if_present<tf_type::ShapeAttr>(value);
  if (!attr || !attr.hasRank())
    return Shape::unknown();
  Shape s = Shape::of(attr.getShape());
  for (int64_t &d : s.dims)
    if (d < 0)
      d = kDyn;
  return s;
}

LogicalResult mlir::tfg::setResult(InferenceContext &ctx, Shape s) {
  ctx.results.assign(ctx.getNumResults(), Shape::unknown());
  if (ctx.getNumResults() == 0)
    return failure();
  ctx.results[0] = std::move(s);
  return success();
}
