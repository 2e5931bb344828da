//===- Convolution.h - Convolutions over host tensors -----------*- C++ -*-===//
//
// The convolutions of TensorFlow's kernels (ConvKernels.cpp) as typed
// compute functions on a geometry their adapters compute from TensorFlow's
// attributes (tfg/Eval/Compute/Window.h), usable by a StableHLO interpreter
// for the convolutions that have that form (2-D or 3-D, channels last or
// first, no lhs dilation).
//
// Floats compute in float (f16, bf16, f32) or double (f64). A convolution
// is a GEMM (tfg/Eval/Compute/Gemm.h) of im2col rows of the output (built
// per tile of output rows, a bounded buffer) by the filter as a
// [kh*kw*in, out] matrix; a 1x1 stride-1 unpadded convolution is the GEMM
// of the input itself. Depthwise is a direct loop vectorized over
// channels. The transposed convolution multiplies the output gradient by
// the transposed filter and scatters the columns back (col2im). A fused
// epilogue (tfg/Eval/Compute/Dense.h) runs on each tile while it is in
// cache.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_CONVOLUTION_H
#define TFG_EVAL_COMPUTE_CONVOLUTION_H

#include "tfg/Eval/Compute/Dense.h"
#include "tfg/Eval/Compute/Window.h"

namespace mlir {
namespace tfg {

/// How a 2-D filter maps input to output channels.
enum class Conv2DKind {
  /// Filter [kh, kw, in / groups, out]: output channel group g (out /
  /// groups channels) reads input channels [g * in/groups, (g + 1) *
  /// in/groups); groups = input channels / filter's in (1: a plain
  /// convolution).
  Dense,
  /// Filter [kh, kw, in, multiplier]: output channel c * multiplier + m
  /// reads input channel c.
  Depthwise,
};

/// The output of a 2-D convolution: its shape (in the input's layout), its
/// channels and the groups of a Dense one.
struct Conv2DGeometry {
  SmallVector<int64_t, 4> shape;
  int64_t outChannels = 0;
  int64_t groups = 1;
};
/// The geometry of convolving an input of `win` by a filter of
/// `filterShape`; fails (naming the channels) when they do not fit.
llvm::Expected<Conv2DGeometry> getConv2DGeometry(Conv2DKind kind,
                                                 ArrayRef<int64_t> filterShape,
                                                 const Window2D &win);

/// Convolves `input` (rank 4, NHWC or NCHW per `win.nchw`) by `filter`
/// over `win`, then applies `epilogue` (on the result seen as [pixels,
/// channels]). Input and filter have one float type, computed as T (float
/// or double: see getComputeKind).
template <typename T>
llvm::Expected<HostTensor>
computeConv2D(const ComputeEnv &env, Conv2DKind kind, const HostTensor &input,
              const HostTensor &filter, const Window2D &win,
              const Epilogue<T> &epilogue);
/// The same without an epilogue, computed in the element type's compute
/// type.
llvm::Expected<HostTensor> computeConv2D(const ComputeEnv &env, Conv2DKind kind,
                                         const HostTensor &input,
                                         const HostTensor &filter,
                                         const Window2D &win);

/// The transposed 2-D convolution (TensorFlow's Conv2DBackpropInput): the
/// input of shape `inputShape` (rank 4, in the layout of `win.nchw`) whose
/// convolution by `filter` ([kh, kw, in, out]) over `win` has gradient
/// `dy`.
llvm::Expected<HostTensor> computeConv2DTranspose(const ComputeEnv &env,
                                                  ArrayRef<int64_t> inputShape,
                                                  const HostTensor &filter,
                                                  const HostTensor &dy,
                                                  const Window2D &win);

/// A 3-D convolution: `input` [n, d, h, w, c] (NDHWC, or NCDHW when
/// `channelsFirst`), `filter` [kd, kh, kw, c, out], over the three spatial
/// `dims`.
llvm::Expected<HostTensor> computeConv3D(const ComputeEnv &env,
                                         const HostTensor &input,
                                         const HostTensor &filter,
                                         ArrayRef<WindowDim> dims,
                                         bool channelsFirst);
/// The same, then `epilogue` on the result seen as [voxels, channels]
/// (Grappler's _FusedConv3D), computed as T (float or double).
template <typename T>
llvm::Expected<HostTensor>
computeConv3D(const ComputeEnv &env, const HostTensor &input,
              const HostTensor &filter, ArrayRef<WindowDim> dims,
              bool channelsFirst, const Epilogue<T> &epilogue);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_CONVOLUTION_H
