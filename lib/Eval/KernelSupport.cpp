//===- KernelSupport.cpp - Helpers of the array and image kernels --------===//
//
// Operand and attribute readers shared by the kernel families (integer
// vectors and scalars, axes, attributes with defaults) and bounded result
// creation.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;

bool mlir::tfg::isIndexTensor(const HostTensor &t) {
  return t.getKind() == HostElementKind::Signed &&
         (t.getElementInfo().bitWidth == 32 ||
          t.getElementInfo().bitWidth == 64);
}

bool mlir::tfg::isRealNumberTensor(const HostTensor &t) {
  HostElementKind k = t.getKind();
  return k == HostElementKind::Signed || k == HostElementKind::Unsigned ||
         k == HostElementKind::Float;
}

FailureOr<SmallVector<int64_t, 4>>
mlir::tfg::getIntVector(EvalContext &ctx, unsigned i, StringRef what) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  const HostTensor &v = **t;
  if (!isIndexTensor(v) || v.getRank() > 1)
    return ctx.fail(what + " must be an int32 or int64 scalar or vector");
  SmallVector<int64_t, 4> values;
  for (int64_t k = 0; k < v.getNumElements(); ++k)
    values.push_back(v.getInt(k));
  return values;
}

FailureOr<int64_t> mlir::tfg::getIntScalar(EvalContext &ctx, unsigned i,
                                           StringRef what) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  if (!isIndexTensor(**t) || (*t)->getNumElements() != 1 || (*t)->getRank() > 1)
    return ctx.fail(what + " must be an int32 or int64 scalar");
  return (*t)->getInt(0);
}

FailureOr<int64_t> mlir::tfg::normalizeAxis(EvalContext &ctx, int64_t axis,
                                            int64_t rank) {
  if (axis < -rank || axis >= rank)
    return ctx.fail("axis " + std::to_string(axis) +
                    " is out of range for rank " + std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

FailureOr<SmallVector<const HostTensor *, 4>>
mlir::tfg::getOperands(EvalContext &ctx, unsigned n) {
  SmallVector<const HostTensor *, 4> ops;
  for (unsigned i = 0; i < n; ++i) {
    FailureOr<const HostTensor *> t = getOperand(ctx, i);
    if (failed(t))
      return failure();
    ops.push_back(*t);
  }
  return ops;
}

int64_t mlir::tfg::getIntAttr(EvalContext &ctx, StringRef name,
                              int64_t defaultValue) {
  if (auto attr = dyn_cast_if_present<IntegerAttr>(ctx.getAttr(name)))
    if (attr.getValue().getSignificantBits() <= 64)
      return attr.getValue().getSExtValue();
  return defaultValue;
}

bool mlir::tfg::getBoolAttr(EvalContext &ctx, StringRef name,
                            bool defaultValue) {
  if (auto attr = dyn_cast_if_present<BoolAttr>(ctx.getAttr(name)))
    return attr.getValue();
  return defaultValue;
}

double mlir::tfg::getFloatAttr(EvalContext &ctx, StringRef name,
                               double defaultValue) {
  if (auto attr = dyn_cast_if_present<FloatAttr>(ctx.getAttr(name)))
    return attr.getValueAsDouble();
  return defaultValue;
}

std::string mlir::tfg::getStringAttr(EvalContext &ctx, StringRef name,
                                     StringRef defaultValue) {
  if (auto attr = dyn_cast_if_present<StringAttr>(ctx.getAttr(name)))
    return attr.getValue().str();
  return defaultValue.str();
}

Type mlir::tfg::getTypeAttr(EvalContext &ctx, StringRef name,
                            Type defaultType) {
  if (auto attr = dyn_cast_if_present<TypeAttr>(ctx.getAttr(name)))
    return attr.getValue();
  return defaultType;
}

FailureOr<HostTensor> mlir::tfg::createResult(EvalContext &ctx,
                                              Type elementType,
                                              ArrayRef<int64_t> shape) {
  FailureOr<ResultBuilder> b = startResult(ctx, elementType, shape, false);
  if (failed(b))
    return failure();
  return std::move(b->tensor);
}

LogicalResult mlir::tfg::setResults(EvalContext &ctx,
                                    MutableArrayRef<HostTensor> values) {
  ctx.results.clear();
  ctx.hostResults.clear();
  for (HostTensor &v : values)
    ctx.hostResults.push_back(std::move(v));
  return success();
}
