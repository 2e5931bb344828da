//===- PackedConvUkernel.cpp - Convolutions with filters packed now -------===//
//
// Part of tfg-linalg-to-ukernels: a float32 linalg.conv_2d_nhwc_hwcf on
// buffers whose filter is a constant memref.global becomes a call of
// tfg_rt_conv2d_packed_f32 (tfg/Codegen/Runtime.h) on a new constant global
// holding the filter already in the micro-kernel's panel layout, so that
// no call packs it again. The zero fill before the convolution folds into
// the call (the kernel overwrites its output), and so does the elementwise
// epilogue after it when its body is a chain of steps the kernel applies to
// each output tile: adding a bias vector, adding a residual tensor,
// maximumf with 0, minimumf with 6 (docs/Codegen.md, "Micro-kernels").
//
//===----------------------------------------------------------------------===//

#include "Ukernels.h"

#include "tfg/Codegen/Runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The buffer a value views (through view-like ops and casts).
Value rootOf(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether an op strictly between `begin` and `end` (same block, in that
/// order), or nested in one, has an operand that views `buffer`.
bool touchedBetween(Value buffer, Operation *begin, Operation *end) {
  Value root = rootOf(buffer);
  for (Operation *op = begin->getNextNode(); op && op != end;
       op = op->getNextNode()) {
    WalkResult result = op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (isa<MemRefType>(operand.getType()) && rootOf(operand) == root)
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return true;
  }
  return false;
}

/// Whether `v` is defined before `op` in its block (or is an argument of a
/// block that contains it).
bool availableBefore(Value v, Operation *op) {
  if (Operation *def = v.getDefiningOp())
    return def->getBlock() == op->getBlock() && def->isBeforeInBlock(op);
  return cast<BlockArgument>(v).getOwner()->findAncestorOpInBlock(*op);
}

bool staticRowMajor(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  return type && type.hasStaticShape() && type.getLayout().isIdentity();
}

/// The float32 values of the constant global that `filter` reads (static,
/// row-major, dense or dense_resource).
std::optional<std::vector<float>> constantValues(Value filter,
                                                 memref::GlobalOp &global) {
  auto get = filter.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return std::nullopt;
  global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  if (!global || !global.getConstant() || !staticRowMajor(filter) ||
      global.getType() != filter.getType())
    return std::nullopt;
  int64_t count = global.getType().getNumElements();
  std::vector<float> values(static_cast<size_t>(count));
  Attribute init = global.getInitialValueAttr();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(init)) {
    if (!dense.getElementType().isF32() || dense.getNumElements() != count)
      return std::nullopt;
    llvm::copy(dense.getValues<float>(), values.begin());
    return values;
  }
  if (auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(init)) {
    const AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != values.size() * sizeof(float))
      return std::nullopt;
    std::memcpy(values.data(), blob->getData().data(),
                values.size() * sizeof(float));
    return values;
  }
  return std::nullopt;
}

/// The global of `filter`'s packed form, created once per filter global.
memref::GlobalOp packedGlobal(ModuleOp module, memref::GlobalOp filter,
                              ArrayRef<float> values, int64_t k, int64_t f,
                              SmallVectorImpl<Operation *> &packedFilters) {
  std::string name = ("__tfg_packed_" + filter.getSymName()).str();
  if (auto existing = module.lookupSymbol<memref::GlobalOp>(name))
    return existing;
  int64_t columns = TFG_RT_PACKED_PANEL_COLUMNS;
  int64_t size = (f + columns - 1) / columns * k * columns;
  std::vector<float> packed(static_cast<size_t>(size));
  tfg_rt_pack_filter_f32(values.data(), k, f, packed.data());
  MLIRContext *context = module.getContext();
  auto f32 = Float32Type::get(context);
  ArrayRef<char> bytes(reinterpret_cast<const char *>(packed.data()),
                       packed.size() * sizeof(float));
  auto attr = DenseResourceElementsAttr::get(
      RankedTensorType::get({size}, f32), name,
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignof(float),
                                                    /*dataIsMutable=*/false));
  OpBuilder b(filter);
  b.setInsertionPointAfter(filter);
  auto global = memref::GlobalOp::create(
      b, filter.getLoc(), name, b.getStringAttr("private"),
      MemRefType::get({size}, f32), attr, /*constant=*/true,
      b.getI64IntegerAttr(64));
  packedFilters.push_back(filter);
  return global;
}

/// The steps of an epilogue body: a chain from the convolution's value
/// through addf with the bias or the residual, maximumf with 0, minimumf
/// with 6, yielded; empty when the body is something else.
std::optional<SmallVector<int64_t>> epilogueSteps(Block &body, Value conv,
                                                  Value bias, Value residual) {
  auto isConstant = [](Value v, double expected) {
    FloatAttr attr;
    return matchPattern(v, m_Constant(&attr)) &&
           attr.getValueAsDouble() == expected;
  };
  SmallVector<int64_t> steps;
  Value current = conv;
  for (Operation &op : body.without_terminator()) {
    if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
        steps.size() == 8)
      return std::nullopt;
    Value other = op.getOperand(0) == current   ? op.getOperand(1)
                  : op.getOperand(1) == current ? op.getOperand(0)
                                                : Value();
    if (!other || other == current)
      return std::nullopt;
    if (isa<arith::AddFOp>(op) && bias && other == bias)
      steps.push_back(TFG_RT_STEP_BIAS);
    else if (isa<arith::AddFOp>(op) && residual && other == residual)
      steps.push_back(TFG_RT_STEP_RESIDUAL);
    else if (isa<arith::MaximumFOp>(op) && isConstant(other, 0.0))
      steps.push_back(TFG_RT_STEP_RELU);
    else if (isa<arith::MinimumFOp>(op) && isConstant(other, 6.0))
      steps.push_back(TFG_RT_STEP_MIN6);
    else
      return std::nullopt;
    current = op.getResult(0);
  }
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1 || yield.getOperand(0) != current)
    return std::nullopt;
  return steps;
}

/// A fused epilogue: the generic, what the call writes and reads, and the
/// epilogue word; an allocation of the output to move before the
/// convolution.
struct Epilogue {
  linalg::GenericOp generic;
  Value out, bias, residual;
  int64_t word = TFG_RT_CONV_OVERWRITE;
  memref::AllocOp hoist;
};

/// A global read: the call reads it again where it runs.
bool isGlobal(Value v) { return v && v.getDefiningOp<memref::GetGlobalOp>(); }

/// The first generic after `conv` that reads `acc`, when it is an
/// epilogue the kernel can apply in its place: all parallel over the
/// output (identity maps), inputs `acc`, at most one bias vector (map to
/// d3) and one residual (identity), a body of steps, its output `acc`,
/// the residual or a buffer allocated before `conv`, and no op between
/// `conv` and it touching those buffers.
std::optional<Epilogue> matchEpilogue(linalg::Conv2DNhwcHwcfOp conv,
                                      Value acc) {
  Block *block = conv->getBlock();
  linalg::GenericOp generic;
  for (Operation *user : acc.getUsers())
    if (auto g = dyn_cast<linalg::GenericOp>(user);
        g && g->getBlock() == block && conv->isBeforeInBlock(g) &&
        (!generic || g->isBeforeInBlock(generic)))
      generic = g;
  if (!generic || !generic.hasPureBufferSemantics() ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != 4 ||
      generic.getNumParallelLoops() != 4)
    return std::nullopt;
  MLIRContext *context = conv.getContext();
  AffineMap lastDim = AffineMap::get(4, 0, getAffineDimExpr(3, context));
  Epilogue e;
  e.generic = generic;
  Value accArg, biasArg, residualArg;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    Value v = input->get();
    BlockArgument arg = generic.getMatchingBlockArgument(input);
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.getElementType().isF32())
      return std::nullopt;
    if (v == acc && map.isIdentity() && !accArg) {
      accArg = arg;
    } else if (type.getRank() == 1 && map == lastDim && !biasArg) {
      e.bias = v;
      biasArg = arg;
    } else if (v != acc && map.isIdentity() && type == acc.getType() &&
               !residualArg) {
      e.residual = v;
      residualArg = arg;
    } else {
      return std::nullopt;
    }
  }
  OpOperand *outOperand = generic.getDpsInitOperand(0);
  e.out = outOperand->get();
  if (!accArg || e.out.getType() != acc.getType() ||
      !generic.getMatchingIndexingMap(outOperand).isIdentity() ||
      !generic.getMatchingBlockArgument(outOperand).use_empty())
    return std::nullopt;
  std::optional<SmallVector<int64_t>> steps =
      epilogueSteps(generic.getRegion().front(), accArg, biasArg, residualArg);
  if (!steps)
    return std::nullopt;
  for (auto [i, step] : llvm::enumerate(*steps))
    e.word |= step << (4 * (i + 1));
  // Where the call writes: the convolution's buffer, the residual (the
  // kernel reads each tile's residual before it writes it) or a buffer
  // allocated before the convolution.
  if (e.out != acc && e.out != e.residual) {
    auto alloc = e.out.getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != block || alloc->getNumOperands() ||
        !alloc->isBeforeInBlock(generic))
      return std::nullopt;
    if (conv->isBeforeInBlock(alloc))
      e.hoist = alloc;
  }
  // The call runs at the convolution's place: what the generic reads and
  // writes must be ready there and not change until the generic; the
  // output is not the convolution's input (other tiles read it).
  Value input = conv.getDpsInputs()[0];
  for (Value v : {e.out, e.bias, e.residual})
    if (v && ((!isGlobal(v) && v != e.out && !availableBefore(v, conv)) ||
              touchedBetween(v, conv, generic)))
      return std::nullopt;
  if (rootOf(e.out) == rootOf(input) || touchedBetween(acc, conv, generic) ||
      (!e.hoist && !availableBefore(e.out, conv)))
    return std::nullopt;
  // Only deallocations may read the convolution's buffer after the
  // generic when the call writes elsewhere (nothing computes it then).
  if (e.out != acc)
    for (Operation *user : acc.getUsers())
      if (user != conv.getOperation() && user != generic.getOperation() &&
          !isa<linalg::FillOp, memref::DeallocOp>(user))
        return std::nullopt;
  return e;
}
} // namespace

bool tfg::ukernels::rewritePackedConv(
    ModuleOp module, linalg::Conv2DNhwcHwcfOp conv,
    ArrayRef<int64_t> stridesAndDilations,
    SmallVectorImpl<Operation *> &packedFilters) {
  Value in = conv.getDpsInputs()[0], filter = conv.getDpsInputs()[1];
  Value acc = conv.getDpsInits()[0];
  memref::GlobalOp filterGlobal;
  std::optional<std::vector<float>> values =
      constantValues(filter, filterGlobal);
  if (!values || !staticRowMajor(acc))
    return false;
  ArrayRef<int64_t> shape = cast<MemRefType>(filter.getType()).getShape();
  int64_t kh = shape[0], kw = shape[1], k = kh * kw * shape[2], f = shape[3];
  // The zero fill right before the convolution, when nothing else touches
  // the buffer in between: the kernel overwrites instead.
  Block *block = conv->getBlock();
  linalg::FillOp fill;
  for (Operation *user : acc.getUsers())
    if (auto candidate = dyn_cast<linalg::FillOp>(user);
        candidate && candidate->getBlock() == block &&
        candidate->isBeforeInBlock(conv) &&
        (!fill || fill->isBeforeInBlock(candidate)))
      fill = candidate;
  if (fill && (!matchPattern(fill.getInputs()[0], m_AnyZeroFloat()) ||
               fill.getDpsInits()[0] != acc || touchedBetween(acc, fill, conv)))
    fill = nullptr;
  std::optional<Epilogue> epilogue;
  if (fill)
    epilogue = matchEpilogue(conv, acc);
  Value out = epilogue ? epilogue->out : acc;
  Value bias = epilogue ? epilogue->bias : Value();
  Value residual = epilogue ? epilogue->residual : Value();
  int64_t word = epilogue ? epilogue->word
                 : fill   ? int64_t(TFG_RT_CONV_OVERWRITE)
                          : 0;

  memref::GlobalOp packed =
      packedGlobal(module, filterGlobal, *values, k, f, packedFilters);
  OpBuilder b(conv);
  Location loc = conv.getLoc();
  if (epilogue && epilogue->hoist)
    epilogue->hoist->moveBefore(conv);
  if (isGlobal(bias))
    bias = b.clone(*bias.getDefiningOp())->getResult(0);
  if (isGlobal(residual))
    residual = b.clone(*residual.getDefiningOp())->getResult(0);
  Value packedValue = memref::GetGlobalOp::create(b, loc, packed.getType(),
                                                  packed.getSymName());
  // Unused descriptors (no bias, no residual) repeat the packed filter and
  // the output: the kernel does not read them.
  SmallVector<Value> operands = {in, packedValue, out,
                                 bias ? bias : packedValue,
                                 residual ? residual : out};
  const int64_t ranks[] = {4, 1, 4, 1, 4};
  SmallVector<Value> args;
  for (auto [value, rank] : llvm::zip(operands, ranks))
    args.push_back(memref::CastOp::create(
        b, loc, dynamicF32(b.getContext(), rank), value));
  for (int64_t v : {kh, kw})
    args.push_back(arith::ConstantIntOp::create(b, loc, v, 64));
  for (int64_t v : stridesAndDilations)
    args.push_back(arith::ConstantIntOp::create(b, loc, v, 64));
  args.push_back(arith::ConstantIntOp::create(b, loc, word, 64));
  func::FuncOp callee =
      declareKernel(module, "tfg_rt_conv2d_packed_f32", {4, 1, 4, 1, 4}, 7);
  func::CallOp::create(b, loc, callee, args);
  if (epilogue)
    epilogue->generic->erase();
  conv->erase();
  if (fill)
    fill->erase();
  return true;
}
