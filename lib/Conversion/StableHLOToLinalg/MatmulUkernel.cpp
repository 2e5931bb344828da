//===- MatmulUkernel.cpp - Matmuls with their fill and epilogue -----------===//
//
// Part of tfg-linalg-to-ukernels: a float32 linalg.matmul (default maps) on
// buffers with a static row-major output, zero-filled right before it,
// becomes a call of tfg_rt_matmul_epilogue_f32 (tfg/Codegen/Runtime.h)
// that overwrites the output instead; an elementwise epilogue after it
// whose body is a chain of bias adds (bias indexed by the column), residual
// adds, relu and min 6 folds into the call too (UkernelEpilogue.cpp).
//
//===----------------------------------------------------------------------===//

#include "Ukernels.h"

#include "tfg/Codegen/Runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::ukernels;

bool tfg::ukernels::rewriteMatmul(ModuleOp module, linalg::MatmulOp matmul) {
  Value a = matmul.getDpsInputs()[0], b = matmul.getDpsInputs()[1];
  Value acc = matmul.getDpsInits()[0];
  if (!staticRowMajor(acc))
    return false;
  KernelFold fold = matchFold(matmul, acc, {a, b}, 1);
  if (!fold.fill)
    return false;
  Value out = fold.out;
  // The kernel writes `out` while it reads the operands: never the same.
  if (rootOf(out) == rootOf(a) || rootOf(out) == rootOf(b))
    return false;

  OpBuilder builder(matmul);
  Location loc = matmul.getLoc();
  prepareFold(builder, fold, matmul);
  Value bias = fold.bias, residual = fold.residual;
  // Unused descriptors (no bias, no residual) are views of the output:
  // the kernel does not read them.
  if (!bias)
    bias = memref::CollapseShapeOp::create(
        builder, loc, out, SmallVector<ReassociationIndices>{{0, 1}});
  SmallVector<Value> operands = {a, b, out, bias, residual ? residual : out};
  const int64_t ranks[] = {2, 2, 2, 1, 2};
  SmallVector<Value> args;
  for (auto [value, rank] : llvm::zip(operands, ranks))
    args.push_back(memref::CastOp::create(
        builder, loc, dynamicF32(builder.getContext(), rank), value));
  args.push_back(arith::ConstantIntOp::create(builder, loc, fold.word, 64));
  func::FuncOp callee =
      declareKernel(module, "tfg_rt_matmul_epilogue_f32", ranks, 1);
  func::CallOp::create(builder, loc, callee, args);
  eraseFolded(fold, matmul);
  return true;
}
