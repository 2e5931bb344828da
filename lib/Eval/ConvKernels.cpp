//===- ConvKernels.cpp - Conv2D, depthwise and transposed convolutions ----===//
//
// Conv2D, DepthwiseConv2dNative (TF.js also names it DepthwiseConv2d),
// Conv2DBackpropInput, Conv3D and the fused forms _FusedConv2D /
// FusedConv2D, _FusedDepthwiseConv2dNative / FusedDepthwiseConv2dNative
// (TF.js) and _FusedConv3D (Grappler's, NDHWC or NCDHW), with TensorFlow's
// attributes: strides, dilations, padding SAME/VALID/EXPLICIT
// (explicit_paddings) and data_format NHWC/NCHW; the filter is [kh, kw, in,
// out] ([kh, kw, in, multiplier] for depthwise, whose output channel c *
// multiplier + m reads input channel c). Conv2D also takes an input whose
// channels are a multiple `groups` of the filter's in (a grouped convolution,
// as TensorFlow does): output channel group g (fs[3] / groups channels) reads
// input channels [g * in, (g + 1) * in). Floats compute in float (f16, bf16,
// f32) or double (f64).
//
// The kernels decode the attributes into a geometry and the fused
// epilogue and call tfg/Eval/Compute/Convolution.h, which computes: Conv2D
// as a GEMM of im2col rows, depthwise as a direct loop, the transposed
// convolution by col2im, Conv3D (NDHWC/NCDHW, SAME or VALID) as the GEMM
// of 3-D im2col rows.
//
//===----------------------------------------------------------------------===//

#include "NNSupport.h"

#include "tfg/Eval/Compute/Convolution.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class ConvMode { Conv, FusedConv, Depthwise, FusedDepthwise };
} // namespace

template <typename T>
static LogicalResult convolve(EvalContext &ctx, ConvMode mode,
                              const HostTensor &input,
                              const HostTensor &filter) {
  Conv2DKind kind =
      mode == ConvMode::Depthwise || mode == ConvMode::FusedDepthwise
          ? Conv2DKind::Depthwise
          : Conv2DKind::Dense;
  if (filter.getRank() != 4 || input.getRank() != 4)
    return ctx.fail("input and filter must be rank 4, not " +
                    formatShape(input.getShape()) + " and " +
                    formatShape(filter.getShape()));
  ArrayRef<int64_t> fs = filter.getShape();
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 4, {});
  if (failed(strides))
    return failure();
  FailureOr<Window2D> win =
      getWindow2D(ctx, input.getShape(), fs[0], fs[1], *strides, true);
  if (failed(win))
    return failure();
  llvm::Expected<Conv2DGeometry> geometry = getConv2DGeometry(kind, fs, *win);
  if (!geometry)
    return failWith(ctx, geometry.takeError());
  Epilogue<T> e;
  if (mode == ConvMode::FusedConv || mode == ConvMode::FusedDepthwise) {
    FailureOr<Epilogue<T>> fused = getFusedEpilogue<T>(
        ctx, 2, geometry->shape, geometry->outChannels, win->nchw);
    if (failed(fused))
      return failure();
    e = std::move(*fused);
  } else if (ctx.getNumOperands() != 2) {
    return ctx.fail("expected 2 operands");
  }
  return setComputedResult(
      ctx, computeConv2D<T>(getComputeEnv(ctx), kind, input, filter, *win, e));
}

template <ConvMode mode> static LogicalResult convKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &input = *(*ops)[0], &filter = *(*ops)[1];
  if (input.getElementType() != filter.getElementType())
    return ctx.fail("input and filter must have one element type");
  switch (getComputeKind(input.getElementType())) {
  case ComputeKind::Float:
    return convolve<float>(ctx, mode, input, filter);
  case ComputeKind::Double:
    return convolve<double>(ctx, mode, input, filter);
  case ComputeKind::None:
    break;
  }
  return ctx.fail("convolutions take float tensors");
}

/// Conv2DBackpropInput: the gradient of Conv2D with respect to its input,
/// i.e. the transposed convolution of out_backprop by the filter.
static LogicalResult convTranspose(EvalContext &ctx, ArrayRef<int64_t> sizes,
                                   const HostTensor &filter,
                                   const HostTensor &dy) {
  ArrayRef<int64_t> fs = filter.getShape();
  if (fs.size() != 4 || dy.getRank() != 4)
    return ctx.fail("filter and out_backprop must be rank 4, not " +
                    formatShape(fs) + " and " + formatShape(dy.getShape()));
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 4, {});
  if (failed(strides))
    return failure();
  FailureOr<Window2D> win =
      getWindow2D(ctx, sizes, fs[0], fs[1], *strides, true);
  if (failed(win))
    return failure();
  return setComputedResult(
      ctx, computeConv2DTranspose(getComputeEnv(ctx), sizes, filter, dy, *win));
}

static LogicalResult conv2DBackpropInputKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &sizes = *(*ops)[0], &filter = *(*ops)[1], &dy = *(*ops)[2];
  if (sizes.getKind() != HostElementKind::Signed || sizes.getRank() != 1 ||
      sizes.getNumElements() != 4)
    return ctx.fail("input_sizes must be an int vector of 4 elements");
  SmallVector<int64_t, 4> shape;
  for (int64_t i = 0; i < 4; ++i) {
    if (sizes.getInt(i) < 0)
      return ctx.fail("input_sizes must be non-negative");
    shape.push_back(sizes.getInt(i));
  }
  if (filter.getElementType() != dy.getElementType())
    return ctx.fail("filter and out_backprop must have one element type");
  if (getComputeKind(dy.getElementType()) == ComputeKind::None)
    return ctx.fail("convolutions take float tensors");
  return convTranspose(ctx, shape, filter, dy);
}

/// Conv3D, then the fused epilogue of _FusedConv3D (operands from 2 on).
template <typename T>
static LogicalResult
convolve3D(EvalContext &ctx, const HostTensor &input, const HostTensor &filter,
           ArrayRef<WindowDim> dims, bool first, bool fused) {
  Epilogue<T> e;
  if (fused) {
    ArrayRef<int64_t> xs = input.getShape();
    int64_t outC = filter.getShape()[4];
    SmallVector<int64_t, 5> shape =
        first ? SmallVector<int64_t, 5>{xs[0], outC, dims[0].out, dims[1].out,
                                        dims[2].out}
              : SmallVector<int64_t, 5>{xs[0], dims[0].out, dims[1].out,
                                        dims[2].out, outC};
    FailureOr<Epilogue<T>> f = getFusedEpilogue<T>(ctx, 2, shape, outC, first);
    if (failed(f))
      return failure();
    e = std::move(*f);
  } else if (ctx.getNumOperands() != 2) {
    return ctx.fail("expected 2 operands");
  }
  return setComputedResult(
      ctx, computeConv3D<T>(getComputeEnv(ctx), input, filter, dims, first, e));
}

/// Conv3D: NDHWC or NCDHW input [n, d, h, w, c], filter [kd, kh, kw, c,
/// out], strides and dilations of 5 entries (1 in the batch and depth
/// dimensions), padding SAME or VALID; the GEMM of 3-D im2col rows.
/// _FusedConv3D (`fused`) applies its epilogue on each tile.
static LogicalResult conv3D(EvalContext &ctx, const HostTensor &input,
                            const HostTensor &filter, bool fused) {
  ArrayRef<int64_t> xs = input.getShape(), fs = filter.getShape();
  if (xs.size() != 5 || fs.size() != 5)
    return ctx.fail("input and filter must be rank 5, not " + formatShape(xs) +
                    " and " + formatShape(fs));
  FailureOr<Window3DAttrs> attrs = getWindow3DAttrs(ctx, "dilations");
  if (failed(attrs))
    return failure();
  bool first = attrs->first;
  int cIdx = attrs->channelDim, s0 = attrs->spatialDim;
  ArrayRef<int64_t> strides = attrs->strides, dilations = attrs->sizes;
  int64_t channels = xs[cIdx];
  if (fs[3] != channels)
    return ctx.fail("filter has " + std::to_string(fs[3]) +
                    " input channels but the input has " +
                    std::to_string(channels));
  WindowDim dims[3];
  for (int i = 0; i < 3; ++i) {
    dims[i] = {xs[s0 + i], fs[i], strides[s0 + i], dilations[s0 + i], 0, 0};
    if (failed(computeWindow(ctx, dims[i], attrs->padding, 0, 0)))
      return failure();
  }
  if (getComputeKind(input.getElementType()) == ComputeKind::Double)
    return convolve3D<double>(ctx, input, filter, dims, first, fused);
  return convolve3D<float>(ctx, input, filter, dims, first, fused);
}

template <bool fused> static LogicalResult conv3DKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &input = *(*ops)[0], &filter = *(*ops)[1];
  if (input.getElementType() != filter.getElementType())
    return ctx.fail("input and filter must have one element type");
  if (getComputeKind(input.getElementType()) == ComputeKind::None)
    return ctx.fail("convolutions take float tensors");
  return conv3D(ctx, input, filter, fused);
}

void mlir::tfg::addConvKernels(EvalKernelTable &table) {
  addKernels(table, {"Conv2D"}, convKernel<ConvMode::Conv>);
  addKernels(table, {"_FusedConv2D", "FusedConv2D"},
             convKernel<ConvMode::FusedConv>);
  addKernels(table, {"DepthwiseConv2dNative", "DepthwiseConv2d"},
             convKernel<ConvMode::Depthwise>);
  addKernels(table,
             {"_FusedDepthwiseConv2dNative", "FusedDepthwiseConv2dNative"},
             convKernel<ConvMode::FusedDepthwise>);
  addKernels(table, {"Conv2DBackpropInput"}, conv2DBackpropInputKernel);
  addKernels(table, {"Conv3D"}, conv3DKernel<false>);
  addKernels(table, {"_FusedConv3D"}, conv3DKernel<true>);
}
