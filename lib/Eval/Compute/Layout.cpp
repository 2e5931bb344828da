//===- Layout.cpp - broadcast_in_dim, pad and slice -----------------------===//
//
// computeBroadcastInDim, computePad and computeSlice
// (tfg/Eval/Compute/Broadcast.h): elements move by their bytes, so every
// element type is served.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Broadcast.h"

#include "llvm/Support/MathExtras.h"

#include <vector>

using namespace mlir;
using namespace mlir::tfg;

llvm::Expected<HostTensor> mlir::tfg::computeBroadcastInDim(
    const ComputeEnv &env, const HostTensor &operand, ArrayRef<int64_t> shape,
    ArrayRef<int64_t> dims) {
  int64_t rank = operand.getRank(), resultRank = shape.size();
  if (static_cast<int64_t>(dims.size()) != rank)
    return computeError("broadcast_in_dim: one result dimension per operand "
                        "dimension expected");
  SmallVector<bool, 4> used(resultRank, false);
  // The operand's stride along each result dimension (0: broadcast).
  SmallVector<int64_t, 4> steps(resultRank, 0);
  SmallVector<int64_t, 4> strides = getStrides(operand.getShape());
  for (auto [d, r] : llvm::enumerate(dims)) {
    if (r < 0 || r >= resultRank || used[r])
      return computeError("broadcast_in_dim: invalid broadcast_dimensions");
    used[r] = true;
    int64_t dim = operand.getShape()[d];
    if (dim != 1 && dim != shape[r])
      return computeError("broadcast_in_dim: operand dimension " +
                          std::to_string(d) + " of size " +
                          std::to_string(dim) + " does not broadcast to " +
                          std::to_string(shape[r]));
    steps[r] = dim == 1 ? 0 : strides[d];
  }
  llvm::Expected<ResultBuilder> r =
      startResult(env, operand.getElementType(), shape, isUniform(operand));
  if (!r)
    return r.takeError();
  if (r->splat || r->size() == 0) {
    if (r->size() > 0)
      copyElement(operand, 0, r->tensor, 0);
    return finishResult(std::move(*r));
  }
  copyStridedView(operand, 0, shape, steps, *r);
  return finishResult(std::move(*r));
}

llvm::Expected<HostTensor>
mlir::tfg::computePad(const ComputeEnv &env, const HostTensor &operand,
                      const HostTensor &padding, ArrayRef<int64_t> low,
                      ArrayRef<int64_t> high, ArrayRef<int64_t> interior) {
  int64_t rank = operand.getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return computeError("pad: one padding per dimension expected");
  if (padding.getElementType() != operand.getElementType() ||
      padding.getNumElements() != 1)
    return computeError("pad: the padding value must be one element of the "
                        "operand's type");
  SmallVector<int64_t, 4> shape(rank);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t dim = operand.getShape()[d], size = 0;
    // dim + low + high + max(dim - 1, 0) * interior, without overflow.
    if (interior[d] < 0 ||
        llvm::MulOverflow(std::max<int64_t>(dim - 1, 0), interior[d], size) ||
        llvm::AddOverflow(size, dim, size) ||
        llvm::AddOverflow(size, low[d], size) ||
        llvm::AddOverflow(size, high[d], size) || size < 0)
      return computeError("pad: invalid padding of dimension " +
                          std::to_string(d));
    shape[d] = size;
  }
  llvm::Expected<ResultBuilder> r =
      startResult(env, operand.getElementType(), shape, false);
  if (!r)
    return r.takeError();
  for (int64_t i = 0, n = r->size(); i < n; ++i)
    copyElement(padding, 0, r->tensor, i);
  if (llvm::Error e =
          checkElementBound(operand, "pad's operand", env.maxElements))
    return e;
  // Each operand element lands at low + index * (interior + 1) when that
  // lies in the result.
  SmallVector<int64_t, 4> outStrides = getStrides(shape);
  SmallVector<int64_t, 4> index(rank, 0);
  for (int64_t i = 0, n = operand.getNumElements(); i < n; ++i) {
    int64_t at = 0;
    bool inside = true;
    for (int64_t d = 0; d < rank && inside; ++d) {
      int64_t p = low[d] + index[d] * (interior[d] + 1);
      inside = p >= 0 && p < shape[d];
      at += p * outStrides[d];
    }
    if (inside)
      copyElement(operand, i, r->tensor, at);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < operand.getShape()[d])
        break;
      index[d] = 0;
    }
  }
  return finishResult(std::move(*r));
}

llvm::Expected<HostTensor> mlir::tfg::computeSlice(const ComputeEnv &env,
                                                   const HostTensor &operand,
                                                   ArrayRef<int64_t> start,
                                                   ArrayRef<int64_t> limit,
                                                   ArrayRef<int64_t> strides) {
  int64_t rank = operand.getRank();
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return computeError("slice: one start, limit and stride per dimension "
                        "expected");
  SmallVector<int64_t, 4> shape(rank), steps(rank);
  SmallVector<int64_t, 4> inStrides = getStrides(operand.getShape());
  int64_t offset = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (start[d] < 0 || start[d] > limit[d] ||
        limit[d] > operand.getShape()[d] || strides[d] < 1)
      return computeError("slice: invalid bounds in dimension " +
                          std::to_string(d));
    shape[d] = (limit[d] - start[d] + strides[d] - 1) / strides[d];
    steps[d] = inStrides[d] * strides[d];
    offset += start[d] * inStrides[d];
  }
  llvm::Expected<ResultBuilder> r =
      startResult(env, operand.getElementType(), shape, operand.isSplat());
  if (!r)
    return r.takeError();
  if (r->splat)
    copyElement(operand, 0, r->tensor, 0);
  else
    copyStridedView(operand, offset, shape, steps, *r);
  return finishResult(std::move(*r));
}
