//===- GatherScatter.h - Gathers, scatters and dynamic slices ---*- C++ -*-===//
//
// Indexed reads and writes over HostTensor, shared by TensorFlow's kernels
// (GatherKernels.cpp, ScatterKernels.cpp) and StableHLO's gather, scatter,
// dynamic_slice and dynamic_update_slice. Elements move by their bytes
// (strings as strings), so every element type is served; only scatters
// that combine (add, max...) need numbers.
//
// TensorFlow and StableHLO disagree on an index out of range, so every
// function takes an IndexOutOfRange.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_GATHERSCATTER_H
#define TFG_EVAL_COMPUTE_GATHERSCATTER_H

#include "tfg/Eval/Compute/Combine.h"
#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// What an index outside its dimension does.
enum class IndexOutOfRange {
  /// An error naming the index and its range. TensorFlow: its CPU kernels
  /// (GatherV2, GatherNd, ScatterNd, TensorScatter*, Slice) fail.
  Error,
  /// The start index is clamped so that the slice lies in the operand:
  /// into [0, dim - sliceSize]. StableHLO: gather, dynamic_slice and
  /// dynamic_update_slice clamp (spec.md: "clamp(0, start_indices,
  /// shape(operand) - slice_sizes)").
  Clamp,
  /// The element is skipped: a gather reads 0 for it, a scatter leaves the
  /// result as it is. StableHLO: scatter skips an update whose result index
  /// is out of bounds (spec.md, "scatter": "Otherwise updated_results =
  /// results"). TensorFlow: its GPU kernels and bad_indices_policy IGNORE.
  Skip,
};

//===----------------------------------------------------------------------===//
// TensorFlow's forms
//===----------------------------------------------------------------------===//

/// params[indices] along `axis` (in [0, rank)): the result has shape
/// params.shape[:axis] + indices.shape + params.shape[axis+1:].
/// `indices` holds ints. (TensorFlow's GatherV2 with batch_dims 0, and
/// Gather on axis 0.)
llvm::Expected<HostTensor> computeTake(const ComputeEnv &env,
                                       const HostTensor &params,
                                       const HostTensor &indices, int64_t axis,
                                       IndexOutOfRange mode);

/// Gather by index tuples (TensorFlow's GatherNd): the last dimension K of
/// `indices` indexes the first K dimensions of `params`; the result has
/// shape indices.shape[:-1] + params.shape[K:].
llvm::Expected<HostTensor> computeGatherNd(const ComputeEnv &env,
                                           const HostTensor &params,
                                           const HostTensor &indices,
                                           IndexOutOfRange mode);

/// Combines `updates` into `out` at the index tuples of `indices` (as
/// computeGatherNd reads them), in order: duplicates combine in turn (the
/// last Assign wins). `updates` must have shape indices.shape[:-1] +
/// out.shape[K:] and `out`'s type; Combine ops other than Assign take real
/// numbers. `opName` names the op in errors. Clamp is not a scatter mode.
llvm::Error scatterNdInto(const ComputeEnv &env, Combine op,
                          const HostTensor &indices, const HostTensor &updates,
                          HostTensor &out, IndexOutOfRange mode,
                          StringRef opName);

//===----------------------------------------------------------------------===//
// StableHLO's forms (spec.md, "gather", "scatter", "dynamic_slice")
//===----------------------------------------------------------------------===//

/// The dimension numbers of a gather, as StableHLO names them.
struct GatherDimensionNumbers {
  SmallVector<int64_t, 4> offsetDims;
  SmallVector<int64_t, 4> collapsedSliceDims;
  SmallVector<int64_t, 4> operandBatchingDims;
  SmallVector<int64_t, 4> startIndicesBatchingDims;
  SmallVector<int64_t, 4> startIndexMap;
  int64_t indexVectorDim = 0;
};

/// StableHLO's gather: slices of `sliceSizes` from `operand` at the start
/// indices of `startIndices` (ints). The dimension numbers must satisfy
/// the spec's constraints (an error otherwise). Start indices follow
/// `mode` (StableHLO: Clamp).
llvm::Expected<HostTensor> computeGather(const ComputeEnv &env,
                                         const HostTensor &operand,
                                         const HostTensor &startIndices,
                                         const GatherDimensionNumbers &dims,
                                         ArrayRef<int64_t> sliceSizes,
                                         IndexOutOfRange mode);

/// The dimension numbers of a scatter, as StableHLO names them.
struct ScatterDimensionNumbers {
  SmallVector<int64_t, 4> updateWindowDims;
  SmallVector<int64_t, 4> insertedWindowDims;
  SmallVector<int64_t, 4> inputBatchingDims;
  SmallVector<int64_t, 4> scatterIndicesBatchingDims;
  SmallVector<int64_t, 4> scatterDimsToOperandDims;
  int64_t indexVectorDim = 0;
};

/// StableHLO's scatter without its update computation: for each element of
/// an update tensor of `updatesShape`, in row-major order, computes the
/// result index into an input of `inputShape` and calls
/// `fn(resultOffset, updateOffset)` (row-major element offsets), which
/// combines the update into the result (the interpreter runs
/// update_computation there). An out-of-bounds result index follows
/// `mode` (StableHLO: Skip; Error fails; Clamp is refused).
llvm::Error forEachScatterUpdate(
    const HostTensor &scatterIndices, ArrayRef<int64_t> inputShape,
    ArrayRef<int64_t> updatesShape, const ScatterDimensionNumbers &dims,
    IndexOutOfRange mode,
    function_ref<llvm::Error(int64_t resultOffset, int64_t updateOffset)> fn);

/// The slice of `sizes` of `operand` at `starts` (one per dimension).
/// StableHLO's dynamic_slice (mode Clamp); TensorFlow's Slice errs.
llvm::Expected<HostTensor> computeDynamicSlice(const ComputeEnv &env,
                                               const HostTensor &operand,
                                               ArrayRef<int64_t> starts,
                                               ArrayRef<int64_t> sizes,
                                               IndexOutOfRange mode);

/// `operand` with `update` written at `starts` (one per dimension).
/// StableHLO's dynamic_update_slice (mode Clamp).
llvm::Expected<HostTensor> computeDynamicUpdateSlice(const ComputeEnv &env,
                                                     const HostTensor &operand,
                                                     const HostTensor &update,
                                                     ArrayRef<int64_t> starts,
                                                     IndexOutOfRange mode);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_GATHERSCATTER_H
