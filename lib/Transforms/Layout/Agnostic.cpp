//===- Agnostic.cpp - tfg-layout's layout-agnostic transposers ------------===//
//
// Nodes that compute the same in any layout once their operands agree:
// elementwise unary and binary ops and AddN, whose rank-4 operands all come
// from Transposes back to the source format, read the Transposes' inputs
// instead and transpose their results back. Pad (its paddings) and Concat
// (its axis) also need a constant operand permuted.
//
// An operand of another rank or of unknown rank blocks the move (TensorFlow
// issue #34499: a scalar or unknown-rank operand broadcast against a
// transposed one must keep the layout it was written for).
//
//===----------------------------------------------------------------------===//

#include "Layout.h"

#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-layout"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::layout;

namespace {
/// How an agnostic node's operands read.
enum class Kind { None, Elementwise, Pad, ConcatV2, Concat };
} // namespace

static Kind classify(StringRef name) {
  return llvm::StringSwitch<Kind>(name)
      // Unary.
      .Cases({"Abs", "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Ceil",
              "Cos", "Cosh", "Elu", "Erf", "Erfc", "Exp", "Expm1"},
             Kind::Elementwise)
      .Cases({"Floor", "Identity", "Inv", "Invert", "IsFinite", "IsInf",
              "IsNan", "LeakyRelu", "Log", "Log1p", "LogicalNot", "Neg"},
             Kind::Elementwise)
      .Cases({"OnesLike", "Reciprocal", "Relu", "Relu6", "Rint", "Round",
              "Rsqrt", "Selu", "Sigmoid", "Sign", "Sin", "Sinh", "Snapshot"},
             Kind::Elementwise)
      .Cases({"Softplus", "Softsign", "Sqrt", "Square", "Tan", "Tanh",
              "ZerosLike", "Cast"},
             Kind::Elementwise)
      // Binary and n-ary.
      .Cases({"Add", "AddV2", "AddN", "Atan2", "Div", "DivNoNan", "Equal",
              "FloorDiv", "FloorMod", "Greater", "GreaterEqual", "Less"},
             Kind::Elementwise)
      .Cases({"LessEqual", "LogicalAnd", "LogicalOr", "Maximum", "Minimum",
              "Mod", "Mul", "MulNoNan", "NotEqual", "Pow", "RealDiv"},
             Kind::Elementwise)
      .Cases({"SquaredDifference", "Sub", "TruncateDiv", "TruncateMod", "Xdivy",
              "Xlogy"},
             Kind::Elementwise)
      .Cases({"Pad", "PadV2", "MirrorPad"}, Kind::Pad)
      .Case("ConcatV2", Kind::ConcatV2)
      .Case("Concat", Kind::Concat)
      .Default(Kind::None);
}

/// The input of the Transpose producing `v` when it moves from the target
/// format back to the source format (ctx.backPerm), else null.
static Value getTransposedFrom(const LayoutContext &ctx, Value v) {
  Operation *def = v.getDefiningOp();
  std::optional<Perm> perm = getTransposePerm(def);
  if (!perm || *perm != ctx.backPerm)
    return {};
  Value x = getDataOperands(def)[0];
  return getRank(x) == 4 ? x : Value();
}

/// The constant `value` with its first dimension permuted by `perm` (rows
/// of Pad's [4, 2] paddings).
static DenseElementsAttr permuteRows(DenseElementsAttr value,
                                     const Perm &perm) {
  auto type = value.getType();
  if (type.getRank() != 2 || type.getDimSize(0) != 4 || type.getDimSize(1) != 2)
    return {};
  SmallVector<Attribute, 8> old(value.getValues<Attribute>());
  SmallVector<Attribute, 8> rows;
  for (int64_t p : perm)
    for (int64_t k = 0; k < 2; ++k)
      rows.push_back(old[p * 2 + k]);
  return DenseElementsAttr::get(type, rows);
}

/// Concat's constant axis in the target format (new axis = backPerm[old]).
static DenseElementsAttr permuteAxis(const LayoutContext &ctx,
                                     DenseElementsAttr value) {
  if (value.getNumElements() != 1 || !value.getElementType().isInteger())
    return {};
  int64_t axis = (*value.getValues<APInt>().begin()).getSExtValue();
  if (axis < -4 || axis > 3)
    return {};
  if (axis < 0)
    axis += 4;
  Type elementType = value.getElementType();
  return DenseElementsAttr::get(
      value.getType(),
      IntegerAttr::get(elementType, ctx.backPerm[static_cast<size_t>(axis)]));
}

bool layout::convertAgnostic(LayoutContext &ctx, Operation *op) {
  if (op->getName().getDialectNamespace() != "tfg")
    return false;
  StringRef opName = getTFOpName(op);
  Kind kind = classify(opName);
  if (kind == Kind::None || !ctx.isCandidate(op))
    return false;
  unsigned numData = getNumDataOperands(op);
  // The rank-4 operands that move, and the constant operand to permute.
  unsigned first = 0, end = numData;
  int64_t constIndex = -1;
  switch (kind) {
  case Kind::Pad:
    end = 1;
    constIndex = 1;
    break;
  case Kind::ConcatV2:
    if (numData < 2)
      return false;
    end = numData - 1;
    constIndex = numData - 1;
    break;
  case Kind::Concat:
    if (numData < 2)
      return false;
    first = 1;
    constIndex = 0;
    break;
  default:
    break;
  }
  if (first >= end || getDataResults(op).empty())
    return false;
  SmallVector<Value, 4> sources;
  for (unsigned i = first; i < end; ++i) {
    Value x = getTransposedFrom(ctx, op->getOperand(i));
    if (!x) {
      LLVM_DEBUG(llvm::dbgs()
                 << "tfg-layout: " << getNodeName(op) << ": operand " << i
                 << " is not a rank-4 transposed value\n");
      return false;
    }
    sources.push_back(x);
  }
  for (Value result : getDataResults(op))
    if (getRank(result) != -1 && getRank(result) != 4)
      return false;
  DenseElementsAttr permuted;
  if (constIndex >= 0) {
    DenseElementsAttr value = getConstValue(op->getOperand(constIndex));
    if (!value)
      return false;
    permuted = kind == Kind::Pad ? permuteRows(value, ctx.toPerm)
                                 : permuteAxis(ctx, value);
    if (!permuted)
      return false;
  }
  OpBuilder b(op);
  if (permuted) {
    Operation *c = ctx.buildConst(
        b, op, permuted,
        (getNodeNamePrefix(op) + "-" + Twine(constIndex) + "-DataFormat" +
         ctx.from + "To" + ctx.to + "-LayoutOptimizer")
            .str());
    if (!c)
      return false;
    op->setOperand(constIndex, getDataResults(c)[0]);
  }
  for (unsigned i = first; i < end; ++i)
    op->setOperand(i, sources[i - first]);
  for (Value result : getDataResults(op))
    result.setType(permuteType(result.getType(), ctx.toPerm));
  for (unsigned i = 0, e = getDataResults(op).size(); i < e; ++i)
    ctx.transposeResultBack(b, op, i);
  LLVM_DEBUG(llvm::dbgs() << "tfg-layout: moved " << opName << " "
                          << getNodeName(op) << " past its Transposes\n");
  return true;
}
