//===- UkernelEpilogue.cpp - Epilogues that fold into kernel calls --------===//
//
// Part of tfg-linalg-to-ukernels, shared by the kernels that apply an
// elementwise epilogue to their output as they store it (packed
// convolutions, depthwise convolutions): the zero fill before a product
// and the chain epilogue after it (adding a bias vector, adding a
// residual tensor, maximumf with 0, minimumf with 6; docs/Codegen.md,
// "Micro-kernels"), with the checks that let the call run at the
// product's place.
//
//===----------------------------------------------------------------------===//

#include "Ukernels.h"

#include "tfg/Codegen/Runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::ukernels;

Value tfg::ukernels::rootOf(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

bool tfg::ukernels::touchedBetween(Value buffer, Operation *begin,
                                   Operation *end) {
  Value root = rootOf(buffer);
  for (Operation *op = begin->getNextNode(); op && op != end;
       op = op->getNextNode()) {
    // A view reads and writes nothing (what uses it is checked on its own).
    if (isa<ViewLikeOpInterface>(op) && op->getNumRegions() == 0)
      continue;
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

bool tfg::ukernels::availableBefore(Value v, Operation *op) {
  if (Operation *def = v.getDefiningOp())
    return def->getBlock() == op->getBlock() && def->isBeforeInBlock(op);
  return cast<BlockArgument>(v).getOwner()->findAncestorOpInBlock(*op);
}

bool tfg::ukernels::staticRowMajor(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  return type && type.hasStaticShape() && type.getLayout().isIdentity();
}

namespace {
/// The ops that define `v` from values available before `op`: a chain of
/// reshapes and casts, ending at such a value or a global read (included);
/// false when `v` is not available there that way.
bool viewChain(Value v, Operation *op, SmallVectorImpl<Operation *> &chain) {
  constexpr int kMaxChain = 8;
  for (int i = 0; i <= kMaxChain; ++i) {
    if (availableBefore(v, op))
      return true;
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    chain.push_back(def);
    if (isa<memref::GetGlobalOp>(def))
      return true;
    if (!isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp>(
            def))
      return false;
    v = def->getOperand(0);
  }
  return false;
}
} // namespace

bool tfg::ukernels::readableBefore(Value v, Operation *op) {
  SmallVector<Operation *> chain;
  return viewChain(v, op, chain);
}

Value tfg::ukernels::readBefore(OpBuilder &b, Value v, Operation *op) {
  SmallVector<Operation *> chain;
  if (!v || !viewChain(v, op, chain) || chain.empty())
    return v;
  IRMapping mapping;
  Operation *clone = nullptr;
  for (Operation *def : llvm::reverse(chain))
    clone = b.clone(*def, mapping);
  return clone->getResult(0);
}

linalg::FillOp tfg::ukernels::zeroFillBefore(Operation *product, Value acc) {
  Block *block = product->getBlock();
  linalg::FillOp fill;
  for (Operation *user : acc.getUsers())
    if (auto candidate = dyn_cast<linalg::FillOp>(user);
        candidate && candidate->getBlock() == block &&
        candidate->isBeforeInBlock(product) &&
        (!fill || fill->isBeforeInBlock(candidate)))
      fill = candidate;
  if (fill &&
      (!matchPattern(fill.getInputs()[0], m_AnyZeroFloat()) ||
       fill.getDpsInits()[0] != acc || touchedBetween(acc, fill, product)))
    return nullptr;
  return fill;
}

namespace {
/// The steps of an epilogue body: a chain from the product's value
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
} // namespace

std::optional<tfg::ukernels::FusedEpilogue>
tfg::ukernels::matchEpilogue(Operation *product, Value acc, ValueRange inputs,
                             unsigned biasDims) {
  using namespace tfg::ukernels;
  Block *block = product->getBlock();
  auto accType = dyn_cast<MemRefType>(acc.getType());
  if (!accType || accType.getRank() < static_cast<int64_t>(biasDims))
    return std::nullopt;
  unsigned rank = accType.getRank();
  linalg::GenericOp generic;
  for (Operation *user : acc.getUsers())
    if (auto g = dyn_cast<linalg::GenericOp>(user);
        g && g->getBlock() == block && product->isBeforeInBlock(g) &&
        (!generic || g->isBeforeInBlock(generic)))
      generic = g;
  if (!generic || !generic.hasPureBufferSemantics() ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != rank ||
      generic.getNumParallelLoops() != rank)
    return std::nullopt;
  MLIRContext *context = product->getContext();
  SmallVector<AffineExpr> biasExprs;
  for (unsigned d = rank - biasDims; d < rank; ++d)
    biasExprs.push_back(getAffineDimExpr(d, context));
  AffineMap biasMap = AffineMap::get(rank, 0, biasExprs, context);
  FusedEpilogue e;
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
    } else if (type.getRank() == biasDims && map == biasMap && !biasArg) {
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
  // Where the call writes: the product's buffer, the residual (the kernel
  // reads each residual value before it writes that element) or a buffer
  // allocated before the product.
  if (e.out != acc && e.out != e.residual) {
    auto alloc = e.out.getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != block || alloc->getNumOperands() ||
        !alloc->isBeforeInBlock(generic))
      return std::nullopt;
    if (product->isBeforeInBlock(alloc))
      e.hoist = alloc;
  }
  // The call runs at the product's place: what the generic reads and
  // writes must be ready there and not change until the generic; the
  // output is none of the product's inputs (other tiles read them).
  for (Value v : {e.out, e.bias, e.residual})
    if (v && ((v != e.out && !readableBefore(v, product)) ||
              touchedBetween(v, product, generic)))
      return std::nullopt;
  for (Value input : inputs)
    if (rootOf(e.out) == rootOf(input))
      return std::nullopt;
  if (touchedBetween(acc, product, generic) ||
      (!e.hoist && !availableBefore(e.out, product)))
    return std::nullopt;
  // Only deallocations may read the product's buffer after the generic
  // when the call writes elsewhere (nothing computes it then).
  if (e.out != acc)
    for (Operation *user : acc.getUsers())
      if (user != product && user != generic.getOperation() &&
          !isa<linalg::FillOp, memref::DeallocOp>(user))
        return std::nullopt;
  return e;
}

tfg::ukernels::KernelFold tfg::ukernels::matchFold(Operation *product,
                                                   Value acc, ValueRange inputs,
                                                   unsigned biasDims) {
  KernelFold fold;
  fold.out = acc;
  fold.fill = zeroFillBefore(product, acc);
  if (!fold.fill)
    return fold;
  fold.word = TFG_RT_CONV_OVERWRITE;
  fold.epilogue = matchEpilogue(product, acc, inputs, biasDims);
  if (fold.epilogue) {
    fold.out = fold.epilogue->out;
    fold.bias = fold.epilogue->bias;
    fold.residual = fold.epilogue->residual;
    fold.word = fold.epilogue->word;
  }
  return fold;
}

void tfg::ukernels::prepareFold(OpBuilder &b, KernelFold &fold,
                                Operation *product) {
  if (fold.epilogue && fold.epilogue->hoist)
    fold.epilogue->hoist->moveBefore(product);
  fold.bias = readBefore(b, fold.bias, product);
  fold.residual = readBefore(b, fold.residual, product);
}

void tfg::ukernels::eraseFolded(KernelFold &fold, Operation *product) {
  if (fold.epilogue)
    fold.epilogue->generic->erase();
  product->erase();
  if (fold.fill)
    fold.fill->erase();
}
