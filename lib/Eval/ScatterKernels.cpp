//===- ScatterKernels.cpp - Kernels of GatherNd, Gather and the scatters --===//
//
// Indexing by tuples of indices, as TensorFlow's CPU kernels do it:
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

#include "Kernels.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Index tuples of the last dimension of `indices` into the first K
/// dimensions of a tensor of shape `shape`, as element offsets.
struct IndexTuples {
  SmallVector<int64_t, 4> outerShape; // indices.shape[:-1]
  int64_t count = 0;                  // tuples
  int64_t sliceSize = 1;              // elements of shape[K:]
  std::vector<int64_t> offsets;       // offset of each tuple's slice
};
} // namespace

/// Reads the tuples of `indices` into `shape`; fails on a bad shape or an
/// index out of range.
static FailureOr<IndexTuples> readTuples(EvalContext &ctx,
                                         const HostTensor &indices,
                                         ArrayRef<int64_t> shape,
                                         StringRef opName) {
  if (!isIndexTensor(indices))
    return ctx.fail(opName + " takes int32 or int64 indices");
  if (indices.getRank() < 1)
    return ctx.fail(opName + "'s indices must have rank 1 or more");
  ArrayRef<int64_t> iShape = indices.getShape();
  int64_t k = iShape.back();
  if (k > static_cast<int64_t>(shape.size()))
    return ctx.fail("index tuples of length " + std::to_string(k) +
                    " for a tensor of rank " + std::to_string(shape.size()));
  IndexTuples t;
  t.outerShape.assign(iShape.begin(), iShape.end() - 1);
  t.count = getSubSize(iShape, 0, iShape.size() - 1);
  t.sliceSize = getSubSize(shape, k, shape.size());
  if (t.count > ctx.getMaxElements())
    return ctx.fail("too many index tuples");
  SmallVector<int64_t, 4> strides = getStrides(shape);
  t.offsets.resize(t.count);
  for (int64_t i = 0; i < t.count; ++i) {
    int64_t offset = 0;
    for (int64_t d = 0; d < k; ++d) {
      int64_t index = indices.getInt(i * k + d);
      if (index < 0 || index >= shape[d])
        return ctx.fail("index " + std::to_string(index) + " of tuple " +
                        std::to_string(i) + " is out of range [0, " +
                        std::to_string(shape[d]) + ") in dimension " +
                        std::to_string(d));
      offset += index * strides[d];
    }
    t.offsets[i] = offset;
  }
  return t;
}

static LogicalResult gatherNdKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &params = *(*ops)[0];
  std::string policy = getStringAttr(ctx, "bad_indices_policy", "");
  if (!policy.empty() && policy != "DEFAULT" && policy != "ERROR")
    return ctx.fail("GatherNd's bad_indices_policy '" + policy +
                    "' is not supported");
  FailureOr<IndexTuples> t =
      readTuples(ctx, *(*ops)[1], params.getShape(), "GatherNd");
  if (failed(t))
    return failure();
  int64_t k = (*ops)[1]->getShape().back();
  if (t->count > 0 && params.getNumElements() == 0 && t->sliceSize > 0)
    return ctx.fail("GatherNd from an empty tensor");
  SmallVector<int64_t, 4> shape(t->outerShape);
  shape.append(params.getShape().begin() + k, params.getShape().end());
  FailureOr<ResultBuilder> r =
      startResult(ctx, params.getElementType(), shape, params.isSplat());
  if (failed(r))
    return failure();
  if (r->splat) {
    copyElement(params, 0, r->tensor, 0);
    return finishResult(ctx, std::move(*r));
  }
  for (int64_t i = 0; i < t->count; ++i)
    copyElements(params, t->offsets[i], r->tensor, i * t->sliceSize,
                 t->sliceSize);
  return finishResult(ctx, std::move(*r));
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
  ArrayRef<int64_t> pShape = params.getShape();
  int64_t dim = pShape[0], inner = getSubSize(pShape, 1, pShape.size());
  SmallVector<int64_t, 4> shape(indices.getShape());
  shape.append(pShape.begin() + 1, pShape.end());
  int64_t count = indices.getNumElements();
  for (int64_t i = 0; i < count; ++i) {
    int64_t index = indices.getInt(i);
    if (index < 0 || index >= dim)
      return ctx.fail("index " + std::to_string(index) + " at position " +
                      std::to_string(i) + " is out of range [0, " +
                      std::to_string(dim) + ")");
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, params.getElementType(), shape, false);
  if (failed(r))
    return failure();
  for (int64_t i = 0; i < count; ++i)
    copyElements(params, indices.getInt(i) * inner, r->tensor, i * inner,
                 inner);
  return finishResult(ctx, std::move(*r));
}

/// Combines `updates` into `out` at the tuples of `indices`.
static LogicalResult scatterInto(EvalContext &ctx, Combine op,
                                 const HostTensor &indices,
                                 const HostTensor &updates, HostTensor &out,
                                 StringRef opName) {
  if (updates.getElementType() != out.getElementType())
    return ctx.fail(opName + "'s updates have the wrong type");
  if (op != Combine::Assign && !isRealNumberTensor(updates))
    return ctx.fail(opName + " takes real numbers");
  FailureOr<IndexTuples> t = readTuples(ctx, indices, out.getShape(), opName);
  if (failed(t))
    return failure();
  int64_t k = indices.getShape().back();
  SmallVector<int64_t, 4> expected(t->outerShape);
  expected.append(out.getShape().begin() + k, out.getShape().end());
  if (updates.getShape() != ArrayRef<int64_t>(expected))
    return ctx.fail(opName + "'s updates have shape " +
                    formatShape(updates.getShape()) + ", expected " +
                    formatShape(expected));
  for (int64_t i = 0; i < t->count; ++i) {
    int64_t base = t->offsets[i];
    if (op == Combine::Assign) {
      copyElements(updates, i * t->sliceSize, out, base, t->sliceSize);
      continue;
    }
    for (int64_t j = 0; j < t->sliceSize; ++j)
      combineElement(op, updates, i * t->sliceSize + j, out, base + j);
  }
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
