//===- Materialize.cpp - Constants known from shapes and frames -----------===//
//
// The materialization rules of tfg-constant-folding, after Grappler's
// ConstantFolding::MaterializeShapes, MaterializeBroadcastGradientArgs,
// MaterializeReductionIndices and MaterializeConstantValuedNode, where the
// value of a node follows from static types rather than from constant
// operands (Shape, ShapeN, Size and Rank of static tensors are evaluated by
// TFGEval's shape kernels in the folding step):
//  - BroadcastGradientArgs(s0, s1) of constant shapes (when TFGEval has no
//    kernel for it): r_k lists the dimensions (of the broadcast rank) where
//    the padded shape k is 1, none for equal shapes;
//  - ZerosLike(x) and OnesLike(x) of a static x: a splat Const; x becomes a
//    control dependency;
//  - a reduction whose result is a scalar (keep_dims false) or keeps a rank
//    of ones (keep_dims true) reduces every dimension: a non-constant
//    `reduction_indices` is replaced by a Const [0, ..., rank-1] that waits
//    for the old indices' producer;
//  - Enter(c) with `is_constant` of a Const c: the users inside the frame
//    read a copy of c that waits for the Enter (TensorFlow anchors a
//    constant in a loop frame by a control edge from an Enter), so that
//    nodes of the loop body reading it become foldable. The Enter stays.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"

#include "tfg/Eval/HostTensor.h"

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-constant-folding"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::folding;

/// A 1-D tensor of `values` (small: dimension indices) with element type
/// `type`; null unless it is int32 or int64.
static ElementsAttr getIntVector(Type type, ArrayRef<int64_t> values) {
  auto intType = dyn_cast_if_present<IntegerType>(type);
  if (!intType || (intType.getWidth() != 32 && intType.getWidth() != 64))
    return {};
  SmallVector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(intType.getWidth(), v, /*isSigned=*/true));
  auto tensorType =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, intType);
  return DenseElementsAttr::get(tensorType, ints);
}

//===----------------------------------------------------------------------===//
// BroadcastGradientArgs
//===----------------------------------------------------------------------===//

// Pattern: BroadcastGradientArgs(static s0, static s1) -> Consts
static Operation *materializeBroadcastGradientArgs(FoldingState &state,
                                                   Operation *op) {
  OperandRange data = getDataOperands(op);
  if (data.size() != 2 || getDataResults(op).size() != 2)
    return nullptr;
  std::optional<SmallVector<int64_t>> s0 =
      getInts(getConstantValue(state, data[0]), kMaxHostTensorRank);
  std::optional<SmallVector<int64_t>> s1 =
      getInts(getConstantValue(state, data[1]), kMaxHostTensorRank);
  if (!s0 || !s1)
    return nullptr;
  Type elementType =
      cast<ElementsAttr>(getConstantValue(state, data[0])).getElementType();
  size_t rank = std::max(s0->size(), s1->size());
  SmallVector<int64_t> r0, r1;
  // Equal shapes reduce nothing (TensorFlow's BCast takes a fast path).
  if (*s0 == *s1)
    rank = 0;
  for (size_t i = 0; i < rank; ++i) {
    // Dimension i of the broadcast shape; shorter shapes are padded with
    // leading ones.
    auto dim = [&](const SmallVector<int64_t> &s) -> int64_t {
      size_t pad = rank - s.size();
      return i < pad ? 1 : s[i - pad];
    };
    int64_t d0 = dim(*s0), d1 = dim(*s1);
    if (d0 < 0 || d1 < 0 || (d0 != d1 && d0 != 1 && d1 != 1))
      return nullptr; // Unknown or incompatible: the op would fail.
    if (d0 == 1)
      r0.push_back(i);
    if (d1 == 1)
      r1.push_back(i);
  }
  ElementsAttr v0 = getIntVector(elementType, r0);
  ElementsAttr v1 = getIntVector(elementType, r1);
  if (!v0 || !v1)
    return nullptr;
  return replaceWithConsts(state, op, {v0, v1});
}

//===----------------------------------------------------------------------===//
// ZerosLike, OnesLike
//===----------------------------------------------------------------------===//

/// A splat of 0 or 1 of `type`; null for element types other than bool,
/// integers and floats.
static ElementsAttr getSplat(RankedTensorType type, bool one) {
  Type element = type.getElementType();
  if (auto intType = dyn_cast<IntegerType>(element))
    return DenseElementsAttr::get(type, APInt(intType.getWidth(), one ? 1 : 0));
  if (auto floatType = dyn_cast<FloatType>(element)) {
    APFloat value(floatType.getFloatSemantics(), one ? 1 : 0);
    return DenseElementsAttr::get(type, value);
  }
  return {};
}

// Pattern: ZerosLike/OnesLike(x of static shape) -> Const
static Operation *materializeLike(FoldingState &state, Operation *op,
                                  bool one) {
  OperandRange data = getDataOperands(op);
  if (data.size() != 1 || getDataResults(op).size() != 1 ||
      readsFedNode(state, op))
    return nullptr;
  auto type = dyn_cast<RankedTensorType>(data[0].getType());
  if (!type || !type.hasStaticShape())
    return nullptr;
  ElementsAttr value = getSplat(type, one);
  if (!value)
    return nullptr;
  Operation *node = replaceWithConst(state, op, value);
  if (node)
    ++state.numMaterialized;
  return node;
}

//===----------------------------------------------------------------------===//
// Reduction indices
//===----------------------------------------------------------------------===//

// Pattern: Reduce(x, indices covering every dimension) -> constant indices
static Operation *materializeReductionIndices(FoldingState &state,
                                              Operation *op) {
  OperandRange data = getDataOperands(op);
  if (data.size() != 2 || getDataResults(op).size() != 1 ||
      getConstantValue(state, data[1]))
    return nullptr;
  auto input = dyn_cast<RankedTensorType>(data[0].getType());
  auto output =
      dyn_cast<RankedTensorType>(getDataResults(op).front().getType());
  if (!input || !output || input.getRank() == 0)
    return nullptr;
  auto keepDims = dyn_cast_if_present<BoolAttr>(op->getAttr("keep_dims"));
  bool keep = keepDims && keepDims.getValue();
  if (keep ? output.getRank() != input.getRank() ||
                 llvm::any_of(output.getShape(),
                              [](int64_t d) { return d != 1; })
           : output.getRank() != 0)
    return nullptr;
  Type indexType = tf_type::getElementTypeOrSelf(data[1].getType());
  if (auto tidx = dyn_cast_if_present<TypeAttr>(op->getAttr("Tidx")))
    indexType = tidx.getValue();
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < input.getRank(); ++i)
    dims.push_back(i);
  ElementsAttr value = getIntVector(indexType, dims);
  if (!value)
    return nullptr;
  std::string name =
      state.uniqueName((getNodeNamePrefix(op) + "/reduction_indices").str());
  state.reserveName(name);
  SmallVector<Value> controls;
  if (Value ctl = getControlTokenOf(data[1]))
    controls.push_back(ctl);
  Operation *indices = buildConst(op, value, controls, name);
  op->setOperand(1, indices->getResult(0));
  ++state.numMaterialized;
  return op;
}

//===----------------------------------------------------------------------===//
// Enter of a constant
//===----------------------------------------------------------------------===//

// Pattern: Enter(Const) {is_constant} -> Const anchored in the frame
static Operation *materializeEnter(FoldingState &state, Operation *op) {
  OperandRange data = getDataOperands(op);
  auto isConstant = dyn_cast_if_present<BoolAttr>(op->getAttr("is_constant"));
  if (data.size() != 1 || !isConstant || !isConstant.getValue())
    return nullptr;
  ElementsAttr value = getConstantValue(state, data[0]);
  Value result = getDataResults(op).front();
  if (!value)
    return nullptr;
  // Frame nodes keep reading the Enter (they define the frame).
  auto isFrameUser = [](OpOperand &use) {
    Operation *user = use.getOwner();
    return isa<ReturnOp>(user) || isFrameNode(user) || isSwitchNode(user) ||
           user->getName().getDialectNamespace() != "tfg";
  };
  if (llvm::all_of(result.getUses(), isFrameUser))
    return nullptr;
  std::string name =
      state.uniqueName((getNodeNamePrefix(op) + "/_const").str());
  state.reserveName(name);
  // Placed after the Enter: the Const reads the Enter's token.
  Operation *node = buildConst(op, value, {}, name);
  node->moveAfter(op);
  node->insertOperands(0, {getControlToken(op)});
  result.replaceUsesWithIf(node->getResult(0),
                           [&](OpOperand &use) { return !isFrameUser(use); });
  ++state.numMaterialized;
  return node;
}

Operation *folding::tryMaterialize(FoldingState &state, Operation *op) {
  StringRef name = getTFOpName(op);
  if (name == "BroadcastGradientArgs")
    return materializeBroadcastGradientArgs(state, op);
  if (name == "ZerosLike")
    return materializeLike(state, op, /*one=*/false);
  if (name == "OnesLike")
    return materializeLike(state, op, /*one=*/true);
  if (name == "Enter")
    return materializeEnter(state, op);
  if (isReduction(op))
    return materializeReductionIndices(state, op);
  return nullptr;
}
