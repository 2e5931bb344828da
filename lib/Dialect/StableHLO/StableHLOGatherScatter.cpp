//===- StableHLOGatherScatter.cpp - gather and scatter verifiers ----------===//
//
// The verifiers of gather, dynamic_gather and scatter, written from the
// spec's constraints (C1)-(C25) of those ops. They share the checks of the
// index dimensions.
//
//===----------------------------------------------------------------------===//

#include "StableHLOVerify.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

/// `is_sorted(dims)`; uniqueness and range are checkDims'.
static LogicalResult checkSorted(Operation *op, StringRef what,
                                 ArrayRef<int64_t> dims) {
  if (!llvm::is_sorted(dims))
    return op->emitOpError() << what << " must be sorted";
  return success();
}

/// The batch-side shape of the indices: their shape without
/// `index_vector_dim`, and the number of index components.
static void indexShape(RankedTensorType indices, int64_t indexVectorDim,
                       SmallVectorImpl<int64_t> &batch, int64_t &components) {
  components = 1;
  for (int64_t d = 0; d < indices.getRank(); ++d) {
    if (d == indexVectorDim) {
      components = indices.getDimSize(d);
      continue;
    }
    batch.push_back(indices.getDimSize(d));
  }
}

/// The checks gather and scatter share on the operand/indices dimension
/// numbers: batching dims (C13-C18 of gather), index map (C3, C18-C19), and
/// index_vector_dim (C2).
static LogicalResult
verifyIndexing(Operation *op, RankedTensorType operand,
               RankedTensorType indices, ArrayRef<int64_t> collapsed,
               StringRef collapsedName, ArrayRef<int64_t> operandBatching,
               StringRef operandBatchingName, ArrayRef<int64_t> indicesBatching,
               StringRef indicesBatchingName, ArrayRef<int64_t> indexMap,
               StringRef indexMapName, int64_t indexVectorDim) {
  int64_t rank = operand.getRank();
  if (indexVectorDim < 0 || indexVectorDim > indices.getRank())
    return op->emitOpError("index_vector_dim ")
           << indexVectorDim << " is out of range [0, " << indices.getRank()
           << "]";
  SmallVector<int64_t> both(collapsed);
  llvm::append_range(both, operandBatching);
  if (failed(checkDims(op, collapsedName, collapsed, rank)) ||
      failed(checkSorted(op, collapsedName, collapsed)) ||
      failed(checkDims(op, operandBatchingName, operandBatching, rank)) ||
      failed(checkSorted(op, operandBatchingName, operandBatching)) ||
      failed(checkDims(op,
                       (collapsedName + " and " + operandBatchingName).str(),
                       both, rank)))
    return failure();
  if (failed(checkDims(op, indicesBatchingName, indicesBatching,
                       indices.getRank())))
    return failure();
  if (llvm::is_contained(indicesBatching, indexVectorDim))
    return op->emitOpError("index_vector_dim must not be one of ")
           << indicesBatchingName;
  if (operandBatching.size() != indicesBatching.size())
    return op->emitOpError()
           << operandBatchingName << " and " << indicesBatchingName
           << " must have the same size";
  for (auto [o, i] : llvm::zip_equal(operandBatching, indicesBatching))
    if (!compatibleDim(operand.getDimSize(o), indices.getDimSize(i)))
      return op->emitOpError("batching dimension ")
             << o << " of the operand and " << i
             << " of the indices differ in size";
  int64_t components = indexVectorDim < indices.getRank()
                           ? indices.getDimSize(indexVectorDim)
                           : 1;
  if (!compatibleDim(static_cast<int64_t>(indexMap.size()), components))
    return op->emitOpError()
           << indexMapName << " must have " << components
           << " entries (the index vector size), has " << indexMap.size();
  SmallVector<int64_t> mapAndBatch(indexMap);
  llvm::append_range(mapAndBatch, operandBatching);
  if (failed(checkDims(op, (indexMapName + " and " + operandBatchingName).str(),
                       mapAndBatch, rank)))
    return failure();
  return success();
}

/// gather and dynamic_gather; `sliceSizes` is absent for dynamic_gather
/// when its sizes are not constants.
static LogicalResult verifyGatherLike(Operation *op, RankedTensorType operand,
                                      RankedTensorType indices,
                                      GatherDimensionNumbersAttr dims,
                                      std::optional<ArrayRef<int64_t>> sizes,
                                      RankedTensorType result) {
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  ArrayRef<int64_t> collapsed = dims.getCollapsedSliceDims();
  ArrayRef<int64_t> batching = dims.getOperandBatchingDims();
  int64_t rank = operand.getRank();
  // (C1)
  if (static_cast<int64_t>(offsetDims.size() + collapsed.size() +
                           batching.size()) != rank)
    return op->emitOpError("offset_dims, collapsed_slice_dims and "
                           "operand_batching_dims must have ")
           << rank << " entries in all";
  if (failed(verifyIndexing(
          op, operand, indices, collapsed, "collapsed_slice_dims", batching,
          "operand_batching_dims", dims.getStartIndicesBatchingDims(),
          "start_indices_batching_dims", dims.getStartIndexMap(),
          "start_index_map", dims.getIndexVectorDim())))
    return failure();
  // (C4), (C5)
  if (failed(checkDims(op, "offset_dims", offsetDims, result.getRank())) ||
      failed(checkSorted(op, "offset_dims", offsetDims)))
    return failure();
  // (C23)
  if (!compatibleElementTypes(operand.getElementType(),
                              result.getElementType()))
    return op->emitOpError("result element type must be the operand's");
  SmallVector<int64_t> batch;
  int64_t components;
  indexShape(indices, dims.getIndexVectorDim(), batch, components);
  if (result.getRank() !=
      static_cast<int64_t>(batch.size() + offsetDims.size()))
    return op->emitOpError("result must have rank ")
           << batch.size() + offsetDims.size();
  if (!sizes)
    return success();
  // (C20)
  if (static_cast<int64_t>(sizes->size()) != rank)
    return op->emitOpError("slice_sizes must have ")
           << rank << " entries, has " << sizes->size();
  for (int64_t d = 0; d < rank; ++d) {
    int64_t s = (*sizes)[d], dim = operand.getDimSize(d);
    // (C21)
    if (s < 0 || (!ShapedType::isDynamic(dim) && s > dim))
      return op->emitOpError("slice size ")
             << s << " of dimension " << d << " is out of [0, " << dim << "]";
    // (C9), (C12)
    if ((llvm::is_contained(collapsed, d) || llvm::is_contained(batching, d)) &&
        s > 1)
      return op->emitOpError("slice size of collapsed or batching dimension ")
             << d << " must be at most 1, is " << s;
  }
  // (C22)
  SmallVector<int64_t> offsets;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(collapsed, d) && !llvm::is_contained(batching, d))
      offsets.push_back((*sizes)[d]);
  size_t nextBatch = 0, nextOffset = 0;
  for (int64_t d = 0; d < result.getRank(); ++d) {
    int64_t expected = llvm::is_contained(offsetDims, d) ? offsets[nextOffset++]
                                                         : batch[nextBatch++];
    if (!compatibleDim(expected, result.getDimSize(d)))
      return op->emitOpError("result dimension ")
             << d << " must have size " << expected << ", has "
             << result.getDimSize(d);
  }
  return success();
}

LogicalResult GatherOp::verify() {
  return verifyGatherLike(*this, cast<RankedTensorType>(getOperand().getType()),
                          cast<RankedTensorType>(getStartIndices().getType()),
                          getDimensionNumbers(), getSliceSizes(),
                          cast<RankedTensorType>(getResult().getType()));
}

LogicalResult DynamicGatherOp::verify() {
  auto sizes = cast<RankedTensorType>(getSliceSizes().getType());
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (!compatibleDim(sizes.getDimSize(0), operand.getRank()))
    return emitOpError("slice_sizes must have ")
           << operand.getRank() << " elements";
  return verifyGatherLike(*this, operand,
                          cast<RankedTensorType>(getStartIndices().getType()),
                          getDimensionNumbers(), std::nullopt,
                          cast<RankedTensorType>(getResult().getType()));
}

LogicalResult ScatterOp::verify() {
  size_t n = getInputs().size();
  // (C5)
  if (n == 0 || getUpdates().size() != n)
    return emitOpError("needs as many updates as inputs, at least one");
  auto input = cast<RankedTensorType>(getInputs().front().getType());
  auto update = cast<RankedTensorType>(getUpdates().front().getType());
  auto indices = cast<RankedTensorType>(getScatterIndices().getType());
  // (C1), (C3), (C6)
  SmallVector<Type> elementTypes;
  for (size_t i = 0; i < n; ++i) {
    auto in = cast<RankedTensorType>(getInputs()[i].getType());
    auto up = cast<RankedTensorType>(getUpdates()[i].getType());
    if (in.getRank() != input.getRank() ||
        failed(verifyCompatibleShape(in.getShape(), input.getShape())))
      return emitOpError("inputs must have the same shape");
    if (up.getRank() != update.getRank() ||
        failed(verifyCompatibleShape(up.getShape(), update.getShape())))
      return emitOpError("updates must have the same shape");
    if (!compatibleElementTypes(in.getElementType(), up.getElementType()))
      return emitOpError("update ") << i << " has another element type than "
                                    << "its input";
    elementTypes.push_back(in.getElementType());
  }
  ScatterDimensionNumbersAttr dims = getScatterDimensionNumbers();
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  ArrayRef<int64_t> inserted = dims.getInsertedWindowDims();
  ArrayRef<int64_t> batching = dims.getInputBatchingDims();
  int64_t rank = input.getRank();
  // (C2)
  if (static_cast<int64_t>(windowDims.size() + inserted.size() +
                           batching.size()) != rank)
    return emitOpError("update_window_dims, inserted_window_dims and "
                       "input_batching_dims must have ")
           << rank << " entries in all";
  if (failed(verifyIndexing(
          *this, input, indices, inserted, "inserted_window_dims", batching,
          "input_batching_dims", dims.getScatterIndicesBatchingDims(),
          "scatter_indices_batching_dims", dims.getScatterDimsToOperandDims(),
          "scatter_dims_to_operand_dims", dims.getIndexVectorDim())))
    return failure();
  // (C7), (C8)
  if (failed(checkDims(*this, "update_window_dims", windowDims,
                       update.getRank())) ||
      failed(checkSorted(*this, "update_window_dims", windowDims)))
    return failure();
  // (C4)
  SmallVector<int64_t> batch;
  int64_t components;
  indexShape(indices, dims.getIndexVectorDim(), batch, components);
  if (update.getRank() !=
      static_cast<int64_t>(batch.size() + windowDims.size()))
    return emitOpError("updates must have rank ")
           << batch.size() + windowDims.size();
  SmallVector<int64_t> windowBounds;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(inserted, d) && !llvm::is_contained(batching, d))
      windowBounds.push_back(input.getDimSize(d));
  size_t nextBatch = 0, nextWindow = 0;
  for (int64_t d = 0; d < update.getRank(); ++d) {
    int64_t size = update.getDimSize(d);
    if (llvm::is_contained(windowDims, d)) {
      int64_t bound = windowBounds[nextWindow++];
      if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(bound) &&
          size > bound)
        return emitOpError("update window dimension ")
               << d << " of size " << size << " exceeds the input's " << bound;
    } else if (!compatibleDim(size, batch[nextBatch++])) {
      return emitOpError("update scatter dimension ")
             << d << " must match the indices";
    }
  }
  // (C23), (C25)
  SmallVector<Type> bodyTypes;
  if (failed(verifyReducerRegion(*this, getUpdateComputation(), elementTypes,
                                 "update_computation", &bodyTypes)))
    return failure();
  // (C24), (C25)
  if (getResults().size() != n)
    return emitOpError("must have ") << n << " results";
  for (size_t i = 0; i < n; ++i) {
    auto res = cast<RankedTensorType>(getResults()[i].getType());
    if (res.getRank() != rank ||
        failed(verifyCompatibleShape(res.getShape(), input.getShape())) ||
        !compatibleElementTypes(res.getElementType(), bodyTypes[i]))
      return emitOpError("result ")
             << i << " must have the inputs' shape and element type "
             << bodyTypes[i];
  }
  return success();
}
