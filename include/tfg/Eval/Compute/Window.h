//===- Window.h - Pooling and reduce_window ---------------------*- C++ -*-===//
//
// Windowed reductions over HostTensor: TensorFlow's pools (MaxPool,
// AvgPool and their 3-D forms, PoolKernels.cpp) on the geometry their
// adapters compute from TensorFlow's attributes (WindowDim: SAME, VALID or
// explicit padding), and StableHLO's reduce_window for the bodies that are
// one add, multiply, maximum, minimum, and or or.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_WINDOW_H
#define TFG_EVAL_COMPUTE_WINDOW_H

#include "tfg/Eval/Compute/Common.h"
#include "tfg/Eval/Compute/Reduction.h"

#include <utility>

namespace mlir {
namespace tfg {

/// One spatial dimension of a windowed op: the input's size, the window's
/// size, stride and dilation, the output's size and the padding before the
/// first element (the padding after is what the output size implies).
struct WindowDim {
  int64_t in = 0, size = 0, stride = 1, dilation = 1;
  int64_t out = 0, padBefore = 0;
};

/// The 2-D geometry of a convolution or pool: input [batch, h, w,
/// channels] in NHWC terms, stored NCHW when `nchw`.
struct Window2D {
  int64_t batch = 0, channels = 0;
  WindowDim h, w;
  bool nchw = false;
};

/// What a pool computes per window: the largest element (starting from
/// -inf), or the mean of the window's elements inside the input (padding is
/// not counted), as TensorFlow's MaxPool and AvgPool do.
enum class PoolKind { Max, Avg };

/// Pools `x` (rank 4, f16, bf16, f32 or f64; NHWC, or NCHW when
/// `win.nchw`) over windows of `win` (dilation 1).
llvm::Expected<HostTensor> computePool2D(const ComputeEnv &env, PoolKind kind,
                                         const HostTensor &x,
                                         const Window2D &win);

/// Pools `x` (rank 5: NDHWC, or NCDHW when `channelsFirst`) over windows of
/// the three spatial `dims` (dilation 1).
llvm::Expected<HostTensor> computePool3D(const ComputeEnv &env, PoolKind kind,
                                         const HostTensor &x,
                                         ArrayRef<WindowDim> dims,
                                         bool channelsFirst);

/// The window of StableHLO's reduce_window, one entry per dimension of the
/// input (spec.md, "reduce_window"). Empty strides and dilations are 1s,
/// empty padding is 0s.
struct ReduceWindowOptions {
  SmallVector<int64_t, 4> dimensions;
  SmallVector<int64_t, 4> strides;
  SmallVector<int64_t, 4> baseDilations;
  SmallVector<int64_t, 4> windowDilations;
  SmallVector<std::pair<int64_t, int64_t>, 4> padding;
};

/// StableHLO's reduce_window with a body that is one `op` (Sum, Prod, Max,
/// Min, All or Any): each result element combines `init` (a scalar of the
/// input's type) with the window's elements of the input padded (and
/// base-dilated) with `init`. Floats combine in double and round once; Max
/// and Min propagate NaN.
llvm::Expected<HostTensor>
computeReduceWindow(const ComputeEnv &env, ReduceOp op, const HostTensor &input,
                    const HostTensor &init, const ReduceWindowOptions &window);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_WINDOW_H
