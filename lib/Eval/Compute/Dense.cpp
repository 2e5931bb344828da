//===- Dense.cpp - Dense float views of host tensors
//-----------------------===//
//
// The functions of tfg/Eval/Compute/Dense.h: dense float views and
// results, NCHW <-> NHWC moves and the fused epilogues (scale and shift,
// addend, then Relu, Relu6, Elu, LeakyRelu, Sigmoid, Tanh, Prelu,
// GeluExact, GeluApproximate or Swish).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Dense.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Threading.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

using namespace mlir;
using namespace mlir::tfg;

ComputeKind mlir::tfg::getComputeKind(Type elementType) {
  if (elementType.isF32() || elementType.isF16() || elementType.isBF16())
    return ComputeKind::Float;
  if (elementType.isF64())
    return ComputeKind::Double;
  return ComputeKind::None;
}

/// Whether `type` stores T itself.
template <typename T> static bool isNative(Type type) {
  return std::is_same_v<T, float> ? type.isF32() : type.isF64();
}

template <typename T>
llvm::Expected<DenseValues<T>> mlir::tfg::readDense(const ComputeEnv &env,
                                                    const HostTensor &t) {
  if (getComputeKind(t.getElementType()) == ComputeKind::None)
    return computeError("expected a float tensor");
  DenseValues<T> v;
  v.size = t.getNumElements();
  bool native = isNative<T>(t.getElementType());
  if (native && !t.isSplat()) {
    v.data = t.data<T>().data();
    return v;
  }
  if (v.size > env.maxElements)
    return computeError("a splat operand of " + std::to_string(v.size) +
                        " elements exceeds the bound of " +
                        std::to_string(env.maxElements));
  v.storage.resize(static_cast<size_t>(v.size));
  if (t.isSplat()) {
    std::fill(v.storage.begin(), v.storage.end(),
              native ? t.data<T>()[0] : static_cast<T>(t.getDouble(0)));
  } else {
    for (int64_t i = 0; i < v.size; ++i)
      v.storage[i] = static_cast<T>(t.getDouble(i));
  }
  v.data = v.storage.data();
  return v;
}

template <typename T>
llvm::Expected<DenseResult<T>> mlir::tfg::startDense(const ComputeEnv &env,
                                                     Type elementType,
                                                     ArrayRef<int64_t> shape) {
  llvm::Expected<ResultBuilder> b = startResult(env, elementType, shape, false);
  if (!b)
    return b.takeError();
  DenseResult<T> r;
  r.builder = std::move(*b);
  if (isNative<T>(elementType)) {
    r.data = r.builder.tensor.template data<T>().data();
  } else {
    r.storage.assign(static_cast<size_t>(r.builder.size()), T(0));
    r.data = r.storage.data();
  }
  return r;
}

template <typename T> HostTensor mlir::tfg::takeDense(DenseResult<T> &r) {
  for (size_t i = 0; i < r.storage.size(); ++i)
    r.builder.tensor.setDouble(i, r.storage[i]);
  return std::move(r.builder.tensor);
}

template <typename T>
void mlir::tfg::nchwToNhwc(const T *src, T *dst, int64_t n, int64_t c,
                           int64_t hw) {
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch) {
      const T *from = src + (b * c + ch) * hw;
      T *to = dst + b * c * hw + ch;
      for (int64_t p = 0; p < hw; ++p)
        to[p * c] = from[p];
    }
}

template <typename T>
void mlir::tfg::nhwcToNchw(const T *src, T *dst, int64_t n, int64_t c,
                           int64_t hw) {
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch) {
      const T *from = src + b * c * hw + ch;
      T *to = dst + (b * c + ch) * hw;
      for (int64_t p = 0; p < hw; ++p)
        to[p] = from[p * c];
    }
}

template <typename T>
void Epilogue<T>::apply(T *out, int64_t channels, int64_t r0, int64_t r1,
                        int64_t c0, int64_t c1) const {
  const T *sc = scale.empty() ? nullptr : scale.data();
  const T *sh = shift.empty() ? nullptr : shift.data();
  const T *al = alphas.data();
  for (int64_t r = r0; r < r1; ++r) {
    T *row = out + r * channels;
    if (sc)
      for (int64_t c = c0; c < c1; ++c)
        row[c] *= sc[c];
    if (sh)
      for (int64_t c = c0; c < c1; ++c)
        row[c] += sh[c];
    if (!addend.empty()) {
      const T *add = addend.data() + r * channels;
      for (int64_t c = c0; c < c1; ++c)
        row[c] += add[c];
    }
    switch (activation) {
    case Activation::None:
      break;
    case Activation::Relu:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = row[c] < T(0) ? T(0) : row[c];
      break;
    case Activation::Relu6:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = row[c] < T(0) ? T(0) : (row[c] > T(6) ? T(6) : row[c]);
      break;
    case Activation::Elu:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = row[c] < T(0) ? std::expm1(row[c]) : row[c];
      break;
    case Activation::LeakyRelu:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = row[c] < T(0) ? alpha * row[c] : row[c];
      break;
    case Activation::Sigmoid:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = T(1) / (T(1) + std::exp(-row[c]));
      break;
    case Activation::Tanh:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = std::tanh(row[c]);
      break;
    case Activation::Prelu:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = row[c] < T(0) ? al[c] * row[c] : row[c];
      break;
    case Activation::GeluExact:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = T(0.5) * row[c] *
                 (T(1) + std::erf(row[c] * T(0.70710678118654752)));
      break;
    case Activation::GeluApproximate:
      for (int64_t c = c0; c < c1; ++c) {
        T x = row[c];
        row[c] = T(0.5) * x *
                 (T(1) + std::tanh(T(0.79788456080286536) *
                                   (x + T(0.044715) * x * x * x)));
      }
      break;
    case Activation::Swish:
      for (int64_t c = c0; c < c1; ++c)
        row[c] = row[c] / (T(1) + std::exp(-row[c]));
      break;
    }
  }
}

template <typename T>
void mlir::tfg::applyEpilogue(MLIRContext *context, const Epilogue<T> &e,
                              T *out, int64_t rows, int64_t channels) {
  if (e.isIdentity() || rows <= 0 || channels <= 0)
    return;
  int64_t chunk = std::max<int64_t>(1, 16384 / channels);
  int64_t chunks = (rows + chunk - 1) / chunk;
  auto run = [&](size_t i) {
    int64_t r0 = static_cast<int64_t>(i) * chunk;
    e.apply(out, channels, r0, std::min(rows, r0 + chunk), 0, channels);
  };
  if (chunks == 1 || !context)
    for (int64_t i = 0; i < chunks; ++i)
      run(i);
  else
    parallelFor(context, 0, chunks, run);
}

#define TFG_INSTANTIATE(T)                                                     \
  template llvm::Expected<DenseValues<T>> mlir::tfg::readDense(                \
      const ComputeEnv &, const HostTensor &);                                 \
  template llvm::Expected<DenseResult<T>> mlir::tfg::startDense(               \
      const ComputeEnv &, Type, ArrayRef<int64_t>);                            \
  template HostTensor mlir::tfg::takeDense(DenseResult<T> &);                  \
  template void mlir::tfg::nchwToNhwc(const T *, T *, int64_t, int64_t,        \
                                      int64_t);                                \
  template void mlir::tfg::nhwcToNchw(const T *, T *, int64_t, int64_t,        \
                                      int64_t);                                \
  template struct mlir::tfg::Epilogue<T>;                                      \
  template void mlir::tfg::applyEpilogue(MLIRContext *, const Epilogue<T> &,   \
                                         T *, int64_t, int64_t);
TFG_INSTANTIATE(float)
TFG_INSTANTIATE(double)
