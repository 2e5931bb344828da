//===- LinalgToUkernels.cpp - linalg products to runtime micro-kernels ----===//
//
// tfg-linalg-to-ukernels: on buffers, float32 matmuls and convolutions
// become calls of the C functions of tfg/Codegen/Runtime.h, which run them
// on the project's packed GEMM (docs/Codegen.md, "Micro-kernels"). Operands
// are cast to fully dynamic strided memrefs, so one declaration per kernel
// takes every shape and layout; `llvm.emit_c_interface` makes the LLVM
// lowering pass them as pointers to memref descriptors
// (`_mlir_ciface_tfg_rt_*`).
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_LINALGTOUKERNELSPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {
/// memref<?x...xf32, strided<[?, ...], offset: ?>> of rank `rank`.
MemRefType dynamicF32(MLIRContext *context, int64_t rank) {
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  SmallVector<int64_t> strides(rank, ShapedType::kDynamic);
  auto layout = StridedLayoutAttr::get(context, ShapedType::kDynamic, strides);
  return MemRefType::get(shape, Float32Type::get(context), layout);
}

/// Whether every operand of `op` is a float32 memref of the given ranks.
bool f32Buffers(linalg::LinalgOp op, ArrayRef<int64_t> ranks) {
  if (!op.hasPureBufferSemantics() || op->getNumOperands() != ranks.size())
    return false;
  for (auto [value, rank] : llvm::zip(op->getOperands(), ranks)) {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type || !type.getElementType().isF32() || type.getRank() != rank)
      return false;
  }
  return true;
}

/// The two values of a 2-element i64 attribute (strides, dilations).
bool pair(DenseIntElementsAttr attr, int64_t &a, int64_t &b) {
  if (!attr || attr.getNumElements() != 2)
    return false;
  auto values = llvm::to_vector(attr.getValues<int64_t>());
  a = values[0];
  b = values[1];
  return a > 0 && b > 0;
}

struct LinalgToUkernelsPass
    : public tfg::impl::LinalgToUkernelsPassBase<LinalgToUkernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<linalg::LinalgOp> ops;
    module.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    for (linalg::LinalgOp op : ops)
      rewrite(module, op);
  }

  /// The private declaration of kernel `name` taking `ranks` memrefs and
  /// `ints` i64 values.
  func::FuncOp declare(ModuleOp module, StringRef name, ArrayRef<int64_t> ranks,
                       unsigned ints) {
    if (auto f = module.lookupSymbol<func::FuncOp>(name))
      return f;
    MLIRContext *context = module.getContext();
    SmallVector<Type> inputs;
    for (int64_t rank : ranks)
      inputs.push_back(dynamicF32(context, rank));
    inputs.append(ints, IntegerType::get(context, 64));
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    auto f = func::FuncOp::create(b, module.getLoc(), name,
                                  FunctionType::get(context, inputs, {}));
    f.setPrivate();
    f->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
               UnitAttr::get(context));
    return f;
  }

  void call(ModuleOp module, linalg::LinalgOp op, StringRef name,
            ArrayRef<int64_t> ranks, ArrayRef<int64_t> ints) {
    func::FuncOp f = declare(module, name, ranks, ints.size());
    OpBuilder b(op);
    Location loc = op.getLoc();
    SmallVector<Value> args;
    for (auto [value, rank] : llvm::zip(op->getOperands(), ranks))
      args.push_back(memref::CastOp::create(
          b, loc, dynamicF32(b.getContext(), rank), value));
    for (int64_t v : ints)
      args.push_back(arith::ConstantIntOp::create(b, loc, v, 64));
    func::CallOp::create(b, loc, f, args);
    op->erase();
  }

  void rewrite(ModuleOp module, linalg::LinalgOp op) {
    MLIRContext *context = module.getContext();
    if (auto mm = dyn_cast<linalg::MatmulOp>(op.getOperation())) {
      if (f32Buffers(op, {2, 2, 2}) &&
          mm.getIndexingMapsArray() ==
              linalg::MatmulOp::getDefaultIndexingMaps(context))
        call(module, op, "tfg_rt_matmul_f32", {2, 2, 2}, {});
      return;
    }
    if (auto bmm = dyn_cast<linalg::BatchMatmulOp>(op.getOperation())) {
      if (f32Buffers(op, {3, 3, 3}) &&
          bmm.getIndexingMapsArray() ==
              linalg::BatchMatmulOp::getDefaultIndexingMaps(context))
        call(module, op, "tfg_rt_batch_matmul_f32", {3, 3, 3}, {});
      return;
    }
    int64_t sh, sw, dh, dw;
    if (auto conv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(op.getOperation())) {
      if (f32Buffers(op, {4, 4, 4}) && pair(conv.getStrides(), sh, sw) &&
          pair(conv.getDilations(), dh, dw))
        call(module, op, "tfg_rt_conv2d_nhwc_hwcf_f32", {4, 4, 4},
             {sh, sw, dh, dw});
      return;
    }
    if (auto conv =
            dyn_cast<linalg::DepthwiseConv2DNhwcHwcmOp>(op.getOperation())) {
      if (f32Buffers(op, {4, 4, 5}) && pair(conv.getStrides(), sh, sw) &&
          pair(conv.getDilations(), dh, dw))
        call(module, op, "tfg_rt_depthwise_conv2d_nhwc_hwcm_f32", {4, 4, 5},
             {sh, sw, dh, dw});
      return;
    }
  }
};
} // namespace
