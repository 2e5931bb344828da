//===- ReductionKernels.cpp - Kernels of the reductions -------------------===//
//
// TensorFlow's reductions and scans, adapters over computeReduce,
// computeArgReduce and computeScan (tfg/Eval/Compute/Reduction.h):
// Sum, Prod, Mean, Max, Min, All, Any (axes as an int32/int64 scalar or
// vector, negative axes, keep_dims; a repeated axis is an error) and
// ArgMax/ArgMin (one axis, output_type), EuclideanNorm, and the scans
// Cumsum/Cumprod/CumulativeLogsumexp. An
// empty reduction gives the identity: 0 for Sum, 1 for Prod, true for All,
// false for Any, and for Max/Min the bottom/top value TensorFlow uses
// (-inf/+inf for floats, the lowest/highest value for ints). Integers wrap
// at their width as TensorFlow's accumulators do, and Mean of ints truncates
// toward zero. Floats accumulate in double and round once, which is exact
// for Max, Min and most sums but may differ in the last bit from
// TensorFlow's order of float additions. Max and Min propagate NaN.
// ArgMax/ArgMin pick the first of equal elements. EuclideanNorm is
// sqrt(sum |x|^2) (complex: sqrt(sum x conj(x)); ints: the square root of
// the wrapped sum of squares, truncated). CumulativeLogsumexp (floats) is
// the scan of log(exp(a) + exp(b)), computed without overflow; its
// exclusive form starts from -inf.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/Eval/Compute/Reduction.h"

using namespace mlir;
using namespace mlir::tfg;

/// The axes in operand 1 (an int32 or int64 scalar or vector; one scalar
/// when `singleAxis`), made non-negative.
static FailureOr<SmallVector<int64_t, 4>>
getAxes(EvalContext &ctx, int64_t rank, bool singleAxis) {
  FailureOr<const HostTensor *> axesOr = getOperand(ctx, 1);
  if (failed(axesOr))
    return failure();
  const HostTensor &axes = **axesOr;
  if (axes.getKind() != HostElementKind::Signed ||
      (axes.getElementInfo().bitWidth != 32 &&
       axes.getElementInfo().bitWidth != 64) ||
      axes.getRank() > 1 || (singleAxis && axes.getRank() != 0))
    return ctx.fail(singleAxis ? "the axis must be an int32 or int64 scalar"
                               : "the axes must be an int32 or int64 "
                                 "scalar or vector");
  SmallVector<int64_t, 4> dims;
  for (int64_t k = 0; k < axes.getNumElements(); ++k) {
    int64_t a = axes.getInt(k);
    if (a < -rank || a >= rank)
      return ctx.fail("axis " + std::to_string(a) +
                      " is out of range for rank " + std::to_string(rank));
    dims.push_back(a < 0 ? a + rank : a);
  }
  return dims;
}

static LogicalResult reduce(EvalContext &ctx, ReduceOp op) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> dims =
      getAxes(ctx, (*in)->getRank(), /*singleAxis=*/false);
  if (failed(dims))
    return failure();
  ReduceOptions options;
  options.keepDims = getBoolAttr(ctx, "keep_dims", false);
  return setComputedResult(
      ctx, computeReduce(getComputeEnv(ctx), op, **in, *dims, options));
}

static LogicalResult argKernel(EvalContext &ctx, bool max) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  Type outType =
      getTypeAttr(ctx, "output_type", IntegerType::get(ctx.getContext(), 64));
  FailureOr<SmallVector<int64_t, 4>> dims =
      getAxes(ctx, (*in)->getRank(), /*singleAxis=*/true);
  if (failed(dims))
    return failure();
  return setComputedResult(ctx, computeArgReduce(getComputeEnv(ctx), max, **in,
                                                 dims->front(), outType));
}

/// Cumsum/Cumprod/CumulativeLogsumexp along the scalar axis operand, with
/// the `exclusive` and `reverse` attributes.
static LogicalResult scanKernel(EvalContext &ctx, ScanOp op) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<const HostTensor *> axisOr = getOperand(ctx, 1);
  if (failed(axisOr))
    return failure();
  const HostTensor &axisT = **axisOr;
  if (axisT.getKind() != HostElementKind::Signed || axisT.getRank() != 0)
    return ctx.fail("the axis must be an int32 or int64 scalar");
  int64_t rank = (*in)->getRank(), axis = axisT.getInt(0);
  if (axis < -rank || axis >= rank)
    return ctx.fail("axis " + std::to_string(axis) +
                    " is out of range for rank " + std::to_string(rank));
  if (axis < 0)
    axis += rank;
  return setComputedResult(ctx,
                           computeScan(getComputeEnv(ctx), op, **in, axis,
                                       getBoolAttr(ctx, "exclusive", false),
                                       getBoolAttr(ctx, "reverse", false)));
}

void mlir::tfg::addReductionKernels(EvalKernelTable &table) {
  addKernels(table, {"Sum"},
             [](EvalContext &c) { return reduce(c, ReduceOp::Sum); });
  addKernels(table, {"Prod"},
             [](EvalContext &c) { return reduce(c, ReduceOp::Prod); });
  addKernels(table, {"Mean"},
             [](EvalContext &c) { return reduce(c, ReduceOp::Mean); });
  addKernels(table, {"Max"},
             [](EvalContext &c) { return reduce(c, ReduceOp::Max); });
  addKernels(table, {"Min"},
             [](EvalContext &c) { return reduce(c, ReduceOp::Min); });
  addKernels(table, {"All"},
             [](EvalContext &c) { return reduce(c, ReduceOp::All); });
  addKernels(table, {"Any"},
             [](EvalContext &c) { return reduce(c, ReduceOp::Any); });
  addKernels(table, {"ArgMax"},
             [](EvalContext &c) { return argKernel(c, true); });
  addKernels(table, {"ArgMin"},
             [](EvalContext &c) { return argKernel(c, false); });
  addKernels(table, {"Cumsum"},
             [](EvalContext &c) { return scanKernel(c, ScanOp::Sum); });
  addKernels(table, {"Cumprod"},
             [](EvalContext &c) { return scanKernel(c, ScanOp::Prod); });
  addKernels(table, {"CumulativeLogsumexp"},
             [](EvalContext &c) { return scanKernel(c, ScanOp::LogSumExp); });
  addKernels(table, {"EuclideanNorm"},
             [](EvalContext &c) { return reduce(c, ReduceOp::EuclideanNorm); });
}
