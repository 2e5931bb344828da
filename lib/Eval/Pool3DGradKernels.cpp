//===- Pool3DGradKernels.cpp - Gradients of the 3-D pools ----------------===//
//
// The gradients of MaxPool3D and AvgPool3D on float tensors (accumulated in
// double, rounded once to the element type), NDHWC or NCDHW, ksize and
// strides of 5 entries (1 in the batch and channel dimensions), padding
// SAME or VALID:
// - MaxPool3DGrad(x, y, dy): each dy element goes to every element of its
//   window (padding skipped) equal to y's element there, the window's
//   maximum (TensorFlow's CPU kernel compares the input with the output).
// - MaxPool3DGradGrad(x, y, g): each output element is g at the first
//   element of its window (row-major window order) equal to y's element
//   there (0 when none is).
// - AvgPool3DGrad(x_shape, dy): each dy element divided among its window's
//   elements inside the input (AvgPool3D counts no padding).
//
//===----------------------------------------------------------------------===//

#include "KernelRegistry.h"
#include "KernelSupport.h"
#include "NNSupport.h"

#include <algorithm>
#include <array>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The geometry of a 3-D pool: its input's batch and channels and three
/// spatial dimensions, stored NCDHW when `first` (else NDHWC).
struct Pool3D {
  int64_t batch = 0, channels = 0;
  std::array<WindowDim, 3> dims;
  bool first = false;

  /// The element index of [n, p..., c] in the input (`in`) or the output.
  int64_t at(bool in, int64_t n, const std::array<int64_t, 3> &p,
             int64_t c) const {
    int64_t s[3];
    for (int d = 0; d < 3; ++d)
      s[d] = in ? dims[d].in : dims[d].out;
    int64_t spatial = (p[0] * s[1] + p[1]) * s[2] + p[2];
    return first ? (n * channels + c) * s[0] * s[1] * s[2] + spatial
                 : (n * s[0] * s[1] * s[2] + spatial) * channels + c;
  }
  /// The output shape, in the input's format.
  SmallVector<int64_t, 5> outputShape() const {
    if (first)
      return {batch, channels, dims[0].out, dims[1].out, dims[2].out};
    return {batch, dims[0].out, dims[1].out, dims[2].out, channels};
  }
};
} // namespace

/// Reads ksize, strides, padding and data_format for an input of `shape`.
static FailureOr<Pool3D> getPool3D(EvalContext &ctx, ArrayRef<int64_t> shape) {
  FailureOr<Window3DAttrs> attrs = getWindow3DAttrs(ctx, "ksize");
  if (failed(attrs))
    return failure();
  if (shape.size() != 5)
    return ctx.fail("the input must be rank 5, not " + formatShape(shape));
  Pool3D pool;
  pool.first = attrs->first;
  int cIdx = attrs->channelDim, s0 = attrs->spatialDim;
  pool.batch = shape[0];
  pool.channels = shape[cIdx];
  for (int d = 0; d < 3; ++d) {
    pool.dims[d] = {
        shape[s0 + d], attrs->sizes[s0 + d], attrs->strides[s0 + d], 1, 0, 0};
    if (failed(computeWindow(ctx, pool.dims[d], attrs->padding, 0, 0)))
      return failure();
  }
  return pool;
}

/// Calls `window(n, c, o, lo, hi)` for every output element [n, o..., c]
/// with the bounds [lo, hi) of its window inside the input.
template <typename Fn> static void forEachWindow(const Pool3D &pool, Fn &&fn) {
  std::array<int64_t, 3> o, lo, hi;
  for (int64_t n = 0; n < pool.batch; ++n)
    for (o[0] = 0; o[0] < pool.dims[0].out; ++o[0])
      for (o[1] = 0; o[1] < pool.dims[1].out; ++o[1])
        for (o[2] = 0; o[2] < pool.dims[2].out; ++o[2]) {
          for (int d = 0; d < 3; ++d) {
            const WindowDim &dim = pool.dims[d];
            int64_t start = o[d] * dim.stride - dim.padBefore;
            lo[d] = std::max<int64_t>(start, 0);
            hi[d] = std::min(start + dim.size, dim.in);
          }
          for (int64_t c = 0; c < pool.channels; ++c)
            fn(n, c, o, lo, hi);
        }
}

/// Calls `fn(p)` for the input positions in [lo, hi), row-major, until it
/// returns false.
template <typename Fn>
static void forEachInside(const std::array<int64_t, 3> &lo,
                          const std::array<int64_t, 3> &hi, Fn &&fn) {
  std::array<int64_t, 3> p;
  for (p[0] = lo[0]; p[0] < hi[0]; ++p[0])
    for (p[1] = lo[1]; p[1] < hi[1]; ++p[1])
      for (p[2] = lo[2]; p[2] < hi[2]; ++p[2])
        if (!fn(p))
          return;
}

/// MaxPool3DGrad, or MaxPool3DGradGrad when `gradGrad` (the grad operand
/// then has the input's shape and the result the output's).
template <bool gradGrad>
static LogicalResult maxPool3DGradKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0], &y = *(*ops)[1], &g = *(*ops)[2];
  if (failed(checkFloat(ctx, x, "orig_input")) ||
      failed(checkFloat(ctx, y, "orig_output")) ||
      failed(checkFloat(ctx, g, "grad")))
    return failure();
  FailureOr<Pool3D> pool = getPool3D(ctx, x.getShape());
  if (failed(pool))
    return failure();
  SmallVector<int64_t, 5> outShape = pool->outputShape();
  if (y.getShape() != ArrayRef<int64_t>(outShape))
    return ctx.fail("orig_output has shape " + formatShape(y.getShape()) +
                    ", not the pool's output shape");
  ArrayRef<int64_t> gradShape = gradGrad ? x.getShape() : outShape;
  if (g.getShape() != gradShape)
    return ctx.fail("grad has shape " + formatShape(g.getShape()) + ", not " +
                    formatShape(gradShape));
  std::vector<double> out(
      static_cast<size_t>(gradGrad ? y.getNumElements() : x.getNumElements()),
      0.0);
  forEachWindow(*pool,
                [&](int64_t n, int64_t c, const std::array<int64_t, 3> &o,
                    const std::array<int64_t, 3> &lo,
                    const std::array<int64_t, 3> &hi) {
                  int64_t yi = pool->at(false, n, o, c);
                  double max = y.getDouble(yi);
                  forEachInside(lo, hi, [&](const std::array<int64_t, 3> &p) {
                    int64_t xi = pool->at(true, n, p, c);
                    if (x.getDouble(xi) != max)
                      return true;
                    if (gradGrad) {
                      out[static_cast<size_t>(yi)] = g.getDouble(xi);
                      return false;
                    }
                    out[static_cast<size_t>(xi)] += g.getDouble(yi);
                    return true;
                  });
                });
  ctx.results.clear();
  ctx.hostResults.clear();
  return pushResult(ctx, g.getElementType(),
                    gradGrad ? y.getShape() : x.getShape(), out);
}

static LogicalResult avgPool3DGradKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &sizes = *(*ops)[0], &dy = *(*ops)[1];
  FailureOr<SmallVector<int64_t, 4>> shape =
      readShape(ctx, sizes, "orig_input_shape", 5);
  if (failed(shape) || failed(checkFloat(ctx, dy, "grad")))
    return failure();
  FailureOr<Pool3D> pool = getPool3D(ctx, *shape);
  if (failed(pool))
    return failure();
  SmallVector<int64_t, 5> outShape = pool->outputShape();
  if (dy.getShape() != ArrayRef<int64_t>(outShape))
    return ctx.fail("grad has shape " + formatShape(dy.getShape()) +
                    ", not the pool's output shape");
  FailureOr<int64_t> count = checkedProduct(ctx, *shape, "orig_input_shape");
  if (failed(count) || *count > ctx.getMaxElements())
    return failed(count) ? failure() : ctx.fail("the input is too large");
  std::vector<double> dx(static_cast<size_t>(*count), 0.0);
  forEachWindow(*pool, [&](int64_t n, int64_t c,
                           const std::array<int64_t, 3> &o,
                           const std::array<int64_t, 3> &lo,
                           const std::array<int64_t, 3> &hi) {
    int64_t cells = 1;
    for (int d = 0; d < 3; ++d)
      cells *= std::max<int64_t>(hi[d] - lo[d], 0);
    if (cells == 0)
      return;
    double share = dy.getDouble(pool->at(false, n, o, c)) / double(cells);
    forEachInside(lo, hi, [&](const std::array<int64_t, 3> &p) {
      dx[static_cast<size_t>(pool->at(true, n, p, c))] += share;
      return true;
    });
  });
  ctx.results.clear();
  ctx.hostResults.clear();
  return pushResult(ctx, dy.getElementType(), *shape, dx);
}

void mlir::tfg::addPool3DGradKernels(EvalKernelTable &table) {
  addKernels(table, {"MaxPool3DGrad"}, maxPool3DGradKernel<false>);
  addKernels(table, {"MaxPool3DGradGrad"}, maxPool3DGradKernel<true>);
  addKernels(table, {"AvgPool3DGrad"}, avgPool3DGradKernel);
}
