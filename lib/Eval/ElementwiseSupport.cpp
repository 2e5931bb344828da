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
