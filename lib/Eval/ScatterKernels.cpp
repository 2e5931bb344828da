//===- ScatterKernels.cpp - Kernels of GatherNd, Gather and the scatters --===//
//
// Indexing by tuples of indices, as TensorFlow's CPU kernels do it
// (adapters over tfg/Eval/Compute/GatherScatter.h, IndexOutOfRange::Error):
// - GatherNd(params, indices): the last dimension K of `indices` indexes
//   the first K dimensions of `params`; the result has shape
//   indices.shape[:-1] + params.shape[K:]. Gather (v1) is GatherV2 on axis
//   0.
// - ScatterNd(indices, updates, shape) adds the updates into zeros
//   (duplicates sum); TensorScatterUpdate/Add/Sub/Max/Min start from the
//   tensor operand and assign (duplicates: the last one wins, as the CPU
//   kernel applies them in order), add, subtract, or take the max or min.
//   `updates` has shape indices.shape[:-1] + shape[K:].
// An index outside its dimension is an error (TensorFlow's CPU kernels
// fail too; GPU kernels would ignore it). Elements move by their bytes, so
// the gathers and TensorScatterUpdate serve every dtype; the arithmetic
// ones take real numbers.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/Eval/Compute/GatherScatter.h"

using namespace mlir;
using namespace mlir::tfg;

static LogicalResult gatherNdKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  std::string policy = getStringAttr(ctx, "bad_indices_policy", "");
  if (!policy.empty() && policy != "DEFAULT" && policy != "ERROR")
    return ctx.fail("GatherNd's bad_indices_policy '" + policy +
                    "' is not supported");
  if (!isIndexTensor(*(*ops)[1]))
    return ctx.fail("GatherNd takes int32 or int64 indices");
  return setComputedResult(ctx,
                           computeGatherNd(getComputeEnv(ctx), *(*ops)[0],
                                           *(*ops)[1], IndexOutOfRange::Error));
}

/// Gather (v1): params[indices] on axis 0.
static LogicalResult gatherKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &params = *(*ops)[0], &indices = *(*ops)[1];
  if (!isIndexTensor(indices))
    return ctx.fail("Gather takes int32 or int64 indices");
  if (params.getRank() < 1)
    return ctx.fail("Gather's params must have rank 1 or more");
  return setComputedResult(ctx,
                           computeTake(getComputeEnv(ctx), params, indices,
                                       /*axis=*/0, IndexOutOfRange::Error));
}

/// Combines `updates` into `out` at the tuples of `indices`.
static LogicalResult scatterInto(EvalContext &ctx, Combine op,
                                 const HostTensor &indices,
                                 const HostTensor &updates, HostTensor &out,
                                 StringRef opName) {
  if (!isIndexTensor(indices))
    return ctx.fail(opName + " takes int32 or int64 indices");
  if (llvm::Error e = scatterNdInto(getComputeEnv(ctx), op, indices, updates,
                                    out, IndexOutOfRange::Error, opName))
    return failWith(ctx, std::move(e));
  return success();
}

static LogicalResult scatterNdKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> shape = getIntVector(ctx, 2, "shape");
  if (failed(shape))
    return failure();
  for (int64_t d : *shape)
    if (d < 0)
      return ctx.fail("ScatterNd's shape has a negative dimension");
  const HostTensor &updates = *(*ops)[1];
  FailureOr<HostTensor> out =
      createResult(ctx, updates.getElementType(), *shape);
  if (failed(out))
    return failure();
  if (out->getNumElements() == 0 && (*ops)[0]->getNumElements() > 0)
    return ctx.fail("ScatterNd has indices and updates for an empty output");
  if (failed(scatterInto(ctx, Combine::Add, *(*ops)[0], updates, *out,
                         "ScatterNd")))
    return failure();
  return setSingleResult(ctx, std::move(*out));
}

template <Combine Op>
static LogicalResult tensorScatterKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &tensor = *(*ops)[0];
  FailureOr<HostTensor> out =
      createResult(ctx, tensor.getElementType(), tensor.getShape());
  if (failed(out))
    return failure();
  copyElements(tensor, 0, *out, 0, tensor.getNumElements());
  if (out->getNumElements() == 0 && (*ops)[1]->getNumElements() > 0)
    return ctx.fail("tensor scatter has indices for an empty tensor");
  if (failed(
          scatterInto(ctx, Op, *(*ops)[1], *(*ops)[2], *out, "tensor scatter")))
    return failure();
  return setSingleResult(ctx, std::move(*out));
}

void mlir::tfg::addScatterKernels(EvalKernelTable &table) {
  addKernels(table, {"GatherNd"}, gatherNdKernel);
  addKernels(table, {"Gather"}, gatherKernel);
  addKernels(table, {"ScatterNd"}, scatterNdKernel);
  addKernels(table, {"TensorScatterUpdate"},
             tensorScatterKernel<Combine::Assign>);
  addKernels(table, {"TensorScatterAdd"}, tensorScatterKernel<Combine::Add>);
  addKernels(table, {"TensorScatterSub"}, tensorScatterKernel<Combine::Sub>);
  addKernels(table, {"TensorScatterMax"}, tensorScatterKernel<Combine::Max>);
  addKernels(table, {"TensorScatterMin"}, tensorScatterKernel<Combine::Min>);
}
