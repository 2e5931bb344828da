//===- StableHLOShapeOps.cpp - data movement ops --------------------------===//
//
// The generated code of StableHLOShapeOps.td with the result type inference
// and verifiers of the data movement ops, written from the spec's
// constraints.
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"
#include "StableHLOVerify.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOShapeOps.cpp.inc"

void StableHLODialect::registerShapeOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/StableHLO/StableHLOShapeOps.cpp.inc"
      >();
}

#define STABLEHLO_COMPATIBLE(OP)                                               \
  bool OP::isCompatibleReturnTypes(TypeRange l, TypeRange r) {                 \
    return compatibleReturnTypes(l, r);                                        \
  }

/// Reports `message` at `loc` (when known) and fails.
#define INFER_FAIL(...)                                                        \
  do {                                                                         \
    if (loc)                                                                   \
      mlir::emitError(*loc) << __VA_ARGS__;                                    \
    return failure();                                                          \
  } while (false)

static RankedTensorType rankedOrNull(Type t) {
  return dyn_cast<RankedTensorType>(t);
}

//===----------------------------------------------------------------------===//
// Broadcasts and reshapes.
//===----------------------------------------------------------------------===//

/// broadcast_in_dim (C2)-(C5) and the same checks of dynamic_broadcast_in_dim.
static LogicalResult verifyBroadcastDims(Operation *op,
                                         RankedTensorType operand,
                                         RankedTensorType result,
                                         ArrayRef<int64_t> dims) {
  // (C1)
  if (!compatibleElementTypes(operand.getElementType(),
                              result.getElementType()))
    return op->emitOpError("operand and result element types differ: ")
           << operand.getElementType() << " and " << result.getElementType();
  // (C2)
  if (static_cast<int64_t>(dims.size()) != operand.getRank())
    return op->emitOpError("broadcast_dimensions must have ")
           << operand.getRank() << " entries, has " << dims.size();
  // (C3), (C4)
  if (failed(checkDims(op, "broadcast_dimensions", dims, result.getRank())))
    return failure();
  // (C5)
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t from = operand.getDimSize(i), to = result.getDimSize(d);
    if (from != 1 && !compatibleDim(from, to))
      return op->emitOpError("operand dimension ")
             << i << " of size " << from << " cannot broadcast to result "
             << "dimension " << d << " of size " << to;
  }
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastDims(
      *this, cast<RankedTensorType>(getOperand().getType()),
      cast<RankedTensorType>(getResult().getType()), getBroadcastDimensions());
}

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (failed(verifyBroadcastDims(*this, operand, result,
                                 getBroadcastDimensions())))
    return failure();
  auto shape = cast<RankedTensorType>(getOutputDimensions().getType());
  if (!compatibleDim(shape.getDimSize(0), result.getRank()))
    return emitOpError("output_dimensions must have ")
           << result.getRank() << " elements";
  ArrayRef<int64_t> expanding =
      getKnownExpandingDimensions().value_or(ArrayRef<int64_t>());
  ArrayRef<int64_t> nonExpanding =
      getKnownNonexpandingDimensions().value_or(ArrayRef<int64_t>());
  if (failed(checkDims(*this, "known_expanding_dimensions", expanding,
                       operand.getRank())) ||
      failed(checkDims(*this, "known_nonexpanding_dimensions", nonExpanding,
                       operand.getRank())))
    return failure();
  for (int64_t d : expanding)
    if (llvm::is_contained(nonExpanding, d))
      return emitOpError("dimension ")
             << d << " is both known expanding and known non-expanding";
  return success();
}

/// The number of elements, or nullopt when dynamic.
static std::optional<int64_t> staticElements(RankedTensorType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  __int128 n = 1;
  for (int64_t d : type.getShape()) {
    n *= d;
    if (n > INT64_MAX)
      return std::nullopt;
  }
  return static_cast<int64_t>(n);
}

LogicalResult ReshapeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (!compatibleElementTypes(operand.getElementType(),
                              result.getElementType()))
    return emitOpError("operand and result element types differ");
  // (C2)
  std::optional<int64_t> from = staticElements(operand);
  std::optional<int64_t> to = staticElements(result);
  if (from && to && *from != *to)
    return emitOpError("operand has ")
           << *from << " elements, the result " << *to;
  return success();
}

LogicalResult DynamicReshapeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (!compatibleElementTypes(operand.getElementType(),
                              result.getElementType()))
    return emitOpError("operand and result element types differ");
  auto shape = cast<RankedTensorType>(getOutputShape().getType());
  if (!compatibleDim(shape.getDimSize(0), result.getRank()))
    return emitOpError("output_shape must have ")
           << result.getRank() << " elements";
  std::optional<int64_t> from = staticElements(operand);
  std::optional<int64_t> to = staticElements(result);
  if (from && to && *from != *to)
    return emitOpError("operand has ")
           << *from << " elements, the result " << *to;
  return success();
}

//===----------------------------------------------------------------------===//
// transpose, reverse, slices.
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto operand = rankedOrNull(adaptor.getOperand().getType());
  if (!operand)
    INFER_FAIL("transpose: operand must be a ranked tensor");
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  // (C2)
  if (static_cast<int64_t>(perm.size()) != operand.getRank())
    INFER_FAIL("permutation must have " << operand.getRank() << " entries, has "
                                        << perm.size());
  if (failed(checkDims(
          [&] {
            return mlir::emitError(
                loc.value_or(UnknownLoc::get(operand.getContext())));
          },
          "permutation", perm, operand.getRank())))
    return failure();
  // (C4)
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(operand.getDimSize(p));
  types.push_back(operand.clone(shape));
  return success();
}
STABLEHLO_COMPATIBLE(TransposeOp)

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  auto operand = rankedOrNull(adaptor.getOperand().getType());
  if (!operand)
    INFER_FAIL("reverse: operand must be a ranked tensor");
  // (C2), (C3)
  if (failed(checkDims(
          [&] {
            return mlir::emitError(
                loc.value_or(UnknownLoc::get(operand.getContext())));
          },
          "dimensions", adaptor.getDimensions(), operand.getRank())))
    return failure();
  types.push_back(operand);
  return success();
}
STABLEHLO_COMPATIBLE(ReverseOp)

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  auto operand = rankedOrNull(adaptor.getOperand().getType());
  if (!operand)
    INFER_FAIL("slice: operand must be a ranked tensor");
  ArrayRef<int64_t> start = adaptor.getStartIndices();
  ArrayRef<int64_t> limit = adaptor.getLimitIndices();
  ArrayRef<int64_t> strides = adaptor.getStrides();
  int64_t rank = operand.getRank();
  // (C2)
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    INFER_FAIL("start_indices, limit_indices and strides must have "
               << rank << " entries");
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = operand.getDimSize(i);
    // (C3), (C4)
    if (start[i] < 0 || limit[i] < start[i] ||
        (!ShapedType::isDynamic(dim) && limit[i] > dim))
      INFER_FAIL("slice of dimension " << i << " [" << start[i] << ", "
                                       << limit[i] << ") is out of [0, " << dim
                                       << "]");
    if (strides[i] <= 0)
      INFER_FAIL("strides must be positive, stride " << i << " is "
                                                     << strides[i]);
    // (C5) ceil((limit - start) / stride)
    int64_t extent = limit[i] - start[i];
    shape.push_back(extent / strides[i] + (extent % strides[i] != 0));
  }
  types.push_back(operand.clone(shape));
  return success();
}
STABLEHLO_COMPATIBLE(SliceOp)

LogicalResult DynamicSliceOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  auto operand = rankedOrNull(adaptor.getOperand().getType());
  if (!operand)
    INFER_FAIL("dynamic_slice: operand must be a ranked tensor");
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  int64_t rank = operand.getRank();
  // (C2)
  if (static_cast<int64_t>(adaptor.getStartIndices().size()) != rank)
    INFER_FAIL("expected " << rank << " start indices, got "
                           << adaptor.getStartIndices().size());
  // (C3)
  if (!llvm::all_equal(adaptor.getStartIndices().getTypes()))
    INFER_FAIL("start indices must have the same type");
  // (C4)
  if (static_cast<int64_t>(sizes.size()) != rank)
    INFER_FAIL("slice_sizes must have " << rank << " entries, has "
                                        << sizes.size());
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = operand.getDimSize(i);
    if (sizes[i] < 0 || (!ShapedType::isDynamic(dim) && sizes[i] > dim))
      INFER_FAIL("slice size " << sizes[i] << " of dimension " << i
                               << " is out of [0, " << dim << "]");
  }
  // (C5)
  types.push_back(operand.clone(sizes));
  return success();
}
STABLEHLO_COMPATIBLE(DynamicSliceOp)

LogicalResult DynamicUpdateSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  auto operand = rankedOrNull(adaptor.getOperand().getType());
  auto update = rankedOrNull(adaptor.getUpdate().getType());
  if (!operand || !update)
    INFER_FAIL("dynamic_update_slice: operands must be ranked tensors");
  int64_t rank = operand.getRank();
  // (C3)
  if (update.getRank() != rank)
    INFER_FAIL("update must have rank " << rank << ", has "
                                        << update.getRank());
  if (!compatibleElementTypes(update.getElementType(),
                              operand.getElementType()))
    INFER_FAIL("update and operand element types differ");
  // (C4)
  if (static_cast<int64_t>(adaptor.getStartIndices().size()) != rank)
    INFER_FAIL("expected " << rank << " start indices, got "
                           << adaptor.getStartIndices().size());
  // (C5)
  if (!llvm::all_equal(adaptor.getStartIndices().getTypes()))
    INFER_FAIL("start indices must have the same type");
  // (C6)
  for (int64_t i = 0; i < rank; ++i) {
    int64_t u = update.getDimSize(i), o = operand.getDimSize(i);
    if (!ShapedType::isDynamic(u) && !ShapedType::isDynamic(o) && u > o)
      INFER_FAIL("update dimension " << i << " of size " << u
                                     << " exceeds the operand's " << o);
  }
  types.push_back(operand);
  return success();
}
STABLEHLO_COMPATIBLE(DynamicUpdateSliceOp)

//===----------------------------------------------------------------------===//
// concatenate, pad.
//===----------------------------------------------------------------------===//

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  ValueRange inputs = adaptor.getInputs();
  // (C2)
  if (inputs.empty())
    INFER_FAIL("concatenate needs at least one input");
  auto first = rankedOrNull(inputs.front().getType());
  if (!first)
    INFER_FAIL("concatenate: inputs must be ranked tensors");
  int64_t rank = first.getRank();
  int64_t dim = static_cast<int64_t>(adaptor.getDimension());
  // (C4)
  if (dim < 0 || dim >= rank)
    INFER_FAIL("dimension " << dim << " is out of range [0, " << rank << ")");
  SmallVector<int64_t> shape(first.getShape());
  for (auto [i, v] : llvm::enumerate(inputs.drop_front())) {
    auto t = rankedOrNull(v.getType());
    // (C1), (C5)
    if (!t || t.getRank() != rank ||
        !compatibleElementTypes(t.getElementType(), first.getElementType()))
      INFER_FAIL("input " << i + 1
                          << " differs in rank or element type from input 0");
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = t.getDimSize(d);
      if (d == dim) {
        // Sizes of untrusted types may be huge; a sum that does not fit
        // stays dynamic.
        shape[d] = ShapedType::isDynamic(shape[d]) ||
                           ShapedType::isDynamic(size) ||
                           shape[d] > INT64_MAX / 2 - size
                       ? ShapedType::kDynamic
                       : shape[d] + size;
        continue;
      }
      // (C6)
      if (!compatibleDim(shape[d], size))
        INFER_FAIL("inputs differ in dimension " << d);
      if (ShapedType::isDynamic(shape[d]))
        shape[d] = size;
    }
  }
  types.push_back(first.clone(shape));
  return success();
}
STABLEHLO_COMPATIBLE(ConcatenateOp)

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  auto operand = rankedOrNull(adaptor.getOperand().getType());
  auto value = rankedOrNull(adaptor.getPaddingValue().getType());
  if (!operand || !value)
    INFER_FAIL("pad: operands must be ranked tensors");
  // (C1)
  if (value.getRank() != 0 ||
      !compatibleElementTypes(value.getElementType(), operand.getElementType()))
    INFER_FAIL("padding_value must be a 0-d tensor of the operand's element "
               "type");
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow();
  ArrayRef<int64_t> high = adaptor.getEdgePaddingHigh();
  ArrayRef<int64_t> interior = adaptor.getInteriorPadding();
  int64_t rank = operand.getRank();
  // (C2)
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    INFER_FAIL("edge_padding_low, edge_padding_high and interior_padding "
               "must have "
               << rank << " entries");
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    // (C3)
    if (interior[i] < 0)
      INFER_FAIL("interior_padding must not be negative, entry "
                 << i << " is " << interior[i]);
    int64_t d = operand.getDimSize(i);
    if (ShapedType::isDynamic(d)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    // (C4)
    __int128 size = (__int128)d + low[i] + high[i] +
                    (__int128)std::max<int64_t>(d - 1, 0) * interior[i];
    if (size < 0 || size > INT64_MAX / 2)
      INFER_FAIL("padded dimension " << i << " has an invalid size");
    shape.push_back(static_cast<int64_t>(size));
  }
  types.push_back(operand.clone(shape));
  return success();
}
STABLEHLO_COMPATIBLE(PadOp)

LogicalResult DynamicPadOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto value = cast<RankedTensorType>(getPaddingValue().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (value.getRank() != 0 ||
      !compatibleElementTypes(value.getElementType(),
                              operand.getElementType()) ||
      !compatibleElementTypes(result.getElementType(),
                              operand.getElementType()))
    return emitOpError("padding_value must be a 0-d tensor and the result "
                       "must have the operand's element type");
  if (result.getRank() != operand.getRank())
    return emitOpError("result must have the operand's rank");
  for (Value v :
       {getEdgePaddingLow(), getEdgePaddingHigh(), getInteriorPadding()}) {
    auto t = cast<RankedTensorType>(v.getType());
    if (!compatibleDim(t.getDimSize(0), operand.getRank()))
      return emitOpError("padding operands must have ")
             << operand.getRank() << " elements";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// iota, get_dimension_size, tuples.
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  auto output = cast<RankedTensorType>(getOutput().getType());
  // (C1)
  if (static_cast<int64_t>(getIotaDimension()) < 0 ||
      static_cast<int64_t>(getIotaDimension()) >= output.getRank())
    return emitOpError("iota_dimension ")
           << static_cast<int64_t>(getIotaDimension())
           << " is out of range [0, " << output.getRank() << ")";
  return success();
}

LogicalResult DynamicIotaOp::verify() {
  auto result = cast<RankedTensorType>(getResult().getType());
  if (static_cast<int64_t>(getIotaDimension()) < 0 ||
      static_cast<int64_t>(getIotaDimension()) >= result.getRank())
    return emitOpError("iota_dimension ")
           << static_cast<int64_t>(getIotaDimension())
           << " is out of range [0, " << result.getRank() << ")";
  auto shape = cast<RankedTensorType>(getOutputShape().getType());
  if (!compatibleDim(shape.getDimSize(0), result.getRank()))
    return emitOpError("output_shape must have ")
           << result.getRank() << " elements";
  return success();
}

LogicalResult GetDimensionSizeOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  auto operand = rankedOrNull(adaptor.getOperand().getType());
  if (!operand)
    INFER_FAIL("get_dimension_size: operand must be a ranked tensor");
  int64_t dim = static_cast<int64_t>(adaptor.getDimension());
  if (dim < 0 || dim >= operand.getRank())
    INFER_FAIL("dimension " << dim << " is out of range [0, "
                            << operand.getRank() << ")");
  types.push_back(RankedTensorType::get({}, IntegerType::get(ctx, 32)));
  return success();
}
STABLEHLO_COMPATIBLE(GetDimensionSizeOp)

LogicalResult TupleOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  types.push_back(TupleType::get(ctx, adaptor.getVal().getTypes()));
  return success();
}
STABLEHLO_COMPATIBLE(TupleOp)

LogicalResult
GetTupleElementOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  auto tuple = dyn_cast<TupleType>(adaptor.getOperand().getType());
  if (!tuple)
    INFER_FAIL("get_tuple_element: operand must be a tuple");
  int64_t index = static_cast<int32_t>(adaptor.getIndex());
  // (C1)
  if (index < 0 || index >= static_cast<int64_t>(tuple.size()))
    INFER_FAIL("index " << index << " is out of range [0, " << tuple.size()
                        << ")");
  types.push_back(tuple.getType(index));
  return success();
}
STABLEHLO_COMPATIBLE(GetTupleElementOp)
