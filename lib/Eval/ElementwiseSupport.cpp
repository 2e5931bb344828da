//===- ElementwiseSupport.cpp - Results of kernels in an EvalContext ------===//
//
// The EvalContext forms of the compute helpers (tfg/Eval/Compute/Common.h,
// Broadcast.h): bounded by the context's element bound, failing with the
// compute error's message recorded in the context.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

using namespace mlir;
using namespace mlir::tfg;

LogicalResult mlir::tfg::failWith(EvalContext &ctx, llvm::Error error) {
  return ctx.fail(llvm::toString(std::move(error)));
}

LogicalResult mlir::tfg::setComputedResult(EvalContext &ctx,
                                           llvm::Expected<HostTensor> value) {
  if (!value)
    return failWith(ctx, value.takeError());
  return setSingleResult(ctx, std::move(*value));
}

FailureOr<Broadcast>
mlir::tfg::broadcastShapes(EvalContext &ctx,
                           ArrayRef<ArrayRef<int64_t>> shapes) {
  llvm::Expected<Broadcast> bc = broadcastShapes(shapes);
  if (!bc)
    return failWith(ctx, bc.takeError());
  return std::move(*bc);
}

FailureOr<ResultBuilder> mlir::tfg::startResult(EvalContext &ctx,
                                                Type elementType,
                                                ArrayRef<int64_t> shape,
                                                bool splat) {
  llvm::Expected<ResultBuilder> b =
      startResult(getComputeEnv(ctx), elementType, shape, splat);
  if (!b)
    return failWith(ctx, b.takeError());
  return std::move(*b);
}

LogicalResult mlir::tfg::finishResult(EvalContext &ctx, ResultBuilder builder) {
  return setComputedResult(ctx, finishResult(std::move(builder)));
}

FailureOr<const HostTensor *> mlir::tfg::getOperand(EvalContext &ctx,
                                                    unsigned i) {
  if (i >= ctx.getNumOperands())
    return ctx.fail("missing operand #" + std::to_string(i));
  const HostTensor *t = ctx.getHostValue(i);
  if (!t) {
    // A value that did not convert says why.
    std::string why = ctx.getErrorMessage().str();
    return ctx.fail("operand #" + std::to_string(i) + " is not known" +
                    (why.empty() ? "" : ": " + why));
  }
  return t;
}
