//===- Partial.cpp - Partial folding and constant push-down ---------------===//
//
// The rules of tfg-constant-folding that fold the constant part of a node
// whose other operands are not constant, after Grappler's
// ConstantFolding::PartialAddNFolding, PartialConcatConstFolding,
// PartialConstPropThroughIdentityN, MergeConcat, ConstantPushDown,
// ConstantPushDownBiasAdd and MulConvPushDown:
//  - AddN: its constant terms (two or more) are summed into one Const;
//  - ConcatV2 with a constant axis: an input that is itself a ConcatV2 on
//    the same axis, used only here, is spliced in; runs of two or more
//    adjacent constant inputs become one Const;
//  - IdentityN: the users of an output whose input is a Const read a copy of
//    it that waits for the IdentityN;
//  - c1 op (c2 op x) and (x op c2) op c1, for op Add, AddV2 or Mul with
//    scalar constants, become (c1 op c2) op x when the inner node has no
//    other user (the rounding of float sums may change, as in Grappler);
//  - Add(BiasAdd(x, b), c) with constant b and a scalar or same-shaped c
//    becomes BiasAdd(x, b + c);
//  - Mul(Conv2D(x, W), c) and Mul(MatMul(x, W), c), with a constant
//    filter W and a scalar or per-output-channel constant c, become
//    Conv2D(x, W * c) and MatMul(x, W * c): c is [C] for NHWC and MatMul,
//    [C, 1, 1] or [1, C, 1, 1] for NCHW (reshaped to [C]: the filter is
//    HWIO in both formats), and scales the rows of W ([N, 1]) for MatMul
//    with transpose_b.
// New constants are named `<node>/_<what>` and new nodes take the name of
// the node they replace.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-constant-folding"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::folding;

static NamedAttribute getTypeAttr(MLIRContext *ctx, StringRef name, Type type) {
  return NamedAttribute(StringAttr::get(ctx, name), TypeAttr::get(type));
}

static bool isNode(Operation *op, StringRef name) {
  return op && op->getName().getDialectNamespace() == "tfg" &&
         getTFOpName(op) == name;
}

/// `op`'s control operands followed by `more`, without duplicates.
static SmallVector<Value> joinControls(Operation *op, ValueRange more) {
  SmallVector<Value> controls(getControlOperands(op));
  for (Value c : more)
    if (!llvm::is_contained(controls, c))
      controls.push_back(c);
  return controls;
}

//===----------------------------------------------------------------------===//
// AddN
//===----------------------------------------------------------------------===//

// Pattern: AddN(c1, x, c2, ...) -> AddN(x, ..., c1 + c2)
static Operation *foldAddN(FoldingState &state, Operation *op) {
  OperandRange data = getDataOperands(op);
  SmallVector<Value> constants, others;
  for (Value v : data)
    (getConstantValue(state, v) ? constants : others).push_back(v);
  if (constants.size() < 2 && !(constants.size() == 1 && others.empty()))
    return nullptr;
  Type element = tf_type::getElementTypeOrSelf(data[0].getType());
  NamedAttribute t = getTypeAttr(op->getContext(), "T", element);
  ElementsAttr sum = getConstantValue(state, constants[0]);
  for (Value v : ArrayRef<Value>(constants).drop_front()) {
    sum = evaluateConstant(state, op, "AddV2",
                           {sum, getConstantValue(state, v)}, {t});
    if (!sum)
      return nullptr;
  }
  if (others.empty()) {
    Operation *node = replaceWithConst(state, op, sum);
    if (node)
      ++state.numFolded;
    return node;
  }
  Operation *constant = buildHelperConst(
      state, op, sum, getConstControls(constants), "_const_sum");
  if (!constant)
    return nullptr;
  others.push_back(constant->getResult(0));
  MLIRContext *ctx = op->getContext();
  return replaceWithNode(
      state, op, "AddN", others, SmallVector<Value>(getControlOperands(op)),
      {t, NamedAttribute(
              StringAttr::get(ctx, "N"),
              IntegerAttr::get(IntegerType::get(ctx, 64), others.size()))});
}

//===----------------------------------------------------------------------===//
// ConcatV2
//===----------------------------------------------------------------------===//

// Pattern: ConcatV2(c1, c2, x, axis) -> ConcatV2(Const(c1 ++ c2), x, axis)
static Operation *foldConcat(FoldingState &state, Operation *op) {
  OperandRange data = getDataOperands(op);
  if (data.size() < 3)
    return nullptr;
  Value axis = data.back();
  std::optional<SmallVector<int64_t>> axisValue =
      getInts(getConstantValue(state, axis), 1);
  if (!axisValue || axisValue->size() != 1)
    return nullptr;
  bool changed = false;
  // Splice nested concatenations on the same axis.
  SmallVector<Value> inputs;
  SmallVector<Value> extraControls;
  for (Value v : data.drop_back()) {
    Operation *def = v.getDefiningOp();
    if (isNode(def, "ConcatV2") && v.hasOneUse() && isRewritable(state, def) &&
        def->getAttr("T") == op->getAttr("T")) {
      OperandRange inner = getDataOperands(def);
      std::optional<SmallVector<int64_t>> innerAxis =
          inner.empty() ? std::nullopt
                        : getInts(getConstantValue(state, inner.back()), 1);
      if (innerAxis && *innerAxis == *axisValue) {
        for (Value in : inner.drop_back())
          inputs.push_back(in);
        extraControls.append(getControlOperands(def).begin(),
                             getControlOperands(def).end());
        changed = true;
        continue;
      }
    }
    inputs.push_back(v);
  }
  // Merge runs of adjacent constants.
  MLIRContext *ctx = op->getContext();
  Type element = tf_type::getElementTypeOrSelf(op->getResult(0).getType());
  Type indexType = tf_type::getElementTypeOrSelf(axis.getType());
  SmallVector<Value> merged;
  for (size_t i = 0; i < inputs.size();) {
    size_t j = i;
    while (j < inputs.size() && getConstantValue(state, inputs[j]))
      ++j;
    if (j - i >= 2 && !(i == 0 && j == inputs.size())) {
      SmallVector<ElementsAttr> values;
      for (size_t k = i; k < j; ++k)
        values.push_back(getConstantValue(state, inputs[k]));
      values.push_back(getConstantValue(state, axis));
      ElementsAttr value = evaluateConstant(
          state, op, "ConcatV2", values,
          {getTypeAttr(ctx, "T", element), getTypeAttr(ctx, "Tidx", indexType),
           NamedAttribute(StringAttr::get(ctx, "N"),
                          IntegerAttr::get(IntegerType::get(ctx, 64), j - i))});
      SmallVector<Value> run(inputs.begin() + i, inputs.begin() + j);
      Operation *constant =
          value ? buildHelperConst(state, op, value, getConstControls(run),
                                   "_partial_concat")
                : nullptr;
      if (constant) {
        merged.push_back(constant->getResult(0));
        changed = true;
        i = j;
        continue;
      }
    }
    merged.append(inputs.begin() + i, inputs.begin() + std::max(j, i + 1));
    i = std::max(j, i + 1);
  }
  if (!changed)
    return nullptr;
  int64_t n = merged.size();
  merged.push_back(axis);
  return replaceWithNode(
      state, op, "ConcatV2", merged, joinControls(op, extraControls),
      {getTypeAttr(ctx, "T", element), getTypeAttr(ctx, "Tidx", indexType),
       NamedAttribute(StringAttr::get(ctx, "N"),
                      IntegerAttr::get(IntegerType::get(ctx, 64), n))});
}

//===----------------------------------------------------------------------===//
// IdentityN
//===----------------------------------------------------------------------===//

// Pattern: IdentityN(c, x) -> constant outputs read from Consts
static Operation *foldIdentityN(FoldingState &state, Operation *op) {
  Operation *changed = nullptr;
  for (auto [input, output] :
       llvm::zip(getDataOperands(op), getDataResults(op))) {
    ElementsAttr value = getConstantValue(state, input);
    if (!value || output.use_empty())
      continue;
    Operation *constant = buildHelperConst(
        state, op, value, {getControlToken(op)},
        ("_" + Twine(cast<OpResult>(output).getResultNumber())).str());
    if (!constant)
      continue;
    constant->moveAfter(op);
    output.replaceAllUsesWith(constant->getResult(0));
    ++state.numSimplified;
    changed = constant;
  }
  return changed;
}

//===----------------------------------------------------------------------===//
// Constant push-down
//===----------------------------------------------------------------------===//

/// Splits the operands of a binary node into its constant and the other
/// operand; false unless exactly one is constant.
static bool splitConstant(FoldingState &state, Operation *op, Value &constant,
                          Value &other, bool &constantFirst) {
  OperandRange data = getDataOperands(op);
  if (data.size() != 2)
    return false;
  bool c0 = static_cast<bool>(getConstantValue(state, data[0]));
  bool c1 = static_cast<bool>(getConstantValue(state, data[1]));
  if (c0 == c1)
    return false;
  constantFirst = c0;
  constant = c0 ? data[0] : data[1];
  other = c0 ? data[1] : data[0];
  return true;
}

static bool isScalarConstant(FoldingState &state, Value v) {
  ElementsAttr value = getConstantValue(state, v);
  return value && value.getShapedType().getRank() == 0;
}

// Pattern: c1 op (c2 op x) -> (c1 op c2) op x
/// c1 op (c2 op x) -> (c1 op c2) op x for scalar constants.
static Operation *pushDownAssociative(FoldingState &state, Operation *op,
                                      StringRef name) {
  Value c1, y;
  bool firstConstant;
  if (!splitConstant(state, op, c1, y, firstConstant) ||
      !isScalarConstant(state, c1))
    return nullptr;
  Operation *inner = y.getDefiningOp();
  Value c2, x;
  bool innerFirst;
  if (!inner || !y.hasOneUse() || inner->getName() != op->getName() ||
      inner->getAttr("T") != op->getAttr("T") || !isRewritable(state, inner) ||
      !splitConstant(state, inner, c2, x, innerFirst) ||
      !isScalarConstant(state, c2))
    return nullptr;
  Type element = tf_type::getElementTypeOrSelf(y.getType());
  if (!isa<IntegerType, FloatType, ComplexType>(element))
    return nullptr;
  NamedAttribute t = getTypeAttr(op->getContext(), "T", element);
  ElementsAttr value = evaluateConstant(
      state, op, name,
      {getConstantValue(state, c1), getConstantValue(state, c2)}, {t});
  Operation *constant = buildHelperConst(
      state, op, value, getConstControls({c1, c2}), "_pushdown");
  if (!constant)
    return nullptr;
  Value c = constant->getResult(0);
  SmallVector<Value> data =
      firstConstant ? SmallVector<Value>{c, x} : SmallVector<Value>{x, c};
  return replaceWithNode(state, op, name, data,
                         joinControls(op, getControlOperands(inner)), {t});
}

// Pattern: Add(BiasAdd(x, b), c) -> BiasAdd(x, b + c)
/// Add(BiasAdd(x, b), c) -> BiasAdd(x, b + c).
static Operation *pushDownBiasAdd(FoldingState &state, Operation *op) {
  Value c, y;
  bool firstConstant;
  if (!splitConstant(state, op, c, y, firstConstant))
    return nullptr;
  Operation *bias = y.getDefiningOp();
  if (!isNode(bias, "BiasAdd") || !y.hasOneUse() ||
      !isRewritable(state, bias) || bias->getAttr("T") != op->getAttr("T") ||
      getDataOperands(bias).size() != 2)
    return nullptr;
  Value b = getDataOperands(bias)[1];
  ElementsAttr bv = getConstantValue(state, b), cv = getConstantValue(state, c);
  if (!bv || !cv ||
      !(cv.getShapedType().getRank() == 0 ||
        cv.getShapedType() == bv.getShapedType()))
    return nullptr;
  Type element = tf_type::getElementTypeOrSelf(y.getType());
  NamedAttribute t = getTypeAttr(op->getContext(), "T", element);
  ElementsAttr sum = evaluateConstant(state, op, "AddV2", {bv, cv}, {t});
  if (!sum || sum.getShapedType() != bv.getShapedType())
    return nullptr;
  Operation *constant =
      buildHelperConst(state, op, sum, getConstControls({b, c}), "_bias");
  if (!constant)
    return nullptr;
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : getNodeAttrs(bias))
    if (attr.getName() == "T" || attr.getName() == "data_format")
      attrs.push_back(attr);
  return replaceWithNode(state, op, "BiasAdd",
                         {getDataOperands(bias)[0], constant->getResult(0)},
                         joinControls(op, getControlOperands(bias)), attrs);
}

// Pattern: Mul(Conv2D(x, W), c) -> Conv2D(x, W * c)
/// Mul(Conv2D(x, W), c) -> Conv2D(x, W * c), likewise MatMul.
static Operation *pushDownMulIntoFilter(FoldingState &state, Operation *op) {
  Value c, y;
  bool firstConstant;
  if (!splitConstant(state, op, c, y, firstConstant))
    return nullptr;
  Operation *conv = y.getDefiningOp();
  bool isConv = isNode(conv, "Conv2D"), isMatMul = isNode(conv, "MatMul");
  if ((!isConv && !isMatMul) || !y.hasOneUse() || !isRewritable(state, conv) ||
      conv->getAttr("T") != op->getAttr("T") ||
      getDataOperands(conv).size() != 2)
    return nullptr;
  bool nchw = false, transposed = false;
  if (isConv) {
    auto format = dyn_cast_if_present<StringAttr>(conv->getAttr("data_format"));
    if (format && format.getValue() != "NHWC" && format.getValue() != "NCHW")
      return nullptr;
    nchw = format && format.getValue() == "NCHW";
  } else {
    auto attr = dyn_cast_if_present<BoolAttr>(conv->getAttr("transpose_b"));
    transposed = attr && attr.getValue();
  }
  Value w = getDataOperands(conv)[1];
  ElementsAttr wv = getConstantValue(state, w);
  auto cv = dyn_cast_if_present<DenseElementsAttr>(getConstantValue(state, c));
  if (!wv || !cv)
    return nullptr;
  ShapedType wt = wv.getShapedType(), ct = cv.getType();
  if (!wt.hasStaticShape() || wt.getRank() < 2 || !ct.hasStaticShape())
    return nullptr;
  // The factor of each output channel, shaped to scale the filter: the
  // channels are W's last dimension (Conv2D's HWIO filter, MatMul's
  // columns), or W's rows for MatMul with transpose_b. A scalar scales all.
  ArrayRef<int64_t> cs = ct.getShape();
  int64_t channels = transposed ? wt.getDimSize(0) : wt.getShape().back();
  if (ct.getRank() != 0) {
    // NCHW: c is [C, 1, 1] or [1, C, 1, 1] (broadcast over N, H, W);
    // otherwise [C] (the last dimension of the output).
    bool perChannel = nchw ? (cs.size() == 3 && cs[0] == channels &&
                              cs[1] == 1 && cs[2] == 1) ||
                                 (cs.size() == 4 && cs[0] == 1 &&
                                  cs[1] == channels && cs[2] == 1 && cs[3] == 1)
                           : cs.size() == 1 && cs[0] == channels;
    if (!perChannel)
      return nullptr;
    SmallVector<int64_t> shape = {channels};
    if (transposed)
      shape.push_back(1); // [N, 1] scales the rows of W [N, K].
    cv = cv.reshape(RankedTensorType::get(shape, ct.getElementType()));
  }
  // The product has the result's shape only if c does not broadcast it.
  Value result = getDataResults(op).front();
  auto yt = dyn_cast<RankedTensorType>(y.getType());
  auto rt = dyn_cast<RankedTensorType>(result.getType());
  if (!yt || !rt || !yt.hasStaticShape() || !rt.hasStaticShape() ||
      yt.getShape() != rt.getShape())
    return nullptr;
  NamedAttribute t = getTypeAttr(op->getContext(), "T",
                                 tf_type::getElementTypeOrSelf(y.getType()));
  ElementsAttr scaled = evaluateConstant(state, op, "Mul", {wv, cv}, {t});
  if (!scaled || scaled.getShapedType() != wt)
    return nullptr;
  Operation *constant = buildHelperConst(
      state, op, scaled, getConstControls({w, c}), "_scaled_filter");
  if (!constant)
    return nullptr;
  auto *dialect = op->getContext()->getLoadedDialect<TFGraphDialect>();
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : getNodeAttrs(conv))
    if (attr.getName() != dialect->getNameAttrIdentifier() &&
        attr.getName() != dialect->getDeviceAttrIdentifier() &&
        attr.getName() != dialect->getAssignedDeviceAttrIdentifier())
      attrs.push_back(attr);
  return replaceWithNode(state, op, getTFOpName(conv),
                         {getDataOperands(conv)[0], constant->getResult(0)},
                         joinControls(op, getControlOperands(conv)), attrs);
}

Operation *folding::tryPartialFold(FoldingState &state, Operation *op) {
  StringRef name = getTFOpName(op);
  if (name == "AddN")
    return foldAddN(state, op);
  if (name == "ConcatV2")
    return foldConcat(state, op);
  if (name == "IdentityN")
    return foldIdentityN(state, op);
  if (name == "Add" || name == "AddV2" || name == "Mul") {
    if (Operation *node = pushDownAssociative(state, op, name))
      return node;
    if (name != "Mul")
      return pushDownBiasAdd(state, op);
    return pushDownMulIntoFilter(state, op);
  }
  return nullptr;
}
