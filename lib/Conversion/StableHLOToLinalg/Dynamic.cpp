//===- Dynamic.cpp - ops on `?` sizes and the dynamic shape ops -----------===//
//
// Tensors with `?` sizes (a Where's or NonMaxSuppression's result cut by
// dynamic_pad to its count) stay dynamic tensors: sizes are tensor.dim of
// the operands or computed from shape operands, tensor.empty takes them, and
// one-shot bufferization allocates buffers of those sizes. No op reads
// outside its operands whatever the runtime sizes: reads whose position
// depends on runtime sizes go through `safeExtract` (indices clamped into
// the operand, an empty operand read as 0), elementwise operands are cut to
// the smallest of their sizes, and every size computed from data is
// clamped into [0, bound] with the tensor's bound at 1 GiB.
//
// Lowered here: dynamic_iota, dynamic_broadcast_in_dim, dynamic_reshape,
// dynamic_pad (each a linalg.generic over the computed result reading its
// operand by tensor.extract), get_dimension_size of a `?` size (tensor.dim),
// dynamic_slice of a `?`-sized operand and concatenate of `?`-sized inputs.
// Elementwise ops, gather, sort and reduce take `?` sizes in their own
// lowerings.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

using Values = FailureOr<SmallVector<Value>>;

static Values one(Value v) { return SmallVector<Value>{v}; }

static bool isDynamic(Type t) {
  auto ranked = dyn_cast<RankedTensorType>(t);
  return ranked && !ranked.hasStaticShape();
}

bool shlo_linalg::hasDynamicShapes(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isDynamic) ||
         llvm::any_of(op->getResultTypes(), isDynamic);
}

bool shlo_linalg::acceptsDynamicShapes(Operation *op) {
  if (isa<shlo::DynamicIotaOp, shlo::DynamicBroadcastInDimOp,
          shlo::DynamicReshapeOp, shlo::DynamicPadOp, shlo::GetDimensionSizeOp,
          shlo::DynamicSliceOp, shlo::ConcatenateOp, shlo::GatherOp,
          shlo::SortOp>(op))
    return true;
  // A reduction of one input over its `?` dimensions to a static result.
  if (auto reduce = dyn_cast<shlo::ReduceOp>(op))
    return reduce.getInputs().size() == 1 &&
           llvm::none_of(op->getResultTypes(), isDynamic);
  return isElementwiseOp(op);
}

SmallVector<OpFoldResult> shlo_linalg::tensorSizes(OpBuilder &b, Location loc,
                                                   Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    sizes.push_back(
        type.isDynamicDim(d)
            ? OpFoldResult(tensor::DimOp::create(b, loc, value, d).getResult())
            : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
  return sizes;
}

Value shlo_linalg::emptyTensor(OpBuilder &b, Location loc,
                               RankedTensorType type,
                               ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      dynamic.push_back(getValueOrCreateConstantIndexOp(b, loc, sizes[d]));
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamic);
}

Value shlo_linalg::clampDynamicSize(OpBuilder &b, Location loc,
                                    RankedTensorType type, Value size) {
  constexpr int64_t kMaxTensorBytes = int64_t(1) << 30;
  int64_t bytes = std::max<int64_t>((type.getElementTypeBitWidth() + 7) / 8, 1);
  int64_t staticElements = 1, numDynamic = 0;
  for (int64_t d : type.getShape()) {
    if (ShapedType::isDynamic(d))
      ++numDynamic;
    else
      staticElements *= std::max<int64_t>(d, 1);
  }
  // Each `?` size at most the numDynamic-th root of the room left.
  int64_t room = kMaxTensorBytes / bytes / std::max<int64_t>(staticElements, 1);
  int64_t bound = room;
  if (numDynamic > 1) {
    bound = 1;
    while (true) {
      int64_t next = bound + 1, power = 1;
      bool over = false;
      for (int64_t k = 0; k < numDynamic && !over; ++k) {
        over = power > room / next;
        power *= next;
      }
      if (over)
        break;
      bound = next;
    }
  }
  size = arith::MaxSIOp::create(b, loc, size, indexConstant(b, loc, 0));
  return arith::MinSIOp::create(b, loc, size, indexConstant(b, loc, bound));
}

Value shlo_linalg::safeExtract(OpBuilder &b, Location loc, Value tensor,
                               ValueRange indices) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Type et = type.getElementType();
  if (llvm::is_contained(type.getShape(), 0))
    return scalarConstant(b, loc, et, 0);
  SmallVector<Value> at;
  Value nonEmpty;
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value last;
    if (type.isDynamicDim(d)) {
      Value dim = tensor::DimOp::create(b, loc, tensor, d);
      Value positive = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                             dim, indexConstant(b, loc, 0));
      nonEmpty =
          nonEmpty
              ? arith::AndIOp::create(b, loc, nonEmpty, positive).getResult()
              : positive;
      last = arith::SubIOp::create(b, loc, dim, indexConstant(b, loc, 1));
    } else {
      last = indexConstant(b, loc, type.getDimSize(d) - 1);
    }
    Value v = arith::MinSIOp::create(b, loc, index, last);
    at.push_back(arith::MaxSIOp::create(b, loc, v, indexConstant(b, loc, 0)));
  }
  if (!nonEmpty)
    return tensor::ExtractOp::create(b, loc, tensor, at);
  auto branch = scf::IfOp::create(b, loc, TypeRange{et}, nonEmpty,
                                  /*withElseRegion=*/true);
  OpBuilder tb = branch.getThenBodyBuilder();
  scf::YieldOp::create(
      tb, loc, ValueRange{tensor::ExtractOp::create(tb, loc, tensor, at)});
  OpBuilder eb = branch.getElseBodyBuilder();
  scf::YieldOp::create(eb, loc, ValueRange{scalarConstant(eb, loc, et, 0)});
  return branch.getResult(0);
}

/// The sizes of `type` from the 1-d shape operand `shape` (static sizes of
/// the type win; computed ones clamped).
static SmallVector<OpFoldResult>
sizesFromShape(OpBuilder &b, Location loc, RankedTensorType type, Value shape) {
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
      continue;
    }
    Value v = tensor::ExtractOp::create(b, loc, shape,
                                        ValueRange{indexConstant(b, loc, d)});
    v = arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    sizes.push_back(clampDynamicSize(b, loc, type, v));
  }
  return sizes;
}

/// A linalg.generic over `type` of `sizes` whose body yields
/// `body(indices)`.
static Value buildIndexedGeneric(
    OpBuilder &b, Location loc, RankedTensorType type,
    ArrayRef<OpFoldResult> sizes,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  unsigned rank = type.getRank();
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, ValueRange{},
             ValueRange{emptyTensor(b, loc, type, sizes)},
             {AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
             parallelIterators(rank),
             [&](OpBuilder &nb, Location nl, ValueRange) {
               SmallVector<Value> r;
               for (unsigned d = 0; d < rank; ++d)
                 r.push_back(linalg::IndexOp::create(nb, nl, d));
               linalg::YieldOp::create(nb, nl, ValueRange{body(nb, nl, r)});
             })
      .getResult(0);
}

/// `index` (index type) as a value of the integer or float type `et`.
static Value indexToElement(OpBuilder &b, Location loc, Value index, Type et) {
  Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  if (isa<FloatType>(et))
    return arith::SIToFPOp::create(b, loc, et, i64);
  if (et.getIntOrFloatBitWidth() < 64)
    return arith::TruncIOp::create(b, loc, et, i64);
  return i64;
}

static Values lowerDynamicIota(OpBuilder &b, shlo::DynamicIotaOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  int64_t dim = op.getIotaDimension();
  auto sizes = sizesFromShape(b, loc, type, op.getOutputShape());
  return one(buildIndexedGeneric(
      b, loc, type, sizes, [&](OpBuilder &nb, Location nl, ValueRange r) {
        return indexToElement(nb, nl, r[dim], type.getElementType());
      }));
}

static Values lowerDynamicBroadcast(OpBuilder &b,
                                    shlo::DynamicBroadcastInDimOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Value operand = op.getOperand();
  auto sizes = sizesFromShape(b, loc, type, op.getOutputDimensions());
  SmallVector<OpFoldResult> inSizes = tensorSizes(b, loc, operand);
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  return one(buildIndexedGeneric(
      b, loc, type, sizes, [&](OpBuilder &nb, Location nl, ValueRange r) {
        // An operand dimension of size 1 is expanded.
        SmallVector<Value> at;
        for (auto [i, d] : llvm::enumerate(dims)) {
          Value size = getValueOrCreateConstantIndexOp(nb, nl, inSizes[i]);
          Value isOne = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq,
                                              size, indexConstant(nb, nl, 1));
          at.push_back(arith::SelectOp::create(nb, nl, isOne,
                                               indexConstant(nb, nl, 0), r[d]));
        }
        return safeExtract(nb, nl, operand, at);
      }));
}

/// Row-major linear position of `indices` in `sizes`, and back.
static Value linearize(OpBuilder &b, Location loc, ValueRange indices,
                       ArrayRef<Value> sizes) {
  Value lin = indexConstant(b, loc, 0);
  for (auto [i, s] : llvm::zip(indices, sizes))
    lin =
        arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, lin, s), i);
  return lin;
}

static SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value lin,
                                      ArrayRef<Value> sizes) {
  SmallVector<Value> out(sizes.size());
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    // A size of 0 leaves nothing to read (safeExtract answers 0).
    Value s =
        arith::MaxSIOp::create(b, loc, sizes[d], indexConstant(b, loc, 1));
    out[d] = arith::RemUIOp::create(b, loc, lin, s);
    lin = arith::DivUIOp::create(b, loc, lin, s);
  }
  return out;
}

static SmallVector<Value> materialize(OpBuilder &b, Location loc,
                                      ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> out;
  for (OpFoldResult s : sizes)
    out.push_back(getValueOrCreateConstantIndexOp(b, loc, s));
  return out;
}

static Values lowerDynamicReshape(OpBuilder &b, shlo::DynamicReshapeOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Value operand = op.getOperand();
  auto sizes = sizesFromShape(b, loc, type, op.getOutputShape());
  SmallVector<Value> outSizes = materialize(b, loc, sizes);
  SmallVector<Value> inSizes =
      materialize(b, loc, tensorSizes(b, loc, operand));
  return one(buildIndexedGeneric(
      b, loc, type, sizes, [&](OpBuilder &nb, Location nl, ValueRange r) {
        Value lin = linearize(nb, nl, r, outSizes);
        return safeExtract(nb, nl, operand, delinearize(nb, nl, lin, inSizes));
      }));
}

static Values lowerDynamicPad(OpBuilder &b, shlo::DynamicPadOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Value operand = op.getOperand();
  int64_t rank = type.getRank();
  SmallVector<Value> inSizes =
      materialize(b, loc, tensorSizes(b, loc, operand));
  SmallVector<Value> low, high, interior;
  auto read = [&](Value t, int64_t d) -> Value {
    Value v = tensor::ExtractOp::create(b, loc, t,
                                        ValueRange{indexConstant(b, loc, d)});
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  };
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < rank; ++d) {
    low.push_back(read(op.getEdgePaddingLow(), d));
    high.push_back(read(op.getEdgePaddingHigh(), d));
    // Negative interior padding is invalid; it pads nothing here.
    interior.push_back(arith::MaxSIOp::create(
        b, loc, read(op.getInteriorPadding(), d), indexConstant(b, loc, 0)));
    if (!type.isDynamicDim(d)) {
      sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
      continue;
    }
    // low + high + dim + max(dim - 1, 0) * interior
    Value gaps = arith::MaxSIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, inSizes[d], indexConstant(b, loc, 1)),
        indexConstant(b, loc, 0));
    Value size = arith::AddIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, low[d], arith::AddIOp::create(b, loc, high[d], inSizes[d])),
        arith::MulIOp::create(b, loc, gaps, interior[d]));
    sizes.push_back(clampDynamicSize(b, loc, type, size));
  }
  Value padValue = extractScalar(b, loc, op.getPaddingValue());
  return one(buildIndexedGeneric(
      b, loc, type, sizes, [&](OpBuilder &nb, Location nl, ValueRange r) {
        Value inside = arith::ConstantIntOp::create(nb, nl, 1, 1);
        SmallVector<Value> at;
        for (int64_t d = 0; d < rank; ++d) {
          Value t = arith::SubIOp::create(nb, nl, r[d], low[d]);
          Value step = arith::AddIOp::create(nb, nl, interior[d],
                                             indexConstant(nb, nl, 1));
          Value nonNeg = arith::CmpIOp::create(
              nb, nl, arith::CmpIPredicate::sge, t, indexConstant(nb, nl, 0));
          Value tt =
              arith::MaxSIOp::create(nb, nl, t, indexConstant(nb, nl, 0));
          Value src = arith::DivUIOp::create(nb, nl, tt, step);
          Value onGrid =
              arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq,
                                    arith::RemUIOp::create(nb, nl, tt, step),
                                    indexConstant(nb, nl, 0));
          Value inRange = arith::CmpIOp::create(
              nb, nl, arith::CmpIPredicate::slt, src, inSizes[d]);
          inside = arith::AndIOp::create(
              nb, nl, inside,
              arith::AndIOp::create(
                  nb, nl, nonNeg,
                  arith::AndIOp::create(nb, nl, onGrid, inRange)));
          at.push_back(src);
        }
        Value v = safeExtract(nb, nl, operand, at);
        return arith::SelectOp::create(nb, nl, inside, v, padValue).getResult();
      }));
}

static Values lowerDynamicSliceOfDynamic(OpBuilder &b,
                                         shlo::DynamicSliceOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Value operand = op.getOperand();
  SmallVector<Value> inSizes =
      materialize(b, loc, tensorSizes(b, loc, operand));
  SmallVector<Value> starts;
  for (auto [d, start] : llvm::enumerate(op.getStartIndices())) {
    Value v = extractScalar(b, loc, start);
    v = arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    // Clamped to [0, dim - size], as the spec says.
    Value hi = arith::SubIOp::create(
        b, loc, inSizes[d], indexConstant(b, loc, op.getSliceSizes()[d]));
    v = arith::MinSIOp::create(b, loc, v, hi);
    starts.push_back(
        arith::MaxSIOp::create(b, loc, v, indexConstant(b, loc, 0)));
  }
  SmallVector<OpFoldResult> sizes;
  for (int64_t s : type.getShape())
    sizes.push_back(b.getIndexAttr(s));
  return one(buildIndexedGeneric(
      b, loc, type, sizes, [&](OpBuilder &nb, Location nl, ValueRange r) {
        SmallVector<Value> at;
        for (auto [s, i] : llvm::zip(starts, r))
          at.push_back(arith::AddIOp::create(nb, nl, s, i));
        return safeExtract(nb, nl, operand, at);
      }));
}

OpFoldResult shlo_linalg::minSize(OpBuilder &b, Location loc, OpFoldResult x,
                                  OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(std::min(*cx, *cy));
  return arith::MinSIOp::create(b, loc,
                                getValueOrCreateConstantIndexOp(b, loc, x),
                                getValueOrCreateConstantIndexOp(b, loc, y))
      .getResult();
}

static Values lowerDynamicConcatenate(OpBuilder &b, shlo::ConcatenateOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  int64_t dim = op.getDimension();
  int64_t rank = type.getRank();
  // The other sizes are the smallest of the inputs' (equal when valid);
  // inputs are cut to them.
  SmallVector<OpFoldResult> sizes = tensorSizes(b, loc, op.getInputs()[0]);
  Value total = indexConstant(b, loc, 0);
  SmallVector<SmallVector<OpFoldResult>> inSizes;
  for (Value in : op.getInputs()) {
    inSizes.push_back(tensorSizes(b, loc, in));
    total = arith::AddIOp::create(
        b, loc, total,
        getValueOrCreateConstantIndexOp(b, loc, inSizes.back()[dim]));
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        sizes[d] = minSize(b, loc, sizes[d], inSizes.back()[d]);
  }
  sizes[dim] = total;
  for (int64_t d = 0; d < rank; ++d)
    if (!type.isDynamicDim(d))
      sizes[d] = b.getIndexAttr(type.getDimSize(d));
  Value result = emptyTensor(b, loc, type, sizes);
  Value offset = indexConstant(b, loc, 0);
  for (auto [k, in] : llvm::enumerate(op.getInputs())) {
    SmallVector<OpFoldResult> offsets, slice, strides;
    for (int64_t d = 0; d < rank; ++d) {
      offsets.push_back(d == dim ? OpFoldResult(offset) : b.getIndexAttr(0));
      slice.push_back(d == dim ? inSizes[k][d] : sizes[d]);
      strides.push_back(b.getIndexAttr(1));
    }
    // The input cut to the result's other sizes (equal when valid).
    SmallVector<OpFoldResult> zero(rank, b.getIndexAttr(0));
    Value cut =
        tensor::ExtractSliceOp::create(b, loc, in, zero, slice, strides);
    result = tensor::InsertSliceOp::create(b, loc, cut, result, offsets, slice,
                                           strides);
    offset = arith::AddIOp::create(
        b, loc, offset,
        getValueOrCreateConstantIndexOp(b, loc, inSizes[k][dim]));
  }
  return one(result);
}

Lowered shlo_linalg::lowerDynamicOp(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  return llvm::TypeSwitch<Operation *, Lowered>(op)
      .Case([&](shlo::DynamicIotaOp o) -> Lowered {
        return lowerDynamicIota(b, o);
      })
      .Case([&](shlo::DynamicBroadcastInDimOp o) -> Lowered {
        return lowerDynamicBroadcast(b, o);
      })
      .Case([&](shlo::DynamicReshapeOp o) -> Lowered {
        return lowerDynamicReshape(b, o);
      })
      .Case([&](shlo::DynamicPadOp o) -> Lowered {
        return lowerDynamicPad(b, o);
      })
      .Case([&](shlo::GetDimensionSizeOp o) -> Lowered {
        if (!hasDynamicShapes(o))
          return std::nullopt;
        Value dim =
            tensor::DimOp::create(b, loc, o.getOperand(), o.getDimension());
        Value v = arith::IndexCastOp::create(b, loc, b.getI32Type(), dim);
        return one(tensor::FromElementsOp::create(
            b, loc, cast<RankedTensorType>(o.getType()), ValueRange{v}));
      })
      .Case([&](shlo::DynamicSliceOp o) -> Lowered {
        if (!hasDynamicShapes(o))
          return std::nullopt;
        return lowerDynamicSliceOfDynamic(b, o);
      })
      .Case([&](shlo::ConcatenateOp o) -> Lowered {
        if (!hasDynamicShapes(o))
          return std::nullopt;
        return lowerDynamicConcatenate(b, o);
      })
      .Default([](Operation *) -> Lowered { return std::nullopt; });
}
