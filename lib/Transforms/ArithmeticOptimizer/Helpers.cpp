//===- Helpers.cpp - Shared helpers of tfg-arithmetic-optimizer ----------===//
//
// What the stages of the arithmetic optimizer share: finding the producer
// of a value, reading dtypes, static shapes and constants, and building the
// nodes of a rewrite through the rewrite driver's helpers (createNodeLike),
// keeping the static type of the value a node replaces.
//
//===----------------------------------------------------------------------===//

#include "ArithmeticOptimizer.h"

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/Support/Debug.h"
#include <cmath>

#define DEBUG_TYPE "tfg-arithmetic-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::arith_opt;

Operation *arith_opt::getProducerNode(Value value) {
  Operation *op = value.getDefiningOp();
  if (!op || op->getName().getDialectNamespace() != "tfg" ||
      !getControlToken(op))
    return nullptr;
  return op;
}

bool arith_opt::isNode(Operation *op, StringRef name) {
  return op && getTFOpName(op) == name &&
         op->getName().getDialectNamespace() == "tfg";
}

Operation *arith_opt::getProducerOf(Value value, StringRef name) {
  Operation *op = getProducerNode(value);
  return isNode(op, name) ? op : nullptr;
}

Type arith_opt::getTypeAttr(Operation *op, StringRef name) {
  if (!op)
    return {};
  auto attr = dyn_cast_or_null<TypeAttr>(op->getAttr(name));
  return attr ? attr.getValue() : Type();
}

bool arith_opt::isFloatLike(Type t) { return t && isa<FloatType>(t); }
bool arith_opt::isComplexType(Type t) { return t && isa<ComplexType>(t); }
bool arith_opt::isIntegerLike(Type t) {
  auto i = dyn_cast_or_null<IntegerType>(t);
  return i && i.getWidth() > 1;
}

bool arith_opt::isDeadNode(Operation *op) {
  return llvm::all_of(getDataResults(op),
                      [](Value v) { return v.use_empty(); });
}

bool arith_opt::hasControlOperands(Operation *op) {
  return !getControlOperands(op).empty();
}

bool arith_opt::hasSingleUse(Value value) {
  Operation *op = getProducerNode(value);
  if (!op || !value.hasOneUse())
    return false;
  for (Value r : op->getResults())
    if (r != value && !r.use_empty())
      return false;
  return true;
}

std::optional<SmallVector<int64_t>> arith_opt::getStaticShape(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  return SmallVector<int64_t>(type.getShape());
}

bool arith_opt::haveSameStaticShape(Value a, Value b) {
  std::optional<SmallVector<int64_t>> sa = getStaticShape(a);
  std::optional<SmallVector<int64_t>> sb = getStaticShape(b);
  return sa && sb && *sa == *sb;
}

DenseElementsAttr arith_opt::getConstValue(Value v) {
  // A bounded walk through Identity nodes (no recursion).
  for (int depth = 0; depth < 8; ++depth) {
    Operation *op = getProducerNode(v);
    if (!op)
      return {};
    if (isNode(op, "Identity") && getNumDataOperands(op) == 1 &&
        !hasControlOperands(op)) {
      v = getDataOperands(op)[0];
      continue;
    }
    if (!isNode(op, "Const"))
      return {};
    return dyn_cast_or_null<DenseElementsAttr>(op->getAttr("value"));
  }
  return {};
}

std::optional<double> arith_opt::getSplatValue(Value v) {
  DenseElementsAttr attr = getConstValue(v);
  if (!attr || !attr.isSplat() || attr.getNumElements() == 0)
    return std::nullopt;
  Type et = attr.getElementType();
  if (isa<FloatType>(et))
    return attr.getSplatValue<APFloat>().convertToDouble();
  if (auto it = dyn_cast<IntegerType>(et)) {
    if (it.getWidth() <= 1 || it.getWidth() > 64)
      return std::nullopt;
    APInt value = attr.getSplatValue<APInt>();
    return it.isUnsigned() ? static_cast<double>(value.getZExtValue())
                           : static_cast<double>(value.getSExtValue());
  }
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> arith_opt::getConstInts(Value v) {
  DenseElementsAttr attr = getConstValue(v);
  if (!attr)
    return std::nullopt;
  auto it = dyn_cast<IntegerType>(attr.getElementType());
  if (!it || (it.getWidth() != 32 && it.getWidth() != 64))
    return std::nullopt;
  if (attr.getNumElements() > 64)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &value : attr.getValues<APInt>())
    values.push_back(value.getSExtValue());
  return values;
}

Operation *arith_opt::buildNode(PatternRewriter &rewriter, Operation *like,
                                StringRef opName, ValueRange data,
                                ArrayRef<NamedAttribute> attrs,
                                Type resultType) {
  FailureOr<Operation *> node =
      createNodeLike(rewriter, like, opName, data, {}, attrs);
  if (failed(node))
    return nullptr;
  if (resultType && !getDataResults(*node).empty() &&
      isa<TensorType>(resultType))
    getDataResults(*node)[0].setType(resultType);
  return *node;
}

Operation *arith_opt::buildScalarConst(PatternRewriter &rewriter,
                                       Operation *like, Type t, double value) {
  auto type = RankedTensorType::get({}, t);
  Attribute attr;
  if (auto ft = dyn_cast_or_null<FloatType>(t)) {
    APFloat f(value);
    bool lost = false;
    f.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    attr = DenseElementsAttr::get(type, f);
  } else if (auto it = dyn_cast_or_null<IntegerType>(t)) {
    if (it.getWidth() <= 1 || it.getWidth() > 64 || value != std::trunc(value))
      return nullptr;
    attr = DenseElementsAttr::get(
        type, APInt(it.getWidth(), static_cast<int64_t>(value),
                    /*isSigned=*/true, /*implicitTrunc=*/true));
  } else {
    return nullptr;
  }
  return buildNode(rewriter, like, "Const", {},
                   {rewriter.getNamedAttr("dtype", TypeAttr::get(t)),
                    rewriter.getNamedAttr("value", attr)},
                   type);
}

Operation *arith_opt::cloneNodeWithData(PatternRewriter &rewriter,
                                        Operation *op, ValueRange data,
                                        ArrayRef<NamedAttribute> overrides) {
  SmallVector<Type> types(getDataResults(op).getTypes());
  SmallVector<NamedAttribute> attrs;
  StringAttr nameId = op->getContext()
                          ->getLoadedDialect<TFGraphDialect>()
                          ->getNameAttrIdentifier();
  for (NamedAttribute attr : getNodeAttrs(op))
    if (attr.getName() != nameId && attr.getName() != "_output_shapes" &&
        llvm::none_of(overrides, [&](const NamedAttribute &o) {
          return o.getName() == attr.getName();
        }))
      attrs.push_back(attr);
  attrs.append(overrides.begin(), overrides.end());
  return createNode(rewriter, op->getLoc(), getTFOpName(op), data, {}, types,
                    attrs);
}

/// True if `op` may be erased once unused: a tfg node that is not a
/// graph input and has no side effects, and none of whose results is used.
static bool isErasable(Operation *op) {
  return op && getControlToken(op) && !isGraphBoundary(op) &&
         !hasSideEffects(op) && op->getNumRegions() == 0 &&
         llvm::all_of(op->getResults(), [](Value v) { return v.use_empty(); });
}

/// The producers of `op`'s data operands, each once.
static void addProducers(Operation *op, SmallVectorImpl<Operation *> &list) {
  for (Value v : getDataOperands(op))
    if (Operation *p = getProducerNode(v))
      if (!llvm::is_contained(list, p))
        list.push_back(p);
}

static void eraseDeadProducers(PatternRewriter &rewriter,
                               SmallVector<Operation *> candidates) {
  int budget = 64;
  while (!candidates.empty() && budget-- > 0) {
    Operation *p = candidates.pop_back_val();
    if (!isErasable(p))
      continue;
    addProducers(p, candidates);
    // Erasing it is safe only once it is off the candidate list.
    llvm::erase(candidates, p);
    rewriter.eraseOp(p);
  }
}

void arith_opt::replaceNodeAndClean(PatternRewriter &rewriter, Operation *op,
                                    ValueRange values, bool mayDelete) {
  SmallVector<Operation *> candidates;
  addProducers(op, candidates);
  llvm::erase(candidates, op);
  rewriter.replaceOp(op, values);
  if (mayDelete)
    eraseDeadProducers(rewriter, std::move(candidates));
}

LogicalResult arith_opt::bypassNode(PatternRewriter &rewriter, Operation *op,
                                    Value value, bool mayDelete) {
  if (!mayDelete || hasControlOperands(op) || getDataResults(op).size() != 1)
    return failure();
  replaceNodeAndClean(rewriter, op, ValueRange{value}, mayDelete);
  return success();
}

void arith_opt::replaceNodeAndClean(PatternRewriter &rewriter, Operation *op,
                                    Operation *with, bool mayDelete) {
  replaceNodeAndClean(rewriter, op, with->getResults(), mayDelete);
}

LogicalResult arith_opt::replaceWithTypedNode(PatternRewriter &rewriter,
                                              Operation *op, StringRef opName,
                                              ValueRange data, Type t,
                                              bool mayDelete) {
  Operation *node = buildNode(rewriter, op, opName, data,
                              {rewriter.getNamedAttr("T", TypeAttr::get(t))},
                              getDataResults(op)[0].getType());
  if (!node)
    return failure();
  replaceNodeAndClean(rewriter, op, node, mayDelete);
  return success();
}
