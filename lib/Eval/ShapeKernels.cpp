//===- ShapeKernels.cpp - Kernels of the shape ops ------------------------===//
//
// Shape, ShapeN, Size and Rank read only their operands' static types
// (tfg/IR/OpClassification.h, the ShapeOp class). An int32 result that
// cannot hold a dimension or size fails, as TensorFlow does.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

using namespace mlir;
using namespace mlir::tfg;

/// The integer type of the `out_type` attribute (int32 by default); null
/// if it is not int32 or int64.
static IntegerType getOutType(EvalContext &ctx) {
  Type type = IntegerType::get(ctx.getContext(), 32);
  if (auto attr = dyn_cast_if_present<TypeAttr>(ctx.getAttr("out_type")))
    type = attr.getValue();
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || (intType.getWidth() != 32 && intType.getWidth() != 64))
    return nullptr;
  return intType;
}

/// A 1-D or scalar integer tensor of `values`; null if one does not fit.
static ElementsAttr getIntTensor(IntegerType type, ArrayRef<int64_t> values,
                                 bool scalar) {
  if (type.getWidth() == 32)
    for (int64_t v : values)
      if (v < INT32_MIN || v > INT32_MAX)
        return nullptr;
  SmallVector<int64_t, 1> shape;
  if (!scalar)
    shape.push_back(values.size());
  auto tensorType = RankedTensorType::get(shape, type);
  SmallVector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(type.getWidth(), v, /*isSigned=*/true));
  return DenseIntElementsAttr::get(tensorType, ints);
}

/// The shape of operand `i` as a tensor; null unless static.
static ElementsAttr shapeOf(EvalContext &ctx, unsigned i, IntegerType type) {
  auto ranked = dyn_cast_if_present<RankedTensorType>(ctx.getType(i));
  if (!ranked || !ranked.hasStaticShape() ||
      ranked.getRank() > ctx.getMaxElements())
    return nullptr;
  return getIntTensor(type, ranked.getShape(), /*scalar=*/false);
}

static LogicalResult shapeKernel(EvalContext &ctx) {
  IntegerType type = getOutType(ctx);
  if (!type || ctx.getNumOperands() != 1)
    return failure();
  ElementsAttr shape = shapeOf(ctx, 0, type);
  return shape ? setSingleResult(ctx, shape) : failure();
}

/// ShapeN: one shape per operand; the unknown ones stay null.
static LogicalResult shapeNKernel(EvalContext &ctx) {
  IntegerType type = getOutType(ctx);
  if (!type || ctx.getNumOperands() == 0)
    return failure();
  ctx.results.clear();
  bool any = false;
  for (unsigned i = 0; i < ctx.getNumOperands(); ++i) {
    ctx.results.push_back(shapeOf(ctx, i, type));
    any |= bool(ctx.results.back());
  }
  return success(any);
}

static LogicalResult sizeKernel(EvalContext &ctx) {
  IntegerType type = getOutType(ctx);
  if (!type || ctx.getNumOperands() != 1)
    return failure();
  std::optional<int64_t> n = getNumElements(ctx.getType(0));
  if (!n)
    return failure();
  ElementsAttr size = getIntTensor(type, {*n}, /*scalar=*/true);
  return size ? setSingleResult(ctx, size) : failure();
}

static LogicalResult rankKernel(EvalContext &ctx) {
  auto ranked = dyn_cast_if_present<RankedTensorType>(ctx.getType(0));
  if (!ranked || ctx.getNumOperands() != 1)
    return failure();
  return setSingleResult(ctx,
                         getIntTensor(IntegerType::get(ctx.getContext(), 32),
                                      {ranked.getRank()}, /*scalar=*/true));
}

void mlir::tfg::addShapeKernels(EvalKernelTable &table) {
  addKernels(table, {"Shape"}, shapeKernel);
  addKernels(table, {"ShapeN"}, shapeNKernel);
  addKernels(table, {"Size"}, sizeKernel);
  addKernels(table, {"Rank"}, rankKernel);
}
