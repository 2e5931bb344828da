//===- Shape.cpp - data movement StableHLO ops to linalg and tensor -------===//
//
// constant (arith.constant of the same attribute: dense_resource weights
// stay blobs), iota (linalg.generic on linalg.index), broadcast_in_dim
// (linalg.broadcast, or linalg.generic when a size-1 dimension expands),
// transpose (linalg.transpose), reverse (linalg.generic reading mirrored
// indices), reshape (tensor.collapse_shape/expand_shape), slice
// (tensor.extract_slice), dynamic_slice and dynamic_update_slice (start
// indices clamped, as the spec says), concatenate (tensor.insert_slice per
// input), pad (tensor.pad, strided insert_slice for interior padding),
// get_dimension_size (a constant).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

using Values = FailureOr<SmallVector<Value>>;

static Values one(Value v) { return SmallVector<Value>{v}; }

static Values lowerIota(OpBuilder &b, shlo::IotaOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  unsigned rank = type.getRank();
  int64_t dim = op.getIotaDimension();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{},
      ValueRange{emptyTensor(b, loc, type)},
      {AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
      parallelIterators(rank), [&](OpBuilder &nb, Location nl, ValueRange) {
        Value index = linalg::IndexOp::create(nb, nl, dim);
        Type et = type.getElementType();
        Value i64 = arith::IndexCastOp::create(nb, nl, nb.getI64Type(), index);
        Value v;
        if (isa<FloatType>(et))
          v = arith::SIToFPOp::create(nb, nl, et, i64);
        else if (et.getIntOrFloatBitWidth() < 64)
          v = arith::TruncIOp::create(nb, nl, et, i64);
        else
          v = i64;
        linalg::YieldOp::create(nb, nl, ValueRange{v});
      });
  return one(generic.getResult(0));
}

static Values lowerBroadcast(OpBuilder &b, shlo::BroadcastInDimOp op) {
  Location loc = op.getLoc();
  auto inType = cast<RankedTensorType>(op.getOperand().getType());
  auto type = cast<RankedTensorType>(op.getType());
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  bool expands = false, ordered = true;
  for (auto [i, d] : llvm::enumerate(dims)) {
    expands |= inType.getDimSize(i) != type.getDimSize(d);
    ordered &= i == 0 || dims[i - 1] < d;
  }
  Value init = emptyTensor(b, loc, type);
  if (!expands && ordered) {
    if (inType.getRank() == type.getRank())
      return one(op.getOperand());
    SmallVector<int64_t> added;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (!llvm::is_contained(dims, d))
        added.push_back(d);
    return one(linalg::BroadcastOp::create(b, loc, op.getOperand(), init, added)
                   .getResult()[0]);
  }
  SmallVector<AffineExpr> exprs;
  for (auto [i, d] : llvm::enumerate(dims))
    exprs.push_back(inType.getDimSize(i) != type.getDimSize(d)
                        ? b.getAffineConstantExpr(0)
                        : b.getAffineDimExpr(d));
  unsigned rank = type.getRank();
  SmallVector<AffineMap> maps = {
      AffineMap::get(rank, 0, exprs, b.getContext()),
      AffineMap::getMultiDimIdentityMap(rank, b.getContext())};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{op.getOperand()}, ValueRange{init},
      maps, parallelIterators(rank),
      [](OpBuilder &nb, Location nl, ValueRange a) {
        linalg::YieldOp::create(nb, nl, ValueRange{a[0]});
      });
  return one(generic.getResult(0));
}

Value shlo_linalg::reverseTensor(OpBuilder &b, Location loc, Value value,
                                 ArrayRef<int64_t> dims) {
  auto type = cast<RankedTensorType>(value.getType());
  unsigned rank = type.getRank();
  SmallVector<AffineExpr> exprs;
  for (unsigned d = 0; d < rank; ++d) {
    AffineExpr e = b.getAffineDimExpr(d);
    if (llvm::is_contained(dims, static_cast<int64_t>(d)))
      e = b.getAffineConstantExpr(type.getDimSize(d) - 1) - e;
    exprs.push_back(e);
  }
  SmallVector<AffineMap> maps = {
      AffineMap::get(rank, 0, exprs, b.getContext()),
      AffineMap::getMultiDimIdentityMap(rank, b.getContext())};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{value},
      ValueRange{emptyTensor(b, loc, type)}, maps, parallelIterators(rank),
      [](OpBuilder &nb, Location nl, ValueRange a) {
        linalg::YieldOp::create(nb, nl, ValueRange{a[0]});
      });
  return generic.getResult(0);
}

/// The start indices of dynamic_slice/dynamic_update_slice as indices,
/// clamped to [0, dim - size].
static SmallVector<OpFoldResult> clampedStarts(OpBuilder &b, Location loc,
                                               ValueRange starts,
                                               RankedTensorType operand,
                                               ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> out;
  for (auto [i, start] : llvm::enumerate(starts)) {
    // In the index type first, so that the bound fits whatever the width.
    Value v = extractScalar(b, loc, start);
    v = arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    Value lo = arith::ConstantIndexOp::create(b, loc, 0);
    Value hi = arith::ConstantIndexOp::create(b, loc,
                                              operand.getDimSize(i) - sizes[i]);
    v = arith::MaxSIOp::create(b, loc, v, lo);
    out.push_back(Value(arith::MinSIOp::create(b, loc, v, hi)));
  }
  return out;
}

static Values lowerConcatenate(OpBuilder &b, shlo::ConcatenateOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  int64_t dim = op.getDimension();
  Value result = emptyTensor(b, loc, type);
  int64_t offset = 0;
  for (Value in : op.getInputs()) {
    auto inType = cast<RankedTensorType>(in.getType());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      offsets.push_back(b.getIndexAttr(d == dim ? offset : 0));
      sizes.push_back(b.getIndexAttr(inType.getDimSize(d)));
      strides.push_back(b.getIndexAttr(1));
    }
    offset += inType.getDimSize(dim);
    if (inType.getNumElements() == 0)
      continue;
    result = tensor::InsertSliceOp::create(b, loc, in, result, offsets, sizes,
                                           strides);
  }
  return one(result);
}

Lowered shlo_linalg::lowerShapeOp(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  return llvm::TypeSwitch<Operation *, Lowered>(op)
      .Case([&](shlo::ConstantOp c) -> Lowered {
        auto attr = dyn_cast<TypedAttr>(c.getValue());
        if (!attr)
          return Values(op->emitError("stablehlo-to-linalg: the constant's "
                                      "value is not a typed attribute"));
        return one(arith::ConstantOp::create(b, loc, attr));
      })
      .Case([&](shlo::IotaOp o) -> Lowered { return lowerIota(b, o); })
      .Case([&](shlo::BroadcastInDimOp o) -> Lowered {
        return lowerBroadcast(b, o);
      })
      .Case([&](shlo::TransposeOp o) -> Lowered {
        return one(transposeTensor(b, loc, o.getOperand(), o.getPermutation()));
      })
      .Case([&](shlo::ReverseOp o) -> Lowered {
        return one(reverseTensor(b, loc, o.getOperand(), o.getDimensions()));
      })
      .Case([&](shlo::ReshapeOp o) -> Lowered {
        return one(reshapeTensor(b, loc, o.getOperand(),
                                 cast<RankedTensorType>(o.getType())));
      })
      .Case([&](shlo::SliceOp o) -> Lowered {
        SmallVector<OpFoldResult> offsets, sizes, strides;
        auto type = cast<RankedTensorType>(o.getType());
        for (auto [i, start] : llvm::enumerate(o.getStartIndices())) {
          offsets.push_back(b.getIndexAttr(start));
          sizes.push_back(b.getIndexAttr(type.getDimSize(i)));
          strides.push_back(b.getIndexAttr(o.getStrides()[i]));
        }
        return one(tensor::ExtractSliceOp::create(b, loc, type, o.getOperand(),
                                                  offsets, sizes, strides));
      })
      .Case([&](shlo::DynamicSliceOp o) -> Lowered {
        auto type = cast<RankedTensorType>(o.getType());
        auto inType = cast<RankedTensorType>(o.getOperand().getType());
        SmallVector<OpFoldResult> offsets = clampedStarts(
            b, loc, o.getStartIndices(), inType, o.getSliceSizes());
        SmallVector<OpFoldResult> sizes, strides;
        for (int64_t s : o.getSliceSizes()) {
          sizes.push_back(b.getIndexAttr(s));
          strides.push_back(b.getIndexAttr(1));
        }
        return one(tensor::ExtractSliceOp::create(b, loc, type, o.getOperand(),
                                                  offsets, sizes, strides));
      })
      .Case([&](shlo::DynamicUpdateSliceOp o) -> Lowered {
        auto inType = cast<RankedTensorType>(o.getOperand().getType());
        auto upType = cast<RankedTensorType>(o.getUpdate().getType());
        SmallVector<OpFoldResult> offsets = clampedStarts(
            b, loc, o.getStartIndices(), inType, upType.getShape());
        SmallVector<OpFoldResult> sizes, strides;
        for (int64_t s : upType.getShape()) {
          sizes.push_back(b.getIndexAttr(s));
          strides.push_back(b.getIndexAttr(1));
        }
        return one(tensor::InsertSliceOp::create(
            b, loc, o.getUpdate(), o.getOperand(), offsets, sizes, strides));
      })
      .Case([&](shlo::ConcatenateOp o) -> Lowered {
        return lowerConcatenate(b, o);
      })
      .Case([&](shlo::PadOp o) -> Lowered {
        Value pad = extractScalar(b, loc, o.getPaddingValue());
        return one(padTensor(b, loc, o.getOperand(), pad, o.getEdgePaddingLow(),
                             o.getEdgePaddingHigh(), o.getInteriorPadding()));
      })
      .Case([&](shlo::GetDimensionSizeOp o) -> Lowered {
        auto inType = cast<RankedTensorType>(o.getOperand().getType());
        auto type = cast<RankedTensorType>(o.getType());
        int32_t size = inType.getDimSize(o.getDimension());
        return one(arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(type, b.getI32IntegerAttr(size))));
      })
      .Default([](Operation *) -> Lowered { return std::nullopt; });
}
