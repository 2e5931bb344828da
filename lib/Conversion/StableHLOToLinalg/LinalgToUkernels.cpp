//===- LinalgToUkernels.cpp - linalg products to runtime micro-kernels ----===//
//
// tfg-linalg-to-ukernels: on buffers, float32 matmuls and convolutions
// become calls of the C functions of tfg/Codegen/Runtime.h, which run them
// on the project's packed GEMM (docs/Codegen.md, "Micro-kernels"). Operands
// are cast to fully dynamic strided memrefs, so one declaration per kernel
// takes every shape and layout; `llvm.emit_c_interface` makes the LLVM
// lowering pass them as pointers to memref descriptors
// (`_mlir_ciface_tfg_rt_*`). A convolution whose result only goes through
// a bias add and relu/relu6 calls the fused kernel instead, which applies
// them to each output tile (the epilogue generic and the zero fill go).
// Depthwise convolutions call tfg_rt_depthwise_f32 with their zero fill,
// epilogue and input padding folded in (DepthwiseUkernel.cpp); a matmul
// whose output is zero-filled before it calls tfg_rt_matmul_epilogue_f32
// with the fill and a chain epilogue folded in (MatmulUkernel.cpp).
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"

#include "Ukernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_LINALGTOUKERNELSPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

// The activation codes of tfg/Codegen/Runtime.h (TFG_RT_ACTIVATION_*; the
// header is the runtime's, not included here).
static constexpr int64_t TFG_RT_ACTIVATION_NONE_VALUE = 0;
static constexpr int64_t TFG_RT_ACTIVATION_RELU_VALUE = 1;
static constexpr int64_t TFG_RT_ACTIVATION_RELU6_VALUE = 2;

MemRefType tfg::ukernels::dynamicF32(MLIRContext *context, int64_t rank) {
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  SmallVector<int64_t> strides(rank, ShapedType::kDynamic);
  auto layout = StridedLayoutAttr::get(context, ShapedType::kDynamic, strides);
  return MemRefType::get(shape, Float32Type::get(context), layout);
}

func::FuncOp tfg::ukernels::declareKernel(ModuleOp module, StringRef name,
                                          ArrayRef<int64_t> ranks,
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

namespace {
using tfg::ukernels::dynamicF32;

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

/// The activation of an epilogue body `add(conv, bias)`, then optionally
/// `maximumf(., 0)` and `minimumf(., 6)` (either operand order); -1 when
/// the body is something else. `convArg`/`biasArg` are the block
/// arguments of the convolution's output and of the bias.
int64_t epilogueActivation(Block &body, Value convArg, Value biasArg) {
  auto isConstant = [](Value v, double expected) {
    FloatAttr attr;
    return matchPattern(v, m_Constant(&attr)) &&
           attr.getValueAsDouble() == expected;
  };
  // The other operand of a binary op whose operands are `v` and a constant.
  auto withConstant = [&](Operation *op, Value v, double constant) {
    return op->getNumOperands() == 2 &&
           ((op->getOperand(0) == v &&
             isConstant(op->getOperand(1), constant)) ||
            (op->getOperand(1) == v &&
             isConstant(op->getOperand(0), constant)));
  };
  auto ops = llvm::map_to_vector(body.without_terminator(),
                                 [](Operation &op) { return &op; });
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (ops.empty() || ops.size() > 3 || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != ops.back()->getResult(0))
    return -1;
  auto add = dyn_cast<arith::AddFOp>(ops[0]);
  if (!add || !((add.getLhs() == convArg && add.getRhs() == biasArg) ||
                (add.getLhs() == biasArg && add.getRhs() == convArg)))
    return -1;
  if (ops.size() == 1)
    return TFG_RT_ACTIVATION_NONE_VALUE;
  auto max = dyn_cast<arith::MaximumFOp>(ops[1]);
  if (!max || !withConstant(max, add, 0.0))
    return -1;
  if (ops.size() == 2)
    return TFG_RT_ACTIVATION_RELU_VALUE;
  auto min = dyn_cast<arith::MinimumFOp>(ops[2]);
  if (!min || !withConstant(min, max, 6.0))
    return -1;
  return TFG_RT_ACTIVATION_RELU6_VALUE;
}

struct LinalgToUkernelsPass
    : public tfg::impl::LinalgToUkernelsPassBase<LinalgToUkernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<linalg::LinalgOp> ops;
    // Only the ops that become calls: fusing an epilogue erases the fill
    // and generic around a convolution.
    module.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp, linalg::Conv2DNhwcHwcfOp,
              linalg::DepthwiseConv2DNhwcHwcmOp>(op.getOperation()))
        ops.push_back(op);
    });
    for (linalg::LinalgOp op : ops)
      rewrite(module, op);
    eraseUnusedFilters(module);
  }

  /// The constant filters that were packed, once nothing reads them.
  void eraseUnusedFilters(ModuleOp module) {
    if (packedFilters.empty())
      return;
    llvm::StringSet<> used;
    module.walk([&](memref::GetGlobalOp get) {
      if (get->use_empty())
        get->erase();
      else
        used.insert(get.getName());
    });
    for (Operation *op : packedFilters) {
      auto global = cast<memref::GlobalOp>(op);
      if (!used.contains(global.getSymName()))
        global->erase();
    }
    packedFilters.clear();
  }

  SmallVector<Operation *> packedFilters;

  func::FuncOp declare(ModuleOp module, StringRef name, ArrayRef<int64_t> ranks,
                       unsigned ints) {
    return tfg::ukernels::declareKernel(module, name, ranks, ints);
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

  /// A convolution whose output buffer is zero-filled before it and then
  /// read by an elementwise linalg.generic that adds a bias vector (map
  /// (d0, d1, d2, d3) -> (d3)) and applies relu or relu6, in place or into
  /// a buffer of its own, becomes one call that writes the generic's
  /// output (tfg_rt_conv2d_nhwc_hwcf_bias_act_f32) at the convolution's
  /// place; the fill and the generic go. Only when nothing else touches
  /// either buffer between the fill (or the convolution) and the generic.
  bool fuseEpilogue(ModuleOp module, linalg::Conv2DNhwcHwcfOp conv,
                    ArrayRef<int64_t> ints) {
    Value acc = conv.getDpsInits()[0];
    Block *block = conv->getBlock();
    if (!acc.getDefiningOp<memref::AllocOp>())
      return false;
    // The zero fill before the convolution and the first generic after it
    // that reads the buffer.
    linalg::FillOp fill;
    linalg::GenericOp generic;
    for (Operation *user : acc.getUsers()) {
      if (auto f = dyn_cast<linalg::FillOp>(user);
          f && f->getBlock() == block && f->isBeforeInBlock(conv) &&
          (!fill || fill->isBeforeInBlock(f)))
        fill = f;
      if (auto g = dyn_cast<linalg::GenericOp>(user);
          g && g->getBlock() == block && conv->isBeforeInBlock(g) &&
          (!generic || g->isBeforeInBlock(generic)))
        generic = g;
    }
    if (!fill || !generic ||
        !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
      return false;
    // Nothing else touches the buffer between the fill and the generic.
    for (Operation *user : acc.getUsers())
      if (user != fill.getOperation() && user != conv.getOperation() &&
          user != generic.getOperation() &&
          (user->getBlock() != block || !generic->isBeforeInBlock(user)))
        return false;
    // The generic: all parallel, inputs (acc, bias), one output.
    if (!generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 2 ||
        generic.getNumDpsInits() != 1 ||
        generic.getNumParallelLoops() != generic.getNumLoops() ||
        generic.getNumLoops() != 4)
      return false;
    OpOperand *accIn = generic.getDpsInputOperand(0);
    OpOperand *biasIn = generic.getDpsInputOperand(1);
    if (accIn->get() != acc)
      std::swap(accIn, biasIn);
    OpOperand *outOperand = generic.getDpsInitOperand(0);
    Value out = outOperand->get(), bias = biasIn->get();
    auto biasType = dyn_cast<MemRefType>(bias.getType());
    auto outType = dyn_cast<MemRefType>(out.getType());
    MLIRContext *context = module.getContext();
    if (accIn->get() != acc || !biasType || biasType.getRank() != 1 ||
        !biasType.getElementType().isF32() || !outType ||
        outType != cast<MemRefType>(acc.getType()) ||
        !generic.getMatchingIndexingMap(accIn).isIdentity() ||
        !generic.getMatchingIndexingMap(outOperand).isIdentity() ||
        generic.getMatchingIndexingMap(biasIn) !=
            AffineMap::get(4, 0, getAffineDimExpr(3, context)))
      return false;
    Block &body = generic.getRegion().front();
    int64_t act =
        epilogueActivation(body, generic.getMatchingBlockArgument(accIn),
                           generic.getMatchingBlockArgument(biasIn));
    if (act < 0)
      return false;
    // The output buffer: the convolution's own (the generic in place), or
    // allocated before the convolution and used after the generic only. In
    // the second case the fused call leaves the convolution's buffer
    // unwritten: nothing but its deallocation may follow.
    if (out != acc) {
      for (Operation *user : acc.getUsers())
        if (user != fill.getOperation() && user != conv.getOperation() &&
            user != generic.getOperation() && !isa<memref::DeallocOp>(user))
          return false;
      auto alloc = out.getDefiningOp<memref::AllocOp>();
      if (!alloc || alloc->getBlock() != block || !alloc->isBeforeInBlock(conv))
        return false;
      for (Operation *user : out.getUsers())
        if (user != generic.getOperation() &&
            (user->getBlock() != block || !generic->isBeforeInBlock(user)))
          return false;
    }
    if (Operation *def = bias.getDefiningOp())
      if (def->getBlock() != block || !def->isBeforeInBlock(conv))
        return false;
    func::FuncOp f = declare(module, "tfg_rt_conv2d_nhwc_hwcf_bias_act_f32",
                             {4, 4, 4, 1}, 5);
    OpBuilder b(conv);
    Location loc = conv.getLoc();
    SmallVector<Value> operands = {conv.getDpsInputs()[0],
                                   conv.getDpsInputs()[1], out, bias};
    const int64_t ranks[] = {4, 4, 4, 1};
    SmallVector<Value> args;
    for (auto [value, rank] : llvm::zip(operands, ranks))
      args.push_back(
          memref::CastOp::create(b, loc, dynamicF32(context, rank), value));
    for (int64_t v : ints)
      args.push_back(arith::ConstantIntOp::create(b, loc, v, 64));
    args.push_back(arith::ConstantIntOp::create(b, loc, act, 64));
    func::CallOp::create(b, loc, f, args);
    generic->erase();
    conv->erase();
    fill->erase();
    return true;
  }

  void rewrite(ModuleOp module, linalg::LinalgOp op) {
    MLIRContext *context = module.getContext();
    if (auto mm = dyn_cast<linalg::MatmulOp>(op.getOperation())) {
      if (f32Buffers(op, {2, 2, 2}) &&
          mm.getIndexingMapsArray() ==
              linalg::MatmulOp::getDefaultIndexingMaps(context) &&
          !tfg::ukernels::rewriteMatmul(module, mm))
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
          pair(conv.getDilations(), dh, dw) &&
          !tfg::ukernels::rewritePackedConv(module, conv, {sh, sw, dh, dw},
                                            packedFilters) &&
          !fuseEpilogue(module, conv, {sh, sw, dh, dw}))
        call(module, op, "tfg_rt_conv2d_nhwc_hwcf_f32", {4, 4, 4},
             {sh, sw, dh, dw});
      return;
    }
    if (auto conv =
            dyn_cast<linalg::DepthwiseConv2DNhwcHwcmOp>(op.getOperation())) {
      if (f32Buffers(op, {4, 4, 5}) && pair(conv.getStrides(), sh, sw) &&
          pair(conv.getDilations(), dh, dw) &&
          !tfg::ukernels::rewriteDepthwise(module, conv, {sh, sw, dh, dw}))
        call(module, op, "tfg_rt_depthwise_conv2d_nhwc_hwcm_f32", {4, 4, 5},
             {sh, sw, dh, dw});
      return;
    }
  }
};
} // namespace
