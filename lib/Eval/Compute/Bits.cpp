//===- Bits.cpp - Bit counts, bitcasts and complex parts ------------------===//
//
// computeBitCount, computeBitcast, computeComplexPart and computeMakeComplex
// (tfg/Eval/Compute/Bits.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Bits.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace mlir::tfg;

/// A result of `x`'s shape and `elementType`, a splat when `x` is uniform.
static llvm::Expected<ResultBuilder>
startLike(const ComputeEnv &env, const HostTensor &x, Type elementType) {
  return startResult(env, elementType, x.getShape(), isUniform(x));
}

llvm::Expected<HostTensor> mlir::tfg::computeBitCount(const ComputeEnv &env,
                                                      BitCount op,
                                                      const HostTensor &x) {
  HostElementKind kind = x.getKind();
  if (kind != HostElementKind::Signed && kind != HostElementKind::Unsigned)
    return computeError("bit counts take integers");
  unsigned width = x.getElementInfo().bitWidth;
  uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  llvm::Expected<ResultBuilder> out = startLike(env, x, x.getElementType());
  if (!out)
    return out.takeError();
  for (int64_t i = 0, e = out->size(); i < e; ++i) {
    uint64_t bits = x.getUInt(i) & mask;
    uint64_t count =
        op == BitCount::Ones
            ? llvm::popcount(bits)
            : (bits == 0 ? width : llvm::countl_zero(bits) - (64 - width));
    out->tensor.setUInt(i, count);
  }
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeBitcast(const ComputeEnv &env,
                                                     const HostTensor &x,
                                                     Type elementType) {
  llvm::Expected<HostElementInfo> to = getHostElementInfo(elementType);
  if (!to)
    return to.takeError();
  const HostElementInfo &from = x.getElementInfo();
  auto bitwise = [](const HostElementInfo &i) {
    return i.kind != HostElementKind::Bool &&
           i.kind != HostElementKind::String &&
           i.byteSize * 8 ==
               i.bitWidth * (i.kind == HostElementKind::Complex ? 2 : 1);
  };
  if (!bitwise(from) || !bitwise(*to) || from.byteSize != to->byteSize)
    return computeError("bitcast_convert takes numbers of one bit width");
  llvm::Expected<ResultBuilder> out = startLike(env, x, elementType);
  if (!out)
    return out.takeError();
  MutableArrayRef<char> dst = out->tensor.getMutableRawData();
  ArrayRef<char> src = x.getRawData();
  if (!dst.empty())
    std::memcpy(dst.data(), src.data(), std::min(dst.size(), src.size()));
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeComplexPart(const ComputeEnv &env,
                                                         const HostTensor &x,
                                                         bool imaginary,
                                                         Type elementType) {
  HostElementKind kind = x.getKind();
  if (kind != HostElementKind::Float && kind != HostElementKind::Complex)
    return computeError("real and imag take floats and complex numbers");
  llvm::Expected<ResultBuilder> out = startLike(env, x, elementType);
  if (!out)
    return out.takeError();
  if (out->tensor.getKind() != HostElementKind::Float)
    return computeError("real and imag give floats");
  for (int64_t i = 0, e = out->size(); i < e; ++i) {
    std::complex<double> v = x.getComplex(i);
    out->tensor.setDouble(i, imaginary ? v.imag() : v.real());
  }
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeMakeComplex(const ComputeEnv &env,
                                                         const HostTensor &re,
                                                         const HostTensor &im,
                                                         Type elementType) {
  if (re.getKind() != HostElementKind::Float ||
      re.getElementType() != im.getElementType() ||
      re.getShape() != im.getShape())
    return computeError("complex takes two floats of one type and shape");
  llvm::Expected<ResultBuilder> out = startResult(
      env, elementType, re.getShape(), isUniform(re) && isUniform(im));
  if (!out)
    return out.takeError();
  if (out->tensor.getKind() != HostElementKind::Complex)
    return computeError("complex gives complex numbers");
  for (int64_t i = 0, e = out->size(); i < e; ++i)
    out->tensor.setComplex(i, {re.getDouble(i), im.getDouble(i)});
  return finishResult(std::move(*out));
}
