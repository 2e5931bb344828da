//===- SpaceKernels.cpp - Kernels that move space into depth or batch -----===//
//
// SpaceToDepth and DepthToSpace (block_size >= 2; NHWC, the default, and
// NCHW; depth index (dy * block + dx) * C + c, as TensorFlow's kernels),
// SpaceToBatchND (zero padding, then each block offset, row-major over the
// block, becomes a batch slice: output batch = offset * B + b) and
// BatchToSpaceND (its inverse, then crops), and MirrorPad (REFLECT repeats
// without the edge, so padding <= dim - 1; SYMMETRIC with it, padding <=
// dim). Elements move by their bytes, so every dtype is served.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tfg;

/// The block size and data format of SpaceToDepth and DepthToSpace, and the
/// input as [B, H, W, C] with its strides.
namespace {
struct DepthLayout {
  int64_t block;
  bool nchw;
  int64_t b, h, w, c;
  /// Element offset of (b, h, w, c) in a tensor of this layout with the
  /// given sizes.
  static int64_t offset(bool nchw, int64_t bi, int64_t hi, int64_t wi,
                        int64_t ci, int64_t h, int64_t w, int64_t c) {
    return nchw ? ((bi * c + ci) * h + hi) * w + wi
                : ((bi * h + hi) * w + wi) * c + ci;
  }
};
} // namespace

static FailureOr<DepthLayout> getDepthLayout(EvalContext &ctx,
                                             const HostTensor &in) {
  DepthLayout l;
  l.block = getIntAttr(ctx, "block_size", 0);
  if (l.block < 2)
    return ctx.fail("block_size must be at least 2");
  // Keeps block_size^2 within int64.
  if (l.block > (int64_t(1) << 31))
    return ctx.fail("block_size is too large");
  std::string format = getStringAttr(ctx, "data_format", "NHWC");
  if (format != "NHWC" && format != "NCHW")
    return ctx.fail("data_format " + format + " is not supported");
  l.nchw = format == "NCHW";
  if (in.getRank() != 4)
    return ctx.fail("the input must have rank 4");
  ArrayRef<int64_t> s = in.getShape();
  l.b = s[0];
  l.h = l.nchw ? s[2] : s[1];
  l.w = l.nchw ? s[3] : s[2];
  l.c = l.nchw ? s[1] : s[3];
  return l;
}

static SmallVector<int64_t, 4> makeShape(bool nchw, int64_t b, int64_t h,
                                         int64_t w, int64_t c) {
  return nchw ? SmallVector<int64_t, 4>{b, c, h, w}
              : SmallVector<int64_t, 4>{b, h, w, c};
}

/// SpaceToDepth (`toDepth`) or DepthToSpace.
template <bool toDepth> static LogicalResult depthKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<DepthLayout> l = getDepthLayout(ctx, **in);
  if (failed(l))
    return failure();
  int64_t bs = l->block;
  // The space side (sh, sw, sc) and the depth side (dh, dw, dc).
  int64_t sh, sw, sc, dh, dw, dc;
  if (toDepth) {
    if (l->h % bs != 0 || l->w % bs != 0)
      return ctx.fail("height and width must be multiples of block_size " +
                      std::to_string(bs));
    sh = l->h, sw = l->w, sc = l->c;
    dh = sh / bs, dw = sw / bs;
    if (llvm::MulOverflow(sc, bs * bs, dc))
      return ctx.fail("output depth overflows");
  } else {
    if (l->c % (bs * bs) != 0)
      return ctx.fail("depth must be a multiple of block_size^2 = " +
                      std::to_string(bs * bs));
    dh = l->h, dw = l->w, dc = l->c;
    sc = dc / (bs * bs);
    if (llvm::MulOverflow(dh, bs, sh) || llvm::MulOverflow(dw, bs, sw))
      return ctx.fail("output size overflows");
  }
  SmallVector<int64_t, 4> shape = toDepth
                                      ? makeShape(l->nchw, l->b, dh, dw, dc)
                                      : makeShape(l->nchw, l->b, sh, sw, sc);
  FailureOr<ResultBuilder> r =
      startResult(ctx, (*in)->getElementType(), shape, (*in)->isSplat());
  if (failed(r))
    return failure();
  if (r->splat) {
    copyElement(**in, 0, r->tensor, 0);
    return finishResult(ctx, std::move(*r));
  }
  for (int64_t b = 0; b < l->b; ++b)
    for (int64_t y = 0; y < dh; ++y)
      for (int64_t x = 0; x < dw; ++x)
        for (int64_t dy = 0; dy < bs; ++dy)
          for (int64_t dx = 0; dx < bs; ++dx) {
            int64_t cBase = (dy * bs + dx) * sc;
            int64_t so = DepthLayout::offset(l->nchw, b, y * bs + dy,
                                             x * bs + dx, 0, sh, sw, sc);
            int64_t dOff =
                DepthLayout::offset(l->nchw, b, y, x, cBase, dh, dw, dc);
            if (!l->nchw) {
              if (toDepth)
                copyElements(**in, so, r->tensor, dOff, sc);
              else
                copyElements(**in, dOff, r->tensor, so, sc);
              continue;
            }
            for (int64_t c = 0; c < sc; ++c) {
              int64_t s = so + c * sh * sw, d = dOff + c * dh * dw;
              if (toDepth)
                copyElement(**in, s, r->tensor, d);
              else
                copyElement(**in, d, r->tensor, s);
            }
          }
  return finishResult(ctx, std::move(*r));
}

namespace {
/// The operands of SpaceToBatchND and BatchToSpaceND.
struct BlockSpec {
  SmallVector<int64_t, 4> block, lo, hi;
  int64_t blockCount = 1;
};
} // namespace

static FailureOr<BlockSpec> getBlockSpec(EvalContext &ctx, const HostTensor &in,
                                         StringRef padName) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &block = *(*ops)[1], &pads = *(*ops)[2];
  if (!isIndexTensor(block) || block.getRank() != 1)
    return ctx.fail("block_shape must be an int vector");
  int64_t m = block.getNumElements();
  if (!isIndexTensor(pads) || pads.getShape() != ArrayRef<int64_t>{m, 2})
    return ctx.fail(padName + " must be an int tensor of shape " +
                    formatShape({m, 2}));
  if (in.getRank() < 1 + m)
    return ctx.fail("the input must have rank at least " +
                    std::to_string(1 + m));
  BlockSpec spec;
  for (int64_t i = 0; i < m; ++i) {
    int64_t b = block.getInt(i), lo = pads.getInt(2 * i),
            hi = pads.getInt(2 * i + 1);
    if (b < 1)
      return ctx.fail("block_shape must be positive");
    if (lo < 0 || hi < 0)
      return ctx.fail(padName + " must be non-negative");
    if (llvm::MulOverflow(spec.blockCount, b, spec.blockCount))
      return ctx.fail("block_shape's product overflows");
    spec.block.push_back(b);
    spec.lo.push_back(lo);
    spec.hi.push_back(hi);
  }
  return spec;
}

/// SpaceToBatchND (`toBatch`) or BatchToSpaceND. Both walk the batched
/// tensor: element (ob, s..., r...) of it is element (b, s * block + o -
/// lo, r...) of the space tensor, where ob = offset(o) * B + b.
template <bool toBatch> static LogicalResult batchKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> inOr = getOperand(ctx, 0);
  if (failed(inOr))
    return failure();
  const HostTensor &in = **inOr;
  FailureOr<BlockSpec> spec =
      getBlockSpec(ctx, in, toBatch ? "paddings" : "crops");
  if (failed(spec))
    return failure();
  int64_t m = spec->block.size();
  ArrayRef<int64_t> inShape = in.getShape();
  // The shapes of the space tensor and the batched tensor.
  SmallVector<int64_t, 4> space(inShape), batched(inShape);
  if (toBatch) {
    if (llvm::MulOverflow(inShape[0], spec->blockCount, batched[0]))
      return ctx.fail("output batch overflows");
    for (int64_t i = 0; i < m; ++i) {
      int64_t padded;
      if (llvm::AddOverflow(inShape[1 + i], spec->lo[i], padded) ||
          llvm::AddOverflow(padded, spec->hi[i], padded))
        return ctx.fail("padded size overflows");
      if (padded % spec->block[i] != 0)
        return ctx.fail("padded spatial dimension " + std::to_string(i) +
                        " of size " + std::to_string(padded) +
                        " is not a multiple of the block size " +
                        std::to_string(spec->block[i]));
      batched[1 + i] = padded / spec->block[i];
    }
  } else {
    if (inShape[0] % spec->blockCount != 0)
      return ctx.fail("input batch " + std::to_string(inShape[0]) +
                      " is not a multiple of the block size product " +
                      std::to_string(spec->blockCount));
    space[0] = inShape[0] / spec->blockCount;
    for (int64_t i = 0; i < m; ++i) {
      int64_t full;
      if (llvm::MulOverflow(inShape[1 + i], spec->block[i], full))
        return ctx.fail("output size overflows");
      if (spec->lo[i] > full - spec->hi[i] || spec->hi[i] > full)
        return ctx.fail("crops exceed spatial dimension " + std::to_string(i));
      space[1 + i] = full - spec->lo[i] - spec->hi[i];
    }
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, in.getElementType(), toBatch ? batched : space, false);
  if (failed(r))
    return failure();
  int64_t rest = getSubSize(inShape, 1 + m, inShape.size());
  int64_t batch = space[0];
  SmallVector<int64_t, 4> spaceStrides = getStrides(space);
  int64_t chunks = getSubSize(batched, 0, 1 + m);
  SmallVector<int64_t, 4> o(m), s(m);
  for (int64_t k = 0; k < chunks; ++k) {
    // Decode (ob, s...) from k.
    int64_t rem = k;
    for (int64_t i = m - 1; i >= 0; --i) {
      s[i] = rem % batched[1 + i];
      rem /= batched[1 + i];
    }
    int64_t ob = rem, b = ob % batch, off = ob / batch;
    for (int64_t i = m - 1; i >= 0; --i) {
      o[i] = off % spec->block[i];
      off /= spec->block[i];
    }
    int64_t spaceOffset = b * spaceStrides[0];
    bool inside = true;
    for (int64_t i = 0; i < m && inside; ++i) {
      int64_t c = s[i] * spec->block[i] + o[i] - spec->lo[i];
      inside = c >= 0 && c < space[1 + i];
      spaceOffset += c * spaceStrides[1 + i];
    }
    if (!inside)
      continue; // Padding (zeros) or cropped away.
    int64_t batchedOffset = k * rest;
    if (toBatch)
      copyElements(in, spaceOffset, r->tensor, batchedOffset, rest);
    else
      copyElements(in, batchedOffset, r->tensor, spaceOffset, rest);
  }
  return finishResult(ctx, std::move(*r));
}

static LogicalResult mirrorPadKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &in = *(*ops)[0], &pads = *(*ops)[1];
  ArrayRef<int64_t> inShape = in.getShape();
  int64_t rank = inShape.size();
  if (!isIndexTensor(pads) || pads.getShape() != ArrayRef<int64_t>{rank, 2})
    return ctx.fail("paddings must be an int tensor of shape " +
                    formatShape({rank, 2}));
  std::string mode = getStringAttr(ctx, "mode", "");
  if (mode != "REFLECT" && mode != "SYMMETRIC")
    return ctx.fail("MirrorPad's mode must be REFLECT or SYMMETRIC");
  bool reflect = mode == "REFLECT";
  SmallVector<int64_t, 4> shape, lo;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t l = pads.getInt(2 * d), h = pads.getInt(2 * d + 1);
    int64_t most = reflect ? inShape[d] - 1 : inShape[d];
    if (l < 0 || h < 0 || l > most || h > most)
      return ctx.fail("paddings [" + std::to_string(l) + ", " +
                      std::to_string(h) + "] of dimension " +
                      std::to_string(d) + " must be in [0, " +
                      std::to_string(most) + "] for mode " + mode);
    lo.push_back(l);
    shape.push_back(inShape[d] + l + h);
  }
  FailureOr<ResultBuilder> r =
      startResult(ctx, in.getElementType(), shape, in.isSplat());
  if (failed(r))
    return failure();
  if (r->splat) {
    copyElement(in, 0, r->tensor, 0);
    return finishResult(ctx, std::move(*r));
  }
  SmallVector<int64_t, 4> inStrides = getStrides(inShape);
  for (int64_t i = 0, e = r->size(); i < e; ++i) {
    int64_t rem = i, from = 0;
    for (int64_t d = rank - 1; d >= 0; --d) {
      int64_t c = rem % shape[d] - lo[d];
      rem /= shape[d];
      int64_t n = inShape[d];
      if (c < 0)
        c = reflect ? -c : -c - 1;
      else if (c >= n)
        c = reflect ? 2 * (n - 1) - c : 2 * n - 1 - c;
      from += c * inStrides[d];
    }
    copyElement(in, from, r->tensor, i);
  }
  return finishResult(ctx, std::move(*r));
}

void mlir::tfg::addSpaceKernels(EvalKernelTable &table) {
  addKernels(table, {"SpaceToDepth"}, depthKernel<true>);
  addKernels(table, {"DepthToSpace"}, depthKernel<false>);
  addKernels(table, {"SpaceToBatchND"}, batchKernel<true>);
  addKernels(table, {"BatchToSpaceND"}, batchKernel<false>);
  addKernels(table, {"MirrorPad"}, mirrorPadKernel);
}
