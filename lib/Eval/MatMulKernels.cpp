//===- MatMulKernels.cpp - MatMul, BatchMatMul and _FusedMatMul ----------===//
//
// MatMul (transpose_a, transpose_b), _FusedMatMul (MatMul then the fused
// epilogue, NNSupport.h) and BatchMatMul / BatchMatMulV2 / BatchMatMulV3
// (adj_x, adj_y; V1 wants equal batch dimensions, V2 and V3 broadcast them
// as NumPy does; V3's Ta, Tb and Tout must all be the operands' type).
// Floats use the packed GEMM (Gemm.h) in float (f16, bf16, f32) or double
// (f64); int32 and int64 multiply with two's complement wrap-around, as
// TensorFlow's CPU kernels do. Large products run in parallel tile by
// tile; many small ones run in parallel batch by batch.
//
//===----------------------------------------------------------------------===//

#include "Gemm.h"
#include "NNSupport.h"

#include "mlir/IR/Threading.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The shapes of a (batched) product: `batches` products of m x k by
/// k x n; the batch element `i` of the result reads `broadcast`'s operand
/// indices (empty for MatMul).
struct ProductShape {
  int64_t m = 0, n = 0, k = 0;
  bool transA = false, transB = false;
  SmallVector<int64_t, 4> resultShape;
  Broadcast broadcast;
  int64_t batches = 1;
};
} // namespace

/// The product shape of `a` and `b` (rank 2 for MatMul; rank >= 2 with
/// equal or broadcast batch dimensions for BatchMatMul).
static FailureOr<ProductShape> getProductShape(EvalContext &ctx,
                                               const HostTensor &a,
                                               const HostTensor &b,
                                               bool batched, bool broadcast) {
  ProductShape p;
  StringRef ta = batched ? "adj_x" : "transpose_a";
  StringRef tb = batched ? "adj_y" : "transpose_b";
  FailureOr<bool> transA = readBoolAttr(ctx, ta, false);
  FailureOr<bool> transB = readBoolAttr(ctx, tb, false);
  if (failed(transA) || failed(transB))
    return failure();
  p.transA = *transA;
  p.transB = *transB;
  ArrayRef<int64_t> as = a.getShape(), bs = b.getShape();
  if (batched ? (as.size() < 2 || bs.size() < 2)
              : (as.size() != 2 || bs.size() != 2))
    return ctx.fail(std::string(batched ? "operands must have rank >= 2"
                                        : "operands must be matrices") +
                    ", not " + formatShape(as) + " and " + formatShape(bs));
  int64_t ar = as.size(), br = bs.size();
  p.m = p.transA ? as[ar - 1] : as[ar - 2];
  int64_t ka = p.transA ? as[ar - 2] : as[ar - 1];
  int64_t kb = p.transB ? bs[br - 1] : bs[br - 2];
  p.n = p.transB ? bs[br - 2] : bs[br - 1];
  if (ka != kb)
    return ctx.fail("inner dimensions differ: " + formatShape(as) + " and " +
                    formatShape(bs));
  p.k = ka;
  ArrayRef<int64_t> batchA = as.drop_back(2), batchB = bs.drop_back(2);
  if (batched && !broadcast && batchA != batchB)
    return ctx.fail("batch dimensions differ: " + formatShape(as) + " and " +
                    formatShape(bs));
  FailureOr<Broadcast> bc = broadcastShapes(ctx, {batchA, batchB});
  if (failed(bc))
    return failure();
  p.broadcast = std::move(*bc);
  p.resultShape.assign(p.broadcast.shape.begin(), p.broadcast.shape.end());
  p.resultShape.push_back(p.m);
  p.resultShape.push_back(p.n);
  FailureOr<int64_t> batches =
      checkedProduct(ctx, p.broadcast.shape, "batch size");
  if (failed(batches))
    return failure();
  p.batches = *batches;
  return p;
}

/// The operand index of batch `i` of operand `k` (0 when unbatched).
static int64_t batchIndex(const ProductShape &p, unsigned k, int64_t i) {
  return p.broadcast.shape.empty() ? 0 : p.broadcast.operandIndex(k, i);
}

template <typename T>
static LogicalResult floatProduct(EvalContext &ctx, const HostTensor &a,
                                  const HostTensor &b, const ProductShape &p,
                                  bool fused) {
  Epilogue<T> e;
  if (fused) {
    FailureOr<Epilogue<T>> f =
        getFusedEpilogue<T>(ctx, 2, p.resultShape, p.n, false);
    if (failed(f))
      return failure();
    e = std::move(*f);
  }
  FailureOr<DenseResult<T>> r =
      startDense<T>(ctx, a.getElementType(), p.resultShape);
  if (failed(r))
    return failure();
  if (r->builder.size() == 0)
    return setSingleResult(ctx, takeDense(*r));
  FailureOr<DenseValues<T>> av = readDense<T>(ctx, a);
  FailureOr<DenseValues<T>> bv = readDense<T>(ctx, b);
  if (failed(av) || failed(bv))
    return failure();
  int64_t m = p.m, n = p.n, k = p.k;
  auto product = [&](MLIRContext *context, int64_t i) {
    const T *ap = av->data + batchIndex(p, 0, i) * m * k;
    const T *bp = bv->data + batchIndex(p, 1, i) * k * n;
    MatrixView<T> va =
        p.transA ? MatrixView<T>{ap, 1, m} : MatrixView<T>{ap, k, 1};
    MatrixView<T> vb =
        p.transB ? MatrixView<T>{bp, 1, k} : MatrixView<T>{bp, n, 1};
    gemm(context, va, vb, m, n, k, r->data + i * m * n, n);
  };
  // Products below ~2 MFLOP each run whole on one thread, batches in
  // parallel; larger ones are tiled across the threads one by one.
  bool small = double(m) * double(n) * double(k) < double(1 << 20);
  if (small && p.batches > 1) {
    parallelFor(ctx.getContext(), 0, p.batches,
                [&](size_t i) { product(nullptr, i); });
  } else {
    for (int64_t i = 0; i < p.batches; ++i)
      product(ctx.getContext(), i);
  }
  applyEpilogue(ctx.getContext(), e, r->data, p.batches * m, n);
  return setSingleResult(ctx, takeDense(*r));
}

/// int32 / int64 products (wrapping).
static LogicalResult intProduct(EvalContext &ctx, const HostTensor &a,
                                const HostTensor &b, const ProductShape &p) {
  FailureOr<ResultBuilder> r =
      startResult(ctx, a.getElementType(), p.resultShape, false);
  if (failed(r))
    return failure();
  int64_t m = p.m, n = p.n, k = p.k;
  std::vector<uint64_t> row(static_cast<size_t>(n));
  for (int64_t bi = 0; bi < p.batches; ++bi) {
    int64_t ao = batchIndex(p, 0, bi) * m * k,
            bo = batchIndex(p, 1, bi) * k * n;
    for (int64_t i = 0; i < m; ++i) {
      std::fill(row.begin(), row.end(), 0);
      for (int64_t q = 0; q < k; ++q) {
        uint64_t x = static_cast<uint64_t>(
            a.getInt(ao + (p.transA ? q * m + i : i * k + q)));
        for (int64_t j = 0; j < n; ++j)
          row[j] += x * static_cast<uint64_t>(
                            b.getInt(bo + (p.transB ? j * k + q : q * n + j)));
      }
      for (int64_t j = 0; j < n; ++j)
        r->tensor.setInt((bi * m + i) * n + j, static_cast<int64_t>(row[j]));
    }
  }
  return finishResult(ctx, std::move(*r));
}

namespace {
enum class ProductKind { MatMul, FusedMatMul, BatchV1, BatchV2, BatchV3 };
} // namespace

template <ProductKind kind>
static LogicalResult matMulKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &a = *(*ops)[0], &b = *(*ops)[1];
  Type type = a.getElementType();
  if (type != b.getElementType())
    return ctx.fail("operands must have one element type");
  if (kind == ProductKind::BatchV3)
    if (auto tout = dyn_cast_if_present<TypeAttr>(ctx.getAttr("Tout")))
      if (tout.getValue() != type)
        return ctx.fail("BatchMatMulV3 with Tout different from the "
                        "operands' type is not supported");
  if (kind != ProductKind::FusedMatMul && ctx.getNumOperands() != 2)
    return ctx.fail("expected 2 operands");
  bool batched = kind == ProductKind::BatchV1 || kind == ProductKind::BatchV2 ||
                 kind == ProductKind::BatchV3;
  FailureOr<ProductShape> p =
      getProductShape(ctx, a, b, batched, kind != ProductKind::BatchV1);
  if (failed(p))
    return failure();
  bool fused = kind == ProductKind::FusedMatMul;
  switch (getComputeKind(type)) {
  case ComputeKind::Float:
    return floatProduct<float>(ctx, a, b, *p, fused);
  case ComputeKind::Double:
    return floatProduct<double>(ctx, a, b, *p, fused);
  case ComputeKind::None:
    break;
  }
  if (!fused && a.getKind() == HostElementKind::Signed &&
      (a.getElementInfo().bitWidth == 32 || a.getElementInfo().bitWidth == 64))
    return intProduct(ctx, a, b, *p);
  return ctx.fail("matrix products take float, int32 or int64 tensors");
}

void mlir::tfg::addMatMulKernels(EvalKernelTable &table) {
  addKernels(table, {"MatMul"}, matMulKernel<ProductKind::MatMul>);
  addKernels(table, {"_FusedMatMul"}, matMulKernel<ProductKind::FusedMatMul>);
  addKernels(table, {"BatchMatMul"}, matMulKernel<ProductKind::BatchV1>);
  addKernels(table, {"BatchMatMulV2"}, matMulKernel<ProductKind::BatchV2>);
  addKernels(table, {"BatchMatMulV3"}, matMulKernel<ProductKind::BatchV3>);
}
