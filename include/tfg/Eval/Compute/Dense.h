//===- Dense.h - Dense float views of host tensors --------------*- C++ -*-===//
//
// What the float compute functions (GEMM, convolutions, windows) share:
// dense views of float operands in the compute type (float for f32, f16
// and bf16; double for f64), dense results, NCHW <-> NHWC moves, and the
// epilogue of fused ops (per-channel scale and shift, an addend, then an
// activation), which TensorFlow's fused kernels and a StableHLO
// interpreter fusing nothing (an identity epilogue) both pass.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_DENSE_H
#define TFG_EVAL_COMPUTE_DENSE_H

#include "tfg/Eval/Compute/Common.h"

#include <vector>

namespace mlir {
namespace tfg {

/// The type a float dtype computes in.
enum class ComputeKind { None, Float, Double };
/// Float for f32, f16, bf16; Double for f64; None otherwise.
ComputeKind getComputeKind(Type elementType);

/// An operand's elements as T, row-major and dense: its own storage when
/// it already is that, a converted copy otherwise.
template <typename T> struct DenseValues {
  const T *data = nullptr;
  int64_t size = 0;
  std::vector<T> storage;
};
/// Reads `t` (a float tensor) as T; fails for a splat expanding beyond the
/// environment's element bound.
template <typename T>
llvm::Expected<DenseValues<T>> readDense(const ComputeEnv &env,
                                         const HostTensor &t);

/// A result computed as T: written in place when the element type is T,
/// into `storage` (converted at the end) otherwise.
template <typename T> struct DenseResult {
  ResultBuilder builder;
  T *data = nullptr;
  std::vector<T> storage;
};
template <typename T>
llvm::Expected<DenseResult<T>>
startDense(const ComputeEnv &env, Type elementType, ArrayRef<int64_t> shape);
/// The finished host tensor of `r`.
template <typename T> HostTensor takeDense(DenseResult<T> &r);

/// Moves [n, c, hw] to [n, hw, c] and back.
template <typename T>
void nchwToNhwc(const T *src, T *dst, int64_t n, int64_t c, int64_t hw);
template <typename T>
void nhwcToNchw(const T *src, T *dst, int64_t n, int64_t c, int64_t hw);

enum class Activation {
  None,
  Relu,
  Relu6,
  Elu,
  LeakyRelu,
  Sigmoid,
  Tanh,
  Prelu,
  GeluExact,
  GeluApproximate,
  /// x * sigmoid(x) (fused_ops' `_MklSwish`).
  Swish
};

/// The epilogue of a fused op on an output seen as [rows, channels]
/// (channels last): x * scale + shift per channel (scale empty: 1; shift
/// empty: 0), plus `addend` (same layout), then the activation.
template <typename T> struct Epilogue {
  std::vector<T> scale, shift, addend, alphas;
  Activation activation = Activation::None;
  T alpha = T(0.2);
  bool isIdentity() const {
    return scale.empty() && shift.empty() && addend.empty() &&
           activation == Activation::None;
  }
  /// Applies to rows [r0, r1) and channels [c0, c1) of `out` ([rows,
  /// channels] row-major with `channels` columns).
  void apply(T *out, int64_t channels, int64_t r0, int64_t r1, int64_t c0,
             int64_t c1) const;
};

/// Applies `e` to an output [rows, channels] in parallel over rows.
template <typename T>
void applyEpilogue(MLIRContext *context, const Epilogue<T> &e, T *out,
                   int64_t rows, int64_t channels);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_DENSE_H
