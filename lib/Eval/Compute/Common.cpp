//===- Common.cpp - What every compute function of TFGEval shares ---------===//
//
// Errors, the thread helper, bounded (possibly splat) results, element
// copies and NumPy's broadcast of shapes (tfg/Eval/Compute/Common.h and
// Broadcast.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Common.h"
#include "tfg/Eval/Compute/Broadcast.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/STLExtras.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tfg;

llvm::Error mlir::tfg::computeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

void mlir::tfg::computeParallelFor(const ComputeEnv &env, int64_t tasks,
                                   function_ref<void(int64_t)> fn) {
  if (!env.context || tasks <= 1) {
    for (int64_t t = 0; t < tasks; ++t)
      fn(t);
    return;
  }
  parallelFor(env.context, 0, static_cast<size_t>(tasks),
              [&](size_t t) { fn(static_cast<int64_t>(t)); });
}

std::string mlir::tfg::formatShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

llvm::Expected<ResultBuilder> mlir::tfg::startResult(const ComputeEnv &env,
                                                     Type elementType,
                                                     ArrayRef<int64_t> shape,
                                                     bool splat) {
  llvm::Expected<int64_t> n = getHostNumElements(shape);
  if (!n)
    return n.takeError();
  if (*n > env.maxElements)
    return computeError("result of " + std::to_string(*n) +
                        " elements exceeds the bound of " +
                        std::to_string(env.maxElements));
  ResultBuilder builder;
  builder.shape.assign(shape.begin(), shape.end());
  builder.splat = splat && *n >= 2;
  llvm::Expected<HostTensor> t = HostTensor::create(
      elementType, builder.splat ? ArrayRef<int64_t>() : shape);
  if (!t)
    return t.takeError();
  builder.tensor = std::move(*t);
  return builder;
}

llvm::Expected<HostTensor> mlir::tfg::finishResult(ResultBuilder builder) {
  if (!builder.splat)
    return std::move(builder.tensor);
  llvm::Expected<HostTensor> t =
      HostTensor::createSplat(builder.tensor.getElementType(), builder.shape);
  if (!t)
    return t.takeError();
  if (t->getKind() == HostElementKind::String)
    t->getMutableStrings()[0] = builder.tensor.getStrings()[0];
  else
    llvm::copy(builder.tensor.getRawData(), t->getMutableRawData().begin());
  return t;
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

llvm::Error mlir::tfg::checkElementBound(const HostTensor &t, StringRef what,
                                         int64_t maxElements) {
  if (t.getNumElements() <= maxElements)
    return llvm::Error::success();
  return computeError(what + " has " + std::to_string(t.getNumElements()) +
                      " elements, more than the bound of " +
                      std::to_string(maxElements));
}

int64_t mlir::tfg::getSubSize(ArrayRef<int64_t> shape, size_t begin,
                              size_t end) {
  int64_t n = 1;
  for (size_t d = begin; d < end && d < shape.size(); ++d)
    n *= shape[d];
  return n;
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

llvm::Expected<Broadcast>
mlir::tfg::broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes) {
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
        return computeError("incompatible shapes for broadcasting: " + all);
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
