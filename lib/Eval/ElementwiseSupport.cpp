//===- ElementwiseSupport.cpp - Broadcasting and results of kernels -------===//
//
// The one broadcasting helper of TFGEval (TensorFlow's rules, which are
// NumPy's: shapes align on their trailing dimensions; two dimensions agree
// when equal or when one is 1, which stretches; otherwise the op is
// invalid), and the building of bounded, possibly splat, host results.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tfg;

std::string mlir::tfg::formatShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

int64_t Broadcast::operandIndex(unsigned k, int64_t i) const {
  if (identity[k])
    return i;
  int64_t index = 0;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    int64_t dim = shape[d];
    if (dim == 0)
      return 0;
    index += (i % dim) * strides[k][d];
    i /= dim;
  }
  return index;
}

FailureOr<Broadcast>
mlir::tfg::broadcastShapes(EvalContext &ctx,
                           ArrayRef<ArrayRef<int64_t>> shapes) {
  Broadcast result;
  size_t rank = 0;
  for (ArrayRef<int64_t> s : shapes)
    rank = std::max(rank, s.size());
  result.shape.assign(rank, 1);
  for (ArrayRef<int64_t> s : shapes) {
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t &r = result.shape[rank - s.size() + i];
      if (s[i] == r || s[i] == 1)
        continue;
      if (r != 1) {
        std::string all;
        for (auto [k, t] : llvm::enumerate(shapes))
          all += (k ? " and " : "") + formatShape(t);
        return ctx.fail("incompatible shapes for broadcasting: " + all);
      }
      r = s[i];
    }
  }
  for (ArrayRef<int64_t> s : shapes) {
    SmallVector<int64_t, 4> strides(rank, 0);
    int64_t stride = 1;
    for (size_t i = s.size(); i-- > 0;) {
      if (s[i] != 1)
        strides[rank - s.size() + i] = stride;
      stride *= s[i];
    }
    result.strides.push_back(strides);
    result.identity.push_back(ArrayRef<int64_t>(result.shape) == s);
  }
  return result;
}

FailureOr<ResultBuilder> mlir::tfg::startResult(EvalContext &ctx,
                                                Type elementType,
                                                ArrayRef<int64_t> shape,
                                                bool splat) {
  llvm::Expected<int64_t> n = getHostNumElements(shape);
  if (!n)
    return ctx.fail(llvm::toString(n.takeError()));
  if (*n > ctx.getMaxElements())
    return ctx.fail("result of " + std::to_string(*n) +
                    " elements exceeds the bound of " +
                    std::to_string(ctx.getMaxElements()));
  ResultBuilder builder;
  builder.shape.assign(shape.begin(), shape.end());
  builder.splat = splat && *n >= 2;
  llvm::Expected<HostTensor> t = HostTensor::create(
      elementType, builder.splat ? ArrayRef<int64_t>() : shape);
  if (!t)
    return ctx.fail(llvm::toString(t.takeError()));
  builder.tensor = std::move(*t);
  return builder;
}

LogicalResult mlir::tfg::finishResult(EvalContext &ctx, ResultBuilder builder) {
  if (!builder.splat)
    return setSingleResult(ctx, std::move(builder.tensor));
  llvm::Expected<HostTensor> t =
      HostTensor::createSplat(builder.tensor.getElementType(), builder.shape);
  if (!t)
    return ctx.fail(llvm::toString(t.takeError()));
  if (t->getKind() == HostElementKind::String)
    t->getMutableStrings()[0] = builder.tensor.getStrings()[0];
  else
    llvm::copy(builder.tensor.getRawData(), t->getMutableRawData().begin());
  return setSingleResult(ctx, std::move(*t));
}

void mlir::tfg::copyElement(const HostTensor &src, int64_t from,
                            HostTensor &dst, int64_t to) {
  if (src.getKind() == HostElementKind::String) {
    dst.setString(to, src.getString(from).str());
    return;
  }
  unsigned size = src.getElementInfo().byteSize;
  int64_t at = src.isSplat() ? 0 : from;
  std::memcpy(dst.getMutableRawData().data() + to * size,
              src.getRawData().data() + at * size, size);
}

FailureOr<const HostTensor *> mlir::tfg::getOperand(EvalContext &ctx,
                                                    unsigned i) {
  if (i >= ctx.getNumOperands())
    return ctx.fail("missing operand #" + std::to_string(i));
  const HostTensor *t = ctx.getHostValue(i);
  if (!t) {
    // A value that did not convert says why.
    std::string why = ctx.getErrorMessage().str();
    return ctx.fail("operand #" + std::to_string(i) + " is not known" +
                    (why.empty() ? "" : ": " + why));
  }
  return t;
}

FailureOr<HostTensor> mlir::tfg::createResult(EvalContext &ctx,
                                              Type elementType,
                                              ArrayRef<int64_t> shape) {
  FailureOr<ResultBuilder> builder =
      startResult(ctx, elementType, shape, /*splat=*/false);
  if (failed(builder))
    return failure();
  return std::move(builder->tensor);
}

bool mlir::tfg::getBoolAttr(EvalContext &ctx, StringRef name, bool fallback) {
  auto attr = dyn_cast_if_present<BoolAttr>(ctx.getAttr(name));
  return attr ? attr.getValue() : fallback;
}

int64_t mlir::tfg::getIntAttr(EvalContext &ctx, StringRef name,
                              int64_t fallback) {
  auto attr = dyn_cast_if_present<IntegerAttr>(ctx.getAttr(name));
  return attr ? attr.getValue().trySExtValue().value_or(fallback) : fallback;
}

std::string mlir::tfg::getStringAttr(EvalContext &ctx, StringRef name,
                                     StringRef fallback) {
  auto attr = dyn_cast_if_present<StringAttr>(ctx.getAttr(name));
  return (attr ? attr.getValue() : fallback).str();
}

FailureOr<SmallVector<const HostTensor *, 4>>
mlir::tfg::getOperands(EvalContext &ctx, unsigned count) {
  if (ctx.getNumOperands() != count)
    return ctx.fail("expected " + std::to_string(count) + " operand(s), got " +
                    std::to_string(ctx.getNumOperands()));
  SmallVector<const HostTensor *, 4> result;
  for (unsigned i = 0; i < count; ++i) {
    FailureOr<const HostTensor *> t = getOperand(ctx, i);
    if (failed(t))
      return failure();
    result.push_back(*t);
  }
  return result;
}

LogicalResult mlir::tfg::setResults(EvalContext &ctx,
                                    MutableArrayRef<HostTensor> values) {
  ctx.results.clear();
  ctx.hostResults.clear();
  for (HostTensor &value : values)
    ctx.hostResults.push_back(std::move(value));
  return success();
}

bool mlir::tfg::isIndexTensor(const HostTensor &t) {
  return t.getKind() == HostElementKind::Signed &&
         (t.getElementInfo().bitWidth == 32 ||
          t.getElementInfo().bitWidth == 64);
}
