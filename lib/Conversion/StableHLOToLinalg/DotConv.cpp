//===- DotConv.cpp - dot_general, dot and convolution to linalg -----------===//
//
// dot_general: linalg.matmul (2-d, contracting [1] x [0]),
// linalg.batch_matmul (3-d, batch [0] x [0], contracting [2] x [1]); other
// float dot_generals (same element types) become transposes, reshapes and
// one of the two; the rest a linalg.generic over batch, free and
// contracting dimensions.
// convolution: operands transposed to [b, spatial..., f] and
// [spatial..., i, o] (nothing to do for TensorFlow's NHWC/HWIO), lhs
// dilation and padding applied with padTensor, window reversal with a
// reversed kernel; then linalg.conv_2d_nhwc_hwcf (2-d, one group),
// linalg.depthwise_conv_2d_nhwc_hwcm (2-d, one input feature per group), or
// a linalg.generic over groups for the rest. batch_group_count > 1 is not
// supported. Accumulation is in the result's element type.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

using Values = FailureOr<SmallVector<Value>>;

/// acc + convert(x) * convert(y) in the accumulator's type.
static Value multiplyAdd(OpBuilder &b, Location loc, Value x, Value y,
                         Value acc) {
  Type t = acc.getType();
  auto conv = [&](Value v) -> Value {
    if (v.getType() == t)
      return v;
    if (isa<FloatType>(t)) {
      if (isa<FloatType>(v.getType()))
        return arith::ExtFOp::create(b, loc, t, v);
      return arith::SIToFPOp::create(b, loc, t, v);
    }
    return arith::ExtSIOp::create(b, loc, t, v);
  };
  x = conv(x);
  y = conv(y);
  if (isa<FloatType>(t))
    return arith::AddFOp::create(b, loc, acc,
                                 arith::MulFOp::create(b, loc, x, y));
  if (t.isInteger(1))
    return arith::OrIOp::create(b, loc, acc,
                                arith::AndIOp::create(b, loc, x, y));
  return arith::AddIOp::create(b, loc, acc,
                               arith::MulIOp::create(b, loc, x, y));
}

static Value zeroFilled(OpBuilder &b, Location loc, RankedTensorType type) {
  return filledTensor(b, loc, type,
                      scalarConstant(b, loc, type.getElementType(), 0));
}

/// Any float dot_general as a product of matrices: lhs transposed to
/// [batch..., free..., contracting...] and collapsed to [B, M, K], rhs to
/// [batch..., contracting..., free...] and [B, K, N]; linalg.batch_matmul
/// (linalg.matmul without batch dimensions), whose [B, M, N] result is the
/// dot_general's [batch..., lhs free..., rhs free...] reshaped. The
/// transposes are copies, but the product runs as a matmul (a micro-kernel
/// call on the CPU) instead of a scalar reduction loop.
static Values lowerDotAsMatmul(OpBuilder &b, Location loc, Value lhs, Value rhs,
                               ArrayRef<int64_t> lb, ArrayRef<int64_t> rb,
                               ArrayRef<int64_t> lc, ArrayRef<int64_t> rc,
                               RankedTensorType type) {
  auto lt = cast<RankedTensorType>(lhs.getType());
  auto rt = cast<RankedTensorType>(rhs.getType());
  auto product = [](RankedTensorType t, ArrayRef<int64_t> dims) {
    int64_t p = 1;
    for (int64_t d : dims)
      p *= t.getDimSize(d);
    return p;
  };
  auto freeDims = [](RankedTensorType t, ArrayRef<int64_t> batch,
                     ArrayRef<int64_t> contracting) {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < t.getRank(); ++d)
      if (!llvm::is_contained(batch, d) && !llvm::is_contained(contracting, d))
        dims.push_back(d);
    return dims;
  };
  SmallVector<int64_t> lf = freeDims(lt, lb, lc), rf = freeDims(rt, rb, rc);
  int64_t batch = product(lt, lb), m = product(lt, lf), k = product(lt, lc),
          n = product(rt, rf);
  SmallVector<int64_t> lperm(lb), rperm(rb);
  llvm::append_range(lperm, lf);
  llvm::append_range(lperm, lc);
  llvm::append_range(rperm, rc);
  llvm::append_range(rperm, rf);
  Type et = type.getElementType();
  bool batched = !lb.empty();
  auto shape = [&](int64_t rows, int64_t cols) {
    return batched ? RankedTensorType::get({batch, rows, cols}, et)
                   : RankedTensorType::get({rows, cols}, et);
  };
  Value l =
      reshapeTensor(b, loc, transposeTensor(b, loc, lhs, lperm), shape(m, k));
  Value r =
      reshapeTensor(b, loc, transposeTensor(b, loc, rhs, rperm), shape(k, n));
  RankedTensorType outType = shape(m, n);
  Value init = zeroFilled(b, loc, outType);
  Value out =
      batched
          ? linalg::BatchMatmulOp::create(b, loc, TypeRange{outType},
                                          ValueRange{l, r}, ValueRange{init})
                .getResult(0)
          : linalg::MatmulOp::create(b, loc, TypeRange{outType},
                                     ValueRange{l, r}, ValueRange{init})
                .getResult(0);
  return SmallVector<Value>{reshapeTensor(b, loc, out, type)};
}

static Values lowerDotGeneral(OpBuilder &b, Operation *op, Value lhs, Value rhs,
                              ArrayRef<int64_t> lb, ArrayRef<int64_t> rb,
                              ArrayRef<int64_t> lc, ArrayRef<int64_t> rc) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  auto lt = cast<RankedTensorType>(lhs.getType());
  auto rt = cast<RankedTensorType>(rhs.getType());
  bool sameTypes = lt.getElementType() == type.getElementType() &&
                   rt.getElementType() == type.getElementType();
  Value init = zeroFilled(b, loc, type);
  if (sameTypes && lb.empty() && lt.getRank() == 2 && rt.getRank() == 2 &&
      lc == ArrayRef<int64_t>{1} && rc == ArrayRef<int64_t>{0})
    return SmallVector<Value>{linalg::MatmulOp::create(b, loc, TypeRange{type},
                                                       ValueRange{lhs, rhs},
                                                       ValueRange{init})
                                  .getResult(0)};
  if (sameTypes && lt.getRank() == 3 && rt.getRank() == 3 &&
      lb == ArrayRef<int64_t>{0} && rb == ArrayRef<int64_t>{0} &&
      lc == ArrayRef<int64_t>{2} && rc == ArrayRef<int64_t>{1})
    return SmallVector<Value>{
        linalg::BatchMatmulOp::create(b, loc, TypeRange{type},
                                      ValueRange{lhs, rhs}, ValueRange{init})
            .getResult(0)};
  if (sameTypes && isa<FloatType>(type.getElementType()))
    return lowerDotAsMatmul(b, loc, lhs, rhs, lb, rb, lc, rc, type);
  // Loops: batch..., lhs free..., rhs free..., contracting...
  unsigned nb = lb.size(), nc = lc.size();
  unsigned nlf = lt.getRank() - nb - nc, nrf = rt.getRank() - nb - nc;
  unsigned loops = nb + nlf + nrf + nc;
  SmallVector<AffineExpr> le(lt.getRank()), re(rt.getRank()), oe;
  for (unsigned i = 0; i < nb; ++i) {
    le[lb[i]] = b.getAffineDimExpr(i);
    re[rb[i]] = b.getAffineDimExpr(i);
    oe.push_back(b.getAffineDimExpr(i));
  }
  for (unsigned i = 0; i < nc; ++i) {
    le[lc[i]] = b.getAffineDimExpr(nb + nlf + nrf + i);
    re[rc[i]] = b.getAffineDimExpr(nb + nlf + nrf + i);
  }
  unsigned next = nb;
  for (int64_t d = 0; d < lt.getRank(); ++d)
    if (!llvm::is_contained(lb, d) && !llvm::is_contained(lc, d)) {
      le[d] = b.getAffineDimExpr(next);
      oe.push_back(b.getAffineDimExpr(next++));
    }
  for (int64_t d = 0; d < rt.getRank(); ++d)
    if (!llvm::is_contained(rb, d) && !llvm::is_contained(rc, d)) {
      re[d] = b.getAffineDimExpr(next);
      oe.push_back(b.getAffineDimExpr(next++));
    }
  SmallVector<AffineMap> maps = {AffineMap::get(loops, 0, le, b.getContext()),
                                 AffineMap::get(loops, 0, re, b.getContext()),
                                 AffineMap::get(loops, 0, oe, b.getContext())};
  SmallVector<utils::IteratorType> iters = parallelIterators(loops);
  for (unsigned i = nb + nlf + nrf; i < loops; ++i)
    iters[i] = utils::IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{lhs, rhs}, ValueRange{init}, maps,
      iters, [](OpBuilder &nb, Location nl, ValueRange a) {
        linalg::YieldOp::create(
            nb, nl, ValueRange{multiplyAdd(nb, nl, a[0], a[1], a[2])});
      });
  return SmallVector<Value>{generic.getResult(0)};
}

static Values lowerConv(OpBuilder &b, shlo::ConvolutionOp op) {
  Location loc = op.getLoc();
  auto dn = op.getDimensionNumbers();
  if (op.getBatchGroupCount() != 1)
    return op.emitError("stablehlo-to-linalg: 'stablehlo.convolution' with "
                        "batch_group_count > 1 is not supported");
  auto lt = cast<RankedTensorType>(op.getLhs().getType());
  auto type = cast<RankedTensorType>(op.getType());
  unsigned n = dn.getInputSpatialDimensions().size();
  auto get = [&](std::optional<ArrayRef<int64_t>> a, unsigned i, int64_t dflt) {
    return a && !a->empty() ? (*a)[i] : dflt;
  };
  // Canonical layouts.
  SmallVector<int64_t> lperm = {dn.getInputBatchDimension()};
  llvm::append_range(lperm, dn.getInputSpatialDimensions());
  lperm.push_back(dn.getInputFeatureDimension());
  SmallVector<int64_t> rperm(dn.getKernelSpatialDimensions());
  rperm.push_back(dn.getKernelInputFeatureDimension());
  rperm.push_back(dn.getKernelOutputFeatureDimension());
  SmallVector<int64_t> operm = {dn.getOutputBatchDimension()};
  llvm::append_range(operm, dn.getOutputSpatialDimensions());
  operm.push_back(dn.getOutputFeatureDimension());
  Value lhs = transposeTensor(b, loc, op.getLhs(), lperm);
  Value rhs = transposeTensor(b, loc, op.getRhs(), rperm);
  // Window reversal: a reversed kernel.
  if (auto rev = op.getWindowReversal()) {
    SmallVector<int64_t> dims;
    for (unsigned i = 0; i < n; ++i)
      if ((*rev)[i])
        dims.push_back(i);
    if (!dims.empty())
      rhs = reverseTensor(b, loc, rhs, dims);
  }
  // Padding and lhs dilation.
  SmallVector<int64_t> low(n + 2, 0), high(n + 2, 0), interior(n + 2, 0);
  if (auto pad = op.getPadding()) {
    auto values = llvm::to_vector(pad->getValues<int64_t>());
    for (unsigned i = 0; i < n; ++i) {
      low[i + 1] = values[2 * i];
      high[i + 1] = values[2 * i + 1];
    }
  }
  for (unsigned i = 0; i < n; ++i)
    interior[i + 1] = get(op.getLhsDilation(), i, 1) - 1;
  Value zero = scalarConstant(b, loc, lt.getElementType(), 0);
  lhs = padTensor(b, loc, lhs, zero, low, high, interior);
  SmallVector<int64_t> strides, dilations;
  for (unsigned i = 0; i < n; ++i) {
    strides.push_back(get(op.getWindowStrides(), i, 1));
    dilations.push_back(get(op.getRhsDilation(), i, 1));
  }
  SmallVector<int64_t> outShape;
  for (int64_t p : operm)
    outShape.push_back(type.getDimSize(p));
  auto outType = RankedTensorType::get(outShape, type.getElementType());
  auto lct = cast<RankedTensorType>(lhs.getType());
  auto rct = cast<RankedTensorType>(rhs.getType());
  int64_t groups = op.getFeatureGroupCount();
  int64_t inFeatures = lct.getDimSize(n + 1);
  int64_t outFeatures = rct.getDimSize(n + 1);
  bool sameTypes = lct.getElementType() == type.getElementType() &&
                   rct.getElementType() == type.getElementType();
  Value init = zeroFilled(b, loc, outType);
  Value result;
  auto attr = [&](ArrayRef<int64_t> v) {
    return DenseIntElementsAttr::get(
        RankedTensorType::get({static_cast<int64_t>(v.size())}, b.getI64Type()),
        v);
  };
  if (sameTypes && n == 2 && groups == 1) {
    result = linalg::Conv2DNhwcHwcfOp::create(
                 b, loc, TypeRange{outType}, ValueRange{lhs, rhs},
                 ValueRange{init}, attr(strides), attr(dilations))
                 .getResult(0);
  } else if (sameTypes && n == 2 && groups == inFeatures &&
             rct.getDimSize(2) == 1) {
    // Depthwise: kernel [h, w, 1, C*M] -> [h, w, C, M]; output
    // [n, oh, ow, C, M] -> [n, oh, ow, C*M].
    int64_t m = outFeatures / groups;
    auto kType =
        RankedTensorType::get({rct.getDimSize(0), rct.getDimSize(1), groups, m},
                              rct.getElementType());
    Value kernel = reshapeTensor(b, loc, rhs, kType);
    auto dType = RankedTensorType::get(
        {outShape[0], outShape[1], outShape[2], groups, m},
        type.getElementType());
    Value dw = linalg::DepthwiseConv2DNhwcHwcmOp::create(
                   b, loc, TypeRange{dType}, ValueRange{lhs, kernel},
                   ValueRange{zeroFilled(b, loc, dType)}, attr(strides),
                   attr(dilations))
                   .getResult(0);
    result = reshapeTensor(b, loc, dw, outType);
  } else {
    // Generic: lhs [b, s..., G, C/G], rhs [k..., C/G, G, O/G],
    // out [b, o..., G, O/G]; loops b, o..., g, oc, k..., ic.
    int64_t cg = inFeatures / groups, og = outFeatures / groups;
    SmallVector<int64_t> lshape(lct.getShape().drop_back());
    lshape.append({groups, cg});
    SmallVector<int64_t> rshape(rct.getShape().take_front(n));
    rshape.append({cg, groups, og});
    SmallVector<int64_t> gshape(outShape.begin(), outShape.end() - 1);
    gshape.append({groups, og});
    Value l = reshapeTensor(
        b, loc, lhs, RankedTensorType::get(lshape, lct.getElementType()));
    Value r = reshapeTensor(
        b, loc, rhs, RankedTensorType::get(rshape, rct.getElementType()));
    auto gType = RankedTensorType::get(gshape, type.getElementType());
    unsigned loops = 2 * n + 4;
    auto d = [&](unsigned i) { return b.getAffineDimExpr(i); };
    unsigned gDim = n + 1, ocDim = n + 2, kBase = n + 3, icDim = 2 * n + 3;
    SmallVector<AffineExpr> le = {d(0)}, re, oe = {d(0)};
    for (unsigned i = 0; i < n; ++i) {
      le.push_back(d(1 + i) * strides[i] + d(kBase + i) * dilations[i]);
      re.push_back(d(kBase + i));
      oe.push_back(d(1 + i));
    }
    le.append({d(gDim), d(icDim)});
    re.append({d(icDim), d(gDim), d(ocDim)});
    oe.append({d(gDim), d(ocDim)});
    SmallVector<AffineMap> maps = {
        AffineMap::get(loops, 0, le, b.getContext()),
        AffineMap::get(loops, 0, re, b.getContext()),
        AffineMap::get(loops, 0, oe, b.getContext())};
    SmallVector<utils::IteratorType> iters = parallelIterators(loops);
    for (unsigned i = kBase; i < loops; ++i)
      iters[i] = utils::IteratorType::reduction;
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{gType}, ValueRange{l, r},
        ValueRange{zeroFilled(b, loc, gType)}, maps, iters,
        [](OpBuilder &nb, Location nl, ValueRange a) {
          linalg::YieldOp::create(
              nb, nl, ValueRange{multiplyAdd(nb, nl, a[0], a[1], a[2])});
        });
    result = reshapeTensor(b, loc, generic.getResult(0), outType);
  }
  // Back to the op's output layout.
  SmallVector<int64_t> inverse(operm.size());
  for (auto [i, p] : llvm::enumerate(operm))
    inverse[p] = i;
  return SmallVector<Value>{transposeTensor(b, loc, result, inverse)};
}

Lowered shlo_linalg::lowerDotOp(OpBuilder &b, Operation *op) {
  if (auto dot = dyn_cast<shlo::DotGeneralOp>(op)) {
    auto dn = dot.getDotDimensionNumbers();
    return lowerDotGeneral(
        b, op, dot.getLhs(), dot.getRhs(), dn.getLhsBatchingDimensions(),
        dn.getRhsBatchingDimensions(), dn.getLhsContractingDimensions(),
        dn.getRhsContractingDimensions());
  }
  if (auto dot = dyn_cast<shlo::DotOp>(op)) {
    auto lt = cast<RankedTensorType>(dot.getLhs().getType());
    SmallVector<int64_t> lc = {lt.getRank() - 1}, rc = {0};
    return lowerDotGeneral(b, op, dot.getLhs(), dot.getRhs(), {}, {}, lc, rc);
  }
  return std::nullopt;
}

Lowered shlo_linalg::lowerConvolution(OpBuilder &b, Operation *op) {
  if (auto conv = dyn_cast<shlo::ConvolutionOp>(op))
    return lowerConv(b, conv);
  return std::nullopt;
}
