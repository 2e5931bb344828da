//===- GatherScatter.cpp - Gathers, scatters and dynamic slices -----------===//
//
// The functions of tfg/Eval/Compute/GatherScatter.h. TensorFlow's forms
// resolve every index (or index tuple) to an element offset first, so an
// error comes before any result is built; StableHLO's forms walk the
// result (gather) or the updates (scatter) with an index odometer, as the
// spec defines them element by element.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/GatherScatter.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

static bool isIntTensor(const HostTensor &t) {
  return t.getKind() == HostElementKind::Signed ||
         t.getKind() == HostElementKind::Unsigned;
}

/// Index `index` into a dimension of `dim` positions for a slice of
/// `size`: itself when in [0, dim - size], else clamped (Clamp), -1
/// (Skip) or an error built by `describe` (Error).
template <typename Describe>
static llvm::Expected<int64_t> resolveIndex(int64_t index, int64_t dim,
                                            int64_t size, IndexOutOfRange mode,
                                            Describe describe) {
  if (index >= 0 && index <= dim - size)
    return index;
  switch (mode) {
  case IndexOutOfRange::Clamp:
    if (dim - size < 0)
      return computeError("cannot clamp an index into a dimension of " +
                          std::to_string(dim) + " for a slice of " +
                          std::to_string(size));
    return std::clamp<int64_t>(index, 0, dim - size);
  case IndexOutOfRange::Skip:
    return -1;
  case IndexOutOfRange::Error:
    break;
  }
  return computeError(describe());
}

//===----------------------------------------------------------------------===//
// TensorFlow's forms
//===----------------------------------------------------------------------===//

llvm::Expected<HostTensor> mlir::tfg::computeTake(const ComputeEnv &env,
                                                  const HostTensor &params,
                                                  const HostTensor &indices,
                                                  int64_t axis,
                                                  IndexOutOfRange mode) {
  ArrayRef<int64_t> inShape = params.getShape();
  int64_t rank = inShape.size();
  if (!isIntTensor(indices))
    return computeError("indices must be integers");
  if (axis < 0 || axis >= rank)
    return computeError("axis " + std::to_string(axis) +
                        " is out of range for rank " + std::to_string(rank));
  SmallVector<int64_t, 4> shape(inShape.begin(), inShape.begin() + axis);
  llvm::append_range(shape, indices.getShape());
  shape.append(inShape.begin() + axis + 1, inShape.end());
  int64_t inner = getSubSize(inShape, axis + 1, rank), dim = inShape[axis];
  int64_t count = indices.getNumElements();
  if (llvm::Error e = checkElementBound(indices, "indices", env.maxElements))
    return e;
  // Each index resolved to a position along the axis (-1: skipped).
  std::vector<int64_t> positions(count);
  for (int64_t k = 0; k < count; ++k) {
    int64_t index = indices.getInt(k);
    llvm::Expected<int64_t> p = resolveIndex(index, dim, 1, mode, [&] {
      return "index " + std::to_string(index) + " at position " +
             std::to_string(k) + " is out of range [0, " + std::to_string(dim) +
             ")";
    });
    if (!p)
      return p.takeError();
    positions[k] = *p;
  }
  bool skips = llvm::is_contained(positions, -1);
  llvm::Expected<ResultBuilder> r = startResult(
      env, params.getElementType(), shape, params.isSplat() && !skips);
  if (!r)
    return r.takeError();
  for (int64_t i = 0, e = r->size(); i < e; ++i) {
    int64_t j = i % inner, rest = i / inner;
    int64_t k = rest % count, o = rest / count;
    if (positions[k] >= 0)
      copyElement(params, (o * dim + positions[k]) * inner + j, r->tensor, i);
  }
  return finishResult(std::move(*r));
}

namespace {
/// Index tuples of the last dimension of `indices` into the first K
/// dimensions of a tensor of shape `shape`, as element offsets (-1: an
/// out-of-range tuple skipped).
struct IndexTuples {
  SmallVector<int64_t, 4> outerShape; // indices.shape[:-1]
  int64_t count = 0;                  // tuples
  int64_t sliceSize = 1;              // elements of shape[K:]
  std::vector<int64_t> offsets;       // offset of each tuple's slice
};
} // namespace

/// Reads the tuples of `indices` into `shape`; fails on a bad shape, too
/// many tuples or (mode Error) an index out of range.
static llvm::Expected<IndexTuples>
readTuples(const ComputeEnv &env, const HostTensor &indices,
           ArrayRef<int64_t> shape, IndexOutOfRange mode, StringRef opName) {
  if (!isIntTensor(indices))
    return computeError(opName + " takes int32 or int64 indices");
  if (indices.getRank() < 1)
    return computeError(opName + "'s indices must have rank 1 or more");
  ArrayRef<int64_t> iShape = indices.getShape();
  int64_t k = iShape.back();
  if (k > static_cast<int64_t>(shape.size()))
    return computeError("index tuples of length " + std::to_string(k) +
                        " for a tensor of rank " +
                        std::to_string(shape.size()));
  IndexTuples t;
  t.outerShape.assign(iShape.begin(), iShape.end() - 1);
  t.count = getSubSize(iShape, 0, iShape.size() - 1);
  t.sliceSize = getSubSize(shape, k, shape.size());
  if (t.count > env.maxElements)
    return computeError("too many index tuples");
  SmallVector<int64_t, 4> strides = getStrides(shape);
  t.offsets.resize(t.count);
  for (int64_t i = 0; i < t.count; ++i) {
    int64_t offset = 0;
    for (int64_t d = 0; d < k; ++d) {
      int64_t index = indices.getInt(i * k + d);
      llvm::Expected<int64_t> p = resolveIndex(index, shape[d], 1, mode, [&] {
        return "index " + std::to_string(index) + " of tuple " +
               std::to_string(i) + " is out of range [0, " +
               std::to_string(shape[d]) + ") in dimension " + std::to_string(d);
      });
      if (!p)
        return p.takeError();
      if (*p < 0) {
        offset = -1;
        break;
      }
      offset += *p * strides[d];
    }
    t.offsets[i] = offset;
  }
  return t;
}

llvm::Expected<HostTensor> mlir::tfg::computeGatherNd(const ComputeEnv &env,
                                                      const HostTensor &params,
                                                      const HostTensor &indices,
                                                      IndexOutOfRange mode) {
  llvm::Expected<IndexTuples> t =
      readTuples(env, indices, params.getShape(), mode, "GatherNd");
  if (!t)
    return t.takeError();
  int64_t k = indices.getShape().back();
  if (t->count > 0 && params.getNumElements() == 0 && t->sliceSize > 0)
    return computeError("GatherNd from an empty tensor");
  SmallVector<int64_t, 4> shape(t->outerShape);
  shape.append(params.getShape().begin() + k, params.getShape().end());
  bool skips = llvm::is_contained(t->offsets, -1);
  llvm::Expected<ResultBuilder> r = startResult(
      env, params.getElementType(), shape, params.isSplat() && !skips);
  if (!r)
    return r.takeError();
  if (r->splat) {
    copyElement(params, 0, r->tensor, 0);
    return finishResult(std::move(*r));
  }
  for (int64_t i = 0; i < t->count; ++i)
    if (t->offsets[i] >= 0)
      copyElements(params, t->offsets[i], r->tensor, i * t->sliceSize,
                   t->sliceSize);
  return finishResult(std::move(*r));
}

llvm::Error mlir::tfg::scatterNdInto(const ComputeEnv &env, Combine op,
                                     const HostTensor &indices,
                                     const HostTensor &updates, HostTensor &out,
                                     IndexOutOfRange mode, StringRef opName) {
  if (mode == IndexOutOfRange::Clamp)
    return computeError(opName + ": a scatter does not clamp its indices");
  if (updates.getElementType() != out.getElementType())
    return computeError(opName + "'s updates have the wrong type");
  HostElementKind kind = updates.getKind();
  if (op != Combine::Assign && kind != HostElementKind::Signed &&
      kind != HostElementKind::Unsigned && kind != HostElementKind::Float)
    return computeError(opName + " takes real numbers");
  llvm::Expected<IndexTuples> t =
      readTuples(env, indices, out.getShape(), mode, opName);
  if (!t)
    return t.takeError();
  int64_t k = indices.getShape().back();
  SmallVector<int64_t, 4> expected(t->outerShape);
  expected.append(out.getShape().begin() + k, out.getShape().end());
  if (updates.getShape() != ArrayRef<int64_t>(expected))
    return computeError(opName + "'s updates have shape " +
                        formatShape(updates.getShape()) + ", expected " +
                        formatShape(expected));
  for (int64_t i = 0; i < t->count; ++i) {
    int64_t base = t->offsets[i];
    if (base < 0)
      continue;
    if (op == Combine::Assign) {
      copyElements(updates, i * t->sliceSize, out, base, t->sliceSize);
      continue;
    }
    for (int64_t j = 0; j < t->sliceSize; ++j)
      combineElement(op, updates, i * t->sliceSize + j, out, base + j);
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// StableHLO's forms
//===----------------------------------------------------------------------===//

/// Whether every entry of `dims` lies in [0, rank) and none repeats.
static bool areDistinctDims(ArrayRef<int64_t> dims, int64_t rank) {
  SmallVector<bool, 8> seen(rank, false);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

/// Steps `index` to the next row-major position of `shape`.
static void advance(MutableArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d])
      return;
    index[d] = 0;
  }
}

/// The start index vector at `batchIndex` of `indices` (`:` at
/// `indexVectorDim` when it is a dimension of `indices`), as offsets.
static void readStartVector(const HostTensor &indices,
                            ArrayRef<int64_t> batchIndex,
                            int64_t indexVectorDim, int64_t length,
                            SmallVectorImpl<int64_t> &out) {
  ArrayRef<int64_t> shape = indices.getShape();
  SmallVector<int64_t, 4> strides = getStrides(shape);
  int64_t rank = shape.size(), offset = 0;
  for (int64_t d = 0, b = 0; d < rank; ++d) {
    if (d == indexVectorDim)
      continue;
    offset += batchIndex[b++] * strides[d];
  }
  out.clear();
  int64_t step = indexVectorDim < rank ? strides[indexVectorDim] : 0;
  for (int64_t k = 0; k < length; ++k)
    out.push_back(indices.getInt(offset + k * step));
}

llvm::Expected<HostTensor>
mlir::tfg::computeGather(const ComputeEnv &env, const HostTensor &operand,
                         const HostTensor &startIndices,
                         const GatherDimensionNumbers &dims,
                         ArrayRef<int64_t> sliceSizes, IndexOutOfRange mode) {
  ArrayRef<int64_t> opShape = operand.getShape();
  ArrayRef<int64_t> idxShape = startIndices.getShape();
  int64_t rank = opShape.size(), idxRank = idxShape.size();
  if (!isIntTensor(startIndices))
    return computeError("gather: start_indices must be integers");
  if (dims.indexVectorDim < 0 || dims.indexVectorDim > idxRank)
    return computeError("gather: index_vector_dim out of range");
  int64_t vectorLength =
      dims.indexVectorDim < idxRank ? idxShape[dims.indexVectorDim] : 1;
  SmallVector<int64_t, 8> notOffset(dims.collapsedSliceDims.begin(),
                                    dims.collapsedSliceDims.end());
  llvm::append_range(notOffset, dims.operandBatchingDims);
  if (static_cast<int64_t>(sliceSizes.size()) != rank ||
      static_cast<int64_t>(dims.offsetDims.size() + notOffset.size()) != rank ||
      !areDistinctDims(notOffset, rank) ||
      !areDistinctDims(dims.startIndexMap, rank) ||
      static_cast<int64_t>(dims.startIndexMap.size()) != vectorLength ||
      dims.operandBatchingDims.size() != dims.startIndicesBatchingDims.size() ||
      !llvm::is_sorted(dims.offsetDims))
    return computeError("gather: invalid dimension numbers");
  for (int64_t d = 0; d < rank; ++d)
    if (sliceSizes[d] < 0 || sliceSizes[d] > opShape[d] ||
        (llvm::is_contained(notOffset, d) && sliceSizes[d] > 1))
      return computeError("gather: invalid slice size in dimension " +
                          std::to_string(d));
  for (int64_t d : dims.startIndicesBatchingDims)
    if (d < 0 || d >= idxRank || d == dims.indexVectorDim)
      return computeError("gather: invalid start_indices_batching_dims");
  // The result: batch dims (start_indices without index_vector_dim) and
  // offset dims (the slice's dims that are not collapsed or batching).
  SmallVector<int64_t, 4> batchShape, offsetOperandDims;
  for (int64_t d = 0; d < idxRank; ++d)
    if (d != dims.indexVectorDim)
      batchShape.push_back(idxShape[d]);
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(notOffset, d))
      offsetOperandDims.push_back(d);
  int64_t resultRank = batchShape.size() + dims.offsetDims.size();
  if (!areDistinctDims(dims.offsetDims, resultRank))
    return computeError("gather: invalid offset_dims");
  SmallVector<int64_t, 4> shape(resultRank);
  SmallVector<bool, 4> isOffset(resultRank, false);
  for (int64_t d : dims.offsetDims)
    isOffset[d] = true;
  for (int64_t d = 0, b = 0, o = 0; d < resultRank; ++d)
    shape[d] =
        isOffset[d] ? sliceSizes[offsetOperandDims[o++]] : batchShape[b++];
  if (llvm::Error e =
          checkElementBound(startIndices, "start_indices", env.maxElements))
    return e;
  llvm::Expected<ResultBuilder> r =
      startResult(env, operand.getElementType(), shape, false);
  if (!r)
    return r.takeError();
  SmallVector<int64_t, 4> opStrides = getStrides(opShape);
  SmallVector<int64_t, 4> index(resultRank, 0), batch, offset, start;
  SmallVector<int64_t, 4> full(rank);
  for (int64_t i = 0, n = r->size(); i < n; ++i, advance(index, shape)) {
    batch.clear();
    offset.clear();
    for (int64_t d = 0; d < resultRank; ++d)
      (isOffset[d] ? offset : batch).push_back(index[d]);
    readStartVector(startIndices, batch, dims.indexVectorDim, vectorLength,
                    start);
    std::fill(full.begin(), full.end(), 0);
    bool skip = false;
    for (auto [k, d] : llvm::enumerate(dims.startIndexMap)) {
      int64_t s = start[k];
      llvm::Expected<int64_t> p =
          resolveIndex(s, opShape[d], sliceSizes[d], mode, [&] {
            return "gather: start index " + std::to_string(s) +
                   " of dimension " + std::to_string(d) + " is out of range";
          });
      if (!p)
        return p.takeError();
      skip |= *p < 0;
      full[d] = *p;
    }
    for (auto [k, d] : llvm::enumerate(dims.operandBatchingDims)) {
      int64_t ds = dims.startIndicesBatchingDims[k];
      full[d] += batch[ds - (ds < dims.indexVectorDim ? 0 : 1)];
    }
    for (auto [k, d] : llvm::enumerate(offsetOperandDims))
      full[d] += offset[k];
    if (skip)
      continue;
    int64_t at = 0;
    for (int64_t d = 0; d < rank; ++d)
      at += full[d] * opStrides[d];
    copyElement(operand, at, r->tensor, i);
  }
  return finishResult(std::move(*r));
}

llvm::Error mlir::tfg::forEachScatterUpdate(
    const HostTensor &scatterIndices, ArrayRef<int64_t> inputShape,
    ArrayRef<int64_t> updatesShape, const ScatterDimensionNumbers &dims,
    IndexOutOfRange mode,
    function_ref<llvm::Error(int64_t resultOffset, int64_t updateOffset)> fn) {
  if (mode == IndexOutOfRange::Clamp)
    return computeError("scatter: a scatter does not clamp its indices");
  ArrayRef<int64_t> idxShape = scatterIndices.getShape();
  int64_t rank = inputShape.size(), idxRank = idxShape.size();
  int64_t updRank = updatesShape.size();
  if (!isIntTensor(scatterIndices))
    return computeError("scatter: scatter_indices must be integers");
  if (dims.indexVectorDim < 0 || dims.indexVectorDim > idxRank)
    return computeError("scatter: index_vector_dim out of range");
  int64_t vectorLength =
      dims.indexVectorDim < idxRank ? idxShape[dims.indexVectorDim] : 1;
  SmallVector<int64_t, 8> notWindow(dims.insertedWindowDims.begin(),
                                    dims.insertedWindowDims.end());
  llvm::append_range(notWindow, dims.inputBatchingDims);
  if (!areDistinctDims(dims.updateWindowDims, updRank) ||
      !areDistinctDims(notWindow, rank) ||
      static_cast<int64_t>(dims.updateWindowDims.size() + notWindow.size()) !=
          rank ||
      !areDistinctDims(dims.scatterDimsToOperandDims, rank) ||
      static_cast<int64_t>(dims.scatterDimsToOperandDims.size()) !=
          vectorLength ||
      dims.inputBatchingDims.size() != dims.scatterIndicesBatchingDims.size() ||
      updRank - static_cast<int64_t>(dims.updateWindowDims.size()) !=
          idxRank - (dims.indexVectorDim < idxRank ? 1 : 0))
    return computeError("scatter: invalid dimension numbers");
  for (int64_t d : dims.scatterIndicesBatchingDims)
    if (d < 0 || d >= idxRank || d == dims.indexVectorDim)
      return computeError("scatter: invalid scatter_indices_batching_dims");
  SmallVector<bool, 4> isWindow(updRank, false);
  for (int64_t d : dims.updateWindowDims)
    isWindow[d] = true;
  SmallVector<int64_t, 4> windowInputDims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(notWindow, d))
      windowInputDims.push_back(d);
  llvm::Expected<int64_t> count = getHostNumElements(updatesShape);
  if (!count)
    return count.takeError();
  SmallVector<int64_t, 4> inStrides = getStrides(inputShape);
  SmallVector<int64_t, 4> index(updRank, 0), scatter, window, start;
  SmallVector<int64_t, 4> full(rank);
  for (int64_t u = 0; u < *count; ++u, advance(index, updatesShape)) {
    scatter.clear();
    window.clear();
    for (int64_t d = 0; d < updRank; ++d)
      (isWindow[d] ? window : scatter).push_back(index[d]);
    readStartVector(scatterIndices, scatter, dims.indexVectorDim, vectorLength,
                    start);
    std::fill(full.begin(), full.end(), 0);
    for (auto [k, d] : llvm::enumerate(dims.scatterDimsToOperandDims))
      full[d] = start[k];
    for (auto [k, d] : llvm::enumerate(dims.inputBatchingDims)) {
      int64_t ds = dims.scatterIndicesBatchingDims[k];
      full[d] += scatter[ds - (ds < dims.indexVectorDim ? 0 : 1)];
    }
    for (auto [k, d] : llvm::enumerate(windowInputDims))
      full[d] += window[k];
    bool inBounds = true;
    int64_t at = 0;
    for (int64_t d = 0; d < rank; ++d) {
      inBounds &= full[d] >= 0 && full[d] < inputShape[d];
      at += full[d] * inStrides[d];
    }
    if (!inBounds) {
      if (mode == IndexOutOfRange::Skip)
        continue;
      return computeError("scatter: update " + std::to_string(u) +
                          " lands outside the input");
    }
    if (llvm::Error e = fn(at, u))
      return e;
  }
  return llvm::Error::success();
}

/// `starts` resolved for a slice of `sizes` of `shape`.
static llvm::Expected<SmallVector<int64_t, 4>>
resolveStarts(ArrayRef<int64_t> shape, ArrayRef<int64_t> starts,
              ArrayRef<int64_t> sizes, IndexOutOfRange mode) {
  if (starts.size() != shape.size() || sizes.size() != shape.size())
    return computeError("expected one start index and size per dimension");
  if (mode == IndexOutOfRange::Skip)
    return computeError("a dynamic slice does not skip its indices");
  SmallVector<int64_t, 4> resolved;
  for (auto [d, start] : llvm::enumerate(starts)) {
    if (sizes[d] < 0 || sizes[d] > shape[d])
      return computeError("slice size " + std::to_string(sizes[d]) +
                          " does not fit dimension " + std::to_string(d) +
                          " of " + formatShape(shape));
    int64_t s = start;
    llvm::Expected<int64_t> p = resolveIndex(s, shape[d], sizes[d], mode, [&] {
      return "start index " + std::to_string(s) + " of dimension " +
             std::to_string(d) + " is out of range [0, " +
             std::to_string(shape[d] - sizes[d]) + "]";
    });
    if (!p)
      return p.takeError();
    resolved.push_back(*p);
  }
  return resolved;
}

llvm::Expected<HostTensor>
mlir::tfg::computeDynamicSlice(const ComputeEnv &env, const HostTensor &operand,
                               ArrayRef<int64_t> starts,
                               ArrayRef<int64_t> sizes, IndexOutOfRange mode) {
  llvm::Expected<SmallVector<int64_t, 4>> begin =
      resolveStarts(operand.getShape(), starts, sizes, mode);
  if (!begin)
    return begin.takeError();
  llvm::Expected<ResultBuilder> r =
      startResult(env, operand.getElementType(), sizes, operand.isSplat());
  if (!r)
    return r.takeError();
  SmallVector<int64_t, 4> strides = getStrides(operand.getShape());
  int64_t offset = 0;
  for (auto [d, b] : llvm::enumerate(*begin))
    offset += b * strides[d];
  if (r->splat)
    copyElement(operand, 0, r->tensor, 0);
  else
    copyStridedView(operand, offset, sizes, strides, *r);
  return finishResult(std::move(*r));
}

llvm::Expected<HostTensor> mlir::tfg::computeDynamicUpdateSlice(
    const ComputeEnv &env, const HostTensor &operand, const HostTensor &update,
    ArrayRef<int64_t> starts, IndexOutOfRange mode) {
  if (update.getElementType() != operand.getElementType())
    return computeError("the update's element type differs from the operand's");
  llvm::Expected<SmallVector<int64_t, 4>> begin =
      resolveStarts(operand.getShape(), starts, update.getShape(), mode);
  if (!begin)
    return begin.takeError();
  llvm::Expected<ResultBuilder> r =
      startResult(env, operand.getElementType(), operand.getShape(), false);
  if (!r)
    return r.takeError();
  copyElements(operand, 0, r->tensor, 0, r->size());
  SmallVector<int64_t, 4> strides = getStrides(operand.getShape());
  int64_t offset = 0;
  for (auto [d, b] : llvm::enumerate(*begin))
    offset += b * strides[d];
  forEachStridedOffset(
      update.getShape(), strides, offset, update.getNumElements(),
      [&](int64_t i, int64_t to) { copyElement(update, i, r->tensor, to); });
  return finishResult(std::move(*r));
}
