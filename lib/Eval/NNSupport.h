//===- NNSupport.h - Shared helpers of the nn kernels -----------*- C++ -*-===//
//
// What the convolution, matmul, pooling and normalization kernels share:
// dense views of float operands in the compute type (float for f32, f16
// and bf16; double for f64), dense results, the attributes of windowed ops
// (strides, dilations, padding SAME/VALID/EXPLICIT, data_format) and their
// output geometry as TensorFlow computes it, NCHW <-> NHWC moves, and the
// fused epilogues of Grappler's and TF.js's fused ops (BiasAdd or
// FusedBatchNorm, then Add, then an activation).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_EVAL_NNSUPPORT_H
#define TFG_LIB_EVAL_NNSUPPORT_H

#include "Kernels.h"

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
/// context's element bound.
template <typename T>
FailureOr<DenseValues<T>> readDense(EvalContext &ctx, const HostTensor &t);

/// A result computed as T: written in place when the element type is T,
/// into `storage` (converted at the end) otherwise.
template <typename T> struct DenseResult {
  ResultBuilder builder;
  T *data = nullptr;
  std::vector<T> storage;
};
template <typename T>
FailureOr<DenseResult<T>> startDense(EvalContext &ctx, Type elementType,
                                     ArrayRef<int64_t> shape);
/// The finished host tensor of `r`.
template <typename T> HostTensor takeDense(DenseResult<T> &r);

/// An int attribute (`def` when absent); fails when it is not an int.
FailureOr<int64_t> readIntAttr(EvalContext &ctx, StringRef name, int64_t def);
/// A float attribute (`def` when absent).
FailureOr<double> readFloatAttr(EvalContext &ctx, StringRef name, double def);
/// A bool attribute (`def` when absent).
FailureOr<bool> readBoolAttr(EvalContext &ctx, StringRef name, bool def);
/// A string attribute (`def` when absent).
FailureOr<std::string> readStringAttr(EvalContext &ctx, StringRef name,
                                      StringRef def);
/// A list(int) attribute of `size` entries (any size when 0); `def` when
/// absent (an empty `def` makes it required).
FailureOr<SmallVector<int64_t, 8>> getIntListAttr(EvalContext &ctx,
                                                  StringRef name, size_t size,
                                                  ArrayRef<int64_t> def);
/// data_format: false for NHWC (the default), true for NCHW.
FailureOr<bool> getNCHW(EvalContext &ctx);

/// One spatial dimension of a windowed op.
struct WindowDim {
  int64_t in = 0, size = 0, stride = 1, dilation = 1;
  int64_t out = 0, padBefore = 0;
};
enum class Padding { Same, Valid, Explicit };
/// The padding attribute.
FailureOr<Padding> getPadding(EvalContext &ctx);
/// Computes `dim.out` and `dim.padBefore` as TensorFlow does (SAME: out =
/// ceil(in / stride), the padding split with the smaller half before;
/// VALID: no padding; EXPLICIT: `before` and `after`); fails on a stride
/// or dilation below 1, a negative output size or overflow.
LogicalResult computeWindow(EvalContext &ctx, WindowDim &dim, Padding padding,
                            int64_t before, int64_t after);

/// The 2-D geometry of Conv2D, DepthwiseConv2dNative and the pools:
/// input [batch, h, w, channels] in NHWC terms.
struct Window2D {
  int64_t batch = 0, channels = 0;
  WindowDim h, w;
  bool nchw = false;
};
/// Reads strides, dilations (when `withDilations`), padding,
/// explicit_paddings and data_format for an input of `shape` (rank 4) and
/// a window of kh x kw; strides and dilations must be 1 in the batch and
/// channel dimensions.
FailureOr<Window2D> getWindow2D(EvalContext &ctx, ArrayRef<int64_t> shape,
                                int64_t kh, int64_t kw,
                                ArrayRef<int64_t> strides, bool withDilations);

/// Moves [n, c, hw] to [n, hw, c] and back.
template <typename T>
void nchwToNhwc(const T *src, T *dst, int64_t n, int64_t c, int64_t hw);
template <typename T>
void nhwcToNchw(const T *src, T *dst, int64_t n, int64_t c, int64_t hw);

/// A product of three sizes, or a failure naming `what`.
FailureOr<int64_t> checkedProduct(EvalContext &ctx, ArrayRef<int64_t> sizes,
                                  StringRef what);

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
  GeluApproximate
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

/// Reads the `fused_ops`, `num_args`, `epsilon` and `leakyrelu_alpha`
/// attributes of a fused op whose extra operands start at `firstArg`, for
/// an output of `outShape` (as the op returns it) with `channels` channels
/// (the last dimension, or dimension 1 when `nchw`). Fails naming an
/// unknown fused op, a wrong number of args or a mismatching arg shape.
template <typename T>
FailureOr<Epilogue<T>> getFusedEpilogue(EvalContext &ctx, unsigned firstArg,
                                        ArrayRef<int64_t> outShape,
                                        int64_t channels, bool nchw);

/// Applies `e` to an output [rows, channels] in parallel over rows.
template <typename T>
void applyEpilogue(MLIRContext *context, const Epilogue<T> &e, T *out,
                   int64_t rows, int64_t channels);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_NNSUPPORT_H
