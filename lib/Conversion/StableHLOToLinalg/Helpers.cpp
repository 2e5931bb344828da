//===- Helpers.cpp - shared helpers of StableHLOToLinalg ------------------===//
//
// Tensor construction helpers (empty, filled, padded, transposed, reshaped
// tensors), the type check every lowering starts with, and the inlining of
// scalar bodies (reduce, reduce_window, map).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;

Value shlo_linalg::emptyTensor(OpBuilder &b, Location loc,
                               RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType());
}

Value shlo_linalg::filledTensor(OpBuilder &b, Location loc,
                                RankedTensorType type, Value value) {
  Value empty = emptyTensor(b, loc, type);
  return linalg::FillOp::create(b, loc, ValueRange{value}, ValueRange{empty})
      .getResult(0);
}

Value shlo_linalg::extractScalar(OpBuilder &b, Location loc, Value value) {
  return tensor::ExtractOp::create(b, loc, value, ValueRange{});
}

Value shlo_linalg::scalarConstant(OpBuilder &b, Location loc, Type type,
                                  double value) {
  if (auto f = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(f, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

SmallVector<utils::IteratorType> shlo_linalg::parallelIterators(unsigned n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

Value shlo_linalg::padTensor(OpBuilder &b, Location loc, Value value,
                             Value padValue, ArrayRef<int64_t> low,
                             ArrayRef<int64_t> high,
                             ArrayRef<int64_t> interior) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  bool anyInterior = llvm::any_of(interior, [](int64_t v) { return v != 0; });
  bool anyNegative = false, anyPositive = false;
  SmallVector<int64_t> posLow(rank), posHigh(rank), padded(rank);
  for (int64_t i = 0; i < rank; ++i) {
    posLow[i] = std::max<int64_t>(low[i], 0);
    posHigh[i] = std::max<int64_t>(high[i], 0);
    anyNegative |= low[i] < 0 || high[i] < 0;
    anyPositive |= low[i] > 0 || high[i] > 0;
    int64_t dim = type.getDimSize(i);
    int64_t inner = dim == 0 ? 0 : dim + (dim - 1) * interior[i];
    padded[i] = inner + posLow[i] + posHigh[i];
  }
  if (!anyInterior && !anyNegative && !anyPositive)
    return value;
  auto paddedType = RankedTensorType::get(padded, type.getElementType());
  Value result;
  if (!anyInterior) {
    SmallVector<OpFoldResult> lo, hi;
    for (int64_t i = 0; i < rank; ++i) {
      lo.push_back(b.getIndexAttr(posLow[i]));
      hi.push_back(b.getIndexAttr(posHigh[i]));
    }
    result = tensor::PadOp::create(b, loc, paddedType, value, lo, hi, padValue,
                                   /*nofold=*/false);
  } else {
    // Interior padding: the input written with strides into a filled tensor.
    Value filled = filledTensor(b, loc, paddedType, padValue);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t i = 0; i < rank; ++i) {
      offsets.push_back(b.getIndexAttr(posLow[i]));
      sizes.push_back(b.getIndexAttr(type.getDimSize(i)));
      strides.push_back(b.getIndexAttr(interior[i] + 1));
    }
    result = tensor::InsertSliceOp::create(b, loc, value, filled, offsets,
                                           sizes, strides);
  }
  if (!anyNegative)
    return result;
  // Negative edges: cut them off the padded tensor.
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t cutLow = low[i] < 0 ? -low[i] : 0;
    int64_t cutHigh = high[i] < 0 ? -high[i] : 0;
    int64_t size = std::max<int64_t>(padded[i] - cutLow - cutHigh, 0);
    offsets.push_back(b.getIndexAttr(std::min(cutLow, padded[i])));
    sizes.push_back(b.getIndexAttr(size));
    strides.push_back(b.getIndexAttr(1));
    shape.push_back(size);
  }
  auto cutType = RankedTensorType::get(shape, type.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, cutType, result, offsets, sizes,
                                        strides);
}

Value shlo_linalg::transposeTensor(OpBuilder &b, Location loc, Value value,
                                   ArrayRef<int64_t> perm) {
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= static_cast<int64_t>(i) == p;
  if (identity)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  Value init =
      emptyTensor(b, loc, RankedTensorType::get(shape, type.getElementType()));
  return linalg::TransposeOp::create(b, loc, value, init, perm).getResult()[0];
}

Value shlo_linalg::reshapeTensor(OpBuilder &b, Location loc, Value value,
                                 RankedTensorType type) {
  auto source = cast<RankedTensorType>(value.getType());
  if (source.getShape() == type.getShape())
    return value;
  // Through a 1-d tensor: collapse everything, then expand (both static).
  Value flat = value;
  if (source.getRank() != 1) {
    SmallVector<ReassociationIndices> all;
    if (source.getRank() > 0) {
      all.emplace_back();
      for (int64_t i = 0; i < source.getRank(); ++i)
        all.back().push_back(i);
    }
    auto flatType = RankedTensorType::get({source.getNumElements()},
                                          source.getElementType());
    if (source.getRank() == 0)
      flat = tensor::ExpandShapeOp::create(b, loc, flatType, value, all);
    else
      flat = tensor::CollapseShapeOp::create(b, loc, flatType, value, all);
  }
  if (type.getRank() == 1)
    return flat;
  SmallVector<ReassociationIndices> all;
  if (type.getRank() > 0) {
    all.emplace_back();
    for (int64_t i = 0; i < type.getRank(); ++i)
      all.back().push_back(i);
  }
  if (type.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, type, flat, all);
  return tensor::ExpandShapeOp::create(b, loc, type, flat, all);
}

static bool isSupportedElementType(Type type) {
  if (isa<FloatType>(type))
    return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
  if (auto i = dyn_cast<IntegerType>(type))
    return i.isSignless();
  return false;
}

/// Unsigned elements (a uint8 image) are only moved and converted: the
/// data movement ops and control flow carry them, convert reads them.
static bool acceptsUnsigned(Operation *op, bool isResult) {
  if (isa<stablehlo::ConvertOp>(op))
    return !isResult;
  return isa<stablehlo::ReshapeOp, stablehlo::SliceOp,
             stablehlo::DynamicSliceOp, stablehlo::DynamicUpdateSliceOp,
             stablehlo::TransposeOp, stablehlo::BroadcastInDimOp,
             stablehlo::ConcatenateOp, stablehlo::GatherOp,
             stablehlo::GetDimensionSizeOp, stablehlo::WhileOp, stablehlo::IfOp,
             stablehlo::CaseOp>(op);
}

LogicalResult shlo_linalg::checkTypes(Operation *op) {
  constexpr int64_t kMaxTensorBytes = int64_t(1) << 30;
  auto check = [&](Type type, StringRef what) -> LogicalResult {
    bool isResult = what == "result";
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || ranked.getEncoding() ||
        (!ranked.hasStaticShape() && !acceptsDynamicShapes(op)))
      return op->emitError("stablehlo-to-linalg: ")
             << what << " type " << type
             << " is not a static ranked tensor without bounds";
    int64_t bytes = (ranked.getElementTypeBitWidth() + 7) / 8;
    // `?` sizes computed at run time are clamped (clampDynamicSize).
    if (ranked.hasStaticShape() &&
        ranked.getNumElements() > kMaxTensorBytes / std::max<int64_t>(bytes, 1))
      return op->emitError("stablehlo-to-linalg: ")
             << what << " type " << type << " holds more than "
             << kMaxTensorBytes << " bytes";
    Type et = ranked.getElementType();
    if (!isSupportedElementType(et) &&
        !(et.isUnsignedInteger() && acceptsUnsigned(op, isResult)))
      return op->emitError("stablehlo-to-linalg: ")
             << what << " type " << type
             << " has an element type the lowering does not support "
                "(floats and signless integers; unsigned ones only moved and "
                "converted)";
    return success();
  };
  for (Type t : op->getOperandTypes())
    if (failed(check(t, "operand")))
      return failure();
  for (Type t : op->getResultTypes())
    if (failed(check(t, "result")))
      return failure();
  return success();
}

Operation *shlo_linalg::getSingleBinaryBodyOp(Region &region) {
  if (!region.hasOneBlock())
    return nullptr;
  Block &block = region.front();
  if (block.getNumArguments() != 2 ||
      !llvm::hasSingleElement(block.without_terminator()))
    return nullptr;
  Operation &op = block.front();
  Operation *ret = block.getTerminator();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      ret->getNumOperands() != 1 || ret->getOperand(0) != op.getResult(0))
    return nullptr;
  bool args = (op.getOperand(0) == block.getArgument(0) &&
               op.getOperand(1) == block.getArgument(1)) ||
              (op.getOperand(0) == block.getArgument(1) &&
               op.getOperand(1) == block.getArgument(0));
  return args ? &op : nullptr;
}

FailureOr<SmallVector<Value>> shlo_linalg::inlineScalarBody(OpBuilder &b,
                                                            Location loc,
                                                            Region &region,
                                                            ValueRange args) {
  if (!region.hasOneBlock())
    return emitError(loc, "stablehlo-to-linalg: a body of one block expected");
  Block &block = region.front();
  if (block.getNumArguments() != args.size())
    return emitError(loc, "stablehlo-to-linalg: the body takes ")
           << block.getNumArguments() << " arguments, not " << args.size();
  IRMapping map;
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    map.map(arg, value);
  for (Operation &op : block) {
    if (isa<stablehlo::ReturnOp>(op)) {
      SmallVector<Value> out;
      for (Value v : op.getOperands())
        out.push_back(map.lookup(v));
      return out;
    }
    if (failed(checkTypes(&op)))
      return failure();
    for (Type t : op.getResultTypes())
      if (cast<RankedTensorType>(t).getRank() != 0)
        return op.emitError("stablehlo-to-linalg: a body op of a result of "
                            "rank > 0 is not supported");
    if (auto cst = dyn_cast<stablehlo::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
      if (!dense)
        return op.emitError("stablehlo-to-linalg: a body constant must be a "
                            "dense attribute");
      Attribute scalar = dense.getSplatValue<Attribute>();
      map.map(cst.getResult(), arith::ConstantOp::create(
                                   b, op.getLoc(), cast<TypedAttr>(scalar)));
      continue;
    }
    SmallVector<Value> operands;
    for (Value v : op.getOperands())
      operands.push_back(map.lookup(v));
    Type resultType = getElementTypeOrSelf(op.getResult(0).getType());
    FailureOr<Value> value =
        buildScalarOp(b, op.getLoc(), &op, operands, resultType);
    if (failed(value))
      return failure();
    map.map(op.getResult(0), *value);
  }
  return emitError(loc, "stablehlo-to-linalg: the body has no "
                        "stablehlo.return");
}

Value mlir::tfg::shlo_linalg::indexConstant(OpBuilder &b, Location loc,
                                            int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
