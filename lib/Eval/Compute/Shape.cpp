//===- Shape.cpp - Reshape, concatenate, reverse, iota --------------------===//
//
// computeReshape, computeConcatenate, computeReverse and computeIota
// (tfg/Eval/Compute/Shape.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Shape.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;

llvm::Expected<HostTensor> mlir::tfg::computeReshape(const ComputeEnv &env,
                                                     const HostTensor &x,
                                                     ArrayRef<int64_t> shape) {
  llvm::Expected<int64_t> n = getHostNumElements(shape);
  if (!n)
    return n.takeError();
  if (*n != x.getNumElements())
    return computeError("reshape: " + std::to_string(x.getNumElements()) +
                        " elements cannot have the shape " +
                        formatShape(shape));
  llvm::Expected<ResultBuilder> out =
      startResult(env, x.getElementType(), shape, isUniform(x));
  if (!out)
    return out.takeError();
  if (out->size() == 1 || isUniform(x)) {
    if (out->size() > 0)
      for (int64_t i = 0, e = out->size(); i < e; ++i)
        copyElement(x, 0, out->tensor, i);
  } else {
    copyElements(x, 0, out->tensor, 0, out->size());
  }
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeConcatenate(
    const ComputeEnv &env, ArrayRef<const HostTensor *> inputs, int64_t dim) {
  if (inputs.empty())
    return computeError("concatenate: no inputs");
  const HostTensor &first = *inputs.front();
  int64_t rank = first.getRank();
  if (dim < 0 || dim >= rank)
    return computeError("concatenate: dimension " + std::to_string(dim) +
                        " is not in [0, " + std::to_string(rank) + ")");
  SmallVector<int64_t, 4> shape(first.getShape());
  shape[dim] = 0;
  for (const HostTensor *in : inputs) {
    if (in->getElementType() != first.getElementType() || in->getRank() != rank)
      return computeError("concatenate: inputs of different types");
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim && in->getShape()[d] != first.getShape()[d])
        return computeError("concatenate: input shapes " +
                            formatShape(first.getShape()) + " and " +
                            formatShape(in->getShape()) +
                            " differ outside dimension " + std::to_string(dim));
    shape[dim] += in->getShape()[dim];
  }
  llvm::Expected<ResultBuilder> out =
      startResult(env, first.getElementType(), shape, /*splat=*/false);
  if (!out)
    return out.takeError();
  int64_t outer = getSubSize(shape, 0, dim);
  int64_t inner = getSubSize(shape, dim + 1, rank);
  int64_t at = 0;
  for (int64_t o = 0; o < outer; ++o) {
    for (const HostTensor *in : inputs) {
      int64_t chunk = in->getShape()[dim] * inner;
      for (int64_t i = 0; i < chunk; ++i)
        copyElement(*in, o * chunk + i, out->tensor, at++);
    }
  }
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeReverse(const ComputeEnv &env,
                                                     const HostTensor &x,
                                                     ArrayRef<int64_t> dims) {
  int64_t rank = x.getRank();
  SmallVector<bool, 4> reversed(rank, false);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank || reversed[d])
      return computeError("reverse: dimension " + std::to_string(d) +
                          " is out of range or repeated");
    reversed[d] = true;
  }
  llvm::Expected<ResultBuilder> out =
      startResult(env, x.getElementType(), x.getShape(), isUniform(x));
  if (!out)
    return out.takeError();
  if (isUniform(x)) {
    for (int64_t i = 0, e = out->size(); i < e; ++i)
      copyElement(x, 0, out->tensor, i);
    return finishResult(std::move(*out));
  }
  SmallVector<int64_t, 4> strides = getStrides(x.getShape());
  SmallVector<int64_t, 4> steps(strides);
  int64_t offset = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (!reversed[d])
      continue;
    steps[d] = -strides[d];
    offset += (x.getShape()[d] - 1) * strides[d];
  }
  copyStridedView(x, offset, x.getShape(), steps, *out);
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeIota(const ComputeEnv &env,
                                                  Type elementType,
                                                  ArrayRef<int64_t> shape,
                                                  int64_t dim) {
  int64_t rank = shape.size();
  if (dim < 0 || dim >= rank)
    return computeError("iota: dimension " + std::to_string(dim) +
                        " is not in [0, " + std::to_string(rank) + ")");
  llvm::Expected<HostElementInfo> info = getHostElementInfo(elementType);
  if (!info)
    return info.takeError();
  if (info->kind == HostElementKind::String)
    return computeError("iota: strings have no iota");
  llvm::Expected<ResultBuilder> out =
      startResult(env, elementType, shape, /*splat=*/false);
  if (!out)
    return out.takeError();
  int64_t stride = getSubSize(shape, dim + 1, rank);
  for (int64_t i = 0, e = out->size(); i < e; ++i) {
    int64_t v = (i / stride) % shape[dim];
    switch (info->kind) {
    case HostElementKind::Float:
      out->tensor.setDouble(i, static_cast<double>(v));
      break;
    case HostElementKind::Complex:
      out->tensor.setComplex(i, {static_cast<double>(v), 0.0});
      break;
    default:
      out->tensor.setInt(i, v);
      break;
    }
  }
  return finishResult(std::move(*out));
}
