//===- MatMul.cpp - Matrix products over host tensors ---------------------===//
//
// The functions of tfg/Eval/Compute/MatMul.h.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/MatMul.h"
#include "tfg/Eval/Compute/Gemm.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

llvm::Expected<MatMulShape>
mlir::tfg::getMatMulShape(ArrayRef<int64_t> as, ArrayRef<int64_t> bs,
                          const MatMulOptions &options) {
  MatMulShape p;
  if (options.batched ? (as.size() < 2 || bs.size() < 2)
                      : (as.size() != 2 || bs.size() != 2))
    return computeError(std::string(options.batched
                                        ? "operands must have rank >= 2"
                                        : "operands must be matrices") +
                        ", not " + formatShape(as) + " and " + formatShape(bs));
  int64_t ar = as.size(), br = bs.size();
  p.m = options.transposeA ? as[ar - 1] : as[ar - 2];
  int64_t ka = options.transposeA ? as[ar - 2] : as[ar - 1];
  int64_t kb = options.transposeB ? bs[br - 1] : bs[br - 2];
  p.n = options.transposeB ? bs[br - 2] : bs[br - 1];
  if (ka != kb)
    return computeError("inner dimensions differ: " + formatShape(as) +
                        " and " + formatShape(bs));
  p.k = ka;
  ArrayRef<int64_t> batchA = as.drop_back(2), batchB = bs.drop_back(2);
  if (options.batched && !options.broadcastBatch && batchA != batchB)
    return computeError("batch dimensions differ: " + formatShape(as) +
                        " and " + formatShape(bs));
  llvm::Expected<Broadcast> bc = broadcastShapes({batchA, batchB});
  if (!bc)
    return bc.takeError();
  p.broadcast = std::move(*bc);
  p.resultShape.assign(p.broadcast.shape.begin(), p.broadcast.shape.end());
  p.resultShape.push_back(p.m);
  p.resultShape.push_back(p.n);
  for (int64_t s : p.broadcast.shape)
    if (s < 0 || llvm::MulOverflow(p.batches, s, p.batches))
      return computeError("batch size overflows");
  return p;
}

/// The operand index of batch `i` of operand `k` (0 when unbatched).
static int64_t batchIndex(const MatMulShape &p, unsigned k, int64_t i) {
  return p.broadcast.shape.empty() ? 0 : p.broadcast.operandIndex(k, i);
}

template <typename T>
llvm::Expected<HostTensor>
mlir::tfg::computeMatMul(const ComputeEnv &env, const HostTensor &a,
                         const HostTensor &b, const MatMulOptions &options,
                         const Epilogue<T> &epilogue) {
  if (a.getElementType() != b.getElementType())
    return computeError("operands must have one element type");
  llvm::Expected<MatMulShape> shape =
      getMatMulShape(a.getShape(), b.getShape(), options);
  if (!shape)
    return shape.takeError();
  const MatMulShape &p = *shape;
  llvm::Expected<DenseResult<T>> r =
      startDense<T>(env, a.getElementType(), p.resultShape);
  if (!r)
    return r.takeError();
  if (r->builder.size() == 0)
    return takeDense(*r);
  llvm::Expected<DenseValues<T>> av = readDense<T>(env, a);
  if (!av)
    return av.takeError();
  llvm::Expected<DenseValues<T>> bv = readDense<T>(env, b);
  if (!bv)
    return bv.takeError();
  int64_t m = p.m, n = p.n, k = p.k;
  auto product = [&](MLIRContext *context, int64_t i) {
    const T *ap = av->data + batchIndex(p, 0, i) * m * k;
    const T *bp = bv->data + batchIndex(p, 1, i) * k * n;
    MatrixView<T> va =
        options.transposeA ? MatrixView<T>{ap, 1, m} : MatrixView<T>{ap, k, 1};
    MatrixView<T> vb =
        options.transposeB ? MatrixView<T>{bp, 1, k} : MatrixView<T>{bp, n, 1};
    gemm(context, va, vb, m, n, k, r->data + i * m * n, n);
  };
  // Products below ~2 MFLOP each run whole on one thread, batches in
  // parallel; larger ones are tiled across the threads one by one.
  bool small = double(m) * double(n) * double(k) < double(1 << 20);
  if (small && p.batches > 1) {
    computeParallelFor(env, p.batches, [&](int64_t i) { product(nullptr, i); });
  } else {
    for (int64_t i = 0; i < p.batches; ++i)
      product(env.context, i);
  }
  applyEpilogue(env.context, epilogue, r->data, p.batches * m, n);
  return takeDense(*r);
}

/// int32 / int64 products (wrapping).
static llvm::Expected<HostTensor>
intProduct(const ComputeEnv &env, const HostTensor &a, const HostTensor &b,
           const MatMulShape &p, const MatMulOptions &options) {
  llvm::Expected<ResultBuilder> r =
      startResult(env, a.getElementType(), p.resultShape, false);
  if (!r)
    return r.takeError();
  int64_t m = p.m, n = p.n, k = p.k;
  std::vector<uint64_t> row(static_cast<size_t>(n));
  for (int64_t bi = 0; bi < p.batches; ++bi) {
    int64_t ao = batchIndex(p, 0, bi) * m * k,
            bo = batchIndex(p, 1, bi) * k * n;
    for (int64_t i = 0; i < m; ++i) {
      std::fill(row.begin(), row.end(), 0);
      for (int64_t q = 0; q < k; ++q) {
        uint64_t x = static_cast<uint64_t>(
            a.getInt(ao + (options.transposeA ? q * m + i : i * k + q)));
        for (int64_t j = 0; j < n; ++j)
          row[j] += x * static_cast<uint64_t>(b.getInt(
                            bo + (options.transposeB ? j * k + q : q * n + j)));
      }
      for (int64_t j = 0; j < n; ++j)
        r->tensor.setInt((bi * m + i) * n + j, static_cast<int64_t>(row[j]));
    }
  }
  return finishResult(std::move(*r));
}

llvm::Expected<HostTensor>
mlir::tfg::computeMatMul(const ComputeEnv &env, const HostTensor &a,
                         const HostTensor &b, const MatMulOptions &options) {
  Type type = a.getElementType();
  if (type != b.getElementType())
    return computeError("operands must have one element type");
  switch (getComputeKind(type)) {
  case ComputeKind::Float:
    return computeMatMul<float>(env, a, b, options, {});
  case ComputeKind::Double:
    return computeMatMul<double>(env, a, b, options, {});
  case ComputeKind::None:
    break;
  }
  if (a.getKind() != HostElementKind::Signed ||
      (a.getElementInfo().bitWidth != 32 && a.getElementInfo().bitWidth != 64))
    return computeError("matrix products take float, int32 or int64 tensors");
  llvm::Expected<MatMulShape> shape =
      getMatMulShape(a.getShape(), b.getShape(), options);
  if (!shape)
    return shape.takeError();
  return intProduct(env, a, b, *shape, options);
}

llvm::Expected<HostTensor> mlir::tfg::computeTranspose(const ComputeEnv &env,
                                                       const HostTensor &x,
                                                       ArrayRef<int64_t> perm) {
  int64_t rank = x.getRank();
  SmallVector<bool, 4> seen(rank, false);
  if (static_cast<int64_t>(perm.size()) != rank)
    return computeError("the permutation has " + std::to_string(perm.size()) +
                        " entries for rank " + std::to_string(rank));
  for (int64_t p : perm) {
    if (p < 0 || p >= rank || seen[p])
      return computeError("invalid permutation");
    seen[p] = true;
  }
  SmallVector<int64_t, 4> shape, steps;
  SmallVector<int64_t, 4> strides = getStrides(x.getShape());
  for (int64_t p : perm) {
    shape.push_back(x.getShape()[p]);
    steps.push_back(strides[p]);
  }
  llvm::Expected<ResultBuilder> r =
      startResult(env, x.getElementType(), shape, x.isSplat());
  if (!r)
    return r.takeError();
  if (r->splat)
    copyElement(x, 0, r->tensor, 0);
  else
    copyStridedView(x, 0, shape, steps, *r);
  return finishResult(std::move(*r));
}

llvm::Expected<HostTensor>
mlir::tfg::computeDotGeneral(const ComputeEnv &env, const HostTensor &lhs,
                             const HostTensor &rhs,
                             const DotDimensionNumbers &dims) {
  int64_t lr = lhs.getRank(), rr = rhs.getRank();
  auto valid = [](ArrayRef<int64_t> a, ArrayRef<int64_t> b, int64_t rank) {
    SmallVector<bool, 8> seen(rank, false);
    for (ArrayRef<int64_t> list : {a, b})
      for (int64_t d : list) {
        if (d < 0 || d >= rank || seen[d])
          return false;
        seen[d] = true;
      }
    return true;
  };
  if (!valid(dims.lhsBatchingDims, dims.lhsContractingDims, lr) ||
      !valid(dims.rhsBatchingDims, dims.rhsContractingDims, rr) ||
      dims.lhsBatchingDims.size() != dims.rhsBatchingDims.size() ||
      dims.lhsContractingDims.size() != dims.rhsContractingDims.size())
    return computeError("dot_general: invalid dimension numbers");
  for (auto [a, b] : llvm::zip(dims.lhsBatchingDims, dims.rhsBatchingDims))
    if (lhs.getShape()[a] != rhs.getShape()[b])
      return computeError("dot_general: batch dimensions differ");
  for (auto [a, b] :
       llvm::zip(dims.lhsContractingDims, dims.rhsContractingDims))
    if (lhs.getShape()[a] != rhs.getShape()[b])
      return computeError("dot_general: contracting dimensions differ");
  // lhs as [batch..., free..., contracted...], rhs as [batch...,
  // contracted..., free...].
  auto freeDims = [](int64_t rank, ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
    SmallVector<int64_t, 4> free;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
        free.push_back(d);
    return free;
  };
  SmallVector<int64_t, 4> lhsFree =
      freeDims(lr, dims.lhsBatchingDims, dims.lhsContractingDims);
  SmallVector<int64_t, 4> rhsFree =
      freeDims(rr, dims.rhsBatchingDims, dims.rhsContractingDims);
  SmallVector<int64_t, 4> lhsPerm(dims.lhsBatchingDims.begin(),
                                  dims.lhsBatchingDims.end());
  llvm::append_range(lhsPerm, lhsFree);
  llvm::append_range(lhsPerm, dims.lhsContractingDims);
  SmallVector<int64_t, 4> rhsPerm(dims.rhsBatchingDims.begin(),
                                  dims.rhsBatchingDims.end());
  llvm::append_range(rhsPerm, dims.rhsContractingDims);
  llvm::append_range(rhsPerm, rhsFree);
  auto product = [](const HostTensor &t, ArrayRef<int64_t> ds) {
    int64_t n = 1;
    for (int64_t d : ds)
      n *= t.getShape()[d];
    return n;
  };
  int64_t batch = product(lhs, dims.lhsBatchingDims);
  int64_t m = product(lhs, lhsFree), n = product(rhs, rhsFree);
  int64_t k = product(lhs, dims.lhsContractingDims);
  llvm::Expected<HostTensor> a = computeTranspose(env, lhs, lhsPerm);
  if (!a)
    return a.takeError();
  llvm::Expected<HostTensor> b = computeTranspose(env, rhs, rhsPerm);
  if (!b)
    return b.takeError();
  // Reshape to [batch, m, k] and [batch, k, n]: row-major storage is kept.
  auto reshape = [&](HostTensor &t,
                     ArrayRef<int64_t> shape) -> llvm::Expected<HostTensor> {
    if (llvm::Error e = t.expandSplat())
      return e;
    llvm::Expected<HostTensor> out =
        HostTensor::create(t.getElementType(), shape);
    if (!out)
      return out.takeError();
    llvm::copy(t.getRawData(), out->getMutableRawData().begin());
    return out;
  };
  llvm::Expected<HostTensor> a3 = reshape(*a, {batch, m, k});
  if (!a3)
    return a3.takeError();
  llvm::Expected<HostTensor> b3 = reshape(*b, {batch, k, n});
  if (!b3)
    return b3.takeError();
  MatMulOptions options;
  options.batched = true;
  options.broadcastBatch = false;
  llvm::Expected<HostTensor> c = computeMatMul(env, *a3, *b3, options);
  if (!c)
    return c.takeError();
  SmallVector<int64_t, 4> shape;
  for (int64_t d : dims.lhsBatchingDims)
    shape.push_back(lhs.getShape()[d]);
  for (int64_t d : lhsFree)
    shape.push_back(lhs.getShape()[d]);
  for (int64_t d : rhsFree)
    shape.push_back(rhs.getShape()[d]);
  return reshape(*c, shape);
}

template llvm::Expected<HostTensor>
mlir::tfg::computeMatMul<float>(const ComputeEnv &, const HostTensor &,
                                const HostTensor &, const MatMulOptions &,
                                const Epilogue<float> &);
template llvm::Expected<HostTensor>
mlir::tfg::computeMatMul<double>(const ComputeEnv &, const HostTensor &,
                                 const HostTensor &, const MatMulOptions &,
                                 const Epilogue<double> &);
