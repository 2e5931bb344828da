//===- Gather.cpp - gather to linalg.generic ------------------------------===//
//
// A static gather becomes a linalg.generic over the result whose body
// computes, from linalg.index, the batch position in the start indices, reads
// the start index of each operand dimension of start_index_map (clamped to
// [0, dim - slice_size], as the spec says), adds the offset within the slice
// and reads the operand element with tensor.extract. Operand batching
// dimensions take the batch position of their start-indices dimension.
// With `?` sizes the batch dimensions take the start indices' sizes and the
// reads are clamped into the tensors (safeExtract, Dynamic.cpp).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

static Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

static FailureOr<SmallVector<Value>> lowerGather(OpBuilder &b,
                                                 shlo::GatherOp op) {
  Location loc = op.getLoc();
  auto dn = op.getDimensionNumbers();
  auto type = cast<RankedTensorType>(op.getType());
  auto operandType = cast<RankedTensorType>(op.getOperand().getType());
  auto indicesType = cast<RankedTensorType>(op.getStartIndices().getType());
  int64_t rank = type.getRank();
  int64_t operandRank = operandType.getRank();
  int64_t indicesRank = indicesType.getRank();
  int64_t ivd = dn.getIndexVectorDim();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  ArrayRef<int64_t> collapsed = dn.getCollapsedSliceDims();
  ArrayRef<int64_t> opBatch = dn.getOperandBatchingDims();
  ArrayRef<int64_t> idxBatch = dn.getStartIndicesBatchingDims();
  ArrayRef<int64_t> startMap = dn.getStartIndexMap();
  ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
  // Result batch dims, in order, are the start indices' dims but ivd.
  SmallVector<int64_t> batchDims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(offsetDims, d))
      batchDims.push_back(d);
  SmallVector<int64_t> indexDims; // start-indices dim -> result dim
  for (int64_t d = 0, k = 0; d < indicesRank; ++d)
    indexDims.push_back(d == ivd ? -1 : batchDims[k++]);
  // Operand dims that have an offset, in order.
  SmallVector<int64_t> windowDims;
  for (int64_t d = 0; d < operandRank; ++d)
    if (!llvm::is_contained(collapsed, d) && !llvm::is_contained(opBatch, d))
      windowDims.push_back(d);
  // `?` sizes: a batch dimension has its start-indices dimension's size;
  // reads whose position depends on a `?` size go through safeExtract.
  bool operandDynamic = !operandType.hasStaticShape();
  bool indicesDynamic = !indicesType.hasStaticShape();
  SmallVector<OpFoldResult> sizes;
  SmallVector<OpFoldResult> idxSizes =
      tensorSizes(b, loc, op.getStartIndices());
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
  for (int64_t i = 0; i < indicesRank; ++i)
    if (i != ivd && type.isDynamicDim(indexDims[i]))
      sizes[indexDims[i]] = idxSizes[i];
  SmallVector<Value> maxStart;
  for (int64_t d = 0; d < operandRank; ++d) {
    Value dim =
        operandType.isDynamicDim(d)
            ? tensor::DimOp::create(b, loc, op.getOperand(), d).getResult()
            : indexConst(b, loc, operandType.getDimSize(d));
    maxStart.push_back(
        arith::SubIOp::create(b, loc, dim, indexConst(b, loc, sliceSizes[d])));
  }
  Value init = emptyTensor(b, loc, type, sizes);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{}, ValueRange{init},
      {AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
      parallelIterators(rank), [&](OpBuilder &nb, Location nl, ValueRange) {
        SmallVector<Value> r;
        for (int64_t d = 0; d < rank; ++d)
          r.push_back(linalg::IndexOp::create(nb, nl, d));
        SmallVector<Value> full(operandRank, indexConst(nb, nl, 0));
        for (auto [k, d] : llvm::enumerate(startMap)) {
          SmallVector<Value> at;
          for (int64_t i = 0; i < indicesRank; ++i)
            at.push_back(i == ivd ? indexConst(nb, nl, k) : r[indexDims[i]]);
          Value v =
              indicesDynamic
                  ? safeExtract(nb, nl, op.getStartIndices(), at)
                  : tensor::ExtractOp::create(nb, nl, op.getStartIndices(), at)
                        .getResult();
          v = arith::IndexCastOp::create(nb, nl, nb.getIndexType(), v);
          v = arith::MaxSIOp::create(nb, nl, v, indexConst(nb, nl, 0));
          v = arith::MinSIOp::create(nb, nl, v, maxStart[d]);
          full[d] = v;
        }
        for (auto [od, id] : llvm::zip(opBatch, idxBatch))
          full[od] = r[indexDims[id]];
        for (auto [j, d] : llvm::enumerate(windowDims))
          full[d] = arith::AddIOp::create(nb, nl, full[d], r[offsetDims[j]]);
        Value v = operandDynamic
                      ? safeExtract(nb, nl, op.getOperand(), full)
                      : tensor::ExtractOp::create(nb, nl, op.getOperand(), full)
                            .getResult();
        linalg::YieldOp::create(nb, nl, ValueRange{v});
      });
  return SmallVector<Value>{generic.getResult(0)};
}

Lowered shlo_linalg::lowerGatherOp(OpBuilder &b, Operation *op) {
  if (auto gather = dyn_cast<shlo::GatherOp>(op))
    return lowerGather(b, gather);
  return std::nullopt;
}
