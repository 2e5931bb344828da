//===- DepthwiseUkernel.cpp - Depthwise convolutions to one kernel call ---===//
//
// Part of tfg-linalg-to-ukernels: a float32 linalg.depthwise_conv_2d_nhwc_hwcm
// on buffers (static, row-major filter and output) becomes a call of
// tfg_rt_depthwise_f32 (tfg/Codegen/Runtime.h). Three things around it fold
// into the call (docs/Codegen.md, "Micro-kernels"):
// - the zero fill of its output right before it (the kernel overwrites);
// - the elementwise epilogue after it, when its body is a chain of bias
//   adds (the bias indexed by the channel and multiplier), residual adds,
//   relu and min 6 (UkernelEpilogue.cpp);
// - the zero padding of its input: a buffer allocated, zero-filled and
//   given the input through a copy into a subview, read by nothing else;
//   the kernel reads the unpadded input and treats the border as zeros.
//
//===----------------------------------------------------------------------===//

#include "Ukernels.h"

#include "tfg/Codegen/Runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::ukernels;

namespace {
/// A zero-padded copy of the convolution's input that the kernel reads in
/// place: `source` sits at row `top`, column `left` of the padded buffer
/// of `height` x `width`; the ops to erase with it.
struct Padding {
  Value source;
  int64_t top = 0, left = 0, height = 0, width = 0;
  SmallVector<Operation *> erase; // in an order that erases users first
};

/// Whether `op` sets every element of `buffer` to zero: a linalg.fill of
/// 0, or a linalg.map without inputs yielding a zero constant.
bool zeroFills(Operation *op, Value buffer) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.getDpsInits()[0] == buffer &&
           matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
  auto map = dyn_cast<linalg::MapOp>(op);
  if (!map || !map.getInputs().empty() || map.getInit() != buffer)
    return false;
  auto yield = cast<linalg::YieldOp>(map.getMapper().front().getTerminator());
  return yield.getNumOperands() == 1 &&
         matchPattern(yield.getOperand(0), m_AnyZeroFloat());
}

/// The padding of `conv`'s input `padded`: an allocation in the
/// convolution's block whose users are one zero fill, one subview of unit
/// strides along H and W only that a memref.copy of a static row-major
/// buffer fills (fill, then copy, then the convolution), the convolution
/// and deallocations; nothing between the copy and the convolution
/// touches the source.
std::optional<Padding> matchPadding(linalg::DepthwiseConv2DNhwcHwcmOp conv,
                                    Value padded) {
  auto alloc = padded.getDefiningOp<memref::AllocOp>();
  Block *block = conv->getBlock();
  if (!alloc || alloc->getBlock() != block || !staticRowMajor(padded))
    return std::nullopt;
  Operation *fill = nullptr;
  memref::SubViewOp subview;
  SmallVector<Operation *> deallocs;
  for (Operation *user : padded.getUsers()) {
    if (user == conv.getOperation())
      continue;
    if (isa<memref::DeallocOp>(user)) {
      deallocs.push_back(user);
    } else if (auto s = dyn_cast<memref::SubViewOp>(user); s && !subview) {
      subview = s;
    } else if (!fill && zeroFills(user, padded)) {
      fill = user;
    } else {
      return std::nullopt;
    }
  }
  if (!fill || !subview || !subview->hasOneUse())
    return std::nullopt;
  auto copy = dyn_cast<memref::CopyOp>(*subview->getUsers().begin());
  if (!copy || copy.getTarget() != subview.getResult())
    return std::nullopt;
  Value source = copy.getSource();
  auto paddedType = cast<MemRefType>(padded.getType());
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  if (!sourceType || sourceType.getRank() != 4 ||
      !sourceType.hasStaticShape() ||
      sourceType.getElementType() != paddedType.getElementType() ||
      fill->getBlock() != block || copy->getBlock() != block ||
      subview->getBlock() != block || !fill->isBeforeInBlock(copy) ||
      !subview->isBeforeInBlock(copy) || !copy->isBeforeInBlock(conv) ||
      touchedBetween(source, copy, conv))
    return std::nullopt;
  // Its users are all known: the buffer is freed only after the
  // convolution.
  for (Operation *dealloc : deallocs)
    if (dealloc->getBlock() != block || !conv->isBeforeInBlock(dealloc))
      return std::nullopt;
  ArrayRef<int64_t> offsets = subview.getStaticOffsets();
  ArrayRef<int64_t> sizes = subview.getStaticSizes();
  ArrayRef<int64_t> strides = subview.getStaticStrides();
  ArrayRef<int64_t> full = paddedType.getShape();
  if (offsets.size() != 4 || sizes != sourceType.getShape() ||
      llvm::any_of(strides, [](int64_t s) { return s != 1; }) ||
      offsets[0] != 0 || offsets[3] != 0 || sizes[0] != full[0] ||
      sizes[3] != full[3] || ShapedType::isDynamic(offsets[1]) ||
      ShapedType::isDynamic(offsets[2]))
    return std::nullopt;
  Padding p;
  p.source = source;
  p.top = offsets[1];
  p.left = offsets[2];
  p.height = full[1];
  p.width = full[2];
  p.erase = {copy, subview, fill};
  p.erase.append(deallocs);
  p.erase.push_back(alloc);
  return p;
}
} // namespace

bool tfg::ukernels::rewriteDepthwise(ModuleOp module,
                                     linalg::DepthwiseConv2DNhwcHwcmOp conv,
                                     ArrayRef<int64_t> stridesAndDilations) {
  Value in = conv.getDpsInputs()[0], filter = conv.getDpsInputs()[1];
  Value acc = conv.getDpsInits()[0];
  if (!staticRowMajor(filter) || !staticRowMajor(acc))
    return false;
  std::optional<Padding> padding = matchPadding(conv, in);
  Value source = padding ? padding->source : in;
  auto inType = cast<MemRefType>(in.getType());
  int64_t pt = padding ? padding->top : 0, pl = padding ? padding->left : 0;
  int64_t ph = padding ? padding->height : inType.getDimSize(1);
  int64_t pw = padding ? padding->width : inType.getDimSize(2);
  if (ShapedType::isDynamic(ph) || ShapedType::isDynamic(pw))
    return false;
  KernelFold fold = matchFold(conv, acc, {in, source}, 2);
  Value out = fold.out;
  // The kernel writes `out` while it reads the source: never the same.
  if (rootOf(out) == rootOf(source))
    return false;

  OpBuilder b(conv);
  Location loc = conv.getLoc();
  prepareFold(b, fold, conv);
  Value bias = fold.bias, residual = fold.residual;
  // Unused descriptors (no bias, no residual) are views of the filter and
  // the output: the kernel does not read them.
  if (!bias)
    bias = memref::CollapseShapeOp::create(
        b, loc, filter, SmallVector<ReassociationIndices>{{0, 1, 2}, {3}});
  SmallVector<Value> operands = {source, filter, out, bias,
                                 residual ? residual : out};
  const int64_t ranks[] = {4, 4, 5, 2, 5};
  SmallVector<Value> args;
  for (auto [value, rank] : llvm::zip(operands, ranks))
    args.push_back(memref::CastOp::create(
        b, loc, dynamicF32(b.getContext(), rank), value));
  SmallVector<int64_t> ints(stridesAndDilations);
  ints.append({pt, pl, ph, pw, fold.word});
  for (int64_t v : ints)
    args.push_back(arith::ConstantIntOp::create(b, loc, v, 64));
  func::FuncOp callee =
      declareKernel(module, "tfg_rt_depthwise_f32", ranks, ints.size());
  func::CallOp::create(b, loc, callee, args);
  eraseFolded(fold, conv);
  if (padding)
    for (Operation *op : padding->erase)
      op->erase();
  return true;
}
