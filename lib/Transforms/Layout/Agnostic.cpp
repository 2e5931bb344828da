//===- Agnostic.cpp - tfg-layout's layout-agnostic transposers ------------===//
//
// Nodes that compute the same in any layout once their operands agree. A
// node whose rank-4 operands come from Transposes back to the source format
// reads the Transposes' inputs instead and its results are transposed back.
// Each kind of node is first planned (AgnosticPlans.cpp: what moves, which
// constant operand or attribute is permuted, which results are in the target
// format), nothing changing when the plan fails; this file classifies the
// nodes and carries out a plan.
//
// Elementwise and binary nodes move too when their operands are rank-5
// values transposed back from NCDHW (NDHWC) between 3-D ops, their results
// of known rank 5, and so do the kinds that permute a constant operand or
// an attribute (Pad, Concat, reductions, ReverseV2, Tile, Slice,
// StridedSlice, Split, SplitV, Squeeze, Shape, ShapeN, Fill) with the 5-D
// permutations. An operand of unknown rank, or of a rank the node cannot
// broadcast in the target format, blocks the move (TensorFlow issue #34499: an
// unknown-rank operand broadcast against a transposed one must keep the layout
// it was written for).
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

AgnosticKind layout::classifyAgnostic(StringRef name) {
  using K = AgnosticKind;
  return llvm::StringSwitch<K>(name)
      // Unary.
      .Cases({"Abs", "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Ceil",
              "Cos", "Cosh", "Elu", "Erf", "Erfc", "Exp", "Expm1"},
             K::Elementwise)
      .Cases({"Floor", "Identity", "Inv", "Invert", "IsFinite", "IsInf",
              "IsNan", "LeakyRelu", "Log", "Log1p", "LogicalNot", "Neg"},
             K::Elementwise)
      .Cases({"OnesLike", "Reciprocal", "Relu", "Relu6", "Rint", "Round",
              "Rsqrt", "Selu", "Sigmoid", "Sign", "Sin", "Sinh", "Snapshot"},
             K::Elementwise)
      .Cases({"Softplus", "Softsign", "Sqrt", "Square", "Tan", "Tanh",
              "ZerosLike", "Cast"},
             K::Elementwise)
      // The unary ops' gradients: two operands of one shape.
      .Cases({"ReluGrad", "Relu6Grad", "LeakyReluGrad", "EluGrad", "SeluGrad",
              "SoftplusGrad", "SoftsignGrad", "SigmoidGrad", "TanhGrad"},
             K::Elementwise)
      .Cases({"RsqrtGrad", "SqrtGrad", "ReciprocalGrad", "InvGrad", "AddN"},
             K::Elementwise)
      // Binary, broadcasting.
      .Cases({"Add", "AddV2", "Atan2", "Div", "DivNoNan", "Equal", "FloorDiv",
              "FloorMod", "Greater", "GreaterEqual", "Less"},
             K::Binary)
      .Cases({"LessEqual", "LogicalAnd", "LogicalOr", "Maximum", "Minimum",
              "Mod", "Mul", "MulNoNan", "NotEqual", "Pow", "RealDiv"},
             K::Binary)
      .Cases({"SquaredDifference", "Sub", "TruncateDiv", "TruncateMod", "Xdivy",
              "Xlogy"},
             K::Binary)
      .Cases({"Pad", "PadV2", "MirrorPad"}, K::Pad)
      .Case("ConcatV2", K::ConcatV2)
      .Case("Concat", K::Concat)
      .Cases({"Sum", "Mean", "Prod", "Max", "Min", "All", "Any"}, K::Reduce)
      .Case("ReverseV2", K::ReverseV2)
      .Case("Tile", K::Tile)
      .Case("Slice", K::Slice)
      .Case("Split", K::Split)
      .Case("SplitV", K::SplitV)
      .Case("Squeeze", K::Squeeze)
      .Case("StridedSlice", K::StridedSlice)
      .Case("Select", K::Select)
      .Case("SelectV2", K::SelectV2)
      .Case("IdentityN", K::IdentityN)
      .Cases({"Merge", "RefMerge"}, K::Merge)
      .Cases({"Switch", "RefSwitch"}, K::Switch)
      .Case("Shape", K::Shape)
      .Case("ShapeN", K::ShapeN)
      .Case("Fill", K::Fill)
      .Default(K::None);
}

Value layout::getTransposedFrom(const LayoutContext &ctx, Value v) {
  if (ctx.isPending(v))
    return getRank(v) == 4 ? v : Value();
  Operation *def = v.getDefiningOp();
  std::optional<Perm> perm = getTransposePerm(def);
  if (!perm || *perm != ctx.backPerm)
    return {};
  Value x = getDataOperands(def)[0];
  return getRank(x) == 4 ? x : Value();
}

Value layout::getTransposedFrom5(const LayoutContext &ctx, Value v) {
  if (ctx.isPending(v))
    return getRank(v) == 5 ? v : Value();
  std::optional<SmallVector<int64_t, 5>> perm =
      getAnyTransposePerm(v.getDefiningOp());
  if (!perm || ArrayRef<int64_t>(*perm) != ArrayRef<int64_t>(ctx.backPerm5))
    return {};
  Value x = getDataOperands(v.getDefiningOp())[0];
  return getRank(x) == 5 ? x : Value();
}

/// Carries out `plan` on `op`; returns false when a node could not be built.
static bool applyPlan(LayoutContext &ctx, Operation *op,
                      const AgnosticPlan &plan) {
  OpBuilder b(op);
  for (const auto &[port, value] : plan.constants) {
    Operation *c = ctx.buildOperandConst(b, op, value, port, plan.rank5);
    if (!c)
      return false;
    op->setOperand(port, getDataResults(c)[0]);
  }
  for (unsigned port : plan.reshaped) {
    Operation *r = ctx.buildVectorReshape(b, op, op->getOperand(port), port);
    if (!r)
      return false;
    op->setOperand(port, getDataResults(r)[0]);
  }
  for (const auto &[port, value] : plan.moved) {
    // A pending operand is read as it is, in the target format.
    if (value == op->getOperand(port) && ctx.isPending(value))
      ctx.readInTarget(op, port);
    else
      op->setOperand(port, value);
  }
  if (!plan.attrs.empty()) {
    NamedAttrList attrs(op->getAttrDictionary());
    for (const NamedAttribute &attr : plan.attrs)
      attrs.set(attr.getName(), attr.getValue());
    op->setAttrs(attrs.getDictionary(op->getContext()));
  }
  ValueRange results = getDataResults(op);
  ArrayRef<int64_t> toPerm = plan.rank5 ? ArrayRef<int64_t>(ctx.toPerm5)
                                        : ArrayRef<int64_t>(ctx.toPerm);
  for (unsigned i : plan.permuted)
    results[i].setType(permuteType(results[i].getType(), toPerm));
  for (unsigned i : plan.permuted)
    ctx.transposeResultBack(op, i);
  for (unsigned i : plan.shapes)
    ctx.gatherShapeBack(b, op, i, plan.rank5);
  return true;
}

bool layout::convertAgnostic(LayoutContext &ctx, Operation *op) {
  if (op->getName().getDialectNamespace() != "tfg")
    return false;
  StringRef opName = getTFOpName(op);
  AgnosticKind kind = classifyAgnostic(opName);
  if (kind == AgnosticKind::None || !ctx.isCandidate(op) ||
      getDataResults(op).empty())
    return false;
  AgnosticPlan plan;
  if (!planAgnostic(ctx, op, kind, plan)) {
    LLVM_DEBUG(llvm::dbgs() << "tfg-layout: " << getNodeName(op) << ": "
                            << plan.reason << "\n");
    return false;
  }
  // Every result put in the target format must be rank 4 or unknown; rank
  // 5 when the operands are (its Transpose back is chosen by its rank).
  ValueRange results = getDataResults(op);
  for (unsigned i : plan.permuted) {
    int64_t rank = getRank(results[i]);
    if (plan.rank5 ? rank != 5 : rank != -1 && rank != 4)
      return false;
  }
  if (!applyPlan(ctx, op, plan))
    return false;
  LLVM_DEBUG(llvm::dbgs() << "tfg-layout: moved " << opName << " "
                          << getNodeName(op) << " past its Transposes\n");
  return true;
}
