//===- MatMulKernels.cpp - MatMul, BatchMatMul and _FusedMatMul ----------===//
//
// MatMul (transpose_a, transpose_b), _FusedMatMul (MatMul then the fused
// epilogue, NNSupport.h) and BatchMatMul / BatchMatMulV2 / BatchMatMulV3
// (adj_x, adj_y; V1 wants equal batch dimensions, V2 and V3 broadcast them
// as NumPy does; V3's Ta, Tb and Tout must all be the operands' type).
// Adapters over computeMatMul (tfg/Eval/Compute/MatMul.h): floats use the
// packed GEMM in float (f16, bf16, f32) or double (f64); int32 and int64
// multiply with two's complement wrap-around, as TensorFlow's CPU kernels
// do.
//
//===----------------------------------------------------------------------===//

#include "NNSupport.h"

#include "tfg/Eval/Compute/MatMul.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class ProductKind { MatMul, FusedMatMul, BatchV1, BatchV2, BatchV3 };
} // namespace

template <typename T>
static LogicalResult floatProduct(EvalContext &ctx, const HostTensor &a,
                                  const HostTensor &b,
                                  const MatMulOptions &options, bool fused) {
  Epilogue<T> e;
  if (fused) {
    llvm::Expected<MatMulShape> p =
        getMatMulShape(a.getShape(), b.getShape(), options);
    if (!p)
      return failWith(ctx, p.takeError());
    FailureOr<Epilogue<T>> f =
        getFusedEpilogue<T>(ctx, 2, p->resultShape, p->n, false);
    if (failed(f))
      return failure();
    e = std::move(*f);
  }
  return setComputedResult(
      ctx, computeMatMul<T>(getComputeEnv(ctx), a, b, options, e));
}

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
  MatMulOptions options;
  options.batched = kind == ProductKind::BatchV1 ||
                    kind == ProductKind::BatchV2 ||
                    kind == ProductKind::BatchV3;
  options.broadcastBatch = kind != ProductKind::BatchV1;
  FailureOr<bool> transA =
      readBoolAttr(ctx, options.batched ? "adj_x" : "transpose_a", false);
  FailureOr<bool> transB =
      readBoolAttr(ctx, options.batched ? "adj_y" : "transpose_b", false);
  if (failed(transA) || failed(transB))
    return failure();
  options.transposeA = *transA;
  options.transposeB = *transB;
  bool fused = kind == ProductKind::FusedMatMul;
  switch (getComputeKind(type)) {
  case ComputeKind::Float:
    return floatProduct<float>(ctx, a, b, options, fused);
  case ComputeKind::Double:
    return floatProduct<double>(ctx, a, b, options, fused);
  case ComputeKind::None:
    break;
  }
  if (fused)
    return ctx.fail("matrix products take float, int32 or int64 tensors");
  return setComputedResult(ctx,
                           computeMatMul(getComputeEnv(ctx), a, b, options));
}

void mlir::tfg::addMatMulKernels(EvalKernelTable &table) {
  addKernels(table, {"MatMul"}, matMulKernel<ProductKind::MatMul>);
  addKernels(table, {"_FusedMatMul"}, matMulKernel<ProductKind::FusedMatMul>);
  addKernels(table, {"BatchMatMul"}, matMulKernel<ProductKind::BatchV1>);
  addKernels(table, {"BatchMatMulV2"}, matMulKernel<ProductKind::BatchV2>);
  addKernels(table, {"BatchMatMulV3"}, matMulKernel<ProductKind::BatchV3>);
}
