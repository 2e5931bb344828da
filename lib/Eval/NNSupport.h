//===- NNSupport.h - Shared helpers of the nn kernels -----------*- C++ -*-===//
//
// What the convolution, matmul, pooling and normalization kernels share
// beyond tfg/Eval/Compute/Dense.h: the attributes of windowed ops (strides,
// dilations, padding SAME/VALID/EXPLICIT, data_format) and their output
// geometry as TensorFlow computes it, and the reading of the fused
// epilogues of Grappler's and TF.js's fused ops (BiasAdd or FusedBatchNorm,
// then Add, then an activation).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_EVAL_NNSUPPORT_H
#define TFG_LIB_EVAL_NNSUPPORT_H

#include "KernelSupport.h"

#include "tfg/Eval/Compute/Dense.h"
#include "tfg/Eval/Compute/Window.h"

#include <vector>

namespace mlir {
namespace tfg {

/// readDense and startDense (tfg/Eval/Compute/Dense.h) failing in `ctx`.
template <typename T>
FailureOr<DenseValues<T>> readDense(EvalContext &ctx, const HostTensor &t) {
  llvm::Expected<DenseValues<T>> v = readDense<T>(getComputeEnv(ctx), t);
  if (!v)
    return failWith(ctx, v.takeError());
  return std::move(*v);
}
template <typename T>
FailureOr<DenseResult<T>> startDense(EvalContext &ctx, Type elementType,
                                     ArrayRef<int64_t> shape) {
  llvm::Expected<DenseResult<T>> r =
      startDense<T>(getComputeEnv(ctx), elementType, shape);
  if (!r)
    return failWith(ctx, r.takeError());
  return std::move(*r);
}

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

enum class Padding { Same, Valid, Explicit };
/// The padding attribute.
FailureOr<Padding> getPadding(EvalContext &ctx);
/// Computes `dim.out` and `dim.padBefore` as TensorFlow does (SAME: out =
/// ceil(in / stride), the padding split with the smaller half before;
/// VALID: no padding; EXPLICIT: `before` and `after`); fails on a stride
/// or dilation below 1, a negative output size or overflow.
LogicalResult computeWindow(EvalContext &ctx, WindowDim &dim, Padding padding,
                            int64_t before, int64_t after);

/// Reads strides, dilations (when `withDilations`), padding,
/// explicit_paddings and data_format for an input of `shape` (rank 4) and
/// a window of kh x kw; strides and dilations must be 1 in the batch and
/// channel dimensions.
FailureOr<Window2D> getWindow2D(EvalContext &ctx, ArrayRef<int64_t> shape,
                                int64_t kh, int64_t kw,
                                ArrayRef<int64_t> strides, bool withDilations);

/// The attributes of a 3-D window op (Conv3D and its backprops, 3-D
/// pooling and its gradients): data_format NDHWC or NCDHW, `strides` and
/// `sizesName` (`dilations`, 1 by default, or `ksize`, required) of five
/// entries that are 1 in the batch and channel dimensions, padding SAME or
/// VALID.
struct Window3DAttrs {
  bool first = false;                     // NCDHW
  int channelDim = 4, spatialDim = 1;     // in the input's format
  SmallVector<int64_t, 8> strides, sizes; // 5 entries each
  Padding padding = Padding::Valid;
};
FailureOr<Window3DAttrs> getWindow3DAttrs(EvalContext &ctx,
                                          StringRef sizesName);

/// The `n` non-negative integers of the int vector operand `t` (a shape,
/// ksize or strides), or a failure naming `what`.
FailureOr<SmallVector<int64_t, 4>>
readShape(EvalContext &ctx, const HostTensor &t, StringRef what, int64_t n);
/// Fails (naming `what`) unless `t` holds floats.
LogicalResult checkFloat(EvalContext &ctx, const HostTensor &t, StringRef what);
/// Appends a result of `type` and `shape` holding `values` (rounded once
/// to the element type).
LogicalResult pushResult(EvalContext &ctx, Type type, ArrayRef<int64_t> shape,
                         ArrayRef<double> values);

/// A product of three sizes, or a failure naming `what`.
FailureOr<int64_t> checkedProduct(EvalContext &ctx, ArrayRef<int64_t> sizes,
                                  StringRef what);

/// Reads the `fused_ops`, `num_args`, `epsilon` and `leakyrelu_alpha`
/// attributes of a fused op whose extra operands start at `firstArg`, for
/// an output of `outShape` (as the op returns it) with `channels` channels
/// (the last dimension, or dimension 1 when `nchw`). Fails naming an
/// unknown fused op, a wrong number of args or a mismatching arg shape.
template <typename T>
FailureOr<Epilogue<T>> getFusedEpilogue(EvalContext &ctx, unsigned firstArg,
                                        ArrayRef<int64_t> outShape,
                                        int64_t channels, bool nchw);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_NNSUPPORT_H
