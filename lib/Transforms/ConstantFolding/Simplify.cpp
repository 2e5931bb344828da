//===- Simplify.cpp - Simplifications of nodes with constant operands -----===//
//
// The simplification rules of tfg-constant-folding, after Grappler's
// ConstantFolding::SimplifyGraph (the rules are documented in
// docs/ConstantFolding.md). A node is replaced in place (its name, device
// and control operands are kept; the data operands it no longer reads
// become control dependencies):
//  - neutral elements: x*1, 1*x, x/1, x+0, 0+x, x-0 and BiasAdd(x, 0)
//    forward x (Identity, or Snapshot when the body updates tensors in
//    place), when the constant does not broadcast x to another shape;
//    0-x becomes Neg(x); x*0 and 0*x become zeros for integer and bool
//    types only (for floats 0*x is NaN for x = Inf or NaN, and -0 for
//    negative x);
//  - division by a float constant becomes a multiplication by its
//    reciprocal (Grappler's strength reduction);
//  - trivial shape ops forward their input: Reshape to the input's static
//    shape, Squeeze of a shape without ones, Transpose by the identity
//    permutation, ReverseV2 of no axis or of axes of size 1, Slice of the
//    whole tensor, StridedSlice taking every element, Tile by ones,
//    Pad/PadV2/MirrorPad by zeros, Split/SplitV into one piece, ConcatV2 of
//    one tensor; Pack of one tensor becomes ExpandDims;
//  - Select/SelectV2 with a constant condition that is all true (all false)
//    forward the then (else) operand when it has the result's shape;
//  - Switch(p, p) forwards constants: its true output is always true and
//    its false output always false; they become Consts anchored on an
//    Identity of the output (which carries its deadness). A Switch on a
//    constant predicate forwards its data to the users of its live output
//    (its dead output stays).
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"

#include "tfg/Eval/HostTensor.h"

#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-constant-folding"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::folding;

/// Elements examined when deciding whether a constant is all ones or
/// zeros (a splat is one element).
static constexpr int64_t kMaxElementsScanned = 1 << 16;

/// Whether every element of `value` equals `x` (0 or 1; for floats both
/// zeros count as 0). False for empty, complex, string and large tensors.
static bool isAll(ElementsAttr value, int x) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(value);
  if (!dense || dense.getNumElements() == 0 ||
      (!dense.isSplat() && dense.getNumElements() > kMaxElementsScanned))
    return false;
  Type element = dense.getElementType();
  if (isa<IntegerType>(element)) {
    auto check = [&](const APInt &v) {
      return v.getBitWidth() == 1 ? v.getZExtValue() == uint64_t(x)
                                  : v.getSExtValue() == x;
    };
    if (dense.isSplat())
      return check(dense.getSplatValue<APInt>());
    return llvm::all_of(dense.getValues<APInt>(), check);
  }
  if (isa<FloatType>(element)) {
    auto check = [&](const APFloat &v) {
      return x == 0 ? v.isZero() : v.isExactlyValue(x);
    };
    if (dense.isSplat())
      return check(dense.getSplatValue<APFloat>());
    return llvm::all_of(dense.getValues<APFloat>(), check);
  }
  return false;
}

static RankedTensorType getStaticType(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

/// Whether combining `x` with the constant `c` elementwise gives a result
/// of `x`'s shape: the result's static shape is x's, or `c` has one element
/// and no more dimensions than x.
static bool keepsShape(Value x, ElementsAttr c, Value result) {
  RankedTensorType tx = getStaticType(x), tr = getStaticType(result);
  if (tx && tr)
    return tx.getShape() == tr.getShape();
  auto ranked = dyn_cast<RankedTensorType>(x.getType());
  ShapedType ct = c.getShapedType();
  return ranked && ct.hasStaticShape() && ct.getNumElements() == 1 &&
         ct.getRank() <= ranked.getRank();
}

/// Whether `a` and `b` have the same static shape.
static bool sameStaticShape(Value a, Value b) {
  RankedTensorType ta = getStaticType(a), tb = getStaticType(b);
  return ta && tb && ta.getShape() == tb.getShape();
}

static bool isNumeric(Type element) {
  return isa<IntegerType, FloatType, ComplexType>(element);
}

/// Forwards `x` in place of `op` (Identity, or Snapshot when the body
/// updates tensors in place); `dropped` become control dependencies.
static Operation *forward(FoldingState &state, Operation *op, Value x,
                          ValueRange dropped) {
  return replaceWithUnary(
      state, op, state.useSnapshot() ? "Snapshot" : "Identity", x, dropped);
}

/// Forwards data operand `keep` of `op`, dropping the others.
static Operation *forwardOperand(FoldingState &state, Operation *op,
                                 unsigned keep, bool snapshotOk = false) {
  OperandRange data = getDataOperands(op);
  SmallVector<Value> dropped;
  for (auto [i, v] : llvm::enumerate(data))
    if (i != keep)
      dropped.push_back(v);
  if (snapshotOk)
    return forward(state, op, data[keep], dropped);
  return replaceWithUnary(state, op, "Identity", data[keep], dropped);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// A splat of zeros of the result's static type (integers and bool only).
static Operation *replaceWithZeros(FoldingState &state, Operation *op) {
  RankedTensorType type = getStaticType(getDataResults(op).front());
  if (!type || !isa<IntegerType>(type.getElementType()))
    return nullptr;
  auto intType = cast<IntegerType>(type.getElementType());
  ElementsAttr zeros =
      DenseElementsAttr::get(type, APInt(intType.getWidth(), 0));
  Operation *node = replaceWithConst(state, op, zeros);
  if (node)
    ++state.numSimplified;
  return node;
}

/// x / c -> x * (1 / c) for a float constant c.
// Pattern: x / c -> x * (1 / c) for a float constant c
static Operation *strengthReduceDivision(FoldingState &state, Operation *op,
                                         Value x, Value c) {
  ElementsAttr value = getConstantValue(state, c);
  if (!value || !isa<FloatType>(value.getElementType()) ||
      !keepsShape(x, value, getDataResults(op).front()))
    return nullptr;
  MLIRContext *ctx = op->getContext();
  NamedAttribute t(StringAttr::get(ctx, "T"),
                   TypeAttr::get(value.getElementType()));
  ElementsAttr reciprocal =
      evaluateConstant(state, op, "Reciprocal", {value}, {t});
  Operation *constant = buildHelperConst(state, op, reciprocal,
                                         getConstControls(c), "_reciprocal");
  if (!constant)
    return nullptr;
  return replaceWithNode(state, op, "Mul", {x, constant->getResult(0)},
                         SmallVector<Value>(getControlOperands(op)), {t});
}

static Operation *simplifyArithmetic(FoldingState &state, Operation *op,
                                     StringRef name) {
  OperandRange data = getDataOperands(op);
  if (data.size() != 2 || getDataResults(op).size() != 1)
    return nullptr;
  Value result = getDataResults(op).front();
  Type element = tf_type::getElementTypeOrSelf(result.getType());
  if (!isNumeric(element))
    return nullptr; // Add of strings concatenates.
  Value a = data[0], b = data[1];
  ElementsAttr ca = getConstantValue(state, a), cb = getConstantValue(state, b);
  if (!ca && !cb)
    return nullptr;
  bool isAdd = name == "Add" || name == "AddV2", isSub = name == "Sub",
       isMul = name == "Mul", isDiv = name == "Div" || name == "RealDiv",
       isBias = name == "BiasAdd";
  bool isInt = isa<IntegerType>(element);
  if (cb) {
    // Pattern: BiasAdd(x, 0) -> x
    if (isBias && isAll(cb, 0))
      return forward(state, op, a, {b});
    // Pattern: x * 1, x / 1 -> x
    if ((isMul || isDiv) && isAll(cb, 1) && keepsShape(a, cb, result))
      return forward(state, op, a, {b});
    // Pattern: x + 0, x - 0 -> x
    if ((isAdd || isSub) && isAll(cb, 0) && keepsShape(a, cb, result))
      return forward(state, op, a, {b});
    // Pattern: x * 0 -> zeros (integers)
    if (isMul && isInt && isAll(cb, 0))
      return replaceWithZeros(state, op);
    // Pattern: x / c -> x * (1 / c) (floats)
    if (isDiv && !ca)
      if (Operation *node = strengthReduceDivision(state, op, a, b))
        return node;
  }
  if (ca) {
    // Pattern: 1 * x -> x
    if (isMul && isAll(ca, 1) && keepsShape(b, ca, result))
      return forward(state, op, b, {a});
    // Pattern: 0 + x -> x
    if (isAdd && isAll(ca, 0) && keepsShape(b, ca, result))
      return forward(state, op, b, {a});
    // Pattern: 0 - x -> Neg(x)
    if (isSub && isAll(ca, 0) && keepsShape(b, ca, result))
      return replaceWithUnary(state, op, "Neg", b, {a});
    // Pattern: 0 * x -> zeros (integers)
    if (isMul && isInt && isAll(ca, 0))
      return replaceWithZeros(state, op);
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Trivial shape ops
//===----------------------------------------------------------------------===//

static bool isIota(ArrayRef<int64_t> values) {
  for (auto [i, v] : llvm::enumerate(values))
    if (v != int64_t(i))
      return false;
  return true;
}

/// The integer attribute `name` of `op`, or `otherwise`.
static int64_t getIntAttr(Operation *op, StringRef name, int64_t otherwise) {
  auto attr = dyn_cast_if_present<IntegerAttr>(op->getAttr(name));
  return attr ? attr.getInt() : otherwise;
}

/// Whether StridedSlice(x, begin, end, strides) takes all of x.
static bool isIdentityStridedSlice(FoldingState &state, Operation *op) {
  OperandRange data = getDataOperands(op);
  auto x = dyn_cast<RankedTensorType>(data[0].getType());
  std::optional<SmallVector<int64_t>> begin =
      getInts(getConstantValue(state, data[1]));
  std::optional<SmallVector<int64_t>> end =
      getInts(getConstantValue(state, data[2]));
  std::optional<SmallVector<int64_t>> strides =
      getInts(getConstantValue(state, data[3]));
  if (!x || !begin || !end || !strides ||
      int64_t(begin->size()) != x.getRank() || end->size() != begin->size() ||
      strides->size() != begin->size())
    return false;
  if (getIntAttr(op, "ellipsis_mask", 0) ||
      getIntAttr(op, "new_axis_mask", 0) ||
      getIntAttr(op, "shrink_axis_mask", 0))
    return false;
  int64_t beginMask = getIntAttr(op, "begin_mask", 0);
  int64_t endMask = getIntAttr(op, "end_mask", 0);
  for (int64_t i = 0; i < x.getRank(); ++i) {
    if ((*strides)[i] != 1)
      return false;
    if (!(beginMask & (int64_t(1) << i)) && (*begin)[i] != 0)
      return false;
    if (endMask & (int64_t(1) << i))
      continue;
    int64_t dim = x.getDimSize(i);
    if (ShapedType::isDynamic(dim) || (*end)[i] < dim)
      return false;
  }
  return true;
}

/// Declines to simplify `op`, saying why in the debug output.
static Operation *decline(Operation *op, const char *reason) {
  LLVM_DEBUG(llvm::dbgs() << "tfg-constant-folding: '" << getNodeName(op)
                          << "' (" << getTFOpName(op)
                          << ") not simplified: " << reason << "\n");
  return nullptr;
}

static Operation *simplifyShapeOp(FoldingState &state, Operation *op,
                                  StringRef name) {
  OperandRange data = getDataOperands(op);
  if (data.empty() || getDataResults(op).size() != 1)
    return nullptr;
  Value result = getDataResults(op).front();
  auto constInts = [&](unsigned i) -> std::optional<SmallVector<int64_t>> {
    if (i >= data.size())
      return std::nullopt;
    return getInts(getConstantValue(state, data[i]));
  };
  auto x = dyn_cast<RankedTensorType>(data[0].getType());
  // Pattern: Reshape(x, shape(x)) -> x
  if (name == "Reshape") {
    if (data.size() == 2 && sameStaticShape(data[0], result))
      return forwardOperand(state, op, 0);
    return decline(op, "the target shape is not the static input shape");
  }
  // Pattern: Squeeze(x) without dimensions of size 1 -> x
  if (name == "Squeeze") {
    if (getStaticType(data[0]) && !llvm::is_contained(x.getShape(), 1))
      return forwardOperand(state, op, 0);
    return decline(op, "the input may have dimensions of size 1");
  }
  // Pattern: Transpose(x, [0, 1, ..., n-1]) -> x
  if (name == "Transpose") {
    std::optional<SmallVector<int64_t>> perm = constInts(1);
    if (data.size() == 2 && perm && isIota(*perm))
      return forwardOperand(state, op, 0);
    return decline(op, "the permutation is not a constant identity");
  }
  // Pattern: ReverseV2(x, axes of size 1) -> x
  if (name == "ReverseV2") {
    std::optional<SmallVector<int64_t>> axes = constInts(1);
    if (data.size() != 2 || !axes)
      return nullptr;
    for (int64_t axis : *axes) {
      if (!x)
        return nullptr;
      int64_t a = axis < 0 ? axis + x.getRank() : axis;
      if (a < 0 || a >= x.getRank() || x.getDimSize(a) != 1)
        return nullptr;
    }
    return forwardOperand(state, op, 0);
  }
  // Pattern: Slice(x, 0, shape(x) or -1) -> x
  if (name == "Slice") {
    std::optional<SmallVector<int64_t>> begin = constInts(1),
                                        size = constInts(2);
    if (data.size() != 3 || !x || !begin || !size ||
        int64_t(begin->size()) != x.getRank() || size->size() != begin->size())
      return nullptr;
    for (int64_t i = 0; i < x.getRank(); ++i)
      if ((*begin)[i] != 0 ||
          ((*size)[i] != -1 && (*size)[i] != x.getDimSize(i)))
        return nullptr;
    return forwardOperand(state, op, 0);
  }
  // Pattern: StridedSlice(x) taking every element -> x
  if (name == "StridedSlice") {
    if (data.size() == 4 && isIdentityStridedSlice(state, op))
      return forwardOperand(state, op, 0);
    return nullptr;
  }
  // Pattern: Tile(x, ones) -> x
  if (name == "Tile") {
    std::optional<SmallVector<int64_t>> multiples = constInts(1);
    if (data.size() == 2 && multiples &&
        llvm::all_of(*multiples, [](int64_t m) { return m == 1; }))
      return forwardOperand(state, op, 0);
    return decline(op, "the multiples are not constant ones");
  }
  // Pattern: Pad/PadV2/MirrorPad(x, zeros) -> x
  if (name == "Pad" || name == "PadV2" || name == "MirrorPad") {
    std::optional<SmallVector<int64_t>> pads = constInts(1);
    if (data.size() >= 2 && pads &&
        llvm::all_of(*pads, [](int64_t p) { return p == 0; }))
      return forwardOperand(state, op, 0);
    return decline(op, "the paddings are not constant zeros");
  }
  // Pattern: Split(axis, x) {num_split = 1} -> x
  if (name == "Split") {
    if (data.size() == 2 && getIntAttr(op, "num_split", 0) == 1)
      return forwardOperand(state, op, 1);
    return decline(op, "more than one piece");
  }
  // Pattern: SplitV(x, sizes, axis) {num_split = 1} -> x
  if (name == "SplitV") {
    if (data.size() == 3 && getIntAttr(op, "num_split", 0) == 1)
      return forwardOperand(state, op, 0);
    return decline(op, "more than one piece");
  }
  // Pattern: ConcatV2(x, axis) -> x
  if (name == "ConcatV2") {
    // One tensor (and the axis).
    if (data.size() == 2 && sameStaticShape(data[0], result))
      return forwardOperand(state, op, 0);
    return decline(op, "more than one tensor, or shapes not static");
  }
  // Pattern: Pack(x) -> ExpandDims(x, axis)
  if (name == "Pack") {
    if (data.size() != 1)
      return nullptr;
    // Pack(x) -> ExpandDims(x, axis).
    MLIRContext *ctx = op->getContext();
    auto i32 = IntegerType::get(ctx, 32);
    int64_t axisValue = getIntAttr(op, "axis", 0);
    if (axisValue < -kMaxHostTensorRank - 1 || axisValue > kMaxHostTensorRank)
      return nullptr; // Invalid: the Pack fails as it is.
    ElementsAttr axis =
        DenseElementsAttr::get(RankedTensorType::get({}, i32),
                               APInt(32, axisValue, /*isSigned=*/true));
    SmallVector<Value> anchor;
    if (Value ctl = getControlTokenOf(data[0]))
      anchor.push_back(ctl);
    Operation *axisConst = buildHelperConst(state, op, axis, anchor, "_axis");
    if (!axisConst)
      return nullptr;
    return replaceWithNode(
        state, op, "ExpandDims", {data[0], axisConst->getResult(0)},
        SmallVector<Value>(getControlOperands(op)),
        {NamedAttribute(
             StringAttr::get(ctx, "T"),
             TypeAttr::get(tf_type::getElementTypeOrSelf(data[0].getType()))),
         NamedAttribute(StringAttr::get(ctx, "Tdim"), TypeAttr::get(i32))});
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Select, Switch
//===----------------------------------------------------------------------===//

// Pattern: Select(all true, t, e) -> t; Select(all false, t, e) -> e
static Operation *simplifySelect(FoldingState &state, Operation *op) {
  OperandRange data = getDataOperands(op);
  if (data.size() != 3 || getDataResults(op).size() != 1)
    return nullptr;
  ElementsAttr cond = getConstantValue(state, data[0]);
  Value result = getDataResults(op).front();
  if (!cond)
    return decline(op, "the condition is not a constant");
  if (isAll(cond, 1) && sameStaticShape(data[1], result))
    return forwardOperand(state, op, 1, /*snapshotOk=*/true);
  if (isAll(cond, 0) && sameStaticShape(data[2], result))
    return forwardOperand(state, op, 2, /*snapshotOk=*/true);
  return nullptr;
}

/// Uses of `v` other than by Identity nodes whose results are unused (the
/// anchors this rule creates).
static SmallVector<OpOperand *> getRealUses(Value v) {
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    bool anchor = user->getName().getDialectNamespace() == "tfg" &&
                  getTFOpName(user) == "Identity" &&
                  getDataResults(user).front().use_empty();
    if (!anchor)
      uses.push_back(&use);
  }
  return uses;
}

// Pattern: Switch(p, p) -> constants anchored on its outputs;
// Switch(x, constant) -> Identity(x) for the users of the live output
static Operation *simplifySwitch(FoldingState &state, Operation *op) {
  OperandRange data = getDataOperands(op);
  ResultRange results = getDataResults(op);
  if (data.size() != 2 || results.size() != 2)
    return nullptr;
  MLIRContext *ctx = op->getContext();
  Operation *changed = nullptr;
  if (data[0] == data[1]) {
    // Switch(p, p): output k carries p == k whenever it is alive.
    auto type = dyn_cast<RankedTensorType>(data[1].getType());
    if (!type || type.getRank() != 0 || !type.getElementType().isInteger(1))
      return nullptr;
    // Output 1 first: each anchor is inserted right after the Switch.
    for (unsigned k : {1u, 0u}) {
      SmallVector<OpOperand *> uses = getRealUses(results[k]);
      if (uses.empty())
        continue;
      std::string name = state.uniqueName(
          (getNodeNamePrefix(op) + "/_ctrl_" + Twine(k)).str());
      state.reserveName(name);
      OpBuilder builder(op);
      builder.setInsertionPointAfter(op);
      SmallVector<NamedAttribute> attrs = getPlacementAttrs(op, name);
      attrs.emplace_back(StringAttr::get(ctx, "T"),
                         TypeAttr::get(type.getElementType()));
      Operation *anchor =
          createNode(builder, op->getLoc(), "Identity", {results[k]}, {},
                     {results[k].getType()}, attrs);
      ElementsAttr value = DenseElementsAttr::get(type, k == 1);
      Operation *constant =
          buildHelperConst(state, op, value, {getControlToken(anchor)},
                           ("_const_" + Twine(k)).str());
      constant->moveAfter(anchor);
      for (OpOperand *use : uses)
        use->set(constant->getResult(0));
      ++state.numSimplified;
      changed = constant;
    }
    return changed;
  }
  ElementsAttr pred = getConstantValue(state, data[1]);
  if (!pred || pred.getShapedType().getNumElements() != 1)
    return decline(op, "the predicate is not a constant scalar");
  bool isTrue = isAll(pred, 1);
  if (!isTrue && !isAll(pred, 0))
    return nullptr;
  Value live = results[isTrue ? 1 : 0];
  if (live.use_empty())
    return nullptr;
  // The users of the live output read the data (it is alive exactly when
  // the Switch runs); the dead output keeps its users.
  std::string name = state.uniqueName((getNodeNamePrefix(op) + "/_live").str());
  state.reserveName(name);
  OpBuilder builder(op);
  builder.setInsertionPointAfter(op);
  SmallVector<NamedAttribute> attrs = getPlacementAttrs(op, name);
  attrs.emplace_back(
      StringAttr::get(ctx, "T"),
      TypeAttr::get(tf_type::getElementTypeOrSelf(data[0].getType())));
  SmallVector<Value> controls = getReplacementControls(op, {data[1]});
  Operation *node = createNode(builder, op->getLoc(), "Identity", {data[0]},
                               controls, {live.getType()}, attrs);
  live.replaceAllUsesWith(node->getResult(0));
  ++state.numSimplified;
  return node;
}

Operation *folding::trySimplify(FoldingState &state, Operation *op) {
  StringRef name = getTFOpName(op);
  if (name == "Add" || name == "AddV2" || name == "Sub" || name == "Mul" ||
      name == "Div" || name == "RealDiv" || name == "BiasAdd")
    if (Operation *node = simplifyArithmetic(state, op, name))
      return node;
  if (name == "Select" || name == "SelectV2")
    return simplifySelect(state, op);
  if (name == "Switch")
    return simplifySwitch(state, op);
  if (Operation *node = simplifyShapeOp(state, op, name))
    return node;
  return tryPartialFold(state, op);
}
