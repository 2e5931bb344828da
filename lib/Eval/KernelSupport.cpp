//===- KernelSupport.cpp - Helpers of the array and image kernels --------===//
//
// Operand and attribute readers shared by the kernel families (integer
// vectors and scalars, axes, attributes with defaults), bounded result
// creation, bulk element copies, and the element combinations of the
// scatter and segment kernels (TensorFlow computes f32 in float and f64 in
// double; ints wrap).
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <limits>

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

int64_t mlir::tfg::getSubSize(ArrayRef<int64_t> shape, size_t begin,
                              size_t end) {
  int64_t n = 1;
  for (size_t d = begin; d < end && d < shape.size(); ++d)
    n *= shape[d];
  return n;
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

void mlir::tfg::copyElements(const HostTensor &src, int64_t from,
                             HostTensor &dst, int64_t to, int64_t count) {
  if (src.getKind() == HostElementKind::String || src.isSplat()) {
    for (int64_t k = 0; k < count; ++k)
      copyElement(src, from + k, dst, to + k);
    return;
  }
  unsigned size = src.getElementInfo().byteSize;
  if (count > 0)
    std::memcpy(dst.getMutableRawData().data() + to * size,
                src.getRawData().data() + from * size, count * size);
}

template <typename T> static T combineValues(Combine op, T a, T b) {
  switch (op) {
  case Combine::Assign:
    return b;
  case Combine::Add:
    return a + b;
  case Combine::Sub:
    return a - b;
  case Combine::Mul:
    return a * b;
  case Combine::Max:
    return a < b ? b : a;
  case Combine::Min:
    return b < a ? b : a;
  }
  return b;
}

void mlir::tfg::combineElement(Combine op, const HostTensor &src, int64_t from,
                               HostTensor &dst, int64_t to) {
  if (op == Combine::Assign) {
    copyElement(src, from, dst, to);
    return;
  }
  switch (src.getKind()) {
  case HostElementKind::Float:
    if (src.getElementInfo().byteSize == 4) {
      const float *s = src.data<float>().data();
      float &d = dst.data<float>()[to];
      d = combineValues(op, d, s[src.isSplat() ? 0 : from]);
    } else if (src.getElementInfo().byteSize == 8) {
      const double *s = src.data<double>().data();
      double &d = dst.data<double>()[to];
      d = combineValues(op, d, s[src.isSplat() ? 0 : from]);
    } else {
      dst.setDouble(to,
                    combineValues(op, dst.getDouble(to), src.getDouble(from)));
    }
    return;
  case HostElementKind::Unsigned:
    dst.setUInt(to, combineValues(op, dst.getUInt(to), src.getUInt(from)));
    return;
  case HostElementKind::Signed: {
    int64_t a = dst.getInt(to), b = src.getInt(from);
    if (op == Combine::Max || op == Combine::Min) {
      dst.setInt(to, combineValues(op, a, b));
      return;
    }
    // Wrapping arithmetic in uint64; setInt wraps to the width.
    uint64_t r =
        combineValues(op, static_cast<uint64_t>(a), static_cast<uint64_t>(b));
    dst.setInt(to, static_cast<int64_t>(r));
    return;
  }
  default:
    copyElement(src, from, dst, to);
    return;
  }
}

void mlir::tfg::fillIdentity(Combine op, HostTensor &dst) {
  int64_t n = dst.getNumStoredElements();
  if (op == Combine::Assign || op == Combine::Add || op == Combine::Sub)
    return; // Created zeroed.
  bool max = op == Combine::Max;
  unsigned width = dst.getElementInfo().bitWidth;
  for (int64_t i = 0; i < n; ++i) {
    switch (dst.getKind()) {
    case HostElementKind::Float:
      if (op == Combine::Mul)
        dst.setDouble(i, 1.0);
      else if (dst.getElementInfo().byteSize == 4)
        dst.data<float>()[i] = max ? std::numeric_limits<float>::lowest()
                                   : std::numeric_limits<float>::max();
      else if (dst.getElementInfo().byteSize == 8)
        dst.data<double>()[i] = max ? std::numeric_limits<double>::lowest()
                                    : std::numeric_limits<double>::max();
      else
        dst.setDouble(
            i, llvm::APFloat::getLargest(
                   cast<FloatType>(dst.getElementType()).getFloatSemantics(),
                   /*Negative=*/max)
                   .convertToDouble());
      break;
    case HostElementKind::Unsigned:
      dst.setUInt(i, op == Combine::Mul ? 1
                     : max              ? 0
                                        : ~uint64_t(0) >> (64 - width));
      break;
    case HostElementKind::Signed: {
      int64_t highest =
          width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
      dst.setInt(i, op == Combine::Mul ? 1 : max ? -highest - 1 : highest);
      break;
    }
    default:
      break;
    }
  }
}
