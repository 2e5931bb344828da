//===- CompareKernels.cpp - Kernels of comparisons and selection ----------===//
//
// Following TensorFlow's CPU kernels, with broadcasting
// (ElementwiseSupport.cpp):
// - Equal, NotEqual (every dtype, strings byte-wise; with
//   incompatible_shape_error = false, shapes that do not broadcast give a
//   scalar false, resp. true), Less, LessEqual, Greater,
//   GreaterEqual (real numbers) give bools. Floats compare as IEEE does: a
//   NaN is unequal to everything, itself included, and unordered.
// - LogicalAnd and LogicalOr on bools.
// - Select (v1): the condition has the shape of the branches, or is a
//   scalar, or is a vector selecting the rows (first dimension) of the
//   branches. SelectV2 broadcasts the condition and both branches.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge, And, Or };
} // namespace

template <typename T> static bool compare(Cmp op, T a, T b) {
  switch (op) {
  case Cmp::Eq:
    return a == b;
  case Cmp::Ne:
    return a != b;
  case Cmp::Lt:
    return a < b;
  case Cmp::Le:
    return a <= b;
  case Cmp::Gt:
    return a > b;
  case Cmp::Ge:
    return a >= b;
  case Cmp::And:
    return a && b;
  case Cmp::Or:
    return a || b;
  }
  return false;
}

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
  if (a.getElementType() != b.getElementType())
    return ctx.fail("operands of different element types");
  HostElementKind kind = a.getKind();
  bool logical = Op == Cmp::And || Op == Cmp::Or;
  bool equality = Op == Cmp::Eq || Op == Cmp::Ne;
  if (logical != (kind == HostElementKind::Bool) && !equality)
    return ctx.fail("operands of an unsupported element type");
  if ((kind == HostElementKind::String || kind == HostElementKind::Complex) &&
      !equality)
    return ctx.fail("operands of an unsupported element type");
  FailureOr<Broadcast> bc = broadcastShapes(ctx, {a.getShape(), b.getShape()});
  if (failed(bc)) {
    // Equal and NotEqual with incompatible_shape_error = false answer a
    // scalar: the operands are not equal.
    auto strict =
        dyn_cast_if_present<BoolAttr>(ctx.getAttr("incompatible_shape_error"));
    if (!equality || !strict || strict.getValue())
      return failure();
    FailureOr<ResultBuilder> out = startResult(
        ctx, IntegerType::get(ctx.getContext(), 1), {}, /*splat=*/false);
    if (failed(out))
      return failure();
    out->tensor.setInt(0, Op == Cmp::Ne);
    return finishResult(ctx, std::move(*out));
  }
  FailureOr<ResultBuilder> out =
      startResult(ctx, IntegerType::get(ctx.getContext(), 1), bc->shape,
                  isUniform(a) && isUniform(b));
  if (failed(out))
    return failure();
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    int64_t ia = out->splat ? 0 : bc->operandIndex(0, i);
    int64_t ib = out->splat ? 0 : bc->operandIndex(1, i);
    bool v;
    switch (kind) {
    case HostElementKind::Float:
      v = compare(Op, a.getDouble(ia), b.getDouble(ib));
      break;
    case HostElementKind::Unsigned:
      v = compare(Op, a.getUInt(ia), b.getUInt(ib));
      break;
    case HostElementKind::Complex:
      v = (a.getComplex(ia) == b.getComplex(ib)) == (Op == Cmp::Eq);
      break;
    case HostElementKind::String:
      v = (a.getString(ia) == b.getString(ib)) == (Op == Cmp::Eq);
      break;
    default:
      v = compare(Op, a.getInt(ia), b.getInt(ib));
    }
    out->tensor.setInt(i, v);
  }
  return finishResult(ctx, std::move(*out));
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
  FailureOr<Broadcast> bc = broadcastShapes(
      ctx, {ops[0]->getShape(), ops[1]->getShape(), ops[2]->getShape()});
  if (failed(bc))
    return failure();
  bool uniform = isUniform(*ops[0]) && isUniform(*ops[1]) && isUniform(*ops[2]);
  FailureOr<ResultBuilder> out =
      startResult(ctx, ops[1]->getElementType(), bc->shape, uniform);
  if (failed(out))
    return failure();
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    bool c = ops[0]->getInt(out->splat ? 0 : bc->operandIndex(0, i));
    unsigned k = c ? 1 : 2;
    copyElement(*ops[k], out->splat ? 0 : bc->operandIndex(k, i), out->tensor,
                i);
  }
  return finishResult(ctx, std::move(*out));
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
  addKernels(table, {"LogicalAnd"}, compareKernel<Cmp::And>);
  addKernels(table, {"LogicalOr"}, compareKernel<Cmp::Or>);
  addKernels(table, {"Select"}, selectKernel);
  addKernels(table, {"SelectV2"}, selectV2Kernel);
}
