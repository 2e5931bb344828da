//===- CompareKernels.cpp - Kernels of comparisons and selection ----------===//
//
// Following TensorFlow's CPU kernels, with broadcasting; adapters over
// tfg/Eval/Compute/Compare.h (IEEE float order, bools unordered):
// - Equal, NotEqual (every dtype, strings byte-wise; with
//   incompatible_shape_error = false, shapes that do not broadcast give a
//   scalar false, resp. true), Less, LessEqual, Greater,
//   GreaterEqual (real numbers) give bools. Floats compare as IEEE does: a
//   NaN is unequal to everything, itself included, and unordered.
// - _EqualWithCast, _NotEqualWithCast, _LessWithCast, _LessEqualWithCast,
//   _GreaterWithCast, _GreaterEqualWithCast (Grappler's fusion of a
//   comparison and a Cast of its bools): the comparison, then its bools
//   cast to DstT (0 or 1).
// - LogicalAnd and LogicalOr on bools.
// - Select (v1): the condition has the shape of the branches, or is a
//   scalar, or is a vector selecting the rows (first dimension) of the
//   branches. SelectV2 broadcasts the condition and both branches.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/Eval/Compute/Compare.h"
#include "tfg/Eval/Compute/Convert.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge, And, Or };
} // namespace

template <Cmp Op> static LogicalResult compareKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 2)
    return ctx.fail("expected two operands");
  FailureOr<const HostTensor *> pa = getOperand(ctx, 0);
  if (failed(pa))
    return failure();
  FailureOr<const HostTensor *> pb = getOperand(ctx, 1);
  if (failed(pb))
    return failure();
  const HostTensor &a = **pa, &b = **pb;
  ComputeEnv env = getComputeEnv(ctx);
  if (Op == Cmp::And || Op == Cmp::Or)
    return setComputedResult(ctx, computeLogical(env, Op == Cmp::And, a, b));
  constexpr CompareDirection direction = Op == Cmp::Eq   ? CompareDirection::EQ
                                         : Op == Cmp::Ne ? CompareDirection::NE
                                         : Op == Cmp::Lt ? CompareDirection::LT
                                         : Op == Cmp::Le ? CompareDirection::LE
                                         : Op == Cmp::Gt ? CompareDirection::GT
                                                         : CompareDirection::GE;
  llvm::Expected<HostTensor> r =
      computeCompare(env, direction, a, b, CompareSemantics());
  if (r || (Op != Cmp::Eq && Op != Cmp::Ne) ||
      a.getElementType() != b.getElementType())
    return setComputedResult(ctx, std::move(r));
  // Equal and NotEqual with incompatible_shape_error = false answer a
  // scalar when the shapes do not broadcast: the operands are not equal.
  auto strict =
      dyn_cast_if_present<BoolAttr>(ctx.getAttr("incompatible_shape_error"));
  llvm::Expected<Broadcast> bc = broadcastShapes({a.getShape(), b.getShape()});
  if (bc || !strict || strict.getValue()) {
    llvm::consumeError(bc.takeError());
    return setComputedResult(ctx, std::move(r));
  }
  llvm::consumeError(bc.takeError());
  llvm::consumeError(r.takeError());
  FailureOr<ResultBuilder> out = startResult(
      ctx, IntegerType::get(ctx.getContext(), 1), {}, /*splat=*/false);
  if (failed(out))
    return failure();
  out->tensor.setInt(0, Op == Cmp::Ne);
  return finishResult(ctx, std::move(*out));
}

/// A comparison whose bools are cast to DstT.
template <CompareDirection direction>
static LogicalResult compareWithCastKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  if (ctx.getNumOperands() != 2)
    return ctx.fail("expected two operands");
  auto dst = dyn_cast_if_present<TypeAttr>(ctx.getAttr("DstT"));
  if (!dst)
    return ctx.fail("missing DstT");
  ComputeEnv env = getComputeEnv(ctx);
  llvm::Expected<HostTensor> bools = computeCompare(
      env, direction, *(*ops)[0], *(*ops)[1], CompareSemantics());
  if (!bools)
    return failWith(ctx, bools.takeError());
  return setComputedResult(ctx, computeConvert(env, *bools, dst.getValue(),
                                               ConvertSemantics::tensorflow()));
}

/// The three operands of a select, checked.
static LogicalResult getSelectOperands(EvalContext &ctx,
                                       const HostTensor *(&ops)[3]) {
  if (ctx.getNumOperands() != 3)
    return ctx.fail("expected three operands");
  for (unsigned i = 0; i < 3; ++i) {
    FailureOr<const HostTensor *> op = getOperand(ctx, i);
    if (failed(op))
      return failure();
    ops[i] = *op;
  }
  if (ops[0]->getKind() != HostElementKind::Bool)
    return ctx.fail("condition is not bool");
  if (ops[1]->getElementType() != ops[2]->getElementType())
    return ctx.fail("branches of different element types");
  return success();
}

static LogicalResult selectV2Kernel(EvalContext &ctx) {
  const HostTensor *ops[3];
  if (failed(getSelectOperands(ctx, ops)))
    return failure();
  return setComputedResult(
      ctx, computeSelect(getComputeEnv(ctx), *ops[0], *ops[1], *ops[2]));
}

static LogicalResult selectKernel(EvalContext &ctx) {
  const HostTensor *ops[3];
  if (failed(getSelectOperands(ctx, ops)))
    return failure();
  ArrayRef<int64_t> cond = ops[0]->getShape(), shape = ops[1]->getShape();
  if (shape != ops[2]->getShape())
    return ctx.fail("branches of different shapes " + formatShape(shape) +
                    " and " + formatShape(ops[2]->getShape()));
  bool rows = cond.size() == 1 && shape.size() > 1;
  if (cond != shape && !cond.empty() && !(rows && cond[0] == shape[0]))
    return ctx.fail("condition of shape " + formatShape(cond) +
                    " does not select branches of shape " + formatShape(shape));
  bool uniform = isUniform(*ops[0]) && isUniform(*ops[1]) && isUniform(*ops[2]);
  FailureOr<ResultBuilder> out =
      startResult(ctx, ops[1]->getElementType(), shape, uniform);
  if (failed(out))
    return failure();
  int64_t n = out->size();
  // Elements per row when the condition selects rows.
  int64_t rowSize = rows && shape[0] ? ops[1]->getNumElements() / shape[0] : 1;
  for (int64_t i = 0; i < n; ++i) {
    int64_t ci = out->splat || cond.empty() ? 0 : (rows ? i / rowSize : i);
    unsigned k = ops[0]->getInt(ci) ? 1 : 2;
    copyElement(*ops[k], out->splat ? 0 : i, out->tensor, i);
  }
  return finishResult(ctx, std::move(*out));
}

void mlir::tfg::addCompareKernels(EvalKernelTable &table) {
  addKernels(table, {"Equal"}, compareKernel<Cmp::Eq>);
  addKernels(table, {"NotEqual"}, compareKernel<Cmp::Ne>);
  addKernels(table, {"Less"}, compareKernel<Cmp::Lt>);
  addKernels(table, {"LessEqual"}, compareKernel<Cmp::Le>);
  addKernels(table, {"Greater"}, compareKernel<Cmp::Gt>);
  addKernels(table, {"GreaterEqual"}, compareKernel<Cmp::Ge>);
  addKernels(table, {"_EqualWithCast"},
             compareWithCastKernel<CompareDirection::EQ>);
  addKernels(table, {"_NotEqualWithCast"},
             compareWithCastKernel<CompareDirection::NE>);
  addKernels(table, {"_LessWithCast"},
             compareWithCastKernel<CompareDirection::LT>);
  addKernels(table, {"_LessEqualWithCast"},
             compareWithCastKernel<CompareDirection::LE>);
  addKernels(table, {"_GreaterWithCast"},
             compareWithCastKernel<CompareDirection::GT>);
  addKernels(table, {"_GreaterEqualWithCast"},
             compareWithCastKernel<CompareDirection::GE>);
  addKernels(table, {"LogicalAnd"}, compareKernel<Cmp::And>);
  addKernels(table, {"LogicalOr"}, compareKernel<Cmp::Or>);
  addKernels(table, {"Select"}, selectKernel);
  addKernels(table, {"SelectV2"}, selectV2Kernel);
}
